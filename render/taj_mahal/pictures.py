"""Taj Mahal's pictures as the registry calls them: the board of a view and its alt text."""

from __future__ import annotations

from rules.taj_mahal import View

from ..pictures import Names, Pictures
from .board import board_png


def _alt(view: View, names: Names | None) -> str:
    s = view.state
    scores = ", ".join(f"{seat} {score}" for seat, score in zip(s.seats, s.scores, strict=True))
    return f"The Taj Mahal board, visit {s.visit + 1}: scores {scores}."


PICTURES: Pictures[View] = Pictures(lambda view, names: board_png(view), _alt)
