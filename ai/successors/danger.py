"""The danger to a seat's leader: the chance that a rival's blow next turn captures him.

A leader whose side is wiped out in a battle is captured (Q21): the ransom (l.13), his +1
(l.39) and his 4 MP (l.28) lost, and, with the home taken too, every purchase (l.21; Q6).
The trials' aggressive players won by it: they bought infantry where their leader stood
(l.21) and struck the AI's leader, left with a levy or two. So a rival's blow at an area is
its units within its leader's reach (4 MP, l.28) and, where its leader or its home is within
reach (his 4 MP; 3 MP for units bought at home, l.26), the infantry its next revenue buys
there (its treasury and income less its upkeep, l.5, l.14; levies where it has no infantry
area, l.22), with his +1 if he is, and what its fleets may land there from farther off, one
unit a fleet (l.29, l.31; a trial's player caught a sheltered leader so).
"""

from __future__ import annotations

from rules.successors import State, board, economy, movement

from . import odds
from .odds import Side
from .reading import CAV, EL, INF, LEVY, NO, distance, leader_at, mine, sea_routes, trusted

REACH = 4  # a leader's band's MP (l.28): the farthest a rival's blow comes from
STRONGEST_FIRST = (EL, CAV, INF, LEVY)  # the unit a fleet takes aboard
GUARD_AT = 0.5  # a capture at least this likely: units are bought with him, he seeks shelter


def blow(s: State, area: int, seat: int, rival: int, beaten: bool = False) -> Side:
    """What `rival` could strike the area with next turn: its units within reach, and what
    its next revenue buys with its leader or at its home (l.21), if either is within reach;
    its leader's +1 if he is. `beaten`: the rival's units in the area itself are beaten there
    first (the seat's battle won), and its leader with them captured (Q21)."""
    units = [0, 0, 0, 0]
    for a in s.occupied[rival]:
        if a < s.parts.map.land and distance(s, a, area) <= REACH and not (beaten and a == area):
            for t, n in enumerate(mine(s, a, rival)):
                units[t] += n
    lead = leader_at(s, rival)
    free = lead != NO and not (beaten and lead == area) and s.pinned[rival] == 0
    near = free and distance(s, lead, area) <= REACH
    home = s.homes[rival]
    if near or (home != NO and distance(s, home, area) <= s.parts.setup.land_mp):
        upkeep = board.unit_count(s, rival) * s.parts.setup.upkeep
        spend = s.money[rival] + board.income(s, rival) - upkeep
        kind = INF if INF in economy.symbols(s, rival) else LEVY
        price = s.parts.setup.prices[kind]
        units[kind] += max(0, min(spend // price, s.pool[rival][kind]))
    for t, n in enumerate(landed(s, area, rival)):
        units[t] += n
    return Side((units[0], units[1], units[2], units[3]), near)


def landed(s: State, area: int, rival: int) -> list[int]:
    """The units, by type, that the rival's fleets may land in the area next turn from
    coasts beyond its land reach (the nearer ones are counted by land): each fleet carries
    one unit (l.31) into a sea it reaches (l.29) on the area's coast, the strongest first."""
    m = s.parts.map
    out = [0, 0, 0, 0]
    if area >= m.land or not m.seas[area]:
        return out
    shore = set(m.seas[area])
    taken: dict[tuple[int, int], int] = {}  # (coast, type): units already aboard
    for place in s.fleet_places[rival]:
        seas = set(sea_routes(s, rival, place, s.parts.setup.fleet_mp))
        if place >= m.land:
            seas.add(place)  # a fleet lands from the sea it lies in
        if not seas & shore:
            continue
        room = s.fleets[place][rival]
        for t in STRONGEST_FIRST:
            for a in movement.coasts_of(s, place):
                if room and distance(s, a, area) > REACH:
                    took = min(room, mine(s, a, rival)[t] - taken.get((a, t), 0))
                    taken[(a, t)] = taken.get((a, t), 0) + took
                    out[t] += took
                    room -= took
    return out


def capture_chance(
    s: State, area: int, seat: int, units: tuple[int, int, int, int], beaten: bool = False
) -> float:
    """The chance that the rival striking hardest at the area wins a battle against the
    seat's leader there with `units` (none: he is taken alone, Q21). How much of its blow a
    rival sends is not known (it guards its own too): as likely all of it as half, so that
    a leader among more of his units is the safer even where all of it would take him
    anywhere (a trial's leader, as likely taken everywhere, went with one infantry and was).
    `beaten`: as `blow`'s, after a battle the seat won there."""
    worst = 0.0
    for q in range(s.players):
        if q == seat or q in s.out or trusted(s, seat, q):
            continue
        theirs = blow(s, area, seat, q, beaten)
        if theirs.count:
            a, b, c, d = theirs.units
            half = Side((a // 2, b // 2, c // 2, d // 2), theirs.leader)
            chance = (_beaten(s, theirs, units) + _beaten(s, half, units)) / 2
            worst = max(worst, chance)
    return worst


def _beaten(s: State, theirs: Side, units: tuple[int, int, int, int]) -> float:
    """The chance that `theirs` wins against the leader with `units`."""
    if not theirs.count:
        return 0.0
    if not any(units):
        return 1.0
    hits = s.parts.setup.hits
    return odds.battle(theirs, Side(units, True), hits, hits[CAV]).win
