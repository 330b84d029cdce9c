"""Successors' state and actions: plain data, every field immutable (a tuple, a number, a
frozen record), shared between the states before and after a step.

Places. The map's land areas are 0 to `map.land - 1`, its seas `map.land` onward (the order
of map.yaml); a fleet lies in a port (a land area with a port) or in a sea.

Pieces. A land unit is written by its slot and its type, `code = slot * 4 + type`: slots 0-3
are the players' colours (the seats in the order of `State.seats`), WHITE (4) the rebels and
invaders, MERC + seat (5-8) a seat's mercenaries (white units tagged to it, facts 4.8); types
are levy, inf, cav, el (components.TYPES). `units[area]` counts every slot's types in a land
area (36 numbers); `fleets[place]` counts each seat's fleets. Units aboard fleets exist only
inside a moving force (troops land before a force halts, state `Force`). Counters off the map
are in `pool` (a seat's levy, inf, cav, el, fleet) and `white_pool`: map + force + pool is
always the counter mix (setup.yaml).

Hidden parts: `hands` (each seat's chits), `cup` (the chits not drawn), `orders` (each seat's
standing orders: a chit armed with the moment it answers) and `spied` (what a Spy showed a
seat). A seat's view keeps its own; the public view none (view.py).

What is pending is a stack of frames (`frames`, the last on top): a frame is a decision, a
chance step, or work the engine carries out at once (engine.py). `news` holds the public lines
the last step produced (what the channel is told; never a hidden chit).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, Final, Literal, TypeVar

from pydantic import BeforeValidator, Field, PlainSerializer

from .components import Parts, parts

_NEW: Final = object.__new__
_REMADE: Final = frozenset(
    ("parts", "totals", "occupied", "fleet_places", "since_barrier", "barrier", "memo")
)
NO: Final = -1
SLOTS: Final = 9
WHITE: Final = 4
MERC: Final = 5  # + seat index
CODES: Final = SLOTS * 4
LEADER: Final = -2  # a piece: the leader
FLEET: Final = -3  # a piece: a fleet
POOL_FLEETS: Final = 4  # a pool: levy, inf, cav, el (components.TYPES), then fleets
CAPTIVE: Final = 1000  # a leader's place: CAPTIVE + the captor's seat index
NO_MARKER: Final = 0
REVOLT: Final = 1
INVASION: Final = 2
MARKERS: Final = ("", "Revolt", "Invasion")
# standing orders' moments (chits.py)
TRIGGERS: Final = ("turn", "revolt", "attacked", "battle", "short", "revenue")

Phase = Literal["setup", "play", "over"]
# A frame: (kind, a, b, c, d), its numbers by kind (engine.py); NO where unused.
Frame = tuple[str, int, int, int, int]
# A standing order: (chit, trigger index, area or NO, seat or NO).
Order = tuple[int, int, int, int]


@lru_cache(maxsize=16_384)
def row_totals(row: tuple[int, ...]) -> tuple[int, ...]:
    """An area's units counted: each slot's (9), then each seat's with its mercenaries (4),
    then all the seats' together."""
    slots = [row[k] + row[k + 1] + row[k + 2] + row[k + 3] for k in range(0, CODES, 4)]
    seats = [slots[k] + slots[MERC + k] for k in range(4)]
    return (*slots, *seats, sum(seats))


