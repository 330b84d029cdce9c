"""Whole random games of Rajas of the Ganges: 2, 3 and 4 players, every game ends with a
ranking, and after every step the dice, tiles, workers and markers are all accounted for (two
games of each player count; `CHAUPAL_WHOLE_GAMES=N .venv/bin/python -m pytest
tests/test_rajas_games.py` plays N more, bench/rajas_engine.py many more without the checks).
Notation and JSON hold on the states met."""

from __future__ import annotations

import hashlib
import random

import pytest
import rajas_reference
from hypothesis import given, settings
from hypothesis import strategies as st
from rajas_helpers import invariants, random_playout, started, with_dice

from bot.product import variable
from rules.errors import InvalidOrder
from rules.rajas import GAME, SEATS, RajasOptions, State, payments
from rules.rajas.components import LETTERS
from rules.rajas.notation import describe, parse
from rules.rajas.state import KALI_HANDS, MAX_KARMA

RANKED_GAMES = 2 + int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")  # of each player count


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_ranking_keeping_every_invariant(players: int) -> None:
    for seed in range(RANKED_GAMES):
        s = random_playout(players, 100 * players + seed, invariants)
        result = GAME.result(s)
        assert result is not None and s.crossed
        assert result.winners == (s.seats[s.crossed[0]],) or len(s.crossed) > 1
        assert sorted(seat for place in result.places for seat in place) == sorted(s.seats)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_dice_rolled_when_needed_keep_every_invariant(players: int) -> None:
    options = RajasOptions(roll_when_needed=True)
    s = random_playout(players, 7 * players, invariants, options)
    assert GAME.result(s) is not None and s.late_rolls


def same_legal_steps_as_the_plain_reading(s: State) -> None:
    if GAME.to_move(s) is not None:
        plain = rajas_reference.legal(s)
        assert GAME.legal_actions(s) == plain  # as listed when the step was carried out
        assert GAME.legal_actions(s.copy()) == plain  # as listed afresh (a state read back)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_steps_are_those_of_the_plain_reading_of_the_rules(players: int) -> None:
    """The engine lists the placements and their payments with what it remembers of pure
    functions and in one pass over a statue: the same steps in the same order as the plain
    reading, area by area and payment by payment (rajas_reference.py), at every decision of
    random games, with either way of rolling."""
    random_playout(players, 31 * players, same_legal_steps_as_the_plain_reading)
    options = RajasOptions(roll_when_needed=True)
    random_playout(players, 37 * players, same_legal_steps_as_the_plain_reading, options)


def stacks_face_up(s: State) -> None:
    assert rajas_reference.stacks_face_up(s), (s.tops, s.pending)


@pytest.mark.parametrize("players", [2, 4])
def test_every_stack_shows_its_top_at_every_step_of_random_games(players: int) -> None:
    """Setup: the stacks lie face up, so a stack's next tile shows as soon as its top is
    taken, whatever else the placement goes on to do (rajas_reference.py)."""
    random_playout(players, 41 * players, stacks_face_up)


def test_the_least_payments_of_a_total_are_those_of_the_plain_reading() -> None:
    """Karma; I. Building action: every least payment of a tile's cost with dice of its
    colour, in the same order as the plain reading, on a bounded sample of statues."""
    rng = random.Random(11)
    for _ in range(400):
        dice = tuple(sorted(f"b{rng.randint(0, 6)}" for _ in range(rng.randint(1, 7))))
        need, karma = rng.randint(1, 24), rng.randint(0, 3)
        assert payments.totals(dice, 0, need, karma) == rajas_reference.totals(
            dice, 0, need, karma
        ), (dice, need, karma)


def test_a_statues_budget_of_each_colour_is_the_most_a_payment_of_it_is_worth() -> None:
    """Karma: what the quick checks of the quarry and the Master builder count on, on a
    bounded sample of statues (unrolled dice among them)."""
    rng = random.Random(13)
    for _ in range(2_000):
        n = rng.randint(0, KALI_HANDS)
        dice = tuple(sorted(rng.choice(LETTERS) + str(rng.randint(0, 6)) for _ in range(n)))
        karma = rng.randint(0, MAX_KARMA)
        plain = tuple(rajas_reference.best_total(dice, c, karma) for c in range(4))
        assert payments.budgets(dice, karma) == plain, (dice, karma)


def test_a_copied_state_holds_every_field_and_forgets_undo_and_the_steps_listed() -> None:
    s = random_playout(3, 5)
    s.memo = tuple(GAME.legal_actions(s))
    t = s.copy(money=(1, 2, 3))
    for name in State.__dataclass_fields__:
        if name not in ("money", "since_barrier", "barrier", "memo"):
            assert getattr(t, name) is getattr(s, name), name
    assert t.money == (1, 2, 3) and t.memo is None and t.barrier is None
    assert t.since_barrier == ()


