"""Where the map's boxes, names and stacks go, worked out once per map file from the fonts.

Each land area is a box: its name (on two lines when it is long and has a space), then two
lines for what stands there, the first opening with the area's value, the unit bought there
and its port. Each sea is an outline with its name and a line for its fleets. Our map's areas
and seas are drawn where places.py puts them; an area or sea of an owner's map that the table
does not know (or whose box would meet another) is placed by its links: in the free spot
nearest its placed neighbours (a sea: nearest its coasts), the map growing downwards when no
spot is free. A coast whose box does not touch its sea is joined to it by a line.

Every text of a picture is recorded as the box it inks (render.rajas.layout's `Text`), so a
test checks the very boxes drawn.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from rules.successors import Map

from ..rajas.layout import PAD, Box, Text, bbox
from . import places

Point = tuple[float, float]

WIDTH = 780  # shown at 390 px on a phone: every text is at least 20 px here, 10 px there
PHONE = 390
TEXT = 20  # the smallest text
TITLE = 24
MARGIN = 10
HEADER = 44  # the title line above the map
INSET = 6  # texts keep this far inside their box (a control frame is drawn in the 5 px rim)
NAME_LINE = 24
ROW = 26  # a line of stacks
TOP = 6  # above a box's name (clear of a frame)
BOTTOM = 5  # below its last line of stacks
ROWS = 2  # lines of stacks in a box
RAISE = 5  # a line's words below its top (room for a home's roof above its value)
MIN_BOX = 100
WRAP = 124  # a name wider than this is written on two lines, where it has a space
LONGEST = WIDTH // 3  # no line of a name is wider
GAP = 10  # between a box placed by its links and any other
STEP = 10  # the grid those boxes are placed on
SEA_ROW = 100  # a sea's line of fleets, when the table gives none


def ink_width(text: str, size: int = TEXT, bold: bool = False) -> int:
    left, _, right, _ = bbox(text, size, bold)
    return right - left


def line_at(x: float, y: float, text: str, size: int = TEXT, bold: bool = False) -> Text:
    """`text` with its box's top left at (x, y)."""
    return Text.boxed_at(x, y, text, size, bold)


def centred_at(cx: float, y: float, text: str, size: int = TEXT, bold: bool = False) -> Text:
    """`text` centred on cx, its box's top at y."""
    return Text.boxed_at(cx - ink_width(text, size, bold) / 2 - PAD, y, text, size, bold)


@lru_cache(maxsize=256)
def name_lines(name: str) -> tuple[str, ...]:
    """The name on one line, or on two at the space that makes the wider line narrowest; a
    line still wider than a third of the picture (an owner's long word) broken where it
    reaches that width."""
    lines: tuple[str, ...] = (name,)
    if ink_width(name) > WRAP and " " in name:
        words = name.split(" ")
        splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
        lines = min(splits, key=lambda pair: max(ink_width(pair[0]), ink_width(pair[1])))
    return tuple(part for line in lines for part in _broken(line))


def _broken(line: str) -> list[str]:
    out = []
    while ink_width(line) > LONGEST:
        k = max(k for k in range(1, len(line)) if ink_width(line[:k]) <= LONGEST)
        out.append(line[:k])
        line = line[k:]
    return [*out, line]


def box_size(name: str) -> tuple[int, int]:
    lines = name_lines(name)
    w = max(MIN_BOX, max(ink_width(s) for s in lines) + 2 * (INSET + PAD))
    return w, TOP + NAME_LINE * len(lines) + ROWS * ROW + BOTTOM


@dataclass(frozen=True, slots=True)
class AreaPlace:
    box: Box
    names: tuple[Text, ...]
    rows: tuple[tuple[float, float, float], ...]  # each line of stacks: x from, x to, top


@dataclass(frozen=True, slots=True)
class SeaPlace:
    outline: tuple[Point, ...]  # a polygon (our table's) or a rectangle (placed by links)
    names: tuple[Text, ...]
    rows: tuple[tuple[float, float, float], ...]
    reserved: Box  # its name and fleets' lines: no box may cover them


