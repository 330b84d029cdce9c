"""Taj Mahal's board as a PNG, drawn from a view (never from the full state).

Sized for a phone: 780 px wide, shown at 390 px, every text 20 px or more (10 px on the phone).
The map (provinces, roads, cities, names) is drawn once per board file and kept as a palette
image; each picture copies it and adds what changes: bonus tiles still on fortresses, palaces
and crown palaces, the current province, the visit numbers, then below the map the scoring
track, the court, the supply, the players and a legend. Each player has a colour from a set
that colour-blind eyes tell apart and a shape of its own (square, circle, triangle, diamond,
cross) on palaces, the track and the table, so colour is never the only cue. Texts and marks
are placed from the fonts' metrics (layout.py) and recorded as drawn (`sheet`), so that
nothing covers a text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Literal, cast

from PIL import Image, ImageDraw

from rules.taj_mahal import NO, SYMBOL_TITLES, Board, Cards, State, View, ranking

from .. import png
from .layout import (
    FRAME,
    MAP_BOTTOM,
    TEXT,
    TITLE,
    WIDTH,
    Box,
    Sheet,
    Text,
    bbox,
    cell,
    crown_place,
    font,
    length,
    map_layout,
    marker,
    px,
)

BACKGROUND = (246, 239, 224)
INK = (40, 34, 28)
MUTED = (150, 138, 120)
NAME_INK = (70, 60, 50)
ROAD = (165, 140, 110)
PROVINCE_TINTS = ((236, 226, 200), (222, 230, 206))
CURRENT = (200, 40, 30)
GOLD = (236, 180, 20)
Shape = Literal["square", "circle", "triangle", "diamond", "cross"]
# Okabe and Ito's colour-blind-safe colours where a seat's name allows; and a shape each
SEAT_STYLES: dict[str, tuple[tuple[int, int, int], Shape]] = {
    "blue": ((0, 114, 178), "square"),
    "orange": ((230, 159, 0), "circle"),
    "brown": ((128, 70, 27), "triangle"),
    "gray": ((150, 150, 150), "diamond"),
    "teal": ((0, 158, 115), "cross"),
}
SEAT_COLOURS = {name: colour for name, (colour, _) in SEAT_STYLES.items()}
CARD_COLOURS = {
    "red": (214, 72, 60),
    "yellow": (236, 200, 60),
    "green": (80, 164, 80),
    "violet": (160, 110, 200),
    "white": (252, 252, 252),
    "special": (236, 206, 130),
}
COMMODITY_COLOURS = {
    "rice": (250, 250, 235),
    "tea": (90, 160, 70),
    "spices": (200, 90, 40),
    "jewels": (60, 110, 200),
}
# a card's symbols as the notation reads them (v, g, m, p, gm, e), joined by "+": `take red v+m`
SYMBOL_SHORT = ("V", "G", "M", "P", "GM", "E")
INFLUENCE_LETTERS = "VGMP"  # the influence tiles, of the court's four symbols
MARKER_FILL = (255, 252, 245)
PALACE_INSET = 5  # a palace on a fortress leaves the fortress's square showing, as a frame
MOVER = ">"  # beside the name of the player to act
# the legend's lines of words, below its keys to the marks (see _legend)
LEGEND_WORDS = (
    "Fortress tiles: +4 / +2 points, C a card, R T S J rice, tea, spices, jewels.",
    "Cards: V vizier, G general, M monk, P princess, GM mogul, E elephant.",
    # each sign a player's row writes (> the player to act, 5c, *, 2p), in the row's order
    f"Players: {MOVER} acts now, score, cards in hand with the special ones (5c),",
    "influence (* a special card), province tiles (2p), the cards played this visit.",
)

# the panel below the map, from the top
TRACK_TOP = MAP_BOTTOM + 8
STACK = 5  # track marks stacked at most this high (5 players)
MARK = 22  # a track mark's size
TRACK_LINE = TRACK_TOP + STACK * (MARK + 2) + 4
COURT_Y = TRACK_LINE + 40
SUPPLY_Y = COURT_Y + 36
SUPPLY_ROWS = 2
PLAYERS_Y = SUPPLY_Y + SUPPLY_ROWS * 34 + 6
ROW = 34
HAND_Y = PLAYERS_Y + 5 * ROW + 6
HAND_ROWS = 2
LEGEND_Y = HAND_Y + HAND_ROWS * 34 + 6
LEGEND_ROW = TEXT + 10  # a line of the legend: a key's mark is as tall as a text
LEGEND_LINES = 4 + len(LEGEND_WORDS)  # the map's marks, palaces, visits, goods; the words
HEIGHT = LEGEND_Y + LEGEND_LINES * LEGEND_ROW + 8


@lru_cache(maxsize=2048)
def _glyphs(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """A text's ink as a two-level mask (a palette picture takes no shades) and its offset
    from where it is drawn: made once, pasted on every picture."""
    left, top, right, bottom = (int(v) for v in font(size, bold).getbbox(text))
    mask = Image.new("1", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size, bold), fill=1)
    return mask, left, top


class _NoInk:
    """An ImageDraw that draws nothing: the pen of `sheet`, which only records."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return _nothing


