"""Event steps are typed models: the deck validation builds them, the interpreter runs them,
and their deck-file form (what deck files and stored event frames hold) round-trips."""

from __future__ import annotations

import typing
from importlib import resources
from typing import Any

import yaml_text

from rules.vijayanagara.cards import standard_deck
from rules.vijayanagara.event_data import validate_side
from rules.vijayanagara.event_steps import (
    STEP_CLASSES,
    EachStep,
    FreeCommandStep,
    FreeDecreeStep,
    Holding,
    Option,
    Placed,
    Where,
    step_from_data,
    step_to_data,
)


def _standard_effects() -> list[tuple[str, list[Any]]]:
    text = (
        resources.files("rules.vijayanagara").joinpath("data/deck.yaml").read_text(encoding="utf-8")
    )
    doc: dict[str, Any] = yaml_text.load(text)
    return [
        (f"card {c['number']} {side}", c[side]["effects"])
        for c in doc["cards"]
        for side in ("unshaded", "shaded")
    ]


def test_every_step_of_the_standard_deck_reads_and_writes_back_the_same() -> None:
    for where, effects in _standard_effects():
        for raw in effects:
            assert step_to_data(step_from_data(raw)) == raw, where


def test_the_validation_builds_the_typed_steps() -> None:
    effects = dict(_standard_effects())["card 15 shaded"]
    steps = validate_side("card 15", "shaded", effects)
    assert isinstance(steps[0], FreeDecreeStep) and steps[0].decree == "campaign"
    assert isinstance(steps[1], FreeCommandStep) and steps[1].in_ == Where(kind="province")


def test_a_loaded_deck_holds_typed_steps_in_the_files_form_when_dumped() -> None:
    deck = standard_deck()
    for where, effects in _standard_effects():
        number, side = int(where.split()[1]), where.split()[2]
        held = getattr(deck.cards[number], side).effects
        assert all(type(s) in STEP_CLASSES.values() for s in held), where
        assert [step_to_data(s) for s in held] == effects, where
    dumped = deck.cards[15].model_dump(mode="json")
    assert dumped["shaded"]["effects"] == dict(_standard_effects())["card 15 shaded"]


def test_an_each_continuation_keeps_its_picks_in_the_frame_form() -> None:
    each = step_from_data(
        {"each": {"in": {"kind": "province"}, "do": [{"tributary": {"set": True}}]}}
    )
    assert isinstance(each, EachStep) and each.select == 1 and each.picked == ()
    more = each.model_copy(update={"select": 2, "picked": ("malwa",)})
    data = step_to_data(more)
    assert data == {
        "each": {
            "in": {"kind": "province"},
            "do": [{"tributary": {"set": True}}],
            "select": 2,
            "_picked": ["malwa"],
        }
    }
    assert step_from_data(data) == more


def test_no_step_field_is_untyped() -> None:
    models = [*STEP_CLASSES.values(), Where, Holding, Placed, Option]
    for model in models:
        for name, field in model.model_fields.items():
            shown = repr(field.annotation)
            assert "Any" not in shown and field.annotation is not typing.Any, (model, name)
