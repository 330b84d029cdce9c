"""Taj Mahal's pictures as the registry calls them: the board of a view and its alt text."""

from __future__ import annotations

from rules.taj_mahal import View, ranking

from ..pictures import Names, Pictures
from .board import board_png


def _alt(view: View, names: Names | None) -> str:
    """The visit and each player's points; at the end, the result as the table says it."""
    s = view.state
    scores = ", ".join(f"{seat} {score}" for seat, score in zip(s.seats, s.scores, strict=True))
    if s.phase == "over":
        return f"The Taj Mahal board, game over: {ranking(s).text}. Scores {scores}."
    return f"The Taj Mahal board, visit {s.visit + 1}: scores {scores}."


PICTURES: Pictures[View] = Pictures(lambda view, names: board_png(view), _alt)
