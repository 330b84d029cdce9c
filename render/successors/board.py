"""Successors' map as a PNG, drawn from a view (the public view, or a seat's: the same picture,
since the hands are shown only as counts).

Sized for a phone: 780 px wide, shown at 390 px, every text 20 px or more (10 px on the
phone), at most twice as tall as wide. From the top: the game turn, whose player turn and
which phase, and the chits left in the cup; the map (layout.py): each land area a box with its
name, its value, the unit bought there (I C L E) and its port (⚓), shaded when rough, the
links between the boxes, the seas under them. On the map, what changes: each controlled area
framed in its controller's colour, an area in revolt or invaded framed in dark red (dashed for
an invasion), each home's value on a house of its player's colour, what stands in every area
and sea as runs of short words on each side's colour (stacks.py), and the players' table in
the open sea (treasury, chits held, points now, in this game turn's order). Below the map: any
area whose stacks do not fit its box, written out, and the legend.

The map's fixed parts are drawn once per map file; every text is placed from the fonts'
metrics and recorded as drawn (`sheet`), so a test checks that no text covers another. A
palette picture of a few colours: small to send and quick to encode.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.successors import (
    CAPTIVE,
    INVASION,
    NO,
    PORT,
    REVOLT,
    Map,
    State,
    View,
    alone_in,
    count_of,
    half_points,
    open_homes,
    points_text,
    ranking,
)

from ..pictures import Names
from ..rajas.layout import PAD, Box, Text, bbox, font
from . import packed, stacks
from .layout import (
    MARGIN,
    RAISE,
    TEXT,
    TITLE,
    WIDTH,
    AreaPlace,
    MapLayout,
    ink_width,
    line_at,
    map_layout,
)
from .stacks import Run

NAMED = {
    "paper": (246, 239, 224),
    "ink": (40, 34, 28),
    "muted": (108, 96, 82),
    "land": (253, 250, 242),
    "rough": (216, 202, 170),
    "link": (120, 98, 74),
    "sea": (178, 210, 232),
    "sea_ink": (22, 62, 112),
    "coast": (92, 140, 190),
    "marker": (160, 24, 40),
    "guessed": (150, 150, 150),
    "white": (255, 255, 255),
    # the seats: Okabe and Ito's colours, told apart by colour-blind eyes
    "blue": (0, 114, 178),
    "red": (213, 94, 0),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
}
INDEX = {name: k for k, name in enumerate(NAMED)}
PALETTE = [v for rgb in NAMED.values() for v in rgb]
ON_COLOUR = {"blue": "white", "ink": "white"}  # the ink of words on a colour (else ink)
ANCHOR = "⚓"
FRAME = 4  # a frame's width, inside the box's rim
DASH = 10  # an invasion's frame: dashes and gaps
RUN_GAP = 5  # between two runs on a line
THIN = "\u2009"  # between two words of a run
PANEL_ROW = 28
LEGEND_ROW = 28
SETUP_STEPS = {"home": "choose a home", "buy": "buy"}  # the setup's decisions, by frame
PHASES = ("Events", "Revenue", "Purchases", "Movement", "Combat", "Combat", "End of turn")
LEGEND = (
    "■ value (tax and points), on a house: a home · I C L E: the unit bought there · ⚓ port "
    "· shaded: rough (2 MP) · framed: its controller's colour; dark red: revolt (dashed: "
    "invasion), worth nothing · a line: a border",
    "★ leader · L levy, I infantry, C cavalry, E elephant, F fleets (at sea, with the units "
    "aboard) · white: rebels; white edged in a player's colour: its mercenaries · ⚔ battle "
    "· T Talents · pts points now (l.66)",
)
GUESSED = (
    "An area or sea outlined in grey is not on our drawing of the map: it is placed by its links."
)


@dataclass(slots=True)
class Sheet:
    """Every text and mark a picture draws, as boxes (marks: swatches), and the areas whose
    stacks are written out below the map."""

    texts: list[Text] = field(default_factory=list)
    marks: list[Box] = field(default_factory=list)
    overflow: list[str] = field(default_factory=list)


@lru_cache(maxsize=1024)
def _glyphs(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """A text's ink as a two-level mask (a palette picture takes no shades), made once."""
    left, top, right, bottom = bbox(text, size, bold)
    mask = Image.new("1", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size, bold), fill=1)
    return mask, left, top


