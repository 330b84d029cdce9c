"""The Goat-Tiger board as a picture: `board(view) -> bytes` (PNG), pure and deterministic.

The 23 points and their lines (rules.goat_tiger's layout), each numbered beside it as the
notation names it; Tigers as amber discs with dark stripes, Goats as white discs, empty points
as small rings; above, whose turn it is (or how the game ended), the Goats in the supply and
the captures; below, a legend. Where each thing goes is render.goat_tiger.layout's `sheet`.
"""

from __future__ import annotations

import math
import threading
from functools import cache

from PIL import Image, ImageDraw

from rules.goat_tiger import TITLES, State, count_of, end_text

from .. import png
from ..pictures import Names, Pictures
from .layout import HEIGHT, LINE_WIDTH, WIDTH, Disc, sheet
from .layout import font as _font

PAPER = (242, 232, 208)
INK = (70, 56, 40)
FAINT = (110, 94, 72)
TIGER = (226, 140, 32)
GOAT = (252, 252, 248)
ROLE_INK = {"title": INK, "status": INK, "facts": FAINT, "number": INK, "legend": INK}

# Pillow's FreeType faces must not be used by two threads at once: these are this module's
# own, and one picture is drawn at a time.
_DRAWING = threading.Lock()


def _piece(d: ImageDraw.ImageDraw, disc: Disc) -> None:
    x, y, r = disc.x, disc.y, disc.r
    box = (x - r, y - r, x + r, y + r)
    if disc.kind == "tiger":
        d.ellipse(box, fill=TIGER, outline=INK, width=3)
        for dx in (-7, 0, 7):  # a Tiger's stripes: told apart from a Goat without colour
            top = y - math.sqrt(max(0.0, (r - 5) ** 2 - dx * dx))
            d.line([(x + dx, top), (x + dx, 2 * y - top)], fill=INK, width=3)
    elif disc.kind == "goat":
        d.ellipse(box, fill=GOAT, outline=INK, width=2)
    else:
        d.ellipse(box, fill=PAPER, outline=FAINT, width=2)


def image(view: State) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    d = ImageDraw.Draw(img)
    drawn = sheet(view)
    for a, b in drawn.lines:
        d.line([a, b], fill=INK, width=LINE_WIDTH)
    for disc in drawn.discs:
        _piece(d, disc)
    with _DRAWING:
        for t in drawn.texts:
            font = _font(t.font, t.size)
            d.text(t.xy, t.text, font=font, fill=ROLE_INK[t.role], anchor=t.anchor)
    return img


@cache
def _palette() -> Image.Image:
    """One palette for every board, taken once from a board with Tigers, Goats and empty
    points (their colours and the shades between them): mapping onto a fixed palette is
    several times cheaper than choosing one per board, and the same view gives the same bytes."""
    sample = State(goats=(6, 7, 8, 9), tigers=(1, 4, 5), in_hand=11)
    return image(sample).quantize(colors=32, method=Image.Quantize.FASTOCTREE)


def board(view: State) -> bytes:
    """The board as PNG bytes (same view, same bytes)."""
    return png.encode(image(view).quantize(palette=_palette(), dither=Image.Dither.NONE))


def _alt(view: State, names: Names | None) -> str:
    where = (
        f"Tigers on {_listed(view.tigers)}; Goats on {_listed(view.goats)}; "
        f"{count_of(view.in_hand, 'Goat')} in the supply"
    )
    if view.over:
        return f"The Goat-Tiger board: {end_text(view)} {where}."
    return (
        f"The Goat-Tiger board: {view.captured} of 5 Goats captured, "
        f"{TITLES[view.to_move]} to move. {where}."
    )


def _listed(points: tuple[int, ...]) -> str:
    return ", ".join(map(str, points)) if points else "no point"


PICTURES: Pictures[State] = Pictures(lambda view, names: board(view), _alt)
