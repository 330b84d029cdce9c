"""Rajas of the Ganges' board picture, drawn from a view (the state: nothing in it is secret)."""

from __future__ import annotations

from .board import board_png, height, picture, sheet
from .layout import WIDTH
from .pictures import PICTURES

__all__ = ["PICTURES", "WIDTH", "board_png", "height", "picture", "sheet"]
