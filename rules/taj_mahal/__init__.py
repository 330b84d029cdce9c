"""Taj Mahal (Reiner Knizia): 3-5 players, 12 visits, hands kept secret.

A pure engine on the Game protocol (rules.game), registered as "taj_mahal". The components
are this project's reconstruction, in data/ (docs/taj_mahal.md).
"""

from __future__ import annotations

from ..game import register
from .game import GAME, INFO, SEATS, TajMahal, ranking
from .state import Action, State, TajOptions
from .view import View

register(GAME)

__all__ = ["GAME", "INFO", "SEATS", "Action", "State", "TajMahal", "TajOptions", "View", "ranking"]
