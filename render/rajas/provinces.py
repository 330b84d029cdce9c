"""Each player's board in Rajas of the Ganges' picture: its karma, workers and building values,
its province (the columns lettered and the rows numbered as orders name the cells, `b2`; the
special yields around its edge; each tile's roads as bars and its buildings and markets), and
its Kali statue's dice among its 10 hands. Two players' boards stand side by side."""

from __future__ import annotations

from rules.rajas import BUILDINGS, COLOURS, KALI_HANDS, NO, State, Tile

from .layout import MARGIN, RIGHT, TEXT, Box, Cell, Text
from .pen import Pen
from .spaces import BUILDING_LETTERS, GOOD_LETTERS

CELL = 56  # a province cell
BAR = 10  # a road bar's width
REACH = 9  # how far a road bar reaches into its cell (the tile's words keep to the middle)
SIDE_BAND = 36  # beside a province: its edge's special yields (`+5`)
END_BAND = 24  # above and below it
NUMBERS = 18  # the column of the rows' numbers
LINE = 28  # a line of words
LETTERS = 22  # the row of the columns' letters
DIE = 28
DICE_ROW = DIE + 4
YIELD_CODES = {"die": "D", "money": "+{}", "upgrade": "U"}
GAP = 10  # between two boards side by side


def panel_width(columns: int) -> int:
    return NUMBERS + 2 * SIDE_BAND + columns * CELL


def panel_height(rows: int) -> int:
    return 2 * LINE + LETTERS + 2 * END_BAND + rows * CELL + 6 + DICE_ROW + 4


def side_by_side(columns: int) -> int:
    """How many boards share a row: two where two fit the picture's width."""
    return 2 if 2 * panel_width(columns) + GAP <= RIGHT - MARGIN else 1


def panels(pen: Pen, s: State) -> None:
    """Every player's board, in seat order, side by side where they fit."""
    board = s.board
    across = side_by_side(board.columns)
    w = (RIGHT - MARGIN - GAP * (across - 1)) // across
    for i in range(len(s.seats)):
        row, col = divmod(i, across)
        _panel(pen, s, i, MARGIN + col * (w + GAP), pen.y + row * panel_height(board.rows))
    pen.y += -(-len(s.seats) // across) * panel_height(board.rows)


def _panel(pen: Pen, s: State, i: int, x0: float, y0: float) -> None:
    board = s.board
    left = s.workers[i] - s.placed[i]
    x = pen.write(x0, y0, s.seats[i].capitalize(), bold=True)
    pen.write(x + 8, y0, f"karma {s.karma[i]}, {left} of {s.workers[i]} workers left")
    values = "  ".join(f"{BUILDINGS[b]} {2 + u}" for b, u in enumerate(s.upgrades[i]))
    pen.write(x0, y0 + LINE, values)
    gx = x0 + NUMBERS + SIDE_BAND
    gy = y0 + 2 * LINE + LETTERS + END_BAND
    for c in range(board.columns):
        column = (gx + c * CELL, gy - END_BAND - LETTERS, gx + (c + 1) * CELL, gy - END_BAND)
        pen.text(Text.centred(column, "abcdefghi"[c]), ink="muted", fixed=True)
    for r in range(board.rows):
        row = (x0, gy + r * CELL, x0 + NUMBERS, gy + (r + 1) * CELL)
        pen.text(Text.centred(row, str(r + 1)), ink="muted", fixed=True)
    _province(pen, s, i, gx, gy)
    _dice(pen, s.dice[i], x0, gy + board.rows * CELL + END_BAND + 6)


def _province(pen: Pen, s: State, i: int, x0: float, y0: float) -> None:
    """The province board: its cells, the residence, the tiles built, and around its edge
    the special yields a tile reaching them takes."""
    board, tiles = s.board, s.tiles.tiles
    for (cell, side), (kind, value) in board.yields.items():
        cx, cy = x0 + (cell % board.columns) * CELL, y0 + (cell // board.columns) * CELL
        band = (
            (cx, cy - END_BAND, cx + CELL, cy),
            (cx + CELL, cy, cx + CELL + SIDE_BAND, cy + CELL),
            (cx, cy + CELL, cx + CELL, cy + CELL + END_BAND),
            (cx - SIDE_BAND, cy, cx, cy + CELL),
        )[side]
        said = Text.centred(band, YIELD_CODES[kind].format(value))
        pen.box(said.box, "slot", "line", fixed=True)  # a yield: a chip on the edge
        pen.text(said, fixed=True)
    for cell, held in enumerate(s.province[i]):
        cx, cy = x0 + (cell % board.columns) * CELL, y0 + (cell // board.columns) * CELL
        b = (cx, cy, cx + CELL, cy + CELL)
        if pen.base:
            pen.sheet.cells.append(Cell(i, cell, b))
        if cell == board.residence:
            pen.box(b, "residence", fixed=True)
            _bars(pen, b, board.residence_roads, fixed=True)
            pen.text(Text.centred(b, "R", TEXT, True), fixed=True)
            continue
        pen.box(b, "cell", "line", fixed=True)
        if held != NO:
            t = tiles[held // 4]
            pen.box(b, COLOURS[t.colour])
            _bars(pen, b, t.turned(held % 4))
            _words(pen, b, t)


def _bars(pen: Pen, b: Box, mask: int, fixed: bool = False) -> None:
    """Roads as bars where they leave the cell's sides (the tile's words keep to the middle)."""
    cx, cy, h = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, BAR / 2
    bars = (
        (cx - h, b[1], cx + h, b[1] + REACH),
        (b[2] - REACH, cy - h, b[2], cy + h),
        (cx - h, b[3] - REACH, cx + h, b[3]),
        (b[0], cy - h, b[0] + REACH, cy + h),
    )
    for k, bar in enumerate(bars):
        if mask >> k & 1:
            pen.road(bar, fixed)


def _words(pen: Pen, b: Box, t: Tile) -> None:
    """A tile's buildings and markets: one in the middle, or a line above the middle and one
    below it, between the roads."""
    parts = [BUILDING_LETTERS[x] for x in t.buildings]
    parts += [f"{GOOD_LETTERS[g]}{v}" for g, v in t.markets]
    if len(parts) == 1:
        pen.text(Text.centred(b, parts[0]))
        return
    mid, half = (b[1] + b[3]) / 2, (len(parts) + 1) // 2
    pen.text(Text.centred((b[0], b[1] + REACH, b[2], mid), " ".join(parts[:half])))
    pen.text(Text.centred((b[0], mid, b[2], b[3] - REACH), " ".join(parts[half:])))


def _dice(pen: Pen, dice: tuple[str, ...], x: float, y: float) -> None:
    """The Kali statue: its hands as empty squares, and each die on one as a square of its
    colour with its number (? not yet rolled)."""
    for k in range(KALI_HANDS):
        dx = x + k * DICE_ROW
        hand = (dx, y, dx + DIE, y + DIE)
        pen.box(hand, "paper", "line", fixed=True)
        if k < len(dice):
            d = dice[k]
            pen.box(hand, COLOURS["bgop".index(d[0])])
            pen.text(Text.centred(hand, "?" if d[1] == "0" else d[1], TEXT, True))
