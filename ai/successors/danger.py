"""The danger to a seat's leader: the chance that a rival's blow next turn captures him.

A leader whose side is wiped out in a battle is captured (Q21): the ransom (l.13), his +1
(l.39) and his 4 MP (l.28) lost, and, with the home taken too, every purchase (l.21; Q6).
The trials' aggressive players won by it: they bought infantry where their leader stood
(l.21) and struck the AI's leader, left with a levy or two. So a rival's blow at an area is
its units within its leader's reach (4 MP, l.28) and, where its leader or its home is within
reach (his 4 MP; 3 MP for units bought at home, l.26), the infantry its next revenue buys
there (its treasury and income less its upkeep, l.5, l.14; levies where it has no infantry
area, l.22), with his +1 if he is.
"""

from __future__ import annotations

from rules.successors import State, board, economy

from . import odds
from .odds import Side
from .reading import CAV, INF, LEVY, NO, distance, leader_at, mine

REACH = 4  # a leader's band's MP (l.28): the farthest a rival's blow comes from
GUARD_AT = 0.5  # a capture at least this likely: units are bought with him, he seeks shelter


def blow(s: State, area: int, seat: int, rival: int) -> Side:
    """What `rival` could strike the area with next turn: its units within reach, and what
    its next revenue buys with its leader or at its home (l.21), if either is within reach;
    its leader's +1 if he is."""
    units = [0, 0, 0, 0]
    for a in s.occupied[rival]:
        if a < s.parts.map.land and distance(s, a, area) <= REACH:
            for t, n in enumerate(mine(s, a, rival)):
                units[t] += n
    lead = leader_at(s, rival)
    near = lead != NO and distance(s, lead, area) <= REACH and s.pinned[rival] == 0
    home = s.homes[rival]
    if near or (home != NO and distance(s, home, area) <= s.parts.setup.land_mp):
        upkeep = board.unit_count(s, rival) * s.parts.setup.upkeep
        spend = s.money[rival] + board.income(s, rival) - upkeep
        kind = INF if INF in economy.symbols(s, rival) else LEVY
        price = s.parts.setup.prices[kind]
        units[kind] += max(0, min(spend // price, s.pool[rival][kind]))
    return Side((units[0], units[1], units[2], units[3]), near)


def capture_chance(s: State, area: int, seat: int, units: tuple[int, int, int, int]) -> float:
    """The chance that the rival striking hardest at the area wins a battle against the
    seat's leader there with `units` (none: he is taken alone, Q21)."""
    hits = s.parts.setup.hits
    ours = Side(units, True)
    worst = 0.0
    for q in range(s.players):
        if q == seat or q in s.out or board.allied(s, seat, q):
            continue
        theirs = blow(s, area, seat, q)
        if not theirs.count:
            continue
        if not ours.count:
            return 1.0
        worst = max(worst, odds.battle(theirs, ours, hits, hits[CAV]).win)
    return worst
