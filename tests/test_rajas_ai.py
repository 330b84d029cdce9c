"""Rajas of the Ganges' computer players: each level plays a legal step from the view alone,
goes to a worker process whole (pickled), and the greedy level's hint is an order the table
accepts as it stands, with a why line at the end of its turn (bench/rajas_arena.py measures
its strength against random)."""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
from functools import cache

import pytest
from rajas_helpers import decisions_every, put, started

from ai.budget import Budget
from ai.rajas import LEVELS, PLAYERS, greedy, why
from rules.rajas import GAME, RajasOptions, State, engine
from rules.rajas.components import standard_texts

QUICK = Budget(iterations=3)  # `hard` searches 3 futures a step here


@cache
def decisions() -> tuple[State, ...]:
    """Positions where a seat decides, from random games of 2 and 4 players."""
    return decisions_every(23, ((2, 1), (4, 2)), lambda s, rng: rng.choice(GAME.legal_actions(s)))


def test_every_level_plays_a_legal_step_from_the_view_alone() -> None:
    for s in decisions()[::2]:
        seat = GAME.to_move(s)
        assert seat is not None
        view = GAME.view(s, seat)
        for level in LEVELS:
            assert PLAYERS[level](view, seat, random.Random(0), QUICK) in GAME.legal_actions(s)


def test_players_go_to_worker_processes_whole() -> None:
    s = decisions()[0]
    seat = GAME.to_move(s)
    assert seat is not None
    for level, player in PLAYERS.items():
        again = pickle.loads(pickle.dumps(player))
        assert again == player
        a = again(s, seat, random.Random(3), QUICK)
        assert a == player(s, seat, random.Random(3), QUICK), level


def test_a_seat_not_on_turn_is_refused() -> None:
    s = decisions()[0]
    other = next(x for x in s.seats if x != GAME.to_move(s))
    try:
        PLAYERS["greedy"](s, other, random.Random(0), Budget())
    except ValueError as e:
        assert other in str(e)
    else:
        raise AssertionError("an AI decided for a seat not on turn")


def test_greedy_takes_the_step_it_ranks_best() -> None:
    for s in decisions()[:6]:
        ranked = greedy.ranked(s)
        assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)
        assert greedy.choose(s, random.Random(0)) in [a for v, a in ranked if v == ranked[0][0]]


def test_greedy_values_a_crossing_above_any_other_position() -> None:
    s = decisions()[-1]
    i = 0
    near = s.copy(fame=(s.board.beside[s.money[i]], *s.fame[1:]))
    far = s.copy(fame=(0, *s.fame[1:]), karma=(3, *s.karma[1:]))
    assert greedy.evaluate(near, i) > greedy.evaluate(far, i)


def test_greedy_weighs_money_by_the_fame_spaces_it_moves_the_crossing_by() -> None:
    """Object of the game: on a board whose money track lies beside the fame track at half
    the example's slope past money 65, a money point there moves the crossing half as far."""
    board, _ = standard_texts()
    bent = board.replace(
        "[65, 28], [78, 21], [91, 14], [104, 7], [117, 0]]", "[65, 28], [169, 0]]"
    ).replace("money_spaces: 117", "money_spaces: 169")
    s = GAME.new_game(RajasOptions(board_file=bent), ("red", "yellow"))
    s = s.copy(phase="play", fame=(0, 0))
    w = dataclasses.replace(greedy.WEIGHTS, money=0.0)

    def step(money: int) -> float:
        after = s.copy(money=(money + 1, 0))
        return greedy.evaluate(after, 0, w) - greedy.evaluate(s.copy(money=(money, 0)), 0, w)

    assert step(40) == pytest.approx(7 / 13) and step(100) == pytest.approx(7 / 26)


def test_greedy_leans_towards_a_line_by_its_weights() -> None:
    """A greedy that counts fame twice values a fame point twice as much, and ranks by it."""
    s = decisions()[0]
    i = s.seats.index(GAME.to_move(s) or "")
    fame = dataclasses.replace(greedy.WEIGHTS, fame=2.0)
    more = s.copy(fame=tuple(f + 1 if k == i else f for k, f in enumerate(s.fame)))
    plain = greedy.evaluate(more, i) - greedy.evaluate(s, i)
    assert greedy.evaluate(more, i, fame) - greedy.evaluate(s, i, fame) == pytest.approx(plain + 1)
    ranked = greedy.ranked(s, fame)
    assert greedy.choose(s, random.Random(0), fame) in [a for v, a in ranked if v == ranked[0][0]]


