"""Successors' pictures as the registry calls them: the map of a view and its alt text."""

from __future__ import annotations

from rules.successors import View

from ..pictures import Pictures
from .alt_text import alt_text
from .board import board_png

PICTURES: Pictures[View] = Pictures(board_png, alt_text)
