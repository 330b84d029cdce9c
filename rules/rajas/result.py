"""End of the game: the ranking, and the result in words a spectator reads: who won and why,
and how each player's race ended. The table's result lines, the picture and its alt text all
say it with these functions."""

from __future__ import annotations

from ..game import Ranking
from ..words import count_of
from .engine import gap
from .state import State


def race_words(crossed: bool, g: int) -> str:
    """How a player's race ended (End of the game): how far its fame marker went past its money
    marker, or how far apart they stayed. At the end a player's markers crossed exactly when
    `g` (fame points past) is 0 or more: crossing is checked at the end of each of its
    placements, and a player whose markers crossed places no more."""
    if not crossed:
        return f"{count_of(-g, 'fame space')} short of crossing"  # (the status's unit)
    return f"markers crossed, {count_of(g, 'fame point')} past" if g else "markers met exactly"


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
    who, why = verdict(s)
    best = gaps[places[0][0]]
    past = f"{count_of(best, 'fame point')} past" if best else "markers met exactly"
    return Ranking(places=tuple(places), scores=gaps, text=f"{who}: {why} ({past})")


def verdict(s: State) -> tuple[str, str]:
    """Who won, and why in a few words (`("Red wins", "the only player whose markers
    crossed")`): the furthest past of those whose markers crossed, the first of them to cross
    winning a tie (End of the game; a game ends only once a player's markers cross)."""
    gaps = [gap(s, i) for i in range(s.players)]
    first = sorted(s.crossed, key=lambda i: (-gaps[i], s.crossed.index(i)))
    name = s.seats[first[0]].capitalize()
    level = [s.seats[i].capitalize() for i in first[1:] if gaps[i] == gaps[first[0]]]
    if level:
        return f"{name} wins", f"as far past as {' and '.join(level)}, and crossed first"
    if len(s.crossed) == 1:
        return f"{name} wins", "the only player whose markers crossed"
    return f"{name} wins", f"the furthest past of the {len(s.crossed)} whose markers crossed"
