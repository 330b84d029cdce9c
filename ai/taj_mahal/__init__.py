"""Computer players for Taj Mahal: `random`, `greedy` and `hard` (a search with greedy
playing its playouts).

Each sees only a seat's view (the public view and its own hand: `rules.taj_mahal.view`), as a
player at the table does, and chooses one of the seat's legal steps, which the engine computes
from that view alone (a seat's own steps depend on nothing hidden from it). Pure: the caller
passes a seeded `random.Random`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.taj_mahal import Action, View, engine

from ..budget import Budget
from ..players import Player
from . import greedy, hard, why

LEVELS = ("random", "greedy", "hard")
HARD_BUDGET = Budget(iterations=200)  # without a caller's budget: the same step every time


def choose(level: str, view: View, rng: random.Random, budget: Budget | None = None) -> Action:
    """The step `level` takes for the seat whose view this is (it must be that seat's turn);
    `budget` bounds `hard`'s search."""
    if view.seat is None or engine.to_move(view.state) != view.seat:
        raise ValueError("an AI decides for the seat to move, from that seat's view")
    if level == "random":
        return rng.choice(engine.legal(view.state))
    if level == "greedy":
        return greedy.choose(view, rng)
    if level == "hard":
        return hard.choose(view, rng, budget or HARD_BUDGET)
    raise ValueError(f"no Taj Mahal AI level {level!r}; the levels are {', '.join(LEVELS)}")


@dataclass(frozen=True)
class LevelPlayer:
    """A level as a player of the registry: a step chosen from the seat's own view (`random`
    and `greedy` quick enough for any time budget; `hard` searches within it). An object, not
    a closure: it goes to the AI's worker processes with the call."""

    level: str

    def __call__(self, view: View, seat: str, r: random.Random, budget: Budget) -> Action:
        if view.seat != seat:
            raise ValueError(f"the view is {view.seat}'s, not {seat}'s")
        return choose(self.level, view, r, budget)


PLAYERS: dict[str, Player[View, Action]] = {level: LevelPlayer(level) for level in LEVELS}

__all__ = ["LEVELS", "PLAYERS", "Action", "View", "choose", "hard", "why"]
