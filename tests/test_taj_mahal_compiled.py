"""The compiled engine's one adjustment, tested in pure Python: mypyc erases the field types of
the dataclasses it compiles, and rules.taj_mahal.field_types reads them back from the source
as written, for pydantic's JSON (bench/taj_mahal_engine.py --compiled plays the compiled
build itself)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.taj_mahal import GAME, TajOptions, state
from rules.taj_mahal.field_types import restore_field_types

CLASSES = [
    c
    for c in vars(state).values()
    if isinstance(c, type) and c.__module__ == state.__name__ and dataclasses.is_dataclass(c)
]


def test_field_types_erased_as_mypyc_erases_them_are_read_back_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written = {(c.__name__, f.name): f.type for c in CLASSES for f in dataclasses.fields(c)}
    assert all(isinstance(t, str) for t in written.values())  # as the source has them
    for c in CLASSES:
        for f in dataclasses.fields(c):
            monkeypatch.setattr(f, "type", tuple if "tuple" in str(f.type) else object)
    restore_field_types(state)
    assert {(c.__name__, f.name): f.type for c in CLASSES for f in dataclasses.fields(c)} == written


def test_in_pure_python_the_field_types_are_left_as_they_are() -> None:
    before = {(c.__name__, f.name): f.type for c in CLASSES for f in dataclasses.fields(c)}
    restore_field_types(state)
    assert {(c.__name__, f.name): f.type for c in CLASSES for f in dataclasses.fields(c)} == before


def test_the_undo_record_stays_out_of_a_states_json() -> None:
    s = GAME.new_game(TajOptions(), GAME.info.seats_for(3))
    s = GAME.apply(s, GAME.deal(s, lambda n: 0))
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    text = GAME.state_to_json(s)
    assert "since_barrier" not in text and "barrier" not in text
    assert GAME.state_to_json(GAME.state_from_json(text)) == text
