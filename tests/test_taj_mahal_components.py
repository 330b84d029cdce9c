"""The reconstructed components of Taj Mahal, and the loader of owners' board and card files."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import yaml_text

from rules.errors import DataError
from rules.taj_mahal import GAME, SEATS, TajOptions
from rules.taj_mahal.components import (
    COLOURS,
    SYMBOLS,
    load_board_text,
    load_cards_text,
    standard_board,
    standard_cards,
    standard_texts,
)

BOARD_TEXT, CARDS_TEXT = standard_texts()


def test_board_has_12_provinces_49_cities_16_fortresses_and_5_cities_in_agras() -> None:
    b = standard_board()
    assert len(b.province_ids) == 12 and len(b.city_ids) == 49 and sum(b.fortress) == 16
    assert sorted(len(cs) for cs in b.cities_of) == [4] * 11 + [5]
    assert len(b.cities_of[b.agra_province]) == 5 and b.fortress[b.agra_city]
    assert len(b.bonus_fortresses) == 15 == len(b.bonus_tiles)
    # every province has a road to another (palaces can connect across the board)
    for p, cs in enumerate(b.cities_of):
        assert any(b.city_province[n] != p for c in cs for n in b.neighbours[c])


def test_board_tiles_province_tile_1_shows_one_commodity_the_others_two() -> None:
    b = standard_board()
    assert [len(t) for t in b.province_tiles] == [1] + [2] * 11
    kinds = Counter(t.kind for t in b.bonus_tiles)
    assert set(kinds) == {"points", "card", "commodity"}
    assert {t.value for t in b.bonus_tiles if t.kind == "points"} == {2, 4}
    assert b.taj_mahal.kind == "points" and b.taj_mahal.value == 4


def test_cards_96_of_them_21_per_colour_12_white_and_4_special_cards() -> None:
    c = standard_cards()
    colours = Counter(c.kinds[k].colour for k in c.deck)
    assert colours == {"red": 21, "yellow": 21, "green": 21, "violet": 21, "white": 12}
    assert len(c.specials) == 4
    assert sorted(c.special_of) == sorted(c.specials)  # each pair of tiles wins one card


def test_cards_each_colour_carries_the_same_symbols_so_no_colour_is_stronger() -> None:
    c = standard_cards()
    per_colour = {
        colour: [
            sum(c.kinds[k].counts[i] for k in c.deck if c.kinds[k].colour == colour)
            for i in range(6)
        ]
        for colour in COLOURS
    }
    assert len({tuple(v) for v in per_colour.values()}) == 1
    assert all(1 <= sum(c.kinds[k].counts) <= 2 for k in c.deck)


def test_cards_white_seven_elephants_and_one_of_each_other_symbol() -> None:
    c = standard_cards()
    white = Counter(
        SYMBOLS[c.kinds[k].counts.index(1)] for k in c.deck if c.kinds[k].colour == "white"
    )
    assert white == {
        "elephant": 7,
        "vizier": 1,
        "general": 1,
        "monk": 1,
        "princess": 1,
        "grand_mogul": 1,
    }


Change = Callable[[Any], object]


def _changed(text: str, change: Change) -> str:
    data = yaml_text.load(text)
    change(data)
    return yaml_text.dump(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"][0]["symbols"].__setitem__(0, "wizard"), r"cards\[0\]\.symbols\[0\]"),
        (
            lambda d: d["cards"][0].__setitem__("count", 3),
            "21 red cards are needed, the file has 22",
        ),
        (lambda d: d["cards"][0].__setitem__("colour", "blue"), r"cards\[0\]\.colour"),
        (lambda d: d["special_cards"].pop(), "special_cards: 4 are needed"),
        (
            lambda d: d["special_cards"][0].__setitem__("influence", "vizier"),
            r"special_cards\[\d\]\.influence",
        ),
        (lambda d: d["cards"][0].__setitem__("extra", 1), r"cards\[0\]\.extra"),
        (lambda d: d.pop("cards"), "cards"),
    ],
)
def test_cards_file_refused_naming_the_bad_field(change: Change, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_cards_text(_changed(CARDS_TEXT, change))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["roads"].append(["agra", "atlantis"]),
            r"roads\[\d+\]\[1\]: 'atlantis' is not a city",
        ),
        (lambda d: d["roads"].append(["agra", "agra"]), "two different cities"),
        (lambda d: d["cities"][0].__setitem__("fortress", False), "16 fortresses are needed"),
        (lambda d: d["cities"][0].__setitem__("province", "bengal"), r"cities\[0\]\.province"),
        (lambda d: d["cities"].pop(), "49 are needed"),
        (
            lambda d: d["province_tiles"][0]["commodities"].append("rice"),
            "tile 1 shows 1 commodity",
        ),
        (
            lambda d: d["province_tiles"][1]["commodities"].__setitem__(0, "gold"),
            r"province_tiles\[1\]\.commodities\[0\]",
        ),
        (lambda d: d["bonus_tiles"][0].__setitem__("count", 3), "bonus_tiles: 15 are needed"),
        (
            lambda d: d["bonus_tiles"][0].__setitem__("commodity", "tea"),
            r"bonus_tiles\[0\]\.commodity",
        ),
        (lambda d: d["agra"].__setitem__("city", "mathura"), "agra.city: Agra is a fortress"),
        (
            lambda d: d.__setitem__("roads", [r for r in d["roads"] if "thatta" not in r]),
            "no road leads to 'thatta'",
        ),
    ],
)
def test_board_file_refused_naming_the_bad_field(change: Change, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_board_text(_changed(BOARD_TEXT, change))


def test_files_are_bounded_before_they_are_read() -> None:
    with pytest.raises(DataError, match="too large"):
        load_cards_text("#" * 70_000)
    with pytest.raises(DataError, match="anchors and aliases"):
        load_cards_text("a: &x [1]\nb: *x\n")
    with pytest.raises(DataError, match="nested deeper"):
        load_board_text("[" * 20 + "]" * 20)
    with pytest.raises(DataError, match="not valid YAML"):
        load_board_text("cities: [")


def test_an_owners_files_play_a_whole_game() -> None:
    # the owner's cards: red's Grand Mogul pairing moved to yellow's, same counts
    def swap(d: dict[str, list[dict[str, object]]]) -> None:
        for c in d["cards"]:
            if c["colour"] == "red":
                c["colour"] = "yellow"
            elif c["colour"] == "yellow":
                c["colour"] = "red"

    cards = _changed(CARDS_TEXT, swap)
    board = _changed(
        BOARD_TEXT, lambda d: d["province_tiles"][1].__setitem__("commodities", ["tea", "tea"])
    )
    s = GAME.new_game(TajOptions(cards_file=cards, board_file=board), SEATS[:3])
    assert s.cards.text_key != standard_cards().text_key and s.board.province_tiles[1] == (
        "tea",
        "tea",
    )
    rng = random.Random(3)
    while GAME.result(s) is None:
        s = GAME.apply(
            s, GAME.deal(s, rng.randrange) if GAME.chance(s) else rng.choice(GAME.legal_actions(s))
        )
    assert GAME.result(s) is not None


def test_a_bad_owners_file_is_refused_when_the_game_is_made() -> None:
    with pytest.raises(DataError, match="cards file"):
        GAME.new_game(TajOptions(cards_file="cards: []\nspecial_cards: []\n"), SEATS[:3])


def test_cards_the_pairs_of_influence_tiles_win_the_special_cards_the_doc_names() -> None:
    """Our choice, a data field of each special card (docs/taj_mahal.md): Generals -> +1
    Elephant, Princesses -> +1 Grand Mogul, Viziers -> +2 points, Monks -> colour change."""
    c = standard_cards()
    effects = [c.kinds[c.special_of[k]].effect for k in range(4)]
    assert effects == ["points", "elephant", "colour_change", "grand_mogul"]
