"""The pieces on the map: counting, friendship, placing and removing, control.

Every function that changes a state changes the working copy the engine made for the step
(`State.clone`), replacing the tuples it touches; no state returned by the engine is changed.
A tuple is copied to a list by unpacking (`[*t]`: no call, quicker than `list(t)`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from itertools import compress
from typing import Generic, TypeVar

from .components import CAV, EL, INF, LEVY, RANK
from .state import CAPTIVE, MERC, NO, NO_MARKER, POOL_FLEETS, SLOTS, WHITE, Force, State

# Types in the order of their class, best first (l.44): cav, inf, el, levy.
BY_RANK = tuple(sorted(range(4), key=lambda t: RANK[t]))


def in_force(f: Force | None, area: int, c: int) -> int:
    """Units of a code in the land force under way at `area`: they move on with it, so no
    chit takes them from the area meanwhile."""
    if f is None or f.fleets or f.place != area:
        return 0
    return sum(g[3] for g in f.groups if g[0] == c)


def standing(s: State, area: int, c: int) -> int:
    """Units of a code in an area and not in the land force under way there."""
    return s.units[area][c] - in_force(s.force, area, c)


def loss_order(hit: int) -> tuple[int, ...]:
    """The types a hit of type `hit` takes, in turn (l.40-44): the same type, then the better
    classes from the closest up, then the worse ones from the closest down (Q16)."""
    r = RANK[hit]
    better = [BY_RANK[k] for k in range(r - 1, -1, -1)]
    worse = [BY_RANK[k] for k in range(r + 1, 4)]
    return (hit, *better, *worse)


LOSS_ORDER = tuple(loss_order(t) for t in range(4))
assert LOSS_ORDER[CAV] == (CAV, INF, EL, LEVY) and LOSS_ORDER[LEVY] == (LEVY, EL, INF, CAV)


def own_slots(seat: int) -> tuple[int, int]:
    """A seat's units: its colour and its mercenaries."""
    return (seat, MERC + seat)


def slot_seat(slot: int) -> int:
    """The seat a slot belongs to, or NO for the white rebels and invaders."""
    if slot < WHITE:
        return slot
    return NO if slot == WHITE else slot - MERC


