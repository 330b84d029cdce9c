"""Why a pending effect happens: a code in the detail of the effects that need no other detail
(money, fame, karma, upgrade, voyage, goods), so the table can name each effect by its cause
in the rules' words (table_talk's narration, words.py). The engine reads one of them itself:
the upgrade of fame space 5, which counts from the seat's next turn on (Bonuses on the scoring
tracks). A die to take keeps its colour in its detail: it is named by what set it going.

0 is no cause said (a position built by hand); then, by range:
  AREA + area            a placement on that area (state.AREAS), or the chamber of that area a
                         river space's palace earning carries out
  TILE                   the tile placed: its markets and its buildings
  YIELD_TILE             the white yield tile the Dancer draws
  FAME_BONUS + k         the k-th bonus space of the fame track (5, 24, 31)
  MONEY_BONUS + k        the k-th bonus space of the money track (12, 33, 44, 55)
  RIVER + space          a river space's earning
  EDGE + cell * 4 + side a special yield on the edge of the province board
"""

from __future__ import annotations

from typing import Final

from .components import FAME_BONUSES, MONEY_BONUSES

NONE: Final = 0
AREA: Final = 1
TILE: Final = 40
YIELD_TILE: Final = 41
FAME_BONUS: Final = 50
MONEY_BONUS: Final = 60
RIVER: Final = 100
EDGE: Final = 1_000

FAME_SPACES: Final = tuple(sorted(FAME_BONUSES))  # the fame track's bonus spaces, in order
MONEY_SPACES: Final = tuple(space for space, _ in MONEY_BONUSES)
FAME_UPGRADE: Final = FAME_BONUS + FAME_SPACES.index(5)  # counts from the next turn on


def area(index: int) -> int:
    return AREA + index


def edge(cell: int, side: int) -> int:
    return EDGE + cell * 4 + side


def river(space: int) -> int:
    return RIVER + space
