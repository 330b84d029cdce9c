"""Every game's computer players, registered by game id (ai.registry): import this module,
then ask `ai.registry.player(game_id, level)`."""

from __future__ import annotations

from . import goat_tiger, taj_mahal
from .goat_tiger import why as goat_tiger_why
from .registry import register, register_teaching
from .vijayanagara import players as vijayanagara_players
from .vijayanagara.why import why_line

register("vijayanagara", vijayanagara_players.PLAYERS)
register_teaching("vijayanagara", adviser=vijayanagara_players.advise, explainer=why_line)
register("goat_tiger", goat_tiger.PLAYERS)
register_teaching("goat_tiger", adviser=goat_tiger_why.advise, explainer=goat_tiger_why.why_line)
register("taj_mahal", taj_mahal.PLAYERS)
register_teaching("taj_mahal", adviser=taj_mahal.why.advise, explainer=taj_mahal.why.why_line)