class _Pen:
    def __init__(self, img: Image.Image, sheet: Sheet) -> None:
        self.img = img
        self.d = ImageDraw.Draw(img)
        self.sheet = sheet

    def text(self, t: Text, ink: str = "ink") -> Text:
        mask, left, top = _glyphs(t.text, t.size, t.bold)
        self.img.paste(INDEX[ink], (t.xy[0] + left, t.xy[1] + top), mask)
        self.sheet.texts.append(t)
        return t

    def write(
        self, x: float, y: float, s: str, size: int = TEXT, bold: bool = False, ink: str = "ink"
    ) -> float:
        """`s` with its box's top left at (x, y); returns where its box ends."""
        return self.text(line_at(x, y, s, size, bold), ink).box[2]

    def rect(self, b: Box, fill: str | None, outline: str | None = None, width: int = 1) -> None:
        self.d.rectangle(
            b,
            fill=None if fill is None else INDEX[fill],
            outline=None if outline is None else INDEX[outline],
            width=width,
        )


# --- the fixed map ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Base:
    img: Image.Image
    texts: tuple[Text, ...]
    values: tuple[Text, ...]  # per land area: its value as drawn (a home redraws it)
    starts: tuple[float, ...]  # per land area: where its first line of stacks may begin


@lru_cache(maxsize=8)
def _base(m: Map) -> _Base:
    """The map's fixed parts, drawn once per map file: seas, links, boxes, names, values."""
    lay = map_layout(m)
    img = Image.new("P", (WIDTH, lay.bottom), INDEX["paper"])
    img.putpalette(PALETTE)
    pen = _Pen(img, Sheet())
    guessed = set(lay.guessed)
    for sea in lay.seas:
        pen.d.polygon(sea.outline, fill=INDEX["sea"])
    for k, sea in enumerate(lay.seas):  # each sea's own edge, where two seas meet
        edge = "guessed" if m.ids[m.land + k] in guessed else "coast"
        pen.d.line((*sea.outline, sea.outline[0]), fill=INDEX[edge], width=3)
    for coast, sea_at in lay.coasts:
        pen.d.line((coast, sea_at), fill=INDEX["coast"], width=3)
    for link in lay.links:
        pen.d.line(link, fill=INDEX["link"], width=3, joint="curve")
    pen.rect(lay.panel, "paper", "ink")
    values, starts = [], []
    for a in range(m.land):
        value, start = _area(pen, m, a, lay.areas[a], m.ids[a] in guessed)
        values.append(value)
        starts.append(start)
    for sea in lay.seas:
        for t in sea.names:
            pen.text(t, "sea_ink")
    return _Base(img, tuple(pen.sheet.texts), tuple(values), tuple(starts))


def _area(pen: _Pen, m: Map, a: int, place: AreaPlace, guessed: bool) -> tuple[Text, float]:
    """An area's box, name and first words (value, symbol, port); returns its value as drawn
    and where its stacks may begin."""
    pen.rect(place.box, "rough" if m.rough[a] else "land", "guessed" if guessed else "ink")
    if guessed:
        x0, y0, x1, y1 = place.box
        pen.rect((x0 + 1, y0 + 1, x1 - 1, y1 - 1), None, "guessed", 2)
    for t in place.names:
        pen.text(t)
    x, y = place.rows[0][0], place.rows[0][2] + RAISE
    value = line_at(x + 1, y, str(m.value[a]), TEXT, True)
    _badge(pen, value, None)
    pen.text(value, "white")
    x = pen.write(value.box[2] + 4, y, stacks.LETTERS[m.symbol[a]], ink="muted")
    if m.coast[a] == PORT:
        x = pen.write(x + 1, y, ANCHOR)
    return value, x + RUN_GAP


