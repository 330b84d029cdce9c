"""Every game's pictures, registered by game id (render.registry): import this module, then
ask `render.registry.pictures_for(game_id)`."""

from __future__ import annotations

from . import goat_tiger, taj_mahal
from .registry import register
from .vijayanagara.pictures import PICTURES as VIJAYANAGARA

register("vijayanagara", VIJAYANAGARA)
register("goat_tiger", goat_tiger.PICTURES)
register("taj_mahal", taj_mahal.PICTURES)
