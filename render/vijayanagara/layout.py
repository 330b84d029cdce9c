"""Where each space's name, markers and pieces go, as boxes that never overlap.

The map names a centre for every space's pieces (geometry.PIECES). With many kinds of piece
the block grows over the space's own name, its Prosperity and Control markers, or a City's
name: read on a phone, a count covers a label. So the block is placed, not drawn at a fixed
point: the nearest place to its centre where it lies inside the space and clear of every
label and City, in smaller icons when no place fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from operator import add

from PIL import Image, ImageDraw, ImageFilter

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import GameState, Piece

from . import geometry as g
from . import theme
from .markers import BADGE_H, COIN, badge_width

Box = tuple[int, int, int, int]  # left, top, right, bottom

# The order pieces are shown in a space: Delhi, Bahmani, Vijayanagara, Mongols (1.4).
PIECE_ORDER: tuple[Piece, ...] = (
    Piece.TROOP,
    Piece.GOVERNOR,
    Piece.QASBAH,
    Piece.AMIR,
    Piece.REBEL_AMIR,
    Piece.FORT,
    Piece.RAJA,
    Piece.REBEL_RAJA,
    Piece.TEMPLE,
    Piece.MONGOL,
)
ICON_SIZES = (32, 27, 23, 19)  # tried in turn until the block fits
# a crowded small Province (Karnataka with five kinds of piece) before it covers its name
CRAMPED_SIZES = (17, 15)
GAP = 6  # between two groups of a row
PAD = 2  # space kept around every label box
STEP = 9  # the search grid, pixels
CELL = 3  # pixels per cell of the free-space grid
REACH = 150  # how far from its centre a block may move
LABEL_SIZE: dict[str, int] = {"delhi": 22, "gondwana": 16}
NAMES: dict[str, str] = {"mountain_passes": "Mountain\nPasses", "rajput": "Rajput\nKingdoms"}
COUNT_SIZE = 20  # the count beside an icon, at ICON_SIZES[0]
# Where the markers sit off the centre of the name, px: Karnataka's leave Hampi room.
MARKER_SHIFT: dict[str, int] = {"karnataka": -6}


@dataclass(frozen=True, slots=True)
class Group:
    piece: Piece
    count: int
    x: int  # the icon's top left
    y: int
    icon: int  # its size
    box: Box  # icon and count


@dataclass(frozen=True, slots=True)
class Marker:
    """The Prosperity coin and the Tributary or Control badge under a Province's name."""

    coin: tuple[int, int]  # top left
    badge: tuple[int, int] | None  # top left, when there is a badge
    text: str


def label_font_size(sid: str) -> int:
    return LABEL_SIZE.get(sid, 19)


def line_height(sid: str) -> int:
    """From one line of the space's name to the next."""
    return label_font_size(sid) + 3


def name_lines(sid: str) -> list[str]:
    return NAMES.get(sid, vijayanagara.board().spaces[sid].name).split("\n")


def _text_width(text: str, size: int) -> int:
    return int(theme.bold(size).getlength(text))


