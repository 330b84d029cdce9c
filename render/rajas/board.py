"""Rajas of the Ganges' board as a PNG, drawn from a view (the state is public: a view is it).

A schematic sized for a phone: 780 px wide, shown at 390 px, every text 20 px or more (10 px on
the phone). From the top: the round and who places; the race (each player's fame and money and
the fame points left to cross, as a bar); the quarry's top tiles by colour and back; every
action space with its cost and any worker on it; the river with the boats and the bridge; then
each player's province board, Kali statue, karma, upgrades, workers and boat. Every text is
placed on its own line or cell from the fonts' metrics and recorded as drawn (`sheet`), so a
test checks that no text covers another or a mark. A palette picture of a few colours: small
to send and quick to encode.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rules.rajas import (
    BACKS,
    BALCONY,
    BUILDINGS,
    CHAMBER,
    COLOURS,
    HARBOUR,
    NO,
    OUTER,
    QUARRY,
    TERRACE,
    Board,
    State,
    Tile,
    engine,
)

from .. import png
from .layout import MARGIN, TEXT, TITLE, WIDTH, Box, Sheet, Text, bbox, font, width

NAMED = {
    "paper": (246, 239, 224),
    "ink": (40, 34, 28),
    "muted": (120, 110, 96),
    "line": (190, 176, 150),
    "slot": (255, 252, 245),
    "river": (170, 205, 230),
    "bridge": (120, 80, 40),
    "cell": (232, 222, 200),
    "residence": (210, 190, 160),
    "road": (90, 80, 70),
    "blue": (90, 150, 230),
    "green": (110, 190, 110),
    "orange": (245, 160, 60),
    "purple": (175, 125, 215),
    "red": (215, 50, 45),
    "yellow": (245, 205, 40),
    "white": (255, 255, 255),
    "black": (25, 25, 25),
}
INDEX = {name: k for k, name in enumerate(NAMED)}
PALETTE = [v for rgb in NAMED.values() for v in rgb]
ROW = 40  # a line of slots or words
SLOT_H = 34
DIE = 30
CELL = 52  # a province cell
BAND = 30  # around a province: its edge's special yields
YIELD_CODES = {"die": "D", "money": "+{}", "upgrade": "U"}
SEAT_INK = {"white": "ink", "yellow": "ink"}  # the letter on a worker of a light colour
RIVER_CODES = {
    "dice": "D",
    "karma": "K",
    "palace": "P",
    "karma_dice": "K+D",
    "upgrade": "U",
    "money_per_market": "m/mk",
    "assorted_market": "A",
    "fame_per_upgrade": "f/U",
    "money_per_upgrade": "m/U",
    "fame_per_karma": "f/K",
}
LEGEND = (
    "River: m money, f fame, K karma, D a die, U an upgrade, P a palace chamber, A assorted "
    "market, G one-kind market; /mk per market, /U per upgrade, /K per karma.",
    "Tiles: T temple, P palace, F fort, M mill; s silk, t tea, x spices, with their values; "
    "a tile's cost is dice of its colour worth at least its number.",
    "Chambers: 1 Great Mogul, 2 Dancer, 3 Yogi, 4 Raja Man Singh, 5 Master builder, "
    "6 Portuguese, each for a die showing exactly its number.",
    "Province: R the residence; bars are roads; on its edge D a die, +5 money, U an upgrade "
    "for the tile that reaches them. Quarry: 5 T P is a tile of cost 5 with a temple and a "
    "palace.",
)
BUILDING_LETTERS = "TPFM"
GOOD_LETTERS = "stx"


@lru_cache(maxsize=2048)
def _glyphs(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """A text's ink as a two-level mask (a palette picture takes no shades), made once."""
    left, top, right, bottom = bbox(text, size, bold)
    mask = Image.new("1", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size, bold), fill=1)
    return mask, left, top


