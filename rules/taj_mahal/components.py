"""The components of Taj Mahal: the board (provinces, cities, roads, tiles) and the cards.

The rules text gives counts and kinds but not the faces, so the standard files in `data/` are
this project's reconstruction (docs/taj_mahal.md). Owners of the printed game may load their
own board and card files: `load_board_text` and `load_cards_text` read them through the bounded
YAML reader and refuse a bad file with a DataError naming the bad field. Every count the text
states (Preparation) is checked, so any file that loads plays by the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import DataError
from ..parsed_files import ComponentFile, text_key
from ..safe_yaml import load_bounded
from ..text import Name, quoted
from ..validation import means, validated
from ..words import count_of

# The six symbols (Preparation), in the order the notation and the court list them.
SYMBOLS = ("vizier", "general", "monk", "princess", "grand_mogul", "elephant")
SYMBOL_TITLES = ("Vizier", "General", "Monk", "Princess", "Grand Mogul", "Elephant")
VIZIER: Final = 0
GENERAL: Final = 1
MONK: Final = 2
PRINCESS: Final = 3
GRAND_MOGUL: Final = 4
ELEPHANT: Final = 5
COURT: Final = (VIZIER, GENERAL, MONK, PRINCESS)  # the four kinds of oval influence tile
COLOURS: Final = ("red", "yellow", "green", "violet")  # the coloured cards
WHITE: Final = "white"
SPECIAL = "special"
COMMODITIES = ("rice", "tea", "spices", "jewels")
# the special cards' advantages
EFFECTS: Final = ("elephant", "grand_mogul", "points", "colour_change")

# What the text fixes (Preparation, Contents).
PROVINCES = 12
CITIES: Final = 49
FORTRESSES = 16
CARDS_PER_COLOUR = 21
WHITE_CARDS = 12
BONUS_TILES = 15
INFLUENCE_PER_KIND: Final = 6  # 24 oval tiles, four kinds

# Bounds of an uploaded file (the standard files are ~8,000 characters).
MAX_CHARS = 64_000
MAX_DEPTH = 8
MAX_NODES = 6_000
PARSED_FILES = 16

TileKind = Literal["points", "card", "commodity"]


@dataclass(frozen=True, slots=True)
class CardKind:
    """One kind of card: identical cards share a kind (a hand is a multiset of kinds)."""

    colour: str  # red, yellow, green, violet, white or special
    counts: tuple[int, int, int, int, int, int]  # symbols, in SYMBOLS order
    effect: str | None = None  # special cards: one of EFFECTS
    title: str = ""  # special cards: as the card reads
    name: str = ""  # special cards: the id the notation writes ("special points")

    @property
    def coloured(self) -> bool:
        return self.colour in COLOURS


@dataclass(frozen=True, slots=True)
class Tile:
    """A square bonus tile, or the Taj Mahal tile."""

    kind: TileKind
    value: int = 0  # points, or cards drawn
    commodity: str | None = None


@dataclass(frozen=True, slots=True)
class Cards:
    kinds: tuple[CardKind, ...]  # coloured and white kinds, then the 4 special cards
    deck: tuple[int, ...]  # the 96 cards, as kinds
    specials: tuple[int, ...]  # kind of each special card, in EFFECTS order
    special_of: tuple[int, int, int, int]  # court symbol -> the special card its pair wins
    text_key: str  # sha256 of the file (the standard files too)
    colour_of: tuple[int, ...] = ()  # per kind: index in COLOURS, 4 white, 5 special

    def colour_index(self, colour: str) -> int:
        return (*COLOURS, WHITE, SPECIAL).index(colour)


@dataclass(frozen=True, slots=True)
class Board:
    province_ids: tuple[str, ...]
    province_titles: tuple[str, ...]
    grid: tuple[tuple[int, int], ...]  # (column, row) of each province on the picture
    city_ids: tuple[str, ...]
    city_titles: tuple[str, ...]
    city_province: tuple[int, ...]
    fortress: tuple[bool, ...]
    xy: tuple[tuple[int, int], ...]
    roads: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    cities_of: tuple[tuple[int, ...], ...]  # province -> its cities
    agra_province: int
    agra_city: int
    taj_mahal: Tile
    province_tiles: tuple[tuple[str, ...], ...]  # tile number - 1 -> its commodities
    bonus_tiles: tuple[Tile, ...]  # the 15 square tiles (index = tile id)
    text_key: str

    def city_word(self, c: int) -> str:
        """A city as orders, options and the log write it: its map name in lower case
        (`dera ghazi khan`; an order may write its id too)."""
        return self.city_titles[c].lower()

    def tile(self, i: int) -> Tile:
        """Bonus tile `i`; the index after the square tiles is the Taj Mahal tile."""
        return self.taj_mahal if i == len(self.bonus_tiles) else self.bonus_tiles[i]

    @property
    def bonus_fortresses(self) -> tuple[int, ...]:
        """The fortresses that take a square bonus tile: all but Agra (Preparation)."""
        return tuple(c for c, f in enumerate(self.fortress) if f and c != self.agra_city)


# --- the files' shapes (pydantic checks types; the counts are checked after) ------------------


class _Strict(BaseModel):
    # each shape's validator is built when a file is first read, not at import: a process
    # that reads none of this game's files (another game's, `--help`) never pays for it
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


# an id is written in orders: lower-case words joined by underscores (no `_` to mark up)
ID_PATTERN = r"^[a-z]+(_[a-z]+)*$"
ID = means("an id: lower-case words joined by underscores (as grand_mogul)")


class _Card(_Strict):
    colour: Literal["red", "yellow", "green", "violet", "white"]
    symbols: list[Literal[SYMBOLS]] = Field(min_length=1, max_length=2)  # type: ignore[valid-type]
    count: int = Field(default=1, ge=1, le=CARDS_PER_COLOUR)


class _Special(_Strict):
    id: str = Field(min_length=1, max_length=20, pattern=ID_PATTERN, json_schema_extra=ID)
    title: Name
    effect: Literal["elephant", "grand_mogul", "points", "colour_change"]
    influence: Literal["vizier", "general", "monk", "princess"]


class _CardsFile(_Strict):
    cards: list[_Card] = Field(max_length=200)
    special_cards: list[_Special] = Field(max_length=10)


class _Province(_Strict):
    id: str = Field(min_length=1, max_length=30, pattern=ID_PATTERN, json_schema_extra=ID)
    title: Name
    column: int = Field(ge=0, le=3)
    row: int = Field(ge=0, le=2)


class _City(_Strict):
    id: str = Field(min_length=1, max_length=30, pattern=ID_PATTERN, json_schema_extra=ID)
    title: Name
    province: str
    fortress: bool
    x: int = Field(ge=0, le=400)
    y: int = Field(ge=0, le=300)


class _Agra(_Strict):
    province: str
    city: str


class _Tile(_Strict):
    kind: Literal["points", "card", "commodity"]
    value: int = Field(default=0, ge=0, le=10)
    commodity: Literal["rice", "tea", "spices", "jewels"] | None = None
    count: int = Field(default=1, ge=1, le=BONUS_TILES)


class _ProvinceTile(_Strict):
    number: int = Field(ge=1, le=PROVINCES)
    commodities: list[Literal["rice", "tea", "spices", "jewels"]] = Field(max_length=2)


class _BoardFile(_Strict):
    provinces: list[_Province] = Field(max_length=40)
    cities: list[_City] = Field(max_length=100)
    roads: list[tuple[str, str]] = Field(max_length=400)
    agra: _Agra
    taj_mahal_tile: _Tile
    province_tiles: list[_ProvinceTile] = Field(max_length=40)
    bonus_tiles: list[_Tile] = Field(max_length=40)


def _fail(what: str, where: str, message: str) -> DataError:
    return DataError(f"{what}: {where}: {message}")


def _load(text: str, what: str) -> object:
    return load_bounded(
        text, what=what, max_chars=MAX_CHARS, max_depth=MAX_DEPTH, max_nodes=MAX_NODES
    )


def _tile(t: _Tile, what: str, where: str) -> Tile:
    if t.kind == "commodity":
        if t.commodity is None:
            raise _fail(what, f"{where}.commodity", "a commodity tile names its commodity")
        return Tile("commodity", 1, t.commodity)
    if t.commodity is not None:
        raise _fail(what, f"{where}.commodity", f"a {t.kind} tile shows no commodity")
    if t.value < 1:
        raise _fail(what, f"{where}.value", f"a {t.kind} tile gives at least 1")
    return Tile(t.kind, t.value)


def load_cards_text(text: str) -> Cards:
    """A cards file, validated: 21 cards of each colour, 12 white, the 4 special cards."""
    what = "cards file"
    f = validated(_CardsFile, _load(text, what), what)
    kinds: list[CardKind] = []
    deck: list[int] = []
    per_colour = dict.fromkeys((*COLOURS, WHITE), 0)
    for i, c in enumerate(f.cards):
        counts = [0] * 6
        for s in c.symbols:
            counts[SYMBOLS.index(s)] += 1
        kind = CardKind(
            c.colour, (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
        )
        if kind in kinds:
            raise _fail(what, f"cards[{i}]", "the same colour and symbols again (add to its count)")
        if c.colour == WHITE and len(c.symbols) != 1:
            raise _fail(what, f"cards[{i}].symbols", "a white card shows one symbol")
        kinds.append(kind)
        deck += [len(kinds) - 1] * c.count
        per_colour[c.colour] += c.count
    for colour, n in per_colour.items():
        need = WHITE_CARDS if colour == WHITE else CARDS_PER_COLOUR
        if n != need:
            raise _fail(what, "cards", f"{need} {colour} cards are needed, the file has {n}")
    if len(f.special_cards) != len(EFFECTS):
        raise _fail(what, "special_cards", f"4 are needed, the file has {len(f.special_cards)}")
    specials = [0] * 4
    special_of = [0] * 4
    seen_effect: set[str] = set()
    seen_influence: set[str] = set()
    seen_id: set[str] = set()
    for i, s in enumerate(f.special_cards):
        where = f"special_cards[{i}]"
        for field, value, seen in (
            ("effect", s.effect, seen_effect),
            ("influence", s.influence, seen_influence),
            ("id", s.id, seen_id),
        ):
            if value in seen:
                raise _fail(
                    what, f"{where}.{field}", f"{quoted(value)} is given to two special cards"
                )
            seen.add(value)
        counts = [0] * 6
        if s.effect in ("elephant", "grand_mogul"):
            counts[SYMBOLS.index(s.effect)] = 1  # "just like the white ... card"
        kinds.append(
            CardKind(
                SPECIAL,
                (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]),
                s.effect,
                s.title,
                s.id,
            )
        )
        specials[EFFECTS.index(s.effect)] = len(kinds) - 1
        special_of[SYMBOLS.index(s.influence)] = len(kinds) - 1
    return Cards(
        kinds=tuple(kinds),
        deck=tuple(deck),
        specials=tuple(specials),
        special_of=(special_of[0], special_of[1], special_of[2], special_of[3]),
        text_key=text_key(text),
        colour_of=tuple((*COLOURS, WHITE, SPECIAL).index(k.colour) for k in kinds),
    )


def load_board_text(text: str) -> Board:
    """A board file, validated: 12 provinces of 4 cities (5 in Agra's), 49 cities, 16
    fortresses, roads between known cities that join the whole board, 12 province tiles (tile
    1 with one commodity, the others two, tile 12 in Agra's province) and 15 bonus tiles."""
    what = "board file"
    f = validated(_BoardFile, _load(text, what), what)
    if len(f.provinces) != PROVINCES:
        raise _fail(what, "provinces", f"{PROVINCES} are needed, the file has {len(f.provinces)}")
    pids = [p.id for p in f.provinces]
    for i, p in enumerate(f.provinces):
        if pids.index(p.id) != i:
            raise _fail(what, f"provinces[{i}].id", f"{quoted(p.id)} is used twice")
    if len(f.cities) != CITIES:
        raise _fail(what, "cities", f"{CITIES} are needed, the file has {len(f.cities)}")
    cids = [c.id for c in f.cities]
    city_province: list[int] = []
    for i, c in enumerate(f.cities):
        if cids.index(c.id) != i:
            raise _fail(what, f"cities[{i}].id", f"{quoted(c.id)} is used twice")
        if c.province not in pids:
            raise _fail(what, f"cities[{i}].province", f"{quoted(c.province)} is not a province")
        city_province.append(pids.index(c.province))
    if f.agra.province not in pids:
        raise _fail(what, "agra.province", f"{quoted(f.agra.province)} is not a province")
    if f.agra.city not in cids:
        raise _fail(what, "agra.city", f"{quoted(f.agra.city)} is not a city")
    agra_p, agra_c = pids.index(f.agra.province), cids.index(f.agra.city)
    if city_province[agra_c] != agra_p:
        raise _fail(what, "agra.city", f"{quoted(f.agra.city)} is not in {quoted(f.agra.province)}")
    if not f.cities[agra_c].fortress:
        raise _fail(what, "agra.city", "Agra is a fortress city (it holds the Taj Mahal tile)")
    cities_of = tuple(
        tuple(c for c, p in enumerate(city_province) if p == i) for i in range(PROVINCES)
    )
    for i, cs in enumerate(cities_of):
        need = 5 if i == agra_p else 4
        if len(cs) != need:
            raise _fail(
                what, f"provinces[{i}]", f"{quoted(pids[i])} needs {need} cities, has {len(cs)}"
            )
    forts = sum(c.fortress for c in f.cities)
    if forts != FORTRESSES:
        raise _fail(what, "cities", f"{FORTRESSES} fortresses are needed, the file has {forts}")
    roads: list[tuple[int, int]] = []
    for i, (a, b) in enumerate(f.roads):
        for end, name in ((0, a), (1, b)):
            if name not in cids:
                raise _fail(what, f"roads[{i}][{end}]", f"{quoted(name)} is not a city")
        road = tuple(sorted((cids.index(a), cids.index(b))))
        if road[0] == road[1]:
            raise _fail(what, f"roads[{i}]", "a road joins two different cities")
        if road in roads:
            raise _fail(what, f"roads[{i}]", f"the road {quoted(a)}-{quoted(b)} is listed twice")
        roads.append((road[0], road[1]))
    neighbours: list[list[int]] = [[] for _ in range(CITIES)]
    for ca, cb in roads:
        neighbours[ca].append(cb)
        neighbours[cb].append(ca)
    reached, todo = {0}, [0]
    while todo:
        for n in neighbours[todo.pop()]:
            if n not in reached:
                reached.add(n)
                todo.append(n)
    if len(reached) != CITIES:
        lost = next(cids[c] for c in range(CITIES) if c not in reached)
        raise _fail(what, "roads", f"no road leads to {quoted(lost)} from the rest of the board")
    tiles = sorted(f.province_tiles, key=lambda t: t.number)
    if [t.number for t in tiles] != list(range(1, PROVINCES + 1)):
        raise _fail(what, "province_tiles", "tiles numbered 1 to 12, each once, are needed")
    for t in tiles:
        need = 1 if t.number == 1 else 2
        if len(t.commodities) != need:
            raise _fail(
                what,
                f"province_tiles (number {t.number}).commodities",
                f"tile {t.number} shows {count_of(need, 'commodity')}",
            )
    bonus: list[Tile] = []
    for i, bt in enumerate(f.bonus_tiles):
        bonus += [_tile(bt, what, f"bonus_tiles[{i}]")] * bt.count
    if len(bonus) != BONUS_TILES or len(bonus) != FORTRESSES - 1:
        raise _fail(what, "bonus_tiles", f"{BONUS_TILES} are needed, the file has {len(bonus)}")
    return Board(
        province_ids=tuple(pids),
        province_titles=tuple(p.title for p in f.provinces),
        grid=tuple((p.column, p.row) for p in f.provinces),
        city_ids=tuple(cids),
        city_titles=tuple(c.title for c in f.cities),
        city_province=tuple(city_province),
        fortress=tuple(c.fortress for c in f.cities),
        xy=tuple((c.x, c.y) for c in f.cities),
        roads=tuple(roads),
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        cities_of=cities_of,
        agra_province=agra_p,
        agra_city=agra_c,
        taj_mahal=_tile(f.taj_mahal_tile, what, "taj_mahal_tile"),
        province_tiles=tuple(tuple(t.commodities) for t in tiles),
        bonus_tiles=tuple(bonus),
        text_key=text_key(text),
    )


BOARD_FILE = ComponentFile(__package__, "board.yaml", load_board_text, PARSED_FILES)
CARDS_FILE = ComponentFile(__package__, "cards.yaml", load_cards_text, PARSED_FILES)
standard_board = BOARD_FILE.standard
standard_cards = CARDS_FILE.standard
board_from_text = BOARD_FILE.from_text
cards_from_text = CARDS_FILE.from_text


def standard_texts() -> tuple[str, str]:
    """The standard board and cards files (for owners to start their own from)."""
    return BOARD_FILE.text(), CARDS_FILE.text()