def _nothing(*args: object, **kwargs: object) -> None:
    return None


class _Pen:
    """Draws and records every text and mark (the test reads the same boxes); on no image
    (`img` None) it records alone, each box as the drawing pen would."""

    def __init__(self, img: Image.Image | None) -> None:
        self.img = img
        self.d = ImageDraw.Draw(img) if img is not None else cast(ImageDraw.ImageDraw, _NoInk())
        self.sheet = Sheet()

    def text(self, t: Text, fill: tuple[int, int, int] = INK) -> Text:
        if self.img is not None:
            mask, left, top = _glyphs(t.text, t.size, t.bold)
            ink = self.img.palette.getcolor(fill, self.img) if self.img.palette else 0
            self.img.paste(ink, (round(t.xy[0] + left), round(t.xy[1] + top)), mask)
        self.sheet.texts.append(t)
        return t

    def write(
        self,
        x: float,
        y: float,
        s: str,
        size: int = TEXT,
        bold: bool = False,
        fill: tuple[int, int, int] = INK,
    ) -> Text:
        return self.text(Text.at(x, y, s, size, bold), fill)

    def boxed(self, x: float, y: float, s: str, fill: tuple[int, int, int]) -> float:
        """A card or a tile: its text on a coloured box (the box is the text's background)."""
        t = Text.at(x + 4, y, s, TEXT, True)
        self.d.rectangle(t.box, fill=fill, outline=INK)
        self.text(t)
        return t.box[2]

    def shape(self, box: Box, shape: Shape, fill: tuple[int, int, int]) -> None:
        _shape(self.d, box, shape, fill)
        self.sheet.marks.append(box)


def _shape(d: ImageDraw.ImageDraw, box: Box, shape: Shape, fill: tuple[int, int, int]) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if shape == "square":
        d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=fill, outline=INK, width=2)
    elif shape == "circle":
        d.ellipse(box, fill=fill, outline=INK, width=2)
    elif shape == "triangle":
        d.polygon([(cx, y0), (x1, y1), (x0, y1)], fill=fill, outline=INK, width=2)
    elif shape == "diamond":
        d.polygon([(cx, y0), (x1, cy), (cx, y1), (x0, cy)], fill=fill, outline=INK, width=2)
    else:  # a cross
        a = (x1 - x0) / 3.2
        pts = [
            (cx - a / 2, y0), (cx + a / 2, y0), (cx + a / 2, cy - a / 2), (x1, cy - a / 2),
            (x1, cy + a / 2), (cx + a / 2, cy + a / 2), (cx + a / 2, y1), (cx - a / 2, y1),
            (cx - a / 2, cy + a / 2), (x0, cy + a / 2), (x0, cy - a / 2), (cx - a / 2, cy - a / 2),
        ]  # fmt: skip
        d.polygon(pts, fill=fill, outline=INK, width=2)


