"""Taj Mahal (Reiner Knizia): 3-5 players, 12 visits, hands kept secret.

A pure engine on the Game protocol (rules.game), with the id "taj_mahal". The components
are this project's reconstruction, in data/ (docs/taj_mahal.md).
"""

from __future__ import annotations

from . import engine, narration, notation, scoring
from .components import COURT, ELEPHANT, GRAND_MOGUL, SYMBOL_TITLES, Board, Cards, Tile
from .game import GAME, INFO, SEATS, TajMahal
from .options import TajOptions
from .result import ranking
from .search import leads
from .state import (
    CROWN,
    NO,
    Action,
    Draw,
    LayOut,
    Place,
    Play,
    Setup,
    State,
    Take,
    Undo,
    Withdraw,
)
from .view import View

__all__ = [
    "COURT",
    "CROWN",
    "ELEPHANT",
    "GAME",
    "GRAND_MOGUL",
    "INFO",
    "NO",
    "SEATS",
    "SYMBOL_TITLES",
    "Action",
    "Board",
    "Cards",
    "Draw",
    "LayOut",
    "Place",
    "Play",
    "Setup",
    "State",
    "TajMahal",
    "TajOptions",
    "Take",
    "Tile",
    "Undo",
    "View",
    "Withdraw",
    "engine",
    "leads",
    "narration",
    "notation",
    "ranking",
    "scoring",
]
