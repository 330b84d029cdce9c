"""The Goat-Tiger board as a picture: `board(view) -> bytes` (PNG), pure and deterministic.

The 23 points and their lines (rules.goat_tiger's layout), numbered as the notation names
them; Tigers as amber discs, Goats as white ones; a line above with whose turn it is, the
Goats in the supply and the captures.
"""

from __future__ import annotations

import threading
from functools import cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from rules.goat_tiger import CAPTURES_TO_WIN, LAYOUT, LINES, TITLES, State, end_text

from .. import png
from ..registry import Names, Pictures

WIDTH, HEIGHT = 720, 560
MARGIN_X, TOP, BOTTOM = 50, 110, 40
PAPER = (242, 232, 208)
INK = (70, 56, 40)
FAINT = (150, 132, 108)
TIGER = (226, 140, 32)
GOAT = (252, 252, 248)
RADIUS = 19

# Pillow's FreeType faces must not be used by two threads at once: these are this module's
# own, and one picture is drawn at a time.
_DRAWING = threading.Lock()


@cache
def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(resources.files("render").joinpath("fonts", name)), size)


def _xy(point: int) -> tuple[float, float]:
    xs = [x for x, _ in LAYOUT.values()]
    ys = [y for _, y in LAYOUT.values()]
    x, y = LAYOUT[point]
    sx = (WIDTH - 2 * MARGIN_X) / (max(xs) - min(xs))
    sy = (HEIGHT - TOP - BOTTOM) / (max(ys) - min(ys))
    return MARGIN_X + (x - min(xs)) * sx, TOP + (y - min(ys)) * sy


def _status(view: State) -> str:
    if view.winner is not None:
        return end_text(view)
    return f"{TITLES[view.to_move]} to move"


def image(view: State) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    d = ImageDraw.Draw(img)
    with _DRAWING:
        title, text, small = (
            _font("DejaVuSerif-Bold.ttf", 26),
            _font("DejaVuSans.ttf", 18),
            (_font("DejaVuSans-Bold.ttf", 14)),
        )
        d.text((WIDTH / 2, 30), "Aadu-Huli aata", font=title, fill=INK, anchor="mm")
        d.text((WIDTH / 2, 62), _status(view), font=text, fill=INK, anchor="mm")
        facts = (
            f"Goats in the supply: {view.in_hand}    "
            f"captured: {view.captured} of {CAPTURES_TO_WIN}    move {view.moves + 1}"
        )
        d.text((WIDTH / 2, 88), facts, font=small, fill=FAINT, anchor="mm")
        for line in LINES:
            d.line([_xy(p) for p in line], fill=INK, width=3)
        goats, tigers = set(view.goats), set(view.tigers)
        for p in LAYOUT:
            x, y = _xy(p)
            box = (x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS)
            if p in tigers:
                d.ellipse(box, fill=TIGER, outline=INK, width=3)
            elif p in goats:
                d.ellipse(box, fill=GOAT, outline=INK, width=2)
            else:
                d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=PAPER, outline=FAINT, width=2)
            d.text((x, y), str(p), font=small, fill=INK, anchor="mm")
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
    if view.winner is not None:
        return f"The Goat-Tiger board: {end_text(view)}"
    return f"The Goat-Tiger board: {view.captured} Goats captured, {TITLES[view.to_move]} to move."


PICTURES: Pictures[State] = Pictures(lambda view, names: board(view), _alt)
