"""How much thinking a decision may use: iterations, and seconds on the caller's clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

MAX_ITERATIONS = 1_000_000  # a bound on anything a caller (or a user's setting) asks for


@dataclass(frozen=True)
class Budget:
    """Stop after `iterations` searches, or once `seconds` have passed on `clock` (the caller's
    time source: ai/ reads no clock of its own, so a test with no clock is deterministic)."""

    iterations: int = 200
    seconds: float | None = None
    clock: Callable[[], float] | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be 1 to {MAX_ITERATIONS}, got {self.iterations}")
        if self.seconds is not None and (self.seconds <= 0 or self.clock is None):
            raise ValueError("a time budget needs positive seconds and a clock")

    def started(self) -> Callable[[float], bool]:
        """From now on: a predicate, has this share of the seconds been spent? (Never, for a
        budget of iterations alone.)"""
        if self.seconds is None or self.clock is None:
            return lambda share: False
        clock, start, limit = self.clock, self.clock(), self.seconds
        return lambda share: clock() - start >= share * limit

    def timer(self) -> Callable[[int], bool]:
        """A predicate: has iteration `i` used up the budget?"""
        if self.seconds is None or self.clock is None:
            return lambda i: i >= self.iterations
        clock, start, limit = self.clock, self.clock(), self.seconds
        return lambda i: i >= self.iterations or clock() - start >= limit
