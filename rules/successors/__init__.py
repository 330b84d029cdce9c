"""Successors (Strategy & Tactics 161, Decision Games 1993): 3 or 4 players fight the wars of
Alexander's successors on an area map from Macedonia to India.

A pure engine on the Game protocol (rules.game), with the id "successors". The rules are the
one-page summary's; the components (map, event table, chits, setup) are this project's
reconstruction, in data/ (docs/successors.md), replaceable by an owner's files. Chits are a
hidden hand seen through each seat's view; a chit played "any time" is a step of its seat's
own, or a standing order the engine carries out (chits.py).
"""

from __future__ import annotations

from ..words import count_of
from .board import alone_in
from .components import PORT, Map, Parts, standard_parts
from .engine import open_homes
from .game import GAME, INFO, SEATS, Successors
from .options import SuccessorsOptions
from .result import half_points, points_text, ranking
from .state import CAPTIVE, INVASION, MERC, NO, REVOLT, WHITE, Action, State
from .view import View

__all__ = [
    "CAPTIVE",
    "GAME",
    "INFO",
    "INVASION",
    "MERC",
    "NO",
    "PORT",
    "REVOLT",
    "SEATS",
    "WHITE",
    "Action",
    "Map",
    "Parts",
    "State",
    "Successors",
    "SuccessorsOptions",
    "View",
    "alone_in",
    "count_of",
    "half_points",
    "open_homes",
    "points_text",
    "ranking",
    "standard_parts",
]
