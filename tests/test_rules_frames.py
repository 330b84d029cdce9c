"""Typed frames (vijayanagara.frames): states stored before them still load, convert and play on
exactly as they did (tests/old_states.py recorded how); a battle's phases are frames."""

from __future__ import annotations

import json
import random

import pytest
from old_states import FIXTURE, follow
from rules_helpers import D, blank, frame

from rules import vijayanagara
from rules.vijayanagara.frames import (
    BattleFrame,
    ChooseCommandFrame,
    CommandFrame,
    PhaseFrame,
    frame_class,
)

OLD = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_old_states_cover_march_migrate_and_every_waiting_battle_phase() -> None:
    whats = {old["what"] for old in OLD}
    assert {"cmd:march", "cmd:migrate", "battle:att_cav", "battle:def_cav"} <= whats
    assert {"battle:support", "battle:att_cas", "battle:def_cas"} <= whats


@pytest.mark.parametrize("old", OLD, ids=lambda old: f"{old['what']}-seed{old['seed']}")
def test_an_old_state_loads_typed_and_plays_on_the_same(old: dict[str, object]) -> None:
    state = vijayanagara.GameState.model_validate(old["state"])
    assert all(type(fr) is frame_class(fr.kind) for fr in state.frames)
    top = state.frames[-1]
    if str(old["what"]).startswith("battle:"):
        assert isinstance(top, PhaseFrame) and top.kind == old["what"]
        battle = state.frames[-2]
        assert isinstance(battle, BattleFrame) and battle.id == top.battle
        attack = next(
            f for f in state.frames if isinstance(f, CommandFrame) and f.id == battle.parent
        )
        assert attack.kind == "cmd:attack"
    else:
        assert isinstance(top, CommandFrame) and top.arrived
    assert [list(step) for step in follow(state, int(str(old["seed"])), len(old["then"]))] == old[
        "then"
    ]


@pytest.mark.parametrize("old", OLD[:4], ids=lambda old: str(old["what"]))
def test_an_old_state_undoes_across_its_old_barrier(old: dict[str, object]) -> None:
    state = vijayanagara.GameState.model_validate(old["state"])
    assert vijayanagara.can_undo(state) is not None
    back = vijayanagara.undo(state)  # the barrier is the old JSON too
    assert all(type(fr) is frame_class(fr.kind) for fr in back.frames)
    assert vijayanagara.legal_actions(back)


def test_a_typed_state_round_trips_through_json() -> None:
    r = random.Random(5)
    state = vijayanagara.new_game(5)
    kinds: set[str] = set()
    while not state.game_over:
        again = vijayanagara.GameState.model_validate_json(state.model_dump_json())
        assert again.frames == state.frames
        kinds |= {fr.kind for fr in state.frames}
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert "battle" in kinds and any(k.startswith("battle:") for k in kinds)


def test_a_battle_prompt_keeps_the_kind_battle() -> None:
    r = random.Random(2)
    state = vijayanagara.new_game(2)
    while not isinstance(state.frames[-1], PhaseFrame) or vijayanagara.chance(state) is not None:
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert vijayanagara.prompt(state).kind == "battle"


def test_a_command_choice_marks_the_idle_commands_but_a_limited_choice_does_not() -> None:
    # Empty map: Delhi's Attack can select no space (3.2.4), so choosing it does nothing.
    s = frame(blank(), "choose_command", D, mode="alone")
    assert isinstance(s.frames[-1], ChooseCommandFrame)
    assert (
        vijayanagara.idle_note(s, vijayanagara.Choose(option="attack"))
        == "no space qualifies, ends at once"
    )
    assert (
        vijayanagara.idle_note(s, vijayanagara.Choose(option="conscript")) is None
    )  # Delhi: 5 Troops
    limited = frame(blank(), "choose_command", D, mode="limited")
    assert vijayanagara.idle_note(limited, vijayanagara.Choose(option="attack")) is None


def _ids(state: vijayanagara.GameState) -> list[int]:
    return [fr.id for fr in state.frames]


def test_frame_ids_grow_up_the_stack_so_a_reference_is_never_ambiguous() -> None:
    for old in OLD:
        ids = _ids(vijayanagara.GameState.model_validate(old["state"]))
        assert ids == sorted(set(ids))
    r = random.Random(9)
    state = vijayanagara.new_game(9)
    while not state.game_over:
        ids = _ids(state)
        assert ids == sorted(set(ids)), [fr.kind for fr in state.frames]
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
