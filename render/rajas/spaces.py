"""The quarry's top tiles, every action space and the river, as Rajas of the Ganges' picture
draws them: each area labelled with the words an order names it by (`quarry`, `goods market`,
`outer terrace`, `terrace` on a space of its colour, `great mogul`), each space with its cost
and, beside it, the worker standing there."""

from __future__ import annotations

from collections.abc import Sequence

from rules.rajas import (
    ASSORTED,
    BACKS,
    BALCONY,
    CHAMBER,
    COLOURS,
    GOODS,
    HARBOUR,
    NO,
    OUTER,
    QUARRY,
    TERRACE,
    Board,
    State,
    Tile,
    notation,
)

from .layout import MARGIN, RIGHT, TEXT, Box, Place, Text, width
from .pen import Pen, fill_of

WORDS = notation.AREA_TITLES  # each area as an order names it
ROW = 30  # a row of action spaces
SLOT_H = 28
SLOT_W = 40
GAP = 6
GROUP_GAP = 18
TOP_ROW = 34  # a row of the quarry's top tiles
TOP_H = 32
ICON = 30  # a top tile's shape
ROAD = 6  # a road's width in a tile's shape
RIVER_PER_ROW = 9
RIVER_ROW = 54
RIVER_H = 50
BOAT = 16
DISC = 24  # a worker
BUILDING_LETTERS = "TPFM"
GOOD_LETTERS = "stx"
RIVER_CODES = {  # (a trial read the river's "K" and "D" as one karma and one die)
    "dice": "2D",
    "karma": "2K",
    "palace": "C",
    "karma_dice": "K+D",
    "upgrade": "U",
    "money_per_market": "m/mk",
    "assorted_market": "A",
    "fame_per_upgrade": "f/U",
    "money_per_upgrade": "m/U",
    "fame_per_karma": "f/K",
}


class _Flow:
    """Areas laid left to right, each its label then its spaces: an area that does not fit
    what is left of a row starts the next, and spaces that do not fit one row go on in the
    next under the first (a board of an owner's with many spaces)."""

    def __init__(self, pen: Pen) -> None:
        self.pen = pen
        self.x = float(MARGIN)

    def area(self, label: str, widths: Sequence[int]) -> list[Box]:
        said = width(label, bold=True) + GAP if label else 0
        need = said + sum(widths) + GAP * (len(widths) - 1)
        if self.x > MARGIN and self.x + need > RIGHT:
            self.newline()
        if label:
            self.pen.write(self.x, self.pen.y + 4, label, bold=True, fixed=True)
            self.x += said
        first = self.x
        boxes: list[Box] = []
        for w in widths:
            if self.x + w > RIGHT:
                self.newline()
                self.x = min(first, RIGHT - w)
            boxes.append((self.x, self.pen.y, self.x + w, self.pen.y + SLOT_H))
            self.x += w + GAP
        self.x += GROUP_GAP - GAP
        return boxes

    def newline(self) -> None:
        self.pen.y += ROW
        self.x = MARGIN

    def end(self) -> None:
        if self.x > MARGIN:
            self.newline()


def _place(pen: Pen, area: int, label: str, fill: str, box: Box) -> None:
    if pen.base:
        pen.sheet.places.append(Place(area, label, fill, box))


def _worker(pen: Pen, slot: Box, seat: str, centred: bool = False) -> None:
    x = round((slot[0] + slot[2] - DISC) / 2) if centred else slot[2] - DISC - 4
    y = round((slot[1] + slot[3] - DISC) / 2)
    pen.disc((x, y, x + DISC, y + DISC), fill_of(seat))


def _costed(pen: Pen, flow: _Flow, s: State, area: int, costs: Sequence[str]) -> None:
    """An area of white spaces filled in order, each with its cost at its left and, at its
    right, the worker standing on it (the quarry, the harbour, the markets, the outer
    terrace): a worker never hides what its space costs (a trial could not read it)."""
    widths = [width(c) + DISC + 6 for c in costs]  # each its own: a row holds more
    workers = s.spaces[area]
    for k, (box, cost) in enumerate(zip(flow.area(WORDS[area], widths), costs, strict=True)):
        pen.box(box, "slot", fixed=True)
        _place(pen, area, WORDS[area], "slot", box)
        pen.text(Text.centred((box[0] + 1, box[1], box[2] - DISC - 5, box[3]), cost), fixed=True)
        if k < len(workers):
            _worker(pen, box, s.seats[workers[k]])


