"""The render cost: a fixed palette that keeps the theme's colours exact, and a
base-map cache bounded by bytes. (Speed and size figures are in bench/render.py, not here.)"""

from __future__ import annotations

import gc
import io
import random
import sys
from pathlib import Path

import pytest
from first_board import first_board
from PIL import Image, ImageChops

from render.vijayanagara import board, fastdraw, geometry, painted, palette, sprites, theme
from render.vijayanagara.compose import board_palette, palette_sample
from render.vijayanagara.examples import playout
from render.vijayanagara.lru import LRU
from render.vijayanagara.mapview import fills
from rules import vijayanagara


def _colours(png: bytes) -> set[tuple[int, int, int]]:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return {c for _, c in img.getcolors(maxcolors=1 << 16) or []}


def test_every_board_uses_the_same_fixed_palette() -> None:
    boards = [board(vijayanagara.new_game(7)), board(playout(seed=3, steps=200))]
    palettes = [Image.open(io.BytesIO(b)).getpalette() for b in boards]
    assert palettes[0] == palettes[1] == board_palette().getpalette()
    assert len(palettes[0] or []) // 3 <= palette.SIZE


def test_the_stored_shades_are_those_the_sample_drawings_give() -> None:
    """The palette's shades are stored (palette.SHADES), not taken by every process from the
    sample drawings: they are still what the sample gives (the map in every tint, a board,
    every piece), entry for entry."""
    made = palette.build(palette_sample())
    assert made.getpalette() == board_palette().getpalette(), (
        f"the sample now gives palette.SHADES = {tuple(palette.shades(made))}"
    )


def test_the_faction_colours_and_tints_stay_exact() -> None:
    entries = set(palette.named_colours())
    for table in (theme.FACTION, theme.CONTROL_TINT):
        assert set(table.values()) <= entries
    flat = board_palette().getpalette() or []
    kept = {(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)}
    assert entries <= kept
    # on a board: Delhi's colour and the Vijayanagara Control tint, exactly
    shown = _colours(board(playout(seed=7, steps=160)))
    assert theme.FACTION[vijayanagara.Faction.D] in shown
    assert theme.CONTROL_TINT[vijayanagara.Faction.V] in shown


@pytest.mark.parametrize("kind", [vijayanagara.Piece.REBEL_AMIR, vijayanagara.Piece.REBEL_RAJA])
def test_rebelling_units_keep_their_red_outline_on_the_palette(kind: vijayanagara.Piece) -> None:
    """The red that tells Rebelling from Obedient (1.4.5) survives the mapping."""
    icon = sprites.piece(kind, 32)
    land = Image.new("RGB", icon.size, theme.LAND)
    land.paste(icon, (0, 0), icon)
    mapped = palette.to_palette(land, board_palette()).convert("RGB")
    assert theme.REBEL in {c for _, c in mapped.getcolors() or []}
    obedient = {
        vijayanagara.Piece.REBEL_AMIR: vijayanagara.Piece.AMIR,
        vijayanagara.Piece.REBEL_RAJA: vijayanagara.Piece.RAJA,
    }
    calm = sprites.piece(obedient[kind], 32)
    land2 = Image.new("RGB", calm.size, theme.LAND)
    land2.paste(calm, (0, 0), calm)
    mapped2 = palette.to_palette(land2, board_palette()).convert("RGB")
    assert theme.REBEL not in {c for _, c in mapped2.getcolors() or []}


def test_the_base_map_cache_stays_within_its_bound() -> None:
    """Many games with different Control and Tributary markers: the cache holds at most
    BASE_CACHE_BYTES of maps, and a board drawn from a fresh map equals one from the cache.
    Each game's map is asked for as board() asks for it (its fills, on the palette)."""
    cache = painted.cached()
    start = vijayanagara.new_game(7)
    first = board(start, [])
    one_map = geometry.MAP_W * geometry.MAP_H * 4  # Pillow keeps an RGB pixel in four bytes
    for i, sid in enumerate(
        s for s in geometry.POLYGONS if vijayanagara.board().spaces[s].is_province
    ):
        state = start.clone()
        state.spaces[sid].tributary = not state.spaces[sid].tributary
        state.spaces[sid].control = None if i % 2 else vijayanagara.Faction.B
        painted.quantised(fills(state), board_palette())
        assert cache.bytes <= painted.CACHE_BYTES
        assert len(cache) * one_map == cache.bytes
    assert len(cache) == painted.CACHE_BYTES // one_map  # full, not more
    assert board(start, []) == first  # evicted, painted again: the same bytes