class _Pen:
    """Draws and records every text and mark; `y` is where the next section starts. A board's
    fixed parts (titles, spaces, their costs, the river, the empty provinces, the legend) are
    drawn once per board side into a base (`fixed` only); each picture copies the base and
    draws the rest (`fixed` skipped), so both passes lay out the same."""

    def __init__(self, img: Image.Image, base: bool) -> None:
        self.img = img
        self.d = ImageDraw.Draw(img)
        self.sheet = Sheet()
        self.y = MARGIN
        self.base = base

    def text(self, t: Text, ink: str = "ink", fixed: bool = False) -> Text:
        if fixed == self.base:
            mask, left, top = _glyphs(t.text, t.size, t.bold)
            self.img.paste(INDEX[ink], (t.xy[0] + left, t.xy[1] + top), mask)
            self.sheet.texts.append(t)
        return t

    def write(
        self,
        x: float,
        y: float,
        s: str,
        size: int = TEXT,
        bold: bool = False,
        ink: str = "ink",
        fixed: bool = False,
    ) -> float:
        """`s` with its box's top left at (x, y); returns where its box ends."""
        return self.text(Text.boxed_at(x, y, s, size, bold), ink, fixed).box[2]

    def box(self, b: Box, fill: str, outline: str = "ink", fixed: bool = False) -> None:
        if fixed == self.base:
            self.d.rectangle(b, fill=INDEX[fill], outline=INDEX[outline])

    def line(self, xy: tuple[float, ...], fixed: bool = False) -> None:
        if fixed == self.base:
            self.d.line(xy, fill=INDEX["road"], width=4)

    def disc(self, b: Box, fill: str) -> None:
        self.d.ellipse(b, fill=INDEX[fill], outline=INDEX["ink"], width=2)
        self.sheet.marks.append(b)

    def heading(self, s: str, fixed: bool = True) -> None:
        self.write(MARGIN, self.y, s, TITLE, True, fixed=fixed)
        self.y += TITLE + 14


def _seat_fill(seat: str) -> str:
    return seat if seat in INDEX else "slot"


def sheet(v: State) -> Sheet:
    """The boxes of every text and mark of the picture of `v`."""
    return _draw(v)[1]


def picture(v: State) -> Image.Image:
    return _draw(v)[0]


def height(v: State) -> int:
    """The picture's height: fixed by the board's side for the number of players."""
    players = len(v.seats)
    return _height(players, _quarry_rows(v.board, players), v.board.rows)


def _quarry_rows(board: Board, players: int) -> int:
    return (len(board.sides[players].quarry) + 3) // 4


@lru_cache(maxsize=16)
def _height(players: int, quarry_rows: int, province_rows: int) -> int:
    y = MARGIN
    y += TITLE + 14 + players * ROW + 8  # header and race
    y += TITLE + 14 + 5 * ROW + 8  # quarry
    y += TITLE + 14 + (quarry_rows + 7) * ROW + 8  # action spaces
    y += TITLE + 14 + 2 * (SLOT_H + 30) + 14 + 8  # river
    y += _panel_height(province_rows) * players
    y += len(_legend()) * (TEXT + 10)
    return y + MARGIN


def _new_image(h: int) -> Image.Image:
    img = Image.new("P", (WIDTH, h), INDEX["paper"])
    img.putpalette(PALETTE)
    return img


def _draw(v: State) -> tuple[Image.Image, Sheet]:
    base, fixed = _base(v)
    pen = _Pen(base.copy(), base=False)
    pen.sheet.texts.extend(fixed)
    _sections(pen, v, len(v.seats))
    return pen.img, pen.sheet


_BASES: dict[tuple[str, int], tuple[Image.Image, tuple[Text, ...]]] = {}


def _base(v: State) -> tuple[Image.Image, tuple[Text, ...]]:
    """The fixed parts of the board's side for this many players, drawn once, and their
    texts."""
    key = (v.board.text_key, len(v.seats))
    if key not in _BASES:
        if len(_BASES) >= 16:
            _BASES.clear()
        pen = _Pen(_new_image(height(v)), base=True)
        _sections(pen, v, len(v.seats))
        _BASES[key] = (pen.img, tuple(pen.sheet.texts))
    return _BASES[key]


def _sections(pen: _Pen, v: State, players: int) -> None:
    """Every section in order, each moving the cursor down by what `_height` counts."""
    _header(pen, v)
    _quarry(pen, v)
    _areas(pen, v)
    _river(pen, v)
    for i in range(players):
        _panel(pen, v, i)
    for line in _legend():
        pen.write(MARGIN, pen.y, line, ink="muted", fixed=True)
        pen.y += TEXT + 10


@lru_cache(maxsize=1)
def _legend() -> tuple[str, ...]:
    """The legend's sentences, wrapped to the picture's width."""
    lines: list[str] = []
    for sentence in LEGEND:
        line = ""
        for word in sentence.split():
            longer = f"{line} {word}" if line else word
            if line and width(longer) > WIDTH - 2 * MARGIN:
                lines.append(line)
                longer = word
            line = longer
        lines.append(line)
    return tuple(lines)


# --- the header and the race ----------------------------------------------------------------


