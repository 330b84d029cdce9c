"""The components of Rajas of the Ganges: the board (its two sides, the river, the province
board, the record tracks, the white yield tiles) and the 64 province tiles.

The rules text gives the rules and the counts but no component data, so the standard files in
`data/` are this project's reconstruction (docs/rajas.md). An owner of the printed game may
load their own board and tiles files: `load_board_text` and `load_tiles_text` read them through
the bounded YAML reader and refuse a bad file with a DataError naming the bad field. Every
count and example of the text is checked, so any file that loads plays by the same rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import DataError
from ..parsed_files import ComponentFile, text_key
from ..safe_yaml import load_bounded
from ..validation import means, validated

COLOURS: Final = ("blue", "green", "orange", "purple")  # the dice's colours, and the tiles'
LETTERS: Final = "bgop"  # a die is written by its colour's letter and its number: "o5"
BUILDINGS: Final = ("temple", "palace", "fort", "mill")
GOODS: Final = ("silk", "tea", "spices")
BACKS: Final = ("snake", "cow", "tiger")
SIDES: Final = "NESW"  # a cell's sides, clockwise; bit 1 << i in a road mask
DX: Final = (0, 1, 0, -1)
DY: Final = (-1, 0, 1, 0)
YIELD_KINDS: Final = ("die", "money", "upgrade", "karma")  # Dancer: the white tiles' yields
EDGE_YIELDS: Final = ("die", "money", "upgrade")  # Special yields: what the text names
EARNINGS: Final = (  # River action: the earnings the text lists, in its order
    "dice",
    "karma",
    "money",
    "palace",
    "karma_dice",
    "fame",
    "upgrade",
    "money_per_market",
    "assorted_market",
    "goods_market",
    "fame_per_upgrade",
    "money_per_upgrade",
    "fame_per_karma",
)

# What the text fixes (Components, Setup, I. Building action, Get new workers).
DICE_PER_COLOUR: Final = 12
TILES_PER_COLOUR: Final = 16
TILES: Final = 64
WHITE_YIELD_TILES: Final = 8
STACKS: Final = len(COLOURS) * len(BACKS)  # 12 stacks by colour and back symbol
FAME_WORKER: Final = 15
MONEY_WORKER: Final = 20
FAME_BONUSES: Final = {5: "upgrade", 24: "karma", 31: "river"}
MONEY_BONUSES: Final = ((12, "river"), (33, "dice"), (44, "river"), (55, "dice"))
# each scoring track's special spaces in order, the inactive worker's among them (Bonuses on
# the scoring tracks; Inactive workers)
TRACK_BONUSES: Final = (
    ("fame", tuple(sorted([*FAME_BONUSES.items(), (FAME_WORKER, "worker")]))),
    ("money", tuple(sorted([*MONEY_BONUSES, (MONEY_WORKER, "worker")]))),
)
QUARRY_COSTS: Final = range(1, 5)  # I. Building action: 1 to 4 money
PORTUGUESE: Final = 6
# End of the game, the example: these money spaces lie beside these fame spaces
EXAMPLE_PAIRS: Final = ((65, 28), (52, 35))

MAX_CHARS = 32_000
MAX_DEPTH = 8
MAX_NODES = 4_000
PARSED_FILES = 16

Colour = Literal["blue", "green", "orange", "purple"]


@dataclass(frozen=True, slots=True)
class Tile:
    """A province tile: its colour and back (indices), the least total of dice of its colour
    it costs, its road ends unturned (a mask of SIDES), buildings and markets (good, value)."""

    colour: int
    back: int
    cost: int
    roads: int
    buildings: tuple[int, ...]
    markets: tuple[tuple[int, int], ...]

    def turned(self, rotation: int) -> int:
        """The road mask turned `rotation` quarter turns clockwise."""
        r = rotation % 4
        return ((self.roads << r) | (self.roads >> (4 - r))) & 15


@dataclass(frozen=True, slots=True)
class Tiles:
    tiles: tuple[Tile, ...]
    stacks: tuple[tuple[int, ...], ...]  # colour * 3 + back -> its tiles (ids)
    text_key: str


@dataclass(frozen=True, slots=True)
class Side:
    """The action spaces of one side of the board for a number of players (covers applied)."""

    quarry: tuple[int, ...]  # money cost of each space, in the order they are filled
    harbour: tuple[int, ...]
    assorted_market: int
    goods_market: int
    outer_terrace: int


@dataclass(frozen=True, slots=True)
class RiverSpace:
    earn: str
    value: int = 0  # money, fame or markets; for karma_dice the colour's index


@dataclass(frozen=True, slots=True)
class Board:
    sides: Mapping[int, Side]  # by number of players
    balconies: tuple[tuple[int, int], ...]  # (colour given, colour taken twice)
    river: tuple[RiverSpace, ...]  # space 1 onward; the last is the final space
    bridge_after: int  # the bridge lies between this river space and the next
    columns: int
    rows: int
    residence: int  # its cell (row * columns + column)
    residence_roads: int
    yields: Mapping[tuple[int, int], tuple[str, int]]  # (cell, side) -> (kind, value)
    fame_spaces: int  # the last fame space
    money_spaces: int  # the last money space
    beside: tuple[int, ...]  # money space -> the fame space beside it
    place: tuple[float, ...]  # money space -> its place along the fame track (not rounded)
    yield_tiles: tuple[str, ...]  # the 8 white tiles' kinds
    text_key: str

    @property
    def final(self) -> int:
        return len(self.river)


# --- the files' shapes (pydantic checks types; the counts are checked after) ----------------


class _Strict(BaseModel):
    # each shape's validator is built when a file is first read, not at import: a process
    # that reads none of this game's files (another game's, `--help`) never pays for it
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class _Market(_Strict):
    good: Literal["silk", "tea", "spices"]
    value: int = Field(ge=1, le=9)


class _Tile(_Strict):
    colour: Colour
    back: Literal["snake", "cow", "tiger"]
    cost: int = Field(ge=1, le=36)
    roads: str = Field(
        min_length=1,
        max_length=4,
        pattern=r"^N?E?S?W?$",
        json_schema_extra=means(
            "the sides its roads lead to: the letters N, E, S and W, each at most once and "
            "in that order (as NS or ESW)"
        ),
    )
    buildings: list[Literal["temple", "palace", "fort", "mill"]] = Field(
        default_factory=list, max_length=2
    )
    markets: list[_Market] = Field(default_factory=list, max_length=2)


class _TilesFile(_Strict):
    tiles: list[_Tile] = Field(max_length=200)


class _Side(_Strict):
    quarry: list[list[int]] = Field(min_length=1, max_length=4)
    harbour: list[list[int]] = Field(min_length=1, max_length=4)
    assorted_market: int = Field(ge=1, le=8)
    goods_market: int = Field(ge=1, le=8)
    outer_terrace: int = Field(ge=1, le=10)
    covers: list[dict[Literal["quarry", "goods_market", "outer_terrace"], int]] = Field(
        default_factory=list, max_length=2
    )


class _Sides(_Strict):
    three_and_four: _Side
    two: _Side


class _Balcony(_Strict):
    give: Colour
    take: Colour


class _RiverSpace(_Strict):
    earn: Literal[EARNINGS]  # type: ignore[valid-type]
    value: int = Field(default=0, ge=0, le=20)
    colour: Colour | None = None


class _River(_Strict):
    bridge_after: int = Field(ge=1, le=40)
    spaces: list[_RiverSpace] = Field(min_length=8, max_length=40)


class _Residence(_Strict):
    column: int = Field(ge=0, le=9)
    roads: list[Literal["N", "E", "S", "W"]] = Field(min_length=1, max_length=4)


class _Yield(_Strict):
    column: int = Field(ge=0, le=9)
    row: int = Field(ge=0, le=9)
    side: Literal["N", "E", "S", "W"]
    yield_: Literal["die", "money", "upgrade"] = Field(alias="yield")
    value: int = Field(default=0, ge=0, le=20)


class _Province(_Strict):
    columns: int = Field(ge=3, le=9)
    rows: int = Field(ge=2, le=9)
    residence: _Residence
    yields: list[_Yield] = Field(max_length=40)


class _Tracks(_Strict):
    fame_spaces: int = Field(ge=40, le=200)
    money_spaces: int = Field(ge=70, le=300)
    pairing: list[tuple[int, int]] = Field(min_length=2, max_length=100)


class _BoardFile(_Strict):
    sides: _Sides
    balconies: list[_Balcony] = Field(max_length=8)
    river: _River
    province: _Province
    tracks: _Tracks
    yield_tiles: dict[Literal["die", "money", "upgrade", "karma"], int]


def _fail(what: str, where: str, message: str) -> DataError:
    return DataError(f"{what}: {where}: {message}")


def _load(text: str, what: str) -> object:
    return load_bounded(
        text, what=what, max_chars=MAX_CHARS, max_depth=MAX_DEPTH, max_nodes=MAX_NODES
    )


def _mask(sides: Iterable[str]) -> int:
    return sum(1 << SIDES.index(s) for s in set(sides))


# --- the tiles file -------------------------------------------------------------------------


def load_tiles_text(text: str) -> Tiles:
    """A tiles file, validated (Components; Setup; I. Building action): 64 tiles, 16 of each
    colour, each colour with tiles of every back symbol (12 stacks), each with a road and a
    building or a market."""
    what = "tiles file"
    f = validated(_TilesFile, _load(text, what), what)
    if len(f.tiles) != TILES:
        raise _fail(what, "tiles", f"{TILES} tiles are needed, the file has {len(f.tiles)}")
    tiles: list[Tile] = []
    stacks: list[list[int]] = [[] for _ in range(STACKS)]
    for i, t in enumerate(f.tiles):
        if not t.buildings and not t.markets:
            raise _fail(what, f"tiles[{i}]", "a tile shows a building or a market")
        if len(t.buildings) + len(t.markets) > 2:
            raise _fail(what, f"tiles[{i}]", "a tile shows at most two buildings and markets")
        tile = Tile(
            colour=COLOURS.index(t.colour),
            back=BACKS.index(t.back),
            cost=t.cost,
            roads=_mask(t.roads),
            buildings=tuple(BUILDINGS.index(b) for b in t.buildings),
            markets=tuple((GOODS.index(m.good), m.value) for m in t.markets),
        )
        tiles.append(tile)
        stacks[tile.colour * len(BACKS) + tile.back].append(i)
    for c, colour in enumerate(COLOURS):
        n = sum(len(stacks[c * len(BACKS) + b]) for b in range(len(BACKS)))
        if n != TILES_PER_COLOUR:
            raise _fail(what, "tiles", f"{TILES_PER_COLOUR} {colour} tiles are needed, not {n}")
        for b, back in enumerate(BACKS):
            if not stacks[c * len(BACKS) + b]:
                raise _fail(what, "tiles", f"no {colour} tile has the {back} back (12 stacks)")
    return Tiles(tuple(tiles), tuple(tuple(s) for s in stacks), text_key(text))


# --- the board file -------------------------------------------------------------------------


def _row_costs(rows: list[list[int]], what: str, where: str, costs: range) -> tuple[int, ...]:
    out: list[int] = []
    for r, row in enumerate(rows):
        if not 1 <= len(row) <= 8:
            raise _fail(what, f"{where}[{r}]", "a row has 1 to 8 spaces")
        for c, cost in enumerate(row):
            if cost not in costs:
                raise _fail(
                    what,
                    f"{where}[{r}][{c}]",
                    f"a space costs {costs.start} to {costs.stop - 1} money, not {cost}",
                )
        out += row
    return tuple(out)


def _side(s: _Side, what: str, where: str, players: int) -> Side:
    quarry = _row_costs(s.quarry, what, f"{where}.quarry", QUARRY_COSTS)
    harbour = _row_costs(s.harbour, what, f"{where}.harbour", range(0, 3))
    if harbour[0] != 0 or any(c == 0 for c in harbour[1:]):
        # IV. River action: the first worker is free, later ones cost 1 or 2
        raise _fail(what, f"{where}.harbour", "the first space is free and only the first")
    side = Side(quarry, harbour, s.assorted_market, s.goods_market, s.outer_terrace)
    if players != 3:
        return side
    if len(s.covers) != 2:
        raise _fail(what, f"{where}.covers", "the 3-player game has 2 cover tiles")
    closed = {"quarry": 0, "goods_market": 0, "outer_terrace": 0}
    for i, cover in enumerate(s.covers):
        if not cover or any(n < 1 for n in cover.values()):
            raise _fail(what, f"{where}.covers[{i}]", "a cover tile closes at least one space")
        for area, n in cover.items():
            closed[area] += n
    left = (len(quarry) - closed["quarry"], s.goods_market - closed["goods_market"])
    if min(*left, s.outer_terrace - closed["outer_terrace"]) < 1:
        raise _fail(what, f"{where}.covers", "the cover tiles leave a space in every area")
    return Side(
        quarry[: left[0]],
        harbour,
        s.assorted_market,
        left[1],
        s.outer_terrace - closed["outer_terrace"],
    )


def _river(r: _River, what: str) -> tuple[tuple[RiverSpace, ...], int]:
    spaces: list[RiverSpace] = []
    for i, sp in enumerate(r.spaces):
        where = f"river.spaces[{i}]"
        if (sp.earn == "karma_dice") != (sp.colour is not None):
            raise _fail(what, where, "a karma_dice earning, and only it, names a colour")
        needs_value = sp.earn in ("money", "fame", "goods_market")
        if needs_value != (sp.value > 0):
            raise _fail(
                what,
                f"{where}.value",
                f"a {sp.earn} earning {'needs' if needs_value else 'takes no'} value",
            )
        value = COLOURS.index(sp.colour) if sp.colour is not None else sp.value
        spaces.append(RiverSpace(sp.earn, value))
    if len(spaces) <= PORTUGUESE:
        raise _fail(what, "river.spaces", "the river is longer than the Portuguese's 6 spaces")
    if r.bridge_after >= len(spaces):
        raise _fail(what, "river.bridge_after", "the bridge lies before the final space")
    return tuple(spaces), r.bridge_after


def _province(p: _Province, what: str) -> tuple[int, int, dict[tuple[int, int], tuple[str, int]]]:
    if p.columns % 2 == 0 or p.residence.column != p.columns // 2:
        # The province boards: the residence is in the middle on the top
        raise _fail(what, "province.residence", "the residence is in the middle of the top row")
    roads = _mask(p.residence.roads)
    if roads.bit_count() != 3 or roads & 1:
        raise _fail(
            what, "province.residence.roads", "3 roads lead from the residence, none off the board"
        )
    yields: dict[tuple[int, int], tuple[str, int]] = {}
    for i, y in enumerate(p.yields):
        where = f"province.yields[{i}]"
        if y.column >= p.columns or y.row >= p.rows:
            raise _fail(what, where, "the cell is off the board")
        side = SIDES.index(y.side)
        x, yy = y.column + DX[side], y.row + DY[side]
        if 0 <= x < p.columns and 0 <= yy < p.rows:
            raise _fail(what, f"{where}.side", "a special yield lies on the board's edge")
        if (y.row * p.columns + y.column) == p.residence.column:
            raise _fail(what, where, "the residence takes no special yield")
        if (y.yield_ == "money") != (y.value > 0):
            raise _fail(what, f"{where}.value", "a money yield, and only it, gives a value")
        key = (y.row * p.columns + y.column, side)
        if key in yields:
            raise _fail(what, where, "two special yields on one side")
        yields[key] = (y.yield_, y.value)
    return p.residence.column, roads, yields


def _beside(t: _Tracks, what: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Each money space's fame space, and its place along the fame track."""
    points = sorted(t.pairing)
    if points[0] != (0, t.fame_spaces) or points[-1] != (t.money_spaces, 0):
        raise _fail(
            what,
            "tracks.pairing",
            "it runs from money 0 beside the last fame space to the last money space beside fame 0",
        )
    beside: list[int] = []
    place: list[float] = []
    for (m0, f0), (m1, f1) in pairwise(points):
        if m1 <= m0 or f1 > f0:
            raise _fail(what, "tracks.pairing", "the tracks run in opposite directions")
        for m in range(m0, m1):  # the fame space at or just past the money space's place
            beside.append(f0 - ((f0 - f1) * (m - m0)) // (m1 - m0))
            place.append(f0 - (f0 - f1) * (m - m0) / (m1 - m0))
    beside.append(0)
    place.append(0.0)
    for money, fame in EXAMPLE_PAIRS:
        if beside[money] != fame:
            raise _fail(
                what,
                "tracks.pairing",
                f"money {money} lies beside fame {fame} (End of the game, the example), not {beside[money]}",
            )
    return tuple(beside), tuple(place)


def load_board_text(text: str) -> Board:
    """A board file, validated against the text's counts and its end-game example."""
    what = "board file"
    f = validated(_BoardFile, _load(text, what), what)
    four = _side(f.sides.three_and_four, what, "sides.three_and_four", 4)
    sides = {
        2: _side(f.sides.two, what, "sides.two", 2),
        3: _side(f.sides.three_and_four, what, "sides.three_and_four", 3),
        4: four,
    }
    balconies = tuple((COLOURS.index(b.give), COLOURS.index(b.take)) for b in f.balconies)
    if len(balconies) != 4 or {b[0] for b in balconies} != set(range(4)):
        raise _fail(what, "balconies", "4 balconies, each taking a die of another colour")
    if any(give == take for give, take in balconies):
        raise _fail(what, "balconies", "a balcony gives dice of a different colour")
    river, bridge = _river(f.river, what)
    column, roads, yields = _province(f.province, what)
    beside, place = _beside(f.tracks, what)
    tiles = sorted(f.yield_tiles.items())
    if sum(n for _, n in tiles) != WHITE_YIELD_TILES or any(n < 0 for _, n in tiles):
        raise _fail(what, "yield_tiles", f"{WHITE_YIELD_TILES} white yield tiles are needed")
    return Board(
        sides=sides,
        balconies=balconies,
        river=river,
        bridge_after=bridge,
        columns=f.province.columns,
        rows=f.province.rows,
        residence=column,
        residence_roads=roads,
        yields=yields,
        fame_spaces=f.tracks.fame_spaces,
        money_spaces=f.tracks.money_spaces,
        beside=beside,
        place=place,
        yield_tiles=tuple(k for k, n in tiles for _ in range(n)),
        text_key=text_key(text),
    )


BOARD_FILE = ComponentFile(__package__, "board.yaml", load_board_text, PARSED_FILES)
TILES_FILE = ComponentFile(__package__, "tiles.yaml", load_tiles_text, PARSED_FILES)
standard_board = BOARD_FILE.standard
standard_tiles = TILES_FILE.standard
board_from_text = BOARD_FILE.from_text
tiles_from_text = TILES_FILE.from_text


def standard_texts() -> tuple[str, str]:
    """The standard board and tiles files (for owners to start their own from)."""
    return BOARD_FILE.text(), TILES_FILE.text()
