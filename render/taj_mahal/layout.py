"""Where the map's texts and marks go, worked out once per board file from the fonts' metrics.

Each city has its marker (where its palace is drawn), a place beside it for the crown palace,
and a name placed where it meets no marker, no crown place, no other name and no province
title, inside its own province's square (a search over a few places around the city, the
name on one line or two). Every text and mark of a picture is recorded as a box (`Sheet`), so
a test can check the very boxes drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from PIL import ImageFont

from rules.taj_mahal import Board

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

WIDTH = 780  # shown at 390 px on a phone: every text is at least 20 px here, 10 px there
SX, SY = 1.95, 2.6  # board units (400 x 300) to pixels: taller than wide, room for names
TOP = 48  # the header above the map
CELL_W, CELL_H = 100 * SX, 100 * SY  # a province's place
MAP_BOTTOM = TOP + round(300 * SY)
R = 16  # half a city marker (a palace or a bonus tile covers it)
INSET = 6  # texts keep this far inside their province (the current one is framed)
FRAME = 4  # the current province's frame
PAD = 2  # a text's background reaches this far beyond its ink
TEXT = 20  # the smallest text: city names, tiles, the panel
TITLE = 22  # province titles and visit numbers
SEARCH = 5_000  # places tried for a province's names before giving up


@lru_cache(maxsize=8)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = resources.files("render").joinpath(f"fonts/{name}")
    with resources.as_file(path) as p:
        return ImageFont.truetype(str(p), size)


@lru_cache(maxsize=4096)
def bbox(text: str, size: int, bold: bool = False) -> tuple[float, float, float, float]:
    """The ink of `text` from where it is drawn: measured once (a board measures the same
    names and numbers on every picture, and a measure costs as much as a small drawing)."""
    left, top, right, bottom = font(size, bold).getbbox(text)
    return left, top, right, bottom


@lru_cache(maxsize=4096)
def length(text: str, size: int, bold: bool = False) -> float:
    """How far `text` advances: measured once, as `bbox`."""
    return font(size, bold).getlength(text)


@dataclass(frozen=True, slots=True)
class Text:
    xy: tuple[float, float]  # where it is drawn (the font's left-ascender anchor)
    text: str
    size: int
    bold: bool
    box: Box  # its ink, and the background around it

    @staticmethod
    def at(x: float, y: float, text: str, size: int, bold: bool = False) -> Text:
        left, top, right, bottom = bbox(text, size, bold)
        box = (x + left - PAD, y + top - PAD, x + right + PAD, y + bottom + PAD)
        return Text((x, y), text, size, bold, box)

    @staticmethod
    def boxed_at(x: float, y: float, text: str, size: int, bold: bool = False) -> Text:
        """The text placed so that its box's top left corner is (x, y)."""
        left, top, _, _ = bbox(text, size, bold)
        return Text.at(x - left + PAD, y - top + PAD, text, size, bold)


@dataclass(slots=True)
class Sheet:
    """Every text and mark a picture draws, as boxes (marks: palaces, crowns, markers)."""

    texts: list[Text] = field(default_factory=list)
    marks: list[Box] = field(default_factory=list)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def px(x: int, y: int) -> tuple[int, int]:
    return round(x * SX), TOP + round(y * SY)


def cell(board: Board, province: int) -> Box:
    col, row = board.grid[province]
    return col * CELL_W, TOP + row * CELL_H, (col + 1) * CELL_W, TOP + (row + 1) * CELL_H


def marker(board: Board, city: int) -> Box:
    cx, cy = px(*board.xy[city])
    return cx - R, cy - R, cx + R, cy + R


def crown_place(board: Board, city: int) -> Box:
    """The crown palace's place (a crown over a palace): right of the city's marker, or left
    where the province ends."""
    cx, cy = px(*board.xy[city])
    if cx + R + 28 <= cell(board, board.city_province[city])[2] - 2:
        return cx + R + 4, cy - R, cx + R + 28, cy + R
    return cx - R - 28, cy - R, cx - R - 4, cy + R


@dataclass(frozen=True, slots=True)
class MapLayout:
    titles: tuple[Text, ...]  # per province
    badges: tuple[tuple[float, float], ...]  # per province: where its visit number is drawn
    names: tuple[tuple[Text, ...], ...]  # per city: its name, a Text per line


def _badge_width() -> float:
    return font(TITLE, True).getlength("12")


@lru_cache(maxsize=8)
def map_layout(board: Board) -> MapLayout:
    titles: list[Text] = []
    badges: list[tuple[float, float]] = []
    names: list[tuple[Text, ...]] = [() for _ in board.city_ids]
    for p in range(len(board.province_ids)):
        title, badge, placed = _place_province(board, p)
        titles.append(title)
        badges.append(badge)
        for c, lines in placed.items():
            names[c] = lines
    return MapLayout(tuple(titles), tuple(badges), tuple(names))