def _header(pen: _Pen, s: State) -> None:
    if s.phase == "over":
        title = f"Game over after round {s.round}"
    elif s.phase == "play":
        mover = engine.to_move(s)
        who = f": {mover.capitalize()} to place" if mover else ""
        title = f"Round {s.round}{who}"
    else:
        title = "Setting up"
    pen.heading(title, fixed=False)
    for i, seat in enumerate(s.seats):
        y = pen.y
        pen.box((MARGIN, y + 4, MARGIN + 24, y + 28), _seat_fill(seat))
        pen.sheet.marks.append((MARGIN, y + 4, MARGIN + 24, y + 28))
        pen.write(MARGIN + 32, y + 2, seat.capitalize(), bold=True)
        pen.write(130, y + 2, f"fame {s.fame[i]}  money {s.money[i]}")
        g = engine.gap(s, i)
        race = f"crossed, {g} past" if engine.crossed(s, i) else f"{-g} to cross"
        x = pen.write(380, y + 2, race, bold=engine.crossed(s, i))
        _race_bar(pen, s, i, max(x + 10, 560), y)
        pen.y += ROW
    pen.y += 8


def _race_bar(pen: _Pen, s: State, i: int, x0: float, y: float) -> None:
    """The gap left to cross as a bar on the length of the fame track (full: all to do)."""
    x1 = WIDTH - MARGIN
    pen.box((x0, y + 10, x1, y + 24), "slot", "line")
    g = engine.gap(s, i)
    if g < 0:
        share = min(1.0, -g / max(1, s.board.fame_spaces))
        pen.box((x0, y + 10, x0 + (x1 - x0) * share, y + 24), _seat_fill(s.seats[i]))


# --- the quarry ------------------------------------------------------------------------------


def _quarry(pen: _Pen, s: State) -> None:
    pen.heading("Quarry: the top tile of each stack")
    col_w = (WIDTH - 2 * MARGIN) // 3
    for back, name in enumerate(BACKS):
        pen.write(MARGIN + back * col_w, pen.y, name, bold=True, ink="muted", fixed=True)
    pen.y += ROW
    tiles = s.tiles.tiles
    for colour in range(len(COLOURS)):
        for back in range(len(BACKS)):
            top = s.tops[colour * 3 + back]
            x = MARGIN + back * col_w
            cell = (x, pen.y, x + col_w - 8, pen.y + SLOT_H)
            if top == NO:
                pen.box(cell, "paper", "line")
                pen.write(x + 6, pen.y + 4, "empty", ink="muted")
                continue
            pen.box(cell, COLOURS[colour])
            t = tiles[top]
            _roads(pen, (x + 4, pen.y + 4, x + 30, pen.y + 30), t.roads)
            pen.write(x + 36, pen.y + 4, f"{t.cost}  {_items(t)}")
        pen.y += ROW
    pen.y += 8


def _items(t: Tile) -> str:
    parts = [BUILDING_LETTERS[b] for b in t.buildings]
    parts += [f"{GOOD_LETTERS[g]}{v}" for g, v in t.markets]
    return " ".join(parts)


def _roads(pen: _Pen, b: Box, mask: int) -> None:
    """A tile's roads as lines from its middle to the sides they reach (N E S W)."""
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    ends = ((cx, b[1]), (b[2], cy), (cx, b[3]), (b[0], cy))
    pen.box(b, "cell", "ink")
    for k, end in enumerate(ends):
        if mask >> k & 1:
            pen.line((cx, cy, *end))


# --- the action spaces -----------------------------------------------------------------------


def _areas(pen: _Pen, s: State) -> None:
    pen.heading("Action spaces: cost, and the workers on them")
    side = s.board.sides[len(s.seats)]
    quarry = [str(c) for c in side.quarry]
    rows = [quarry[k : k + 4] for k in range(0, len(quarry), 4)]
    for k, costs in enumerate(rows):
        _slots(pen, "" if k else "Quarry", costs, s.spaces[QUARRY][4 * k :], s.seats)
    _slots(pen, "Harbour", [str(c) for c in side.harbour], s.spaces[HARBOUR], s.seats)
    _slots(pen, "Market all", ["free"] * side.assorted_market, s.spaces[QUARRY + 2], s.seats)
    _slots(pen, "Market one", ["die"] * side.goods_market, s.spaces[QUARRY + 3], s.seats)
    _slots(pen, "Terrace out", ["+2"] * side.outer_terrace, s.spaces[OUTER], s.seats)
    _palace(pen, s)
    pen.y += 8