def name_boxes(sid: str) -> list[Box]:
    """The box of each line of the space's name, centred on geometry.LABELS."""
    x, y = g.LABELS[sid]
    size = label_font_size(sid)
    lines = name_lines(sid)
    line_h = line_height(sid)
    out = []
    for i, line in enumerate(lines):
        cy = y + round((i - (len(lines) - 1) / 2) * line_h)
        w = _text_width(line, size) + 6  # the white stroke around the letters
        out.append((x - w // 2, cy - size // 2 - 3, x + w // 2, cy + size // 2 + 4))
    return out


def marker_text(state: GameState, sid: str) -> str | None:
    st = state.spaces[sid]
    if st.control is not None:
        return f"{st.control.value} CONTROL"
    return "TRIBUTARY" if st.tributary else None


@lru_cache(maxsize=256)
def marker(sid: str, text: str | None) -> Marker | None:
    """Where the Prosperity coin (1.3.1) and the Tributary or Control badge (1.6, 1.7) go,
    side by side under the name, `text` being the badge's (marker_text)."""
    if not vijayanagara.board().spaces[sid].is_province:
        return None
    x, y = g.LABELS[sid]
    x += MARKER_SHIFT.get(sid, 0)
    top = y + 11 * len(name_lines(sid)) + 2  # just under the name's box
    if text is None:
        return Marker((x - COIN // 2, top), None, "")
    left = x - (COIN + 4 + badge_width(text)) // 2
    return Marker((left, top), (left + COIN + 4, top), text)


@lru_cache(maxsize=256)
def marker_box(sid: str, text: str | None) -> Box | None:
    m = marker(sid, text)
    if m is None:
        return None
    x, y = m.coin
    right = x + COIN + 1
    if m.badge is not None:
        right = m.badge[0] + badge_width(m.text) + 1
    return (x, y, right, y + max(COIN, BADGE_H) + 1)


def label_boxes(sid: str, text: str | None) -> list[Box]:
    """Every box of the space's label: its name's lines and its markers."""
    out = name_boxes(sid)
    mb = marker_box(sid, text)
    if mb is not None:
        out.append(mb)
    return out


@cache
def city_boxes() -> tuple[Box, ...]:
    """Each City's dot and name (basemap draws them), fixed for every board."""
    board = vijayanagara.board()
    out: list[Box] = []
    for cid, (x, y) in g.CITIES.items():
        out.append((x - 8, y - 8, x + 8, y + 8))
        dx, dy = g.CITY_LABEL_OFFSET[cid]
        w = _text_width(board.cities[cid].name, theme.CITY) + 4
        h = theme.CITY // 2 + 3
        out.append((x + dx - w // 2, y + dy - h, x + dx + w // 2, y + dy + h))
    return tuple(out)


def _fixed_boxes() -> tuple[Box, ...]:
    """What the map always shows besides the spaces' labels: the Cities, the key, the
    Influence tracks and the Vindhya Range."""
    xs = [p[0] for p in g.VINDHYA]
    ys = [p[1] for p in g.VINDHYA]
    vindhya = (min(xs), min(ys), max(xs), max(ys))
    return (*city_boxes(), g.KEY_BOX, g.INFLUENCE_BOX, vindhya)


def groups_of(state: GameState, sid: str) -> list[tuple[Piece, int]]:
    pieces = state.spaces[sid].pieces
    return [(k, pieces[k]) for k in PIECE_ORDER if pieces.get(k, 0) > 0]


def count_size(icon: int) -> int:
    return round(COUNT_SIZE * icon / ICON_SIZES[0])


@lru_cache(maxsize=1024)
def group_width(n: int, icon: int) -> int:
    """An icon, and its count beside it when there is more than one."""
    if n == 1:
        return icon
    return icon + 3 + _text_width(str(n), count_size(icon)) + 4


def _rows(groups: list[tuple[Piece, int]], icon: int, limit: int) -> list[list[tuple[Piece, int]]]:
    rows: list[list[tuple[Piece, int]]] = [[]]
    width = 0
    for kind, n in groups:
        gw = group_width(n, icon)
        if rows[-1] and width + GAP + gw > limit:
            rows.append([])
            width = 0
        width += gw + (GAP if rows[-1] else 0)
        rows[-1].append((kind, n))
    return rows


def _block(rows: list[list[tuple[Piece, int]]], icon: int, cx: int, cy: int) -> list[Group]:
    row_h = icon + 4
    y = cy - (len(rows) * row_h) // 2
    out = []
    for row in rows:
        total = sum(group_width(n, icon) for _, n in row) + GAP * (len(row) - 1)
        x = cx - total // 2
        for kind, n in row:
            w = group_width(n, icon)
            out.append(Group(kind, n, x, y, icon, (x, y, x + w, y + icon)))
            x += w + GAP
        y += row_h
    return out


def _hits(a: Box, b: Box) -> bool:
    return a[0] < b[2] + PAD and b[0] < a[2] + PAD and a[1] < b[3] + PAD and b[1] < a[3] + PAD


def _offsets() -> list[tuple[int, int]]:
    """Offsets from the centre, nearest first (ties: down before up, then right)."""
    steps = range(-REACH, REACH + 1, STEP)
    return sorted(
        ((dx, dy) for dx in steps for dy in steps if dx * dx + dy * dy <= REACH * REACH),
        key=lambda o: (o[0] * o[0] + o[1] * o[1], -o[1], -o[0]),
    )


_OFFSETS = _offsets()
assert STEP % CELL == 0  # an offset is whole cells
_CELL_OFFSETS = [(dx, dy, dx // CELL, dy // CELL) for dx, dy in _OFFSETS]


Markers = tuple[str | None, ...]  # every space's badge text, in geometry.POLYGONS order


def markers(state: GameState) -> Markers:
    return tuple(marker_text(state, sid) for sid in g.POLYGONS)


@cache
def obstacles(texts: Markers) -> tuple[Box, ...]:
    """Every label and fixed box on the map, the badges being `texts`."""
    out = list(_fixed_boxes())
    for sid, text in zip(g.POLYGONS, texts, strict=True):
        out += label_boxes(sid, text)
    return tuple(out)


@lru_cache(maxsize=1 << 13)
def place_pieces(
    sid: str, groups: tuple[tuple[Piece, int], ...], texts: Markers
) -> tuple[Group, ...]:
    """A space's pieces as groups, placed nearest their centre where they lie inside the
    space (so clear of every other space's pieces) and clear of every label and City."""
    if not groups:
        return ()
    cx, cy = g.PIECES[sid]
    free = _free(sid, tuple(_near(sid, obstacles(texts))))
    first: list[Group] | None = None
    for icon in ICON_SIZES + CRAMPED_SIZES:
        for wide in _widths(sid, icon):
            block = _block(_rows(list(groups), icon, max(wide, icon)), icon, cx, cy)
            first = first or block
            found = free.first_clear(_bounds(block))
            if found is not None:
                return tuple(_moved(grp, *found) for grp in block)
    assert first is not None
    FALLBACKS.append(sid)
    return tuple(first)  # no clear place: at its centre (tests/test_render_layout.py)


def _widths(sid: str, icon: int) -> tuple[int, ...]:
    """The widths of rows a block of icons of this size tries: as the map says, wider and
    narrower; at a cramped size, every width from a column of groups to a long row."""
    limit = round(g.PIECES_WIDTH[sid] * icon / ICON_SIZES[0])
    if icon in CRAMPED_SIZES:
        return tuple(range(icon, 2 * limit, icon // 2))
    return (limit, limit + 2 * icon, limit // 2)


_BLOCKED = bytes([1] + [0] * 255)  # a cell's coverage (0: not free) -> 1 when blocked
FALLBACKS: list[str] = []  # spaces whose pieces found no clear place (tests read it)


class _Grid:
    """Which cells of a space are free for pieces (inside it, MARGIN from its border, and off
    every label), with summed counts of the blocked cells: a box is clear in O(1)."""

    MARGIN = 5

    def __init__(self, sid: str, avoid: tuple[Box, ...]) -> None:
        ring = g.POLYGONS[sid]
        xs = [p[0] for p in ring]
        ys = [p[1] for p in ring]
        self.x0, self.y0 = min(xs), min(ys)
        self.w = (max(xs) - self.x0) // CELL + 2
        self.h = (max(ys) - self.y0) // CELL + 2
        inside = Image.new("L", (self.w, self.h), 0)
        pts = [((x - self.x0) / CELL, (y - self.y0) / CELL) for x, y in ring]
        ImageDraw.Draw(inside).polygon(pts, fill=255)
        # shrink by the margin: a cell is free only if the cells around it are inside too
        inside = inside.filter(ImageFilter.MinFilter(2 * (self.MARGIN // CELL) + 1))
        draw = ImageDraw.Draw(inside)
        for b in avoid:
            draw.rectangle(
                (
                    (b[0] - PAD - self.x0) // CELL,
                    (b[1] - PAD - self.y0) // CELL,
                    (b[2] + PAD - self.x0) // CELL,
                    (b[3] + PAD - self.y0) // CELL,
                ),
                fill=0,
            )
        blocked = inside.tobytes().translate(_BLOCKED)  # 1 where a cell is not free
        # sums[r][c]: blocked cells above and left of (r, c), a row at a time in C
        above = [0] * (self.w + 1)
        sums = [above]
        for r in range(self.h):
            row = [0, *accumulate(blocked[r * self.w : (r + 1) * self.w])]
            above = list(map(add, above, row))
            sums.append(above)
        self.sums = sums

    def first_clear(self, box: Box) -> tuple[int, int] | None:
        """The first of _OFFSETS (nearest first) that moves `box` where it is clear: `clear`
        over the offsets, counted in whole cells (STEP is a multiple of CELL)."""
        c0 = (box[0] - self.x0) // CELL
        r0 = (box[1] - self.y0) // CELL
        c1 = -(-(box[2] - self.x0) // CELL) + 1
        r1 = -(-(box[3] - self.y0) // CELL) + 1
        s, w, h = self.sums, self.w, self.h
        for dx, dy, dc, dr in _CELL_OFFSETS:
            a, b, c, d = c0 + dc, r0 + dr, c1 + dc, r1 + dr
            if a < 0 or b < 0 or c > w or d > h:
                continue
            top, bottom = s[b], s[d]
            if bottom[c] - top[c] - bottom[a] + top[a] == 0:
                return dx, dy
        return None

    def clear(self, box: Box) -> bool:
        c0 = (box[0] - self.x0) // CELL
        r0 = (box[1] - self.y0) // CELL
        c1 = -(-(box[2] - self.x0) // CELL)
        r1 = -(-(box[3] - self.y0) // CELL)
        if c0 < 0 or r0 < 0 or c1 >= self.w or r1 >= self.h:
            return False
        s = self.sums
        return s[r1 + 1][c1 + 1] - s[r0][c1 + 1] - s[r1 + 1][c0] + s[r0][c0] == 0


@lru_cache(maxsize=256)
def _free(sid: str, avoid: tuple[Box, ...]) -> _Grid:
    return _Grid(sid, avoid)


def _bounds(block: Sequence[Group]) -> Box:
    """The box of a block of groups."""
    return (
        min(grp.box[0] for grp in block),
        min(grp.box[1] for grp in block),
        max(grp.box[2] for grp in block),
        max(grp.box[3] for grp in block),
    )


def _moved(grp: Group, dx: int, dy: int) -> Group:
    x0, y0, x1, y1 = grp.box
    return Group(
        grp.piece, grp.count, grp.x + dx, grp.y + dy, grp.icon, (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    )


def _near(sid: str, boxes: tuple[Box, ...]) -> list[Box]:
    """The boxes a block of this space could meet: those within reach of its outline."""
    xs = [p[0] for p in g.POLYGONS[sid]]
    ys = [p[1] for p in g.POLYGONS[sid]]
    area = (min(xs), min(ys), max(xs), max(ys))
    return [b for b in boxes if _hits(b, area)]


def layout(state: GameState) -> dict[str, tuple[Group, ...]]:
    """Every space's pieces, placed clear of all labels and of each other."""
    texts = markers(state)
    return {sid: place_pieces(sid, tuple(groups_of(state, sid)), texts) for sid in g.POLYGONS}
