"""Taj Mahal's turns: a seat's turn in its visit, undo within it (the table's `undo`)."""

from __future__ import annotations

from collections.abc import Hashable

from ..capabilities import Turns
from ..game import Seat
from . import engine
from .state import Action, State, Undo


def undoable(state: State) -> tuple[Seat, Action] | None:
    """The seat that may take back its last step, with the undo; None past a deal or once
    another seat decides."""
    base = state.barrier
    if not state.since_barrier or base is None:
        return None
    seat = engine.to_move(base)
    return None if seat is None else (seat, Undo())


class TajMahalTurns(Turns[State, Action]):
    def turn(self, state: State) -> tuple[Seat | None, Hashable]:
        """A seat's turn, in its visit: each visit is a stage, whose header opens it."""
        return engine.to_move(state), state.visit

    def players(self, state: State) -> tuple[Seat, ...]:
        return tuple(state.seats)

    def undo(self, state: State) -> tuple[Seat, Action] | None:
        return undoable(state)

    def undoes(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def settled(self, state: State) -> bool:
        return not state.since_barrier
