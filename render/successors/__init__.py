"""Successors' map picture, drawn from a view: a schematic of our map for a phone, with what
stands in every area and sea, the players' treasuries and chits held, and a legend."""

from .board import board_png, picture, sheet
from .layout import WIDTH
from .pictures import PICTURES

__all__ = ["PICTURES", "WIDTH", "board_png", "picture", "sheet"]