# per unit code: the seat it belongs to, or NO (white)
SEAT_OF_CODE = tuple(slot_seat(c // 4) for c in range(SLOTS * 4))


def allied(s: State, a: int, b: int) -> bool:
    if a == b:
        return True
    pair = (a, b) if a < b else (b, a)
    return pair in s.alliances


def allied_since(s: State, a: int, b: int) -> int:
    """The game turn the alliance of `a` and `b` was made in."""
    pair = (a, b) if a < b else (b, a)
    return next(turn for x, y, turn in s.allied_since if (x, y) == pair)


def allies_of(s: State, seat: int) -> tuple[int, ...]:
    return tuple(b if a == seat else a for a, b in s.alliances if seat in (a, b))


def friendly_slots(s: State, seat: int) -> tuple[int, ...]:
    """The slots friendly to `seat` (rule 2.0, F; Q11): its own, its mercenaries, its allies'
    and their mercenaries."""
    out = [seat, MERC + seat]
    for ally in allies_of(s, seat):
        out += (ally, MERC + ally)
    return tuple(sorted(out))


R = TypeVar("R")
T = TypeVar("T")
Changes = tuple[tuple[int, int], ...]  # (place, seat): where a seat's pieces changed


class ByIdentity(Generic[T, R]):
    """A function of one immutable part of a state (its control), remembered for the last
    few parts asked, by identity: the states of a turn share a part until it changes, and
    ask for the same facts of it at every step."""

    def __init__(self, fn: Callable[[T], R], size: int = 8) -> None:
        self.fn = fn
        self.size = size
        self.items: list[tuple[T, R]] = []
        self.last: tuple[T, R] | None = None  # the first of `items`: most often asked again

    def __call__(self, part: T) -> R:
        last = self.last
        if last is not None and last[0] is part:
            return last[1]
        for known, result in self.items:
            if known is part:
                return result
        result = self.fn(part)
        self.remember(part, result)
        return result

    def known(self, part: T) -> R | None:
        """The result for `part` if it is the last asked, else None (nothing is made)."""
        last = self.last
        return last[1] if last is not None and last[0] is part else None

    def remember(self, part: T, result: R) -> None:
        """`result` for `part`, worked out by the caller (patched from a part before)."""
        items = self.items
        if len(items) >= self.size:
            items.pop()
        self.last = (part, result)
        items.insert(0, self.last)


def _toggled(places: tuple[int, ...], p: int) -> tuple[int, ...]:
    """Sorted places with `p` taken out, or put in."""
    i = bisect_left(places, p)
    if i < len(places) and places[i] == p:
        return places[:i] + places[i + 1 :]
    return (*places[:i], p, *places[i:])


def _places_patched(
    column: int,
    known: tuple[tuple[int, ...], ...],
    old: tuple[tuple[int, ...], ...],
    rows: tuple[tuple[int, ...], ...],
    at: Changes,
) -> tuple[tuple[int, ...], ...]:
    """Each seat's places (where `rows` count some of its pieces in column `column` + seat),
    known before its pieces changed at the places `at`, patched where they came or left (a
    step changes a row or two of 36)."""
    out: list[tuple[int, ...]] | None = None
    for p, seat in at:
        if (old[p][column + seat] > 0) != (rows[p][column + seat] > 0):
            out = out or list(known)
            out[seat] = _toggled(out[seat], p)
    return known if out is None else tuple(out)


def _held(control: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    out: tuple[list[int], ...] = ([], [], [], [])
    for a, seat in enumerate(control):
        if seat != NO:
            out[seat].append(a)
    return tuple(map(tuple, out))


# per seat: the areas it controls
held = ByIdentity(_held)


def _marked(markers: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(compress(range(len(markers)), markers))  # NO_MARKER is 0


# the areas with a Revolt or Invasion marker (they stay for turns)
marked = ByIdentity(_marked)


def units_of(s: State, area: int, slots: Iterable[int]) -> int:
    t = s.totals[area]
    n = 0
    for k in slots:  # (a loop: a battle counts its sides' few slots several times a step)
        n += t[k]
    return n


def seat_units(s: State, area: int, seat: int) -> int:
    return s.totals[area][9 + seat]


def unfriendly_here(s: State, area: int, seat: int) -> bool:
    """Units of a slot not friendly to `seat` in a land area (l.27; Q11): every slot's units
    there, more than its own and its allies' (each seat's counting its mercenaries)."""
    t = s.totals[area]
    friendly = t[9 + seat]
    for a, b in s.alliances:
        if seat in (a, b):
            friendly += t[9 + a + b - seat]
    return t[13] + t[WHITE] > friendly


def occupants(s: State, area: int) -> tuple[int, ...]:
    """The seats with units in a land area (their own or their mercenaries)."""
    t = s.totals[area]
    if not t[13]:
        return ()
    return tuple(seat for seat in range(len(s.seats)) if t[9 + seat])


def whites_in(s: State, area: int) -> int:
    return s.totals[area][WHITE]


def leaders_in(s: State, area: int) -> tuple[int, ...]:
    return tuple(seat for seat, at in enumerate(s.leaders) if at == area)


def _tally(totals: list[int], c: int, n: int) -> None:
    """An area's totals (`row_totals`) with `n` more units of code `c`: its slot's, its
    seat's and all the seats' (white units are counted in their slot only)."""
    totals[c // 4] += n
    seat = SEAT_OF_CODE[c]
    if seat != NO:
        totals[9 + seat] += n
        totals[13] += n


def _seat_places(
    occupied: tuple[tuple[int, ...], ...],
    seat: int,
    area: int,
    before: tuple[int, ...] | list[int],
    after: list[int],
) -> tuple[tuple[int, ...], ...]:
    """Each seat's places (`State.occupied`) once its units at `area` went from `before` to
    `after` (the area's totals): the area put in or taken out where it came or left."""
    if (before[9 + seat] > 0) == (after[9 + seat] > 0):
        return occupied
    places = [*occupied]
    places[seat] = _toggled(places[seat], area)
    return tuple(places)


def add_units(s: State, area: int, c: int, n: int) -> None:
    """`n` units of code `c` into (or, negative, out of) a land area; the pool is apart."""
    row = [*s.units[area]]
    row[c] += n
    if row[c] < 0:
        raise AssertionError(f"fewer than none of unit {c} in area {area}")
    units = [*s.units]
    units[area] = tuple(row)
    s.units = tuple(units)
    before = s.totals[area]
    after = [*before]
    _tally(after, c, n)
    totals = [*s.totals]
    totals[area] = tuple(after)
    s.totals = tuple(totals)
    seat = SEAT_OF_CODE[c]
    if seat != NO:
        s.occupied = _seat_places(s.occupied, seat, area, before, after)


def move_units(s: State, frm: int, to: int, counts: Mapping[int, int]) -> None:
    """One seat's units (code -> count: a force's, a retreat's) from one land area into
    another, both rows made once."""
    units, totals = [*s.units], [*s.totals]
    a, b = [*units[frm]], [*units[to]]
    ta, tb = [*totals[frm]], [*totals[to]]
    mover = NO
    for c, n in counts.items():
        a[c] -= n
        b[c] += n
        if a[c] < 0:
            raise AssertionError(f"fewer than none of unit {c} in area {frm}")
        ta[c // 4] -= n  # as `_tally`: the slot's, then the seat's and all the seats'
        tb[c // 4] += n
        seat = SEAT_OF_CODE[c]
        if seat != NO:
            ta[9 + seat] -= n
            tb[9 + seat] += n
            ta[13] -= n
            tb[13] += n
            mover = seat
    came = mover != NO and not totals[to][9 + mover] and tb[9 + mover]
    gone = mover != NO and not ta[9 + mover] and totals[frm][9 + mover]
    units[frm], units[to] = tuple(a), tuple(b)
    totals[frm], totals[to] = tuple(ta), tuple(tb)
    s.units, s.totals = tuple(units), tuple(totals)
    if came or gone:  # its units left `frm`, came into `to`: its places change
        places = [*s.occupied]
        if gone:
            places[mover] = _toggled(places[mover], frm)
        if came:
            places[mover] = _toggled(places[mover], to)
        s.occupied = tuple(places)


def from_pool(s: State, slot: int, kind: int, n: int) -> int:
    """Take up to `n` counters of a type from the slot's pool (a seat's, or the white one
    for rebels and mercenaries); returns how many there were (F: units not in the pool are
    not received)."""
    if slot < WHITE:
        have = s.pool[slot][kind]
        got = min(n, have)
        pool = [*s.pool]
        row = [*pool[slot]]
        row[kind] -= got
        pool[slot] = tuple(row)
        s.pool = tuple(pool)
        return got
    have = s.white_pool[kind]
    got = min(n, have)
    white = [*s.white_pool]
    white[kind] -= got
    s.white_pool = tuple(white)
    return got


def to_pool(s: State, slot: int, kind: int, n: int) -> None:
    if slot < WHITE:
        pool = [*s.pool]
        row = [*pool[slot]]
        row[kind] += n
        pool[slot] = tuple(row)
        s.pool = tuple(pool)
    else:
        white = [*s.white_pool]
        white[kind] += n
        s.white_pool = tuple(white)


def place(s: State, area: int, slot: int, kind: int, n: int) -> int:
    """Up to `n` units of the slot's pool placed in a land area; how many were."""
    got = from_pool(s, slot, kind, n)
    if got:
        add_units(s, area, slot * 4 + kind, got)
    return got


def remove(s: State, area: int, c: int, n: int = 1) -> None:
    """Units removed from a land area back to their pool (a loss, a desertion)."""
    add_units(s, area, c, -n)
    to_pool(s, c // 4, c % 4, n)


def add_fleets(s: State, at: int, seat: int, n: int) -> None:
    row = [*s.fleets[at]]
    row[seat] += n
    if row[seat] < 0:
        raise AssertionError(f"fewer than no fleets of seat {seat} at {at}")
    fleets = [*s.fleets]
    fleets[at] = tuple(row)
    old, s.fleets = s.fleets, tuple(fleets)
    s.fleet_places = _places_patched(0, s.fleet_places, old, s.fleets, ((at, seat),))


def move_fleets(s: State, frm: int, to: int, seat: int, n: int) -> None:
    """A seat's `n` fleets from one place to another, both rows made once."""
    a, b = [*s.fleets[frm]], [*s.fleets[to]]
    a[seat] -= n
    b[seat] += n
    if a[seat] < 0:
        raise AssertionError(f"fewer than no fleets of seat {seat} at {frm}")
    fleets = [*s.fleets]
    fleets[frm], fleets[to] = tuple(a), tuple(b)
    old, s.fleets = s.fleets, tuple(fleets)
    s.fleet_places = _places_patched(0, s.fleet_places, old, s.fleets, ((frm, seat), (to, seat)))


def place_fleet(s: State, at: int, seat: int) -> bool:
    if s.pool[seat][POOL_FLEETS] < 1:
        return False
    from_pool(s, seat, POOL_FLEETS, 1)
    add_fleets(s, at, seat, 1)
    return True


def remove_fleets(s: State, at: int, seat: int, n: int = 1) -> None:
    add_fleets(s, at, seat, -n)
    to_pool(s, seat, POOL_FLEETS, n)


def fleet_count(s: State, seat: int) -> int:
    """A seat's fleets on the map: its mix less its pool (fleets are nowhere else)."""
    return s.parts.setup.colour_mix[POOL_FLEETS] - s.pool[seat][POOL_FLEETS]


def unit_count(s: State, seat: int) -> int:
    """A seat's units, what it pays upkeep for (l.14; Q4): its counters off the pool (on the
    map, aboard a moving fleet), and its mercenaries."""
    n = sum(s.parts.setup.colour_mix) - sum(s.pool[seat])
    return n + mercenaries_of(s, seat) if white_out(s) else n


_LAST_WHITE: list[object] = [None, None, None, False]  # the last map, pool, markers; the answer


def lone_mercenaries(s: State, seat: int) -> tuple[int, ...]:
    """The land areas where the seat's mercenaries stand with none of its units nor its
    leader: at a phase's end they desert (ours, facts 4.8)."""
    m, own = (MERC + seat) * 4, seat * 4
    leader = s.leaders[seat]
    return tuple(
        area
        for area, row in enumerate(s.units[: s.parts.map.land])
        if any(row[m : m + 4]) and not any(row[own : own + 4]) and leader != area
    )


def mercenaries_on_map(s: State, seat: int) -> int:
    m = (MERC + seat) * 4
    return sum(sum(row[m : m + 4]) for row in s.units)


def white_out(s: State) -> bool:
    """Whether any white counter is off the pool other than the rebels of marked areas (the
    only place rebels stand, Q27): a mercenary on the map or aboard. The last map, pool and
    markers asked are remembered by identity (a step asks several times)."""
    last = _LAST_WHITE
    if last[0] is s.totals and last[1] is s.white_pool and last[2] is s.markers:
        return bool(last[3])
    white = sum(s.parts.setup.white_mix) - sum(s.white_pool)
    out = False
    if white:
        totals = s.totals
        rebels = sum([totals[a][WHITE] for a in marked(s.markers)])
        out = white > rebels
    last[0], last[1], last[2], last[3] = s.totals, s.white_pool, s.markers, out
    return out


def mercenaries_of(s: State, seat: int) -> int:
    m = MERC + seat
    n = sum(t[m] for t in s.totals)
    f = s.force
    if f is not None and f.fleets:
        n += sum(g[3] for g in f.groups if g[0] // 4 == m)
    return n


def aboard(s: State, seat: int) -> int:
    f = s.force
    if f is None or f.seat != seat or not f.fleets:
        return 0
    return sum(g[3] for g in f.groups)


def set_leader(s: State, seat: int, at: int) -> None:
    leaders = [*s.leaders]
    leaders[seat] = at
    s.leaders = tuple(leaders)


def refuge(s: State, seat: int) -> int:
    """Where a leader sent home goes (Q21, Q30): home; where his home holds unfriendly units,
    the area of his own units nearest it that holds none (the first in map order of the
    nearest), so that going home does not hand him to another captor; NO when none may."""
    home = s.homes[seat]
    if not unfriendly_here(s, home, seat):
        return home
    adjacent, land = s.parts.map.adjacent, s.parts.map.land
    ring, seen = [home], {home}
    while ring:
        safe = [a for a in ring if seat_units(s, a, seat) and not unfriendly_here(s, a, seat)]
        if safe:
            return min(safe)
        ring = sorted({b for a in ring for b in adjacent[a] if b < land} - seen)
        seen.update(ring)
    return NO


def captive(s: State, seat: int) -> bool:
    return s.leaders[seat] >= CAPTIVE


def set_money(s: State, seat: int, amount: int) -> None:
    money = [*s.money]
    money[seat] = amount
    s.money = tuple(money)


def gain(s: State, seat: int, amount: int) -> None:
    set_money(s, seat, s.money[seat] + amount)


def set_marker(s: State, area: int, marker: int) -> None:
    markers = [*s.markers]
    markers[area] = marker
    s.markers = tuple(markers)
    if marker != NO_MARKER:
        set_control(s, area, NO)  # Q27: a marked area has no controller


def set_control(s: State, area: int, seat: int) -> None:
    old = s.control[area]
    if old == seat:
        return
    control = [*s.control]
    control[area] = seat
    new = tuple(control)
    known = held.known(s.control)
    if known is not None:  # the seats' areas patched where the area changed hands
        areas = list(known)
        if old != NO:
            areas[old] = _toggled(areas[old], area)
        if seat != NO:
            areas[seat] = _toggled(areas[seat], area)
        held.remember(new, tuple(areas))
    s.control = new


def controller_by_units(s: State, area: int) -> int:
    """The seat l.10 and Q3 give a land area now: the one whose units are alone there or
    the most numerous; on a tie, or with nobody there, the controller stays."""
    t = s.totals[area]
    best, most, tied = s.control[area], 0, False
    if not t[13] or (best != NO and t[9 + best] == t[13]):
        return best  # nobody there, or the controller's units alone
    for seat in range(len(s.seats)):
        n = t[9 + seat]
        if n > most:
            best, most, tied = seat, n, False
        elif n == most and n:
            tied = True
    if not most or tied:
        return s.control[area]
    return best


def update_control(s: State) -> list[int]:
    """Control after a combat phase (Q3): every unmarked area where one seat's units are
    alone or the most numerous goes to it. Returns the areas that changed hands."""
    changed = []
    markers, totals = s.markers, s.totals
    for areas in s.occupied:  # (an area two seats occupy is seen twice: the second keeps it)
        for area in areas:
            if markers[area] != NO_MARKER:
                continue  # marked: no controller (Q27); an area with no unit keeps its own
            held, t = s.control[area], totals[area]
            if held != NO and t[9 + held] == t[13]:
                continue  # its controller's units alone
            seat = controller_by_units(s, area)
            if seat != held:
                set_control(s, area, seat)
                changed.append(area)
    changed.sort()
    return changed


def controls(s: State, seat: int) -> tuple[int, ...]:
    return held(s.control)[seat]


def income(s: State, seat: int) -> int:
    """Tax (l.5; Q4): the values of the areas the seat controls (a marked area has none)."""
    value = s.parts.map.value
    return sum([value[a] for a in held(s.control)[seat]])


def alone_in(s: State, area: int) -> int:
    """The seat whose units alone occupy an unmarked land area (l.66; Q33: its own
    mercenaries do not spoil it, an ally's units do), or NO."""
    if s.markers[area] != NO_MARKER:
        return NO
    t = s.totals[area]
    every = t[13]
    if not every or t[WHITE]:
        return NO
    for seat in range(len(s.seats)):
        if t[9 + seat]:  # the first seat there: alone if its units are all of them
            return seat if t[9 + seat] == every else NO
    return NO


def ledger(entries: tuple[tuple[int, int, int], ...], a: int, b: int) -> int:
    """The count a ledger of (a, b, count) entries holds for (a, b)."""
    for x, y, n in entries:
        if x == a and y == b:
            return n
    return 0


def ledger_add(
    entries: tuple[tuple[int, int, int], ...], a: int, b: int, n: int
) -> tuple[tuple[int, int, int], ...]:
    out = []
    found = False
    for x, y, m in entries:
        if x == a and y == b:
            found = True
            m += n
        if m:
            out.append((x, y, m))
    if not found and n:
        out.append((a, b, n))
    return tuple(sorted(out))


def ledger_added(
    entries: tuple[tuple[int, int, int], ...], more: Iterable[tuple[int, int, int]]
) -> tuple[tuple[int, int, int], ...]:
    """A ledger with several (a, b, count) entries added at once (as `ledger_add` each)."""
    counts = {(x, y): m for x, y, m in entries}
    for a, b, n in more:
        counts[a, b] = counts.get((a, b), 0) + n
    return tuple(sorted([(x, y, m) for (x, y), m in counts.items() if m]))


def type_counts(s: State, area: int, slots: Iterable[int]) -> list[int]:
    """Units of the slots in an area, by type."""
    row = s.units[area]
    out = [0, 0, 0, 0]
    for k in slots:
        for t in range(4):
            out[t] += row[k * 4 + t]
    return out


LAND_TYPES = (LEVY, INF, CAV, EL)
