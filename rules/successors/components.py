"""The components of Successors: the map, the event table, the chits and the setup.

The summary gives the rules but no component, and no public source gives the magazine's map,
event table, chits or counter mix, so the standard files in `data/` are this project's
reconstruction (docs/successors.md). An owner of the magazine may load their own files:
`load_map_text`, `load_events_text`, `load_chits_text` and `load_setup_text` read each through
the bounded YAML reader with strict types (a YAML `true` is never read as a number) and refuse
a bad file with a DataError naming the field; `parts` then checks the four together (the
homes and the events name areas of the map). Everything the summary and the public facts fix
is checked, so any set of files that loads plays by the same rules.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from ..errors import DataError
from ..parsed_files import ComponentFile, text_key
from ..safe_yaml import load_bounded
from ..text import Name, Prose, Title
from ..validation import validated

# The land unit types, in the order every count of the rules lists them.
TYPES: Final = ("levy", "inf", "cav", "el")
LEVY: Final = 0
INF: Final = 1
CAV: Final = 2
EL: Final = 3
TYPE_TITLES: Final = ("Levy", "Infantry", "Cavalry", "Elephant")
# Loss ranking (l.44): Cav (best), Inf, EL, Levy; rank 0 is the best class.
RANK: Final = (3, 1, 0, 2)  # by type: levy 3, inf 1, cav 0, el 2
COASTS: Final = ("inland", "coastal", "port")
INLAND: Final = 0
COASTAL: Final = 1
PORT: Final = 2

# What the summary and the public facts fix (facts sheet, section 6).
START_MONEY: Final = 5  # F: 5 TP to start
RANSOM: Final = 5  # l.13
UPKEEP: Final = 1  # l.14
PRICES: Final = (1, 2, 3)  # l.16-18: levy, infantry, cavalry
FLEET_IN_PORT: Final = 3  # l.19
FLEET_AT_SEA: Final = 5  # l.19
LAND_MP: Final = 3  # l.26
ROUGH_MP: Final = 2  # l.26
LEADER_MP: Final = 4  # l.28
FLEET_MP: Final = 5  # l.29
GIFTS_UNTIL: Final = 8  # l.12
SEA_HIT: Final = 5  # l.50
EVENT_ENTRIES: Final = 72  # l.4: 2 x 6 x 6
NAMED_AREAS: Final = ("Persia", "North India", "South India")  # F: E1, E2
MIN_CHITS: Final = 20
FIXED_CHITS: Final = MappingProxyType(  # F: E1, E2 (facts 1.8)
    {
        2: ("mercenaries",),
        3: ("mercenaries",),
        4: ("mercenaries",),
        12: ("initiative", "truce", "general_levy"),
        13: ("initiative", "truce", "general_levy"),
        14: ("initiative", "truce", "general_levy"),
        15: ("revolt_fails",),
        16: ("revolt_fails",),
        17: ("revolt_fails",),
        19: ("raid",),
        20: ("raid",),
    }
)
CHIT_KINDS: Final = (
    "forced_march",
    "mercenaries",
    "treasure",
    "bribe",
    "ambush",
    "panic",
    "omens",
    "fair_winds",
    "tax",
    "initiative",
    "truce",
    "general_levy",
    "revolt_fails",
    "spy",
    "raid",
)
TURN_START_KINDS: Final = frozenset(("initiative", "truce", "general_levy"))

# Bounds of an uploaded file (the standard files are under 12,000 characters).
MAX_CHARS = 64_000
MAX_DEPTH = 8
MAX_NODES = 8_000
PARSED_FILES = 16
MAX_AREAS = 80
MAX_SEAS = 20
MAX_HOMES = 12
MAX_TURNS = 30
MAX_CHIT_NUMBER = 60

Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9]{0,7}$")]
# an area's name as players type it: words of letters, with spaces, hyphens and apostrophes
AreaName = Annotated[Name, StringConstraints(pattern=r"^[A-Za-z][A-Za-z' -]*[A-Za-z]$")]
Count = Annotated[int, Field(ge=0, le=40)]


@dataclass(frozen=True, slots=True, eq=False)  # one object per file text
class Map:
    """The land areas (0 to land - 1) and the sea zones (land onward), by index."""

    ids: tuple[str, ...]  # every area's id: the land areas, then the seas
    names: tuple[str, ...]
    land: int  # how many land areas
    value: tuple[int, ...]  # per land area: its tax and victory value
    rough: tuple[bool, ...]  # per land area: shaded (l.26)
    coast: tuple[int, ...]  # per land area: INLAND, COASTAL or PORT
    symbol: tuple[int, ...]  # per land area: the unit type bought there (Q5)
    seas: tuple[tuple[int, ...], ...]  # per land area: the seas it touches (sea indices)
    adjacent: tuple[tuple[int, ...], ...]  # per land area: the land areas it borders
    sea_adjacent: tuple[tuple[int, ...], ...]  # per sea (index - land): the seas it borders
    coasts: tuple[tuple[int, ...], ...]  # per sea (index - land): the land areas on it
    index: Mapping[str, int]
    warnings: tuple[str, ...]  # what a file may do but likely should not (the scale)
    text_key: str

    @property
    def areas(self) -> int:
        """Land areas and seas together: every place a piece may be."""
        return len(self.ids)

    def is_port(self, area: int) -> bool:
        return area < self.land and self.coast[area] == PORT


@dataclass(frozen=True, slots=True, eq=False)  # one object per file text
class Setup:
    """The numbers of the rules and our setup (homes, length, counter mix, combat)."""

    start_money: int
    ransom: int
    upkeep: int
    prices: tuple[int, int, int]  # levy, inf, cav
    fleet_in_port: int
    fleet_at_sea: int
    land_mp: int
    leader_mp: int
    fleet_mp: int
    rough_mp: int
    gifts_until: int
    turns: int
    homes: tuple[str, ...]  # area ids
    blocks: tuple[str, ...]
    leaders: tuple[str, ...]
    colour_mix: tuple[int, int, int, int, int]  # levy, inf, cav, el, fleet
    white_mix: tuple[int, int, int, int]
    hits: tuple[int, int, int, int]  # the least die that hits, by type
    sea_hit: int
    text_key: str


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an event, as the engine carries it out (docs/successors.md lists them)."""

    kind: str
    area: str = ""  # an area id
    areas: tuple[str, ...] = ()
    units: tuple[int, int, int, int] = (0, 0, 0, 0)  # levy, inf, cav, el
    amount: int = 0
    cap: int = 0  # the most a step counts (fleets, ports) or buys
    price: int = 0
    per: int = 0
    at: str = ""  # where units are received: leader, home or an area id
    needs: int = -1  # a symbol the roller must control (a type), or -1
    unit: str = ""  # what may be bought: fleet or el
    no_bonus: bool = False
    every: bool = False