@dataclass(frozen=True, slots=True)
class MapLayout:
    areas: tuple[AreaPlace, ...]  # per land area
    seas: tuple[SeaPlace, ...]  # per sea
    links: tuple[tuple[Point, ...], ...]  # each land link, a line through its points
    coasts: tuple[tuple[Point, Point], ...]  # a coast to the sea its box does not touch
    panel: Box  # the players' table
    bottom: int  # where the map ends
    guessed: tuple[str, ...]  # the ids of the places set by their links, not by the table


def area_place(centre: Point, name: str) -> AreaPlace:
    w, h = box_size(name)
    x0, y0 = round(centre[0] - w / 2), round(centre[1] - h / 2)
    box = (x0, y0, x0 + w, y0 + h)
    lines = name_lines(name)
    names = tuple(centred_at(centre[0], y0 + TOP + k * NAME_LINE, s) for k, s in enumerate(lines))
    top = y0 + TOP + NAME_LINE * len(lines)
    rows = tuple((x0 + INSET, x0 + w - INSET, top + k * ROW) for k in range(ROWS))
    return AreaPlace(box, names, rows)


def sea_place(outline: tuple[Point, ...], corner: Point, name: str, row: int) -> SeaPlace:
    lines = name_lines(name)
    names = tuple(line_at(corner[0], corner[1] + k * NAME_LINE, s) for k, s in enumerate(lines))
    top = corner[1] + NAME_LINE * len(lines)
    width = max(row, max(ink_width(s) for s in lines) + 2 * PAD)
    reserved = (corner[0], corner[1], corner[0] + width, top + ROW)
    return SeaPlace(outline, names, ((corner[0], corner[0] + width, top),), reserved)


def sea_box_size(name: str) -> tuple[int, int]:
    lines = name_lines(name)
    w = max(SEA_ROW, max(ink_width(s) for s in lines) + 2 * PAD) + 2 * INSET
    return w, TOP + NAME_LINE * len(lines) + ROW + BOTTOM + INSET


