"""No frame class and no event-step model has an `Any` field (every field named
and typed): the annotations of every class the state's frames can hold, followed into the
classes they name (the Event's queued steps, their `where`s and options), are checked."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator
from typing import Any, NamedTuple

from pydantic import BaseModel

from rules.vijayanagara.cards import Card, Deck, EventSide
from rules.vijayanagara.event_steps import STEP_CLASSES, EventStep
from rules.vijayanagara.frames import KINDS, PREFIXES, FrameField
from rules.vijayanagara.model import GameState


def _fields(cls: type) -> dict[str, object]:
    """A class's fields and their annotations (resolved), if it is a record of fields."""
    if isinstance(cls, type) and issubclass(cls, BaseModel):
        return {name: f.annotation for name, f in cls.model_fields.items()}
    hints = typing.get_type_hints(cls, include_extras=True)
    if dataclasses.is_dataclass(cls):
        return {f.name: hints[f.name] for f in dataclasses.fields(cls)}
    if isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return {name: hints[name] for name in cls._fields}  # a NamedTuple
    return {}


def _classes(tp: object) -> Iterator[object]:
    """The types named in an annotation, at any depth (unions, Annotated, generics)."""
    yield tp
    for arg in typing.get_args(tp):
        yield from _classes(arg)


def any_fields(*roots: object) -> list[str]:
    """`Class.field` for every field typed Any (even inside, as in dict[str, Any]), in the
    classes the roots name and the classes their fields name in turn."""
    found: list[str] = []
    seen: set[object] = set()
    todo = list(roots)
    while todo:
        for tp in _classes(todo.pop()):
            if tp in seen or not isinstance(tp, type):
                continue
            seen.add(tp)
            for name, annotation in _fields(tp).items():
                if any(t is Any for t in _classes(annotation)):
                    found.append(f"{tp.__name__}.{name}")
                todo.append(annotation)
    return found


class Untyped(BaseModel):  # the generic frame of before: its fields in `data`
    kind: str
    data: dict[str, Any]


@dataclasses.dataclass
class Holder:
    inner: list[Untyped]


class Pair(NamedTuple):
    left: int
    right: Any


def test_the_inspection_finds_an_any_field_at_any_depth() -> None:
    assert any_fields(Holder) == ["Untyped.data"]
    assert any_fields(Pair) == ["Pair.right"]
    assert any_fields(GameState) != []  # the state's undo steps are still JSON (not a frame)


def test_no_frame_class_has_an_any_field() -> None:
    frames = [*KINDS.values(), *PREFIXES.values()]
    assert {c.__name__ for c in frames} >= {"EventFrame", "EventPickFrame", "EventMoveFrame"}
    assert any_fields(FrameField, *frames) == []


def test_no_event_step_model_has_an_any_field() -> None:
    assert len(STEP_CLASSES) == 15
    assert any_fields(EventStep, *STEP_CLASSES.values()) == []


def test_every_frame_kind_on_the_stack_is_a_typed_class() -> None:
    # the state's frames field admits the typed classes only: no generic frame with `data`
    tags = {typing.get_args(a)[1].tag for a in typing.get_args(typing.get_args(FrameField)[0])}
    assert "Frame" not in tags
    assert tags == {c.__name__ for c in (*KINDS.values(), *PREFIXES.values())}


def test_no_card_field_has_an_any_field() -> None:
    # a card's event sides hold typed steps, read once when the deck is loaded
    assert any_fields(Deck, Card, EventSide) == []
