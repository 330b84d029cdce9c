"""Seeded games: a game dealt by a seed (tests, teaching), repeatable and not fair play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from ..game import Game, Seat

S = TypeVar("S")
A = TypeVar("A")
Opt = TypeVar("Opt", bound=BaseModel)


class Seeding(Generic[S, A, Opt]):
    """The plain seeding: the seed deals each chance step from its own stream, outside the
    state (`rules.dealing.seeded_below`), logged like any outcome."""

    def __init__(self, game: Game[S, A, Any, Opt]) -> None:
        self.game = game

    def new_seeded(self, options: Opt, seats: Sequence[Seat], seed: int) -> S:
        """The setup of a game dealt by `seed`. Here, `new_game`: its chance steps stay
        pending. A game whose seed dealt inside its state before per-game secrets keeps that
        dealer here, so its old games load as they were played."""
        return self.game.new_game(options, seats)

    def outcomes_written_out(self, seed: int, options: Opt, log: Sequence[A]) -> list[A]:
        """The log of a game dealt by `seed` with each chance outcome the seed gave written
        in as an entry of its own (what a game dealt from a secret stores). Here, the log as
        it is: a seed that deals no outcome inside the state has its outcomes logged."""
        return list(log)


def seeding_of(game: Game[S, A, Any, Opt]) -> Seeding[S, A, Opt]:
    """The game's own seeding (its `seeding` attribute), else the plain one."""
    own = getattr(game, "seeding", None)
    return own if isinstance(own, Seeding) else Seeding(game)
