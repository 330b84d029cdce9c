"""Taj Mahal's AI seats: the greedy level beats random players from every seat, and an AI
decides from its own seat's view only (bench/taj_mahal_arena.py measures more games)."""

from __future__ import annotations

import random

import pytest
from taj_helpers import seeded_game, started

from ai.budget import Budget
from ai.taj_mahal import LEVELS, choose, greedy, hard
from rules.capabilities import notation_of
from rules.taj_mahal import GAME, State, TajOptions, Withdraw
from rules.taj_mahal.components import standard_cards

# The goal (greedy wins at least 90 % from every seat) is measured by bench/taj_mahal_arena.py
# (200 games a seat, with intervals: 97.8 % in all, the weakest seat 94 %); the suite plays a
# fixed sample of 5 a seat and asks for 4, a floor no seat near the goal misses by chance (a
# seat winning 90 % reaches it 92 % of the time, one winning 94 % 97 %).
GAMES_PER_SEAT = 5
FLOOR = 4
NORMAL_KINDS = [k for k, kind in enumerate(standard_cards().kinds) if kind.effect is None]
QUICK = Budget(iterations=3)  # `hard` searches 3 determinizations a step here
# One determinization, dealt from the view, played out: enough to tell whether anything
# hidden reached the search, where the whole search (every step's value) is compared.
ONE_FUTURE = Budget(iterations=1)


def _game(players: int, levels: dict[str, str], seed: int) -> State:
    return seeded_game(
        players, seed, lambda s, seat, r: choose(levels[seat], GAME.view(s, seat), r)
    )


@pytest.mark.parametrize(("players", "seat"), [(p, i) for p in (3, 4, 5) for i in range(p)])
def test_greedy_beats_random_from_every_seat(players: int, seat: int) -> None:
    seats = GAME.info.seats_for(players)
    levels = {s: ("greedy" if i == seat else "random") for i, s in enumerate(seats)}
    wins = 0
    for g in range(GAMES_PER_SEAT):
        result = GAME.result(_game(players, levels, 500 + g))
        assert result is not None
        wins += seats[seat] in result.winners
    assert wins >= FLOOR, f"{wins} of {GAMES_PER_SEAT}"


@pytest.mark.parametrize("level", LEVELS)
def test_an_ai_decides_from_its_own_view_only(level: str) -> None:
    """Whatever the other seats hold and the deck holds, an AI takes the same step."""
    rng = random.Random(7)
    dealer = random.Random(7)
    s = GAME.new_game(TajOptions(), GAME.info.seats_for(4))
    checked = 0
    while GAME.result(s) is None:
        seat = GAME.to_move(s)
        if seat is None:
            s = GAME.apply(s, GAME.deal(s, dealer.randrange))
            continue
        other = s.clone()
        other.hands = tuple(
            h if name == seat else tuple(sorted(rng.choice(NORMAL_KINDS) for _ in h))
            for name, h in zip(s.seats, s.hands, strict=True)
        )
        other.deck = tuple(sorted(rng.choice(NORMAL_KINDS) for _ in s.deck))
        if level == "hard":  # its whole search: the step, and what every future was worth
            found = hard.decide(GAME.view(s, seat), random.Random(checked), ONE_FUTURE)
            again = hard.decide(GAME.view(other, seat), random.Random(checked), ONE_FUTURE)
            assert again == found
            a = found.best
        else:
            a = choose(level, GAME.view(s, seat), random.Random(checked), QUICK)
            assert choose(level, GAME.view(other, seat), random.Random(checked), QUICK) == a
        assert a in GAME.legal_actions(s)
        s = GAME.apply(s, a)
        checked += 1
    assert checked > 100


def test_an_ai_refuses_the_public_view_and_unknown_levels() -> None:
    s = GAME.new_game(TajOptions(), GAME.info.seats_for(3))
    s = GAME.apply(s, GAME.deal(s, random.Random(1).randrange))
    with pytest.raises(ValueError, match="seat to move"):
        choose("greedy", GAME.view(s, None), random.Random(1))
    with pytest.raises(ValueError, match="levels are random, greedy"):
        choose("genius", GAME.view(s, GAME.to_move(s)), random.Random(1))


def test_a_hint_is_a_step_the_seat_may_send_as_written() -> None:
    s = GAME.new_game(TajOptions(), GAME.info.seats_for(3))
    dealer = random.Random(2)
    for _ in range(60):
        seat = GAME.to_move(s)
        if seat is None:
            s = GAME.apply(s, GAME.deal(s, dealer.randrange))
            continue
        v = GAME.view(s, seat)
        order = hard.advise(v, seat, random.Random(0), Budget(iterations=3)).order
        (a,) = notation_of(GAME).parse(v, order, seat)
        s = GAME.apply(s, a)


def _alone_with_a_play_that_wins_nothing_more() -> State:
    """The first position of random games where the seat to move is alone in its visit and
    may play cards whose symbols win nothing withdrawing now would not."""
    for seed in range(40):
        rng = random.Random(seed)
        s = started(3, seed)
        while GAME.result(s) is None:
            if GAME.chance(s) is not None:
                s = GAME.apply(s, GAME.deal(s, rng.randrange))
                continue
            legal = GAME.legal_actions(s)
            if any(greedy.wins_nothing_more(s, s.turn, a) for a in legal):
                return s
            s = GAME.apply(s, rng.choice(legal))
    raise AssertionError("no such position in 40 random games")


def test_hard_alone_in_a_visit_never_plays_cards_that_win_nothing_more() -> None:
    """A trial saw `hard`, last in a visit, play cards that won it nothing: withdrawing now
    wins the same and keeps them. Such a play wins the same court tiles, crown and province
    tile as withdrawing now (the engine's own withdrawal), and the search never weighs it."""
    s = _alone_with_a_play_that_wins_nothing_more()
    w = s.turn
    dominated = [a for a in GAME.legal_actions(s) if greedy.wins_nothing_more(s, w, a)]
    now = GAME.apply(s, Withdraw())
    for a in dominated:
        later = GAME.apply(GAME.apply(s, a), Withdraw())
        assert (later.influence[w], later.pending, later.elephant_won) == (
            now.influence[w],
            now.pending,
            now.elephant_won,
        ), a
    seat = GAME.to_move(s)
    assert seat is not None
    ranked = hard.decide(GAME.view(s, seat), random.Random(1), Budget(iterations=30)).ranked
    assert ranked and not {c.action for c in ranked} & set(dominated)
