"""A finished game's ranking."""

from __future__ import annotations

from ..game import Ranking
from ..words import count_of
from .state import State


def ranking(s: State) -> Ranking:
    """Game end: the highest total wins; equal totals share a place (the text names no
    tie-break)."""
    scores = dict(zip(s.seats, s.scores, strict=True))
    levels = sorted(set(s.scores), reverse=True)
    places = tuple(tuple(seat for seat in s.seats if scores[seat] == v) for v in levels)
    best = places[0]
    who = " and ".join(b.capitalize() for b in best)
    text = (
        f"{who} {'wins' if len(best) == 1 else 'share the win'} with {count_of(levels[0], 'point')}"
    )
    return Ranking(places=places, scores=scores, text=text)
