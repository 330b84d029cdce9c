"""Computer players for Rajas of the Ganges: `random`, `greedy` (one placement ahead) and
`hard` (a search with greedy playing its playouts).

The state is public, so a seat's view is the state; each level chooses one of the seat's legal
steps from it. Pure: the caller passes a seeded `random.Random`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.rajas import Action, State
from rules.rajas import engine as rules

from ..budget import Budget
from ..players import Player
from . import greedy, hard, why

LEVELS = ("random", "greedy", "hard")
HARD_BUDGET = Budget(iterations=200)  # without a caller's budget: the same step every time


def choose(
    level: str, view: State, seat: str, rng: random.Random, budget: Budget | None = None
) -> Action:
    """The step `level` takes for `seat`, whose turn it must be; `budget` bounds `hard`'s
    search."""
    if rules.to_move(view) != seat:
        raise ValueError(f"an AI decides for the seat to move, not {seat!r}")
    if level == "random":
        return rng.choice(rules.legal(view))
    if level == "greedy":
        return greedy.choose(view, rng)
    if level == "hard":
        return hard.choose(view, seat, rng, budget or HARD_BUDGET)
    raise ValueError(
        f"no Rajas of the Ganges AI level {level!r}; the levels are {', '.join(LEVELS)}"
    )


@dataclass(frozen=True)
class LevelPlayer:
    """A level as a player of the registry (`random` and `greedy` quick enough for any time
    budget; `hard` searches within it). An object, not a closure: it goes to the AI's worker
    processes with the call."""

    level: str

    def __call__(self, view: State, seat: str, r: random.Random, budget: Budget) -> Action:
        return choose(self.level, view, seat, r, budget)


PLAYERS: dict[str, Player[State, Action]] = {level: LevelPlayer(level) for level in LEVELS}

__all__ = ["LEVELS", "PLAYERS", "Action", "State", "choose", "greedy", "hard", "why"]