@dataclass(frozen=True, slots=True)
class Event:
    key: str  # "ODD 11"
    title: str
    text: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, eq=False)  # one object per file text
class Events:
    table: tuple[Event, ...]  # by `event_index`
    text_key: str


@dataclass(frozen=True, slots=True)
class Chit:
    number: int
    name: str
    kind: str
    text: str
    units: tuple[int, int, int, int]
    amount: int


@dataclass(frozen=True, slots=True, eq=False)  # one object per file text
class Chits:
    chits: tuple[Chit, ...]  # chit n is chits[n - 1]
    text_key: str

    def of(self, number: int) -> Chit:
        if number < 1:  # an unseen chit of a view is no chit (and chits[-1] would be one)
            raise KeyError(f"no chit {number}")
        return self.chits[number - 1]


def event_index(odd: bool, tens: int, ones: int) -> int:
    """The table's entry for a roll: ODD 11 is 0, EVEN 66 is 71."""
    return (0 if odd else 36) + (tens - 1) * 6 + (ones - 1)


def event_key(index: int) -> str:
    half, rest = divmod(index, 36)
    return f"{'EVEN' if half else 'ODD'} {rest // 6 + 1}{rest % 6 + 1}"


# --- the files' shapes (pydantic checks the types, strictly; the rest is checked after) ----


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class _Area(_Strict):
    id: Id
    name: AreaName
    value: int = Field(ge=0, le=6)  # F: each area is worth 0 to 6
    terrain: Literal["normal", "rough"]
    coast: Literal["inland", "coastal", "port"]
    symbol: Literal["levy", "inf", "cav", "el"]
    seas: list[Id] = Field(max_length=MAX_SEAS)
    adjacent: list[Id] = Field(max_length=MAX_AREAS)


