"""Rajas of the Ganges' state and actions: plain data, every field immutable.

The state is public (nothing in it is any seat's secret): the dice to come and the tiles under
the tops of the stacks are not in it. Each stack is a multiset below its face-up top tile, and
the next top is revealed by a chance step; the white yield tiles are a multiset drawn from by a
chance step (Setup: mix the stacks; Dancer: draw a face-down tile).

A die is written by its colour's letter and its number ("o5"); a die taken from the supply
sits on its owner's Kali statue unrolled ("o0") until the chance step that rolls it, so the
supply and the statues always hold the 48 dice between them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Final, Literal

from pydantic import Field

from .components import (
    Board,
    Tiles,
    board_from_text,
    standard_board,
    standard_tiles,
    tiles_from_text,
)

NO: Final = -1
KALI_HANDS: Final = 10  # Dice: the basic game's statue holds 10 dice
START_KARMA: Final = 1
MAX_KARMA: Final = 3
START_WORKERS: Final = 3
MAX_GAINED: Final = 2  # Get new workers: up to 2 more
MAX_UPGRADES: Final = 2  # a building's cube moves from value 2 to 3 and 4
START_MONEY: Final = 3  # the starting player's; each later seat one more

# The areas of the board, in the order the notation lists them.
AREAS: Final = (
    "quarry",
    "harbour",
    "assorted_market",
    "goods_market",
    "outer_terrace",
    "terrace_blue",
    "terrace_green",
    "terrace_orange",
    "terrace_purple",
    "balcony_blue",
    "balcony_green",
    "balcony_orange",
    "balcony_purple",
    "great_mogul",
    "dancer",
    "yogi",
    "raja_man_singh",
    "master_builder",
    "portuguese",
)
QUARRY, HARBOUR, ASSORTED, GOODS, OUTER = 0, 1, 2, 3, 4
TERRACE: Final = 5  # + colour
BALCONY: Final = 9  # + colour given
CHAMBER: Final = 13  # + number - 1 (Great Mogul 1 ... Portuguese 6)

Phase = Literal["setup", "start", "play", "over"]
# A pending effect: (kind, number, detail); see engine.py for the kinds.
Effect = tuple[str, int, int]


@dataclass(slots=True)
class State:
    seats: tuple[str, ...]
    board_file: str | None
    tiles_file: str | None
    phase: Phase
    round: int
    start: int  # the starting player of this round (seat index)
    turn: int  # the seat deciding now
    supply: tuple[int, ...]  # dice in the general supply, by colour
    tops: tuple[int, ...]  # per stack: its face-up top tile, or NO
    stacks: tuple[tuple[int, ...], ...]  # per stack: the tiles below its top (no order)
    yield_deck: tuple[str, ...]  # the face-down white yield tiles (no order)
    yield_discard: tuple[str, ...]
    spaces: tuple[tuple[int, ...], ...]  # per area: the seats of its workers, in order
    money: tuple[int, ...]
    fame: tuple[int, ...]
    karma: tuple[int, ...]
    upgrades: tuple[tuple[int, ...], ...]  # per seat, per building: 0 to 2
    dice: tuple[tuple[str, ...], ...]  # per seat: its Kali statue, sorted
    workers: tuple[int, ...]  # active workers
    placed: tuple[int, ...]  # workers placed this round
    passed: tuple[bool, ...]  # no space left that the seat can use this round
    boat: tuple[int, ...]  # river space (0: the start)
    province: tuple[tuple[int, ...], ...]  # per seat, per cell: tile * 4 + rotation, or NO
    covered: tuple[tuple[tuple[int, int], ...], ...]  # per seat: (cell, tile under) covered
    gained: tuple[tuple[str, ...], ...]  # per seat: where its new workers came from
    money_bonus: tuple[int, ...]  # per seat: the next money bonus (index of MONEY_BONUSES)
    mogul: int  # the seat at the Great Mogul this round, or NO
    pending: tuple[Effect, ...] = ()  # what the seat deciding still carries out, first first
    crossed: tuple[int, ...] = ()  # seats whose markers met or passed, in that order
    last: int = NO  # once the end is triggered: the stage position whose turn ends the game
    # the online convention (an option): dice taken stay unrolled until a payment needs them
    # or the placement ends, so the steps before may be taken back
    late_rolls: bool = False
    # the building type an upgrade of fame space 5 raised during this placement: that upgrade
    # counts from the seat's next turn on (Bonuses on the scoring tracks); NO otherwise
    upgrade_next_turn: int = NO
    # what a step carried out, recorded only when asked (engine.explain; in memory only, never
    # stored or shown): a list shared by the states of one step, None otherwise
    trace: Annotated[list[Any] | None, Field(exclude=True)] = field(
        default=None, compare=False, repr=False
    )
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

    # the board and tiles of the files named (in memory only, set on construction and on
    # reading the JSON): read at almost every step, so held here, not found through the files
    board: Annotated[Board, Field(exclude=True)] = field(init=False, compare=False, repr=False)
    tiles: Annotated[Tiles, Field(exclude=True)] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        f, g = self.board_file, self.tiles_file
        self.board = standard_board() if f is None else board_from_text(f)
        self.tiles = standard_tiles() if g is None else tiles_from_text(g)

    @property
    def players(self) -> int:
        return len(self.seats)

    def copy(self, **changes: object) -> State:
        """A new state with `changes`; the undo fields start empty (the adapter sets them)."""
        t = self.clone()
        for name, value in changes.items():
            if name in _FIELDS:
                setattr(t, name, value)
        if "board_file" in changes or "tiles_file" in changes:
            t.__post_init__()
        return t

    def clone(self) -> State:
        """`copy` with no change (what the engine does at every step): every field is shared,
        none copied, as each is immutable. Written out, and with no dict of changes made."""
        t = _NEW(State)
        t.seats = self.seats
        t.board_file = self.board_file
        t.tiles_file = self.tiles_file
        t.phase = self.phase
        t.round = self.round
        t.start = self.start
        t.turn = self.turn
        t.supply = self.supply
        t.tops = self.tops
        t.stacks = self.stacks
        t.yield_deck = self.yield_deck
        t.yield_discard = self.yield_discard
        t.spaces = self.spaces
        t.money = self.money
        t.fame = self.fame
        t.karma = self.karma
        t.upgrades = self.upgrades
        t.dice = self.dice
        t.workers = self.workers
        t.placed = self.placed
        t.passed = self.passed
        t.boat = self.boat
        t.province = self.province
        t.covered = self.covered
        t.gained = self.gained
        t.money_bonus = self.money_bonus
        t.mogul = self.mogul
        t.pending = self.pending
        t.crossed = self.crossed
        t.last = self.last
        t.late_rolls = self.late_rolls
        t.upgrade_next_turn = self.upgrade_next_turn
        t.trace = self.trace
        t.board = self.board
        t.tiles = self.tiles
        t.since_barrier = ()
        t.barrier = None
        t.memo = None
        return t


_NEW: Final = object.__new__  # a state's own __new__, read once (not at every clone)
_FIELDS: Final = tuple(
    n
    for n in State.__slots__
    if n not in ("since_barrier", "barrier", "memo", "board", "tiles", "trace")
)


# --- actions ------------------------------------------------------------------------------


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Setup:
    """Chance (Setup): the four starting dice of each seat, in seat order and colour order, and
    the top tile of each of the 12 stacks."""

    dice: tuple[int, ...]
    tops: tuple[int, ...]
    kind: Literal["setup"] = "setup"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class FirstPlayer:
    """Chance: the starting player among those tied for the lowest roll (the text's tie-break
    by table talk, drawn instead)."""

    seat: str
    kind: Literal["first"] = "first"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Roll:
    """Chance: the numbers of the unrolled dice on the deciding seat's statue, in its order."""

    values: tuple[int, ...]
    kind: Literal["roll"] = "roll"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Reveal:
    """Chance: the new top tile of a stack."""

    stack: int
    tile: int
    kind: Literal["reveal"] = "reveal"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class DrawYield:
    """Chance: the white yield tile the Dancer draws."""

    tile: str
    kind: Literal["yield"] = "yield"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Place:
    """A worker on an area's next free space, with the dice given up for it (`turned`: those of
    them turned to their opposite side with karma)."""

    area: str
    dice: tuple[str, ...] = ()
    turned: tuple[str, ...] = ()
    kind: Literal["place"] = "place"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Buy:
    """The top tile of a stack, paid with dice of its colour (quarry, Master builder)."""

    stack: int
    dice: tuple[str, ...]
    turned: tuple[str, ...] = ()
    kind: Literal["buy"] = "buy"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Build:
    """The tile bought placed on a cell of the province, turned `rotation` quarter turns."""

    cell: int
    rotation: int
    kind: Literal["place_tile"] = "place_tile"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Cover:
    """Master builder: the cell whose tile is covered."""

    cell: int
    kind: Literal["cover"] = "cover"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Pick:
    """One die of a colour taken from the supply (rolled once every die is taken)."""

    colour: int
    kind: Literal["pick"] = "pick"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Release:
    """A die put back from a full statue before taking new ones."""

    die: str
    kind: Literal["release"] = "release"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Enough:
    """Take fewer dice than the action gives (the statue is full)."""

    kind: Literal["enough"] = "enough"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Upgrade:
    building: int
    kind: Literal["upgrade"] = "upgrade"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Sail:
    """The harbour: advance this many unoccupied river spaces."""

    spaces: int
    kind: Literal["sail"] = "sail"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Goods:
    """The kind of good a market scoring of one kind scores."""

    good: int
    kind: Literal["goods"] = "goods"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Chamber:
    """A river space's palace earning: the chamber (2 to 6) carried out."""

    number: int
    kind: Literal["chamber"] = "chamber"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Reroll:
    """Outer terrace: a die to roll again."""

    die: str
    kind: Literal["reroll"] = "reroll"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Done:
    """Outer terrace: no more dice to roll again."""

    kind: Literal["done"] = "done"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Pass:
    """No space left that the seat can pay for and use: its turn passes for the round."""

    kind: Literal["pass"] = "pass"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Undo:
    """Takes back the seat's last step since the last roll, reveal or hand-off."""

    kind: Literal["undo"] = "undo"


Action = (
    Setup
    | FirstPlayer
    | Roll
    | Reveal
    | DrawYield
    | Place
    | Buy
    | Build
    | Cover
    | Pick
    | Release
    | Enough
    | Upgrade
    | Sail
    | Goods
    | Chamber
    | Reroll
    | Done
    | Pass
    | Undo
)
CHANCE_ACTIONS: Final = (Setup, FirstPlayer, Roll, Reveal, DrawYield)
