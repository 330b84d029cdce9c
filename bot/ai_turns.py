"""An AI seat's turn as the channel reads it: one message, its steps as short lines, and at
its end one line saying why, from the AI's own evaluation.

A turn belongs to the faction whose frame sits lowest on the stack (its card action, its
Event, the Mongol Invasion it decides): a decision another faction takes inside it (Cavalry,
casualties, an Event's choice) is part of that turn, so it folds into the same message.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.vijayanagara import Level, hard
from ai.vijayanagara.evaluate import EASY, Judgement, evaluate, margin
from ai.vijayanagara.knowledge import seen
from ai.vijayanagara.turn_hint import board_changes
from rules import vijayanagara

from .ai_users import ai_level, ai_name

MAX_CHANGES = 4  # board changes named in the why line; the rest are counted
MAX_GAMES = 1000  # games whose turn start is kept in memory (one state each)


def turn_owner(state: vijayanagara.GameState) -> vijayanagara.Faction | None:
    """The faction whose turn it is: that of the lowest frame that has one (None between
    turns, e.g. while a card is being dealt, or once the game is over)."""
    if state.game_over:
        return None
    return next((fr.faction for fr in state.frames if fr.faction is not None), None)


def turn_key(state: vijayanagara.GameState) -> tuple[vijayanagara.Faction | None, int | None]:
    """One turn: its faction on its card."""
    return turn_owner(state), state.current_card


def ai_header(state: vijayanagara.GameState, user: int | None) -> str:
    """The line that opens an AI's part of the channel, in place of a `Next:` line: nobody is
    asked anything, the AI plays."""
    level = ai_level(user)
    p = vijayanagara.prompt(state)
    if p.faction is None or level is None:
        return ""
    name = vijayanagara.FACTION_NAMES[p.faction]
    if p.for_mongols:
        return f"**Mongols** (decided by {name}, {ai_name(level)}):"
    return f"**{name}** ({ai_name(level)}) plays:"


def judgement_of(level: Level | None, seat: vijayanagara.Faction) -> Judgement:
    """The judgement the AI of that level weighs positions with."""
    return hard.ranking_judgement(seat) if level == "hard" else EASY


def why_line(
    start: vijayanagara.GameState,
    end: vijayanagara.GameState,
    seat: vijayanagara.Faction,
    user: int | None,
) -> str:
    """One line at a turn's end: what it changed that scores, the VP margin after it, and
    how the AI's own evaluation of its position moved (public information only)."""
    before, after = seen(start), seen(end)
    changes = [c.replace("your ", "") for c in board_changes(before, after, seat)]
    shown = "; ".join(changes[:MAX_CHANGES])
    if len(changes) > MAX_CHANGES:
        shown += f" and {len(changes) - MAX_CHANGES} more"
    m = margin(after, seat)
    if m > 0:
        standing = f"now leads by {m} VP"
    elif m == 0:
        standing = "is now level with the leader"
    else:
        standing = f"now trails the leader by {-m} VP"
    j = judgement_of(ai_level(user), seat)
    gain = evaluate(after, seat, j) - evaluate(before, seat, j)
    name = vijayanagara.FACTION_NAMES[seat]
    return (
        f"_Why: {shown or 'nothing that scores changed'}; {name} {standing} "
        f"(its own evaluation {gain:+.1f})._"
    )


@dataclass
class TurnStarts:
    """The position each game's current turn began in, for the why line at its end. Kept in
    memory: after a restart (or on another process) a turn's why counts from the step in
    hand instead."""

    starts: dict[int, tuple[tuple[vijayanagara.Faction | None, int | None], vijayanagara.GameState]]

    def __init__(self) -> None:
        self.starts = {}

    def note(self, game_id: int, state: vijayanagara.GameState) -> vijayanagara.GameState:
        """A step is about to be played from `state`: the position its turn began in."""
        key = turn_key(state)
        known = self.starts.get(game_id)
        if known is None or known[0] != key:
            self.starts.pop(game_id, None)
            self.starts[game_id] = (key, state)
            while len(self.starts) > MAX_GAMES:  # the games played longest ago go first
                del self.starts[next(iter(self.starts))]
            return state
        return known[1]

    def forget(self, game_id: int) -> None:
        self.starts.pop(game_id, None)