def test_repainting_a_cached_map_gives_the_same_pixels_as_painting_afresh() -> None:
    """So the bytes of a board do not depend on what the cache held before (determinism)."""
    tints = [theme.LAND, theme.TRIBUTARY_TINT, *theme.CONTROL_TINT.values()]
    pick = random.Random(14)
    spaces = list(geometry.POLYGONS)
    for _ in range(4):
        before = tuple(pick.choice(tints) for _ in spaces)
        after = tuple(c if pick.random() < 0.7 else pick.choice(tints) for c in before)
        img = painted.paint(before).copy()
        for i, sid in enumerate(spaces):
            if before[i] != after[i]:
                painted.repaint(img, sid, after)
        assert ImageChops.difference(img, painted.paint(after)).getbbox() is None


def test_lru_evicts_the_least_recently_used_first() -> None:
    made: list[str] = []

    def make(key: str) -> str:
        made.append(key)
        return key * 10

    lru: LRU[str, str] = LRU(25, len)
    lru.get_or_make("a", make)
    lru.get_or_make("b", make)
    lru.get_or_make("a", make)  # a is now the most recent
    lru.get_or_make("c", make)  # 30 bytes > 25: b goes
    assert (len(lru), lru.bytes) == (2, 20)
    lru.get_or_make("a", make)
    lru.get_or_make("b", make)
    assert made == ["a", "b", "c", "b"]


def test_lru_does_not_keep_a_value_larger_than_its_bound() -> None:
    lru: LRU[int, bytes] = LRU(10, len)
    assert lru.get_or_make(1, lambda k: bytes(11)) == bytes(11)
    assert (len(lru), lru.bytes) == (0, 0)


def test_the_panels_text_on_the_palette_is_pasted_from_its_kept_twin_alone() -> None:
    """A board's panel is drawn on the palette: each line of text's twin there is kept, so a
    board drawn again makes and keeps no RGB tile of its text (those are for RGB pictures),
    and it is the same board."""
    state = playout(seed=5, steps=40)
    first = board(state)
    fastdraw.clear()
    assert board(state) == first
    assert len(fastdraw._tiles) == 0


def kept_by_render() -> list[object]:
    """Every object the renderer's modules hold, however deep (their caches and what these
    keep): reached from the `render` modules, not through another module."""
    modules = [m for name, m in sys.modules.items() if name.split(".")[0] != "render"]
    other = {id(m) for m in modules} | {id(vars(m)) for m in modules}
    seen: set[int] = set()
    found: list[object] = []
    todo = [m for name, m in sys.modules.items() if name.split(".")[0] == "render"]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in other:
            continue
        seen.add(id(obj))
        found.append(obj)
        todo.extend(gc.get_referents(obj))
    return found


def test_the_renderer_keeps_one_whole_map_layer_with_transparency_the_overlay() -> None:
    """The names of the spaces are drawn into the overlay and into each space's highlight,
    which are kept; the names' own layer, a whole map's RGBA (4.4 MB), is not."""
    board(playout(seed=6, steps=30))
    size = (geometry.MAP_W, geometry.MAP_H)
    kept = [o for o in kept_by_render() if isinstance(o, Image.Image) and o.size == size]
    assert [im.mode for im in kept if im.mode == "RGBA"] == ["RGBA"]
    assert len(kept) > 1  # the painted map and its layers are found where they are kept


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
def test_the_first_board_keeps_its_parts_and_draws_no_sample_for_its_palette() -> None:
    """A process's first board keeps the cached parts (the map's layers, a painted map,
    tiles: some 40 MB); its palette is stored, the sample drawings it was taken from (a board
    and the map in each tint, some 60 MB more) are not drawn."""
    kept = first_board().kept_kb  # in a fresh process
    assert kept is not None and kept < 60_000, f"{(kept or 0) / 1024:.0f} MB kept"
