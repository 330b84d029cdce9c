"""The game state: one record that holds everything (docs/engine.md, "The rules engine").

On the engine's hot path the state is plain slotted dataclasses (a field is read and set as
any attribute, a copy is a few dict and list copies); pydantic reads and writes it only at
the JSON boundary (`GameState.model_validate_json`, `model_dump_json`, ...), with the same
JSON as when the state was a pydantic model.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    TypeAdapter,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)

from .cards import GameOptions as GameOptions
from .factions import DECCAN as DECCAN
from .factions import FACTION_NAMES as FACTION_NAMES
from .factions import PLAYERS as PLAYERS
from .factions import Faction as Faction
from .factions import Piece as Piece
from .frames import FrameField

OWNER: dict[Piece, Faction] = {
    Piece.TROOP: Faction.D,
    Piece.GOVERNOR: Faction.D,
    Piece.QASBAH: Faction.D,
    Piece.AMIR: Faction.B,
    Piece.REBEL_AMIR: Faction.B,
    Piece.FORT: Faction.B,
    Piece.RAJA: Faction.V,
    Piece.REBEL_RAJA: Faction.V,
    Piece.TEMPLE: Faction.V,
    Piece.MONGOL: Faction.M,
}
STRUCTURES: frozenset[Piece] = frozenset({Piece.QASBAH, Piece.FORT, Piece.TEMPLE})
UNITS: frozenset[Piece] = frozenset(p for p in Piece if p not in STRUCTURES)
OBEDIENT: frozenset[Piece] = frozenset({Piece.AMIR, Piece.RAJA})
REBELLING: frozenset[Piece] = frozenset({Piece.REBEL_AMIR, Piece.REBEL_RAJA, Piece.MONGOL})
# The kind a piece has in its holding box (Available pieces have no Obedient/Rebelling state).
BASE: dict[Piece, Piece] = {p: p for p in Piece} | {
    Piece.REBEL_AMIR: Piece.AMIR,
    Piece.REBEL_RAJA: Piece.RAJA,
}
REBEL_OF: dict[Piece, Piece] = {Piece.AMIR: Piece.REBEL_AMIR, Piece.RAJA: Piece.REBEL_RAJA}
OBEDIENT_OF: dict[Piece, Piece] = {Piece.REBEL_AMIR: Piece.AMIR, Piece.REBEL_RAJA: Piece.RAJA}
STRUCTURE_OF: dict[Faction, Piece] = {
    Faction.D: Piece.QASBAH,
    Faction.B: Piece.FORT,
    Faction.V: Piece.TEMPLE,
}
UNIT_KINDS: dict[Faction, tuple[Piece, ...]] = {
    Faction.D: (Piece.TROOP, Piece.GOVERNOR),
    Faction.B: (Piece.AMIR, Piece.REBEL_AMIR),
    Faction.V: (Piece.RAJA, Piece.REBEL_RAJA),
    Faction.M: (Piece.MONGOL,),
}
PIECES_OF: dict[Faction, tuple[Piece, ...]] = {
    f: tuple(p for p in Piece if OWNER[p] == f) for f in Faction
}
# Every piece in the box (1.4): the totals that piece conservation checks.
TOTALS: dict[Piece, int] = {
    Piece.TROOP: 32,
    Piece.GOVERNOR: 5,
    Piece.QASBAH: 5,
    Piece.AMIR: 18,
    Piece.FORT: 5,
    Piece.RAJA: 22,
    Piece.TEMPLE: 5,
    Piece.MONGOL: 12,
}
CAVALRY_TOKENS = 10  # 1.10
MAX_RESOURCES = 24  # 1.8
MAX_INFLUENCE = 4  # 1.9
# Unit slots on the Deccan Influence tracks (1.9, 2.1): level -> units placed there at setup.
SLOT_LEVELS: dict[Faction, tuple[int, ...]] = {Faction.B: (2, 4), Faction.V: (1, 2, 3, 4)}
UNITS_PER_SLOT = 2

Dynasty = Literal["khalji", "tughlaq"]


@dataclass(slots=True)
class SpaceState:
    pieces: dict[Piece, int] = field(default_factory=dict)  # only non-zero counts
    tributary: bool = False
    control: Faction | None = None

    def count(self, *kinds: Piece) -> int:
        pieces = self.pieces
        n = 0
        for k in kinds:
            n += pieces.get(k, 0)
        return n

    def faction_count(self, faction: Faction) -> int:
        pieces = self.pieces
        n = 0
        if pieces:
            for k in PIECES_OF[faction]:
                n += pieces.get(k, 0)
        return n

    def units_of(self, faction: Faction) -> int:
        pieces = self.pieces
        n = 0
        if pieces:
            for k in UNIT_KINDS[faction]:
                n += pieces.get(k, 0)
        return n

    def copy(self) -> SpaceState:
        return SpaceState(dict(self.pieces), self.tributary, self.control)


@dataclass(slots=True)
class CardState:
    """The Sequence of Play for the current Event card (2.3)."""

    acted: list[Faction] = field(default_factory=list)
    # Which faction took each forked option (2.3.3): "command_decree" and "event_or_command".
    forks: dict[str, Faction] = field(default_factory=dict)
    stay_eligible: list[Faction] = field(default_factory=list)  # executed a Stay Eligible event
    limited_or_pass: list[Faction] = field(default_factory=list)

    def copy(self) -> CardState:
        return CardState(
            list(self.acted), dict(self.forks), list(self.stay_eligible), list(self.limited_or_pass)
        )


class _Barrier:
    """Slots beside the stored fields, kept in memory only and never written to JSON: the
    state at the last undo barrier, what this state owns of what a fork shares, and the
    decisions its step took unasked."""

    __slots__ = ("_barrier", "_owned", "_unasked")
    _barrier: GameState | None
    # Space ids and the shared fields' part names ("@card", ...: the "@" keeps them apart from
    # every space id, rules.vijayanagara.board.SpaceId), copied since the last fork, so changed in place
    # without another copy (GameState.own_space, ...). None: nothing yet.
    _owned: set[str] | None

    # each decision the rules forced (its one legal step), taken unasked by the step that
    # made this state, with the log line saying so (TypedHandler.take_forced)
    _unasked: tuple[tuple[Any, str], ...]

    def __post_init__(self) -> None:
        self._barrier = None
        self._owned = None
        self._unasked = ()

    @property
    def unasked(self) -> tuple[tuple[Any, str], ...]:
        """The decisions the step that made this state took unasked, each with its line."""
        return self._unasked

    def took_unasked(self, action: Any, said: str) -> None:
        self._unasked = (*self._unasked, (action, said))

    def share_all(self, owned: set[str] | None = None) -> None:
        """After a copy: this state owns only `owned` (default: nothing) of its parts."""
        self._owned = owned

    def start_owning(self) -> set[str]:
        """What this state owns, as a set to add to (first change since the last fork)."""
        owned = self._owned = set()
        return owned

    def claim(self, part: str) -> bool:
        """Whether this part is shared still (the caller copies it now): from here on this
        state owns it."""
        owned = self._owned
        if owned is None:
            self._owned = {part}
            return True
        if part in owned:
            return False
        owned.add(part)
        return True

    def forked_from(self, parent: _Barrier) -> None:
        """A fork of `parent`: the same barrier; neither owns what they now share; nothing
        taken unasked yet."""
        self._barrier = parent._barrier  # a reference: the barrier state is never changed
        self._owned = None
        self._unasked = ()
        parent._owned = None

    def keep_barrier(self, base: GameState | None) -> None:
        """The state at the barrier, kept in memory only (rules.vijayanagara.machine.undo)."""
        self._barrier = base


@dataclass(slots=True, kw_only=True)
class GameState(_Barrier):
    options: GameOptions = field(default_factory=GameOptions)
    # The seeded dealer of tests, benches and games stored before chance entries: with `rng`
    # set, the engine resolves chance nodes itself (dice from `rng`, cards from `order`, the
    # deck built as 2.1 says). None in the bot's games: they hold no future at all, and the
    # caller supplies every outcome as a Roll or Draw action (rules.vijayanagara.chance).
    seed: int | None = None
    rng: int | None = None
    order: list[int] = field(default_factory=list)
    spaces: dict[str, SpaceState]
    available: dict[Faction, dict[Piece, int]]
    resources: dict[Faction, int]
    cavalry: dict[Faction, int]
    cavalry_pool: int
    influence: dict[Faction, int]
    # units sitting on each Deccan Influence slot: faction -> level -> count
    slots: dict[Faction, dict[int, int]]
    dynasty: Dynasty = "khalji"
    # The deck as the players know it (2.1): its piles in order, each a count of cards left
    # by card kind ("event", "mongol_invasion", "timurid") or by card number (a Succession
    # card's known place). Which card of a kind comes next is decided only when drawn.
    piles: list[dict[str, int]]
    discards: list[int] = field(default_factory=list)
    current_card: int | None = None
    eligible: dict[Faction, bool]
    # set by events (the `eligibility` step): where a faction starts the next card
    next_eligibility: dict[Faction, bool] = field(default_factory=dict)
    card: CardState = field(default_factory=CardState)
    timurid_drawn: int = 0
    frames: list[FrameField] = field(default_factory=list)
    # The text log lives outside the state (the bot's log table; rules.LogTail rebuilds it):
    # a state holds only the lines its latest step wrote, which start at line `log_at` of the
    # whole log (an undo starts them earlier: it takes back the lines of the undone step).
    log: list[str] = field(default_factory=list)
    log_at: int = 0
    game_over: bool = False
    delhi_adjustment: int | None = None  # 5.1, set when Timur's invasion is over
    actions_taken: int = 0
    reveals: int = 0  # chance outcomes so far (dice rolled, cards drawn)
    # Undo (docs/engine.md): the steps since the last barrier, replayed from the state at
    # the barrier (kept in memory only, `_barrier`; a state with no such steps is its own),
    # and who may take steps back.
    since_barrier: list[dict[str, Any]] = field(default_factory=list)
    last_actor: Faction | None = None
    # Spaces touched by the last action, for the board's highlight.
    touched: list[str] = field(default_factory=list)
    # Spaces touched by the last turn: the steps of one faction on one card in a row.
    turn_touched: list[str] = field(default_factory=list)
    turn_of: str | None = None  # "<faction>@<card>" of those steps

    # --- the JSON boundary (pydantic), under the names of a pydantic model ---------------

    @classmethod
    def model_validate(cls, data: object) -> GameState:
        return _adapter().validate_python(data)

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> GameState:
        return _adapter().validate_json(data)

    def model_dump_json(self, *, indent: int | None = None) -> str:
        return _adapter().dump_json(self, indent=indent).decode()

    def model_dump(
        self,
        *,
        mode: Literal["json", "python"] = "python",
        include: set[str] | None = None,
        exclude: set[str] | None = None,
    ) -> dict[str, Any]:
        dumped: dict[str, Any] = _adapter().dump_python(
            self, mode=mode, include=include, exclude=exclude
        )
        return dumped

    def model_copy(self, *, update: dict[str, Any] | None = None) -> GameState:
        """A shallow copy, with these fields replaced (the barrier is kept)."""
        new = replace(self, **(update or {}))
        new.keep_barrier(self._barrier)
        self.share_all()  # both share all of it now
        return new

    # --- undo ------------------------------------------------------------------------

    @property
    def barrier(self) -> GameState | None:
        """The state at the last undo barrier (None: unknown, e.g. loaded without it)."""
        return self if not self.since_barrier else self._barrier

    # --- copies ----------------------------------------------------------------------

    def clone(self) -> GameState:
        """A deep copy, for a caller that wants to change a state by hand."""
        new = self.fork()
        new.order = list(self.order)
        new.spaces = {k: v.copy() for k, v in self.spaces.items()}
        new.available = {f: dict(box) for f, box in self.available.items()}
        new.slots = {f: dict(s) for f, s in self.slots.items()}
        new.piles = [dict(p) for p in self.piles]
        new.discards = list(self.discards)
        new.card = self.card.copy()
        new.resources = dict(self.resources)
        new.cavalry = dict(self.cavalry)
        new.influence = dict(self.influence)
        new.eligible = dict(self.eligible)
        new.next_eligibility = dict(self.next_eligibility)
        new.since_barrier = [dict(step) for step in self.since_barrier]  # records are shared
        new.turn_touched = list(self.turn_touched)
        new.share_all({*new.spaces, *PART.values()})
        return new

    def fork(self, *, step: bool = False) -> GameState:
        """The engine's copy for the next state: the spaces are shared with this state until
        `own_space` replaces one that changes, the Available pieces, the Influence slots,
        the Resources, Cavalry, Influence and eligibility until their `own_...` copies them,
        and the card's Sequence of Play until `own_card`; fields the engine replaces but never changes in place (options, order,
        piles, discards, since_barrier, turn_touched) are shared too. With `step`, the copy
        is the next step's: it starts its own log lines, after this state's. Neither state
        owns what they now share: each copies it again before changing it."""
        new = _new_state(GameState)
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng
        new.order = self.order
        new.spaces = dict(self.spaces)
        new.available = self.available
        new.resources = self.resources
        new.cavalry = self.cavalry
        new.cavalry_pool = self.cavalry_pool
        new.influence = self.influence
        new.slots = self.slots
        new.dynasty = self.dynasty
        new.piles = self.piles
        new.discards = self.discards
        new.current_card = self.current_card
        new.eligible = self.eligible
        new.next_eligibility = self.next_eligibility
        new.card = self.card
        new.timurid_drawn = self.timurid_drawn
        new.frames = [f.copy() for f in self.frames]
        if step:
            new.log, new.log_at = [], self.log_at + len(self.log)
        else:
            new.log, new.log_at = list(self.log), self.log_at
        new.game_over = self.game_over
        new.delhi_adjustment = self.delhi_adjustment
        new.actions_taken = self.actions_taken
        new.reveals = self.reveals
        new.since_barrier = self.since_barrier
        new.last_actor = self.last_actor
        new.touched = list(self.touched)
        new.turn_touched = self.turn_touched
        new.turn_of = self.turn_of
        new.forked_from(self)
        return new

    def own_card(self) -> CardState:
        """The card's Sequence of Play to change: a copy of its own (a fork shares it)."""
        if self.claim(PART["card"]):
            self.card = self.card.copy()
        return self.card

    def own_space(self, space: str) -> SpaceState:
        """The space's state to change: a copy of its own (a forked state shares the others)."""
        owned = self._owned
        if owned is None:
            owned = self.start_owning()
        elif space in owned:
            return self.spaces[space]
        owned.add(space)
        sp = self.spaces[space] = self.spaces[space].copy()
        return sp

    def own_available(self) -> dict[Faction, dict[Piece, int]]:
        """The Available pieces to change: a copy of its own (a fork shares them)."""
        if self.claim(PART["available"]):
            self.available = {f: dict(box) for f, box in self.available.items()}
        return self.available

    def own_resources(self) -> dict[Faction, int]:
        """The Resources to change: a copy of its own (a fork shares them)."""
        if self.claim(PART["resources"]):
            self.resources = dict(self.resources)
        return self.resources

    def own_cavalry(self) -> dict[Faction, int]:
        """The Cavalry tokens held, to change: a copy of its own (a fork shares them)."""
        if self.claim(PART["cavalry"]):
            self.cavalry = dict(self.cavalry)
        return self.cavalry

    def own_influence(self) -> dict[Faction, int]:
        """The Influence markers to change: a copy of its own (a fork shares them)."""
        if self.claim(PART["influence"]):
            self.influence = dict(self.influence)
        return self.influence

    def own_eligible(self) -> dict[Faction, bool]:
        """The eligibility to change: a copy of its own (a fork shares it)."""
        if self.claim(PART["eligible"]):
            self.eligible = dict(self.eligible)
        return self.eligible

    def own_next_eligibility(self) -> dict[Faction, bool]:
        """Where the factions start the next card, to change: a copy of its own."""
        if self.claim(PART["next_eligibility"]):
            self.next_eligibility = dict(self.next_eligibility)
        return self.next_eligibility

    def own_slots(self) -> dict[Faction, dict[int, int]]:
        """The Influence slots to change: a copy of its own (a fork shares them)."""
        if self.claim(PART["slots"]):
            self.slots = {f: dict(s) for f, s in self.slots.items()}
        return self.slots


