"""End of the game: the ranking."""

from __future__ import annotations

from ..game import Ranking
from ..words import count_of
from .engine import gap
from .state import State


def ranking(s: State) -> Ranking:
    """End of the game: the players whose markers met or passed come first, by how many fame
    points the fame marker lies past the money marker, a tie to the one who got there first;
    then the others by the fame points still separating their markers (a tie shares a place:
    the text names no tie-break there)."""
    gaps = {seat: gap(s, i) for i, seat in enumerate(s.seats)}
    order = {i: k for k, i in enumerate(s.crossed)}
    crossers = sorted(s.crossed, key=lambda i: (-gaps[s.seats[i]], order[i]))
    places: list[tuple[str, ...]] = [(s.seats[i],) for i in crossers]
    rest = [i for i in range(s.players) if i not in order]
    for v in sorted({gaps[s.seats[i]] for i in rest}, reverse=True):
        places.append(tuple(s.seats[i] for i in rest if gaps[s.seats[i]] == v))
    best = places[0]
    who = " and ".join(b.capitalize() for b in best)
    g = gaps[best[0]]
    how = (
        f"{count_of(g, 'fame point')} past the money marker"
        if g >= 0
        else f"{count_of(-g, 'fame point')} short of the money marker"
    )
    verb = "wins" if len(best) == 1 else "share the win"
    return Ranking(places=tuple(places), scores=gaps, text=f"{who} {verb}, {how}")
