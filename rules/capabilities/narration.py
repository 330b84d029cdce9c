"""Narration: what the channel is told of each step, and where a new stage of the game opens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Literal, TypeVar

from ..game import Game, Seat
from .notation import notation_of

A = TypeVar("A")
V = TypeVar("V")

# a log line that opens a new stage, or that begins a stage's end and opens none
StageLine = Literal["opens", "ends"]


class Narration(Generic[A, V]):
    """The plain narration of a game of single steps: each step told as its seat and its
    notation, no stage headers, every message with the board."""

    def __init__(self, game: Game[Any, A, V, Any]) -> None:
        self.game = game

    def narrate(self, before: V, action: A, after: V, seat: Seat | None) -> list[str]:
        """What the channel is told of a step (`seat` None: a chance step), from the public
        views before and after it: its log lines, or the step in words."""
        if seat is None:
            return []
        title = self.game.info.seat_titles.get(seat, seat)
        return [f"{title}: {notation_of(self.game).describe(before, action)}"]

    def told_to(self, view: V, action: A) -> str | None:
        """What a step showed `view`'s seat alone (the face of a card it drew, what its own
        hidden step did: a standing order armed), for that seat's eyes only, read from its own
        view; None when it showed nothing the public does not see."""
        return None

    def told_after(self, view: V, action: A) -> str | None:
        """The start of the public line that the line `told_to` gives for the same step
        follows ("Blue draws a chit": the draw whose card it shows), where the step's public
        lines go on after it (the phase it set going); None: after them all."""
        return None

    def headline(self, before: V, after: V, log: Sequence[str]) -> list[str]:
        """The lines that open a new stage of the game in the channel (a new visit, round or
        card), read from two public views: a recap of what ended (from `log`, the public log
        lines up to `after`, the latest last), then the new stage's header; [] while the stage
        goes on."""
        return []

    def turn_summary(self, start: V, end: V, seat: Seat) -> str | None:
        """One line at the end of a person's turn, from the public views where it began and
        ended: what it changed that scores, where the game's own lines do not say it (an AI's
        turn has its why line instead); None here, where each step's lines tell it."""
        return None

    def stage_line(self, line: str) -> StageLine | None:
        """What a log line is to the game's stages: "opens" for the line that opens a new
        stage (a card revealed: the channel starts a new message there, under the stage's
        `headline`); "ends" for the first line of a stage's end that opens none (a visit's
        end, then its standings), which the step that set it going set off; None for any
        other. An AI's why closes its step's own lines above either; here, no line is."""
        return None

    def board_moment(self, before: V, after: V) -> bool:
        """Whether the channel's message for the steps that led from `before` to `after`
        (public views) carries the board picture; here, every message that hands the
        decision on."""
        return True

    def merge_lines(self, lines: list[str]) -> list[str]:
        """A message's lines with repeats told once ("D loses 2 Troops in Malwa." for the
        same loss twice); here, as they are."""
        return lines

    def line_added(self, shown: str, merged: str) -> str | None:
        """When `merged` is the line `shown` with more of the same joined in (`merge_lines`),
        the line for what was added alone, for a reader who saw `shown`; None here, where
        lines stand as they were shown."""
        return None

    def closing(self, lines: list[str]) -> list[str]:
        """A message's lines (`merge_lines`'d) as it closes at a hand-off, its turn over:
        what waited for a later line to be told whole, told so; here, as they are."""
        return lines

    def unsettled(self, lines: list[str]) -> int:
        """How many of a message's last lines (`merge_lines`'d) a line told after them may
        still change, so that a reader following step by step is shown them once they stand;
        here the last, which more of the same may merge into."""
        return min(1, len(lines))

    def log_tail(self, view: V) -> tuple[int, list[str]] | None:
        """For a game that keeps count of its own text log: where the lines its latest step
        wrote begin in the whole log, and those lines (an undo then takes lines back); None:
        the log is what `narrate` says of each step, added at its end."""
        return None


def narration_of(game: Game[Any, A, V, Any]) -> Narration[A, V]:
    """The game's own narration (its `narration` attribute), else the plain one."""
    own = getattr(game, "narration", None)
    return own if isinstance(own, Narration) else Narration(game)
