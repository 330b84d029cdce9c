"""Delhi's end-of-game adjustment (5.1) as it stands now, for judging positions mid-game.

The adjustment (3 minus the Mongol Invaders left in Delhi after Timur's invasion, 2.6) is in
no score until the game ends, yet it swings Delhi's points by up to 6. Its expectation here
is a fit to the rules' own Timur sequence played from positions with M Invaders and U Sultanate
Troops on the route, Delhi without Cavalry (the cautious case: Cavalry is spent in battles
before the end); `bench/timur_fit.py` prints both side by side. It is about 0 where
U = 5/3 M - 2.8, rises about 0.7 a Unit beyond, and stays within -3 to 3.
"""

from __future__ import annotations

from rules.vijayanagara import TIMUR_ROUTE, UNIT_KINDS, Faction, GameState, Piece

# The fit: the adjustment is about 0 with EVEN_PER_INVADER Units an Invader on the route less
# EVEN_OFFSET, and rises SLOPE points a Unit beyond (falls below).
EVEN_PER_INVADER = 5 / 3
EVEN_OFFSET = 2.8
SLOPE = 0.7


def expected_adjustment(state: GameState) -> float:
    """The Delhi adjustment if Timur came with what is on the map now (exact once it has)."""
    if state.delhi_adjustment is not None:
        return float(state.delhi_adjustment)
    invaders = sum(state.spaces[s].pieces.get(Piece.MONGOL, 0) for s in TIMUR_ROUTE)
    if state.timurid_drawn == 0:  # 2.6: the first Timurid card brings half the Available
        invaders += state.available[Faction.M].get(Piece.MONGOL, 0) // 2
    units = sum(
        state.spaces[s].pieces.get(p, 0) for s in TIMUR_ROUTE for p in UNIT_KINDS[Faction.D]
    )
    even = EVEN_PER_INVADER * invaders - EVEN_OFFSET
    # never below 3 minus every Invader there (5.1), never beyond -3 to 3
    return max(-3.0, 3.0 - invaders, min(3.0, SLOPE * (units - even)))
