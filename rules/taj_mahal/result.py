"""A finished game's ranking, and its result in words a spectator reads: who won, with how
many points and how far ahead."""

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
    text = f"{who} {'wins' if len(best) == 1 else 'share the win'} with "
    text += count_of(levels[0], "point")
    if len(places) > 1:
        behind = " and ".join(b.capitalize() for b in places[1])
        text += f", {levels[0] - levels[1]} ahead of {behind}"
    return Ranking(places=places, scores=scores, text=text)