class _Sea(_Strict):
    id: Id
    name: AreaName
    adjacent: list[Id] = Field(max_length=MAX_SEAS)


class _MapFile(_Strict):
    areas: list[_Area] = Field(min_length=2, max_length=MAX_AREAS)
    seas: list[_Sea] = Field(min_length=1, max_length=MAX_SEAS)


class _Prices(_Strict):
    levy: int
    inf: int
    cav: int
    fleet_in_port: int
    fleet_at_sea: int


class _Movement(_Strict):
    land: int
    leader: int
    fleet: int
    rough: int


class _Home(_Strict):
    area: Id
    block: Name
    leader: Name


class _Colour(_Strict):
    levy: int = Field(ge=1, le=40)
    inf: int = Field(ge=1, le=40)
    cav: int = Field(ge=1, le=40)
    el: int = Field(ge=1, le=40)
    fleet: int = Field(ge=1, le=20)


class _White(_Strict):
    levy: Count
    inf: Count
    cav: Count
    el: Count


class _Hits(_Strict):
    levy: int = Field(ge=2, le=6)
    inf: int = Field(ge=2, le=6)
    cav: int = Field(ge=2, le=6)
    el: int = Field(ge=2, le=6)


class _SetupFile(_Strict):
    start_money: int
    ransom: int
    upkeep: int
    prices: _Prices
    movement: _Movement
    gifts_until: int
    turns: int = Field(ge=1, le=MAX_TURNS)
    homes: list[_Home] = Field(min_length=1, max_length=MAX_HOMES)
    colour: _Colour
    white: _White
    hits: _Hits
    sea_hit: int


class _Units(_Strict):
    area: Id
    levy: Count = 0
    inf: Count = 0
    cav: Count = 0
    el: Count = 0


class _Amount(_Strict):
    amount: int = Field(ge=1, le=20)


class _ControllerGains(_Strict):
    area: Id
    amount: int = Field(ge=1, le=20)


class _HolderGains(_Strict):
    areas: list[Id] = Field(min_length=1, max_length=6)
    amount: int = Field(ge=1, le=20)


class _Capped(_Strict):
    amount: int = Field(ge=1, le=20)
    max: int = Field(ge=1, le=20)


class _PerUnits(_Strict):
    amount: int = Field(ge=1, le=20)
    per: int = Field(ge=1, le=20)


class _Receive(_Strict):
    at: Id
    levy: Count = 0
    inf: Count = 0
    cav: Count = 0
    needs: Literal["inf", "cav", "el"] | None = None


class _MayBuy(_Strict):
    unit: Literal["fleet", "el"]
    max: int = Field(ge=1, le=10)
    price: int = Field(ge=0, le=20)


class _Pinned(_Strict):
    no_bonus: bool


class _Draw(_Strict):
    every: bool


class _Nothing(_Strict):
    pass


class _EventStep(_Strict):
    """One step: a mapping of one key, the step's kind."""

    revolt: _Units | None = None
    invasion: _Units | None = None
    turns_white: _Units | None = None
    gain: _Amount | None = None
    pay: _Amount | None = None
    all_pay: _Amount | None = None
    pay_each: _Amount | None = None
    pay_or_lose: _Amount | None = None
    port_wages: _Amount | None = None
    controller_gains: _ControllerGains | None = None
    holder_gains: _HolderGains | None = None
    gain_per_port: _Capped | None = None
    pay_per_fleet: _Capped | None = None
    pay_per_units: _PerUnits | None = None
    receive: _Receive | None = None
    may_buy: _MayBuy | None = None
    pinned: _Pinned | None = None
    draw: _Draw | None = None
    recall: _Nothing | None = None
    port_fever: _Nothing | None = None
    lose_from_leader: _Nothing | None = None
    defection: _Nothing | None = None


class _Event(_Strict):
    roll: str = Field(pattern=r"^(ODD|EVEN) [1-6][1-6]$")
    title: Title
    text: Prose
    steps: list[_EventStep] = Field(max_length=6)


class _EventsFile(_Strict):
    events: list[_Event] = Field(max_length=100)


class _ChitUnits(_Strict):
    levy: Count = 0
    inf: Count = 0
    cav: Count = 0
    el: Count = 0


