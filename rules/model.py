"""The game state: one pydantic model that holds everything (see architecture.md)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidatorFunctionWrapHandler,
    model_validator,
)

if TYPE_CHECKING:
    from .cards import Deck
    from .frames import FrameField


class Faction(StrEnum):
    D = "D"  # Delhi Sultanate
    B = "B"  # Bahmani Kingdom
    V = "V"  # Vijayanagara Empire
    M = "M"  # Mongol Invaders (non-player)


PLAYERS: tuple[Faction, ...] = (Faction.D, Faction.B, Faction.V)
DECCAN: tuple[Faction, ...] = (Faction.B, Faction.V)

FACTION_NAMES: dict[Faction, str] = {
    Faction.D: "Delhi Sultanate",
    Faction.B: "Bahmani Kingdom",
    Faction.V: "Vijayanagara Empire",
    Faction.M: "Mongol Invaders",
}


class Piece(StrEnum):
    """A piece on the map. Amirs and Rajas carry their state (1.4.5) in the kind."""

    TROOP = "troop"
    GOVERNOR = "governor"
    QASBAH = "qasbah"
    AMIR = "amir"  # Obedient Amir
    REBEL_AMIR = "rebel-amir"  # Rebelling Amir
    FORT = "fort"
    RAJA = "raja"  # Obedient Raja
    REBEL_RAJA = "rebel-raja"  # Rebelling Raja
    TEMPLE = "temple"
    MONGOL = "mongol"  # always Rebelling (1.4.5)


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


class GameOptions(BaseModel):
    """What a group agrees before the game. None of them changes the standard setup."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    timurs_shadow: bool = False  # optional variant (after 5.5)
    # A custom deck file (events-format.md) by the hash of its text; None: the standard deck.
    # The text is stored once, apart from the states; the parsed Deck rides along in memory
    # only (cards.with_deck), so no state or snapshot carries the file.
    deck_hash: str | None = None
    _deck: Deck | None = PrivateAttr(default=None)


class SpaceState(BaseModel):
    pieces: dict[Piece, int] = Field(default_factory=dict)  # only non-zero counts
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


class CardState(BaseModel):
    """The Sequence of Play for the current Event card (2.3)."""

    acted: list[Faction] = Field(default_factory=list)
    # Which faction took each forked option (2.3.3): "command_decree" and "event_or_command".
    forks: dict[str, Faction] = Field(default_factory=dict)
    stay_eligible: list[Faction] = Field(default_factory=list)  # executed a Stay Eligible event
    limited_or_pass: list[Faction] = Field(default_factory=list)