def _badge(pen: _Pen, value: Text, home: str | None) -> None:
    """A value's square, or a home's house in its player's colour (the roof above it)."""
    x0, y0, x1, y1 = value.box
    x0, y0, x1, y1 = x0 - 1, y0 - 1, x1 + 1, y1 + 1
    if home is None:
        pen.rect((x0, y0, x1, y1), "ink")
        return
    roof = [(x0 - 2, y0 + 1), ((x0 + x1) / 2, y0 - RAISE + 1), (x1 + 2, y0 + 1)]
    pen.d.polygon([*roof, (x1, y0 + 1), (x1, y1), (x0, y1), (x0, y0 + 1)], fill=INDEX[home])
    pen.d.line([*roof, (x1, y0 + 1), (x1, y1), (x0, y1), (x0, y0 + 1), roof[0]], INDEX["ink"])


# --- the picture -----------------------------------------------------------------------------


def player_names(v: View, names: Names | None) -> list[str]:
    """Each seat's player as the table names them (its colour where no name is given); two AI
    seats of one level share a name, so elsewhere a seat is named by its colour."""
    given = names or {}
    return [given.get(seat) or seat.capitalize() for seat in v.state.seats]


def colours(v: View) -> list[str]:
    """Each seat by its colour, as the players' table pairs it with its player: what the
    picture's lines and the alt text name a seat by, never ambiguous."""
    return [seat.capitalize() for seat in v.state.seats]


def labels(v: View, names: Names | None, *, short: bool = False) -> list[str]:
    """Each seat by its colour and its player: "Red (the greedy AI)", "Blue" unnamed, "you"
    for the person at the keyboard (the terminal's name for them); `short`: by its colour."""
    return [
        name
        if name == colour or name.lower() == "you"
        else colour
        if short
        else f"{colour} ({name})"
        for colour, name in zip(colours(v), player_names(v, names), strict=True)
    ]


def picture(v: View, names: Names | None = None) -> tuple[Image.Image, Sheet]:
    s = v.state
    m = s.parts.map
    lay = map_layout(m)
    base = _base(m)
    sheet = Sheet(texts=list(base.texts))
    placed = _place_runs(s, lay, base, stacks.runs(v))
    legend = _legend_lines(bool(lay.guessed), bool(open_homes(s)))
    room = (2 * WIDTH - lay.bottom - 8 - MARGIN) // LEGEND_ROW - len(legend)
    written = _written_out(s, placed.overflow, room, colours(v))
    height = lay.bottom + 8 + LEGEND_ROW * (len(written) + len(legend)) + MARGIN
    img = Image.new("P", (WIDTH, height), INDEX["paper"])
    img.putpalette(PALETTE)
    img.paste(base.img, (0, 0))
    pen = _Pen(img, sheet)
    _header(pen, v, names)
    _frames(pen, s, lay)
    _homes(pen, s, base)
    for chip in placed.chips:
        _draw_chip(pen, s, chip)
    _panel(pen, v, names, lay.panel)
    y = lay.bottom + 8
    for k, text in enumerate((*written, *legend)):
        pen.write(MARGIN, y, text, ink="ink" if k < len(written) else "muted")
        y += LEGEND_ROW
    sheet.overflow = [m.names[a] for a, _ in placed.overflow]
    return img, sheet


def board_png(v: View, names: Names | None = None) -> bytes:
    return packed.encode(picture(v, names)[0], PALETTE)


def sheet(v: View, names: Names | None = None) -> Sheet:
    return picture(v, names)[1]


# --- the header ------------------------------------------------------------------------------


def phase_of(s: State) -> str:
    """The phase of the player turn under way (its frame holds the stage that comes next)."""
    for kind, seat, stage, _, _ in reversed(s.frames):
        if kind == "player" and seat == s.current:
            return PHASES[max(0, stage - 1)]
    return ""


def acting(s: State) -> int:
    """The seat whose player turn it is; in the setup, the seat choosing a home or buying."""
    if s.phase == "setup" and s.frames and s.frames[-1][0] in SETUP_STEPS:
        return s.frames[-1][1]
    return s.current


