"""Taj Mahal's board picture, drawn from a seat's or the public view."""

from __future__ import annotations

from .board import HEIGHT, board_png, drawn, picture, sheet
from .layout import WIDTH
from .pictures import PICTURES

__all__ = [
    "HEIGHT",
    "PICTURES",
    "WIDTH",
    "board_png",
    "drawn",
    "picture",
    "sheet",
]
