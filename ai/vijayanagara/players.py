"""Vijayanagara's computer players as the AI registry calls them: one per level, deciding for
the seat on turn from that seat's view."""

from __future__ import annotations

import random

from rules.vijayanagara import Action, GameState, decider

from ..budget import Budget
from ..registry import Player
from .play import LEVELS, Level, decide


def _player(level: Level) -> Player[GameState, Action]:
    def player(view: GameState, seat: str, r: random.Random, budget: Budget) -> Action:
        who = decider(view)
        if who is None or str(who) != seat:
            raise ValueError(f"{seat} does not decide now")
        return decide(view, level, r, budget)

    return player


PLAYERS: dict[str, Player[GameState, Action]] = {level: _player(level) for level in LEVELS}
