"""The Goat-Tiger game's options, state and actions (5.5): plain data, JSON at the edges."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator

from ..validation import means
from .board import POINTS, TIGER_START

GOATS: Literal["goats"] = "goats"
TIGERS: Literal["tigers"] = "tigers"
Side = Literal["goats", "tigers"]
SEATS: tuple[Side, Side] = (GOATS, TIGERS)  # Player One, Player Two (5.5)
TITLES: dict[str, str] = {GOATS: "Goats", TIGERS: "Tigers"}
CAPTURES_TO_WIN = 5  # 5.5: Player Two wins by capturing five Goats
STANDARD_GOATS = 15
STANDARD_TIGERS = 3
# The draw, our addition to 5.5 (docs/goat_tiger.md): the same position with the same side
# to move a third time, or this many moves in a row without a capture or a placement.
REPETITIONS_TO_DRAW = 3
QUIET_MOVES_TO_DRAW = 100
Draw = Literal["repetition", "quiet"]  # why a game was drawn

Point = Annotated[
    int, Field(ge=POINTS[0], le=POINTS[-1], json_schema_extra=means("a point of the board"))
]


def other(side: Side) -> Side:
    return TIGERS if side == GOATS else GOATS


class Options(BaseModel):
    """What the players agree before the game: the handicap of 5.5 (how many Tigers and
    Goats); the standard game is three Tigers and fifteen Goats."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    goats: int = Field(
        default=STANDARD_GOATS,
        ge=CAPTURES_TO_WIN + 1,
        le=17,
        description=f"How many Goats ({STANDARD_GOATS} in the standard game)",
        json_schema_extra=means("a number of Goats"),
    )
    tigers: int = Field(
        default=STANDARD_TIGERS,
        ge=1,
        le=len(TIGER_START),
        description=f"How many Tigers ({STANDARD_TIGERS} in the standard game)",
        json_schema_extra=means("a number of Tigers"),
    )


def longest_game(options: Options) -> int:
    """The most moves a game can last under our draw rule: a game has at most one placement
    for each Goat and five captures, fewer than QUIET_MOVES_TO_DRAW moves without either
    come before each, and at most that many after the last."""
    return (options.goats + CAPTURES_TO_WIN) * QUIET_MOVES_TO_DRAW


class Place(BaseModel):
    """The Goats place a Goat from their supply on an empty point."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["place"] = "place"
    point: Point


class Move(BaseModel):
    """A Goat (once all are placed) or a Tiger moves to the next point along a line."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["move"] = "move"
    origin: Point
    dest: Point


class Capture(BaseModel):
    """A Tiger leaps along a line over a Goat to the empty point beyond, capturing it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["capture"] = "capture"
    origin: Point
    over: Point
    dest: Point


Action = Annotated[Place | Move | Capture, Field(discriminator="kind")]
ACTION: TypeAdapter[Place | Move | Capture] = TypeAdapter(Action)


def position_key(
    goats: tuple[int, ...], tigers: tuple[int, ...], in_hand: int, captured: int, side: Side
) -> int:
    """One number for a position (the pieces, the Goats in the supply and captured, and whose
    turn it is): bits 0-23 the Goats by point, 24-47 the Tigers, then the supply, the
    captures and the side to move. The repetition rule of 5.5 compares these."""
    g = sum(1 << p for p in goats)
    t = sum(1 << p for p in tigers)
    return g | t << 24 | in_hand << 48 | captured << 53 | (side == TIGERS) << 58


def key_after(key: int, side: Side, a: Place | Move | Capture) -> int:
    """`position_key` of the position after `side` plays `a` in the position of `key`, from
    that key alone: the repetition rule checks every candidate move, and building each
    position to compare it costs twenty times as much."""
    key ^= 1 << 58  # the other side to move
    if isinstance(a, Place):
        return (key | 1 << a.point) - (1 << 48)  # one Goat fewer in the supply
    shift = 0 if side == GOATS else 24
    key ^= 1 << (a.origin + shift) | 1 << (a.dest + shift)
    if isinstance(a, Capture):
        key = (key ^ 1 << a.over) + (1 << 53)  # the Goat leapt over is captured
    return key


class State(BaseModel):
    """A position, what the repetition rule of 5.5 and our draw rule need of the positions
    before it, and how the game ended."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    options: Options = Options()
    goats: tuple[Point, ...] = Field(default=(), max_length=len(POINTS))  # sorted
    tigers: tuple[Point, ...] = Field(default=(), max_length=len(TIGER_START))  # sorted
    in_hand: int = Field(default=0, ge=0, le=17)  # Goats still in the supply
    captured: int = Field(default=0, ge=0, le=17)
    to_move: Side = GOATS
    # The three positions before this one (position_key), oldest first: a move may not
    # bring back the oldest of them (5.5; docs/goat_tiger.md says how it is read).
    previous: tuple[int, ...] = Field(default=(), max_length=3)
    # The positions since the last capture or placement (position_key), oldest first, this
    # one not among them: our draw rule counts them (a capture or a placement makes every
    # earlier position unreachable, so none can come back).
    quiet: tuple[int, ...] = Field(default=(), max_length=QUIET_MOVES_TO_DRAW)
    moves: int = Field(default=0, ge=0)  # moves played so far
    winner: Side | None = None
    drawn: Draw | None = None

    @field_validator("goats", "tigers")
    @classmethod
    def _sorted(cls, points: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(points))

    @model_validator(mode="after")
    def _consistent(self) -> State:
        if len(set(self.goats)) != len(self.goats) or len(set(self.tigers)) != len(self.tigers):
            raise ValueError("a point holds at most one piece")
        if set(self.goats) & set(self.tigers):
            raise ValueError(f"points {sorted(set(self.goats) & set(self.tigers))} hold both")
        if len(self.tigers) != self.options.tigers:
            raise ValueError(
                f"{len(self.tigers)} Tigers on the board, the game has {self.options.tigers}"
            )
        if self.winner is not None and self.drawn is not None:
            raise ValueError("a game is won or drawn, not both")
        if len(self.goats) + self.in_hand + self.captured != self.options.goats:
            raise ValueError(
                f"{len(self.goats)} Goats on the board, {self.in_hand} in the supply and "
                f"{self.captured} captured do not add up to the game's {self.options.goats}"
            )
        return self

    @property
    def key(self) -> int:
        return position_key(self.goats, self.tigers, self.in_hand, self.captured, self.to_move)

    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn is not None

    @property
    def seen_before(self) -> int:
        """How many times this position stood before since the last capture or placement
        (the same pieces, supply, captures and side to move)."""
        return self.quiet.count(self.key)