def said(who: str, verb: str) -> str:
    """`who` and the verb that agrees with them ("Red chooses a home", "you choose a home": the
    terminal names the person at the keyboard "you")."""
    if who.lower() == "you":
        return f"{who} {verb}"
    head, _, rest = verb.partition(" ")
    ends = "es" if head.endswith(("s", "sh", "ch", "x", "z")) else "s"
    return f"{who} {head}{ends}{' ' + rest if rest else ''}"


def title_of(v: View, names: Names | None, *, short: bool = False) -> str:
    """The picture's title, naming a seat by its colour and player (`short`: its colour)."""
    s = v.state
    who = labels(v, names, short=short)
    if s.phase == "over":
        best = s.seats.index(ranking(s).places[0][0])
        return f"Game over: {said(who[best], 'win')} with {points_text(half_points(s, best))}"
    if s.phase == "setup":
        kind = s.frames[-1][0] if s.frames else ""
        if kind == "home_roll":
            return "Setting up: rolls for the choice of homes"
        seat = acting(s)
        return f"Setting up: {said(who[seat], SETUP_STEPS[kind])}" if seat != NO else "Setting up"
    turn = f"Game turn {s.turn} of {s.parts.setup.turns}"
    if s.current == NO:
        return turn
    phase = phase_of(s)
    return f"{turn}: {who[s.current]}" + (f", {phase}" if phase else "")


def _header(pen: _Pen, v: View, names: Names | None) -> None:
    cup = f"cup: {count_of(v.cup_size, 'chit')}"
    right = WIDTH - MARGIN - ink_width(cup) - 2 * PAD
    room = right - MARGIN - 12
    title = title_of(v, names)
    if ink_width(title, TITLE, True) + 2 * PAD > room:
        title = _fit(title_of(v, names, short=True), room, TITLE, True)
    pen.write(MARGIN, 8, title, TITLE, True)
    pen.write(right, 11, cup, ink="muted")


# --- control, markers and homes ----------------------------------------------------------------


def _frames(pen: _Pen, s: State, lay: MapLayout) -> None:
    for a, place in enumerate(lay.areas):
        x0, y0, x1, y1 = place.box
        inner = (x0 + 1, y0 + 1, x1 - 1, y1 - 1)
        if s.markers[a] == REVOLT:
            pen.rect(inner, None, "marker", FRAME)
        elif s.markers[a] == INVASION:
            _dashed(pen, inner)
        elif s.control[a] != NO:
            pen.rect(inner, None, s.seats[s.control[a]], FRAME)


def _dashed(pen: _Pen, b: Box) -> None:
    x0, y0, x1, y1 = b
    for x in range(int(x0), int(x1), 2 * DASH):
        pen.rect((x, y0, min(x + DASH, x1), y0 + FRAME - 1), "marker")
        pen.rect((x, y1 - FRAME + 1, min(x + DASH, x1), y1), "marker")
    for y in range(int(y0), int(y1), 2 * DASH):
        pen.rect((x0, y, x0 + FRAME - 1, min(y + DASH, y1)), "marker")
        pen.rect((x1 - FRAME + 1, y, x1, min(y + DASH, y1)), "marker")


def _homes(pen: _Pen, s: State, base: _Base) -> None:
    for home in open_homes(s):  # while homes are chosen: a dark house, open to choose
        _house(pen, base.values[home], "ink")
    for seat, home in enumerate(s.homes):
        if home != NO and seat not in s.out:
            _house(pen, base.values[home], s.seats[seat])


def _house(pen: _Pen, value: Text, colour: str) -> None:
    """An area's value redrawn on a house of `colour` (its text already on the sheet)."""
    _badge(pen, value, colour)
    mask, left, top = _glyphs(value.text, value.size, value.bold)
    ink = INDEX[ON_COLOUR.get(colour, "ink")]
    pen.img.paste(ink, (value.xy[0] + left, value.xy[1] + top), mask)


# --- the stacks ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Chip:
    run: Run
    text: Text  # the run's words on one line, a thin space apart


@dataclass(slots=True)
class _Placed:
    chips: list[_Chip] = field(default_factory=list)
    overflow: list[tuple[int, tuple[Run, ...]]] = field(default_factory=list)


Line = tuple[float, float, float]  # x from, x to, top


