"""The AI and the hint never take a step that does nothing where another is legal: a Command
that no space qualifies for, a Decree that would change nothing, or a `done` that ends a
Command before it selected a space (2.3.3 allows them; they only spend the option). The
menus mark such steps for a person."""

from __future__ import annotations

import random

from ai.vijayanagara import easy
from ai.vijayanagara.turn_hint import plans
from bot.table.registry import game
from rules import vijayanagara
from rules.capabilities import menus_of


def _command_decree() -> vijayanagara.GameState:
    state = vijayanagara.new_game(seed=7)  # Delhi on card 11: no space qualifies for Attack
    return vijayanagara.apply(state, vijayanagara.parse(state, "command+decree")[0])


def test_a_command_with_no_space_and_an_idle_decree_are_not_useful_steps() -> None:
    state = _command_decree()
    legal = [vijayanagara.describe(state, a) for a in vijayanagara.legal_actions(state)]
    useful = [vijayanagara.describe(state, a) for a in vijayanagara.useful_actions(state)]
    assert "attack" in legal and "demand-obedience" in legal  # 2.3.3, 4.1: still allowed
    assert "attack" not in useful and "demand-obedience" not in useful
    assert {"conscript", "march", "collect-tribute"} <= set(useful)


def test_done_before_a_command_selected_a_space_is_marked_and_not_useful() -> None:
    state = vijayanagara.apply(_command_decree(), vijayanagara.parse(None, "march")[0])
    done = vijayanagara.parse(None, "done")[0]
    assert done in vijayanagara.legal_actions(state)
    assert done not in vijayanagara.useful_actions(state)
    assert (
        vijayanagara.no_space_note(state, done)
        == "ends the March with no space selected: it does nothing"
    )
    assert vijayanagara.idle_note(state, done) is None  # a person who types it means it
    entries, _ = menus_of(game("vijayanagara")).grouped_choices(
        state, vijayanagara.legal_actions(state)
    )
    assert "`done` (ends the March with no space selected: it does nothing)" in entries


def _positions(seeds: range) -> list[vijayanagara.GameState]:
    """Decisions of the Command and Decree option and of Commands just begun, from random games."""
    out = []
    for seed in seeds:
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over and len(out) < 6 * (seed - seeds.start + 1):
            kind = vijayanagara.prompt(state).kind
            if kind in ("command_decree", "choose_command") or kind.startswith("cmd:"):
                out.append(state)
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    return out


def _idle(state: vijayanagara.GameState, action: vijayanagara.Action) -> bool:
    note = vijayanagara.idle_note(state, action) or vijayanagara.no_space_note(state, action)
    return note is not None


def _does_something(state: vijayanagara.GameState, action: vijayanagara.Action) -> bool:
    legal = vijayanagara.legal_actions(state)
    return all(_idle(state, a) for a in legal) or not _idle(state, action)


def test_the_hints_plans_never_hold_a_step_that_does_nothing() -> None:
    r = random.Random(3)
    for state in _positions(range(4)):
        for plan in plans(state, r, late=lambda: True):
            st = state
            for step in plan.steps:
                assert _does_something(st, step), (plan.text, vijayanagara.describe(st, step))
                st = vijayanagara.apply(st, step)


def test_easy_never_chooses_a_step_that_does_nothing() -> None:
    r = random.Random(4)
    for state in _positions(range(4, 8)):
        assert _does_something(state, easy.choose(state, r))