def quarry(pen: Pen, s: State) -> None:
    """The quarry's spaces with their money costs, then the top tile of each stack, a row by
    back (snake, cow, tiger) and a column by colour."""
    side = s.board.sides[len(s.seats)]
    flow = _Flow(pen)
    # each space's money cost, as the river writes money (a trial read bare numbers)
    _costed(pen, flow, s, QUARRY, [money(c) for c in side.quarry])
    flow.end()
    x0 = MARGIN + max(width(b, bold=True) for b in BACKS) + GAP
    pitch = (RIGHT - x0 + GAP) // len(COLOURS)
    for back, name in enumerate(BACKS):
        pen.write(MARGIN, pen.y + 5, name, bold=True, ink="muted", fixed=True)
        for colour in range(len(COLOURS)):
            x = x0 + colour * pitch
            stack = colour * len(BACKS) + back
            _top(pen, s, stack, (x, pen.y, x + pitch - GAP, pen.y + TOP_H))
        pen.y += TOP_ROW


def money(cost: int) -> str:
    """A space's money cost as the picture writes it: "free", "2m"."""
    return f"{cost}m" if cost else "free"


def _top(pen: Pen, s: State, stack: int, cell: Box) -> None:
    """A stack's face-up tile, and in a box at its right how many tiles the stack holds (a
    trial could not tell how many were left)."""
    x, y = cell[0], cell[1]
    top = s.tops[stack]
    if top == NO:
        pen.box(cell, "paper", "line")
        pen.write(x + 6, y + 6, "empty", ink="muted")
        return
    t = s.tiles.tiles[top]
    pen.box(cell, COLOURS[t.colour])
    shape(pen, (x + 1, y + 1, x + 1 + ICON, y + 1 + ICON), t.roads)
    pen.write(x + ICON + 8, y + 5, f"{t.cost} {items(t)}")
    left = str(len(s.stacks[stack]) + 1)
    box = (cell[2] - width(left) - 10, y + 3, cell[2] - 3, y + TOP_H - 3)
    pen.box(box, "paper")
    pen.text(Text.centred(box, left))


def items(t: Tile) -> str:
    parts = [BUILDING_LETTERS[b] for b in t.buildings]
    parts += [f"{GOOD_LETTERS[g]}{v}" for g, v in t.markets]
    return " ".join(parts)


def shape(pen: Pen, b: Box, mask: int) -> None:
    """A tile's roads as bars from its middle to the sides they reach (N E S W)."""
    cx, cy, h = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, ROAD / 2
    pen.box(b, "cell")
    bars = (
        (cx - h, b[1], cx + h, cy + h),
        (cx - h, cy - h, b[2], cy + h),
        (cx - h, cy - h, cx + h, b[3]),
        (b[0], cy - h, cx + h, cy + h),
    )
    for k, bar in enumerate(bars):
        if mask >> k & 1:
            pen.road(bar)


def areas(pen: Pen, s: State) -> None:
    """The harbour with its money costs, the markets, the terrace (a space of each colour),
    the outer terrace (in this order so that rows fill: a costed space is wide enough for
    its cost and a worker), the balconies (a die of the colour given for two of the other)
    and the six chambers (each for a die showing exactly its number)."""
    side = s.board.sides[len(s.seats)]
    flow = _Flow(pen)
    _costed(pen, flow, s, HARBOUR, [money(c) for c in side.harbour])
    _costed(pen, flow, s, ASSORTED, ["free"] * side.assorted_market)
    _costed(pen, flow, s, GOODS, ["die"] * side.goods_market)
    _terrace(pen, flow, s)
    _costed(pen, flow, s, OUTER, ["free"] * side.outer_terrace)
    _balconies(pen, flow, s)
    _chambers(pen, flow, s)
    flow.end()


