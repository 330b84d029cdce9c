"""Turns: who plays a step, where a turn begins and ends, and what undo may take back."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Generic, TypeVar

from ..game import Game, Seat

S = TypeVar("S")
A = TypeVar("A")


class Turns(Generic[S, A]):
    """The plain turns of a game where the seat to move plays every step, all seats play,
    and nothing is taken back."""

    def __init__(self, game: Game[S, A, Any, Any]) -> None:
        self.game = game

    def players(self, state: S) -> tuple[Seat, ...]:
        """The seats playing this game (a game of fewer players leaves some seats out)."""
        return self.game.info.seats

    def turn(self, state: S) -> tuple[Seat | None, Hashable]:
        """Whose turn it is and the stage it belongs to: the channel keeps a turn's steps in
        one message, and a seat deciding inside another's turn does not end it."""
        return self.game.to_move(state), None

    def actor(self, state: S, action: A) -> Seat | None:
        """The seat that plays `action` now: the seat to move, unless the game lets a seat act
        out of turn (a trade)."""
        return self.game.to_move(state)

    def out_of_turn(self, action: A) -> bool:
        """Whether `action` is a step its own seat may take at any time, whoever decides now
        (a trade): `actor` names that seat."""
        return False

    def acts_any_time(self, state: S, seat: Seat | None) -> bool:
        """Whether `seat` has steps it may take now though the decision is not its own (a
        trade): an order it sends out of turn is then read as such a step, not refused at
        once as out of turn."""
        return False

    def steps_aside(self, state: S, seat: Seat) -> Sequence[A]:
        """The steps `seat` may take now though the decision is not its own (an offer's
        answer, a gift), as its hand offers them; read from its own view, so they may show
        its hand. Empty where `acts_any_time` is False."""
        return ()

    def addressed(self, state: S, action: A) -> Seat | None:
        """The seat a public step is for though it is not that seat's decision (an offer
        made to it, the answer to its offer, a gift): the table tells that seat's player by
        name. None for a step for nobody in particular, and for a step not shown to all."""
        return None

    def awaits_answer(self, state: S, seat: Seat) -> bool:
        """Whether a step made for `seat` (`addressed`) leaves it something to answer in
        `state`, the position after it (an offer made to it), rather than news to read (a
        refusal, a gift). True unless the game tells them apart."""
        return True

    def undo(self, state: S) -> tuple[Seat, A] | None:
        """The seat that may take back its last step now, with the action that does it; None
        when nothing may be taken back (never past a chance step or a hand-off)."""
        return None

    def undoes(self, action: A) -> bool:
        """Whether `action` is the game's step that takes back a seat's last step (typed
        where nothing may be taken back, it is refused with the reason)."""
        return False

    def settled(self, state: S) -> bool:
        """Whether no step since the last undo barrier could still be taken back: a state
        stored then loads whole (what undo needs is not in it otherwise)."""
        return self.undo(state) is None

    def played(self, state: S) -> int | None:
        """How many steps of the players stand in the game (taken back ones not counted);
        None when the game does not count them."""
        return None


def turns_of(game: Game[S, A, Any, Any]) -> Turns[S, A]:
    """The game's own turns (its `turns` attribute), else the plain ones."""
    own = getattr(game, "turns", None)
    return own if isinstance(own, Turns) else Turns(game)