class _Chit(_Strict):
    number: int = Field(ge=1, le=MAX_CHIT_NUMBER)
    name: Name
    kind: Literal[CHIT_KINDS]  # type: ignore[valid-type]
    text: Prose
    units: _ChitUnits | None = None
    amount: int | None = Field(default=None, ge=1, le=20)


class _ChitsFile(_Strict):
    chits: list[_Chit] = Field(max_length=MAX_CHIT_NUMBER)


def _fail(what: str, where: str, message: str) -> DataError:
    return DataError(f"{what}: {where}: {message}")


def _load(text: str, what: str) -> object:
    return load_bounded(
        text, what=what, max_chars=MAX_CHARS, max_depth=MAX_DEPTH, max_nodes=MAX_NODES
    )


# --- the map file ---------------------------------------------------------------------------


def load_map_text(text: str) -> Map:
    """A map file, validated: ids and names unique, links on both sides, coasts that match
    their seas, values 0-6 with 2 the most common, Persia and the two Indian areas, a port."""
    what = "map file"
    f = validated(_MapFile, _load(text, what), what)
    ids = [a.id for a in f.areas] + [s.id for s in f.seas]
    names = [a.name for a in f.areas] + [s.name for s in f.seas]
    _unique(what, "areas", ids, "id")
    _unique(what, "areas", [n.lower() for n in names], "name")
    index = {x: i for i, x in enumerate(ids)}
    land = len(f.areas)
    adjacent, seas = _land_links(what, f, index, land)
    sea_adjacent = _sea_links(what, f, index, land)
    coasts = tuple(tuple(a for a in range(land) if land + s in seas[a]) for s in range(len(f.seas)))
    for s, on in enumerate(coasts):
        if not on:
            raise _fail(what, f"seas[{s}]", "a sea touches at least one coastal area")
    values = Counter(a.value for a in f.areas)
    if any(n >= values[2] for v, n in values.items() if v != 2):
        raise _fail(what, "areas", "2 is the most common value (most areas are worth 2)")
    lowered = {n.lower() for n in names[:land]}
    for named in NAMED_AREAS:
        if named.lower() not in lowered:
            raise _fail(what, "areas", f"the map has an area named {named} (the errata name it)")
    if not any(a.coast == "port" for a in f.areas):
        raise _fail(what, "areas", "a few coastal areas have ports: the map has none")
    rough = tuple(a.terrain == "rough" for a in f.areas)
    m = Map(
        ids=tuple(ids),
        names=tuple(names),
        land=land,
        value=tuple(a.value for a in f.areas),
        rough=rough,
        coast=tuple(COASTS.index(a.coast) for a in f.areas),
        symbol=tuple(TYPES.index(a.symbol) for a in f.areas),
        seas=seas,
        adjacent=adjacent,
        sea_adjacent=sea_adjacent,
        coasts=coasts,
        index=MappingProxyType(index),
        warnings=(),
        text_key=text_key(text),
    )
    return _with_scale_warning(m)


def _unique(what: str, where: str, items: list[str], field: str) -> None:
    seen: set[str] = set()
    for i, x in enumerate(items):
        if x in seen:
            raise _fail(what, f"{where}[{i}].{field}", f"two areas have the {field} {x!r}")
        seen.add(x)