def units_places(totals: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Per seat (4): the land areas whose totals (`row_totals`) count some of its units."""
    out: tuple[list[int], ...] = ([], [], [], [])
    for a, t in enumerate(totals):
        if t[13]:  # some seat's units
            for seat in range(4):
                if t[9 + seat]:
                    out[seat].append(a)
    return tuple(tuple(x) for x in out)


def fleets_places(fleets: tuple[tuple[int, ...], ...], seats: int) -> tuple[tuple[int, ...], ...]:
    """Per seat: the places holding some of its fleets."""
    return tuple(tuple(p for p, row in enumerate(fleets) if row[seat]) for seat in range(seats))


def code(slot: int, kind: int) -> int:
    return slot * 4 + kind


@dataclass(slots=True)  # immutable by use: changed only on a `copy`
class Force:
    """Pieces moving together (Movement; Q10): a land force, or a naval one (fleets > 0)
    with the troops and the leader it carries (l.31; Q24).

    groups: (code, joined_at, band, count): units that joined when the force had spent
    `joined_at` MP; `band`: they began the phase with the leader (l.28: his 4 MP while he is
    in the force). leader: the MP spent when the seat's leader joined, or NO. route: the
    places the force has stood in on its way, where it began first (empty until it marches or
    sails)."""

    seat: int
    place: int
    spent: int = 0
    groups: tuple[tuple[int, int, int, int], ...] = ()
    leader: int = NO
    fleets: int = 0
    marched: bool = False
    bonus: int = 0  # forced march or fair winds (chits 1, 10)
    stopped: bool = False  # it met enemy fleets and fought no battle (l.29): it may only halt
    route: tuple[int, ...] = ()
    landed: int = 0  # a naval force's units landed: a fleet carries one unit a move (l.31; Q24)

    def copy(self) -> Force:
        t = _NEW(Force)
        t.seat, t.place, t.spent, t.groups = self.seat, self.place, self.spent, self.groups
        t.leader, t.fleets, t.marched = self.leader, self.fleets, self.marched
        t.bonus, t.stopped, t.route = self.bonus, self.stopped, self.route
        t.landed = self.landed
        return t


@dataclass(slots=True)  # immutable by use: changed only on a `copy`
class Battle:
    """The land battle being fought (Combat; Sea Invasion).

    sides: the slots of the attacker and of the defender; principal: the seat that decides
    for each side (NO: white, nobody commands them); stage: "pre", "round", "losses",
    "retreat"; hits: the typed hits still to take, per side (type indices); retreating: the
    seats still to decide their retreat, in order."""

    area: int
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    principal: tuple[int, int]
    stage: str = "pre"
    round: int = 0
    invasion: bool = False  # some attackers landed from the sea this turn: no pre-battle
    double: bool = False  # every attacker landed: the defender rolls twice (l.59)
    revolt: bool = False  # white units attacking where they were placed (an event)
    hits: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    retreating: tuple[int, ...] = ()
    ambush: tuple[int, int] = (0, 0)  # chit 7, per side
    panic: tuple[bool, bool] = (False, False)  # chit 8, per side
    omens: tuple[int, int] = (0, 0)  # chit 9, per side: +1 dice this round
    steadfast: tuple[int, ...] = ()  # the seats that stand to the battle's end (not asked)

    def copy(self) -> Battle:
        t = _NEW(Battle)
        t.area, t.attackers, t.defenders = self.area, self.attackers, self.defenders
        t.principal, t.stage, t.round = self.principal, self.stage, self.round
        t.invasion, t.double, t.revolt = self.invasion, self.double, self.revolt
        t.hits, t.retreating = self.hits, self.retreating
        t.ambush, t.panic, t.omens = self.ambush, self.panic, self.omens
        t.steadfast = self.steadfast
        return t


def _sparse(units: tuple[tuple[int, ...], ...]) -> list[list[list[int]]]:
    """The map's units as JSON writes them: per area, its (code, count) pairs (most areas hold
    nothing, or little)."""
    return [[[c, n] for c, n in enumerate(row) if n] if any(row) else [] for row in units]


def _dense(value: object) -> object:
    """The map's units read back from their pairs, each area a count per code."""
    if not isinstance(value, list):
        return value
    out = []
    for row in value:
        dense = [0] * CODES
        for pair in row if isinstance(row, list) else ():
            if isinstance(pair, list) and len(pair) == 2 and 0 <= pair[0] < CODES:
                dense[pair[0]] = pair[1]
            else:
                raise ValueError("an area's units are (code, count) pairs")
        out.append(tuple(dense))
    return tuple(out)


MapUnits = Annotated[
    tuple[tuple[int, ...], ...],
    BeforeValidator(_dense),
    PlainSerializer(_sparse, return_type=list[list[list[int]]]),
]


