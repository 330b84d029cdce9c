"""Where everything of the Goat-Tiger picture goes: the points and lines, each point's number
beside it (never touching a point or a line), the lines of text above and the legend below.
Pure geometry: `sheet(view)` lists what is drawn and where, the picture draws exactly that,
and the tests check it (nothing overlaps, every text reads on a phone)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

from PIL import ImageFont

from rules.goat_tiger import CAPTURES_TO_WIN, LAYOUT, LINES, TITLES, State, end_text

WIDTH = 720
PHONE = 390  # px: the width a phone shows the picture at
SMALLEST = 19  # px: the smallest type, 10 px on a phone (19 * 390 / 720)
MARGIN_X = 50
BOARD_TOP, BOARD_BOTTOM = 180, 636  # the apex's and the base's y
LEGEND_Y = 720
HEIGHT = 800
PIECE = 20  # a Tiger's or a Goat's radius
EMPTY = 11  # an empty point's ring
CLEAR = 4  # px kept free between a number and a point or a line
LINE_WIDTH = 3

Box = tuple[int, int, int, int]  # left, top, right, bottom


@dataclass(frozen=True)
class Text:
    text: str
    xy: tuple[float, float]
    font: str  # a file of render/fonts
    size: int  # px
    anchor: str  # Pillow's text anchor
    box: Box  # the ink's bounding box, as drawn
    role: str  # "title", "status", "facts", "number", "legend"


@dataclass(frozen=True)
class Disc:
    """A round mark: a point (a piece or an empty ring) or a legend's sample."""

    x: float
    y: float
    r: float
    kind: str  # "tiger", "goat" or "empty"


@dataclass(frozen=True)
class Sheet:
    texts: tuple[Text, ...]
    discs: tuple[Disc, ...]
    lines: tuple[tuple[tuple[float, float], tuple[float, float]], ...]  # segments


@cache
def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(resources.files("render").joinpath("fonts", name)), size)


def _text(text: str, xy: tuple[float, float], name: str, size: int, anchor: str, role: str) -> Text:
    left, top, right, bottom = font(name, size).getbbox(text, anchor=anchor)
    x, y = xy
    box = (int(x + left), int(y + top), math.ceil(x + right), math.ceil(y + bottom))
    return Text(text, xy, name, size, anchor, box, role)


@cache
def xy(point: int) -> tuple[float, float]:
    xs = [x for x, _ in LAYOUT.values()]
    ys = [y for _, y in LAYOUT.values()]
    x, y = LAYOUT[point]
    sx = (WIDTH - 2 * MARGIN_X) / (max(xs) - min(xs))
    sy = (BOARD_BOTTOM - BOARD_TOP) / (max(ys) - min(ys))
    return MARGIN_X + (x - min(xs)) * sx, BOARD_TOP + (y - min(ys)) * sy


@cache
def segments() -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    return tuple((xy(a), xy(b)) for line in LINES for a, b in itertools.pairwise(line))


def segment_meets_box(
    a: tuple[float, float],
    b: tuple[float, float],
    box: tuple[float, float, float, float],
    pad: float,
) -> bool:
    """Whether segment a-b passes within `pad` of the box (Liang-Barsky clipping against the
    box grown by pad)."""
    x0, y0 = a
    dx, dy = b[0] - x0, b[1] - y0
    low, high = 0.0, 1.0
    edges = (
        (-dx, x0 - (box[0] - pad)),
        (dx, (box[2] + pad) - x0),
        (-dy, y0 - (box[1] - pad)),
        (dy, (box[3] + pad) - y0),
    )
    for p, q in edges:
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def disc_meets_box(d: Disc, box: Box, pad: float) -> bool:
    nx = min(max(d.x, box[0]), box[2])
    ny = min(max(d.y, box[1]), box[3])
    return math.hypot(d.x - nx, d.y - ny) < d.r + pad


def boxes_meet(a: Box, b: Box, pad: float = 0) -> bool:
    return a[0] - pad < b[2] and b[0] - pad < a[2] and a[1] - pad < b[3] and b[1] - pad < a[3]


# Directions to try for a point's number, best first (degrees, counter-clockwise from east,
# for the left half; the right half mirrors them): the upper and lower diagonals first, where
# a row's line and the lines from the apex leave the most room.
_ANGLES = (135, 45, 225, 315, 112, 68, 248, 292, 157, 23, 203, 337, 90, 270, 180, 0)


