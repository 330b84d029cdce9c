"""An order is read once: its steps with their places, errors that name the step, and the
candidates of an ambiguous name; each action owns its text form."""

from __future__ import annotations

import pytest

from rules import vijayanagara
from rules.vijayanagara.actions import TYPED, Move, Select


def test_an_order_is_read_into_steps_with_their_places() -> None:
    text = "  command ;march\n; move 2 troop from delhi to malwa;; done "
    steps = vijayanagara.parse_order(text)
    assert [s.number for s in steps] == [1, 2, 3, 4]
    assert [s.text for s in steps] == [
        "command",
        "march",
        "move 2 troop from delhi to malwa",
        "done",
    ]
    for s in steps:
        assert text[s.span.start : s.span.end] == s.text
    assert steps[2].action == Move(
        piece=vijayanagara.Piece.TROOP, count=2, origin="delhi", dest="malwa"
    )


def test_a_bad_step_is_named_by_its_number_and_text() -> None:
    with pytest.raises(vijayanagara.InvalidOrder) as err:
        vijayanagara.parse_order("command; march; move 2 dragons from delhi to malwa")
    e = err.value
    assert (e.step, e.steps, e.step_text) == (3, 3, "move 2 dragons from delhi to malwa")
    assert e.where == "Step 3 (`move 2 dragons from delhi to malwa`)"
    assert "expected a piece" in str(e)


def test_an_ambiguous_space_carries_the_step_read_with_each_match() -> None:
    with pytest.raises(vijayanagara.AmbiguousOrder) as err:
        vijayanagara.parse_order("select ma")
    e = err.value
    assert e.spaces == ("madhyadesh", "maharashtra", "malwa")
    assert e.candidates == tuple(Select(space=s) for s in e.spaces)
    assert e.where == "`select ma`"
    with pytest.raises(vijayanagara.AmbiguousOrder) as err:
        vijayanagara.parse_order("march; move 2 troop from ma to delhi")
    assert err.value.step == 2
    assert [c.to_text() for c in err.value.candidates] == [
        f"move 2 troop from {s} to delhi" for s in ("madhyadesh", "maharashtra", "malwa")
    ]


def test_every_verb_is_read_by_the_action_that_prints_it() -> None:
    assert {c.verb for c in TYPED} == vijayanagara.notation.VERBS
    examples = [
        "select delhi",
        "place 2 troop in delhi",
        "remove 1 rebel-amir from maharashtra",
        "move 1 governor from jaunpur to malwa",
        "replace governor with nothing in malwa",
        "support 2 troop from andhra",
        "target B",
        "charge 3",
        "screen 1",
        "take 4 troop",
        "drop 1 troop",
        "go malwa",
        "gain 1 resources 2 cavalry",
        "shift V -1",
        "slot rebel-amir from available",
        "cavalry from D",
        "done",
        "give 2 resources from D to B",
        "undo",
    ]
    for text in examples:
        (action,) = vijayanagara.parse(None, text)
        assert type(action).verb == text.split()[0]
        assert action.to_text() == text == vijayanagara.describe(None, action)
