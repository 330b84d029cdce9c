"""Rajas of the Ganges' board as a PNG, drawn from a view (the state is public: a view is it).

A schematic for a phone, at most twice as tall as it is wide: 780 px wide, shown at 390 px,
every text 20 px or more (10 px on the phone). From the top: the round and who places (at the
end, who won and why); the race (each player's fame and money and the fame points left to
cross, as a bar: fewer is better); the quarry's spaces, the top tile of each stack; the
harbour and the other action spaces, each labelled with the words an order names it by; the river
with the boats and the bridge; then the players' boards two side by side; a legend of the short
names. Every text is placed on its own line or cell from the fonts' metrics and recorded as
drawn (`sheet`), so a test checks that no text covers another, a mark or a road. A palette
picture of a few colours: small to send and quick to encode.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from rules.rajas import TRACK_BONUSES, State, engine, race_words, ranking, verdict

from .. import png
from .layout import MARGIN, RIGHT, TEXT, TITLE, WIDTH, Sheet, width
from .pen import INDEX, PALETTE, Pen, fill_of
from .provinces import panels
from .spaces import areas, quarry, river

TITLE_ROW = 34
RACE_ROW = 28
SECTION_GAP = 6
RACE_CAPTION = "bars: fame to cross, fewer is better"
LEGEND = (
    "m money, f fame, K karma, D a die, U upgrade (on an edge: a yield for a road reaching "
    "it; +5 5 money); on the river 2K 2 karma, 2D 2 dice, C chamber, A/G assorted/goods "
    "market, /mk /U /K per market, upgrade, karma, K+D a die per karma, brown bar bridge. "
    "Tiles: T temple, P palace, F fort, M mill, s silk, t tea, x spices; R residence; bars: "
    "roads; boxed: tiles left.",
)
TALLEST = 4000  # a base is drawn this tall, then cut to what its sections took


def sheet(v: State) -> Sheet:
    """The boxes of every text, mark, road, action space and cell of the picture of `v`."""
    return _draw(v)[1]


def picture(v: State) -> Image.Image:
    return _draw(v)[0]


def height(v: State) -> int:
    """The picture's height: fixed by the board and its side for the number of players."""
    return _base(v)[0].height


def _new_image(h: int) -> Image.Image:
    img = Image.new("P", (WIDTH, h), INDEX["paper"])
    img.putpalette(PALETTE)
    return img


def _draw(v: State) -> tuple[Image.Image, Sheet]:
    base, fixed = _base(v)
    pen = Pen(base.copy(), base=False)
    pen.sheet.extend(fixed)
    _sections(pen, v)
    return pen.img, pen.sheet


_BASES: dict[tuple[str, int], tuple[Image.Image, Sheet]] = {}


def _base(v: State) -> tuple[Image.Image, Sheet]:
    """The fixed parts of the board's side for this many players, drawn once, and what they
    hold."""
    key = (v.board.text_key, len(v.seats))
    if key not in _BASES:
        if len(_BASES) >= 16:
            _BASES.clear()
        pen = Pen(_new_image(TALLEST), base=True)
        _sections(pen, v)
        _BASES[key] = (pen.img.crop((0, 0, WIDTH, pen.y + MARGIN)), pen.sheet)
    return _BASES[key]


def _sections(pen: Pen, v: State) -> None:
    """Every section in order, each moving the cursor down by what it takes (the same in the
    base and in each picture: no place depends on the position)."""
    _header(pen, v)
    pen.y += SECTION_GAP
    quarry(pen, v)
    areas(pen, v)
    pen.y += SECTION_GAP
    river(pen, v)
    pen.y += SECTION_GAP
    panels(pen, v)
    for line in _legend():
        pen.write(MARGIN, pen.y, line, ink="muted", fixed=True)
        pen.y += TRACK_ROW


@lru_cache(maxsize=1)
def _legend() -> tuple[str, ...]:
    """The legend's sentences, wrapped to the picture's width."""
    lines: list[str] = []
    for sentence in LEGEND:
        line = ""
        for word in sentence.split():
            longer = f"{line} {word}" if line else word
            if line and width(longer) > RIGHT - MARGIN:
                lines.append(line)
                longer = word
            line = longer
        lines.append(line)
    return tuple(lines)