class GameState(BaseModel):
    options: GameOptions = Field(default_factory=GameOptions)
    # The seeded dealer of tests, benches and games stored before chance entries: with `rng`
    # set, the engine resolves chance nodes itself (dice from `rng`, cards from `order`, the
    # deck built as 2.1 says). None in the bot's games: they hold no future at all, and the
    # caller supplies every outcome as a Roll or Draw action (rules.chance).
    seed: int | None = None
    rng: int | None = None
    order: list[int] = Field(default_factory=list)
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
    discards: list[int] = Field(default_factory=list)
    current_card: int | None = None
    eligible: dict[Faction, bool]
    # set by events (the `eligibility` step): where a faction starts the next card
    next_eligibility: dict[Faction, bool] = Field(default_factory=dict)
    card: CardState = Field(default_factory=CardState)
    timurid_drawn: int = 0
    frames: list[FrameField] = Field(default_factory=list)
    # The text log lives outside the state (the bot's log table; rules.LogTail rebuilds it):
    # a state holds only the lines its latest step wrote, which start at line `log_at` of the
    # whole log (an undo starts them earlier: it takes back the lines of the undone step).
    log: list[str] = Field(default_factory=list)
    log_at: int = 0
    game_over: bool = False
    delhi_adjustment: int | None = None  # 5.1, set when Timur's invasion is over
    actions_taken: int = 0
    reveals: int = 0  # chance outcomes so far (dice rolled, cards drawn)
    # Undo (architecture.md): the steps since the last barrier, replayed from the state at
    # the barrier (kept in memory only, `_barrier`; a state with no such steps is its own),
    # and who may take steps back.
    since_barrier: list[dict[str, Any]] = Field(default_factory=list)
    last_actor: Faction | None = None
    # Spaces touched by the last action, for the board's highlight.
    touched: list[str] = Field(default_factory=list)
    # Spaces touched by the last turn: the steps of one faction on one card in a row.
    turn_touched: list[str] = Field(default_factory=list)
    turn_of: str | None = None  # "<faction>@<card>" of those steps
    _barrier: GameState | None = PrivateAttr(default=None)

    @model_validator(mode="wrap")
    @classmethod
    def _legacy_barrier(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> GameState:
        """States stored before issue 14 carry the barrier as JSON (without its log, whose
        length was `barrier_log`): it becomes the in-memory barrier, so their undo works."""
        st: GameState = handler(data)
        if isinstance(data, dict) and isinstance(data.get("barrier"), str) and st.since_barrier:
            base = cls.model_validate_json(data["barrier"])
            base.log, base.log_at = [], int(data.get("barrier_log", 0))
            st._barrier = base
        return st

    def __setattr__(self, name: str, value: Any) -> None:
        """A field is set as pydantic sets it (no validation on assignment), in one call
        instead of two: the engine sets a few fields on every step."""
        if name in _STATE_FIELDS:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

    @property
    def barrier(self) -> GameState | None:
        """The state at the last undo barrier (None: unknown, e.g. loaded without it)."""
        return self if not self.since_barrier else self._barrier

    def keep_barrier(self, base: GameState | None) -> None:
        """The state at the barrier, kept in memory only (rules.machine.undo)."""
        self._barrier = base

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: object) -> object:
        """States stored before frames were typed (rules.frames) still load."""
        if isinstance(data, dict) and "frames" in data:
            from .frames import upgrade_frames

            data = {**data, "frames": upgrade_frames(data["frames"])}
        return data

    def clone(self) -> GameState:
        """A deep copy, for a caller that wants to change a state by hand."""
        new = self.fork()
        new.spaces = {k: _copy_space(v) for k, v in self.spaces.items()}
        new.card = _copy_card(self.card)
        new.since_barrier = list(self.since_barrier)
        new.turn_touched = list(self.turn_touched)
        return new

    def fork(self, *, step: bool = False) -> GameState:
        """The engine's copy for the next state, made by hand (pydantic's deep copy was the
        engine's hot spot): the spaces are shared with this state until `own_space` replaces
        one that changes, and the card's Sequence of Play until `own_card`; fields the engine
        replaces but never changes in place (options, since_barrier, turn_touched) are shared
        too. With `step`, the copy is the next step's:
        it starts its own log lines, after this state's."""
        d = dict(self.__dict__)
        d["spaces"] = dict(self.spaces)
        d["available"] = {f: dict(box) for f, box in self.available.items()}
        d["resources"] = dict(self.resources)
        d["cavalry"] = dict(self.cavalry)
        d["influence"] = dict(self.influence)
        d["slots"] = {f: dict(s) for f, s in self.slots.items()}
        d["order"] = list(self.order)
        d["piles"] = [dict(p) for p in self.piles]
        d["discards"] = list(self.discards)
        d["eligible"] = dict(self.eligible)
        d["next_eligibility"] = dict(self.next_eligibility)
        d["frames"] = [f.copy() for f in self.frames]
        if step:
            d["log"], d["log_at"] = [], self.log_at + len(self.log)
        else:
            d["log"] = list(self.log)
        d["touched"] = list(self.touched)
        new = _construct(GameState, d, self.__pydantic_fields_set__)
        # private attributes (the undo barrier) are references, shared like pydantic's copy
        object.__setattr__(new, "__pydantic_private__", dict(self.__pydantic_private__ or {}))
        return new

    def own_card(self) -> CardState:
        """The card's Sequence of Play to change: a copy of its own (a fork shares it)."""
        card = self.card = _copy_card(self.card)
        return card

    def own_space(self, space: str) -> SpaceState:
        """The space's state to change: a copy of its own (a forked state shares the others)."""
        sp = self.spaces[space] = _copy_space(self.spaces[space])
        return sp


def _copy_card(card: CardState) -> CardState:
    return _construct(
        CardState,
        {
            "acted": list(card.acted),
            "forks": dict(card.forks),
            "stay_eligible": list(card.stay_eligible),
            "limited_or_pass": list(card.limited_or_pass),
        },
        card.__pydantic_fields_set__,
    )


def _copy_space(sp: SpaceState) -> SpaceState:
    return _construct(
        SpaceState,
        {"pieces": dict(sp.pieces), "tributary": sp.tributary, "control": sp.control},
        sp.__pydantic_fields_set__,
    )


_M = TypeVar("_M", bound=BaseModel)


def _construct(cls: type[_M], fields: dict[str, Any], fields_set: set[str]) -> _M:
    """A model from already valid field values, as pydantic's own copy builds one (without
    model_construct's per-field defaults and checks: this is the engine's hot path)."""
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", fields)
    object.__setattr__(obj, "__pydantic_fields_set__", set(fields_set))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


from .frames import FrameField  # noqa: E402  (frames.py builds on the classes above)

GameState.model_rebuild()
_STATE_FIELDS = frozenset(GameState.model_fields)
