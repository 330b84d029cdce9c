"""An AI seat's turn as the channel reads it: one message, its steps as short lines, and at
its end one line saying why, from the AI's own evaluation (where the game's AI gives one).

A turn is what the game calls one (Game.turn): a decision another seat takes inside it
(Cavalry, casualties) is part of that turn, so it folds into the same message.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

from ai.players import Explainer
from db import GameRecord
from rules.capabilities import talk_of, turns_of
from rules.game import Seat

from .ai_users import ai_level, ai_name
from .loading import AnyGame, public

MAX_GAMES = 1000  # games whose turn start is kept in memory (one state each)

TurnKey = tuple[Seat | None, Hashable]


def ai_header(
    g: AnyGame,
    state: object,
    user: int | None,
    strong: Callable[[str], str],
    levels: Iterable[str] = (),
) -> str:
    """The line that opens an AI's part of the channel, in place of a `Next:` line: nobody is
    asked anything, the AI plays (who plays set off with `strong`)."""
    level = ai_level(user, levels)
    seat = g.to_move(state)
    if seat is None or level is None:
        return ""
    title = str(g.info.seat_titles.get(seat, seat))
    side = talk_of(g).acting_as(public(g, state))
    if side:
        return f"{strong(side)} (decided by {title}, {ai_name(level)}):"
    return f"{strong(title)} ({ai_name(level)}) plays:"


def turn_played_header(g: AnyGame, seat: Seat, level: str, strong: Callable[[str], str]) -> str:
    """The line above an AI's why when another seat's step ended its turn: the why explains
    the AI's turn, not the step just above it."""
    title = str(g.info.seat_titles.get(seat, seat))
    return f"{strong(title)} ({ai_name(level)}) has played its turn:"


def why_line(
    explain: Explainer[object] | None,
    g: AnyGame,
    start: object,
    end: object,
    seat: Seat,
    user: int | None,
    levels: Iterable[str] = (),
) -> str | None:
    """One line at an AI's turn's end: why it played so, as its game's AI (`explain`)
    explains it."""
    level = ai_level(user, levels)
    if explain is None or level is None:
        return None
    return explain(public(g, start), public(g, end), seat, level)


@dataclass
class TurnStarts:
    """The position each game's current turn began in, for the why line at its end. Kept in
    memory: after a restart (or on another process) a turn's why counts from the step in
    hand instead."""

    starts: dict[int, tuple[TurnKey, object]]

    def __init__(self) -> None:
        self.starts = {}

    def note(self, g: AnyGame, record: GameRecord, state: object) -> object:
        """A step is about to be played from `state`: the position its turn began in."""
        key = turns_of(g).turn(state)
        known = self.starts.get(record.id)
        if known is None or known[0] != key:
            self.starts.pop(record.id, None)
            self.starts[record.id] = (key, state)
            while len(self.starts) > MAX_GAMES:  # the games played longest ago go first
                del self.starts[next(iter(self.starts))]
            return state
        return known[1]

    def forget(self, game_id: int) -> None:
        self.starts.pop(game_id, None)
