"""Actions: one step of a decision each, as small frozen models in a discriminated union.

A whole order such as a March into three spaces is several actions (architecture.md).
`notation.describe` prints each one as text and `notation.parse` reads it back.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .model import Faction, Piece


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True)


class Choose(_Action):
    """Pick a named option: a Sequence of Play option, a Command, a Decree, an Event side..."""

    type: Literal["choose"] = "choose"
    option: str


class Select(_Action):
    """Select a space for the Command, Decree or Event step in progress."""

    type: Literal["select"] = "select"
    space: str


class Place(_Action):
    type: Literal["place"] = "place"
    piece: Piece
    count: int = 1
    space: str


class Remove(_Action):
    type: Literal["remove"] = "remove"
    piece: Piece
    count: int = 1
    space: str


class Move(_Action):
    type: Literal["move"] = "move"
    piece: Piece
    count: int = 1
    origin: str
    dest: str


class Replace(_Action):
    """Replace one piece by another (or by nothing, 1.4.6)."""

    type: Literal["replace"] = "replace"
    old: Piece
    new: Piece | None
    space: str


class Support(_Action):
    """Units joining an Attack from one adjacent space (3.2.4, 3.3.4, 3.4.4)."""

    type: Literal["support"] = "support"
    piece: Piece
    count: int = 1
    space: str


class Target(_Action):
    """The defender of an Attack."""

    type: Literal["target"] = "target"
    faction: Faction


class Charge(_Action):
    """Cavalry Charge: lower one of your own dice by one (1.10)."""

    type: Literal["charge"] = "charge"
    die: int


class Screen(_Action):
    """Cavalry Screen: remove one of the opponent's dice unless it shows a 1 (1.10)."""

    type: Literal["screen"] = "screen"
    die: int


class Take(_Action):
    """Campaign: pick up Units where the route is now (4.2.2)."""

    type: Literal["take"] = "take"
    piece: Piece
    count: int = 1


class Drop(_Action):
    """Campaign: drop off Units where the route is now (4.2.2)."""

    type: Literal["drop"] = "drop"
    piece: Piece
    count: int = 1


class Go(_Action):
    """Campaign: take the carried Units one space further (4.2.2)."""

    type: Literal["go"] = "go"
    space: str


class Gain(_Action):
    """A combination of Resources and Cavalry (2.5.2)."""

    type: Literal["gain"] = "gain"
    resources: int
    cavalry: int


class Shift(_Action):
    """Move an Influence marker (2.5.3), or a Migrate's Influence shift (3.3.2, 3.4.2)."""

    type: Literal["shift"] = "shift"
    faction: Faction
    delta: int


class Slot(_Action):
    """Refill an emptied Influence slot from Available (space None) or from the map (1.9)."""

    type: Literal["slot"] = "slot"
    piece: Piece
    space: str | None = None


class CavalryFrom(_Action):
    """Take a Cavalry token from this faction when the pool is empty (1.10)."""

    type: Literal["cavalry_from"] = "cavalry_from"
    faction: Faction


class Done(_Action):
    type: Literal["done"] = "done"


class Give(_Action):
    """Trade Resources and/or Cavalry to another faction at any time (1.5.2)."""

    type: Literal["give"] = "give"
    giver: Faction
    receiver: Faction
    resources: int = 0
    cavalry: int = 0


class Undo(_Action):
    """Take back the last step of the faction that made it, up to the undo barrier."""

    type: Literal["undo"] = "undo"


class Roll(_Action):
    """A chance outcome (never a player's choice): the dice of a battle, attacker's then
    defender's, one value 1-6 each (3.2.4, 3.5.3)."""

    type: Literal["roll"] = "roll"
    dice: tuple[int, ...]


class Draw(_Action):
    """A chance outcome (never a player's choice): the card revealed from the deck (2.2)."""

    type: Literal["draw"] = "draw"
    card: int


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
META_ACTIONS = (Give, Undo)  # accepted by apply at any time; not listed by legal_actions
CHANCE_ACTIONS = (Roll, Draw)  # supplied by the dealer at a chance node (rules.chance)


def action_from_json(data: object) -> Action:
    return ACTION_ADAPTER.validate_python(data)


def action_to_json(action: Action) -> dict[str, object]:
    return action.model_dump(mode="json")


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
