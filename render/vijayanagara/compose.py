"""Compose the board image and encode it as PNG."""

from __future__ import annotations

import io
import threading
from functools import cache

from PIL import Image

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import GameState

from . import geometry as g
from . import palette, sprites, theme
from .mapview import draw_map
from .painted import paint
from .panel import draw_panel

# The bot renders in worker threads. The drawing shares cached fonts, masks and images, and a
# FreeType face must not be used by two threads at once: draw one board at a time; the
# palette mapping and the PNG encoding run outside the lock.
_DRAWING = threading.Lock()


def image(
    state: GameState,
    highlight: list[str] | None = None,
    names: dict[vijayanagara.Faction, str] | None = None,
) -> Image.Image:
    """The board as a Pillow image (RGB, WIDTH x HEIGHT: the map on top, the panel below);
    `names`: the players' names by seat, for the line of whose turn it is."""
    spaces = list(state.touched) if highlight is None else list(highlight)
    with _DRAWING:
        img = Image.new("RGB", (g.WIDTH, g.HEIGHT))
        draw_map(img, state, spaces)
        img.paste(
            draw_panel(state, names), (0, g.MAP_H)
        )  # also covers whatever passed the map's edge
    return img


def _sample() -> Image.Image:
    """The shades a board has: a whole board, the map in each tint, every piece on the land."""
    tints = (theme.LAND, theme.TRIBUTARY_TINT, *theme.CONTROL_TINT.values())
    n = len(g.POLYGONS)
    maps = [paint(tuple(tints[(i + k) % len(tints)] for i in range(n))) for k in range(len(tints))]
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
    """The fixed palette of every board (render/vijayanagara/palette.py), made once per process."""
    return palette.build(_sample())


def board(
    state: GameState,
    highlight: list[str] | None = None,
    names: dict[vijayanagara.Faction, str] | None = None,
) -> bytes:
    """The board as PNG bytes: pure and deterministic (same state, same bytes).

    `highlight` lists space ids to outline; None means the spaces touched by the last action
    (`state.touched`), [] means none."""
    # An 8-bit palette PNG: the board is flat colours, and a palette PNG is about a third of
    # the size of RGB and encodes several times faster.
    pal = palette.to_palette(image(state, highlight, names), board_palette())
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()
