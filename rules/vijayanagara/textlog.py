"""The game's text log, rebuilt from the states a game passes through: each state holds only
the lines its latest step wrote (`GameState.log`, from line `log_at` of the whole log), so a
state stays small however long the game; the bot keeps the whole log in a table of its own."""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import GameState


@dataclass
class LogTail:
    """A stretch of the whole log: `lines`, from line `start` on."""

    start: int = 0
    lines: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, state: GameState) -> LogTail:
        """The lines the state's latest step wrote."""
        return cls(state.log_at, list(state.log))

    @property
    def end(self) -> int:
        """How many lines the whole log has, up to the end of this stretch."""
        return self.start + len(self.lines)

    def follow(self, state: GameState) -> None:
        """Take in the lines of a state one step later (an undo first drops what it takes
        back, which may reach before this stretch)."""
        if state.log_at > self.end:
            raise ValueError(f"log lines {self.end}-{state.log_at} are missing: a step was skipped")
        if state.log_at < self.start:
            self.start, self.lines = state.log_at, []
        del self.lines[state.log_at - self.start :]
        self.lines.extend(state.log)
