"""Deck files: validation errors that name the card and field, a custom deck that plays a
whole game, and the card lookups for the bot."""

from __future__ import annotations

import copy
import functools
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml_text
from invariants import check

from rules import vijayanagara
from rules.errors import DataError
from rules.vijayanagara.cards import card_info, deck_for, find_cards, load_deck_text, with_deck

FIXTURES = Path(__file__).parent / "fixtures"


@functools.cache
def _standard_doc() -> dict[str, Any]:
    text = (
        resources.files("rules.vijayanagara").joinpath("data/deck.yaml").read_text(encoding="utf-8")
    )
    doc: dict[str, Any] = yaml_text.load(text)
    return doc


def standard_doc() -> dict[str, Any]:
    """The standard deck's document, a copy of its own to edit (the file is read once)."""
    return copy.deepcopy(_standard_doc())


def broken(edit: Any) -> str:
    doc = standard_doc()
    edit(doc["cards"])
    return yaml_text.dump(doc)


def card(cards: list[dict[str, Any]], number: int) -> dict[str, Any]:
    return next(c for c in cards if c["number"] == number)


CASES = [
    (
        "unknown step",
        lambda cs: card(cs, 3)["unshaded"]["effects"].append({"teleport": {"piece": "raja"}}),
        ["card 3 (Kakatiya Empire Extinguished)", "unshaded.effects[2]", "unknown step 'teleport'"],
    ),
    (
        "unknown space",
        lambda cs: card(cs, 16)["unshaded"]["effects"][0]["place"]["in"].update(
            spaces=["atlantis"]
        ),
        ["card 16", "unshaded.effects[0].place.in.spaces[0]", "unknown space 'atlantis'"],
    ),
    (
        "unknown city",
        lambda cs: card(cs, 1)["unshaded"]["effects"][0]["place"]["in"].update(city="agra"),
        ["card 1 (Capital Relocated)", "place.in.city", "unknown City 'agra'"],
    ),
    (
        "bad piece",
        lambda cs: card(cs, 13)["shaded"]["effects"][0]["place"].update(piece="elephant"),
        ["card 13 (Siri Fort)", "shaded.effects[0].place.piece", "unknown piece 'elephant'"],
    ),
    (
        "unknown field",
        lambda cs: card(cs, 17)["shaded"]["effects"][0]["resources"].update(gain=3),
        ["card 17 (Token Currency)", "shaded.effects[0].resources", "unknown field(s) ['gain']"],
    ),
    (
        "unknown faction",
        lambda cs: card(cs, 25)["shaded"]["effects"][0]["resources"].update(faction="X"),
        ["card 25", "resources.faction", "unknown faction 'X'"],
    ),
    (
        "wrong command for the faction",
        lambda cs: card(cs, 35)["shaded"]["effects"][0]["free_command"].update(command="rally"),
        ["card 35", "free_command.command", "unknown Command 'rally' for D"],
    ),
    (
        "nested step inside each",
        lambda cs: card(cs, 4)["shaded"]["effects"][0]["each"]["do"][0]["place"].update(
            piece="dragon"
        ),
        ["card 4", "shaded.effects[0].each.do[0].place.piece", "unknown piece 'dragon'"],
    ),
    (
        "unknown condition",
        lambda cs: card(cs, 6)["unshaded"]["effects"][0]["if"].update(condition={"moon": "full"}),
        ["card 6", "unshaded.effects[0].if.condition", "unknown condition 'moon'"],
    ),
    (
        "Rajas placed in Delhi",
        lambda cs: card(cs, 16)["unshaded"]["effects"][0]["place"]["in"].update(spaces=["delhi"]),
        ["card 16", "place.in.spaces", "never go to Delhi"],
    ),
    (
        "place without in",
        lambda cs: card(cs, 13)["unshaded"]["effects"][0]["place"].pop("in"),
        ["card 13", "missing field 'in'"],
    ),
]


@pytest.mark.parametrize(("name", "edit", "expected"), CASES, ids=[c[0] for c in CASES])
def test_malformed_deck_names_card_and_field(name: str, edit: Any, expected: list[str]) -> None:
    with pytest.raises(DataError) as err:
        load_deck_text(broken(edit))
    for part in expected:
        assert part in str(err.value), str(err.value)


def test_standard_deck_is_valid() -> None:
    deck = vijayanagara.standard_deck()
    assert len(deck.of_kind("event")) == 36


def test_custom_deck_option_and_lookup() -> None:
    text = (FIXTURES / "small_deck.yaml").read_text(encoding="utf-8")
    options = with_deck(vijayanagara.GameOptions(), text)
    deck = deck_for(options)
    assert deck is deck_for(
        with_deck(vijayanagara.GameOptions(), text)
    )  # parsed once (LRU by content hash)
    assert len(deck.of_kind("event")) == 24
    s = vijayanagara.new_game(3, options)
    assert set(s.order) | {s.current_card} <= set(deck.cards)


@pytest.mark.parametrize("seed", [1, 2])
def test_custom_deck_plays_a_random_game_to_the_end(seed: int) -> None:
    text = (FIXTURES / "small_deck.yaml").read_text(encoding="utf-8")
    s = vijayanagara.new_game(seed, with_deck(vijayanagara.GameOptions(), text))
    r = random.Random(seed)
    events = 0
    for _ in range(5000):
        if s.game_over:
            break
        acts = vijayanagara.legal_actions(s)
        a = r.choice(acts)
        if a == vijayanagara.Choose(option="event"):
            events += 1
        s = vijayanagara.apply(s, a)
        check(s)
    assert s.game_over and events > 0


def test_card_info_and_search() -> None:
    info = card_info(9)
    assert info.title == "Diamond Mines of Golconda" and info.stay_eligible
    assert info.order == (vijayanagara.Faction.B, vijayanagara.Faction.V, vijayanagara.Faction.D)
    assert info.unshaded and info.unshaded.startswith("Choose one")
    assert info.shaded == "Delhi gains 3 Resources and places 1 Troop in Andhra."
    assert info.flavor
    assert [c.number for c in find_cards("the")] == [4, 5, 8, 12, 34]
    assert [c.number for c in find_cards("fall of")] == [10, 18]
    assert [c.number for c in find_cards("36")] == [36]
    custom = deck_for(
        with_deck(
            vijayanagara.GameOptions(), (FIXTURES / "small_deck.yaml").read_text(encoding="utf-8")
        )
    )
    assert find_cards("border", custom)[0].number == 101