@cache
def number_texts() -> tuple[Text, ...]:
    """Each point's number beside it: the nearest spot clear of every point (at a piece's
    size), every line and the numbers placed before, in the directions tried first where
    those are nearly as near."""
    points = [Disc(*xy(p), PIECE, "empty") for p in LAYOUT]
    placed: list[Text] = []
    for p in sorted(LAYOUT):
        x, y = xy(p)
        best: tuple[float, int, Text] | None = None
        right = x > WIDTH / 2  # the right half mirrors the left: numbers lean outwards
        for rank, angle in enumerate(_ANGLES):
            turned = math.radians(180 - angle if right else angle)
            c, s = math.cos(turned), -math.sin(turned)
            for reach in range(PIECE + 8, PIECE + 44, 2):
                t = _text(
                    str(p),
                    (x + reach * c, y + reach * s),
                    "DejaVuSans-Bold.ttf",
                    SMALLEST,
                    "mm",
                    "number",
                )
                if _clear(t.box, points, placed):
                    if best is None or reach + 4 * rank < best[0] + 4 * best[1]:
                        best = (reach, rank, t)
                    break
        if best is None:
            raise ValueError(f"no room for point {p}'s number")
        placed.append(best[2])
    return tuple(placed)


def _clear(box: Box, points: list[Disc], placed: list[Text]) -> bool:
    if box[0] < 2 or box[2] > WIDTH - 2:
        return False
    if any(disc_meets_box(d, box, CLEAR) for d in points):
        return False
    if any(segment_meets_box(a, b, box, CLEAR + LINE_WIDTH / 2) for a, b in segments()):
        return False
    return not any(boxes_meet(box, t.box, 2) for t in placed)


def wrapped(text: str, name: str, size: int, width: float) -> list[str]:
    """`text` in lines no wider than `width`, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and font(name, size).getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _status(view: State) -> str:
    if view.over:
        return end_text(view)
    return f"{TITLES[view.to_move]} to move"


def header(view: State) -> list[Text]:
    """The title, whose turn it is or how the game ended (at most two lines), and the
    counts, above the apex's number."""
    out = [_text("Aadu-Huli aata", (WIDTH / 2, 28), "DejaVuSerif-Bold.ttf", 30, "mm", "title")]
    status = wrapped(_status(view), "DejaVuSans.ttf", 22, WIDTH - 40)[:2]
    for y, line in zip((64, 90), status, strict=False):
        out.append(_text(line, (WIDTH / 2, y), "DejaVuSans.ttf", 22, "mm", "status"))
    facts = (
        f"Goats in the supply: {view.in_hand}   captured: {view.captured} of "
        f"{CAPTURES_TO_WIN}   move {view.moves + 1}"
    )
    y = 96 if len(status) == 1 else 120
    out.append(_text(facts, (WIDTH / 2, y), "DejaVuSans.ttf", SMALLEST, "mm", "facts"))
    return out


@cache
def legend() -> tuple[tuple[Disc, ...], tuple[Text, ...]]:
    """Samples of a Tiger, a Goat and an empty point with their names, and how the numbers
    are used, in a row below the board."""
    items = (("tiger", PIECE, "Tiger"), ("goat", PIECE, "Goat"), ("empty", EMPTY, "empty point"))
    name, size = "DejaVuSans.ttf", SMALLEST
    gap = 36
    widths = [2 * PIECE + 8 + font(name, size).getlength(label) for _, _, label in items]
    x = (WIDTH - sum(widths) - gap * (len(items) - 1)) / 2
    discs: list[Disc] = []
    texts: list[Text] = []
    for (kind, r, label), w in zip(items, widths, strict=True):
        discs.append(Disc(x + PIECE, LEGEND_Y, r, kind))
        texts.append(_text(label, (x + 2 * PIECE + 8, LEGEND_Y), name, size, "lm", "legend"))
        x += w + gap
    how = "Numbers name the points: place 7, 8-9, 1x9"
    texts.append(_text(how, (WIDTH / 2, LEGEND_Y + 46), name, size, "mm", "legend"))
    return tuple(discs), tuple(texts)


def sheet(view: State) -> Sheet:
    """Everything the picture of `view` draws, and where."""
    goats, tigers = set(view.goats), set(view.tigers)
    discs = [
        Disc(*xy(p), PIECE if p in goats | tigers else EMPTY, _kind(p, goats, tigers))
        for p in sorted(LAYOUT)
    ]
    keys, key_texts = legend()
    return Sheet(
        texts=(*header(view), *number_texts(), *key_texts),
        discs=(*discs, *keys),
        lines=segments(),
    )


def _kind(p: int, goats: set[int], tigers: set[int]) -> str:
    return "tiger" if p in tigers else "goat" if p in goats else "empty"
