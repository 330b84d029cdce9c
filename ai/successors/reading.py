"""What the AI reads of a Successors position for a seat: its units and the others' by area,
what a unit is worth, how many revenue phases it still has, the strength that threatens an
area, and what the whole position is worth (in half points, the game's own score: l.66-68).

Everything here reads only what a seat's view shows (the map, the units, control, markers,
treasuries, leaders): never a hand, a standing order or the cup.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rules.successors import State, board, combat, components
from rules.successors import state as st

from .odds import Side

NO = st.NO
LEVY, INF, CAV, EL = (components.LEVY, components.INF, components.CAV, components.EL)
ELEPHANT_PRICE = 3  # what an elephant is worth: the dearest price of the table's offers


def seat_index(s: State, seat: str) -> int:
    return s.seats.index(seat)


def prices(s: State) -> tuple[int, int, int, int]:
    """A unit's worth by type (levy, inf, cav, el): its price (l.15-20)."""
    levy, inf, cav = s.parts.setup.prices
    return (levy, inf, cav, ELEPHANT_PRICE)


def mine(s: State, area: int, seat: int) -> tuple[int, int, int, int]:
    """The seat's units in a land area by type, its mercenaries with them."""
    row = s.units[area]
    a, b = seat * 4, (st.MERC + seat) * 4
    return (
        row[a] + row[b],
        row[a + 1] + row[b + 1],
        row[a + 2] + row[b + 2],
        row[a + 3] + row[b + 3],
    )


def foes(s: State, area: int, seat: int) -> tuple[int, int, int, int]:
    """The units in a land area that are not friendly to the seat (another player's not
    allied with it, and white rebels), by type."""
    row = s.units[area]
    friends = board.friendly_slots(s, seat)
    out = [0, 0, 0, 0]
    for slot in range(st.SLOTS):
        if slot in friends:
            continue
        base = slot * 4
        for t in range(4):
            out[t] += row[base + t]
    return (out[0], out[1], out[2], out[3])


def rivals_here(s: State, area: int, seat: int) -> list[int]:
    """The seats, not allied with `seat`, with units in the area."""
    return [q for q in board.occupants(s, area) if q != seat and not board.allied(s, seat, q)]


def leader_at(s: State, seat: int) -> int:
    """The seat's leader's land area, or NO (a captive, at sea, not yet placed)."""
    at = s.leaders[seat]
    return at if 0 <= at < s.parts.map.land else NO


def gives_bonus(s: State, seat: int, area: int) -> bool:
    return leader_at(s, seat) == area and s.pinned[seat] < 2


def side(s: State, area: int, seat: int, units: Sequence[int] | None = None) -> Side:
    u = tuple(units) if units is not None else mine(s, area, seat)
    return Side((u[0], u[1], u[2], u[3]), gives_bonus(s, seat, area))


def battle_sides(s: State, area: int, seat: int, against: str) -> tuple[Side, Side]:
    """The seat's side and the other's in a battle there against `against` (a colour, or
    "white"), each with the allies who fight beside it (l.32; Q12): the phasing player's side
    attacks (Q14), whichever of them asks for the battle."""
    if against == "white":
        return _side_of(s, area, combat.attacking_slots(s, area, seat, st.WHITE)), white_side(
            s, area
        )
    q = s.seats.index(against)
    p, d = (q, seat) if q == s.current else (seat, q)
    attackers = _side_of(s, area, combat.attacking_slots(s, area, p, d))
    defenders = _side_of(s, area, combat.defending_slots(s, area, p, d))
    return (attackers, defenders) if p == seat else (defenders, attackers)


def _side_of(s: State, area: int, slots: Sequence[int]) -> Side:
    u = board.type_counts(s, area, slots)
    seats = {board.slot_seat(x) for x in slots} - {st.NO}
    leads = any(gives_bonus(s, k, area) for k in seats)
    return Side((u[0], u[1], u[2], u[3]), leads)


def sides_fighting(s: State, seat: int) -> tuple[Side, Side] | None:
    """The seat's side and the other in the battle being fought, each with every slot on it
    (a called ally's units beside the caller's, l.32; Q12), or None with no battle."""
    b = s.battle
    if b is None:
        return None
    attacking = any(board.slot_seat(x) == seat for x in b.attackers)
    ours, theirs = (b.attackers, b.defenders) if attacking else (b.defenders, b.attackers)
    return _slots_side(s, b.area, ours), _slots_side(s, b.area, theirs)


def _slots_side(s: State, area: int, slots: Sequence[int]) -> Side:
    return white_side(s, area) if tuple(slots) == (st.WHITE,) else _side_of(s, area, slots)


def white_side(s: State, area: int) -> Side:
    row = s.units[area]
    base = st.WHITE * 4
    return Side((row[base], row[base + 1], row[base + 2], row[base + 3]))


def foe_side(s: State, area: int, seat: int) -> Side:
    """The unfriendly units in an area as one side, with a rival leader's +1 if one is
    there."""
    leader = any(gives_bonus(s, q, area) for q in rivals_here(s, area, seat))
    return Side(foes(s, area, seat), leader)


def worth_of(s: State, units: Sequence[int]) -> float:
    p = prices(s)
    return float(sum(n * p[t] for t, n in enumerate(units)))


