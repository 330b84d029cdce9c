"""Data: the map and the card list load, and a bad id or field is an error naming it."""

from __future__ import annotations

import copy
from importlib import resources
from typing import Any

import pytest
import yaml_text

from rules import vijayanagara
from rules.vijayanagara.board import parse_board
from rules.vijayanagara.cards import parse_deck


def _map() -> dict[str, Any]:
    text = (
        resources.files("rules.vijayanagara").joinpath("data/map.yaml").read_text(encoding="utf-8")
    )
    data: dict[str, Any] = yaml_text.load(text)
    return data


def _deck() -> dict[str, Any]:
    text = (
        resources.files("rules.vijayanagara").joinpath("data/deck.yaml").read_text(encoding="utf-8")
    )
    data: dict[str, Any] = yaml_text.load(text)
    return data


def test_the_map_matches_the_rulebook_facts() -> None:
    b = vijayanagara.board()
    assert len(b.spaces) == 15
    assert sum(s.prosperity for s in b.spaces.values()) == 18  # 2.1: Delhi starts at 18 VP
    assert b.adjacent("gondwana", "andhra") and b.adjacent("madhyadesh", "orissa")  # 1.3.5
    assert not b.adjacent("jaunpur", "punjab")  # 1.3.5
    assert not b.adjacent("malwa", "gondwana") and not b.adjacent("madhyadesh", "jaunpur")  # 1.3.6
    assert {s for s, sp in b.spaces.items() if sp.kind == "mongol_region"} == {
        "mountain_passes",
        "punjab",
    }
    assert all(b.adjacent(a, c) == b.adjacent(c, a) for a in b.spaces for c in b.spaces)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda m: m["adjacent"].append(["delhi", "atlantis"]), "unknown space id 'atlantis'"),
        (lambda m: m["spaces"][4].update(prosperity=3), "rajput"),
        (lambda m: m["spaces"][4].update(colour="green"), "unknown field"),
        (lambda m: m["cities"][0].update(touches=["punjab", "narnia"]), "multan"),
        (lambda m: m["spaces"].append(dict(m["spaces"][3])), "duplicate space id 'sindh'"),
        (lambda m: m.pop("cities"), "cities: missing"),
        (lambda m: m["spaces"][3].update(id="@card"), r"\(@card\): id: String should match"),
        (lambda m: m["spaces"][3].update(kind="sea"), r"\(sindh\): kind: Input should be"),
    ],
)
def test_a_bad_map_is_an_error_that_names_it(mutate: Any, message: str) -> None:
    data = copy.deepcopy(_map())
    mutate(data)
    with pytest.raises(vijayanagara.DataError, match=message):
        parse_board(data)


def test_the_card_list_has_what_2_1_needs() -> None:
    deck = vijayanagara.standard_deck()
    assert len(deck.of_kind("event")) == 36
    assert len(deck.of_kind("mongol_invasion")) == 8
    assert [deck.cards[n].title for n in deck.succession] == [
        "Zenith of the Delhi Sultanate",
        "Rise of the Rebel Sultans",
        "Lords of the Deccan",
    ]
    assert len(deck.timurid) == 2
    for n in deck.of_kind("event"):
        card = deck.cards[n]
        assert sorted(card.order) == ["B", "D", "V"]
        assert card.unshaded is not None and card.shaded is not None


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["cards"][0].update(order=["D", "D", "V"]), "card 1 .*order"),
        (lambda d: d["cards"][1].update(stay_eligible="perhaps"), "card 2 .*stay_eligible"),
        (lambda d: d["cards"][2].update(colour="red"), "card 3 .*unknown field"),
        (lambda d: d["mongol_invasion_cards"][0].update(faction="D"), "card 37 .*faction"),
        (lambda d: d["cards"].append(dict(d["cards"][0])), "duplicate card number 1"),
    ],
)
def test_a_bad_card_list_is_an_error_that_names_it(mutate: Any, message: str) -> None:
    data = copy.deepcopy(_deck())
    mutate(data)
    with pytest.raises(vijayanagara.DataError, match=message):
        parse_deck(data)