@lru_cache(maxsize=8)
def _base(board: Board) -> Image.Image:
    """The map: provinces and their titles, roads, city markers (fortresses square), names."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    d = ImageDraw.Draw(img)
    lay = map_layout(board)
    for p in range(len(board.province_ids)):
        col, row = board.grid[p]
        x0, y0, x1, y1 = cell(board, p)
        tint = PROVINCE_TINTS[(col + row) % 2]
        d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=tint, outline=(200, 185, 160))
    for a, b in board.roads:
        d.line((*px(*board.xy[a]), *px(*board.xy[b])), fill=ROAD, width=4)
    for p in range(len(board.province_ids)):
        col, row = board.grid[p]
        tint = PROVINCE_TINTS[(col + row) % 2]
        t = lay.titles[p]
        d.text(t.xy, t.text, font=font(t.size, True), fill=INK)
        for c in board.cities_of[p]:
            m = marker(board, c)
            shape = d.rectangle if board.fortress[c] else d.ellipse
            shape(m, fill=MARKER_FILL, outline=INK, width=2)
            for line in lay.names[c]:
                d.rectangle(line.box, fill=tint)  # a road under a name is hidden
                d.text(line.xy, line.text, font=font(TEXT), fill=NAME_INK)
    # a palette image: what each picture adds takes the few colours left, and a flat picture
    # of at most 256 colours encodes small and fast
    return img.quantize(colors=180, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _tile_text(board: Board, tile_id: int) -> str:
    tile = board.tile(tile_id)
    if tile.kind == "points":
        return f"+{tile.value}"
    if tile.kind == "card":
        return "C"
    return (tile.commodity or "?")[0].upper()


def _card_label(cards: Cards, k: int) -> str:
    """A card as an order names it (its colour is its box's): `V+M`, `GM`, `special change`."""
    kind = cards.kinds[k]
    if kind.effect is not None:
        return f"special {kind.name}"
    return "+".join(SYMBOL_SHORT[i] for i, n in enumerate(kind.counts) for _ in range(n))


def _style(s: State, seat: int) -> tuple[tuple[int, int, int], Shape]:
    return SEAT_STYLES.get(s.seats[seat], (INK, "square"))


def sheet(v: View) -> Sheet:
    """The boxes of every text and mark of the picture of `v` (placed, not drawn)."""
    return _draw(_Pen(None), v).sheet


def picture(v: View) -> Image.Image:
    return drawn(v)[0]


def drawn(v: View) -> tuple[Image.Image, Sheet]:
    """The picture of `v` and the boxes its pen recorded as it drew (the same as `sheet`)."""
    img = _base(v.state.board).copy()
    return img, _draw(_Pen(img), v).sheet


def _draw(pen: _Pen, v: View) -> _Pen:
    s = v.state
    board = s.board
    lay = map_layout(board)
    for p in range(len(board.province_ids)):
        pen.sheet.texts.append(lay.titles[p])
    for c in range(len(board.city_ids)):
        pen.sheet.texts.extend(lay.names[c])
        pen.sheet.marks.append(crown_place(board, c))  # kept free whether a crown is there
    _header(pen, v)
    _map(pen, s)
    _track(pen, s)
    _court(pen, s)
    _supply(pen, s)
    _players(pen, v)
    _hand(pen, v)
    _legend(pen)
    return pen


def _header(pen: _Pen, v: View) -> None:
    s = v.state
    if s.phase == "over":  # who won, with how many points and how far ahead, as it fits
        said = ranking(s).text
        for title in (said, said.split(" with ")[0], "Game over"):
            if length(title, 26, True) <= WIDTH - 20:
                break
        pen.write(10, 10, title, 26, True)
        return
    if s.province_order:
        title = f"Visit {s.visit + 1} of 12: {s.board.province_titles[s.province]}"
    else:
        title = "Setting up"
    pen.write(10, 10, title, 26, True)
    deck = f"deck {v.deck_size}  discard {len(s.discard)}"
    pen.write(WIDTH - 10 - length(deck, TEXT), 14, deck)


def _map(pen: _Pen, s: State) -> None:
    board = s.board
    lay = map_layout(board)
    if s.province_order:
        if s.phase != "over":
            x0, y0, x1, y1 = cell(board, s.province)
            pen.d.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), outline=CURRENT, width=FRAME)
        for i in range(s.visit + 1, len(s.province_order)):  # provinces still to come
            x, y = lay.badges[s.province_order[i]]
            number = pen.write(x, y, str(i + 1), TITLE, True, MUTED).box
            goods = s.board.province_tiles[i]
            room = cell(board, s.province_order[i])[2] - 4 - number[2]
            if room >= len(goods) * (GOOD + 2):  # beside the number, else under it
                _goods(pen, goods, number[2] + 2, y + 6)
            else:
                _goods(pen, goods, number[0], number[3] + 2)
    for c, tile in enumerate(s.bonus_on):
        m = marker(board, c)
        if tile != NO:  # the tile covers the marker, its text inside
            text = _tile_text(board, tile)
            left, top, right, bottom = bbox(text, TEXT, True)
            x = (m[0] + m[2] - left - right) / 2
            y = (m[1] + m[3] - top - bottom) / 2
            pen.d.rectangle(m, fill=(250, 220, 120), outline=INK)
            pen.text(Text((x, y), text, TEXT, True, m))
        if s.palace and s.palace[c] != NO:
            colour, shape = _style(s, s.palace[c])
            pen.shape(_palace_box(m, board.fortress[c]), shape, colour)
        if s.crown_palace and s.crown_palace[c] != NO:
            colour, shape = _style(s, s.crown_palace[c])
            x0, y0, x1, y1 = crown_place(board, c)
            gold = GOLD if c == s.crown_city else (190, 170, 130)
            pen.d.polygon(
                [(x0, y0 + 10), (x0 + 2, y0), (x0 + 8, y0 + 6), (x0 + 12, y0),
                 (x1 - 8, y0 + 6), (x1 - 2, y0), (x1, y0 + 10)],
                fill=gold, outline=INK,
            )  # fmt: skip
            pen.shape((x0, y0 + 10, x1, y1), shape, colour)


