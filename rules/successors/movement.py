"""Movement (l.25-32; Q9-Q12, Q22-Q24): forces formed and moved step by step.

A seat moves one force at a time: pieces of one area taken into it (`Take`), then marched
area by area (`March`), more pieces joining where it stands, some dropped off on the way,
until it halts; a naval force is fleets of one place (`TakeFleets`) sailing sea by sea, troops
and the leader embarking and landing on the way (l.31: no cost). A unit's move is over once
its force has moved and halts or leaves it (ours: a force moves once, so each unit and fleet
moves once a phase). Each unit has 3 MP (l.26), 4 while it moves with the leader it began the
phase with (l.28; Q10); entering a rough area costs 2 (l.26), and entering an area with
unfriendly units ends the move (l.27; Q11). Fleets have 5 MP, 1 for each sea or port entered
(Q23); meeting enemy fleets stops them, a battle follows if either side wants it (l.29, l.51),
and no fleet enters a port of a player it is not allied with (l.30).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any, Final

from ..words import count_of, listed
from . import board
from .board import in_force, ledger, ledger_add
from .combat import enemy_fleets, send_home
from .components import TYPES, Map
from .economy import push, say
from .names import area_name, piece_code, piece_word, title, unit_noun, units_text
from .state import (
    CAPTIVE,
    MERC,
    NO,
    Action,
    Call,
    Decline,
    Drop,
    Embark,
    EndMove,
    Fight,
    Force,
    Frame,
    Halt,
    Land,
    Lose,
    March,
    Sail,
    State,
    Take,
    TakeFleets,
    made,
)

# a seat's own unit codes, and how the seat writes each: "inf", "merc inf"
OWN_CODES: Final = tuple(
    tuple(range(seat * 4, seat * 4 + 4)) + tuple(range((MERC + seat) * 4, (MERC + seat) * 4 + 4))
    for seat in range(4)
)
OWN_WORDS: Final = tuple(TYPES) + tuple(f"merc {t}" for t in TYPES)
END_MOVE: Final = EndMove()
HALT_OR_END: Final = (Halt(), END_MOVE)


def own_codes(seat: int) -> tuple[int, ...]:
    return OWN_CODES[seat]


def start(s: State, seat: int) -> None:
    """The seat's movement begins: the area its leader stands in gives his band (l.28)."""
    band = list(s.band) if s.band else [NO] * s.players
    at = s.leaders[seat]
    band[seat] = at if 0 <= at < s.parts.map.land and s.pinned[seat] == 0 else NO
    s.band = tuple(band)


def can_move(s: State, seat: int) -> bool:
    at = s.leaders[seat]
    leader = 0 <= at < s.parts.map.land and s.pinned[seat] == 0
    return leader or board.unit_count(s, seat) > 0


def nothing_to_move(s: State, seat: int) -> str:
    """Why a seat has no movement phase: no unit nor fleet, and its leader held."""
    at = s.leaders[seat]
    if at >= CAPTIVE:
        leader = f"its leader captive of {title(s, at - CAPTIVE)} (Q21)"
    elif 0 <= at < s.parts.map.land:
        leader = "its leader may not move this game turn (the event)"
    else:
        leader = "no leader on the map"
    return f"nothing to move: no unit, and {leader}"


