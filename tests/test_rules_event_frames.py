"""The Event's frames (vijayanagara.events) are typed too: states stored with an Event in progress
before its frames were typed (every frame untyped, or only the Event's beside typed others)
load, convert and play on exactly as they did (tests/old_event_states.py recorded how), and
undo across their old barrier."""

from __future__ import annotations

import json
import random

import pytest
from old_event_states import FIXTURE, KINDS, MIXED, load
from old_states import follow
from pydantic import ValidationError

from rules import vijayanagara
from rules.vijayanagara.frames import (
    BattleFrame,
    CommandFrame,
    EventChooseFrame,
    EventFrame,
    EventMoveFrame,
    EventPickFrame,
    EventPiecesFrame,
    PhaseFrame,
)

OLD = json.loads(FIXTURE.read_text(encoding="utf-8"))
# stored by 8765c38: typed frames with ids, the Event's frames untyped between them
MIXED_OLD = json.loads(MIXED.read_text(encoding="utf-8"))
CLASSES = {
    "event": EventFrame,
    "event_choose": EventChooseFrame,
    "event_pick": EventPickFrame,
    "event_pieces": EventPiecesFrame,
    "event_move": EventMoveFrame,
}


def _load(old: dict[str, object]) -> vijayanagara.GameState:
    state = load(old)  # as the bot loads it: a custom deck's file attached
    assert isinstance(state, vijayanagara.GameState)
    return state


def _name(old: dict[str, object]) -> str:
    return f"{old['deck']}-{old['what']}-card{old['card']}-seed{old['seed']}"


@pytest.mark.parametrize("states", [OLD, MIXED_OLD], ids=["untyped", "mixed"])
def test_the_old_states_cover_every_event_frame_on_both_decks(
    states: list[dict[str, object]],
) -> None:
    for deck in ("standard", "custom"):
        whats = {old["what"] for old in states if old["deck"] == deck}
        assert {"event", "event_choose", "event_pick", "within_event"} <= whats
    assert set(KINDS) <= {old["what"] for old in states}
    assert len({(old["deck"], old["card"]) for old in states}) >= 20


@pytest.mark.parametrize("old", OLD + MIXED_OLD, ids=_name)
def test_an_old_state_in_an_event_loads_typed_and_plays_on_the_same(
    old: dict[str, object],
) -> None:
    state = _load(old)
    event = next(fr for fr in state.frames if fr.kind == "event")
    assert isinstance(event, EventFrame) and event.card == old["card"]
    for fr in state.frames:
        if fr.kind in CLASSES:
            assert isinstance(fr, CLASSES[fr.kind])
    ids = [fr.id for fr in state.frames]
    assert ids == sorted(set(ids))
    assert [list(step) for step in follow(state, int(str(old["seed"])), len(old["then"]))] == old[
        "then"
    ]


@pytest.mark.parametrize("old", OLD[::4], ids=_name)
def test_an_old_state_in_an_event_undoes_across_its_old_barrier(old: dict[str, object]) -> None:
    state = _load(old)
    assert vijayanagara.can_undo(state) is not None
    back = vijayanagara.undo(state)  # the barrier is the old JSON too
    assert all(isinstance(fr, CLASSES[fr.kind]) for fr in back.frames if fr.kind in CLASSES)
    assert vijayanagara.legal_actions(back)


@pytest.mark.parametrize("old", OLD + MIXED_OLD, ids=_name)
def test_an_event_state_round_trips_through_json_as_the_same_frames(old: dict[str, object]) -> None:
    state = _load(old)
    again = vijayanagara.GameState.model_validate_json(state.model_dump_json())
    assert again.frames == state.frames


def test_a_game_full_of_events_round_trips_through_json_at_every_step() -> None:
    r = random.Random(11)
    state = vijayanagara.new_game(11)
    kinds: set[str] = set()
    while not state.game_over:
        again = vijayanagara.GameState.model_validate_json(state.model_dump_json())
        assert again.frames == state.frames
        assert vijayanagara.legal_actions(again) == vijayanagara.legal_actions(state)
        kinds |= {fr.kind for fr in state.frames}
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert {"event", "event_pick"} <= kinds


def test_a_stack_stored_with_typed_frames_beside_an_untyped_event_is_numbered_anew() -> None:
    # A free Attack of an Event, mid-battle: the Attack's, the battle's and the phase's ids
    # stored were 3, 4, 5 with the untyped Event frame (no id) below them.
    old = next(o for o in MIXED_OLD if any(fr["kind"] == "battle" for fr in o["state"]["frames"]))
    assert [fr.get("id") for fr in old["state"]["frames"]] == [1, 2, None, 3, 4, 5]
    state = _load(old)
    assert [fr.id for fr in state.frames] == [1, 2, 3, 4, 5, 6]
    _, _, event, attack, battle, phase = state.frames
    assert isinstance(event, EventFrame) and isinstance(attack, CommandFrame)
    assert isinstance(battle, BattleFrame) and battle.parent == attack.id
    assert isinstance(phase, PhaseFrame) and phase.battle == battle.id


@pytest.mark.parametrize(
    ("frame", "where"),
    [
        ({"kind": "event", "data": {"card": 3, "todo": [[{"bogus": {}}, None, None]]}}, "todo"),
        ({"kind": "event", "data": {"card": 3, "todo": [[{"place": {"count": "x"}}]]}}, "todo"),
        ({"kind": "event_pick", "faction": "D", "data": {"left": 1}}, "step"),
        ({"kind": "event_move", "faction": "D", "data": {"frm": {}, "to": 5}}, "to"),
        ({"kind": "event_nothing", "faction": "D", "data": {}}, "frames.2"),
    ],
)
def test_a_malformed_stored_event_frame_is_refused_naming_the_field(
    frame: dict[str, object], where: str
) -> None:
    raw = dict(OLD[0]["state"])
    raw["frames"] = [*raw["frames"][:2], frame]
    with pytest.raises(ValidationError) as err:
        vijayanagara.GameState.model_validate(raw)
    assert where in str(err.value)