def _track(pen: _Pen, s: State) -> None:
    """The scoring track: each player's mark above its score, stacked where they meet."""
    top = max(50, -(-max(s.scores, default=0) // 10) * 10)
    x0, x1 = 24.0, WIDTH - 24.0

    def at(score: int) -> float:
        return x0 + (x1 - x0) * score / top

    d = pen.d
    d.line((x0, TRACK_LINE, x1, TRACK_LINE), fill=INK, width=3)
    step = 10 if top <= 100 else 20
    for v in range(0, top + 1, 5):
        d.line((at(v), TRACK_LINE - 5, at(v), TRACK_LINE + (8 if v % step == 0 else 4)), fill=INK)
        if v % step == 0:
            label = str(v)
            pen.write(at(v) - length(label, TEXT) / 2, TRACK_LINE + 10, label)
    levels: list[list[float]] = [[] for _ in range(STACK)]
    for i in sorted(range(len(s.seats)), key=lambda i: (s.scores[i], i)):
        x = at(s.scores[i])
        level = next(k for k, xs in enumerate(levels) if all(abs(x - o) >= MARK + 2 for o in xs))
        levels[level].append(x)
        y = TRACK_LINE - 6 - (level + 1) * (MARK + 2)
        colour, shape = _style(s, i)
        pen.shape((x - MARK / 2, y, x + MARK / 2, y + MARK), shape, colour)


GOOD = 12  # a goods dot beside a province's visit number


def _goods(pen: _Pen, goods: Sequence[str], x: float, y: float, size: int = GOOD) -> float:
    """A province tile's goods as dots from (x, y), a gap a sixth of a dot between them;
    where they end. (Those of the tiles still to come too, face up on their provinces as set
    up: a trial could not plan for matching goods, seen only once a tile reached the court.)"""
    for g in goods:
        box = (x, y, x + size, y + size)
        pen.d.ellipse(box, fill=COMMODITY_COLOURS[g], outline=INK)
        pen.sheet.marks.append(box)
        x += size + size // 6 + 1
    return x


def _court(pen: _Pen, s: State) -> None:
    y = COURT_Y
    x = pen.write(10, y, "Court:", bold=True).box[2] + 8
    for k in range(4):
        on = s.court[k]
        x = pen.write(x, y, SYMBOL_TITLES[k], bold=on, fill=INK if on else MUTED).box[2] + 8
    crown_here = s.crown_city == NO and s.phase != "over"
    x = pen.write(x, y, "crown", bold=crown_here, fill=INK if crown_here else MUTED).box[2] + 8
    if s.province_order and s.province_tile_in_court:
        x = pen.write(x, y, f"tile {s.visit + 1}:", bold=True).box[2] + 4
        _goods(pen, s.board.province_tiles[s.visit], x, y + 2, 20)


def _supply(pen: _Pen, s: State) -> None:
    _card_rows(pen, s.cards, "Supply:", s.supply, SUPPLY_Y, SUPPLY_ROWS, "empty")


def _card_rows(
    pen: _Pen, cards: Cards, head: str, kinds: Sequence[int], y: int, rows: int, none: str
) -> None:
    """A row of cards after its head, each a box in its colour, going on in the next rows;
    what the last row cannot hold is counted (`+3`)."""
    start = pen.write(10, y, head, bold=True).box[2] + 8
    x, last = start, y + (rows - 1) * 34
    if not kinds:
        pen.write(x, y, none)
    for n, k in enumerate(kinds):
        label = _card_label(cards, k)
        if x + length(label, TEXT, True) + 12 > WIDTH - 10:
            if y >= last:
                pen.write(x, y, f"+{len(kinds) - n}")
                return
            x, y = start, y + 34
        x = pen.boxed(x, y, label, CARD_COLOURS[cards.kinds[k].colour]) + 6


def _hand(pen: _Pen, v: View) -> None:
    """The viewer's own cards, its special cards with them (its view alone: a trial found
    its view's picture the public one); the public picture says hands are hidden."""
    s = v.state
    y = HAND_Y
    if v.seat is None:
        if s.phase != "over":  # (at the end every hand is counted, the log says so)
            pen.write(10, y, "Hands are hidden: each player's count is its c above.", fill=MUTED)
        return
    i = s.seats.index(v.seat)
    mine = [  # (counted as the view's hand size counts them: not those played this visit)
        k
        for e, k in enumerate(s.cards.specials)
        if s.special_holder[e] == i and k not in s.played[i]
    ]
    cards = sorted(v.hand, key=lambda k: (s.cards.kinds[k].colour, _card_label(s.cards, k)))
    _card_rows(pen, s.cards, "Your hand:", [*mine, *cards], y, HAND_ROWS, "no card")


def _players(pen: _Pen, v: View) -> None:
    """Per player: its mark and name, score, cards in hand, influence tiles, province tiles,
    and the cards it played this visit."""
    s = v.state
    cards = s.cards
    mover = s.seats[s.turn] if s.phase in ("turn", "place", "take") else None
    for i, name in enumerate(s.seats):
        y = PLAYERS_Y + i * ROW
        colour, shape = _style(s, i)
        pen.shape((10, y + 1, 32, y + 23), shape, colour)
        who = name.capitalize() + (f" {MOVER}" if name == mover else "")
        pen.write(40, y, who, bold=True)
        score = str(s.scores[i])
        pen.write(200 - length(score, TEXT, True), y, score, bold=True)
        gone = not s.active[i] and s.phase not in ("over", "setup", "supply")
        pen.write(212, y, f"{v.hand_sizes[i]}c", fill=MUTED if gone else INK)
        # a kind's tiles apart from the next kind's ("G M", never "GM": the mogul's label)
        held = " ".join(INFLUENCE_LETTERS[k] * n for k, n in enumerate(s.influence[i]) if n)
        held += "*" * sum(1 for h in s.special_holder if h == i)
        held += f" {len(s.province_tiles[i])}p" if s.province_tiles[i] else ""
        x = 270.0
        if held.strip():
            x = pen.write(x, y, held.strip()).box[2] + 8
        x = max(x, 360.0)
        played = list(s.played[i])
        for n, k in enumerate(played):
            label = _card_label(cards, k)
            more = f"+{len(played) - n}"
            room = WIDTH - 10 - length(more, TEXT, True) - 12
            if x + length(label, TEXT, True) + 12 > room and n < len(played) - 1:
                pen.write(x, y, more, bold=True)
                break
            x = pen.boxed(x, y, label, CARD_COLOURS[cards.kinds[k].colour]) + 5


def _palace_box(m: Box, fortress: bool) -> Box:
    """Where a palace is drawn on a city's marker: over it all, or on a fortress inside its
    square, which stays around the palace as a frame (so a fortress shows whoever holds it)."""
    if not fortress:
        return m
    k = PALACE_INSET
    return m[0] + k, m[1] + k, m[2] - k, m[3] - k


class _Keys:
    """A line of the legend: marks as the map draws them, each followed by what it means."""

    def __init__(self, pen: _Pen, y: float) -> None:
        self.pen, self.y, self.x = pen, y, 10.0

    def mark(self) -> Box:
        box = (self.x, self.y, self.x + TEXT + 4, self.y + TEXT + 4)
        self.pen.sheet.marks.append(box)
        self.x = box[2] + 6
        return box

    def words(self, text: str, bold: bool = False) -> None:
        t = self.pen.write(self.x, self.y + 2 - bbox("Ag", TEXT)[1], text, bold=bold, fill=INK)
        self.x = t.box[2] + 16


def _legend(pen: _Pen) -> None:
    """What the marks mean (the cities, a palace on a fortress in its frame, the crown palace,
    the province visited now, a province's visit number, the goods' colours), then the
    letters and numbers."""
    d = pen.d
    keys = _Keys(pen, LEGEND_Y)
    d.rectangle(keys.mark(), fill=MARKER_FILL, outline=INK, width=2)
    keys.words("fortress")
    d.ellipse(keys.mark(), fill=MARKER_FILL, outline=INK, width=2)
    keys.words("city")
    d.rectangle(keys.mark(), outline=CURRENT, width=FRAME)
    keys.words("the province visited now")
    keys = _Keys(pen, LEGEND_Y + LEGEND_ROW)
    fortress = keys.mark()
    d.rectangle(fortress, fill=MARKER_FILL, outline=INK, width=2)
    _shape(d, _palace_box(fortress, True), "circle", MUTED)
    keys.words("framed: a palace on a fortress")
    crown = keys.mark()
    d.polygon(
        [(crown[0], crown[3] - 4), (crown[0] + 2, crown[1] + 4), (crown[0] + 8, crown[1] + 10),
         (crown[0] + 12, crown[1] + 2), (crown[2] - 8, crown[1] + 10), (crown[2] - 2,
         crown[1] + 4), (crown[2], crown[3] - 4)],
        fill=GOLD, outline=INK,
    )  # fmt: skip
    keys.words("crown palace")
    keys = _Keys(pen, LEGEND_Y + 2 * LEGEND_ROW)
    keys.x = pen.write(keys.x, keys.y + 2 - bbox("Ag", TITLE)[1], "8", TITLE, True, MUTED).box[2]
    keys.x += 6
    keys.words("by a province: the visit it comes in, of 12, and its tile's goods")
    keys = _Keys(pen, LEGEND_Y + 3 * LEGEND_ROW)
    keys.words("Goods (a province tile's dots):")
    keys.x -= 8
    for good, colour in COMMODITY_COLOURS.items():
        x0, y0, x1, y1 = keys.mark()
        d.ellipse((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=colour, outline=INK)
        keys.words(good)
        keys.x -= 6
    y = LEGEND_Y + 4 * LEGEND_ROW
    for line in LEGEND_WORDS:
        pen.write(10, y + 2 - bbox("Ag", TEXT)[1], line, fill=NAME_INK)
        y += LEGEND_ROW


def board_png(v: View) -> bytes:
    """The picture as PNG bytes."""
    return png.encode(picture(v), level=2)