def revenues_left(s: State, seat: int) -> int:
    """The revenue phases the seat still has (l.5): the turns after this one, and this
    one's if its player turn is still to come."""
    turns = s.parts.setup.turns
    if s.phase == "setup":
        return turns
    if s.phase == "over":
        return 0
    later = 0
    if seat in s.order and s.current in s.order:
        later = int(s.order.index(seat) > s.order.index(s.current))
    return max(0, turns - s.turn) + later


def last_turn(s: State) -> bool:
    return s.phase == "play" and s.turn >= s.parts.setup.turns


UNREACHED = 99  # the distance to an area no land path reaches (an island)


@cache
def _distances(m: components.Map) -> tuple[tuple[int, ...], ...]:
    """Movement points between land areas over land (rough areas cost 2 to enter), ignoring
    who stands where: for threats and for targets beyond a turn's reach."""
    far = UNREACHED
    n = m.land
    out = []
    for start in range(n):
        dist = [far] * n
        dist[start] = 0
        todo = [start]
        while todo:
            todo.sort(key=lambda a: dist[a])
            a = todo.pop(0)
            for b in m.adjacent[a]:
                d = dist[a] + (2 if m.rough[b] else 1)
                if d < dist[b]:
                    dist[b] = d
                    todo.append(b)
        out.append(tuple(dist))
    return tuple(out)


def distance(s: State, a: int, b: int) -> int:
    return _distances(s.parts.map)[a][b]


@cache
def _within(m: components.Map, mp: int) -> tuple[tuple[int, ...], ...]:
    d = _distances(m)
    return tuple(tuple(b for b in range(m.land) if d[a][b] <= mp) for a in range(m.land))


def within(s: State, area: int, mp: int) -> tuple[int, ...]:
    """The land areas at most `mp` movement points from `area` over land (itself too),
    whoever stands where."""
    return _within(s.parts.map, mp)[area]


def trusted(s: State, seat: int, q: int) -> bool:
    """Whether `q` is the seat itself or an ally whose alliance no side has ended: an end
    announced takes effect at its ender's next player turn (l.32; Q12), before the rival
    may move again (a trial's AI sent its leader alone into the area of an ally it was
    leaving, and lost him and the game)."""
    return board.allied(s, seat, q) and (seat, q) not in s.breaks and (q, seat) not in s.breaks


def threat(s: State, area: int, seat: int, reach: int = 4) -> float:
    """The most strength one rival could bring into the area next (its units within
    `reach` movement points, in units weighed by their dice: a levy half an infantry)."""
    near = within(s, area, reach)
    best = 0.0
    for q in range(s.players):
        if q == seat or q in s.out or trusted(s, seat, q):
            continue
        total = 0.0
        for a in near:
            if board.seat_units(s, a, q):
                u = mine(s, a, q)
                total += 0.5 * u[LEVY] + u[INF] + 1.3 * u[CAV] + u[EL]
        best = max(best, total)
    return best


def strength(units: Sequence[int]) -> float:
    """A stack's fighting strength in the same measure as `threat`."""
    return 0.5 * units[LEVY] + units[INF] + 1.3 * units[CAV] + units[EL]


def worth(s: State, seat: int) -> float:
    """The position's worth to the seat, in half points: its treasury (l.68), its units at
    their price, the tax of the areas it controls for each revenue phase it has left
    (l.5), twice the value of the areas its units alone occupy (l.66), and the ransoms
    owed (l.13)."""
    i = seat
    if i in s.out:
        return -100.0
    m = s.parts.map
    value = m.value
    left = revenues_left(s, i)
    total = float(s.money[i])
    p = prices(s)
    fleet = s.parts.setup.fleet_in_port
    for area in range(m.land):
        u = mine(s, area, i)
        total += u[0] * p[0] + u[1] * p[1] + u[2] * p[2] + u[3] * p[3]
        if s.control[area] == i:
            total += value[area] * left
        if board.alone_in(s, area) == i:
            total += 2 * value[area]
    total += fleet * board.fleet_count(s, i)
    ransom = s.parts.setup.ransom
    for k, at in enumerate(s.leaders):
        if at >= st.CAPTIVE:
            if k == i:
                total -= ransom
            elif at - st.CAPTIVE == i:
                total += ransom
    return total


def cav_hit(s: State) -> int:
    return s.parts.setup.hits[CAV]


def sea_routes(s: State, seat: int, place: int, mp: int) -> dict[int, tuple[int, ...]]:
    """The seas a fleet at `place` may sail into with `mp` (1 MP each, Q23), each with its
    shortest way (the seas entered): a sea with enemy fleets stops a fleet (l.29), so none is
    crossed or sought."""
    m = s.parts.map
    routes: dict[int, tuple[int, ...]] = {}
    todo: list[tuple[int, tuple[int, ...]]] = [(place, ())]
    while todo:
        later = []
        for at, route in todo:
            if len(route) >= mp:
                continue
            seas = m.seas[at] if at < m.land else [m.land + t for t in m.sea_adjacent[at - m.land]]
            for sea in seas:
                if sea == place or sea in routes or combat.enemy_fleets(s, sea, seat):
                    continue
                routes[sea] = (*route, sea)
                later.append((sea, routes[sea]))
        todo = later
    return routes