def _place_runs(
    s: State, lay: MapLayout, base: _Base, all_runs: Sequence[tuple[Run, ...]]
) -> _Placed:
    """Every place's runs along its lines; a place whose runs do not fit shows what fits and
    a "+", and is written out below the map."""
    out = _Placed()
    land = s.parts.map.land
    for place, runs in enumerate(all_runs):
        if not runs:
            continue
        if place < land:
            rows = list(lay.areas[place].rows)
            rows[0] = (base.starts[place], rows[0][1], rows[0][2])
        else:
            rows = list(lay.seas[place - land].rows)
        placed = _flow(runs, rows)
        if placed is None:
            placed = _shortened(runs, rows)
            out.overflow.append((place, runs))
        out.chips.extend(placed)
    return out


def _flow(runs: Sequence[Run], rows: Sequence[Line]) -> list[_Chip] | None:
    """The runs' words along the lines, each run's words on a line as one chip, a run
    breaking between its words; None when they do not all fit."""
    out: list[_Chip] = []
    k, x = 0, rows[0][0]
    for run in runs:
        words: list[str] = []
        start = x
        for word in run.words:
            while True:
                at = start if words else x + (RUN_GAP if x > rows[k][0] else 0)
                if at + ink_width(THIN.join([*words, word])) + 2 * PAD <= rows[k][1]:
                    start = at
                    words.append(word)
                    break
                if words:
                    out.append(_Chip(run, line_at(start, rows[k][2] + RAISE, THIN.join(words))))
                    words = []
                k += 1
                if k == len(rows):
                    return None
                x = rows[k][0]
        chip = _Chip(run, line_at(start, rows[k][2] + RAISE, THIN.join(words)))
        out.append(chip)
        x = chip.text.box[2]
    return out


def _shortened(runs: Sequence[Run], rows: Sequence[Line]) -> list[_Chip]:
    """As many whole words as fit with a closing "+" (the place is written out below)."""
    words = [(r, w) for r in runs for w in r.words]
    for keep in range(len(words) - 1, -1, -1):
        out: list[Run] = []
        for r, w in words[:keep]:
            if out and (out[-1].style, out[-1].seat) == (r.style, r.seat):
                out[-1] = Run(r.style, r.seat, (*out[-1].words, w))
            else:
                out.append(Run(r.style, r.seat, (w,)))
        out.append(Run("more", NO, ("+",)))
        placed = _flow(out, rows)
        if placed is not None:
            return placed
    raise AssertionError("a place has no room for a single word")


STYLES = {  # a run's fill, ink and edge (a seat's colour where named "colour")
    "seat": ("colour", "on colour", "ink"),
    "merc": ("white", "ink", "colour"),
    "white": ("white", "ink", "ink"),
    "battle": ("white", "marker", "marker"),
    "more": ("ink", "white", "ink"),
}


def _draw_chip(pen: _Pen, s: State, chip: _Chip) -> None:
    """A run's words on a line, on its side's colour (each chip made once)."""
    colour = s.seats[chip.run.seat] if chip.run.seat != NO else "white"
    fill, ink, edge = (
        colour if c == "colour" else ON_COLOUR.get(colour, "ink") if c == "on colour" else c
        for c in STYLES[chip.run.style]
    )
    width = 3 if chip.run.style == "merc" else 1
    img = _chip_image(chip.text.text, fill, ink, edge, width)
    pen.img.paste(img, (int(chip.text.box[0]) - 1, int(chip.text.box[1]) - 1))
    pen.sheet.texts.append(chip.text)


@lru_cache(maxsize=2048)
def _chip_image(text: str, fill: str, ink: str, edge: str, width: int) -> Image.Image:
    """A chip: the text's box grown by a pixel, on its fill, edged."""
    t = line_at(0, 0, text)
    x0, y0, x1, y1 = (int(v) for v in t.box)
    img = Image.new("P", (x1 - x0 + 3, y1 - y0 + 3), INDEX[fill])
    pen = _Pen(img, Sheet())
    pen.rect((0, 0, x1 - x0 + 2, y1 - y0 + 2), fill, edge, width)
    pen.text(Text((t.xy[0] - x0 + 1, t.xy[1] - y0 + 1), t.text, t.size, t.bold, t.box), ink)
    return img


