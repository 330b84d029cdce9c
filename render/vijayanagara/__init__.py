"""The board as a picture: `render.board(state, highlight=None) -> bytes` (PNG)."""

from __future__ import annotations

from .alt_text import alt_text
from .compose import board, image
from .geometry import HEIGHT, WIDTH

__all__ = ["HEIGHT", "WIDTH", "alt_text", "board", "image"]
