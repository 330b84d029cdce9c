"""The danger to a seat's leader: the chance that a rival's blow next turn captures him.

A leader whose side is wiped out in a battle is captured (Q21): the ransom (l.13), his +1
(l.39) and his 4 MP (l.28) lost, and, with the home taken too, every purchase (l.21; Q6).
The trials' aggressive players won by it: they bought infantry where their leader stood
(l.21) and struck the AI's leader, left with a levy or two. So a rival's blow at an area is
its units that reach it (3 MP, l.26; his band's 4, l.28) and, where its leader or its home
reaches it (his 4 MP; 3 MP for units bought at home), the infantry its next revenue buys
there (its treasury and income less its upkeep, l.5, l.14; levies where it has no infantry
area, l.22), with his +1 if he does, and what its fleets may land there from farther off, one
unit a fleet (l.29, l.31; a trial's player caught a sheltered leader so). A march stops on
entering an area with unfriendly units (l.27) and battles come after all movement (l.6-7),
so the seat's stacks screen the areas behind them: counted through them, every area within
a rival leader's 4 MP was as risky in mid-game, and the risk no longer steered the leader.
"""

from __future__ import annotations

from rules.successors import State, board, economy, movement
from rules.successors import state as st

from . import odds
from .odds import Side
from .reading import CAV, EL, INF, LEVY, NO, distance, leader_at, mine, sea_routes, trusted

REACH = 4  # a leader's band's MP (l.28): the farthest a rival's blow comes from
STRONGEST_FIRST = (EL, CAV, INF, LEVY)  # the unit a fleet takes aboard
GUARD_AT = 0.5  # a capture at least this likely: units are bought with him, he seeks shelter
Areas = frozenset[int]
NONE: Areas = frozenset()
Gone = tuple[int, Areas]  # (seat, areas): the seat's units there leave them


def blow(
    s: State, area: int, seat: int, rival: int, beaten: bool = False, gone: Areas = NONE
) -> Side:
    """What `rival` could strike the area with next turn: its units that reach it (3 MP, its
    leader's band 4, l.26, l.28; each stopped by unfriendly units, l.27), and what its next
    revenue buys with its leader or at its home (l.21), if it reaches the area from either;
    its leader's +1 if he does. `beaten`: the rival's units in the area itself are beaten
    there first (the seat's battle won), and its leader with them captured (Q21). `gone`:
    areas the seat's units leave, which screen the area no more (`reach`)."""
    setup = s.parts.setup
    lead = leader_at(s, rival)
    free = lead != NO and not (beaten and lead == area) and s.pinned[rival] == 0
    near = free and area in reach(s, rival, lead, setup.leader_mp, (seat, gone))
    units = [0, 0, 0, 0]
    for a in s.occupied[rival]:
        if a < s.parts.map.land and not (beaten and a == area):
            mp = setup.leader_mp if near and a == lead else setup.land_mp
            if area in reach(s, rival, a, mp, (seat, gone)):
                for t, n in enumerate(mine(s, a, rival)):
                    units[t] += n
    home = s.homes[rival]
    if near or (home != NO and area in reach(s, rival, home, setup.land_mp, (seat, gone))):
        kind = INF if INF in economy.symbols(s, rival) else LEVY
        units[kind] += bought(s, rival, setup.prices[kind], kind)
    for t, n in enumerate(landed(s, area, rival)):
        units[t] += n
    return Side((units[0], units[1], units[2], units[3]), near)


def bought(s: State, rival: int, price: int, kind: int) -> int:
    """The units of `kind` the rival's next revenue buys: its treasury and income less its
    upkeep (l.5, l.14), as many as its pool holds."""
    upkeep = board.unit_count(s, rival) * s.parts.setup.upkeep
    spend = s.money[rival] + board.income(s, rival) - upkeep
    return max(0, min(spend // price, s.pool[rival][kind]))


def reach(s: State, rival: int, start: int, mp: int, gone: Gone = (NO, NONE)) -> frozenset[int]:
    """The land areas the rival's units at `start` may enter with `mp` movement points (a
    rough area costs 2, l.26): they stop on entering an area with unfriendly units (l.27), so
    the seat's stacks screen the areas behind them, but for those of `gone`'s seat in its
    areas, which leave them."""
    m = s.parts.map
    spent = {start: 0}
    todo = [start]
    while todo:
        a = todo.pop()
        if a != start and stops(s, a, rival, gone):
            continue
        for b in m.adjacent[a]:
            cost = spent[a] + (s.parts.setup.rough_mp if m.rough[b] else 1)
            if b < m.land and cost <= mp and cost < spent.get(b, mp + 1):
                spent[b] = cost
                todo.append(b)
    return frozenset(spent)


def stops(s: State, area: int, rival: int, gone: Gone) -> bool:
    """Whether units of slots unfriendly to the rival stand in the area (l.27; Q11), those
    of `gone`'s seat (its own and its mercenaries) left out where they leave."""
    seat, left = gone
    if area not in left:
        return board.unfriendly_here(s, area, rival)
    t = s.totals[area]
    friends = (*board.friendly_slots(s, rival), seat, st.MERC + seat)
    return any(t[k] for k in range(st.SLOTS) if k not in friends)


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
    s: State,
    area: int,
    seat: int,
    units: tuple[int, int, int, int],
    beaten: bool = False,
    gone: Areas = NONE,
) -> float:
    """The chance that the rival striking hardest at the area wins a battle against the
    seat's leader there with `units` (none: he is taken alone, Q21). How much of its blow a
    rival sends is not known (it guards its own too): as likely all of it as half, so that
    a leader among more of his units is the safer even where all of it would take him
    anywhere (a trial's leader, as likely taken everywhere, went with one infantry and was).
    `beaten`, `gone`: as `blow`'s (after a battle the seat won there; areas it leaves)."""
    return struck(s, area, seat, units, True, beaten, gone)


def struck(
    s: State,
    area: int,
    seat: int,
    units: tuple[int, int, int, int],
    leader: bool,
    beaten: bool = False,
    gone: Areas = NONE,
) -> float:
    """The chance that the rival striking hardest at the area beats the seat's `units` there
    (with its `leader`'s +1, l.39), as `capture_chance` weighs a blow."""
    worst = 0.0
    for q in range(s.players):
        if q == seat or q in s.out or trusted(s, seat, q):
            continue
        theirs = blow(s, area, seat, q, beaten, gone)
        if theirs.count:
            a, b, c, d = theirs.units
            half = Side((a // 2, b // 2, c // 2, d // 2), theirs.leader)
            chance = (_beaten(s, theirs, units, leader) + _beaten(s, half, units, leader)) / 2
            worst = max(worst, chance)
    return worst


def falling(s: State, seat: int) -> Areas:
    """The seat's areas whose units, without the leader (who seeks a refuge elsewhere), a
    rival's blow likely beats next turn: the turn after, that rival stands there, and they
    screen the areas behind no more (a trial's leader sheltered in Phoenicia behind a lone
    levy in Syria; the person's army beat it, and he had no way out the next turn)."""
    return frozenset(
        a
        for a in s.occupied[seat]
        if a < s.parts.map.land and struck(s, a, seat, mine(s, a, seat), False) >= GUARD_AT
    )


def _beaten(s: State, theirs: Side, units: tuple[int, int, int, int], leader: bool) -> float:
    """The chance that `theirs` wins against the seat's `units` (and its leader)."""
    if not theirs.count:
        return 0.0
    if not any(units):
        return 1.0
    hits = s.parts.setup.hits
    return odds.battle(theirs, Side(units, leader), hits, hits[CAV]).win