def _written_out(
    s: State, crowded: list[tuple[int, tuple[Run, ...]]], room: int, who: list[str]
) -> tuple[str, ...]:
    """The crowded places' stacks in words, a place a line (or more), within `room` lines
    where the map leaves room for it under twice its width: the places that do not fit are
    named on a last line (their stacks are in the alt text)."""
    lines: list[str] = []
    for k, (place, runs) in enumerate(crowded):
        more = _wrapped((_overflow_line(s, place, runs, who),))
        rest = crowded[k + 1 :]
        if len(lines) + len(more) + (1 if rest else 0) > room:
            names = ", ".join(s.parts.map.names[p] for p, _ in crowded[k:])
            return (*lines, _fit(f"Also crowded: {names}", WIDTH - 2 * MARGIN))
        lines += more
    return tuple(lines)


def _overflow_line(s: State, place: int, runs: tuple[Run, ...], who: list[str]) -> str:
    parts = []
    for r in runs:
        seat = who[r.seat] if r.seat != NO else ""
        side = {"seat": seat, "merc": f"{seat}'s mercenaries", "white": "rebels"}.get(r.style)
        if side is not None:
            parts.append(f"{side} {' '.join(r.words)}")
        else:
            parts.append("battle")
    return f"{s.parts.map.names[place]}: " + ", ".join(parts)


# --- the players' table ----------------------------------------------------------------------


def scores(s: State) -> list[int]:
    """Each seat's points now, in half points (result.half_points of every seat, the map
    read once): twice the value of the areas its units alone occupy, and its Talents."""
    out = list(s.money)
    value = s.parts.map.value
    for a in range(s.parts.map.land):
        seat = alone_in(s, a)
        if seat != NO:
            out[seat] += 2 * value[a]
    return out


def _panel(pen: _Pen, v: View, names: Names | None, box: Box) -> None:
    """A line per player in this game turn's order (the setup: seat order): its place, its
    colour, its player, its Talents, chits and points; one more for a captive leader, an
    alliance or an elimination. A player's name, with its colour ("Red (the greedy AI)"),
    too long to sit beside the figures gets a line of its own, the figures under it, when
    the box has the lines to spare for every such name; else each is shortened ("Red
    (greedy AI)", then "Red": the colour the table's lines name the seat by; a trial read
    "the hard AI" alone and looked for Red), a name shortened for one seat shortened for
    each seat it names."""
    s = v.state
    half = scores(s)
    plain = player_names(v, names)
    who = labels(v, names)  # every seat alike: "Red (the hard AI)", "Green (the greedy AI)"
    hue = colours(v)
    order = [k for k in s.order if k not in s.out] or list(range(s.players))
    order += [k for k in range(s.players) if k not in order]
    now = acting(s)
    x0, y = box[0] + 6, box[1] + 6
    x = x0 + max(line_at(0, 0, str(k + 1)).box[2] for k in range(len(order))) + 2 + 26
    stats = {seat: _stats(v, seat, half[seat]) for seat in order}
    notes = {seat: _note(v, seat, hue) for seat in order}
    spare = (box[3] - y) // PANEL_ROW - len(order) - sum(1 for n in notes.values() if n)
    rows = {seat: _note_rows(notes[seat], box[2] - 6 - x) for seat in order}
    for seat in order:  # a note too long for a row takes a row for each part, room allowing
        extra = len(rows[seat]) - 1
        if extra > 0 and spare >= extra:
            spare -= extra
        elif extra > 0:  # no row to spare: in its short words (a trial read "allied…")
            rows[seat] = [_short_note("; ".join(rows[seat]))]
    room = {seat: box[2] - 6 - ink_width(stats[seat]) - 2 * PAD - 8 - x for seat in order}
    long = {s for s in order if ink_width(who[s], TEXT, s == now) + 2 * PAD > room[s]}
    # every name too long gets a line of its own, or none does: seats alike are named alike
    # (a trial saw "Red" beside "Yellow (the hard AI)" and "Green (the hard AI)")
    own_line = long if spare >= len(long) else set()
    cut = {plain[s] for s in long - own_line}  # a player's name cut for one seat: for all
    for k, seat in enumerate(order):
        stats_x = box[2] - 6 - ink_width(stats[seat]) - 2 * PAD
        bold = seat == now
        pen.write(x0, y + 2, str(k + 1), ink="muted")
        swatch = (x - 26, y + 4, x - 6, y + 24)
        pen.rect(swatch, s.seats[seat], "ink")
        pen.sheet.marks.append(swatch)
        name = who[seat]
        if seat in own_line:
            pen.write(x, y + 2, _fit(name, box[2] - 6 - x, TEXT, bold), bold=bold)
            y += PANEL_ROW
        else:
            forms = [name, name.replace("(the ", "("), hue[seat]]
            cell = _cell(forms[2:] if plain[seat] in cut else forms, room[seat], bold)
            pen.write(x, y + 2, _fit(cell, room[seat], TEXT, bold), bold=bold)
        pen.write(stats_x, y + 2, stats[seat])
        y += PANEL_ROW
        for note in rows[seat]:
            pen.write(x, y + 2, _fit(note, box[2] - 6 - x), ink="muted")
            y += PANEL_ROW


