"""Every game the project hosts, registered: import this module, then ask `game(id)`."""

from __future__ import annotations

from . import goat_tiger, taj_mahal
from .game import Game, game, games
from .vijayanagara import game as vijayanagara_game

GAMES = (vijayanagara_game.GAME, goat_tiger.GAME, taj_mahal.GAME)

__all__ = ["GAMES", "Game", "game", "games"]