def _place_province(
    board: Board, p: int
) -> tuple[Text, tuple[float, float], dict[int, tuple[Text, ...]]]:
    """The province's title (with room for its visit number) and its cities' names: of the
    places where nothing overlaps, the one whose names sit nearest their cities."""
    x0, y0, x1, y1 = cell(board, p)
    inner = (x0 + INSET, y0 + INSET, x1 - INSET, y1 - INSET)
    cities = board.cities_of[p]
    fixed = [marker(board, c) for c in cities] + [crown_place(board, c) for c in cities]
    name = board.province_titles[p]
    probe = Text.at(0, 0, name, TITLE, True).box
    title_w = probe[2] - probe[0] + 6 + _badge_width() + 2 * PAD
    height = probe[3] - probe[1]
    xs = (inner[0], inner[2] - title_w, (inner[0] + inner[2] - title_w) / 2)
    ys = (inner[1], inner[3] - height, (inner[1] + inner[3] - height) / 2)
    # each city's free places, nearest first, with their cost (distance from the city)
    options = {}
    for c in cities:
        options[c] = [
            (cost, lines, boxes)
            for cost, lines, boxes in _candidates(board, c, inner)
            if all(_inside(b, inner) for b in boxes)
            and not any(overlap(b, f) for b in boxes for f in fixed)
        ]
    order = sorted(cities, key=lambda c: len(options[c]))  # the fewest choices first
    best: tuple[float, Text, list[tuple[Text, ...]]] | None = None
    for rank, (x, y) in enumerate((x, y) for y in ys for x in xs):
        title = Text.boxed_at(x, y, name, TITLE, True)
        block = (x, y, x + title_w, title.box[3])
        if not _inside(block, inner) or any(overlap(block, f) for f in fixed):
            continue
        bound = best[0] if best else float("inf")
        found = _search(order, options, [block], 30.0 * rank, bound, [SEARCH])
        if found is not None:
            best = (found[0], title, found[1])
    if best is None:  # an owner's crowded board: the title top left, the names as they fall
        title = Text.boxed_at(xs[0], ys[0], name, TITLE, True)
        return title, _badge(title), {c: _candidates(board, c, inner)[0][1] for c in cities}
    _, title, names = best
    return title, _badge(title), dict(zip(order, names, strict=True))


def _badge(title: Text) -> tuple[float, float]:
    return title.box[2] + 6, title.xy[1]


def _inside(b: Box, outer: Box) -> bool:
    return b[0] >= outer[0] and b[1] >= outer[1] and b[2] <= outer[2] and b[3] <= outer[3]


Option = tuple[float, tuple[Text, ...], list[Box]]


def _search(
    order: list[int],
    options: dict[int, list[Option]],
    taken: list[Box],
    cost: float,
    bound: float,
    budget: list[int],
) -> tuple[float, list[tuple[Text, ...]]] | None:
    """The cheapest names for the cities of `order` below `bound` (branch and bound, giving
    up after `budget[0]` steps: a crowded owner's board falls back)."""
    if not order:
        return cost, []
    best: tuple[float, list[tuple[Text, ...]]] | None = None
    for extra, lines, boxes in options[order[0]]:
        if cost + extra >= bound:
            break  # options are cheapest first
        budget[0] -= 1
        if budget[0] < 0:
            break
        if any(overlap(b, t) for b in boxes for t in taken):
            continue
        found = _search(order[1:], options, taken + boxes, cost + extra, bound, budget)
        if found is not None:
            bound = found[0]
            best = (found[0], [lines, *found[1]])
    return best


def _wraps(title: str) -> Iterator[tuple[str, ...]]:
    yield (title,)
    words = title.split()
    for k in range(1, len(words)):
        yield (" ".join(words[:k]), " ".join(words[k:]))


def _candidates(board: Board, c: int, inner: Box) -> list[Option]:
    """Places for city c's name, cheapest first: by the square of the distance from the city
    to the name's middle (so that no name strays far), a name on two lines costing more."""
    mx0, my0, mx1, my1 = marker(board, c)
    cx, cy = (mx0 + mx1) / 2, (my0 + my1) / 2
    crown = crown_place(board, c)
    ascent = bbox("Ag", TEXT)[1]
    line_h = TEXT + 3
    out: list[Option] = []
    for wrapped, lines in enumerate(_wraps(board.city_titles[c])):
        w = max(length(t, TEXT) for t in lines)
        h = line_h * len(lines)
        xs = [cx - w / 2, mx0, mx1 - w, cx - w / 4, cx - 3 * w / 4, inner[0] + PAD]
        xs.append(inner[2] - PAD - w)
        top = -ascent + PAD  # from a box's top to where its text is drawn
        spots = [(x, my1 + 1 + top + dy) for dy in (0, 12) for x in xs]
        for y in (my0 - 1 - h, crown[1] - 1 - h, my0 - 13 - h):
            spots += [(x, y + top) for x in xs]
        right, left = max(mx1, crown[2]) + 3, min(mx0, crown[0]) - 3 - w
        for dy in (0, -h / 2, h / 2):
            spots += [(right, cy - h / 2 - ascent + dy), (left, cy - h / 2 - ascent + dy)]
        for x, y in spots:
            texts = tuple(
                Text.at(x + (w - length(t, TEXT)) / 2, y + k * line_h, t, TEXT)
                for k, t in enumerate(lines)
            )
            boxes = [t.box for t in texts]
            mid_x = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
            mid_y = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2
            cost = ((mid_x - cx) ** 2 + (mid_y - cy) ** 2) / 20 + 60 * wrapped
            out.append((cost, texts, boxes))
    out.sort(key=lambda o: o[0])
    return out