def meets(a: Box, b: Box, gap: float = 0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


# --- polygons ------------------------------------------------------------------------------


def inside(p: Point, poly: tuple[Point, ...]) -> bool:
    """Whether p lies inside the polygon (crossings of a ray to its right)."""
    x, y = p
    n, odd = len(poly), False
    for k in range(n):
        (x1, y1), (x2, y2) = poly[k], poly[(k - 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            odd = not odd
    return odd


def segments_cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Whether the segments p-q and r-s cross (touching at an end is no crossing)."""

    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(p, q, r), orient(p, q, s)
    d3, d4 = orient(r, s, p), orient(r, s, q)
    return d1 * d2 < 0 and d3 * d4 < 0


def box_meets_polygon(b: Box, poly: tuple[Point, ...]) -> bool:
    """Whether a box and a polygon share any point (beyond touching at a corner)."""
    corners = ((b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3]))
    if any(inside(c, poly) for c in corners):
        return True
    if any(b[0] < x < b[2] and b[1] < y < b[3] for x, y in poly):
        return True
    n = len(poly)
    return any(
        segments_cross(corners[i], corners[(i + 1) % 4], poly[k], poly[(k + 1) % n])
        for i in range(4)
        for k in range(n)
    )


# --- the layout ------------------------------------------------------------------------------


def centre(b: Box) -> Point:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


class _Free:
    """The boxes placed so far and the spots kept clear; finds the free spot nearest a point."""

    def __init__(self, bottom: int) -> None:
        self.boxes: list[Box] = []
        self.polygons: dict[int, tuple[Point, ...]] = {}  # the table's seas, by sea index
        self.bottom = bottom

    def fits(self, b: Box, wet: frozenset[int]) -> bool:
        """Whether a box lies in the map clear of every box placed and of every sea's
        outline but those in `wet`."""
        if b[0] < 2 or b[2] > WIDTH - 2 or b[1] < HEADER + 2 or b[3] > self.bottom - 2:
            return False
        if any(meets(b, o, GAP) for o in self.boxes):
            return False
        grown = (b[0] - GAP, b[1] - GAP, b[2] + GAP, b[3] + GAP)
        return not any(
            box_meets_polygon(grown, p) for k, p in self.polygons.items() if k not in wet
        )

    def spot(self, near: Point, size: tuple[int, int], wet: frozenset[int]) -> Point:
        """The free centre nearest `near` on the grid; the map grows when none is free."""
        w, h = size
        gx, gy = round(near[0] / STEP), round(near[1] / STEP)
        while True:
            best: tuple[int, Point] | None = None
            for r in range(max(WIDTH, self.bottom) // STEP + abs(gx) + abs(gy) + 1):
                if best is not None and r * r > best[0]:
                    break  # a point of ring r lies at least r steps away
                for dx, dy in _ring(r):
                    d = dx * dx + dy * dy
                    if best is not None and d >= best[0]:
                        continue
                    x, y = (gx + dx) * STEP, (gy + dy) * STEP
                    if self.fits((x - w / 2, y - h / 2, x + w / 2, y + h / 2), wet):
                        best = (d, (x, y))
            if best is not None:
                return best[1]
            self.bottom += h + GAP


def _ring(r: int) -> list[tuple[int, int]]:
    """The grid steps at r from the centre along either axis (the square's edge)."""
    if r == 0:
        return [(0, 0)]
    edge = range(-r, r + 1)
    return (
        [(x, -r) for x in edge]
        + [(x, r) for x in edge]
        + [(y_side, y) for y in range(-r + 1, r) for y_side in (-r, r)]
    )


def _offset(p: tuple[int, int]) -> Point:
    return (p[0], p[1] + HEADER)


@lru_cache(maxsize=8)
def map_layout(m: Map) -> MapLayout:
    """The layout of a map (one object per file text, so the layout is made once): the
    table's areas and seas, then by their links the seas the table lacks that have a placed
    coast (on the water if need be), the areas it lacks (an island by its seas), the seas
    left."""
    free = _Free(HEADER + places.MAP_HEIGHT)
    x0, y0, x1, y1 = places.PANEL
    panel = (x0, y0 + HEADER, x1, y1 + HEADER)
    free.boxes.append(panel)
    areas = _table_areas(m, free)
    seas = _table_seas(m, free)
    guessed: list[str] = []
    for late in (False, True):
        if late:
            for a in _by_links(m, areas):
                areas[a] = _area_by_links(m, a, areas, seas, free)
                guessed.append(m.ids[a])
        for k, sea in enumerate(seas):
            if sea is None and (late or any(areas[a] for a in m.coasts[k])):
                near = _near([centre(p.box) for a in m.coasts[k] if (p := areas[a])])
                seas[k] = _sea_by_links(free, near, m.names[m.land + k])
                guessed.append(m.ids[m.land + k])
    placed = [p for p in areas if p is not None]
    shown = [s for s in seas if s is not None]
    assert len(placed) == m.land and len(shown) == m.areas - m.land
    return MapLayout(
        areas=tuple(placed),
        seas=tuple(shown),
        links=_links(m, placed, set(guessed)),
        coasts=_coast_lines(m, placed, shown),
        panel=panel,
        bottom=free.bottom,
        guessed=tuple(guessed),
    )


def _table_areas(m: Map, free: _Free) -> list[AreaPlace | None]:
    """The areas our table places, each where no box placed before meets it."""
    out: list[AreaPlace | None] = [None] * m.land
    for a in range(m.land):
        xy = places.CENTRES.get(m.ids[a])
        if xy is None:
            continue
        place = area_place(_offset(xy), m.names[a])
        inside_map = place.box[0] >= 0 and place.box[2] <= WIDTH
        if inside_map and not any(meets(place.box, o) for o in free.boxes):
            out[a] = place
            free.boxes.append(place.box)
    return out


def _table_seas(m: Map, free: _Free) -> list[SeaPlace | None]:
    out: list[SeaPlace | None] = []
    for k in range(m.areas - m.land):
        entry = places.SEAS.get(m.ids[m.land + k])
        if entry is None:
            out.append(None)
            continue
        outline, corner, row = entry
        poly = tuple(_offset(p) for p in outline)
        sea = sea_place(poly, _offset(corner), m.names[m.land + k], row)
        if any(meets(sea.reserved, b) for b in free.boxes):
            out.append(None)
            continue
        out.append(sea)
        free.boxes.append(sea.reserved)
        free.polygons[k] = poly
    return out


def _area_by_links(
    m: Map, a: int, areas: list[AreaPlace | None], seas: list[SeaPlace | None], free: _Free
) -> AreaPlace:
    """An area in the free spot nearest its placed neighbours; an island nearest the seas it
    lies on and their coasts. It may lie on its own seas' outlines, on no other."""
    points = [centre(p.box) for b in m.adjacent[a] if (p := areas[b])]
    if not points:
        for sea in m.seas[a]:
            k = sea - m.land
            points += [centre(p.box) for b in m.coasts[k] if b != a and (p := areas[b])]
            if (on := seas[k]) is not None:
                points.append(centre(on.reserved))
    wet = frozenset(sea - m.land for sea in m.seas[a])
    place = area_place(free.spot(_near(points), box_size(m.names[a]), wet), m.names[a])
    free.boxes.append(place.box)
    return place


def _by_links(m: Map, areas: list[AreaPlace | None]) -> list[int]:
    """The areas left to place, each after a placed neighbour where it has one (breadth
    first from the placed areas), then the rest from the first."""
    order: list[int] = []
    seen = {a for a in range(m.land) if areas[a] is not None}
    queue = deque(sorted(seen))
    while len(seen) < m.land:
        if not queue:
            first = min(a for a in range(m.land) if a not in seen)
            seen.add(first)
            order.append(first)
            queue.append(first)
        a = queue.popleft()
        for b in m.adjacent[a]:
            if b not in seen:
                seen.add(b)
                order.append(b)
                queue.append(b)
    return order


def _near(points: list[Point]) -> Point:
    """The middle of the points; the map's top left when there are none."""
    if not points:
        return (0.0, float(HEADER))
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _sea_by_links(free: _Free, near: Point, name: str) -> SeaPlace:
    """A sea the table lacks: a box with its name and a line of fleets, on the water if the
    free spot nearest its coasts is there."""
    w, h = sea_box_size(name)
    cx, cy = free.spot(near, (w, h), frozenset(free.polygons))
    x0, y0 = cx - w / 2, cy - h / 2
    outline = ((x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h))
    sea = sea_place(outline, (x0 + INSET, y0 + TOP + INSET / 2), name, SEA_ROW)
    free.boxes.append((x0, y0, x0 + w, y0 + h))
    return sea


def _links(m: Map, areas: list[AreaPlace], guessed: set[str]) -> tuple[tuple[Point, ...], ...]:
    out = []
    for a in range(m.land):
        for b in m.adjacent[a]:
            if a < b:
                ends = (m.ids[a], m.ids[b])
                bend = () if guessed.intersection(ends) else _bend(*ends)
                middle = tuple(_offset(p) for p in bend)
                out.append((centre(areas[a].box), *middle, centre(areas[b].box)))
    return tuple(out)


def _bend(a: str, b: str) -> tuple[tuple[int, int], ...]:
    """The points the table's link between two of its areas passes through, from a to b."""
    if a not in places.CENTRES or b not in places.CENTRES:
        return ()
    if (a, b) in places.BENDS:
        return places.BENDS[a, b]
    return tuple(reversed(places.BENDS.get((b, a), ())))


def _coast_lines(
    m: Map, areas: list[AreaPlace], seas: list[SeaPlace]
) -> tuple[tuple[Point, Point], ...]:
    out = []
    for a in range(m.land):
        for s in m.seas[a]:
            sea = seas[s - m.land]
            if not box_meets_polygon(areas[a].box, sea.outline):
                out.append((centre(areas[a].box), centre(sea.reserved)))
    return tuple(out)