@dataclass(slots=True)
class State:
    seats: tuple[str, ...]
    map_file: str | None
    events_file: str | None
    chits_file: str | None
    setup_file: str | None
    phase: Phase
    turn: int  # the game turn, 0 while homes are chosen
    order: tuple[int, ...]  # this game turn's player turns, seat indices
    base_order: tuple[int, ...]  # the order fixed at setup: the last to choose moves first
    current: int  # the seat whose player turn it is (or who chooses a home), or NO
    money: tuple[int, ...]
    homes: tuple[int, ...]  # per seat: the home area, or NO
    leaders: tuple[int, ...]  # per seat: an area, CAPTIVE + captor, or NO
    units: MapUnits  # per land area: a count per unit code
    fleets: tuple[tuple[int, ...], ...]  # per place: a count per seat
    pool: tuple[tuple[int, ...], ...]  # per seat: levy, inf, cav, el, fleet off the map
    white_pool: tuple[int, ...]  # levy, inf, cav, el
    markers: tuple[int, ...]  # per land area: NO_MARKER, REVOLT or INVASION
    control: tuple[int, ...]  # per land area: the controlling seat, or NO
    hands: tuple[tuple[int, ...], ...]  # hidden: each seat's chits, sorted
    cup: tuple[int, ...]  # hidden: the chits not drawn, sorted
    orders: tuple[tuple[Order, ...], ...]  # hidden: each seat's standing orders
    spied: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]  # hidden: (seat, chits seen)
    alliances: tuple[tuple[int, int], ...] = ()  # pairs (a, b), a < b
    allied_since: tuple[tuple[int, int, int], ...] = ()  # (a, b, the game turn it was made)
    offers: tuple[tuple[int, int], ...] = ()  # (from, to)
    refused: tuple[tuple[int, int], ...] = ()  # (from, to): offers refused this game turn
    breaks: tuple[tuple[int, int], ...] = ()  # (seat, ally): ended at the seat's next turn
    ended: tuple[tuple[int, int, int], ...] = ()  # (seat, ally, the game turn its end took effect)
    truces: tuple[tuple[int, int], ...] = ()  # this game turn (chit 13)
    pinned: tuple[int, ...] = ()  # per seat: 1 its leader may not move, 2 nor give +1
    out: tuple[int, ...] = ()  # eliminated seats, first first
    rolls: tuple[tuple[int, ...], ...] = ()  # setup: each seat's rolls for choosing homes
    choosing: tuple[int, ...] = ()  # setup: the order of choosing, once rolled
    # this player turn's movement
    moved: tuple[tuple[int, int, int], ...] = ()  # (area, code, count): their move is over
    landed: tuple[tuple[int, int, int], ...] = ()  # (area, code, count): landed from fleets
    entered: tuple[tuple[int, int], ...] = ()  # (area, from): land entries this turn
    sailed: tuple[tuple[int, int, int], ...] = ()  # (place, seat, count): their move is over
    leader_moved: tuple[int, ...] = ()  # seats whose leader's move is over
    band: tuple[int, ...] = ()  # per seat: where its leader began its movement, or NO
    called: tuple[int, ...] = ()  # allies called to move this turn
    sea_fights: tuple[int, ...] = ()  # seas where a battle was fought this turn
    decided: tuple[tuple[int, int], ...] = ()  # (area, seat or WHITE): battles asked for
    boosts: tuple[int, int] = (0, 0)  # unused forced march and fair winds MP (chits 1, 10)
    force: Force | None = None
    battle: Battle | None = None
    frames: tuple[Frame, ...] = ()
    news: tuple[str, ...] = ()
    # undo (in memory only, never stored or shown): the seat's steps since the last barrier
    since_barrier: Annotated[tuple[Action, ...], Field(exclude=True)] = field(
        default=(), compare=False, repr=False
    )
    barrier: Annotated[State | None, Field(exclude=True)] = field(
        default=None, compare=False, repr=False
    )
    # the legal steps, once listed (in memory only): a state is never changed once returned
    memo: Annotated[Sequence[Action] | None, Field(exclude=True)] = field(
        default=None, compare=False, repr=False
    )
    # the four component files of the game (in memory only, set on construction and on
    # reading the JSON)
    parts: Annotated[Parts, Field(exclude=True)] = field(init=False, compare=False, repr=False)
    # each area's units counted, kept with `units` (in memory only): row_totals of each row
    totals: Annotated[tuple[tuple[int, ...], ...], Field(exclude=True)] = field(
        init=False, compare=False, repr=False
    )
    # per seat, where its units are (`units_places` of the totals) and where its fleets are
    # (`fleets_places`), kept with `units` and `fleets` (in memory only)
    occupied: Annotated[tuple[tuple[int, ...], ...], Field(exclude=True)] = field(
        init=False, compare=False, repr=False
    )
    fleet_places: Annotated[tuple[tuple[int, ...], ...], Field(exclude=True)] = field(
        init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        self.parts = parts(self.map_file, self.events_file, self.chits_file, self.setup_file)
        self.totals = tuple(row_totals(row) for row in self.units)
        self.occupied = units_places(self.totals)
        self.fleet_places = fleets_places(self.fleets, len(self.seats))

    def __getstate__(self) -> dict[str, object]:
        """The state as pickled (an AI's view goes to a worker process so): its fields
        without what is made again from them (the files' parts, the counts and places) or kept in
        memory for undo and the legal steps."""
        return {f: getattr(self, f) for f in self.__slots__ if f not in _REMADE}

    def __setstate__(self, fields: dict[str, object]) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        self.since_barrier, self.barrier, self.memo = (), None, None
        self.__post_init__()

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def player(self) -> int:
        """The seat whose player turn it is, or NO."""
        return self.current

    def clone(self) -> State:
        """A new state sharing every field (each is immutable); the undo fields start empty."""
        t = _NEW(State)
        t.seats = self.seats
        t.map_file = self.map_file
        t.events_file = self.events_file
        t.chits_file = self.chits_file
        t.setup_file = self.setup_file
        t.phase = self.phase
        t.turn = self.turn
        t.order = self.order
        t.base_order = self.base_order
        t.current = self.current
        t.money = self.money
        t.homes = self.homes
        t.leaders = self.leaders
        t.units = self.units
        t.fleets = self.fleets
        t.pool = self.pool
        t.white_pool = self.white_pool
        t.markers = self.markers
        t.control = self.control
        t.hands = self.hands
        t.cup = self.cup
        t.orders = self.orders
        t.spied = self.spied
        t.alliances = self.alliances
        t.allied_since = self.allied_since
        t.offers = self.offers
        t.refused = self.refused
        t.breaks = self.breaks
        t.ended = self.ended
        t.truces = self.truces
        t.pinned = self.pinned
        t.out = self.out
        t.rolls = self.rolls
        t.choosing = self.choosing
        t.moved = self.moved
        t.landed = self.landed
        t.entered = self.entered
        t.sailed = self.sailed
        t.leader_moved = self.leader_moved
        t.band = self.band
        t.called = self.called
        t.sea_fights = self.sea_fights
        t.decided = self.decided
        t.boosts = self.boosts
        t.force = self.force
        t.battle = self.battle
        t.frames = self.frames
        t.news = self.news
        t.parts = self.parts
        t.totals = self.totals
        t.occupied = self.occupied
        t.fleet_places = self.fleet_places
        t.since_barrier = ()
        t.barrier = None
        t.memo = None
        return t


# --- actions ------------------------------------------------------------------------------
# Each is immutable by use, hashable, and quick to make. Areas are written by their ids (the
# map's), seats by their names, pieces by words: "levy", "inf", "cav", "el", "merc inf" (a
# mercenary), "red inf" (an ally's, where a loss falls on it), "leader", "fleet".


@dataclass(slots=True, unsafe_hash=True)
class HomeRoll:
    """Chance: the die of each seat still to roll for the choice of homes, in seat order."""

    dice: tuple[int, ...]
    kind: Literal["home_roll"] = "home_roll"


@dataclass(slots=True, unsafe_hash=True)
class EventRoll:
    """Chance: the three event dice (l.4): odd or even, the tens digit, the ones digit."""

    dice: tuple[int, int, int]
    kind: Literal["event_roll"] = "event_roll"


@dataclass(slots=True, unsafe_hash=True)
class Dice:
    """Chance: the dice of a battle round or a pre-battle step (attackers' then defenders'),
    of a sea battle, of the fleets in a taken port, or of a raid."""

    values: tuple[int, ...]
    kind: Literal["dice"] = "dice"


@dataclass(slots=True, unsafe_hash=True)
class DrawChit:
    """Chance: the chit a seat draws from the cup."""

    seat: str
    chit: int
    kind: Literal["draw"] = "draw"


@dataclass(slots=True, unsafe_hash=True)
class ChooseHome:
    area: str
    kind: Literal["home"] = "home"


@dataclass(slots=True, unsafe_hash=True)
class Buy:
    """Units of a kind bought (Revenue) or taken by an event's purchase, placed at `at`."""

    piece: str
    at: str
    count: int = 1
    kind: Literal["buy"] = "buy"


@dataclass(slots=True, unsafe_hash=True)
class Done:
    """No more purchases (or an event's purchase declined)."""

    kind: Literal["done"] = "done"


@dataclass(slots=True, unsafe_hash=True)
class Lose:
    """A unit lost or disbanded: for an event, for upkeep, or where the choice of a loss is
    the owner's (a unit of a type in a battle, a fleet at sea, troops aboard a sunk fleet)."""

    piece: str
    at: str
    kind: Literal["lose"] = "lose"


@dataclass(slots=True, unsafe_hash=True)
class Pay:
    """Pay an event's price rather than lose a unit (EVEN 25)."""

    kind: Literal["pay"] = "pay"


@dataclass(slots=True, unsafe_hash=True)
class Take:
    """Movement: pieces of an area taken into the moving force (a new one when none is)."""

    at: str
    piece: str
    count: int = 1
    kind: Literal["take"] = "take"


@dataclass(slots=True, unsafe_hash=True)
class TakeFleets:
    """Movement: fleets of a place taken into a new naval force, or joining it."""

    at: str
    count: int = 1
    kind: Literal["fleets"] = "fleets"


@dataclass(slots=True, unsafe_hash=True)
class Drop:
    """Movement: pieces left where the force stands (their move is over once it marched)."""

    piece: str
    count: int = 1
    kind: Literal["drop"] = "drop"


@dataclass(slots=True, unsafe_hash=True)
class March:
    """Movement: the land force into an adjacent area."""

    to: str
    kind: Literal["march"] = "march"


@dataclass(slots=True, unsafe_hash=True)
class Sail:
    """Movement: the naval force into an adjacent sea, or into a port on its sea."""

    to: str
    kind: Literal["sail"] = "sail"


@dataclass(slots=True, unsafe_hash=True)
class Embark:
    """Movement: units (or the leader) boarding the naval force from a coast of its sea or
    its port (l.31: no cost)."""

    at: str
    piece: str
    count: int = 1
    kind: Literal["embark"] = "embark"


@dataclass(slots=True, unsafe_hash=True)
class Land:
    """Movement: troops (or the leader) landing from the naval force (l.31, l.56)."""

    at: str
    piece: str
    count: int = 1
    kind: Literal["land"] = "land"


@dataclass(slots=True, unsafe_hash=True)
class Halt:
    """Movement: the force's move is over."""

    kind: Literal["halt"] = "halt"


@dataclass(slots=True, unsafe_hash=True)
class EndMove:
    """Movement: the phase is over (a force under way halts)."""

    kind: Literal["end"] = "end"


@dataclass(slots=True, unsafe_hash=True)
class Call:
    """Movement: an ally is called to move his own units in this turn (l.32; Q12)."""

    ally: str
    kind: Literal["call"] = "call"


@dataclass(slots=True, unsafe_hash=True)
class Fight:
    """Combat (or at sea): a battle against `against` (a seat or "white") at `at` (l.35)."""

    at: str
    against: str
    kind: Literal["fight"] = "fight"


@dataclass(slots=True, unsafe_hash=True)
class Decline:
    """No battle against `against` at `at` by this seat's wish."""

    at: str
    against: str
    kind: Literal["decline"] = "decline"


@dataclass(slots=True, unsafe_hash=True)
class Retreat:
    """A unit (or the leader, or "all") of the battle sent to an adjacent area (l.45)."""

    piece: str
    to: str
    kind: Literal["retreat"] = "retreat"


@dataclass(slots=True, unsafe_hash=True)
class Stand:
    """No (more) retreat this round; `to_the_end`: nor in any later round of this battle
    (the seat is not asked again)."""

    to_the_end: bool = False
    kind: Literal["stand"] = "stand"


@dataclass(slots=True, unsafe_hash=True)
class Escape:
    """A fleet of a taken port that rolled 5-6 sails into this adjacent sea (l.63)."""

    to: str
    kind: Literal["escape"] = "escape"


# Steps a seat takes at any time, whoever decides (Turns.out_of_turn): each names its seat.


@dataclass(slots=True, unsafe_hash=True)
class Give:
    """Talents given to another player (l.12: through turn 8)."""

    seat: str
    to: str
    amount: int
    kind: Literal["give"] = "give"


@dataclass(slots=True, unsafe_hash=True)
class Offer:
    """An alliance offered (l.32; Q12)."""

    seat: str
    to: str
    kind: Literal["offer"] = "offer"


@dataclass(slots=True, unsafe_hash=True)
class Accept:
    """An alliance offered by `to` accepted."""

    seat: str
    to: str
    kind: Literal["accept"] = "accept"


@dataclass(slots=True, unsafe_hash=True)
class Refuse:
    """An alliance offered by `to` refused."""

    seat: str
    to: str
    kind: Literal["refuse"] = "refuse"


@dataclass(slots=True, unsafe_hash=True)
class Break:
    """An alliance ended at the start of the seat's next turn (Q12), or an offer withdrawn."""

    seat: str
    to: str
    kind: Literal["break"] = "break"


@dataclass(slots=True, unsafe_hash=True)
class Ransom:
    """The seat's captured leader ransomed (l.13): 5 Talents to his captor, the leader home."""

    seat: str
    kind: Literal["ransom"] = "ransom"


@dataclass(slots=True, unsafe_hash=True)
class Play:
    """A chit played now, with what it names: an area (`at`), another area or seat (`to`)."""

    seat: str
    chit: int
    at: str = ""
    to: str = ""
    kind: Literal["play"] = "play"


@dataclass(slots=True, unsafe_hash=True)
class Arm:
    """A standing order: a chit armed with the moment it answers (`when`, one of TRIGGERS)
    and what it names; kept in the seat's hidden part and played by the engine then."""

    seat: str
    chit: int
    when: str
    at: str = ""
    to: str = ""
    kind: Literal["arm"] = "arm"


@dataclass(slots=True, unsafe_hash=True)
class Disarm:
    seat: str
    chit: int
    kind: Literal["disarm"] = "disarm"


@dataclass(slots=True, unsafe_hash=True)
class Undo:
    """Takes back the seat's last step since the last roll, draw or hand-off."""

    kind: Literal["undo"] = "undo"


Action = (
    HomeRoll
    | EventRoll
    | Dice
    | DrawChit
    | ChooseHome
    | Buy
    | Done
    | Lose
    | Pay
    | Take
    | TakeFleets
    | Drop
    | March
    | Sail
    | Embark
    | Land
    | Halt
    | EndMove
    | Call
    | Fight
    | Decline
    | Retreat
    | Stand
    | Escape
    | Give
    | Offer
    | Accept
    | Refuse
    | Break
    | Ransom
    | Play
    | Arm
    | Disarm
    | Undo
)
CHANCE_ACTIONS: Final = (HomeRoll, EventRoll, Dice, DrawChit)

Made = TypeVar("Made")
_MADE: dict[tuple[type, tuple[object, ...]], object] = {}


def made(kind: type[Made], *fields: object) -> Made:
    """A step as the legal lists give it: the same object for the same fields each time
    (steps are immutable), made once; the lists are made at every step."""
    key = (kind, fields)  # (one tuple made: quicker than (kind, *fields), at every listing)
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = kind(*fields)
    return found  # type: ignore[return-value]


# steps their own seat takes at any time, whoever decides
ASIDE_ACTIONS: Final = (Give, Offer, Accept, Refuse, Break, Ransom, Play, Arm, Disarm)
