"""The shared search's comparison over common futures (ai.search.common): a few root steps,
each played in every future, ranked by their mean value there; what a candidate is worth does
not depend on what it is compared with (the futures are the same for all), and it works for
any game on the core protocol (here the counting game, with random playouts)."""

from __future__ import annotations

import itertools
import random

import pytest
from counting_game import COUNTING, Count
from counting_game import State as Count_State

from ai.budget import Budget
from ai.search import Decision, compare

SEED = 4
ONE, TWO = Count(by=1), Count(by=2)


def counting(total: int) -> Count_State:
    return Count_State(target=10, total=total)


def one_or_two(total: int, playouts: int) -> Decision[Count]:
    """The first seat's counts of one and two compared from `total`, over `playouts`."""
    budget = Budget(iterations=playouts)
    return compare(
        COUNTING, counting(total), "first", random.Random(SEED), budget, candidates=[ONE, TWO]
    )


def test_the_comparison_takes_the_count_that_wins_at_once() -> None:
    found = one_or_two(total=8, playouts=6)
    assert found.best == TWO
    assert found.ranked[0].value == 1.0  # the first place, for the seat that counted


def test_every_candidate_is_played_in_every_future_whole_futures_at_a_time() -> None:
    """A budget of 5 playouts over 2 candidates is 3 futures (6 playouts): a future is never
    played for one candidate and not the other."""
    found = one_or_two(total=3, playouts=5)
    assert found.iterations == 3
    assert [c.visits for c in found.ranked] == [3, 3]
    values = [c.value for c in found.ranked]
    assert values == sorted(values, reverse=True)


def test_a_candidate_fares_the_same_whatever_it_is_compared_with() -> None:
    """The same seed deals the same futures, whatever the candidates' order: each candidate's
    value is its own, not a share of the luck the others drew."""
    budget = Budget(iterations=40)
    one = compare(COUNTING, counting(2), "first", random.Random(1), budget, candidates=[ONE, TWO])
    two = compare(COUNTING, counting(2), "first", random.Random(1), budget, candidates=[TWO, ONE])
    assert {c.action: c.value for c in one.ranked} == {c.action: c.value for c in two.ranked}


def test_a_single_candidate_is_not_played_out() -> None:
    found = compare(COUNTING, counting(8), "first", random.Random(SEED), Budget(), candidates=[ONE])
    assert found.best == ONE and found.iterations == 0


def test_one_future_is_played_even_when_the_clock_is_spent_at_once() -> None:
    ticks = itertools.count()
    spent = Budget(iterations=1_000, seconds=0.5, clock=lambda: float(next(ticks)))
    found = compare(
        COUNTING, counting(3), "first", random.Random(SEED), spent, candidates=[ONE, TWO]
    )
    assert found.iterations == 1
    assert all(c.visits == 1 for c in found.ranked)


def test_a_comparison_of_no_steps_is_refused_naming_the_seat() -> None:
    with pytest.raises(ValueError, match="first has no step to compare"):
        compare(COUNTING, counting(3), "first", random.Random(SEED), Budget(), candidates=[])