def _cell(names: list[str], room: float, bold: bool) -> str:
    """A player's name as a cell of the table: the first of its forms that fits ("Red (the
    greedy AI)", "Red (greedy AI)", "Red"), else the last (its colour)."""
    for name in names:
        if ink_width(name, TEXT, bold) + 2 * PAD <= room:
            return name
    return names[-1]


def _stats(v: View, seat: int, half: int) -> str:
    s = v.state
    if seat in s.out:
        return "out"
    points = points_text(half).replace(" points", " pts").replace(" point", " pt")
    return f"{s.money[seat]} T, {count_of(v.hand_sizes[seat], 'chit')}, {points}"


def _note_rows(note: str, width: float) -> list[str]:
    """A seat's note in one row where it fits, else a row for each of its parts (a trial
    read "leader held by Red; allied w…")."""
    if not note:
        return []
    if ink_width(note) + 2 * PAD <= width:
        return [note]
    return note.split("; ")


def _short_note(note: str) -> str:
    """A note in fewer words, for a row with no room for its own: "★ held by Yellow; ally
    Green" (★ the legend's leader)."""
    return note.replace("leader held by ", "★ held by ").replace("allied with ", "ally ")


def _note(v: View, seat: int, who: list[str]) -> str:
    s = v.state
    if seat in s.out:
        return "eliminated"
    words = []
    at = s.leaders[seat]
    if at >= CAPTIVE:
        words.append(f"leader held by {who[at - CAPTIVE]}")
    allies = [b if a == seat else a for a, b in s.alliances if seat in (a, b)]
    if allies:
        words.append("allied with " + ", ".join(who[k] for k in allies))
    return "; ".join(words)


def _fit(text: str, width: float, size: int = TEXT, bold: bool = False) -> str:
    """The text cut with an ellipsis to fit `width`."""
    if ink_width(text, size, bold) + 2 * PAD <= width:
        return text
    while text and ink_width(text + "…", size, bold) + 2 * PAD > width:
        text = text[:-1]
    return text + "…"


# --- below the map ---------------------------------------------------------------------------


OPEN_HOMES = "a dark house: a home still open to choose (not next to one chosen)"


@lru_cache(maxsize=4)
def _legend_lines(guessed: bool, choosing: bool) -> tuple[str, ...]:
    """The legend; while homes are chosen, what marks those still open."""
    return _wrapped((*LEGEND, *([OPEN_HOMES] if choosing else []), *([GUESSED] if guessed else [])))


@lru_cache(maxsize=64)
def _wrapped(sentences: tuple[str, ...]) -> tuple[str, ...]:
    lines: list[str] = []
    for sentence in sentences:
        line = ""
        for word in sentence.split():
            longer = f"{line} {word}" if line else word
            if line and ink_width(longer) + 2 * PAD > WIDTH - 2 * MARGIN:
                lines.append(line)
                longer = word
            line = longer
        lines.append(line)
    return tuple(lines)
