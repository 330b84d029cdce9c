"""The channel of a table's game reads like its record: one message per turn. A seat's steps
edit the message of its turn while it goes on deciding; when the decision passes to another
seat, the message is closed (its steps, no `Next:` line, no buttons) and the next turn's
message is posted, pinging the person who decides now (nobody for an AI). A new stage of the
game (a visit's header) opens a message of its own, and the board picture goes with the
message of each moment the game names (`board_moment`), so such a moment is never an edit.
The same shape as Vijayanagara's turn messages (bot/announcing.py), through the same
delivery (bot/discord_delivery.py: `Announcement.edit`, `body`, `close_text`)."""

from __future__ import annotations

from dataclasses import dataclass

from db import Announcement, TurnMessage
from rules.game import Seat

from ..reply import MESSAGE_LIMIT


@dataclass(frozen=True)
class Said:
    """What one stored change puts before the channel."""

    actor: Seat | None  # the seat whose steps these are (None: the start, nobody's)
    lines: list[str]  # the steps and deals, in order
    header: int | None = None  # where a new stage's header stands in `lines`
    board: bool = False  # the board picture goes with it (a new message, never an edit)


@dataclass(frozen=True)
class Next:
    """Who decides after the change, as the channel is told."""

    seat: Seat | None  # None: nobody (the game is over)
    line: str  # `Next: ...` or the end of the game
    person: int | None  # the user to ping when the decision passes to them (None: an AI)


def turn_announcement(turn: TurnMessage | None, said: Said, nxt: Next) -> Announcement:
    """The announcement of a change, given the game's current turn message (None: none yet)."""
    lines = said.lines
    kept = turn.body if turn is not None else ""
    passes = nxt.seat != said.actor
    if not (passes or said.header is not None or said.board):  # the turn goes on
        body = "\n".join([kept, *lines]) if kept else "\n".join(lines)
        if turn is not None and len(body) + 1 + len(nxt.line) <= MESSAGE_LIMIT:
            return Announcement(text=_joined(body, nxt.line), edit=True, body=body)
        body = "\n".join(lines)  # the turn's message is full (or unknown): on in a new one
        return Announcement(text=_joined(body, nxt.line), body=body)
    # the steps up to a new stage's header close the turn; the rest opens the new message
    cut = len(lines) if said.header is None else said.header
    closing, opening = lines[:cut], lines[cut:]
    close_text: str | None = "\n".join(x for x in [kept, *closing] if x) or None
    if turn is None or close_text is None or len(close_text) > MESSAGE_LIMIT:
        close_text, opening = None, lines
    body = "\n".join(opening)
    return Announcement(
        text=_joined(body, nxt.line),
        mentions=[nxt.person] if passes and nxt.person is not None else [],
        board=said.board,
        body=body,
        close_text=close_text,
    )


def _joined(body: str, line: str) -> str:
    return f"{body}\n{line}" if body and line else body or line