def moved_any(s: State, seat: int) -> bool:
    """Whether any unit, fleet or the leader of the seat's moved in this movement phase."""
    mine = (seat, MERC + seat)
    return (
        bool(s.sea_fights)  # only a mover's fleets fight at sea: its own, or a force sunk
        or seat in s.leader_moved
        or any(c // 4 in mine for _, c, _ in s.moved)
        or any(k == seat for _, k, _ in s.sailed)
    )


def end(s: State) -> None:
    """The movement phase is over: what moved no longer matters (landings and entries do,
    for the battles)."""
    s.moved = ()
    s.sailed = ()
    s.leader_moved = ()
    s.band = ()
    s.called = ()
    s.boosts = (0, 0)
    s.force = None


# --- what may move --------------------------------------------------------------------------


def available(s: State, area: int, c: int) -> int:
    """Units of a code in an area that may still join a land force."""
    return s.units[area][c] - ledger(s.moved, area, c) - in_force(s.force, area, c)


def leader_free(s: State, seat: int) -> bool:
    """The seat's leader may join a force: on the land, not pinned, his move not over."""
    at = s.leaders[seat]
    if not 0 <= at < s.parts.map.land or s.pinned[seat] or seat in s.leader_moved:
        return False
    f = s.force
    return f is None or f.seat != seat or f.leader == NO  # not aboard


def fleets_free(s: State, seat: int, at: int) -> int:
    n = s.fleets[at][seat] - ledger(s.sailed, at, seat)
    f = s.force
    if f is not None and f.fleets and f.place == at:
        n -= f.fleets
    return n


def mp_left(s: State, f: Force) -> int:
    """The MP the force may still spend: the least of its pieces' (l.26, l.28; Q10)."""
    setup = s.parts.setup
    if f.fleets:
        return setup.fleet_mp + f.bonus - f.spent
    if f.leader == NO:  # each unit its 3 MP from when it joined (l.26)
        groups = f.groups  # in the order they joined: the first joined with the least spent
        return setup.land_mp - f.spent + groups[0][1] if groups else 99
    left = setup.leader_mp + f.bonus - (f.spent - f.leader)
    for _, joined, band, _ in f.groups:
        limit = setup.leader_mp if band and f.leader == 0 else setup.land_mp
        left = min(left, limit + f.bonus - (f.spent - joined))
    return left


def entry_cost(s: State, to: int) -> int:
    return s.parts.setup.rough_mp if s.parts.map.rough[to] else 1


def cargo(f: Force) -> int:
    return sum(carried(f.groups).values()) if f.fleets else 0


def fleet_room(f: Force) -> int:
    """The units a naval force's fleets may still take aboard: one a fleet for the whole
    move (l.31; Q24), so a fleet whose unit has landed takes no other."""
    return max(0, f.fleets - cargo(f) - f.landed)


def options(s: State, frame: Frame) -> list[Action]:
    """Every movement step now of the seat of a "move" frame (`frame[1]`; `frame[2]`, its
    caller: the phasing seat when it moves as an ally, else NO)."""
    f = s.force
    if f is None:
        return _new_force_options(s, frame[1], frame[2])
    if f.fleets:
        return _naval_options(s, frame[1], f)
    return _land_options(s, frame[1], f)


@lru_cache(maxsize=1024)
def marches(m: Map, place: int, rough: bool) -> tuple[March, ...]:
    """The marches from an area into its neighbours (rough ones too, or not)."""
    return tuple(made(March, m.ids[to]) for to in m.adjacent[place] if rough or not m.rough[to])


@lru_cache(maxsize=4096)
def takes(at: str, word: str, n: int) -> tuple[Take, ...]:
    """Take 1, or all `n`, of a piece at a place (a person's order takes other counts by ones):
    the same step objects each time (each is immutable), made once."""
    one = made(Take, at, word, 1)
    return (one,) if n == 1 else (one, made(Take, at, word, n))


@lru_cache(maxsize=8192)
def counted(kind: type[Action], fields: tuple[str, ...], n: int) -> tuple[Action, ...]:
    """The steps of a kind with its fields and each count from 1 to `n`: the same step
    objects each time, made once."""
    return tuple(made(kind, *fields, k) for k in range(1, n + 1))


# per seat: its eight unit codes (its colour's, then its mercenaries'), each with its word
OWN_PIECES: Final = tuple(tuple(zip(OWN_CODES[seat], OWN_WORDS, strict=True)) for seat in range(4))
# per seat: the word of each of its codes (a force carries only its seat's units)
OWN_WORD: Final = tuple(dict(pieces) for pieces in OWN_PIECES)
OWN_CODE: Final = tuple({word: c for c, word in pieces} for pieces in OWN_PIECES)
# per seat: where each of its codes stands among its eight counts (`own_counts`)
OWN_POSITION: Final = tuple({c: k for k, c in enumerate(OWN_CODES[seat])} for seat in range(4))


Gone = tuple[tuple[int, int], ...]  # (code, count): an area's units whose move is over


# per seat: its eight counts read from an area's row at once (one tuple made, not three)
_OWN_GETTERS: Final = tuple(itemgetter(*codes) for codes in OWN_CODES)


def own_counts(row: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """A seat's eight counts in an area's row: its colour's types, then its mercenaries'."""
    counts: tuple[int, ...] = _OWN_GETTERS[seat](row)
    return counts


def _moved_of(moved: tuple[tuple[int, int, int], ...]) -> dict[int, Gone]:
    """The units whose move is over (`State.moved`): per area, each code's count."""
    out: dict[int, Gone] = {}
    for a, c, n in moved:
        out[a] = (*out.get(a, ()), (c, n))
    return out


# the last ledgers of moved units asked, by area (the steps of a movement phase share one
# until a force halts; a new ledger replaces the last for good)
_moved_by_area = board.ByIdentity(_moved_of, size=2)
NONE_MOVED: Final[Mapping[int, Gone]] = {}


def moved_by_area(s: State) -> Mapping[int, Gone]:
    """`_moved_of` the state's ledger of moved units (most often empty)."""
    return _moved_by_area(s.moved) if s.moved else NONE_MOVED


@lru_cache(maxsize=16_384)
def area_takes(
    seat: int, at: str, own: tuple[int, ...], gone: Gone, leader: bool
) -> tuple[Action, ...]:
    """The takes of an area: the seat's units there not in a force (`own`, counted as
    `own_counts`) less those whose move is over there (`gone`), and its leader (`leader`: he
    is there and free); a function of these alone, so made once for each (they recur all
    game)."""
    out: list[Action] = []
    left = dict(gone)
    pieces = OWN_PIECES[seat]
    for k in compress(range(8), own):  # the seat's codes with units there
        c, word = pieces[k]
        n = own[k] - left.get(c, 0)
        if n > 0:
            out += takes(at, word, n)
    if leader:
        out += takes(at, "leader", 1)
    return tuple(out)


def _joining(s: State, seat: int, f: Force, leader: bool) -> Sequence[Action]:
    """The takes where a land force stands: each unit of the seat's there not moved yet nor
    in the force, and its leader (`leader`: he is there and free)."""
    area = f.place
    at = s.parts.map.ids[area]
    aboard = carried(f.groups)
    if s.totals[area][9 + seat] == sum(aboard.values()):  # the force is all the seat's here
        return takes(at, "leader", 1) if leader else ()
    free = list(own_counts(s.units[area], seat))
    position = OWN_POSITION[seat]
    for c, n in aboard.items():
        free[position[c]] -= n
    return area_takes(seat, at, tuple(free), moved_by_area(s).get(area, ()), leader)


def _carried(groups: tuple[tuple[int, int, int, int], ...]) -> dict[int, int]:
    """A force's units: per code, how many."""
    out: dict[int, int] = {}
    for g in groups:
        out[g[0]] = out.get(g[0], 0) + g[3]
    return out


# per seat, by area id: the last row of units, units moved and leader's presence whose takes
# were asked, with those takes
_ROW_TAKES: Final[tuple[dict[str, tuple[tuple[int, ...], Gone, bool, tuple[Action, ...]]], ...]] = (
    tuple({} for _ in range(4))
)


def row_takes(
    seat: int, at: str, row: tuple[int, ...], gone: Gone, leader: bool
) -> tuple[Action, ...]:
    """`area_takes` of an area's row: the same as the last asked for the area while its row
    is the same object (a step changes a row or two; the others are shared from state to
    state), else made from the seat's counts there."""
    known = _ROW_TAKES[seat]
    last = known.get(at)
    if last is not None and last[0] is row and last[1] == gone and last[2] == leader:
        return last[3]
    out = area_takes(seat, at, own_counts(row, seat), gone, leader)
    known[at] = (row, gone, leader, out)
    return out


def _new_force_options(s: State, seat: int, caller: int) -> list[Action]:
    m = s.parts.map
    out: list[Action] = []
    moved = moved_by_area(s)
    leader = s.leaders[seat] if leader_free(s, seat) else NO
    areas = s.occupied[seat]
    ids, units = m.ids, s.units
    adjacent = m.adjacent
    for area in areas:  # no force is under way; an island's units leave aboard fleets (l.31)
        if adjacent[area]:
            out += row_takes(seat, ids[area], units[area], moved.get(area, ()), area == leader)
    if 0 <= leader < m.land and leader not in areas and adjacent[leader]:
        out += row_takes(seat, ids[leader], units[leader], moved.get(leader, ()), True)
    sailed = s.sailed
    fleets = s.fleets
    for at in s.fleet_places[seat]:
        n = fleets[at][seat] - (ledger(sailed, at, seat) if sailed else 0)
        out += counted(TakeFleets, (ids[at],), n)
    if caller == NO and s.alliances:
        out += [
            Call(s.seats[k])
            for k in board.allies_of(s, seat)
            if k not in s.called and k not in s.out
        ]
    out.append(END_MOVE)
    return out


def _land_options(s: State, seat: int, f: Force) -> list[Action]:
    place = f.place
    here = s.leaders[seat] == place and leader_free(s, seat)
    out = list(_joining(s, seat, f, here))
    if f.marched and f.leader != NO:  # the leader's units dropped off on the way (Q10)
        out += drops(seat, f.groups)
    left = mp_left(s, f)
    if left >= 1:
        out += marches(s.parts.map, place, left >= s.parts.setup.rough_mp)
    if f.marched:
        out += HALT_OR_END
    return out


@lru_cache(maxsize=4096)
def drops(seat: int, groups: tuple[tuple[int, int, int, int], ...]) -> tuple[Drop, ...]:
    """The drops of a force with its leader: each type it carries by count, then him."""
    out: list[Drop] = []
    for c, _, _, n in _merged(groups):
        out += counted(Drop, (OWN_WORD[seat][c],), n)  # type: ignore[arg-type]
    out.append(made(Drop, "leader", 1))
    return tuple(out)


def _merged(groups: tuple[tuple[int, int, int, int], ...]) -> list[tuple[int, int, int, int]]:
    return [(c, 0, 0, n) for c, n in sorted(_carried(groups).items())]


def coasts_of(s: State, place: int) -> tuple[int, ...]:
    """Where a naval force may embark and land troops: its port, or every coast of its sea."""
    m = s.parts.map
    return (place,) if place < m.land else m.coasts[place - m.land]


def sails(s: State, seat: int, place: int) -> list[Action]:
    """Into the seas next to the force's place, and into the ports on its sea not held by a
    player it is not allied with (l.30; Q23)."""
    seas, ports = voyages(s.parts.map, place)
    control = s.control
    out: list[Action] = list(seas)
    for a, step in ports:
        if control[a] == NO or board.allied(s, control[a], seat):
            out.append(step)
    return out


@lru_cache(maxsize=256)
def voyages(m: Map, place: int) -> tuple[tuple[Sail, ...], tuple[tuple[int, Sail], ...]]:
    """From a place: the sails into the seas next to it, and into each port on it (a
    sea's), with the port."""
    if place < m.land:
        return tuple(made(Sail, m.ids[t]) for t in m.seas[place]), ()
    sea = place - m.land
    seas = tuple(made(Sail, m.ids[m.land + t]) for t in m.sea_adjacent[sea])
    return seas, tuple((a, made(Sail, m.ids[a])) for a in m.coasts[sea] if m.is_port(a))


def _naval_options(s: State, seat: int, f: Force) -> list[Action]:
    m = s.parts.map
    ids = m.ids
    out: list[Action] = []
    place = f.place
    if f.spent == 0:
        out += counted(TakeFleets, (ids[place],), fleets_free(s, seat, place))
    aboard = cargo(f)
    room = fleet_room(f)
    free = f.leader == NO and s.pinned[seat] == 0 and seat not in s.leader_moved
    boards = s.leaders[seat] if free else NO
    groups, leader = f.groups, f.leader != NO
    totals = s.totals
    for area in coasts_of(s, place):
        at = ids[area]
        if room and totals[area][9 + seat]:
            out += _embarks(s, seat, area, room)
        if area == boards:
            out.append(made(Embark, at, "leader", 1))
        if groups or leader:
            out += landings(seat, groups, leader, at)
    out += counted(Drop, ("fleet",), min(f.fleets - aboard, f.fleets - 1))
    if not f.stopped and mp_left(s, f) >= 1:
        out += sails(s, seat, place)
    if f.marched and (place < m.land or (not aboard and f.leader == NO)):
        out += HALT_OR_END
    return out


def _embarks(s: State, seat: int, area: int, room: int) -> Sequence[Action]:
    """The units of the seat's that may board from an area: up to the room aboard, those
    whose move is over excepted (they marched or landed in this phase: a unit moves once a
    phase, and one stopped by unfriendly units stays, l.27)."""
    at = s.parts.map.ids[area]
    row = s.units[area]
    over = dict(moved_by_area(s).get(area, ()))
    if not over:
        return untouched_embarks(seat, at, row, room)
    out: list[Action] = []
    for c, word in OWN_PIECES[seat]:
        n = row[c]
        if n:
            n = min(room, n - over.get(c, 0))
            if n > 0:
                out += counted(Embark, (at, word), n)
    return out


@lru_cache(maxsize=8192)
def untouched_embarks(seat: int, at: str, row: tuple[int, ...], room: int) -> tuple[Action, ...]:
    """The embarks from an area none of whose units has moved in this phase: made once for
    each row and room."""
    out: list[Action] = []
    for c, word in OWN_PIECES[seat]:
        n = min(room, row[c])
        if n > 0:
            out += counted(Embark, (at, word), n)
    return tuple(out)


@lru_cache(maxsize=4096)
def landings(
    seat: int,
    groups: tuple[tuple[int, int, int, int], ...],
    leader: bool,
    at: str,
) -> tuple[Action, ...]:
    """The landings of a naval force's troops (each group by count) and leader at a place."""
    out: list[Action] = []
    for c, _, _, n in groups:
        out += counted(Land, (at, OWN_WORD[seat][c]), n)
    if leader:
        out.append(made(Land, at, "leader", 1))
    return tuple(out)


# --- carrying out a step ---------------------------------------------------------------------


def end_or_call(s: State, seat: int, caller: int, a: Action) -> bool:
    """A movement step (already checked legal) other than those of `STEPS`: the seat's
    movement ended (True), or an ally called to move in this turn."""
    if isinstance(a, EndMove):
        if s.force is not None:
            halt(s)
        who = title(s, seat)
        if caller == NO and not moved_any(s, seat):
            say(s, f"{who} does not move (l.25-32)")
            return True
        say(
            s,
            f"{who} ends its movement" + (f" in {title(s, caller)}'s turn" if caller != NO else ""),
        )
        return True
    assert isinstance(a, Call)
    ally = s.seats.index(a.ally)
    s.called = (*s.called, ally)
    start(s, ally)
    say(s, f"{title(s, seat)} calls its ally {title(s, ally)} to move in this turn (l.32)")
    push(s, ("move", ally, seat, NO, NO))
    return False


def _take(s: State, seat: int, a: Take) -> None:
    area = s.parts.map.index[a.at]
    f = s.force.copy() if s.force is not None else Force(seat, area)
    if a.piece == "leader":
        bonus = s.boosts[0]
        s.boosts = (0, s.boosts[1])
        f.leader, f.bonus = f.spent, f.bonus + bonus
    else:
        c = OWN_CODE[seat][a.piece]
        band = int(area == s.band[seat] and f.spent == 0) if s.band else 0
        f.groups = (*f.groups, (c, f.spent, band, a.count))
    s.force = f


def _take_fleets(s: State, seat: int, a: TakeFleets) -> None:
    at = s.parts.map.index[a.at]
    f = s.force
    if f is None:
        bonus = s.boosts[1]
        s.boosts = (s.boosts[0], 0)
        s.force = Force(seat=seat, place=at, fleets=a.count, bonus=bonus)
    else:
        s.force = f = f.copy()
        f.fleets += a.count


def _drop(s: State, seat: int, a: Drop) -> None:
    f = s.force
    assert f is not None
    if a.piece == "leader":
        if f.spent > f.leader:
            s.leader_moved = (*s.leader_moved, seat)
        f = f.copy()
        f.leader, f.bonus = NO, 0
    elif a.piece == "fleet":
        s.sailed = ledger_add(s.sailed, f.place, seat, a.count)
        f = f.copy()
        f.fleets -= a.count
    else:
        c = piece_code(s, seat, a.piece)
        assert c is not None
        left = a.count
        groups = []
        for g in reversed(f.groups):  # the latest to join leave first
            if g[0] == c and left:
                k = min(left, g[3])
                left -= k
                if f.spent > g[1]:
                    s.moved = ledger_add(s.moved, f.place, c, k)
                if g[3] > k:
                    groups.append((g[0], g[1], g[2], g[3] - k))
            else:
                groups.append(g)
        f = f.copy()
        f.groups = tuple(reversed(groups))
    s.force = f if (f.groups or f.leader != NO or f.fleets) else None


def _march(s: State, seat: int, a: March) -> None:
    m = s.parts.map
    to = m.index[a.to]
    f = s.force
    assert f is not None
    frm = f.place
    if f.groups:
        board.move_units(s, frm, to, carried(f.groups))
    if f.leader != NO:
        board.set_leader(s, seat, to)
    if (to, frm) not in s.entered:
        s.entered = (*s.entered, (to, frm))
    on = f.marched
    f = f.copy()
    f.place, f.spent, f.marched = to, f.spent + entry_cost(s, to), True
    f.route = (*(f.route or (frm,)), to)
    s.force = f
    who = title(s, seat)
    what = "on" if on else marching(f.groups, f.leader != NO)  # on: the force told before
    say(s, f"{who} marches {what} from {m.names[frm]} to {m.names[to]}")
    if board.unfriendly_here(s, to, seat):
        say(s, f"{who} meets unfriendly units in {m.names[to]} and stops (l.27)")
        halt(s)
    elif mp_left(s, f) < 1:  # no movement point left: the force's move is over (ours)
        say(s, f"{who}'s force halts in {m.names[to]}, {_spent(s, f)} (l.26-28)")
        halt(s)


def _spent(s: State, f: Force) -> str:
    """What the force's MP went on, area by area (a trial worked out for itself why two
    areas spent 3): "its movement points spent: Coele-Syria 2 (rough) and Phoenicia 1"."""
    m = s.parts.map
    costs = [
        f"{m.names[a]} {entry_cost(s, a)}{' (rough)' if m.rough[a] else ''}" for a in f.route[1:]
    ]
    return f"its movement points spent: {listed(costs)}"


@lru_cache(maxsize=4096)
def carried(groups: tuple[tuple[int, int, int, int], ...]) -> dict[int, int]:
    """A force's units: per code, how many (made once for its groups: read, never changed)."""
    return _carried(groups)


@lru_cache(maxsize=4096)
def marching(groups: tuple[tuple[int, int, int, int], ...], leader: bool) -> str:
    """What a force marching is said to be: "its leader with 2 infantry", "1 cavalry", "1
    levy and 2 mercenary infantry"."""
    own, hired = [0, 0, 0, 0], [0, 0, 0, 0]
    for c, _, _, n in groups:
        (hired if c // 4 >= MERC else own)[c % 4] += n
    if not leader:
        return units_text(own, hired)
    return "its leader" + (" with " + units_text(own, hired) if any(own) or any(hired) else "")


def force_words(f: Force) -> str:
    """A force as its moves tell it, a naval one in the words of a `sail` order: "its
    leader with 2 infantry", "2 fleets", "1 fleet with its leader and 1 levy"."""
    if not f.fleets:
        return marching(f.groups, f.leader != NO)
    fleets = count_of(f.fleets, "fleet")
    aboard = marching(f.groups, False) if f.groups else ""
    if f.leader != NO:
        aboard = "its leader" + (f" and {aboard}" if aboard else "")
    return f"{fleets} with {aboard}" if aboard else fleets


def _halt(s: State, seat: int, a: Halt) -> None:
    halt(s)


def halt(s: State) -> None:
    """The force's move is over; troops aboard in a port land there."""
    f = s.force
    assert f is not None
    seat = f.seat
    if f.fleets:
        if f.place < s.parts.map.land:
            for c, _, _, n in f.groups:
                _put_ashore(s, seat, f.place, c, n)
            if f.leader != NO:
                board.set_leader(s, seat, f.place)
        s.sailed = ledger_add(s.sailed, f.place, seat, f.fleets)
        if f.leader != NO:
            s.leader_moved = (*s.leader_moved, seat)
    else:
        over = [(f.place, c, n) for c, joined, _, n in f.groups if f.spent > joined]
        if over:
            s.moved = board.ledger_added(s.moved, over)
        if f.leader != NO and f.spent > f.leader:
            s.leader_moved = (*s.leader_moved, seat)
    s.force = None


def _put_ashore(s: State, seat: int, at: int, c: int, n: int) -> None:
    board.add_units(s, at, c, n)
    s.landed = ledger_add(s.landed, at, c, n)
    s.moved = ledger_add(s.moved, at, c, n)


def _embark(s: State, seat: int, a: Embark) -> None:
    f = s.force
    assert f is not None
    area = s.parts.map.index[a.at]
    if a.piece == "leader":
        board.set_leader(s, seat, f.place)
        s.force = f = f.copy()
        f.leader = f.spent
        say(s, f"{title(s, seat)}'s leader boards the fleet at {area_name(s, area)}")
        return
    c = piece_code(s, seat, a.piece)
    assert c is not None and c >= 0
    board.add_units(s, area, c, -a.count)
    s.force = f = f.copy()
    f.groups = (*f.groups, (c, 0, 0, a.count))
    say(s, f"{title(s, seat)} embarks {units_of_code(c, a.count)} at {area_name(s, area)}")


def _land(s: State, seat: int, a: Land) -> None:
    f = s.force
    assert f is not None
    area = s.parts.map.index[a.at]
    if a.piece == "leader":
        board.set_leader(s, seat, area)
        s.leader_moved = (*s.leader_moved, seat)
        s.force = f = f.copy()
        f.leader, f.marched = NO, True
        say(s, f"{title(s, seat)}'s leader lands in {area_name(s, area)}")
        return
    c = piece_code(s, seat, a.piece)
    assert c is not None
    # troops carried ashore: the fleets have moved them (they may halt), sailed or not
    s.force = f = f.copy()
    f.groups, f.marched, f.landed = _less(f.groups, c, a.count), True, f.landed + a.count
    _put_ashore(s, seat, area, c, a.count)
    invasion = " (a sea invasion)" if board.unfriendly_here(s, area, seat) else ""
    say(s, f"{title(s, seat)} lands {units_of_code(c, a.count)} in {area_name(s, area)}{invasion}")


def units_of_code(c: int, n: int) -> str:
    """A count of one unit code in words: "2 infantry", "1 mercenary levy" (l.24)."""
    merc = "mercenary " if c // 4 >= MERC else ""
    return f"{n} {merc}{unit_noun(c % 4, n)}"


def _less(
    groups: tuple[tuple[int, int, int, int], ...], c: int, n: int
) -> tuple[tuple[int, int, int, int], ...]:
    out = []
    for g in groups:
        if g[0] == c and n:
            k = min(n, g[3])
            n -= k
            if g[3] > k:
                out.append((g[0], g[1], g[2], g[3] - k))
        else:
            out.append(g)
    return tuple(out)


def _sail(s: State, seat: int, a: Sail) -> None:
    to = s.parts.map.index[a.to]
    f = s.force
    assert f is not None
    frm = f.place
    board.move_fleets(s, frm, to, seat, f.fleets)
    if f.leader != NO:
        board.set_leader(s, seat, to)
    on = f.spent > 0  # it sailed before: told
    f = f.copy()
    f.place, f.spent, f.marched = to, f.spent + 1, True
    f.route = (*(f.route or (frm,)), to)
    s.force = f
    said = "on" if on else force_words(f)  # a force told before goes on
    say(s, f"{title(s, seat)} sails {said} from {area_name(s, frm)} to {area_name(s, to)}")
    if to < s.parts.map.land:
        return
    enemies = enemy_fleets(s, to, seat)
    if not enemies:
        return
    s.force = f = f.copy()
    f.stopped = True  # l.29: it stops on meeting enemy fleets
    if to in s.sea_fights:
        say(
            s,
            f"{title(s, seat)} meets enemy fleets in {area_name(s, to)} and stops; a battle was fought there this turn",
        )
        return
    say(s, f"{title(s, seat)} meets enemy fleets in {area_name(s, to)} and stops (l.29)")
    for enemy in reversed(enemies):
        push(s, ("sea_ask", seat, to, enemy, 0))


# --- sea battles during movement (l.49-53; Q22) ----------------------------------------------


def sea_ask_options(s: State, who: int, sea: int, other: int) -> list[Action]:
    """Fight or decline, while both sides still have fleets there (a mover's fleet sunk by
    the first of two enemies meets the second no more)."""
    if not (s.fleets[sea][who] and s.fleets[sea][other]):
        return []
    at = s.parts.map.ids[sea]
    return [Fight(at, s.seats[other]), Decline(at, s.seats[other])]


def sea_asked(s: State, frame: tuple[str, int, int, int, int], a: Action) -> None:
    _, who, sea, other, stage = frame
    mover = who if stage == 0 else other
    enemy = other if stage == 0 else who
    if isinstance(a, Fight):
        word = "attacks" if stage == 0 else "calls a battle against"
        say(s, f"{title(s, who)} {word} {title(s, other)}'s fleets in {area_name(s, sea)}")
        push(s, ("sea_dice", mover, sea, enemy, NO))
    elif stage == 0:
        say(s, f"{title(s, who)} declines battle at sea")
        push(s, ("sea_ask", enemy, sea, mover, 1))
    else:
        say(s, f"{title(s, who)} declines too: no battle in {area_name(s, sea)}")


def sea_fought(s: State) -> None:
    """After one round at sea the mover's survivors may move on (l.51)."""
    f = s.force
    if f is not None and f.fleets:
        s.force = f = f.copy()
        f.stopped = False


def anchored(s: State, seat: int, sea: int) -> int:
    f = s.force
    moving = f.fleets if f is not None and f.place == sea and f.seat == seat else 0
    return s.fleets[sea][seat] - moving


def sea_loss_options(s: State, seat: int, sea: int) -> list[Action]:
    at = s.parts.map.ids[sea]
    out: list[Action] = []
    if anchored(s, seat, sea) > 0:
        out.append(Lose("fleet", at))
    f = s.force
    if f is not None and f.fleets and f.place == sea:
        out.append(Lose("moving fleet", at))
    return out


def sea_loss(s: State, seat: int, sea: int, a: Lose) -> None:
    board.remove_fleets(s, sea, seat)
    f = s.force
    if a.piece == "moving fleet" and f is not None:
        s.force = f = f.copy()
        f.fleets -= 1
        say(s, f"{title(s, seat)} loses a fleet of its moving force in {area_name(s, sea)}")
    else:
        say(s, f"{title(s, seat)} loses a fleet at anchor in {area_name(s, sea)}")


def after_sea_losses(s: State, seat: int, sea: int) -> None:
    """Troops aboard sunk fleets drown with them; a leader with no fleet left goes home
    (l.52)."""
    f = s.force
    if f is None:
        return
    if f.fleets == 0:
        for c, _, _, n in f.groups:
            board.to_pool(s, c // 4, c % 4, n)
        if f.groups:
            say(s, f"{title(s, seat)}'s troops aboard drown")
        s.force = None
        if f.leader != NO:
            send_home(s, seat, "lost at sea (l.52)")
        return
    excess = cargo(f) - f.fleets
    if excess > 0:
        push(s, ("drown", seat, sea, excess, NO))


def drown_options(s: State, seat: int, sea: int) -> list[Action]:
    f = s.force
    assert f is not None
    at = s.parts.map.ids[sea]
    return [Lose(piece_word(s, seat, c), at) for c, _, _, _ in _merged(f.groups)]


def drown(s: State, seat: int, sea: int, a: Lose) -> None:
    f = s.force
    assert f is not None
    c = piece_code(s, seat, a.piece)
    assert c is not None
    s.force = f = f.copy()
    f.groups = _less(f.groups, c, 1)
    board.to_pool(s, c // 4, c % 4, 1)
    say(s, f"{title(s, seat)}'s {a.piece} aboard a sunk fleet drowns in {area_name(s, sea)}")


def boost(s: State, seat: int, kind: str, amount: int) -> None:
    """Forced march (chit 1): the force with the leader; Fair winds (chit 10): the naval
    force; now if it is under way, else the next one formed."""
    f = s.force
    if kind == "forced_march":
        if f is not None and f.seat == seat and f.leader != NO and not f.fleets:
            s.force = f = f.copy()
            f.bonus += amount
        else:
            s.boosts = (s.boosts[0] + amount, s.boosts[1])
    elif f is not None and f.seat == seat and f.fleets:
        s.force = f = f.copy()
        f.bonus += amount
    else:
        s.boosts = (s.boosts[0], s.boosts[1] + amount)


# the movement steps carried out by their kind (EndMove and Call end or open a movement)
STEPS: Final[dict[type, Callable[[State, int, Any], None]]] = {
    Take: _take,
    TakeFleets: _take_fleets,
    Drop: _drop,
    March: _march,
    Sail: _sail,
    Embark: _embark,
    Land: _land,
    Halt: _halt,
}