def _land_links(
    what: str, f: _MapFile, index: dict[str, int], land: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    adjacent: list[tuple[int, ...]] = []
    seas: list[tuple[int, ...]] = []
    for i, a in enumerate(f.areas):
        where = f"areas[{i}]"
        near = [_land_id(what, f"{where}.adjacent", x, index, land) for x in a.adjacent]
        if i in near or len(set(near)) != len(near):
            raise _fail(what, f"{where}.adjacent", "an area borders others, each once")
        touched = [_sea_id(what, f"{where}.seas", x, index, land) for x in a.seas]
        if len(set(touched)) != len(touched):
            raise _fail(what, f"{where}.seas", "a sea is listed once")
        if (a.coast == "inland") != (not touched):
            raise _fail(what, f"{where}.seas", "a port or coastal area touches a sea, inland none")
        adjacent.append(tuple(sorted(near)))
        seas.append(tuple(sorted(touched)))
    for i, links in enumerate(adjacent):
        for j in links:
            if i not in adjacent[j]:
                raise _fail(
                    what,
                    f"areas[{i}].adjacent",
                    f"{f.areas[j].id} borders {f.areas[i].id}: list the link on both sides",
                )
    return tuple(adjacent), tuple(seas)


def _sea_links(
    what: str, f: _MapFile, index: dict[str, int], land: int
) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    for s, sea in enumerate(f.seas):
        near = [_sea_id(what, f"seas[{s}].adjacent", x, index, land) - land for x in sea.adjacent]
        if s in near or len(set(near)) != len(near):
            raise _fail(what, f"seas[{s}].adjacent", "a sea borders others, each once")
        out.append(tuple(sorted(near)))
    for s, links in enumerate(out):
        for t in links:
            if s not in out[t]:
                raise _fail(
                    what,
                    f"seas[{s}].adjacent",
                    f"{f.seas[t].id} borders {f.seas[s].id}: list the link on both sides",
                )
    return tuple(out)


def _land_id(what: str, where: str, x: str, index: dict[str, int], land: int) -> int:
    i = index.get(x)
    if i is None or i >= land:
        raise _fail(what, where, f"no land area has the id {x!r}")
    return i


def _sea_id(what: str, where: str, x: str, index: dict[str, int], land: int) -> int:
    i = index.get(x)
    if i is None or i < land:
        raise _fail(what, where, f"no sea has the id {x!r}")
    return i


def route_cost(m: Map, start: int, goal: int, rough_mp: int = ROUGH_MP) -> int | None:
    """The least movement points from `start` to `goal` by land (entering an area costs 1,
    a rough one `rough_mp`); None when there is no land route."""
    best = {start: 0}
    changed = True
    while changed:  # each pass lowers a cost or ends: the map has at most 80 areas
        changed = False
        for a, cost in list(best.items()):
            for b in m.adjacent[a]:
                c = cost + (rough_mp if m.rough[b] else 1)
                if c < best.get(b, c + 1):
                    best[b] = c
                    changed = True
    return best.get(goal)


def _with_scale_warning(m: Map) -> Map:
    """F: a unit crosses the map, Thrace to India, in about three turns (about 9 MP): a file
    far from that plays, with a warning."""
    lowered = [n.lower() for n in m.names[: m.land]]
    if "thrace" not in lowered:
        return _warned(m, "the map has no Thrace, so the scale (about 9 MP to India) is unchecked")
    start = lowered.index("thrace")
    costs = [route_cost(m, start, lowered.index(n)) for n in ("north india", "south india")]
    cheapest = min((c for c in costs if c is not None), default=None)
    if cheapest is None or not 7 <= cheapest <= 11:
        said = "no land route" if cheapest is None else f"{cheapest} MP"
        return _warned(m, f"Thrace to India costs {said}; about 9 is expected (three turns)")
    return m


def _warned(m: Map, warning: str) -> Map:
    return Map(**{**{k: getattr(m, k) for k in Map.__slots__}, "warnings": (warning,)})


# --- the setup file -------------------------------------------------------------------------


def load_setup_text(text: str) -> Setup:
    """A setup file, validated: every number the summary and the public facts fix, homes,
    a length past the last turn of gifts, and the counter mix."""
    what = "setup file"
    f = validated(_SetupFile, _load(text, what), what)
    fixed = (
        ("start_money", f.start_money, START_MONEY, "each player starts with 5 Talents (F)"),
        ("ransom", f.ransom, RANSOM, "a captured leader is ransomed for 5 Talents (l.13)"),
        ("upkeep", f.upkeep, UPKEEP, "maintenance is 1 Talent a unit (l.14)"),
        ("prices.levy", f.prices.levy, PRICES[0], "a levy costs 1 (l.16)"),
        ("prices.inf", f.prices.inf, PRICES[1], "infantry costs 2 (l.17)"),
        ("prices.cav", f.prices.cav, PRICES[2], "cavalry costs 3 (l.18)"),
        (
            "prices.fleet_in_port",
            f.prices.fleet_in_port,
            FLEET_IN_PORT,
            "a fleet costs 3 in port (l.19)",
        ),
        (
            "prices.fleet_at_sea",
            f.prices.fleet_at_sea,
            FLEET_AT_SEA,
            "a fleet costs 5 in a coastal sea (l.19)",
        ),
        ("movement.land", f.movement.land, LAND_MP, "land units have 3 MP (l.26)"),
        ("movement.leader", f.movement.leader, LEADER_MP, "a leader moves 4 MP (l.28)"),
        ("movement.fleet", f.movement.fleet, FLEET_MP, "fleets have 5 MP (l.29)"),
        ("movement.rough", f.movement.rough, ROUGH_MP, "shaded areas cost 2 (l.26)"),
        (
            "gifts_until",
            f.gifts_until,
            GIFTS_UNTIL,
            "money is exchanged freely through turn 8 (l.12)",
        ),
        ("sea_hit", f.sea_hit, SEA_HIT, "at sea a roll of 5-6 kills (l.50)"),
    )
    for field, got, want, why in fixed:
        if got != want:
            raise _fail(what, field, f"{got} is not {want}: {why}")
    if f.turns <= GIFTS_UNTIL:
        raise _fail(what, "turns", f"the game lasts past turn {GIFTS_UNTIL} (l.12), not {f.turns}")
    homes = [h.area for h in f.homes]
    if len(set(homes)) != len(homes):
        raise _fail(what, "homes", "each home is listed once")
    return Setup(
        start_money=f.start_money,
        ransom=f.ransom,
        upkeep=f.upkeep,
        prices=(f.prices.levy, f.prices.inf, f.prices.cav),
        fleet_in_port=f.prices.fleet_in_port,
        fleet_at_sea=f.prices.fleet_at_sea,
        land_mp=f.movement.land,
        leader_mp=f.movement.leader,
        fleet_mp=f.movement.fleet,
        rough_mp=f.movement.rough,
        gifts_until=f.gifts_until,
        turns=f.turns,
        homes=tuple(homes),
        blocks=tuple(h.block for h in f.homes),
        leaders=tuple(h.leader for h in f.homes),
        colour_mix=(f.colour.levy, f.colour.inf, f.colour.cav, f.colour.el, f.colour.fleet),
        white_mix=(f.white.levy, f.white.inf, f.white.cav, f.white.el),
        hits=(f.hits.levy, f.hits.inf, f.hits.cav, f.hits.el),
        sea_hit=f.sea_hit,
        text_key=text_key(text),
    )


# --- the events file ------------------------------------------------------------------------


def load_events_text(text: str) -> Events:
    """An events file, validated: 72 entries ODD 11 to EVEN 66 (l.4), each once, with the
    entries the errata fix (ODD 41-44 send the leader home, ODD 53 gives units, ODD 54 is a
    revolt of 2 white levies, EVEN 51-56 buy elephants, EVEN 56 pays 4 to the holder of both
    Indian areas: the areas themselves are checked with the map)."""
    what = "events file"
    f = validated(_EventsFile, _load(text, what), what)
    table: list[Event | None] = [None] * EVENT_ENTRIES
    for i, e in enumerate(f.events):
        half, digits = e.roll.split()
        k = event_index(half == "ODD", int(digits[0]), int(digits[1]))
        if table[k] is not None:
            raise _fail(what, f"events[{i}].roll", f"{e.roll} is listed twice")
        steps = tuple(_step(what, f"events[{i}].steps[{j}]", s) for j, s in enumerate(e.steps))
        table[k] = Event(e.roll, e.title, e.text, steps)
    missing = [event_key(k) for k, e in enumerate(table) if e is None]
    if missing:
        raise _fail(
            what, "events", f"the table has 72 entries ODD 11 to EVEN 66; missing {missing[0]}"
        )
    done = tuple(e for e in table if e is not None)
    _fixed_events(what, done)
    return Events(done, text_key(text))


def _step(what: str, where: str, s: _EventStep) -> Step:
    given = [(k, v) for k, v in s if v is not None]
    if len(given) != 1:
        raise _fail(what, where, "a step is a mapping of one key, the step's kind")
    kind, v = given[0]
    if isinstance(v, _Units):
        units = (v.levy, v.inf, v.cav, v.el)
        if not any(units) and kind != "turns_white":
            raise _fail(what, where, "a revolt or an invasion places at least one white unit")
        return Step(kind, area=v.area, units=units)
    if isinstance(v, _ControllerGains):
        return Step(kind, area=v.area, amount=v.amount)
    if isinstance(v, _HolderGains):
        return Step(kind, areas=tuple(v.areas), amount=v.amount)
    if isinstance(v, _Capped):
        return Step(kind, amount=v.amount, cap=v.max)
    if isinstance(v, _PerUnits):
        return Step(kind, amount=v.amount, per=v.per)
    if isinstance(v, _Receive):
        units = (v.levy, v.inf, v.cav, 0)
        if not any(units):
            raise _fail(what, where, "units are received: name at least one")
        needs = -1 if v.needs is None else TYPES.index(v.needs)
        return Step(kind, at=v.at, units=units, needs=needs)
    if isinstance(v, _MayBuy):
        return Step(kind, unit=v.unit, cap=v.max, price=v.price)
    if isinstance(v, _Pinned):
        return Step(kind, no_bonus=v.no_bonus)
    if isinstance(v, _Draw):
        return Step(kind, every=v.every)
    if isinstance(v, _Amount):
        return Step(kind, amount=v.amount)
    return Step(kind)


def _fixed_events(what: str, table: tuple[Event, ...]) -> None:
    def entry(key: str) -> tuple[int, Event]:
        half, digits = key.split()
        k = event_index(half == "ODD", int(digits[0]), int(digits[1]))
        return k, table[k]

    def kinds(e: Event) -> list[str]:
        return [s.kind for s in e.steps]

    for key in ("ODD 41", "ODD 42", "ODD 43", "ODD 44"):
        if "recall" not in kinds(entry(key)[1]):
            raise _fail(what, key, "the roller's leader returns home (a recall step, errata)")
    if "receive" not in kinds(entry("ODD 53")[1]):
        raise _fail(what, "ODD 53", "the roller receives units (a receive step, errata)")
    persia = [s for s in entry("ODD 54")[1].steps if s.kind == "turns_white"]
    if not persia or persia[0].units != (2, 0, 0, 0):
        raise _fail(
            what, "ODD 54", "Persia revolts with 2 white levies (a turns_white step, errata)"
        )
    for ones in range(1, 7):
        key = f"EVEN 5{ones}"
        if not any(s.kind == "may_buy" and s.unit == "el" for s in entry(key)[1].steps):
            raise _fail(what, key, "an elephant purchase (a may_buy step of el, errata)")
    holder = [s for s in entry("EVEN 56")[1].steps if s.kind == "holder_gains"]
    if not holder or holder[0].amount != 4 or len(holder[0].areas) != 2:
        raise _fail(
            what, "EVEN 56", "the holder of both Indian areas gains 4 (a holder_gains step, errata)"
        )


# --- the chits file -------------------------------------------------------------------------


def load_chits_text(text: str) -> Chits:
    """A chits file, validated: at least 20 chits numbered from 1, each once, with chits 2-4
    mercenaries, 12-14 played at a game turn's start, 15-17 Revolt fails, 19-20 a cavalry
    raid (errata)."""
    what = "chits file"
    f = validated(_ChitsFile, _load(text, what), what)
    by_number: dict[int, Chit] = {}
    for i, c in enumerate(f.chits):
        where = f"chits[{i}]"
        if c.number in by_number:
            raise _fail(what, f"{where}.number", f"chit {c.number} is listed twice")
        units = (
            (0, 0, 0, 0)
            if c.units is None
            else (c.units.levy, c.units.inf, c.units.cav, c.units.el)
        )
        needs_units = c.kind in ("mercenaries", "general_levy")
        if needs_units != any(units):
            said = "needs units" if needs_units else "takes no units"
            raise _fail(what, f"{where}.units", f"a {c.kind} chit {said}")
        needs_amount = c.kind in ("forced_march", "treasure", "fair_winds", "tax")
        if needs_amount != (c.amount is not None):
            said = "needs an amount" if needs_amount else "takes no amount"
            raise _fail(what, f"{where}.amount", f"a {c.kind} chit {said}")
        by_number[c.number] = Chit(c.number, c.name, c.kind, c.text, units, c.amount or 0)
    n = len(by_number)
    if n < MIN_CHITS or sorted(by_number) != list(range(1, n + 1)):
        raise _fail(
            what, "chits", f"at least {MIN_CHITS} chits numbered 1 to their count, each once"
        )
    for number, allowed in FIXED_CHITS.items():
        if by_number[number].kind not in allowed:
            raise _fail(
                what,
                f"chit {number}",
                f"a {' or '.join(allowed)} chit (errata), not {by_number[number].kind}",
            )
    return Chits(tuple(by_number[k] for k in range(1, n + 1)), text_key(text))


# --- the four together ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Parts:
    """The four files of a game, checked together."""

    map: Map
    setup: Setup
    events: Events
    chits: Chits
    homes: tuple[int, ...]  # the candidate homes, as area indices
    persia: int
    event_areas: Mapping[str, int]  # every area id an event names -> its index


def parts(
    map_text: str | None,
    events_text: str | None,
    chits_text: str | None,
    setup_text: str | None,
) -> Parts:
    """The standard files, or an owner's, checked together (a ValueError names the file and
    the field): the homes and every area an event names are areas of the map, ODD 54 revolts
    Persia, EVEN 56 names North and South India, and any 3 or 4 players can be seated."""
    return _parts(
        MAP_FILE.from_text(map_text),
        EVENTS_FILE.from_text(events_text),
        CHITS_FILE.from_text(chits_text),
        SETUP_FILE.from_text(setup_text),
    )


@lru_cache(maxsize=PARSED_FILES)
def _parts(m: Map, events: Events, chits: Chits, setup: Setup) -> Parts:
    homes = tuple(
        _land_of(m, "setup file", f"homes[{i}].area", h) for i, h in enumerate(setup.homes)
    )
    _seatable(m, homes)
    areas: dict[str, int] = {}
    for e in events.table:
        for s in e.steps:
            named = [s.area] if s.area else []
            named += list(s.areas)
            if s.kind == "receive" and s.at not in ("leader", "home"):
                named.append(s.at)
            for x in named:
                areas[x] = _land_of(m, "events file", f"{e.key}", x)
    lowered = [n.lower() for n in m.names[: m.land]]
    persia = lowered.index("persia")
    odd54 = events.table[event_index(True, 5, 4)].steps
    if not any(s.kind == "turns_white" and areas[s.area] == persia for s in odd54):
        raise DataError("events file: ODD 54: the revolt is in Persia (errata)")
    indian = {lowered.index("north india"), lowered.index("south india")}
    even56 = events.table[event_index(False, 5, 6)].steps
    if not any(s.kind == "holder_gains" and {areas[x] for x in s.areas} == indian for s in even56):
        raise DataError(
            "events file: EVEN 56: the Talents go to the holder of North and South India (errata)"
        )
    return Parts(m, setup, events, chits, homes, persia, MappingProxyType(areas))


def _land_of(m: Map, what: str, where: str, x: str) -> int:
    i = m.index.get(x)
    if i is None or i >= m.land:
        raise _fail(what, where, f"the map has no land area {x!r}")
    return i


def _seatable(m: Map, homes: tuple[int, ...]) -> None:
    """Any 3 or 4 players can choose homes in turn, whatever those before chose: a home may
    not border one already chosen (ours, facts 4.1)."""

    def stuck(chosen: tuple[int, ...], left: int) -> bool:
        if not left:
            return False
        free = [h for h in homes if h not in chosen and not any(h in m.adjacent[c] for c in chosen)]
        return not free or any(stuck((*chosen, h), left - 1) for h in free)

    if len(homes) < 4 or stuck((), 4):
        raise DataError(
            "setup file: homes: 4 players can always choose homes in turn, none bordering "
            "another chosen"
        )


def words(text: str) -> list[str]:
    """A name's words as the notation reads them (lower case, hyphens kept)."""
    return re.findall(r"[a-z0-9'-]+", text.lower())


MAP_FILE = ComponentFile(__package__, "map.yaml", load_map_text, PARSED_FILES)
EVENTS_FILE = ComponentFile(__package__, "events.yaml", load_events_text, PARSED_FILES)
CHITS_FILE = ComponentFile(__package__, "chits.yaml", load_chits_text, PARSED_FILES)
SETUP_FILE = ComponentFile(__package__, "setup.yaml", load_setup_text, PARSED_FILES)


def standard_parts() -> Parts:
    return parts(None, None, None, None)
