"""The traditional 23-point board of Aadu-Huli aata (5.5), reconstructed (docs/goat_tiger.md).

The rulebook plays it on a separate board and does not draw it. This is the board carved at
Hampi and still drawn in South India: a triangle whose apex sends four lines down (its two
sides and two inner lines), crossed by four horizontal lines; a rectangle across the middle
of the triangle adds a point at each end of the upper three horizontal lines and joins them.

Points are numbered 1 to 23, row by row from the apex, left to right:

                      1
        2 ---- 3 -- 4 -- 5 -- 6 ---- 7
        |     /    /      \\    \\     |
        8 -- 9 -- 10 ---- 11 -- 12 -- 13
        |   /    /          \\    \\   |
       14 - 15 - 16 ------- 17 - 18 - 19
           /    /              \\    \\
         20 -- 21 ----------- 22 -- 23

A line of the board is a run of points in a straight row; a piece steps to the next point of
a line, and a Tiger leaps along a line over the next point to the one after it.
"""

from __future__ import annotations

import itertools
from functools import cache

POINTS: tuple[int, ...] = tuple(range(1, 24))

# Every straight line of the board, its points in order.
LINES: tuple[tuple[int, ...], ...] = (
    (2, 3, 4, 5, 6, 7),
    (8, 9, 10, 11, 12, 13),
    (14, 15, 16, 17, 18, 19),
    (20, 21, 22, 23),
    (1, 3, 9, 15, 20),
    (1, 4, 10, 16, 21),
    (1, 5, 11, 17, 22),
    (1, 6, 12, 18, 23),
    (2, 8, 14),
    (7, 13, 19),
)

# The three specially marked points where the Tigers start (5.5): the apex and the two points
# of the inner lines closest to it. With fewer Tigers (the handicap of 5.5), the first ones.
TIGER_START: tuple[int, ...] = (1, 4, 5)

# Where each point is drawn: (x, y) in board units, the apex at (0, 0) and y downwards; the
# picture scales them. The four lines from the apex reach -4.5, -1.5, 1.5 and 4.5 on the base
# (y = 5); the rectangle's sides stand at -5.5 and 5.5. The first row stands well below the
# apex, so that its four inner points keep room between them for their numbers.
ROWS_Y: tuple[float, ...] = (2.0, 3.0, 4.0, 5.0)
BASE_X: tuple[float, ...] = (-4.5, -1.5, 1.5, 4.5)
SIDE_X = 5.5
LAYOUT: dict[int, tuple[float, float]] = {1: (0.0, 0.0)}
for _row, _first in enumerate((2, 8, 14, 20)):
    _y = ROWS_Y[_row]
    _inner = [x * _y / ROWS_Y[-1] for x in BASE_X]
    _xs = _inner if _first == 20 else [-SIDE_X, *_inner, SIDE_X]
    for _i, _x in enumerate(_xs):
        LAYOUT[_first + _i] = (_x, _y)


@cache
def neighbours() -> dict[int, tuple[int, ...]]:
    """The points one step away along a line."""
    out: dict[int, set[int]] = {p: set() for p in POINTS}
    for line in LINES:
        for a, b in itertools.pairwise(line):
            out[a].add(b)
            out[b].add(a)
    return {p: tuple(sorted(ns)) for p, ns in out.items()}


@cache
def leaps() -> dict[int, tuple[tuple[int, int], ...]]:
    """From each point, the (over, to) pairs of a leap: three points in a row on one line."""
    out: dict[int, set[tuple[int, int]]] = {p: set() for p in POINTS}
    for line in LINES:
        for a, b, c in zip(line, line[1:], line[2:], strict=False):
            out[a].add((b, c))
            out[c].add((b, a))
    return {p: tuple(sorted(js)) for p, js in out.items()}
