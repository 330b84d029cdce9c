"""Actions: one step of a decision each, as small frozen models in a discriminated union.

A whole order such as a March into three spaces is several actions, one per decision.
Each one owns its text form (`to_text`, `from_tokens`); `notation` dispatches to them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, ClassVar, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..errors import InvalidOrder
from ..text import quoted
from .model import Faction, Piece
from .tokens import FILLER, Tokens, number_word

GIVE_FORM = "give 2 resources 1 cavalry from D to B"


class _Action(BaseModel):
    """An action owns its text form (docs/notation.md): `to_text`, and for the steps players
    type, `from_tokens` after its `verb` (the step's first word; see `TYPED`)."""

    model_config = ConfigDict(frozen=True)

    def __eq__(self, other: object) -> bool:
        # Legality checks compare actions by the million; pydantic's own comparison also walks
        # private and extra attributes, which actions never have (about four times slower).
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def to_text(self) -> str:
        raise NotImplementedError(type(self).__name__)


class Choose(_Action):
    """Pick a named option: a Sequence of Play option, a Command, a Decree, an Event side..."""

    type: Literal["choose"] = "choose"
    option: str

    def to_text(self) -> str:
        return self.option


class Select(_Action):
    """Select a space for the Command, Decree or Event step in progress."""

    type: Literal["select"] = "select"
    verb: ClassVar[str] = "select"
    space: str

    def to_text(self) -> str:
        return f"select {self.space}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Select:
        return cls(space=t.space())


class Place(_Action):
    type: Literal["place"] = "place"
    verb: ClassVar[str] = "place"
    piece: Piece
    count: int = 1
    space: str

    def to_text(self) -> str:
        return f"place {self.count} {self.piece.value} in {self.space}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Place:
        n = t.number(1)
        return cls(count=n, piece=t.piece(), space=t.space())


class Remove(_Action):
    type: Literal["remove"] = "remove"
    verb: ClassVar[str] = "remove"
    piece: Piece
    count: int = 1
    space: str

    def to_text(self) -> str:
        return f"remove {self.count} {self.piece.value} from {self.space}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Remove:
        n = t.number(1)
        return cls(count=n, piece=t.piece(), space=t.space())


class Move(_Action):
    type: Literal["move"] = "move"
    verb: ClassVar[str] = "move"
    piece: Piece
    count: int = 1
    origin: str
    dest: str

    def to_text(self) -> str:
        return f"move {self.count} {self.piece.value} from {self.origin} to {self.dest}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Move:
        n = t.number(1)
        p = t.piece()
        return cls(count=n, piece=p, origin=t.space(), dest=t.space())


class Replace(_Action):
    """Replace one piece by another (or by nothing, 1.4.6)."""

    type: Literal["replace"] = "replace"
    verb: ClassVar[str] = "replace"
    old: Piece
    new: Piece | None
    space: str

    def to_text(self) -> str:
        new = self.new.value if self.new is not None else "nothing"
        return f"replace {self.old.value} with {new} in {self.space}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Replace:
        old = t.piece()
        if t.peek() == "with":
            t.i += 1
        if t.peek() in ("nothing", "none"):
            t.i += 1
            new: Piece | None = None
        else:
            new = t.piece()
        return cls(old=old, new=new, space=t.space())


class Support(_Action):
    """Units joining an Attack from one adjacent space (3.2.4, 3.3.4, 3.4.4)."""

    type: Literal["support"] = "support"
    verb: ClassVar[str] = "support"
    piece: Piece
    count: int = 1
    space: str

    def to_text(self) -> str:
        return f"support {self.count} {self.piece.value} from {self.space}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Support:
        n = t.number(1)
        return cls(count=n, piece=t.piece(), space=t.space())


class Target(_Action):
    """The defender of an Attack."""

    type: Literal["target"] = "target"
    verb: ClassVar[str] = "target"
    faction: Faction

    def to_text(self) -> str:
        return f"target {self.faction.value}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Target:
        return cls(faction=t.faction())


class Charge(_Action):
    """Cavalry Charge: lower one of your own dice by one (1.10)."""

    type: Literal["charge"] = "charge"
    verb: ClassVar[str] = "charge"
    die: int

    def to_text(self) -> str:
        return f"charge {self.die}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Charge:
        return cls(die=t.number())


class Screen(_Action):
    """Cavalry Screen: remove one of the opponent's dice unless it shows a 1 (1.10)."""

    type: Literal["screen"] = "screen"
    verb: ClassVar[str] = "screen"
    die: int

    def to_text(self) -> str:
        return f"screen {self.die}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Screen:
        return cls(die=t.number())


class Take(_Action):
    """Campaign: pick up Units where the route is now (4.2.2)."""

    type: Literal["take"] = "take"
    verb: ClassVar[str] = "take"
    piece: Piece
    count: int = 1

    def to_text(self) -> str:
        return f"take {self.count} {self.piece.value}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Take:
        n = t.number(1)
        return cls(count=n, piece=t.piece())


class Drop(_Action):
    """Campaign: drop off Units where the route is now (4.2.2)."""

    type: Literal["drop"] = "drop"
    verb: ClassVar[str] = "drop"
    piece: Piece
    count: int = 1

    def to_text(self) -> str:
        return f"drop {self.count} {self.piece.value}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Drop:
        n = t.number(1)
        return cls(count=n, piece=t.piece())


class Go(_Action):
    """Campaign: take the carried Units one space further (4.2.2)."""

    type: Literal["go"] = "go"
    verb: ClassVar[str] = "go"
    space: str

    def to_text(self) -> str:
        return f"go {self.space}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Go:
        return cls(space=t.space())


class Gain(_Action):
    """A combination of Resources and Cavalry (2.5.2)."""

    type: Literal["gain"] = "gain"
    verb: ClassVar[str] = "gain"
    resources: int
    cavalry: int

    def to_text(self) -> str:
        return f"gain {self.resources} resources {self.cavalry} cavalry"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Gain:
        res, cav = t.amounts()
        return cls(resources=res, cavalry=cav)


class Shift(_Action):
    """Move an Influence marker (2.5.3), or a Migrate's Influence shift (3.3.2, 3.4.2)."""

    type: Literal["shift"] = "shift"
    verb: ClassVar[str] = "shift"
    faction: Faction
    delta: int

    def to_text(self) -> str:
        return f"shift {self.faction.value} {self.delta:+d}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Shift:
        f = t.faction()
        return cls(faction=f, delta=t.number(signed=True))


class Slot(_Action):
    """Refill an emptied Influence slot from Available (space None) or from the map (1.9)."""

    type: Literal["slot"] = "slot"
    verb: ClassVar[str] = "slot"
    piece: Piece
    space: str | None = None

    def to_text(self) -> str:
        return f"slot {self.piece.value} from {self.space or 'available'}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Slot:
        p = t.piece()
        if t.peek() == "available":
            t.i += 1
            return cls(piece=p)
        return cls(piece=p, space=t.space())


class CavalryFrom(_Action):
    """Take a Cavalry token from this faction when the pool is empty (1.10)."""

    type: Literal["cavalry_from"] = "cavalry_from"
    verb: ClassVar[str] = "cavalry"
    faction: Faction

    def to_text(self) -> str:
        return f"cavalry from {self.faction.value}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> CavalryFrom:
        return cls(faction=t.faction())


class Done(_Action):
    type: Literal["done"] = "done"
    verb: ClassVar[str] = "done"

    def to_text(self) -> str:
        return "done"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Done:
        return cls()


class Give(_Action):
    """Trade Resources and/or Cavalry to another faction at any time (1.5.2)."""

    type: Literal["give"] = "give"
    verb: ClassVar[str] = "give"
    giver: Faction
    receiver: Faction
    resources: int = 0
    cavalry: int = 0

    def to_text(self) -> str:
        parts = []
        if self.resources:
            parts.append(f"{self.resources} resources")
        if self.cavalry:
            parts.append(f"{self.cavalry} cavalry")
        return f"give {' '.join(parts)} from {self.giver.value} to {self.receiver.value}"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Give:
        """1.5.2 trades, in any natural order: `give 2 resources from D to B`, `give B 2
        resources` (the receiver; the giver is `t.giver`), `give B 2 resources from D`, `give
        2 resources to B`, `give 2 resources D B` (giver, then receiver)."""
        res = cav = 0
        marked: dict[str, Faction] = {}
        bare: list[Faction] = []
        while t.i < len(t.items):
            w = t.items[t.i]
            if w in ("from", "to"):
                t.i += 1
                marked[w] = t.faction()
            elif w in FILLER or w == "and":
                t.i += 1
            elif (n := number_word(t.step, w, signed=False)) is not None:
                kind = t.items[t.i + 1] if t.i + 1 < len(t.items) else ""
                if kind.startswith("res"):
                    res += n
                elif kind.startswith("cav"):
                    cav += n
                else:
                    t.i += 1
                    raise t.fail("resources or cavalry after a number")
                t.i += 2
            else:
                bare.append(t.faction())
        if len(bare) > 2 or len(bare) + len(marked) > 2:
            raise InvalidOrder(
                f"in {quoted(t.step, 60)}: name two factions at most; write {GIVE_FORM!r}"
            )
        giver, receiver = t.giver, marked.get("to")
        if len(bare) == 2:
            giver, receiver = bare
        elif bare and receiver is None:
            receiver = bare[0]
        elif bare:
            marked.setdefault("from", bare[0])
        giver = marked.get("from", giver)
        if receiver is None or giver is None:
            raise InvalidOrder(
                f"in {quoted(t.step, 60)}: say who gives to whom, e.g. {GIVE_FORM!r}"
            )
        if res + cav == 0:
            raise InvalidOrder(f"in {quoted(t.step, 60)}: say how much, e.g. {GIVE_FORM!r}")
        return cls(giver=giver, receiver=receiver, resources=res, cavalry=cav)


class Undo(_Action):
    """Take back the last step of the faction that made it, up to the undo barrier."""

    type: Literal["undo"] = "undo"
    verb: ClassVar[str] = "undo"

    def to_text(self) -> str:
        return "undo"

    @classmethod
    def from_tokens(cls, t: Tokens) -> Undo:
        return cls()


class Roll(_Action):
    """A chance outcome (never a player's choice): the dice of a battle, attacker's then
    defender's, one value 1-6 each (3.2.4, 3.5.3)."""

    type: Literal["roll"] = "roll"
    dice: tuple[int, ...]

    def to_text(self) -> str:
        return "roll " + " ".join(str(d) for d in self.dice)


class Draw(_Action):
    """A chance outcome (never a player's choice): the card revealed from the deck (2.2)."""

    type: Literal["draw"] = "draw"
    card: int

    def to_text(self) -> str:
        return f"draw {self.card}"


Action = Annotated[
    Choose
    | Select
    | Place
    | Remove
    | Move
    | Replace
    | Support
    | Target
    | Charge
    | Screen
    | Take
    | Drop
    | Go
    | Gain
    | Shift
    | Slot
    | CavalryFrom
    | Done
    | Give
    | Undo
    | Roll
    | Draw,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


class Typed(Protocol):
    """An action a player types after its verb (the step's first word)."""

    verb: ClassVar[str]

    @classmethod
    def from_tokens(cls, t: Tokens) -> Action: ...


# every verb of the notation, and the action it reads
TYPED: tuple[type[Typed], ...] = (
    Select,
    Place,
    Remove,
    Move,
    Replace,
    Support,
    Target,
    Charge,
    Screen,
    Take,
    Drop,
    Go,
    Gain,
    Shift,
    Slot,
    CavalryFrom,
    Done,
    Give,
    Undo,
)
META_ACTIONS = (Give, Undo)  # accepted by apply at any time; not listed by legal_actions
CHANCE_ACTIONS = (Roll, Draw)  # supplied by the dealer at a chance node (rules.vijayanagara.chance)


def action_from_json(data: object) -> Action:
    return ACTION_ADAPTER.validate_python(data)


def action_to_json(action: Action) -> dict[str, object]:
    return action.model_dump(mode="json")


def step_record(action: Action) -> dict[str, object]:
    """action_to_json of a step kept for undo (GameState.since_barrier): made once for each
    distinct action and shared, as the records are never changed in place. The generators'
    actions are shared objects (`interned`), so the record is first looked up by the very
    object (no hash of its fields)."""
    known = _RECORDS.get(id(action))
    if known is not None and known[0] is action:
        return known[1]
    record = _record(action)
    if len(_RECORDS) >= 1 << 14:
        _RECORDS.clear()
    _RECORDS[id(action)] = (action, record)  # the action kept, so its id is never another's
    return record


_RECORDS: dict[int, tuple[Action, dict[str, object]]] = {}


@lru_cache(maxsize=1 << 14)
def _record(action: Action) -> dict[str, object]:
    return action_to_json(action)


# The legal-move generators offer the same few thousand actions over and over: actions are
# frozen, so one object per distinct action is shared (and compared by identity first).
@lru_cache(maxsize=1 << 16)
def interned_move(piece: Piece, count: int, origin: str, dest: str) -> Move:
    return Move(piece=piece, count=count, origin=origin, dest=dest)


@lru_cache(maxsize=1 << 14)
def interned_moves(piece: Piece, most: int, origin: str, dest: str) -> tuple[Move, ...]:
    """The moves of 1 to `most` of this piece, in that order."""
    return tuple(interned_move(piece, k, origin, dest) for k in range(1, most + 1))


@lru_cache(maxsize=1 << 16)
def interned_place(piece: Piece, count: int, space: str) -> Place:
    return Place(piece=piece, count=count, space=space)


@lru_cache(maxsize=1 << 12)
def interned_select(space: str) -> Select:
    return Select(space=space)


@lru_cache(maxsize=1 << 12)
def interned_choose(option: str) -> Choose:
    return Choose(option=option)


_A = TypeVar("_A", bound=_Action)


def interned(cls: type[_A], **fields: object) -> _A:
    """The shared action of this class with these fields (built once)."""
    action = _interned(cls, tuple(fields.items()))
    assert isinstance(action, cls)
    return action


@lru_cache(maxsize=1 << 16)
def _interned(cls: type[_Action], fields: tuple[tuple[str, object], ...]) -> _Action:
    return cls(**dict(fields))


DONE = Done()
