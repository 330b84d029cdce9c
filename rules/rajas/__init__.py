"""Rajas of the Ganges (Inka and Markus Brand): 2-4 players, workers, dice and karma.

A pure engine on the Game protocol (rules.game), with the id "rajas". The components are this
project's reconstruction, in data/ (docs/rajas.md). The state is public: a view is the state.
"""

from __future__ import annotations

from ..words import count_of  # the rules' one count, for the game's pictures too
from . import engine, explain, notation, province
from .components import BACKS, BUILDINGS, COLOURS, TRACK_BONUSES, Board, Tile
from .game import GAME, INFO, SEATS, Rajas
from .options import RajasOptions
from .result import race_words, ranking, verdict
from .state import (
    ASSORTED,
    BALCONY,
    CHAMBER,
    GOODS,
    HARBOUR,
    KALI_HANDS,
    NO,
    OUTER,
    QUARRY,
    TERRACE,
    Action,
    State,
)

__all__ = [
    "ASSORTED",
    "BACKS",
    "BALCONY",
    "BUILDINGS",
    "CHAMBER",
    "COLOURS",
    "GAME",
    "GOODS",
    "HARBOUR",
    "INFO",
    "KALI_HANDS",
    "NO",
    "OUTER",
    "QUARRY",
    "SEATS",
    "TERRACE",
    "TRACK_BONUSES",
    "Action",
    "Board",
    "Rajas",
    "RajasOptions",
    "State",
    "Tile",
    "count_of",
    "engine",
    "explain",
    "notation",
    "province",
    "race_words",
    "ranking",
    "verdict",
]
