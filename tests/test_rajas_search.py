"""The one search (ai.search) over Rajas of the Ganges: the state is public, so every state
the search deals from a seat's view is that view, chance alone is dealt anew; a playout is
judged by the race at its horizon; `hard` plays a legal step from the view alone, the same for
the same seed, and its hint says its step, the runner-up and how each fared."""

from __future__ import annotations

import itertools
import random
import re
from functools import cache

import pytest
from rajas_helpers import decisions_every, put, started

import ai.rajas
from ai.budget import Budget
from ai.rajas import hard
from ai.search import Decision, compare, search
from bot.table.ai_users import seat_levels
from rules.capabilities import search_of
from rules.rajas import GAME, Action, State, notation
from rules.rajas.notation import parse
from rules.rajas.search import RajasSearch

SEED = 5
QUICK = Budget(iterations=6)
# One future: each of greedy's best steps played once into it (hard's budget counts playouts),
# where a test's point is which steps are compared, or that the step is legal or repeatable.
ONE_FUTURE = Budget(iterations=hard.WIDTH)


@cache
def positions() -> tuple[State, ...]:
    """Positions where a seat has more than one step, from games played by greedy (2 and 3
    players)."""
    every = decisions_every(17, ((2, 1), (3, 2)), ai.rajas.greedy.choose)
    return tuple(s for s in every if len(GAME.legal_actions(s)) > 1)


def test_rajas_offers_its_own_search_capability() -> None:
    assert isinstance(search_of(GAME), RajasSearch)
    assert search_of(GAME).horizon is not None


def test_every_state_the_search_deals_gives_back_the_seats_view() -> None:
    capability = search_of(GAME)
    for s in positions():
        seat = GAME.to_move(s)
        assert seat is not None
        view = GAME.view(s, seat)
        for k in range(3):
            dealt = capability.sample(view, seat, random.Random(k).randrange)
            assert GAME.view(dealt, seat) == view
            assert GAME.legal_actions(dealt) == GAME.legal_actions(s)


def test_the_search_deals_no_state_for_a_seat_not_in_the_game() -> None:
    s = positions()[0]
    try:
        search_of(GAME).sample(s, "black", random.Random(0).randrange)
    except ValueError as e:
        assert "no seat 'black'" in str(e)
    else:
        raise AssertionError("a view was dealt for a seat not in the game")


def test_a_playout_cut_short_is_judged_by_the_lead_in_the_race() -> None:
    """Red 4 fame points past its money marker, yellow 2 short of it: red's chance is above
    even, yellow's below, and a 2-player judgement shares one win."""
    s = started(2)
    beside = s.board.beside
    s = put(put(s, 0, fame=beside[s.money[0]] + 4), 1, fame=beside[s.money[1]] - 2)
    judged = search_of(GAME).evaluate(s)
    assert judged is not None
    assert judged["red"] > 0.5 > judged["yellow"]
    assert abs(judged["red"] + judged["yellow"] - 1) < 1e-9
    even = search_of(GAME).evaluate(
        put(s, 1, fame=s.fame[0] - beside[s.money[0]] + beside[s.money[1]])
    )
    assert even is not None and abs(even["red"] - 0.5) < 1e-9


def test_hard_plays_a_legal_step_from_the_view_alone() -> None:
    for s in positions()[::3]:
        seat = GAME.to_move(s)
        assert seat is not None
        step = ai.rajas.PLAYERS["hard"](GAME.view(s, seat), seat, random.Random(SEED), ONE_FUTURE)
        assert step in GAME.legal_actions(s)


def test_hard_sees_only_the_view_the_same_position_from_storage_gives_the_same_step() -> None:
    """The same position reloaded as the bot stores it (without the undo steps kept in
    memory), and with another dealer's future (the search never sees it): the same seed gives
    the same step and the same search."""
    for s in positions()[1::4]:
        seat = GAME.to_move(s)
        assert seat is not None
        stored = GAME.state_from_json(GAME.state_to_json(s))
        assert stored.since_barrier == () and GAME.view(stored, seat) == GAME.view(s, seat)
        first = hard.decide(GAME.view(s, seat), seat, random.Random(SEED), ONE_FUTURE)
        again = hard.decide(GAME.view(stored, seat), seat, random.Random(SEED), ONE_FUTURE)
        assert first == again
        assert {c.visits for c in first.ranked} == {first.iterations}


def test_the_search_plays_chance_from_its_own_generator_not_the_games_dealer() -> None:
    """Two generators: the same view, searched twice with each, gives each time the same
    search, whatever dice the game's dealer will roll."""
    s = positions()[2]
    seat = GAME.to_move(s)
    assert seat is not None
    one = search(GAME, s, seat, random.Random(1), QUICK, policy=ai.rajas.greedy.choose)
    assert search(GAME, s, seat, random.Random(1), QUICK, policy=ai.rajas.greedy.choose) == one
    assert sum(c.visits for c in one.ranked) == one.iterations


def test_rajas_offers_hard_at_the_table() -> None:
    assert seat_levels("rajas") == ("greedy", "hard")


