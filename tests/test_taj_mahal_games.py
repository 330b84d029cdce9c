"""Whole random games of Taj Mahal: 60 of 3, 4 and 5 players end with a winner, no crash,
and every card accounted for (the bench runs 10,000: bench/taj_mahal_engine.py); 4 of each
player count keep every invariant at every step (`CHAUPAL_WHOLE_GAMES=N .venv/bin/python -m
pytest tests/test_taj_mahal_games.py`: N more)."""

from __future__ import annotations

from collections import Counter

import pytest
from taj_helpers import CARDS, random_game

from bot.product import variable
from rules.taj_mahal import GAME, State
from rules.taj_mahal.state import VISITS

GAMES = 60  # of 3, 4 and 5 players alike
CHECKED_GAMES = 4 + int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")  # of each, every step


def _cards_everywhere(s: State) -> Counter[int]:
    c = Counter(s.deck) + Counter(s.discard) + Counter(s.supply)
    for h in s.hands:
        c += Counter(h)
    for p in s.played:
        c += Counter(k for k in p if CARDS.kinds[k].effect is None)
    return c


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_end_with_a_winner_and_keep_every_card(players: int) -> None:
    for seed in range(GAMES // 3):
        s, log = random_game(players, 1000 * players + seed)
        result = GAME.result(s)
        assert result is not None and result.winners
        assert max(s.scores) == result.scores[result.winners[0]]
        assert s.visit == VISITS - 1 and s.phase == "over"
        assert _cards_everywhere(s) == Counter(CARDS.deck)
        assert sum(1 for a in log if a.kind == "supply") == VISITS - 1  # the 12th visit too


def _invariants(s: State) -> None:
    assert _cards_everywhere(s) == Counter(CARDS.deck)  # no card made or lost
    for k in range(4):  # 6 influence tiles of each kind: court + held <= 6
        assert sum(h[k] for h in s.influence) + (1 if s.court[k] else 0) <= 6
    assert all(c in (-1, *range(len(s.seats))) for c in s.special_holder)
    if s.province_order and s.phase in ("turn", "place", "take", "draw"):
        board = s.board
        here = set(board.cities_of[s.province])
        later = {c for i in range(s.visit + 1, 12) for c in board.cities_of[s.province_order[i]]}
        assert all(s.palace[c] == -1 and s.crown_palace[c] == -1 for c in later)
        assert s.crown_city == -1 or s.crown_city in here
        assert sum(1 for c in here if s.palace[c] != -1) <= 4 - s.court.count(True)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_the_invariants_at_every_step(players: int) -> None:
    import random

    from rules.taj_mahal import SEATS, TajOptions

    for seed in range(CHECKED_GAMES):
        rng = random.Random(seed)
        s = GAME.new_game(TajOptions(), SEATS[:players])
        while GAME.result(s) is None:
            a = GAME.deal(s, rng.randrange) if GAME.chance(s) else rng.choice(GAME.legal_actions(s))
            s = GAME.apply(s, a)
            _invariants(s)
