"""Compose the board image and encode it as PNG."""

from __future__ import annotations

import io
import threading

from PIL import Image

from rules import GameState

from . import geometry as g
from .mapview import draw_map
from .panel import draw_panel

# The bot renders in worker threads. The drawing shares cached fonts, masks and images, and a
# FreeType face must not be used by two threads at once: draw one board at a time (about 15 ms
# of CPU); the PNG encoding, the larger part, runs outside the lock.
_DRAWING = threading.Lock()


def image(state: GameState, highlight: list[str] | None = None) -> Image.Image:
    """The board as a Pillow image (RGB, WIDTH x HEIGHT: the map on top, the panel below)."""
    spaces = list(state.touched) if highlight is None else list(highlight)
    with _DRAWING:
        img = Image.new("RGB", (g.WIDTH, g.HEIGHT))
        img.paste(draw_map(state, spaces), (0, 0))
        img.paste(draw_panel(state), (0, g.MAP_H))
    return img


def board(state: GameState, highlight: list[str] | None = None) -> bytes:
    """The board as PNG bytes: pure and deterministic (same state, same bytes).

    `highlight` lists space ids to outline; None means the spaces touched by the last action
    (`state.touched`), [] means none."""
    # A 256-colour palette: the board is flat colours, and a palette PNG is about a third of
    # the size and encodes several times faster than RGB. Octree quantisation is deterministic.
    pal = image(state, highlight).quantize(
        colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()