def _terrace(pen: Pen, flow: _Flow, s: State) -> None:
    label = WORDS[TERRACE].split()[0]
    for c, box in enumerate(flow.area(label, [SLOT_W] * len(COLOURS))):
        pen.box(box, COLOURS[c], fixed=True)
        _place(pen, TERRACE + c, label, COLOURS[c], box)
        if s.spaces[TERRACE + c]:
            _worker(pen, box, s.seats[s.spaces[TERRACE + c][0]], centred=True)


def _balconies(pen: Pen, flow: _Flow, s: State) -> None:
    label = WORDS[BALCONY].split()[0]
    balconies = s.board.balconies
    for (give, take), box in zip(balconies, flow.area(label, [130] * len(balconies)), strict=True):
        x, y = box[0], box[1]
        pen.box(box, "slot", fixed=True)
        for part, colour, n in (
            ((x, y, x + 40, box[3]), give, "1"),
            ((x + 40, y, x + 90, box[3]), take, "2"),
        ):
            pen.box(part, COLOURS[colour], fixed=True)
            pen.text(Text.centred(part, n), fixed=True)
        _place(pen, BALCONY + give, label, COLOURS[give], box)
        if s.spaces[BALCONY + give]:
            _worker(pen, box, s.seats[s.spaces[BALCONY + give][0]])


def _chambers(pen: Pen, flow: _Flow, s: State) -> None:
    """Each chamber by its name, with a die showing the number it takes."""
    names = [WORDS[CHAMBER + n] for n in range(6)]
    said = max(width(n) for n in names)
    w = said + 8 + DISC + 8 + DISC + 6
    for n, box in enumerate(flow.area("", [w] * 6)):
        x, y = box[0], box[1]
        pen.box(box, "slot", fixed=True)
        pen.write(x + 4, y + 4, names[n], fixed=True)
        face = (x + said + 10, y + 2, x + said + 10 + DISC, y + 2 + DISC)
        pen.box(face, "white", fixed=True)
        pen.text(Text.centred(face, str(n + 1), bold=True), fixed=True)
        _place(pen, CHAMBER + n, names[n], "slot", box)
        if s.spaces[CHAMBER + n]:
            _worker(pen, box, s.seats[s.spaces[CHAMBER + n][0]])


def river_label(board: Board, space: int) -> tuple[str, str]:
    """A river space's code and its fill (a karma-and-dice space in the dice's colour)."""
    if space == 0:
        return "start", "river"
    sp = board.river[space - 1]
    if sp.earn == "money":
        return f"{sp.value}m", "river"
    if sp.earn == "fame":
        return f"{sp.value}f", "river"
    if sp.earn == "goods_market":
        return f"G{sp.value}", "river"
    if sp.earn == "karma_dice":
        return "K+D", COLOURS[sp.value]
    return RIVER_CODES.get(sp.earn, sp.earn[:3]), "river"


def river(pen: Pen, s: State) -> None:
    """The river from its start: each space's earning, the boats on it, and the bridge (a
    bar after its space)."""
    board = s.board
    pitch = (RIGHT - MARGIN + GAP) // RIVER_PER_ROW
    for p in range(board.final + 1):
        row, col = divmod(p, RIVER_PER_ROW)
        x, y = MARGIN + col * pitch, pen.y + row * RIVER_ROW
        label, fill = river_label(board, p)
        right = x + pitch - GAP
        pen.box((x, y, right, y + RIVER_H), fill, fixed=True)
        pen.write(x + 3, y + 2, label, fixed=True)
        if p:  # its number, as the texts count the river (the start is 0); the final space,
            # which holds any number of boats, has it on the top line (a trial counted cells)
            number = str(p)
            top = y + 2 if p == board.final else y + RIVER_H - TEXT - 7
            pen.write(right - width(number) - 1, top, number, ink="muted", fixed=True)
        boats = [seat for i, seat in enumerate(s.seats) if s.boat[i] == p]
        for k, seat in enumerate(boats):
            bx = x + 4 + k * (BOAT + 2)
            pen.disc((bx, y + 29, bx + BOAT, y + 29 + BOAT), fill_of(seat))
        if p == board.bridge_after:
            bar = (x + pitch - GAP + 1, y - 3, x + pitch - 2, y + RIVER_H + 3)
            pen.box(bar, "bridge", "bridge", fixed=True)
    pen.y += -(-(board.final + 1) // RIVER_PER_ROW) * RIVER_ROW
