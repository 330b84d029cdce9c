"""Every game's computer players, registered by game id (ai.registry): import this module,
then ask `ai.registry.player(game_id, level)`."""

from __future__ import annotations

import random

from . import goat_tiger, taj_mahal
from .budget import Budget
from .registry import Player, register, register_teaching
from .vijayanagara import players as vijayanagara_players
from .vijayanagara.why import why_line

register("vijayanagara", vijayanagara_players.PLAYERS)
register_teaching(
    "vijayanagara", adviser=vijayanagara_players.advise, explainer=why_line
)
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