def _slots(
    pen: _Pen, label: str, costs: list[str], workers: tuple[int, ...], seats: tuple[str, ...]
) -> None:
    """An area's spaces in a row, filled left to right: each its cost, and any worker."""
    if label:
        pen.write(MARGIN, pen.y + 4, label, bold=True, fixed=True)
    x = 150
    w = (WIDTH - MARGIN - x) // max(len(costs), 4)
    for k, cost in enumerate(costs):
        slot = (x, pen.y, x + w - 8, pen.y + SLOT_H)
        pen.box(slot, "slot", fixed=True)
        pen.write(x + 4, pen.y + 4, cost, fixed=True)
        if k < len(workers):
            _worker_seat(pen, slot, seats[workers[k]])
        x += w
    pen.y += ROW


def _worker_seat(pen: _Pen, slot: Box, seat: str) -> None:
    x1, y0 = slot[2] - 4, slot[1] + 4
    pen.disc((x1 - 26, y0, x1, y0 + 26), _seat_fill(seat))


def _palace(pen: _Pen, s: State) -> None:
    """The palace's terrace (a die of each colour), balconies (one die for two) and chambers
    (a die of exactly their number) in one row each."""
    pen.write(MARGIN, pen.y + 4, "Terrace", bold=True, fixed=True)
    x, w = 150, (WIDTH - MARGIN - 150) // 4
    for c in range(4):
        _palace_slot(pen, (x, pen.y, x + w - 8, pen.y + SLOT_H), COLOURS[c], "+1", s, TERRACE + c)
        x += w
    pen.y += ROW
    pen.write(MARGIN, pen.y + 4, "Balcony", bold=True, fixed=True)
    x = 150
    for give, take in s.board.balconies:
        slot = (x, pen.y, x + w - 8, pen.y + SLOT_H)
        pen.box(slot, COLOURS[give], fixed=True)
        pen.box((x + 40, pen.y, x + w - 8, pen.y + SLOT_H), COLOURS[take], fixed=True)
        pen.write(x + 4, pen.y + 4, "1", fixed=True)
        pen.write(x + 44, pen.y + 4, "2", fixed=True)
        workers = s.spaces[BALCONY + give]
        if workers:
            _worker_seat(pen, slot, s.seats[workers[0]])
        x += w
    pen.y += ROW
    pen.write(MARGIN, pen.y + 4, "Chambers", bold=True, fixed=True)
    x, w = 150, (WIDTH - MARGIN - 150) // 6
    for n in range(1, 7):
        slot = (x, pen.y, x + w - 6, pen.y + SLOT_H)
        _palace_slot(pen, slot, "slot", f"={n}", s, CHAMBER + n - 1)
        x += w
    pen.y += ROW


def _palace_slot(pen: _Pen, slot: Box, fill: str, label: str, s: State, area: int) -> None:
    pen.box(slot, fill, fixed=True)
    pen.write(slot[0] + 4, slot[1] + 4, label, fixed=True)
    if s.spaces[area]:
        _worker_seat(pen, slot, s.seats[s.spaces[area][0]])


# --- the river -------------------------------------------------------------------------------


def _river_label(board: Board, space: int) -> tuple[str, str]:
    """A river space's code and its fill (a karma-and-die space in the die's colour)."""
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


