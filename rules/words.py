"""Counts in words, for every game and the bot: "1 point", "2 points", "1 VP", "3 VP". The one
place a count meets its noun, so no text says "1 points"."""

from __future__ import annotations

INVARIANT = frozenset({"VP", "Cavalry"})  # counted without an -s


def count_of(n: int, noun: str) -> str:
    """`n` and the noun (written for one), plural unless one: `1 step`, `3 steps`, `2 VP`,
    `1,500 futures`."""
    return f"{n:,} {noun}" if n == 1 or noun in INVARIANT else f"{n:,} {noun}s"


def scored(n: int, unit: str) -> str:
    """A score in a game's unit, given as the game names it (plural: "points", "VP"):
    `1 point`, `71 points`, `1 VP`."""
    return count_of(n, unit.removesuffix("s") if unit.endswith("s") else unit)
