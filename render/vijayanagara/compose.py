"""Compose the board image and encode it as PNG."""

from __future__ import annotations

import threading
from functools import cache

from PIL import Image

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import GameState

from .. import png
from . import geometry as g
from . import painted, palette, sprites, theme
from .mapview import draw_map, fills, items, outline, regions
from .panel import draw_panel

# The bot renders in worker threads. The drawing shares cached fonts, masks, tiles and maps
# (the caches are not locked), and a FreeType face must not be used by two threads at once:
# draw one board at a time; the PNG encoding runs outside the lock.
_DRAWING = threading.Lock()


def image(
    state: GameState,
    highlight: list[str] | None = None,
    names: dict[vijayanagara.Faction, str] | None = None,
) -> Image.Image:
    """The board as a Pillow image (RGB, WIDTH x HEIGHT: the map on top, the panel below);
    `names`: the players' names by seat, for the line of whose turn it is."""
    with _DRAWING:
        drawn = draw_map(state, _spaces(state, highlight))
        panel = draw_panel(state, names)
    img = Image.new("RGB", (g.WIDTH, g.HEIGHT))
    img.paste(drawn, (0, 0))
    img.paste(panel, (0, g.MAP_H))
    return img


def _spaces(state: GameState, highlight: list[str] | None) -> list[str]:
    return list(state.touched) if highlight is None else list(highlight)


def palette_sample() -> Image.Image:
    """The shades a board has: a whole board, the map in each tint, every piece (what the
    palette's shades are taken from: palette.build)."""
    tints = (theme.LAND, theme.TRIBUTARY_TINT, *theme.CONTROL_TINT.values())
    n = len(g.POLYGONS)
    maps = [
        painted.paint(tuple(tints[(i + k) % len(tints)] for i in range(n)))
        for k in range(len(tints))
    ]
    board = image(vijayanagara.new_game(7), [])
    pieces = Image.new("RGB", (40 * len(vijayanagara.Piece), 40), theme.LAND)
    for i, kind in enumerate(vijayanagara.Piece):
        icon = sprites.piece(kind, 32)
        pieces.paste(icon, (40 * i, 4), icon)
    out = Image.new("RGB", (g.WIDTH, g.HEIGHT + g.MAP_H * len(maps) + 40))
    out.paste(board, (0, 0))
    for k, m in enumerate(maps):
        out.paste(m, (0, g.HEIGHT + g.MAP_H * k))
    out.paste(pieces, (0, g.HEIGHT + g.MAP_H * len(maps)))
    return out


@cache
def board_palette() -> Image.Image:
    """The fixed palette of every board (render/vijayanagara/palette.py: its stored shades are
    those of `palette_sample`)."""
    return palette.fixed()


def board(
    state: GameState,
    highlight: list[str] | None = None,
    names: dict[vijayanagara.Faction, str] | None = None,
) -> bytes:
    """The board as PNG bytes: pure and deterministic (same state, same bytes).

    `highlight` lists space ids to outline; None means the spaces touched by the last action
    (`state.touched`), [] means none."""
    # An 8-bit palette PNG: the board is flat colours, and a palette PNG is about a third of
    # the size of RGB and encodes several times faster. The painted map is kept on the
    # palette (painted.quantised), the panel is drawn on it (its tiles mapped once): only the
    # boxes drawn over the map are mapped here, each drawn on its own crop of the map.
    pal = board_palette()
    out = png.Rows((g.WIDTH, g.HEIGHT), pal.getpalette() or [])
    with _DRAWING:
        colours = fills(state)
        out.paste(painted.quantised(colours, pal), (0, 0))
        under = painted.painted(colours)
        touched = [sid for sid in _spaces(state, highlight) if sid in g.POLYGONS]
        if touched:
            under = under.copy()
            outline(under, state, touched)
            for sid in touched:
                xy, _, where = painted.outlined(sid, colours)
                out.paste(painted.outlined_on(sid, colours, pal), xy, where)
        for box, group in regions(items(state)):
            crop = under.crop(box)
            for item in group:
                item.draw(crop, box[0], box[1])
            out.paste(palette.to_palette(crop, pal), box[:2])
        out.paste(draw_panel(state, names, pal), (0, g.MAP_H))
    return out.encode()
