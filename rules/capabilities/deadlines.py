"""Deadlines: what a seat out of time plays, where the table chose to move on."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from ..game import Game

S = TypeVar("S")
A = TypeVar("A")


class Deadlines(Generic[S, A]):
    """The plain deadline: a game with no step to play for a seat out of time (the table
    reminds it and may hand its seat to an AI)."""

    passes_at_deadline = False  # the table may choose "pass" as what a deadline does

    def __init__(self, game: Game[S, A, Any, Any]) -> None:
        self.game = game

    def timeout_action(self, state: S) -> A | None:
        """What the seat to move plays when its time runs out and the table chose to move on
        (a pass); None when the game has no such step now."""
        return None


def deadlines_of(game: Game[S, A, Any, Any]) -> Deadlines[S, A]:
    """The game's own deadlines (its `deadlines` attribute), else the plain ones."""
    own = getattr(game, "deadlines", None)
    return own if isinstance(own, Deadlines) else Deadlines(game)
