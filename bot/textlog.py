"""A stretch of a game's text log as a move writes it: the lines each step wrote, from where
the game says they begin (an undo takes lines back), or at the log's end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel

from rules.game import Game, Seat


@dataclass
class LogTail:
    """`lines`, from line `start` of the whole log on."""

    start: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def end(self) -> int:
        """How many lines the whole log has, up to the end of this stretch."""
        return self.start + len(self.lines)

    def follow(self, position: int | None, lines: Sequence[str]) -> None:
        """Take in the lines a step wrote: from `position` of the whole log (an undo first
        drops what it takes back, which may reach before this stretch), or at the end."""
        if position is None:
            self.lines.extend(lines)
            return
        if position > self.end:
            raise ValueError(f"log lines {self.end}-{position} are missing: a step was skipped")
        if position < self.start:
            self.start, self.lines = position, []
        del self.lines[position - self.start :]
        self.lines.extend(lines)


def follow_step(
    g: Game[object, object, object, BaseModel],
    text: LogTail,
    before: object,
    action: object,
    after: object,
    seat: Seat | None,
) -> None:
    """Take in the lines one step wrote, from the public views before and after it (`seat`
    None: a chance step)."""
    tail = g.log_tail(after)
    if tail is not None:
        text.follow(*tail)
    else:
        text.follow(None, g.narrate(before, action, after, seat))
