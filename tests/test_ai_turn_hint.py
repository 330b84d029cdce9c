"""A hint proposes the whole decision up to the next hand-off, judged beside the runner-up
and Pass in the same futures; its win chance is shown only where the sample can tell."""

from __future__ import annotations

import random

import pytest

from ai.budget import Budget
from ai.vijayanagara.turn_hint import Judged, Plan, plans, turn_hint, wilson, win_chance_text
from rules import vijayanagara


def _midgame(seed: int, steps: int) -> vijayanagara.GameState:
    r = random.Random(seed)
    st = vijayanagara.new_game(seed)
    for _ in range(steps):
        st = vijayanagara.apply(st, r.choice(vijayanagara.legal_actions(st)))
    while vijayanagara.prompt(st).faction is None:
        st = vijayanagara.apply(st, r.choice(vijayanagara.legal_actions(st)))
    return st


@pytest.mark.parametrize(("seed", "steps"), [(1, 0), (2, 40), (5, 60)])
def test_the_suggested_turn_is_legal_as_a_whole_and_stops_at_the_hand_off(
    seed: int, steps: int
) -> None:
    st = _midgame(seed, steps)
    seat = vijayanagara.prompt(st).faction
    hint = turn_hint(st, random.Random(0), Budget(iterations=6))
    # one press plays the order: every step parses and applies in turn
    order = vijayanagara.parse_order(hint.order)
    assert [s.action for s in order] == list(hint.best.plan.steps)
    now = st
    for step in order:
        assert step.action in vijayanagara.legal_actions(now)
        now = vijayanagara.apply(now, step.action)
    # it goes up to the hand-off: another faction decides, or a reveal, or the end
    assert (
        now.game_over
        or vijayanagara.chance(now) is not None
        or vijayanagara.prompt(now).faction != seat
    )
    assert hint.best.futures == 6 and "Suggested turn" in hint.summary


def test_pass_is_judged_beside_the_suggestion_at_the_start_of_a_turn() -> None:
    st = vijayanagara.new_game(1)  # the first Eligible faction chooses its option
    found = plans(st, random.Random(0))
    assert [p.label for p in found][:1] == ["best"]
    assert any(p.text == "pass" for p in found)
    hint = turn_hint(st, random.Random(0), Budget(iterations=4))
    assert {j.plan.text for j in (hint.best, *hint.others)} >= {"pass"}
    assert "against the suggestion" in hint.summary


def _judged(wins: int, ended: int, futures: int) -> Judged:
    plan = Plan((), "pass", "best")
    return Judged(plan, 1.0, 0.5, wins, ended, futures, 0.0)


def test_a_win_chance_is_shown_only_where_the_sample_can_tell() -> None:
    assert win_chance_text(_judged(10, 10, 10)) is None  # too few futures
    assert win_chance_text(_judged(40, 5, 40)) is None  # the futures stopped short of the end
    text = win_chance_text(_judged(40, 40, 40))
    assert text is not None and "won 40 of 40" in text and "91%-100%" in text  # never a bare 100 %
    low, high = wilson(5, 10)
    assert 0.2 < low < 0.5 < high < 0.8
