"""Vijayanagara's computer players as the registry calls them: one per level, deciding for
the seat on turn from what a player at the table knows (ai.vijayanagara.knowledge); its
whole-turn hint and the why line of an AI's turn."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.vijayanagara import Action, GameState, decider

from ..budget import Budget
from ..players import Advice, Player
from .knowledge import seen
from .play import LEVELS, Level, decide
from .turn_hint import turn_hint


@dataclass(frozen=True)
class LevelPlayer:
    """A level as a player of the registry (an object, not a closure: it goes to the AI's
    worker processes with the call)."""

    level: Level

    def __call__(self, view: GameState, seat: str, r: random.Random, budget: Budget) -> Action:
        who = decider(view)
        if who is None or str(who) != seat:
            raise ValueError(f"{seat} does not decide now")
        return decide(seen(view), self.level, r, budget)


def advise(view: GameState, seat: str, r: random.Random, budget: Budget) -> Advice:
    """The whole decision up to the next hand-off, beside the runner-up and Pass: all of it
    (reading the position too) within the budget."""
    found = turn_hint(view, r, budget)
    return Advice(summary=found.summary, order=found.order)


PLAYERS: dict[str, Player[GameState, Action]] = {level: LevelPlayer(level) for level in LEVELS}
