"""A hint proposes the whole decision up to the next hand-off, judged beside the runner-up
and Pass in the same futures; its plans are named by their rank in the result; it says a
spread, a difference or a win chance only where the sample can tell; it keeps to its time
budget, all its work counted."""

from __future__ import annotations

import random

import pytest
from rules_helpers import B, D, P, V, blank, independent, put

from ai.budget import MAX_ITERATIONS, Budget
from ai.vijayanagara.turn_hint import (
    Judged,
    Plan,
    board_changes,
    plans,
    turn_hint,
    wilson,
    win_chance_text,
)
from rules import vijayanagara
from rules.capabilities import notation_of
from rules.vijayanagara.forces import refresh

APPLY_COST = 1e-4  # seconds a step costs on the test's clock (a real one takes 20-60 µs)


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
    assert any(p.text == "pass" for p in found)
    hint = turn_hint(st, random.Random(0), Budget(iterations=4))
    assert {j.plan.text for j in (hint.best, *hint.others)} >= {"pass"}
    assert "the suggestion)" in hint.summary


def test_when_the_runner_up_plan_does_better_it_is_suggested_and_the_rest_named_by_rank() -> None:
    st = _midgame(50, 0)  # Vijayanagara: the plan from `easy`'s second-best step does best here
    made = plans(st, random.Random(0))
    hint = turn_hint(st, random.Random(0), Budget(iterations=8))
    assert hint.best.plan.text == made[1].text != made[0].text
    assert [o.gain for o in hint.others] == sorted((o.gain for o in hint.others), reverse=True)
    lines = hint.summary.split("\n")
    assert lines[0].startswith("Suggested turn for Vijayanagara Empire: `")
    assert [line.split(" `")[0] for line in lines[3:]] == ["Runner-up", "Third"]
    assert f"`{made[0].text[:40]}" in lines[3]  # the first-built plan ranks second here
    assert "Best" not in hint.summary


@pytest.mark.parametrize(("seed", "steps"), [(4, 0), (5, 20), (7, 0), (8, 0)])
def test_a_spread_or_a_difference_is_shown_only_where_the_futures_tell_one(
    seed: int, steps: int
) -> None:
    hint = turn_hint(_midgame(seed, steps), random.Random(0), Budget(iterations=8))
    text = hint.summary
    assert "±0.0" not in text and "+0.0 against" not in text and "-0.0 against" not in text
    if hint.best.margin_error == 0:  # every future ended at the same margin
        assert "±" not in text
    for o in hint.others:
        if round(o.margin_gain, 1) == 0 or abs(o.margin_gain) < 2 * o.margin_gain_error:
            assert f"{o.margin:+.1f} (no clear difference from the suggestion)" in text
        else:
            assert f"{o.margin_gain:+.1f} against the suggestion" in text


def test_the_board_changes_say_who_takes_or_loses_control_in_words() -> None:
    before = blank()
    independent(before, "malwa", "gujarat", "andhra", "madhyadesh")
    put(before, "malwa", P.AMIR, 2)  # Bahmani Controls Malwa (1.7)
    put(before, "gujarat", P.RAJA, 1)  # Vijayanagara Controls Gujarat
    put(before, "madhyadesh", P.AMIR, 1)
    after = before.clone()
    after.spaces["malwa"].pieces = {}  # no one controls it
    put(after, "gujarat", P.AMIR, 3)  # Bahmani outnumbers Vijayanagara there
    put(after, "andhra", P.TROOP, 1)  # Delhi Controls an empty Independent Province
    after.spaces["madhyadesh"].tributary = True  # a Tributary is never Controlled (1.7)
    put(after, "karnataka", P.RAJA, 1)
    put(after, "karnataka", P.TEMPLE, 1)
    refresh(after)
    assert before.spaces["malwa"].control == B and before.spaces["gujarat"].control == V
    changes = board_changes(before, after, V)
    assert "no one controls Malwa now (Bahmani Kingdom loses its Control)" in changes
    assert "Bahmani Kingdom takes Control of Gujarat from Vijayanagara Empire" in changes
    assert "Delhi Sultanate takes Control of Andhra" in changes
    assert "Madhyadesh becomes Tributary" in changes
    assert not any("Control of Madhyadesh" in c or "controls Madhyadesh" in c for c in changes)
    assert "Temple built in Karnataka" in changes and "your VP 2 -> 1" in changes  # 5.3
    assert not any("nobody" in c or "Control " + "Delhi" in c for c in changes)
    assert after.spaces["andhra"].control == D


def test_the_hint_keeps_to_its_time_budget_with_all_its_work_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The test's clock counts the steps applied (APPLY_COST each): reading the position,
    making the plans, the futures and the wording all run on it, and the hint ends within the
    budget; more budget, more futures."""
    steps = [0]
    apply = vijayanagara.apply

    def counted(
        state: vijayanagara.GameState, action: vijayanagara.Action
    ) -> vijayanagara.GameState:
        steps[0] += 1
        return apply(state, action)

    monkeypatch.setattr(vijayanagara, "apply", counted)

    def clock() -> float:
        return steps[0] * APPLY_COST

    st = _midgame(4, 0)  # Bahmani, three plans of ten steps or so
    futures = []
    for seconds in (0.1, 0.3):
        start = clock()
        budget = Budget(iterations=MAX_ITERATIONS, seconds=seconds, clock=clock)
        hint = turn_hint(st, random.Random(0), budget)
        assert clock() - start <= seconds
        assert clock() - start >= 0.9 * seconds  # and it uses what it has
        futures.append(hint.best.futures)
    assert 1 <= futures[0] < futures[1]


def _judged(wins: int, ended: int, futures: int) -> Judged:
    plan = Plan((), "pass")
    return Judged(plan, 1.0, 0.5, wins, ended, futures, 0.0)


def test_a_win_chance_is_shown_only_where_the_sample_can_tell() -> None:
    assert win_chance_text(_judged(10, 10, 10)) is None  # too few futures
    assert win_chance_text(_judged(40, 5, 40)) is None  # the futures stopped short of the end
    text = win_chance_text(_judged(40, 40, 40))
    assert text == "won all 40 sampled futures (95% interval: 91% to 100%)"  # never a bare 100%
    assert win_chance_text(_judged(0, 40, 40)) == (
        "won none of 40 sampled futures (95% interval: 0% to 9%)"
    )
    low, high = wilson(5, 10)
    assert 0.2 < low < 0.5 < high < 0.8


def test_a_hint_whose_time_ran_out_before_it_began_still_suggests_a_legal_turn() -> None:
    """The hint's time runs from the player's request (a worker that had to start first
    leaves it less): asked when that time is already spent, the worker still answers, with
    a turn the service plays as one order."""
    import time

    from bot.table.ai_worker import advise
    from bot.table.registry import registry
    from rules.vijayanagara.game import GAME

    st = _midgame(2, 40)
    seat = vijayanagara.decider(st)
    assert seat is not None
    adviser = registry().adviser(GAME.info.id)
    found = advise(adviser, GAME.view(st, seat.value), seat.value, "late", time.monotonic() - 5)
    assert found.order and "Suggested turn" in found.summary
    for action in notation_of(GAME).parse(GAME.view(st, seat.value), found.order, seat.value):
        st = GAME.apply(st, action)
