"""The state as the engine holds it (vijayanagara.model): plain slotted records on the hot path,
written and read by pydantic at the JSON boundary exactly as when it was a pydantic model,
and copied for each step sharing only what the engine never changes in place."""

from __future__ import annotations

import json
import random
from pathlib import Path

from rules_helpers import D

from rules import vijayanagara
from rules.vijayanagara.engine import push

# States of the game of seed 7 (random.Random(7) picking among the legal steps), as written by
# 5e97460, the last revision whose GameState was a pydantic model: "<step>": state JSON (the
# text of their log lines and the count of lines so far as the rules word them today: "Mongol
# Invaders attack", a Plunder that takes nothing said, Timur's route named, a Lords of the
# Deccan shift not afforded said).
OLD_JSON = Path(__file__).resolve().parent / "fixtures" / "state_json_5e97460.json"


def _game(seed: int) -> list[vijayanagara.GameState]:
    r = random.Random(seed)
    states = [vijayanagara.new_game(seed)]
    while not states[-1].game_over:
        states.append(
            vijayanagara.apply(states[-1], r.choice(vijayanagara.legal_actions(states[-1])))
        )
    return states


# Since a step the rules force is taken unasked (a lone Plunder space, 3.5.3; a lone Mongol
# Command, 2.4.1), the game of seed 7 goes on otherwise before step 60: the states after step
# 0 are read and written again, no longer replayed.
SAME_GAME_TO = 59


def test_a_state_is_written_byte_for_byte_as_the_pydantic_model_wrote_it() -> None:
    old = json.loads(OLD_JSON.read_text())
    states = _game(7)
    for step, text in old.items():
        again = vijayanagara.GameState.model_validate_json(text)
        assert again.model_dump_json() == text, f"step {step}"
        assert vijayanagara.GameState.model_validate(json.loads(text)) == again
        if int(step) <= SAME_GAME_TO:
            assert states[int(step)].model_dump_json() == text and again == states[int(step)]
    assert any(int(step) > SAME_GAME_TO and json.loads(t)["game_over"] for step, t in old.items())


def test_no_step_changes_the_state_it_came_from() -> None:
    """A step's state shares the deck's piles, the discards and the dealer's order with the
    state before (each replaced when it changes): every earlier state still reads the same."""
    r = random.Random(3)
    state = vijayanagara.new_game(3)
    seen: list[tuple[vijayanagara.GameState, str]] = []
    while not state.game_over:
        seen.append((state, state.model_dump_json()))
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert state.current_card is not None and len(state.discards) > 20  # many cards drawn
    for st, text in seen:
        assert st.model_dump_json() == text


def test_a_clone_changed_by_hand_leaves_the_original_alone() -> None:
    state = vijayanagara.new_game(5)
    text = state.model_dump_json()
    copy = state.clone()
    copy.piles[0]["event"] = 0
    copy.discards.append(99)
    copy.order.clear()
    copy.card.acted.append(D)
    copy.spaces["delhi"].pieces.clear()
    copy.available[D].clear()
    assert state.model_dump_json() == text


def test_a_frame_pushed_by_hand_is_the_one_that_decides() -> None:
    """The engine keeps where it stopped for the state it made; a frame a caller pushes on
    that state by hand is asked anew."""
    state = vijayanagara.new_game(2)
    before = vijayanagara.legal_actions(state)
    push(state, "cavalry_from", D, owed=1)
    assert vijayanagara.prompt(state).kind == "cavalry_from"
    assert vijayanagara.legal_actions(state) != before


def test_the_pydantic_names_still_work_at_the_boundary() -> None:
    state = next(st for st in _game(4) if st.since_barrier)  # a step that can be taken back
    dumped = state.model_dump(mode="json", include={"resources", "eligible"})
    assert set(dumped) == {"resources", "eligible"} and dumped["resources"]["D"] >= 0
    assert "log" not in state.model_dump(exclude={"log"})
    copy = state.model_copy(update={"log_at": 7})
    assert copy.log_at == 7 and copy.barrier is state.barrier and copy.spaces is state.spaces
