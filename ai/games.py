"""Every game's computer players, registered by game id (ai.registry): import this module,
then ask `ai.registry.player(game_id, level)`."""

from __future__ import annotations

import random

from . import goat_tiger, taj_mahal
from .budget import Budget
from .registry import Player, register
from .vijayanagara.players import PLAYERS as VIJAYANAGARA_PLAYERS

register("vijayanagara", VIJAYANAGARA_PLAYERS)
register("goat_tiger", goat_tiger.PLAYERS)


def _taj_mahal(level: str) -> Player[taj_mahal.View, taj_mahal.Action]:
    def player(
        view: taj_mahal.View, seat: str, r: random.Random, budget: Budget
    ) -> taj_mahal.Action:
        if view.seat != seat:
            raise ValueError(f"the view is {view.seat}'s, not {seat}'s")
        return taj_mahal.choose(level, view, r)

    return player


register("taj_mahal", {level: _taj_mahal(level) for level in taj_mahal.LEVELS})
