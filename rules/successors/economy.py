"""Money and units: payments (l.11), losses of the owner's choice, revenue and upkeep (l.5,
l.14; Q2, Q4), purchases (l.15-22; Q5, Q6) and ransom (l.13; Q21)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from . import board, chits
from .components import CAV, EL, INF, LEVY, PORT, TYPES, Map
from .names import area_name, piece_code, piece_word, talents, title, unit_noun
from .state import CAPTIVE, MERC, NO, POOL_FLEETS, Buy, Frame, Lose, State, made

# what a "buy" frame buys (its second number)
REVENUE_BUY, EVENT_FLEETS, EVENT_ELEPHANTS, SETUP_BUY = 0, 1, 2, 3
FIRST_PURCHASES = 2  # the game turn of the first purchases in a revenue phase (l.5; Q2)


def say(s: State, line: str) -> None:
    """A public line, begun with a capital whatever its subject ("The rebels lose ...")."""
    if line and not line[0].isupper():  # most begin with a seat's title (line[0]: no slice)
        line = line[0].upper() + line[1:]
    s.news += (line,)  # joined in C: quicker than (*s.news, line), twice a step


def push(s: State, frame: Frame) -> None:
    s.frames += (frame,)


def pay(s: State, seat: int, amount: int, to: int = NO) -> int:
    """Pay up to `amount` (to another seat, or to the bank); what was paid."""
    paid = min(amount, s.money[seat])
    board.gain(s, seat, -paid)
    if to != NO:
        board.gain(s, to, paid)
    return paid


def charge(s: State, seat: int, amount: int, why: str, to: int = NO) -> None:
    """An event's price (l.11; Q7): paid in full if the seat can (a Hidden treasure armed for
    it is played first when it cannot); else it pays all it has and loses a unit of its
    choice."""
    if amount <= 0:
        return
    if s.money[seat] < amount:
        chits.fire(s, seat, chits.SHORT)
    short = s.money[seat] < amount
    paid = pay(s, seat, amount, to)
    whom = f" to {title(s, to)}" if to != NO else ""
    who, left = title(s, seat), f"treasury {s.money[seat]}"
    if not short:
        say(s, f"{who} pays {talents(paid)}{whom} for {why} ({left})")
        return
    has = f"pays the {talents(paid)} it has" if paid else "has nothing to pay"
    owes = f"{who} owes {talents(amount)}{whom} for {why} and {has} ({left})"
    if board.unit_count(s, seat):
        say(s, f"{owes}: it must lose a unit (l.11)")
        push(s, ("lose", seat, NO, 0, 1))
    else:  # (l.11's unit to lose: it has none)
        say(s, f"{owes}: it has no unit to lose (l.11)")


def lose_options(s: State, seat: int, where: int) -> list[Lose]:
    """The units a seat may lose: any of its land units and fleets, or those of one area
    (the leader's stack)."""
    m = s.parts.map
    out: list[Lose] = []
    areas = s.occupied[seat] if where == NO else (where,)
    for area in areas:
        row, totals = s.units[area], s.totals[area]
        for slot in (seat, MERC + seat):
            if totals[slot]:  # (its mercenaries are seldom there)
                for c in range(slot * 4, slot * 4 + 4):
                    if row[c]:
                        out.append(made(Lose, piece_word(s, seat, c), m.ids[area]))
    if where == NO:
        out += [Lose("fleet", m.ids[at]) for at in s.fleet_places[seat]]
    return out


def lose_unit(s: State, seat: int, a: Lose, why: str) -> None:
    """Carry out a loss of the owner's choice (already checked legal)."""
    at = s.parts.map.index[a.at]
    if a.piece == "fleet":
        board.remove_fleets(s, at, seat)
        say(s, f"{title(s, seat)} loses a fleet in {area_name(s, at)} ({why})")
        return
    c = piece_code(s, seat, a.piece)
    assert c is not None and c >= 0
    board.remove(s, at, c)
    merc = " mercenary" if c // 4 >= MERC else ""  # told apart, as in a battle's losses
    say(s, f"{title(s, seat)} loses 1{merc} {unit_noun(c % 4)} in {area_name(s, at)} ({why})")


# --- revenue ---------------------------------------------------------------------------------


def collect(s: State, seat: int) -> None:
    """Revenue (l.5; Q2, Q4): the values of the areas the seat controls."""
    tax = board.income(s, seat)
    board.gain(s, seat, tax)
    say(
        s, f"{title(s, seat)} collects {talents(tax)} from its provinces (treasury {s.money[seat]})"
    )
    chits.fire(s, seat, chits.REVENUE)


def ransom_due(s: State, seat: int) -> bool:
    return s.leaders[seat] >= CAPTIVE and s.money[seat] >= s.parts.setup.ransom


def ransom(s: State, seat: int, when: str = "") -> None:
    """A captured leader ransomed (l.13; Q21): the ransom to his captor, the leader to where
    `board.refuge` says (his home, unless it holds unfriendly units); the callers ask it first
    and pay no ransom where it says none may take him. `when` tells why now, if not asked."""
    captor = s.leaders[seat] - CAPTIVE
    paid = pay(s, seat, s.parts.setup.ransom, captor)
    home, to = s.homes[seat], board.refuge(s, seat)
    board.set_leader(s, seat, to)
    where = (
        f"he returns to {area_name(s, home)}"
        if to == home
        else f"he goes to {area_name(s, to)}, {area_name(s, home)} holding unfriendly units (Q21)"
    )
    say(
        s,
        f"{title(s, seat)} ransoms its leader from {title(s, captor)} for {talents(paid)} "
        f"({title(s, captor)} has {talents(s.money[captor])} now){when}: {where} (treasury "
        f"{s.money[seat]})",
    )


def ransom_withheld(s: State, seat: int) -> None:
    """Q21: a ransom due at the revenue that no area may take him for is not paid."""
    say(
        s,
        f"{title(s, seat)}'s leader stays {title(s, s.leaders[seat] - CAPTIVE)}'s captive: "
        f"{area_name(s, s.homes[seat])} holds unfriendly units and no area of its own units "
        "could take him (Q21)",
    )


def upkeep_due(s: State, seat: int) -> int:
    return board.unit_count(s, seat) * s.parts.setup.upkeep


def upkeep(s: State, seat: int) -> None:
    """Maintenance (l.14; Q4): 1 a unit; a seat short disbands units of its choice until it
    can pay (a Hidden treasure armed for it is played first)."""
    due = upkeep_due(s, seat)
    if s.money[seat] < due:
        chits.fire(s, seat, chits.SHORT)
        if s.money[seat] < due:
            say(
                s,
                f"{title(s, seat)} cannot pay {talents(due)} of upkeep for its units (treasury "
                f"{s.money[seat]}): it disbands units until it can (Q4)",
            )
            push(s, ("disband", seat, NO, NO, NO))
            return
    pay_upkeep(s, seat, due)


def pay_upkeep(s: State, seat: int, due: int | None = None) -> None:
    """The upkeep paid in full (`due`, when the caller has counted it)."""
    if due is None:
        due = upkeep_due(s, seat)
    pay(s, seat, due)
    if due:
        say(
            s,
            f"{title(s, seat)} pays {talents(due)} for its units' upkeep "
            f"(treasury {s.money[seat]})",
        )


# --- purchases -------------------------------------------------------------------------------


def placement_areas(s: State, seat: int, setup: bool = False) -> tuple[int, ...]:
    """Where bought units go (l.21; Q6): the home, unless an enemy holds it or unfriendly
    units are there, and the leader's area, unless unfriendly units are there."""
    home = s.homes[seat]
    out = (home,) if home != NO and chits.home_takes_units(s, seat) else ()
    if setup:
        return out
    at = s.leaders[seat]
    if at in out or not 0 <= at < s.parts.map.land or board.unfriendly_here(s, at, seat):
        return out  # (a leader at home, most often: it is there already)
    return (*out, at)


def nowhere_to_buy(s: State, seat: int) -> str | None:
    """Why a seat with Talents to spend buys nothing this turn, when the cause is that no
    place takes its units (l.21; Q6) and no port of its own a fleet; None otherwise."""
    if not s.money[seat] or placement_areas(s, seat):
        return None  # (a place open: what stops it is the Talents or the counters)
    if purchase_options(s, seat, REVENUE_BUY, 0, 0):
        return None
    ports, seas = fleet_places(s, seat)
    if not ports and not seas:
        fleets = "; a fleet needs a port or a coast of its own (l.19; Q5), and it holds none"
    elif not s.pool[seat][POOL_FLEETS]:
        fleets = "; no fleet of its colour is left to buy"
    elif ports:
        fleets = f"; a fleet costs {s.parts.setup.fleet_in_port} in port (l.19)"
    else:  # (a trial with no port read the port's price)
        fleets = (
            f"; with no port of its own, a fleet costs {s.parts.setup.fleet_at_sea} in a "
            "coastal sea (l.19)"
        )
    return f"{title(s, seat)} buys nothing: {no_place(s, seat)}{fleets}"


def no_place(s: State, seat: int) -> str:
    """Why no place takes a seat's units (l.21; Q6): its home and its leader, each told."""
    home = s.homes[seat]
    holder = s.control[home] if home != NO else NO
    if home == NO:
        at_home = "it has no home"
    elif holder != NO and not board.allied(s, holder, seat):
        at_home = f"{title(s, holder)} holds {area_name(s, home)}"
    else:
        at_home = f"{area_name(s, home)} holds unfriendly units"
    at = s.leaders[seat]
    if at >= CAPTIVE:
        leader = f"its leader is {title(s, at - CAPTIVE)}'s captive"
    elif at == NO:
        leader = "it has no leader"
    elif at >= s.parts.map.land:
        leader = "its leader is at sea"
    else:
        leader = f"its leader stands with unfriendly units in {area_name(s, at)}"
    return f"units are placed at home or with the leader (l.21): {at_home} and {leader}"


def controls_symbol(s: State, seat: int, kind: int) -> bool:
    """Q5: a controlled area with the type's symbol (levies need none)."""
    if kind == LEVY:
        return True
    return kind in _holding_of(s, seat)[0]


def fleet_places(s: State, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where a seat may buy fleets (l.19, l.21; Q5, Q6): the ports it controls (in port), and
    the seas next to a port or coastal area it controls (at sea)."""
    _, ports, seas = _holding_of(s, seat)
    return ports, seas


Holding = tuple[frozenset[int], tuple[int, ...], tuple[int, ...]]


def symbols(s: State, seat: int) -> frozenset[int]:
    """The unit symbols of the areas the seat controls (what it may buy: l.22; Q5)."""
    return _holding_of(s, seat)[0]


def _holding_of(s: State, seat: int) -> Holding:
    return _holding(s.parts.map, board.held(s.control)[seat])


@lru_cache(maxsize=4096)
def _holding(m: Map, areas: tuple[int, ...]) -> Holding:
    """What the areas a seat controls give its purchases: their unit symbols, its ports, the
    seas next to its coasts (the same few sets of areas recur all game)."""
    ports: list[int] = []
    seas: set[int] = set()
    coast, near = m.coast, m.seas
    for a in areas:
        if coast[a]:
            if coast[a] == PORT:
                ports.append(a)
            seas.update(near[a])
    return frozenset(m.symbol[a] for a in areas), tuple(ports), tuple(sorted(seas))


MAX_BOUGHT = 5  # units of a kind a purchase step buys at most (a person's order splits more)


@lru_cache(maxsize=2048)
def buys(piece: str, at: str, n: int) -> tuple[Buy, ...]:
    """The purchases of one unit of a kind at a place, and of as many as may be bought there
    now (at most MAX_BOUGHT): a person's order buys other counts in several steps."""
    n = min(n, MAX_BOUGHT)
    if n < 1:
        return ()
    one = made(Buy, piece, at, 1)
    return (one,) if n == 1 else (one, made(Buy, piece, at, n))


def purchase_options(s: State, seat: int, mode: int, left: int, price: int) -> Sequence[Buy]:
    """Every purchase the seat may make now, of 1 to 5 units of a kind at one place."""
    m = s.parts.map
    money = s.money[seat]
    pool = s.pool[seat]
    if mode in (REVENUE_BUY, SETUP_BUY):
        places = placement_areas(s, seat, setup=mode == SETUP_BUY)
        symbols, ports, seas = _holding_of(s, seat)
        setup = s.parts.setup
        prices = setup.prices
        levy = min(pool[LEVY], money // prices[LEVY], MAX_BOUGHT)
        inf = min(pool[INF], money // prices[INF], MAX_BOUGHT) if INF in symbols else 0
        cav = min(pool[CAV], money // prices[CAV], MAX_BOUGHT) if CAV in symbols else 0
        land = _land_purchases(m, places, levy, inf, cav)
        if not pool[POOL_FLEETS] or money < setup.fleet_in_port:
            return land
        in_port = min(pool[POOL_FLEETS], money // setup.fleet_in_port, MAX_BOUGHT)
        at_sea = min(pool[POOL_FLEETS], money // setup.fleet_at_sea, MAX_BOUGHT)
        return land + _fleet_purchases(m, ports, in_port, seas, at_sea)
    out: list[Buy] = []
    if mode == EVENT_FLEETS and left > 0 and pool[POOL_FLEETS] and money >= price:
        ports, _ = fleet_places(s, seat)
        n = min(left, pool[POOL_FLEETS], money // price) if price else min(left, pool[POOL_FLEETS])
        for a in ports:
            out += buys("fleet", m.ids[a], n)
    elif mode == EVENT_ELEPHANTS and left > 0 and pool[EL] and money >= price:
        n = min(left, pool[EL], money // price) if price else min(left, pool[EL])
        for a in board.controls(s, seat):
            if m.symbol[a] == EL:
                out += buys("el", m.ids[a], n)
    return out


# the purchases of a revenue phase (or of setup), in two parts that recur apart all game
@lru_cache(maxsize=8192)
def _land_purchases(
    m: Map, places: tuple[int, ...], levy: int, inf: int, cav: int
) -> tuple[Buy, ...]:
    """Of levies, infantry and cavalry at the places (how many of each may be bought, at
    most MAX_BOUGHT)."""
    out: list[Buy] = []
    for kind, n in enumerate((levy, inf, cav)):
        if n:
            for a in places:
                out += buys(TYPES[kind], m.ids[a], n)
    return tuple(out)


@lru_cache(maxsize=8192)
def _fleet_purchases(
    m: Map, ports: tuple[int, ...], in_port: int, seas: tuple[int, ...], at_sea: int
) -> tuple[Buy, ...]:
    """Of fleets in the ports and at sea."""
    out: list[Buy] = []
    for a in ports:
        out += buys("fleet", m.ids[a], in_port)
    for a in seas:
        out += buys("fleet", m.ids[a], at_sea)
    return tuple(out)


def most_in_an_order(s: State, frame: Frame, a: Buy) -> int:
    """The most units of `a`'s kind at its place one order buys in this purchase decision
    (a "buy" frame): its steps buy at most MAX_BOUGHT each, the order goes on while the
    treasury, the pool and an event's count allow."""
    seat, mode, left, price = frame[1], frame[2], frame[3], frame[4]
    pool = s.pool[seat]
    kept = pool[POOL_FLEETS] if a.piece == "fleet" else pool[TYPES.index(a.piece)]
    cost = buy_price(s, mode, price, a)
    n = min(kept, s.money[seat] // cost) if cost else kept
    return min(n, left) if mode in (EVENT_FLEETS, EVENT_ELEPHANTS) else n


def buy_price(s: State, mode: int, price: int, a: Buy) -> int:
    """What one unit of the purchase costs."""
    setup = s.parts.setup
    if mode in (EVENT_FLEETS, EVENT_ELEPHANTS):
        return price
    if a.piece == "fleet":
        at = s.parts.map.index[a.at]
        return setup.fleet_in_port if at < s.parts.map.land else setup.fleet_at_sea
    return setup.prices[TYPES.index(a.piece)]


def buy(s: State, seat: int, mode: int, price: int, a: Buy) -> None:
    """Units bought and placed (already checked legal)."""
    at = s.parts.map.index[a.at]
    cost = buy_price(s, mode, price, a) * a.count
    pay(s, seat, cost)
    if a.piece == "fleet":
        for _ in range(a.count):
            board.place_fleet(s, at, seat)
        said = f"{a.count} fleet{'s' if a.count > 1 else ''}"
    else:
        kind = TYPES.index(a.piece)
        board.place(s, at, seat, kind, a.count)
        said = f"{a.count} {unit_noun(kind, a.count)}"
    say(
        s,
        f"{title(s, seat)} buys {said} for {talents(cost)} at {area_name(s, at)} "
        f"(treasury {s.money[seat]})",
    )