# What a fork shares besides the spaces, each copied by its own_... on the first change.
_SHARED = (
    "available",
    "slots",
    "card",
    "resources",
    "cavalry",
    "influence",
    "eligible",
    "next_eligibility",
)

# Each shared field's name in the owned set: never a space id (those match SpaceId's pattern).
PART = {name: "@" + name for name in _SHARED}

_new_state = object.__new__  # an empty state, its fields set one by one (GameState.fork)


def _upgrade(data: object) -> object:
    """States stored before frames were typed (rules.vijayanagara.frames) still load."""
    if isinstance(data, dict) and "frames" in data:
        from .frames import upgrade_frames

        data = {**data, "frames": upgrade_frames(data["frames"])}
    return data


def _legacy_barrier(data: object, handler: ValidatorFunctionWrapHandler) -> GameState:
    """States stored before the barrier was kept in memory only carry it as JSON (without its log, whose
    length was `barrier_log`): it becomes the in-memory barrier, so their undo works."""
    st: GameState = handler(data)
    if isinstance(data, dict) and isinstance(data.get("barrier"), str) and st.since_barrier:
        base = GameState.model_validate_json(data["barrier"])
        base.log, base.log_at = [], int(data.get("barrier_log", 0))
        st.keep_barrier(base)
    return st


@cache  # built at first use (a TypeAdapter of the whole state takes a while)
def _adapter() -> TypeAdapter[GameState]:
    """How pydantic reads and writes a state (the fields as stored; other keys ignored)."""
    return TypeAdapter(
        Annotated[GameState, BeforeValidator(_upgrade), WrapValidator(_legacy_barrier)]
    )
