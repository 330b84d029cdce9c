"""Taj Mahal's pictures as the registry calls them: the board of a view and its alt text."""

from __future__ import annotations

from rules.taj_mahal import View

from ..pictures import Pictures
from .alt_text import alt_text
from .board import board_png

PICTURES: Pictures[View] = Pictures(lambda view, names: board_png(view), alt_text)
