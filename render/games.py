"""Every game's board picture, registered by game id (render.registry): import this module,
then ask `render.registry.board_for(game_id)`."""

from __future__ import annotations

from . import goat_tiger, taj_mahal
from .registry import register
from .vijayanagara import board as vijayanagara_board

register("vijayanagara", vijayanagara_board)
register("goat_tiger", goat_tiger.board)
register("taj_mahal", taj_mahal.board_png)