def _river(pen: _Pen, s: State) -> None:
    board = s.board
    pen.heading(f"River: boats, and the bridge after space {board.bridge_after}")
    spaces = list(range(board.final + 1))
    per_row = (len(spaces) + 1) // 2
    w = (WIDTH - 2 * MARGIN) // per_row
    for r in range(2):
        x = MARGIN
        for p in spaces[r * per_row : (r + 1) * per_row]:
            box = (x, pen.y, x + w - 6, pen.y + SLOT_H + 24)
            label, fill = ("st", "river") if p == 0 else _river_label(board, p)
            pen.box(box, fill, fixed=True)
            pen.text(Text.boxed_at(x + 3, pen.y + 2, label), fixed=True)
            boats = [seat for i, seat in enumerate(s.seats) if s.boat[i] == p]
            for k, seat in enumerate(boats):
                bx = x + 3 + k * ((w - 12) // 4)
                pen.disc((bx, pen.y + 34, bx + 16, pen.y + 50), _seat_fill(seat))
            if p == board.bridge_after:
                bx = x + w - 6
                pen.box((bx, pen.y - 4, bx + 5, pen.y + SLOT_H + 28), "bridge", "bridge", True)
            x += w
        pen.y += SLOT_H + 30
    pen.y += 14 + 8


# --- a player's panel ------------------------------------------------------------------------


def _panel_height(rows: int) -> int:
    return ROW + 2 * BAND + rows * CELL + 10


def _panel(pen: _Pen, s: State, i: int) -> None:
    seat = s.seats[i]
    y0 = pen.y
    left = s.workers[i] - s.placed[i]
    pen.write(
        MARGIN,
        y0,
        f"{seat.capitalize()}: {left} of {s.workers[i]} workers left, boat at {s.boat[i]}",
        TEXT,
        True,
    )
    top = y0 + ROW
    _province(pen, s, i, MARGIN + BAND, top + BAND)
    x = MARGIN + 2 * BAND + s.board.columns * CELL + 16
    pen.write(x, top, f"Karma {s.karma[i]}   money {s.money[i]}   fame {s.fame[i]}")
    ups = "  ".join(f"{BUILDINGS[b]} {2 + u}" for b, u in enumerate(s.upgrades[i]))
    pen.write(x, top + ROW, ups)
    pen.write(x, top + 2 * ROW, f"Kali statue ({len(s.dice[i])} of 10):")
    _dice(pen, s.dice[i], x, top + 3 * ROW)
    pen.y = y0 + _panel_height(s.board.rows)


def _dice(pen: _Pen, dice: tuple[str, ...], x: float, y: float) -> None:
    """The statue's dice: a square of the die's colour with its number (? not yet rolled)."""
    for k, d in enumerate(dice):
        dx = x + (k % 10) * (DIE + 4)
        b = (dx, y, dx + DIE, y + DIE)
        pen.box(b, COLOURS["bgop".index(d[0])])
        pen.text(Text.centred(b, "?" if d[1] == "0" else d[1], TEXT, True))


def _province(pen: _Pen, s: State, i: int, x0: float, y0: float) -> None:
    """The province board: its cells, the residence, the tiles built, and around its edge
    the special yields a tile reaching them takes."""
    board, tiles = s.board, s.tiles.tiles
    for (cell, side), (kind, value) in board.yields.items():
        cx, cy = x0 + (cell % board.columns) * CELL, y0 + (cell // board.columns) * CELL
        band = (
            (cx, cy - BAND, cx + CELL, cy),
            (cx + CELL, cy, cx + CELL + BAND, cy + CELL),
            (cx, cy + CELL, cx + CELL, cy + CELL + BAND),
            (cx - BAND, cy, cx, cy + CELL),
        )[side]
        pen.text(Text.centred(band, YIELD_CODES[kind].format(value)), ink="muted", fixed=True)
    for cell, held in enumerate(s.province[i]):
        cx, cy = x0 + (cell % board.columns) * CELL, y0 + (cell // board.columns) * CELL
        b = (cx, cy, cx + CELL, cy + CELL)
        if cell == board.residence:
            pen.box(b, "residence", fixed=True)
            _road_stubs(pen, b, board.residence_roads, fixed=True)
            pen.text(Text.centred(b, "R", TEXT, True), fixed=True)
        elif held == NO:
            pen.box(b, "cell", "line", fixed=True)
        else:
            t = tiles[held // 4]
            pen.box(b, COLOURS[t.colour])
            _road_stubs(pen, b, t.turned(held % 4))
            _cell_items(pen, b, t)


def _road_stubs(pen: _Pen, b: Box, mask: int, fixed: bool = False) -> None:
    """Roads as short bars where they leave the cell's sides (texts keep to the middle)."""
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    bars = (
        (cx - 3, b[1], cx + 3, b[1] + 7),
        (b[2] - 7, cy - 3, b[2], cy + 3),
        (cx - 3, b[3] - 7, cx + 3, b[3]),
        (b[0], cy - 3, b[0] + 7, cy + 3),
    )
    for k, bar in enumerate(bars):
        if mask >> k & 1:
            pen.box(bar, "road", "road", fixed)


def _cell_items(pen: _Pen, b: Box, t: Tile) -> None:
    parts = [BUILDING_LETTERS[x] for x in t.buildings]
    parts += [f"{GOOD_LETTERS[g]}{v}" for g, v in t.markets]
    if len(parts) == 1:
        pen.text(Text.centred(b, parts[0]))
        return
    mid = (b[1] + b[3]) / 2
    pen.text(Text.centred((b[0], b[1] + 6, b[2], mid), parts[0]))
    pen.text(Text.centred((b[0], mid, b[2], b[3] - 6), " ".join(parts[1:])))


def board_png(v: State) -> bytes:
    """The picture as PNG bytes."""
    return png.encode(picture(v), level=1)
