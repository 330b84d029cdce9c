"""Tiebreaks: ties for first place played off in another game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..game import Below, Seat


@dataclass(frozen=True, slots=True)
class TiebreakMatch:
    """One game of a tiebreak: which tied seat plays each seat of the game that breaks the
    tie, and the tied seat waiting to play this game's winner (three tied)."""

    roles: Mapping[Seat, Seat]  # a seat of the game played -> the tied seat playing it
    waiting: Seat | None = None


@runtime_checkable
class Tiebreak(Protocol):
    """Ties for first place played off in another game (Vijayanagara's Goat-Tiger tiebreak,
    5.0, 5.5): the game played, its name and rules, and how its seats are drawn."""

    played_in: str  # the id of the game that breaks the tie
    name: str  # "Goat-Tiger tiebreak"
    rule: str  # the sections it follows: "5.0, 5.5"

    def first_match(self, tied: Sequence[Seat], below: Below) -> TiebreakMatch:
        """The first game among the tied seats (in turn order), drawn from `below`."""
        ...

    def final(self, winner: Seat, waiting: Seat, below: Below) -> TiebreakMatch:
        """The game between the first game's winner and the seat that waited."""
        ...


@runtime_checkable
class BreaksTies(Protocol):
    """A game whose ties for first place another game plays off."""

    tiebreak: Tiebreak


def tiebreak_of(g: object) -> Tiebreak | None:
    """The game's tiebreak; None for a game whose ties stand."""
    return g.tiebreak if isinstance(g, BreaksTies) else None
