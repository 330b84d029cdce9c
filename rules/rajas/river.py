"""The river (IV. River action): where a boat stops, skipping the other boats."""

from __future__ import annotations

from .components import PORTUGUESE
from .state import NO, State


def river_target(s: State, i: int, n: int) -> int:
    """The river space `n` unoccupied spaces ahead of seat i's boat, or NO (IV. River action:
    other boats' spaces are skipped; the final space holds any number)."""
    final, boats = s.board.final, s.boat
    p, left = boats[i], n
    while left and p < final:
        p += 1
        if p == final or p not in boats:  # its own boat lies behind, none on the start
            left -= 1
    return p if left == 0 else NO


def river_room(s: State, i: int) -> int:
    """How many unoccupied spaces lie ahead of seat i's boat: those ahead, less those another
    boat holds (one boat a space; the final space holds any number)."""
    final, here = s.board.final, s.boat[i]
    room = final - here
    for b in s.boat:
        if here < b < final:  # its own boat is not ahead of itself
            room -= 1
    return room


def portuguese_open(s: State, i: int) -> bool:
    """Portuguese: exactly 6 unoccupied spaces (so never from the last 6 spaces)."""
    return river_room(s, i) >= PORTUGUESE
