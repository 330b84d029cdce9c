"""render.board: a PNG of the documented size that changes where the state changes."""

from __future__ import annotations

import io

import pytest
from first_board import first_board
from PIL import Image, ImageChops

from render.vijayanagara import HEIGHT, WIDTH, board, geometry, image
from render.vijayanagara.examples import playout
from rules import vijayanagara
from rules.vijayanagara.forces import refresh
from rules.vijayanagara.model import Faction, GameState, Piece


@pytest.fixture(scope="module")
def start() -> GameState:
    return vijayanagara.new_game(7)


def _diff_box(a: GameState, b: GameState) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(image(a, []), image(b, [])).getbbox()


def _inside(box: tuple[int, int, int, int] | None, region: tuple[int, int, int, int]) -> bool:
    assert box is not None, "the image did not change"
    return (
        region[0] <= box[0] and region[1] <= box[1] and box[2] <= region[2] and box[3] <= region[3]
    )


def _space_box(sid: str, margin: int = 40) -> tuple[int, int, int, int]:
    xs = [p[0] for p in geometry.POLYGONS[sid]]
    ys = [p[1] for p in geometry.POLYGONS[sid]]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


PANEL = (0, geometry.MAP_H, WIDTH, HEIGHT)


def test_png_decodes_with_the_documented_size(start: GameState) -> None:
    png = board(start)
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.format == "PNG"
    assert img.size == (WIDTH, HEIGHT)


def test_deterministic(start: GameState) -> None:
    assert board(start) == board(start.clone())
    later = playout(seed=3, steps=120)
    assert board(later) == board(later.clone())


def test_deterministic_across_processes(start: GameState) -> None:
    """A fresh process makes the cached maps and tiles anew: still the same bytes."""
    import hashlib

    assert first_board().sha256 == hashlib.sha256(board(start)).hexdigest()


def test_finished_game_renders() -> None:
    done = playout(seed=5)
    assert done.game_over
    img = Image.open(io.BytesIO(board(done)))
    assert img.size == (WIDTH, HEIGHT)


def test_control_change_shows_in_that_province(start: GameState) -> None:
    s = start.clone()
    # Remove Delhi's Troops and Tributary from Gujarat and give it Bahmani Control (1.7).
    s.spaces["gujarat"].pieces = {Piece.AMIR: 3}
    s.spaces["gujarat"].tributary = False
    s.available[Faction.D][Piece.TROOP] += start.spaces["gujarat"].pieces.get(Piece.TROOP, 0)
    s.available[Faction.B][Piece.AMIR] -= 2
    refresh(s)
    assert s.spaces["gujarat"].control == Faction.B
    a = image(start, [])
    b = image(s, [])
    box = ImageChops.difference(
        a.crop((0, 0, WIDTH, geometry.MAP_H)), b.crop((0, 0, WIDTH, geometry.MAP_H))
    ).getbbox()
    assert _inside(box, _space_box("gujarat"))
    # the fill colour in the Province is the Bahmani Control tint
    x, y = 150, 520
    assert b.getpixel((x, y)) != a.getpixel((x, y))


def test_placing_a_piece_shows_in_that_space(start: GameState) -> None:
    s = start.clone()
    s.spaces["orissa"].pieces[Piece.FORT] = 1
    s.available[Faction.B][Piece.FORT] -= 1
    refresh(s)
    map_box = ImageChops.difference(
        image(start, []).crop((0, 0, WIDTH, geometry.MAP_H)),
        image(s, []).crop((0, 0, WIDTH, geometry.MAP_H)),
    ).getbbox()
    assert _inside(map_box, _space_box("orissa"))


def test_influence_track_moves_in_the_bay_of_bengal(start: GameState) -> None:
    s = start.clone()
    s.influence[Faction.V] = 1  # also worth 1 VP (5.0): the panel changes too
    map_box = ImageChops.difference(
        image(start, []).crop((0, 0, WIDTH, geometry.MAP_H)),
        image(s, []).crop((0, 0, WIDTH, geometry.MAP_H)),
    ).getbbox()
    assert _inside(map_box, geometry.INFLUENCE_BOX)


def test_resources_move_in_the_panel(start: GameState) -> None:
    s = start.clone()
    s.resources[Faction.B] += 5
    assert _inside(_diff_box(start, s), PANEL)


def test_highlight_outlines_the_touched_spaces(start: GameState) -> None:
    box = ImageChops.difference(image(start, []), image(start, ["karnataka"])).getbbox()
    assert _inside(box, _space_box("karnataka", 10))


def test_after_apply_the_board_changes(start: GameState) -> None:
    s = vijayanagara.apply(start, vijayanagara.legal_actions(start)[0])
    assert board(s) != board(start)


def test_highlight_defaults_to_the_spaces_touched_last(start: GameState) -> None:
    s = start.clone()
    s.touched = ["andhra"]
    assert board(s) == board(start, ["andhra"])
    assert board(s, []) == board(start, [])


def test_render_imports_neither_bot_nor_db() -> None:
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[1] / "render"
    pattern = re.compile(r"^\s*(from|import)\s+(bot|db)\b", re.MULTILINE)
    for path in root.glob("*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path.name


def test_renders_in_threads_agree(start: GameState) -> None:
    from concurrent.futures import ThreadPoolExecutor

    three = [start, playout(seed=2, steps=60), playout(seed=4, steps=90)]
    # each drawn once alone: a state drawn again gives the same bytes (test_deterministic)
    expected = [board(s) for s in three] * 3
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(board, three * 3)) == expected