def test_the_hint_from_the_search_gives_its_step_why_and_the_runner_up() -> None:
    s = positions()[3]
    seat = GAME.to_move(s)
    assert seat is not None
    advice = hard.advise(GAME.view(s, seat), seat, random.Random(SEED), Budget(iterations=8))
    first, second = advice.summary.split("\n")
    assert first.startswith(f"The computer (hard) would play `{advice.order}`: ")
    assert re.search(
        r"; then your (fame and money markers are \d+ fame spaces from crossing|markers have "
        r"(crossed|met))",
        first,
    )
    assert re.search(r"\(its chance to win, over 3 futures played out: \d+%\)", first)
    assert second.startswith("Runner-up: `") and f"`{advice.order}`" not in second
    step, *rest = parse(s, advice.order)
    assert step in GAME.legal_actions(s)
    assert f"`{notation.describe(s, step)}" in first
    after = GAME.apply(s, step)
    finished = after.pending and GAME.to_move(after) == seat
    assert rest == (ai.rajas.greedy.plan(after) if finished else [])


def test_the_hint_is_one_order_the_searchs_step_and_the_rest_of_its_placement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint can be played as one order (the table's Play this turn): the search's step,
    then the rest of that placement as greedy finishes it, up to the first chance step. The
    search is the one the hint made (a search that gives the same step for the same seed:
    test_hard_sees_only_the_view_...)."""
    made: list[tuple[Budget, Decision[Action]]] = []

    def decide(view: State, seat: str, r: random.Random, budget: Budget) -> Decision[Action]:
        made.append((budget, searched(view, seat, r, budget)))
        return made[-1][1]

    searched = hard.decide
    monkeypatch.setattr(hard, "decide", decide)
    for s in positions()[:8]:
        seat = GAME.to_move(s)
        assert seat is not None
        made.clear()
        advice = hard.advise(s, seat, random.Random(SEED), ONE_FUTURE)
        steps = parse(s, advice.order)
        ((budget, found),) = made
        assert steps[0] == found.best and budget == ONE_FUTURE
        end = s
        for a in steps:
            assert a in GAME.legal_actions(end)
            end = GAME.apply(end, a)
        assert not end.pending or GAME.to_move(end) != seat or GAME.chance(end) is not None


def test_hard_compares_greedys_best_steps_only() -> None:
    """A few dozen futures cannot tell apart every step of a wide choice: the search compares
    greedy's best few, and plays one of them."""
    for s in positions()[::5]:
        seat = GAME.to_move(s)
        assert seat is not None
        best = [a for _, a in ai.rajas.greedy.ranked(s)[: hard.WIDTH]]
        found = hard.decide(s, seat, random.Random(SEED), ONE_FUTURE)
        assert {c.action for c in found.ranked} == set(best)
        assert found.best in best


def test_hard_judges_a_playout_by_what_greedy_values_not_the_race_alone() -> None:
    """Level in the race, one seat with four sixes on its statue: the race alone calls it
    even, `hard` calls the richer seat ahead (the dice will move it)."""
    level = started(2).copy(money=(5, 5), fame=(0, 0))
    rich = put(put(level, 0, dice=("b6", "g6", "o6", "p6")), 1, dice=())
    first, second = rich.seats
    assert search_of(GAME).evaluate(rich) == {first: 0.5, second: 0.5}
    judged = hard.worth(rich)
    assert judged[first] > 0.5 > judged[second]
    assert abs(judged[first] + judged[second] - 1) < 1e-9


def test_hard_plays_every_step_it_compares_in_the_same_futures() -> None:
    """A budget of 6 playouts over greedy's best 3 steps is 2 futures, each step played in
    both, ranked by their mean chance there; and a step's chance does not depend on what it
    is compared with: each seat's rolls and each stack's tiles come from their own streams."""
    for s in positions()[::7]:
        seat = GAME.to_move(s)
        assert seat is not None
        found = hard.decide(s, seat, random.Random(SEED), QUICK)
        width = min(hard.WIDTH, len(GAME.legal_actions(s)))
        assert found.iterations == -(-QUICK.iterations // width)
        assert all(c.visits == found.iterations for c in found.ranked)
        chances = [c.value for c in found.ranked]
        assert chances == sorted(chances, reverse=True)
        if width < 3:
            continue
        first, _, third = (c.action for c in found.ranked)
        alone = compare(
            GAME,
            s,
            seat,
            random.Random(SEED),
            Budget(iterations=2 * found.iterations),  # as many futures, of 2 playouts
            candidates=[first, third],
            policy=ai.rajas.greedy.choose,
            evaluation=hard.worth,
        )
        assert {c.action: c.value for c in alone.ranked}[first] == found.ranked[0].value


def test_a_future_is_judged_only_between_placements_with_the_seat_to_place_next() -> None:
    """Judged half way through a placement (a worker placed, its action not yet taken), or
    with another seat to place while this one has workers left, two steps would be compared
    after unequal shares of the game (Placing workers)."""
    capability = search_of(GAME)
    s = started(2)
    red, yellow = s.seats
    assert capability.at_rest(s, red) and not capability.at_rest(s, yellow)
    placed = GAME.apply(s, next(a for a in GAME.legal_actions(s) if a.kind == "place"))
    assert placed.pending and not capability.at_rest(placed, red)
    spent = put(s, 1, placed=s.workers[1])
    assert capability.at_rest(spent, yellow)


def test_hard_plays_one_future_even_when_its_time_is_spent_at_once() -> None:
    """A clock past the budget before the first future (a busy worker): the steps are still
    compared over one future, not left unjudged."""
    s = positions()[4]
    seat = GAME.to_move(s)
    assert seat is not None
    ticks = itertools.count()
    spent = Budget(iterations=1_000, seconds=0.5, clock=lambda: float(next(ticks)))
    found = hard.decide(s, seat, random.Random(SEED), spent)
    assert found.iterations == 1
    assert all(c.visits == 1 for c in found.ranked)
