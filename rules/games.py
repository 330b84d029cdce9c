"""Every game the project hosts, registered: import this module, then ask `game(id)`."""

from __future__ import annotations

from . import goat_tiger, taj_mahal, vijayanagara_game
from .game import Game, game, games

GAMES = (vijayanagara_game.GAME, goat_tiger.GAME, taj_mahal.GAME)

__all__ = ["GAMES", "Game", "game", "games"]