def test_the_why_line_says_what_the_turn_gained_and_the_gap_left() -> None:
    s = decisions()[1]
    seat = GAME.to_move(s)
    assert seat is not None
    end = s
    for a in greedy.plan(s):
        end = GAME.apply(end, a)
    line = why.why_line(s, end, seat, "greedy")
    assert line is not None and line.startswith("_Why: ") and "fame spaces from crossing" in line
    # what it gained in all, from where it was, as the log's arrows (a trial read "gains 3
    # money" after a build's "money 43→48", the quarry's cost before it unsaid), and the gap
    # in words ("markers are 62 fame spaces from crossing")
    assert re.search(r"(gains|spends) \d+ money in all \(money \d+→\d+\)", line), line
    assert re.search(r"; now its (fame and money markers are \d+|markers have (crossed|met))", line)
    assert "its best placement looking one placement ahead" in line  # (a trial read jargon)
    assert why.why_line(s, end, seat, "random") == "_Why: the random AI picks any allowed step._"


def test_the_why_line_names_the_dice_taken_and_given_by_colour() -> None:
    s = decisions()[0]
    seat = GAME.to_move(s)
    assert seat is not None
    i = s.seats.index(seat)
    before = s.copy(dice=tuple(("o2",) if k == i else d for k, d in enumerate(s.dice)))
    after = s.copy(dice=tuple(("p3", "p5") if k == i else d for k, d in enumerate(s.dice)))
    line = why.why_line(before, after, seat, "greedy")
    assert line is not None and "ends with 1 fewer orange die and 2 more purple dice" in line


def test_the_why_line_names_the_river_space_the_boat_reaches_as_the_log_does() -> None:
    """A trial read "sail 3: 3 unoccupied spaces, the boat to river space 5" in the log and
    "sails 4 river spaces" in the why (a boat skipped): both name the space reached."""
    s = decisions()[0]
    seat = GAME.to_move(s)
    assert seat is not None
    i = s.seats.index(seat)
    after = s.copy(boat=tuple(5 if k == i else b for k, b in enumerate(s.boat)))
    line = why.why_line(s, after, seat, "greedy")
    assert line is not None and "sails to river space 5" in line


def test_hard_rerolls_as_greedy_weighs_the_dice_never_a_six_for_the_search_s_noise() -> None:
    """A trial's hard gave up three 6s at the outer terrace for a lower total: a few futures
    tell the rolls apart, not the rerolls. At a reroll it takes greedy's choice (a die to come
    at its average), whatever the futures drawn."""
    from rajas_helpers import order, started, with_dice

    from ai.rajas import hard
    from rules.rajas.notation import describe

    s = with_dice(started(2), 0, "b2 p2 b6 b6 o6 p3")
    s = order(s, "outer terrace, reroll b2, reroll p2")
    best = greedy.ranked(s)[0][1]
    assert describe(s, best) == "reroll p3"
    chosen = {hard.choose(s, "red", random.Random(k), Budget(iterations=10)) for k in range(8)}
    assert chosen == {best}


def test_the_why_says_markers_that_met_exactly_have_met_not_crossed_0_past() -> None:
    """A hint read "its markers have crossed, fame 0 past money" where the result says
    "markers met exactly" (End of the game: converge or pass each other)."""
    s = started(2)
    met = next(
        put(s, 0, fame=f, money=m)
        for m in range(40, 80)
        for f in range(20, 45)
        if engine.gap(put(s, 0, fame=f, money=m), 0) == 0
    )
    assert why.standing(met, 0) == "its markers have met"
    past = put(met, 0, fame=met.fame[0] + 2)
    assert why.standing(past, 0) == "its markers have crossed, fame 2 past money"


def test_hard_far_behind_at_the_outer_terrace_rolls_again_only_its_low_dice() -> None:
    """Far behind (a round-4 arena position, 3 karma, b0 b6 g0 o3), the futures had `hard`
    gamble its six in 10 of 10 searches (300 futures judged it 0.36 against 0.20 for `done`):
    whatever the futures drawn, it rolls again the die below the average alone."""
    from pathlib import Path

    from rules.rajas.codec import STATE
    from rules.rajas.state import Reroll

    fixture = Path(__file__).parent / "fixtures" / "rajas_behind_at_the_outer_terrace.json"
    behind = STATE.validate_json(fixture.read_text(encoding="utf-8"))
    seat = GAME.to_move(behind)
    assert seat is not None and behind.dice[behind.turn] == ("b0", "b6", "g0", "o3")
    for seed in range(8):
        s, again = behind, []
        while GAME.to_move(s) == seat and s.pending and s.pending[0][0] == "reroll":
            a = PLAYERS["hard"](GAME.view(s, seat), seat, random.Random(seed), QUICK)
            again += [a.die] if isinstance(a, Reroll) else []
            s = GAME.apply(s, a)
        assert again == ["o3"], (seed, again)
