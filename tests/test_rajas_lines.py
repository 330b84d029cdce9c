"""The lines of play bench/rajas_lines.py sets against plain greedy: each variant leans on its
own weights only, and a tiny run plays whole games and counts them as the report reads them."""

from __future__ import annotations

import dataclasses

import pytest

from ai.rajas import greedy
from bench.rajas_lines import LINES, leaning, play

# the weights each line multiplies: money counts both what it moves on the race and itself
LEANS_ON = {"money": {"crossing", "money"}, "fame": {"fame"}, "river": {"river"}}


@pytest.mark.parametrize("line", LINES)
def test_a_line_multiplies_its_own_weights_and_no_other(line: str) -> None:
    leant = dataclasses.asdict(leaning(line, 1.5))
    plain = dataclasses.asdict(greedy.WEIGHTS)
    assert LEANS_ON.keys() == set(LINES)
    assert {k for k in plain if leant[k] != plain[k]} == LEANS_ON[line]
    assert all(leant[k] == pytest.approx(1.5 * plain[k]) for k in LEANS_ON[line])


def test_a_line_that_is_not_one_is_refused_naming_the_lines() -> None:
    with pytest.raises(ValueError, match="no line 'karma'; the lines are money, fame, river"):
        leaning("karma", 2.0)


def test_a_tiny_run_counts_the_variant_seat_and_its_markets() -> None:
    """A 2-player game with the variant in the second seat: its win is that seat's; and a line
    at factor 1 plays plain greedy's game exactly (the same seed, the same game)."""
    leant = play(2, leaning("fame", 1.5), 2, 1)
    assert leant.variant == 1 and any(leant.winners) and leant.won == leant.winners[1]
    assert leant.shared == (leant.won and all(leant.winners))
    assert all(n >= 0 for n in leant.assorted) and len(leant.money) == len(leant.fame) == 2
    assert play(2, leaning("river", 1.0), 2, 1) == play(2, greedy.WEIGHTS, 2, 1)
