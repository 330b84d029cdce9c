"""The board as a picture: `render.board(state, highlight=None) -> bytes` (PNG)."""

from __future__ import annotations

from .compose import board, image
from .geometry import HEIGHT, WIDTH

__all__ = ["HEIGHT", "WIDTH", "board", "image"]