# --- the header and the race ----------------------------------------------------------------


def _header(pen: Pen, s: State) -> None:
    """The round and who places, or at the end who won and why; then a line a player (at the
    end, in the order of the result)."""
    caption = RACE_CAPTION
    if s.phase == "over":
        who, caption = verdict(s)
        title = f"Game over: {who}"
        if width(title, TITLE, True) + 12 + width(caption) > RIGHT - MARGIN:
            title = who  # "Yellow wins" says the game is over
    elif s.phase == "play":
        mover = engine.to_move(s)
        title = f"Round {s.round}: {mover.capitalize()} to place" if mover else f"Round {s.round}"
    else:
        title = "Setting up"
    pen.write(MARGIN, pen.y, title, TITLE, True)
    pen.write(RIGHT - width(caption), pen.y + TITLE - TEXT, caption, ink="muted")
    pen.y += TITLE_ROW
    place = _places(s)
    for i in sorted(range(len(s.seats)), key=lambda i: place.get(s.seats[i], 0)):
        _race(pen, s, i, place.get(s.seats[i]))
        pen.y += RACE_ROW
    for line in track_lines():  # (a trial could not see that money 44 moves the boat)
        pen.write(MARGIN, pen.y, line, ink="muted", fixed=True)
        pen.y += TRACK_ROW


TRACK_ROW = TEXT + 4  # a paragraph's lines, as the legend's
BONUS_CODES = {"upgrade": "U", "worker": "worker", "karma": "2K", "river": "boat +1", "dice": "2D"}
BOAT_ON = "next free river space"  # what "boat +1" is, said at its first


@lru_cache(maxsize=1)
def track_lines() -> tuple[str, ...]:
    """Each scoring track's special spaces, a line each: "fame track: 5 U, 15 worker, 24 2K,
    31 boat +1 (next free river space)"."""
    lines = [
        f"{track} track: " + ", ".join(f"{n} {BONUS_CODES[kind]}" for n, kind in bonuses)
        for track, bonuses in TRACK_BONUSES
    ]
    first = next(k for k, line in enumerate(lines) if "boat +1" in line)
    lines[first] = lines[first].replace("boat +1", f"boat +1 ({BOAT_ON})", 1)
    return tuple(lines)


def _places(s: State) -> dict[str, int]:
    """Each seat's place at the end (tied seats share one); none before."""
    if s.phase != "over":
        return {}
    out: dict[str, int] = {}
    for tied in ranking(s).places:
        first = len(out) + 1
        out.update({seat: first for seat in tied})
    return out


def _race(pen: Pen, s: State, i: int, place: int | None) -> None:
    """A player's name, fame and money, how far it is from crossing and that gap as a bar on
    the fame track's length; at the end, its place and how its race ended."""
    y = pen.y
    pen.mark((MARGIN, y + 4, MARGIN + 22, y + 26), fill_of(s.seats[i]))
    name = s.seats[i].capitalize()
    pen.write(MARGIN + 30, y + 3, f"{place}. {name}" if place else name, bold=True)
    pen.write(156, y + 3, f"fame {s.fame[i]}  money {s.money[i]}")
    g, crossed = engine.gap(s, i), engine.crossed(s, i)
    if place:  # the race has ended: in words, with no bar
        pen.write(380, y + 3, race_words(crossed, g))
        return
    x = pen.write(380, y + 3, f"crossed, {g} past" if crossed else f"{-g} to cross", bold=crossed)
    x0 = max(x + 12, 560.0)
    pen.box((x0, y + 8, RIGHT, y + 22), "slot", "line")
    if g < 0:
        share = min(1.0, -g / max(1, s.board.fame_spaces))
        pen.box((x0, y + 8, x0 + (RIGHT - x0) * share, y + 22), fill_of(s.seats[i]))


def board_png(v: State) -> bytes:
    """The picture as PNG bytes."""
    return png.encode(picture(v), level=1)