def test_every_legal_step_reads_back_from_its_notation_and_its_json() -> None:
    rng = random.Random(7)
    for players in (2, 4):
        s = GAME.new_game(RajasOptions(), SEATS[:players])
        steps = 0
        while GAME.result(s) is None and steps < 400:
            if GAME.chance(s) is not None:
                s = GAME.apply(s, GAME.deal(s, rng.randrange))
                continue
            actions = GAME.legal_actions(s)
            if steps % 7 == 0:
                for a in actions:
                    assert parse(s, describe(s, a)) == [a], describe(s, a)
                    assert GAME.action_from_json(GAME.action_to_json(a)) == a
                assert GAME.state_from_json(GAME.state_to_json(s)) == s
            s = GAME.apply(s, rng.choice(actions))
            steps += 1


def test_the_view_is_the_whole_state_and_hides_nothing() -> None:
    s = random_playout(2, 5)
    assert GAME.view(s, None) == s and GAME.view(s, "red") == s
    assert GAME.hidden(s, "red") == {}
    with pytest.raises(ValueError, match="no seat 'black'"):
        GAME.view(s, "black")


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80))
def test_any_text_is_read_as_steps_or_refused_with_a_valueerror(text: str) -> None:
    s = with_dice(started(3), 0, "o1 b3 g6")
    try:
        steps = parse(s, text)
    except ValueError as e:
        assert len(str(e)) < 2_000
    else:
        assert 1 <= len(steps) <= 12


def test_an_order_too_long_or_of_too_many_steps_is_refused() -> None:
    s = started(2)
    with pytest.raises(ValueError, match="at most 2,000 characters"):
        parse(s, "x" * 2_001)
    with pytest.raises(ValueError, match="at most 12 steps"):
        parse(s, ", ".join(["done"] * 13))
    with pytest.raises(InvalidOrder) as unread:
        parse(with_dice(s, 0, "o1"), "outer terrace, biuld at a1")
    assert (unread.value.step, unread.value.steps) == (2, 2)


# Seeded random games, hashed (sha256 of each step as JSON, chance included, then the final
# state; first 16 hex digits). AS_LISTED picks among the legal steps in the order they are
# listed (the ways to pay least waste first); ANY_ORDER picks among them sorted by their JSON,
# so the game is the same whatever the listing order. What makes the engine quicker never
# changes them; a change of a rule does, and its new figures are taken only once the games'
# new course is checked against the text.
GAMES = [(2, 1, False), (3, 2, False), (4, 3, False), (2, 4, True), (3, 5, True), (4, 6, True)]
AS_LISTED = [
    "0a22e6168295d462",
    "41bd8f479f6ee5fb",
    "9f76f99509492845",
    "6acb74b9a2fa4f8f",
    "27975511906dc3ec",
    "41130895aac80e54",
]
ANY_ORDER = [
    "3b2d5f79f6a3bc0f",
    "5ced6811d081ea15",
    "7a7f456cfbb1a436",
    "6e6aca95d2a3abd2",
    "d5322d2bf98dbfca",
    "0d84511a4cd2de6c",
]


def seeded_game(players: int, seed: int, late: bool, any_order: bool) -> str:
    rng = random.Random(seed)
    s = GAME.new_game(RajasOptions(roll_when_needed=late), SEATS[:players])
    log = hashlib.sha256()
    while GAME.result(s) is None:
        if GAME.chance(s) is not None:
            a = GAME.deal(s, rng.randrange)
        else:
            legal = GAME.legal_actions(s)
            a = rng.choice(sorted(legal, key=GAME.action_to_json) if any_order else legal)
        log.update(GAME.action_to_json(a).encode())
        s = GAME.apply(s, a)
    log.update(GAME.state_to_json(s).encode())
    return log.hexdigest()[:16]


@pytest.mark.parametrize(("game", "recorded"), list(zip(GAMES, ANY_ORDER, strict=True)))
def test_a_seeded_random_game_is_the_game_the_rules_always_played(
    game: tuple[int, int, bool], recorded: str
) -> None:
    """The same legal steps, the same chance steps dealt and the same end as the engine
    before it was made quicker: what makes it quicker never changes a game."""
    assert seeded_game(*game, any_order=True) == recorded


@pytest.mark.parametrize(("game", "recorded"), list(zip(GAMES, AS_LISTED, strict=True)))
def test_a_seeded_random_game_picking_by_listed_order_is_the_game_recorded(
    game: tuple[int, int, bool], recorded: str
) -> None:
    """The legal steps listed in the same order too (what the benches' random games and a
    seeded AI's ties rely on)."""
    assert seeded_game(*game, any_order=False) == recorded
