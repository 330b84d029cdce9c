"""Rajas of the Ganges' component files: our reconstruction loads and meets every count and
example of the text; an owner's file that breaks one is refused, naming the field."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from rules.errors import DataError
from rules.rajas import GAME
from rules.rajas.components import (
    MAX_CHARS,
    load_board_text,
    load_tiles_text,
    standard_board,
    standard_texts,
    standard_tiles,
)
from rules.rajas.options import RajasOptions

BOARD, TILES = standard_texts()


def test_components_sixty_four_tiles_sixteen_of_each_colour_in_twelve_stacks() -> None:
    tiles = standard_tiles()
    assert len(tiles.tiles) == 64
    assert Counter(t.colour for t in tiles.tiles) == {0: 16, 1: 16, 2: 16, 3: 16}
    assert len(tiles.stacks) == 12 and all(tiles.stacks)
    assert sorted(k for st in tiles.stacks for k in st) == list(range(64))


def test_building_action_examples_exist_among_the_tiles() -> None:
    """I. Building action: an orange 9 and a blue 7 are among the tiles."""
    costs = {(t.colour, t.cost) for t in standard_tiles().tiles}
    assert (2, 9) in costs and (0, 7) in costs


def test_setup_eight_white_yield_tiles_of_the_dancers_kinds() -> None:
    board = standard_board()
    assert len(board.yield_tiles) == 8
    assert set(board.yield_tiles) <= {"die", "money", "upgrade", "karma"}


def test_end_of_the_game_example_pairs_the_tracks() -> None:
    """End of the game, the example: money 65 beside fame 28, money 52 beside fame 35."""
    board = standard_board()
    assert board.beside[65] == 28 and board.beside[52] == 35
    assert board.beside[0] == board.fame_spaces and board.beside[-1] == 0
    assert all(a >= b for a, b in zip(board.beside, board.beside[1:], strict=False))


def test_the_fame_space_beside_a_money_space_is_the_one_at_or_just_past_its_place() -> None:
    """The tracks: a money space's place along the fame track follows the pairing's line
    unrounded, also where an owner's board bends it past the example's stretch."""
    text = BOARD.replace(
        "[65, 28], [78, 21], [91, 14], [104, 7], [117, 0]]", "[65, 28], [135, 0]]"
    ).replace("money_spaces: 117", "money_spaces: 135")
    for board in (standard_board(), load_board_text(text)):
        assert all(math.ceil(p) == f for p, f in zip(board.place, board.beside, strict=True))
    bent = load_board_text(text)
    assert (bent.place[52], bent.place[65], bent.place[100], bent.place[135]) == (35, 28, 14, 0)


def test_board_sides_quarry_costs_one_to_four_and_harbour_first_free() -> None:
    board = standard_board()
    four, three, two = board.sides[4], board.sides[3], board.sides[2]
    assert set(four.quarry) <= {1, 2, 3, 4} and four.harbour[0] == 0
    assert len(three.quarry) < len(four.quarry)  # a cover tile closes spaces with 3 players
    palace = 4 + 4 + 6 + four.outer_terrace
    spaces = len(four.quarry) + len(four.harbour) + four.assorted_market + four.goods_market
    assert palace == 19 and spaces + palace == 37
    assert len(two.quarry) + len(two.harbour) + two.goods_market < spaces


def _refused(loader: object, text: str, match: str) -> None:
    with pytest.raises(DataError, match=match):
        loader(text)  # type: ignore[operator]


def test_a_tiles_file_short_of_a_tile_is_refused() -> None:
    lines = TILES.splitlines()
    _refused(load_tiles_text, "\n".join(lines[:-1]), "64 tiles are needed, the file has 63")


def test_a_tiles_file_without_a_back_symbol_in_a_colour_is_refused() -> None:
    text = TILES.replace("colour: purple, back: tiger", "colour: purple, back: cow")
    _refused(load_tiles_text, text, "no purple tile has the tiger back")


def test_a_tiles_file_with_a_bad_field_names_it() -> None:
    text = TILES.replace("roads: NE,", "roads: NX,", 1)
    _refused(load_tiles_text, text, r"tiles\[0\]\.roads")


def test_a_board_file_breaking_the_end_game_example_is_refused() -> None:
    text = BOARD.replace("[52, 35]", "[52, 36]")
    _refused(load_board_text, text, "money 52 lies beside fame 35")


def test_a_board_whose_harbour_charges_the_first_worker_is_refused() -> None:
    text = BOARD.replace("harbour: [[0, 1, 1, 2]]", "harbour: [[1, 1, 1, 2]]")
    _refused(load_board_text, text, "the first space is free")


def test_a_board_with_one_cover_tile_is_refused() -> None:
    text = BOARD.replace("      - {goods_market: 1, outer_terrace: 1}\n", "")
    _refused(load_board_text, text, "the 3-player game has 2 cover tiles")


def test_a_board_with_the_residence_off_the_middle_is_refused() -> None:
    text = BOARD.replace("residence: {column: 2", "residence: {column: 1")
    _refused(load_board_text, text, "middle of the top row")


def test_a_board_file_is_bounded_and_takes_no_aliases() -> None:
    _refused(load_board_text, "x" * (MAX_CHARS + 1), "too large")
    _refused(load_board_text, "a: &x [1]\nb: *x\n", "anchors and aliases")


def test_an_owners_files_play_the_game() -> None:
    options = RajasOptions(board_file=BOARD, tiles_file=TILES)
    s = GAME.new_game(options, ("red", "yellow"))
    assert s.board.text_key == standard_board().text_key and GAME.chance(s) is not None
    with pytest.raises(DataError, match="tiles file"):
        GAME.new_game(RajasOptions(tiles_file="tiles: []"), ("red", "yellow"))
