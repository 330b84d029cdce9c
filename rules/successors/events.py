"""Events (l.4; Q1): the roll read as a table entry, and each step of the entry carried out.

An entry's steps (events.yaml; docs/successors.md) are carried out in order; a step that needs
a decision (a unit to lose, a purchase) or a chance step (a chit drawn, a battle's dice) stops
there, and the next step follows once it is done.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil

from ..words import count_of, listed
from . import board, chits, combat, economy
from .components import EL, PORT, Map, Step, event_index
from .economy import EVENT_ELEPHANTS, EVENT_FLEETS, charge, pay, push, say
from .names import (
    area_name,
    counted,
    fewer_told,
    none_left,
    talents,
    title,
    unit_noun,
    units_text,
)
from .state import (
    CAPTIVE,
    INVASION,
    MARKERS,
    MERC,
    NO,
    POOL_FLEETS,
    REVOLT,
    WHITE,
    EventRoll,
    State,
)


def read_roll(dice: tuple[int, int, int]) -> int:
    """l.4: the first die odd or even, the second the tens digit, the third the ones."""
    return event_index(dice[0] % 2 == 1, dice[1], dice[2])


def rolled(s: State, seat: int, a: EventRoll) -> None:
    k = read_roll(a.dice)
    e = s.parts.events.table[k]
    d1, d2, d3 = a.dice
    say(s, f"{title(s, seat)} rolls {d1} {d2} {d3} for the event: {e.key}, {e.title}: {e.text}")
    if e.steps:
        push(s, ("event", seat, k, 0, NO))


def carry_out(s: State, seat: int, k: int, i: int) -> None:
    """Step `i` of entry `k` for the roller `seat` (the frame was popped; the next step's
    frame is pushed first, so that what this step pushes comes before it)."""
    steps = s.parts.events.table[k].steps
    if i + 1 < len(steps):
        push(s, ("event", seat, k, i + 1, NO))
    STEPS[steps[i].kind](s, seat, steps[i])


def _area(s: State, x: str) -> int:
    return s.parts.event_areas[x]


def revolt(s: State, seat: int, step: Step, marker: int = REVOLT) -> None:
    """A Revolt or Invasion (F, 4.0; Q27, Q28): white units placed with the marker attack
    every unit there at once. A Revolt fails armed by the area's controller stops it."""
    area = _area(s, step.area)
    if marker == REVOLT and _revolt_fails(s, area):
        return
    placed = _placed(s, area, WHITE, step.units)
    had = s.markers[area]
    board.set_marker(s, area, marker)
    what = f"{area_name(s, area)} {'revolts' if marker == REVOLT else 'is invaded'}"
    white = f"{units_text(placed)} (white)" if any(placed) else "no white unit"
    mark = f"{('', 'a Revolt', 'an Invasion')[marker]} marker"
    short = fewer_told(s, WHITE, step.units, placed)
    if had == marker:  # a second revolt (invasion) where one goes on: its marker stays
        say(s, f"{what} again: {white}; its {MARKERS[marker]} marker stays{short}")
    else:
        instead = f" in place of its {MARKERS[had]} one" if had else ""
        say(s, f"{what}: {white} and {mark}{instead}{short}")
    combat.whites_attack(s, area)


def _placed(s: State, area: int, slot: int, units: tuple[int, int, int, int]) -> list[int]:
    """The step's units of each type placed from the slot's pool; how many were (a type the
    step gives none of leaves the pool as it is: most give one or two types)."""
    return [board.place(s, area, slot, t, n) if n else 0 for t, n in enumerate(units)]


def invasion(s: State, seat: int, step: Step) -> None:
    revolt(s, seat, step, INVASION)


def _revolt_fails(s: State, area: int) -> bool:
    holder = s.control[area]
    if holder == NO or chits.fire(s, holder, chits.REVOLT, area) is None:
        return False
    say(s, f"The revolt in {area_name(s, area)} does not happen")
    return True


def turns_white(s: State, seat: int, step: Step) -> None:
    """ODD 54 (F, E2): every unit in the area turns white and it is in revolt; if nobody
    controls it, the step's white units are placed too."""
    area = _area(s, step.area)
    if _revolt_fails(s, area):
        return
    uncontrolled = s.control[area] == NO
    there, turned = [0, 0, 0, 0], [0, 0, 0, 0]
    owners = [k for k in range(s.players) if board.seat_units(s, area, k)]
    for slot in range(WHITE):
        _turn_slot(s, area, slot, there, turned)
    for slot in range(MERC, MERC + s.players):
        _turn_slot(s, area, slot, there, turned)
    placed = [0, 0, 0, 0]
    if uncontrolled:
        placed = _placed(s, area, WHITE, step.units)
    board.set_marker(s, area, REVOLT)
    told = [f"{units_text(placed)} (white)"] if any(placed) else []
    short = fewer_told(s, WHITE, step.units, placed) if uncontrolled else ""
    marker = listed([*told, "a Revolt marker"])
    if any(there):  # (a trial read "what stands there turns white (no units; ...)")
        marker = f"{_turned_text(s, owners, there, turned)}; {marker}"
    say(s, f"{area_name(s, area)} revolts: {marker}{short}")
    for leader in board.leaders_in(s, area):
        combat.send_home(s, leader, "beaten by rebels (Q21)")


def _turn_slot(s: State, area: int, slot: int, there: list[int], turned: list[int]) -> None:
    """A slot's units in the area turn white, as many as the white pool holds: `there`
    counts those that stood there, `turned` those that turned."""
    row = s.units[area]
    for t in range(4):
        n = row[slot * 4 + t]
        if n:
            board.remove(s, area, slot * 4 + t, n)
            there[t] += n
            turned[t] += board.place(s, area, WHITE, t, n)


def _turned_text(s: State, owners: list[int], there: list[int], turned: list[int]) -> str:
    """Whose units there turned white, and those taken off the map for want of white
    counters: "Red's 2 levies there turn white, but 1 levy is taken off the map (the rebels
    have no more levies)"."""
    whose = listed([f"{title(s, k)}'s" for k in owners])
    said = f"{whose} {units_text(there)} there"
    why = none_left(s, WHITE, there, turned)
    if why is None:
        return f"{said} {'turns' if sum(there) == 1 else 'turn'} white"
    lost = [n - k for n, k in zip(there, turned, strict=True)]
    if not any(turned):
        return f"{said} {'is' if sum(lost) == 1 else 'are'} taken off the map ({why})"
    gone = f"{units_text(lost)} {'is' if sum(lost) == 1 else 'are'} taken off the map"
    return f"{said} turn white, but {gone} ({why})"


def gain(s: State, seat: int, step: Step) -> None:
    board.gain(s, seat, step.amount)
    say(s, f"{title(s, seat)} gains {talents(step.amount)} (treasury {s.money[seat]})")


def controller_gains(s: State, seat: int, step: Step) -> None:
    area = _area(s, step.area)
    holder = s.control[area]
    if holder == NO:
        say(s, f"Nobody controls {area_name(s, area)}: nobody gains")
        return
    board.gain(s, holder, step.amount)
    say(
        s,
        f"{title(s, holder)} controls {area_name(s, area)} and gains {talents(step.amount)} (treasury {s.money[holder]})",
    )


def holder_gains(s: State, seat: int, step: Step) -> None:
    areas = [_area(s, x) for x in step.areas]
    holders = {s.control[a] for a in areas}
    names = " and ".join(area_name(s, a) for a in areas)
    if len(holders) != 1 or NO in holders:
        say(s, f"Nobody controls both {names}: nobody gains")
        return
    holder = holders.pop()
    board.gain(s, holder, step.amount)
    say(
        s,
        f"{title(s, holder)} controls {names} and gains {talents(step.amount)} (treasury {s.money[holder]})",
    )


def gain_per_port(s: State, seat: int, step: Step) -> None:
    m = s.parts.map
    ports = sum(1 for a in board.controls(s, seat) if m.coast[a] == PORT)
    if not ports:
        say(s, f"{title(s, seat)} controls no port and gains nothing")
        return
    n = min(ports, step.cap) * step.amount
    board.gain(s, seat, n)
    say(
        s,
        f"{title(s, seat)} controls {counted(ports, 'port')} and gains {talents(n)} (treasury {s.money[seat]})",
    )


def pay_step(s: State, seat: int, step: Step) -> None:
    charge(s, seat, step.amount, "the event")


def pay_per_fleet(s: State, seat: int, step: Step) -> None:
    n = min(board.fleet_count(s, seat), step.cap) * step.amount
    if n:
        charge(s, seat, n, "its fleets")
    else:
        say(s, f"{title(s, seat)} has no fleet and pays nothing")


def pay_per_units(s: State, seat: int, step: Step) -> None:
    units = board.unit_count(s, seat)
    n = ceil(units / step.per) * step.amount
    if n:
        charge(s, seat, n, f"its {counted(units, 'unit')}")
    else:
        say(s, f"{title(s, seat)} has no unit and pays nothing")


def all_pay(s: State, seat: int, step: Step) -> None:
    """Every player pays: each short one loses a unit of its choice, in turn order."""
    for other in reversed(_in_turn_order(s, seat)):
        charge(s, other, step.amount, "the event")


def _in_turn_order(s: State, first: int) -> list[int]:
    order = [k for k in s.order if k not in s.out]
    if first in order:
        i = order.index(first)
        order = order[i:] + order[:i]
    return order


def pay_each(s: State, seat: int, step: Step) -> None:
    """The roller pays each other player; short, he pays what he can in turn order and
    loses a unit (l.11)."""
    others = [k for k in _in_turn_order(s, seat) if k != seat]
    due = step.amount * len(others)
    if s.money[seat] < due:
        chits.fire(s, seat, chits.SHORT)
    unpaid = []
    for other in others:
        paid = pay(s, seat, step.amount, other)
        if paid:
            say(s, f"{title(s, seat)} pays {talents(paid)} to {title(s, other)}")
        if paid < step.amount:
            unpaid.append(f"{talents(step.amount - paid)} to {title(s, other)}")
    if unpaid and board.unit_count(s, seat):
        # (a trial read "cannot pay 2 Talents in full" after 1 of them was paid)
        say(
            s,
            f"{title(s, seat)} still owes {listed(unpaid, 'and')} and has nothing left: it "
            "must lose a unit (l.11)",
        )
        push(s, ("lose", seat, NO, 0, 1))


def port_fever(s: State, seat: int, step: Step) -> None:
    """ODD 25: half the roller's fleets in port, rounded up (fleets at sea are on patrol)."""
    m = s.parts.map
    in_port = sum(s.fleets[a][seat] for a in range(m.land))
    n = ceil(in_port / 2)
    if not n:
        say(s, f"{title(s, seat)} has no fleet in port")
        return
    lost = f"its {counted(n, 'fleet')}" if n == in_port else f"{n} of its {in_port} fleets"
    say(s, f"{title(s, seat)} loses {lost} in port")
    push(s, ("fever", seat, n, NO, NO))


def port_wages(s: State, seat: int, step: Step) -> None:
    """ODD 26 (ours): each player pays for its fleets in port while it can; those it cannot
    pay for are lost, from the last port of the map up."""
    m = s.parts.map
    paying = 0
    for other in _in_turn_order(s, seat):
        ports = [a for a in range(m.land) if s.fleets[a][other]]
        in_port = sum(s.fleets[a][other] for a in ports)
        if not in_port:
            continue
        paying += 1
        kept = min(in_port, s.money[other] // step.amount)
        pay(s, other, kept * step.amount)
        lost = in_port - kept
        for a in reversed(ports):
            k = min(lost, s.fleets[a][other])
            if k:
                board.remove_fleets(s, a, other, k)
                lost -= k
        who, gone = title(s, other), count_of(in_port - kept, "fleet")
        if not kept:
            say(
                s,
                f"{who} cannot pay for its {gone} in port and loses {'it' if in_port == 1 else 'them'}",
            )
            continue
        said = f"{who} pays {talents(kept * step.amount)} for {count_of(kept, 'fleet')} in port"
        say(s, said + (f" and loses {gone}" if in_port > kept else ""))
    if not paying:
        say(s, "Nobody has a fleet in port: nobody pays")


def recall(s: State, seat: int, step: Step) -> None:
    """ODD 41-44 (F, E2; Q30): the roller's leader is placed alone in his home; where his
    home holds unfriendly units, in `board.refuge`; with none, he stays where he is."""
    at = s.leaders[seat]
    home = s.homes[seat]
    if at >= CAPTIVE or at == NO:
        say(s, f"{title(s, seat)}'s leader is a captive and stays so")
        return
    to = board.refuge(s, seat)
    held = f"{area_name(s, home)} holding unfriendly units (Q30)"
    if to == NO:
        say(s, f"{title(s, seat)}'s leader stays where he is: {held}, none of his areas free")
        return
    if to == at == home:  # a trial read "goes home alone" of a leader at home with his units
        say(s, f"{title(s, seat)}'s leader is in {area_name(s, at)} already and stays there")
        return
    if to == at:  # (a trial read "already" as if his home were there)
        say(
            s,
            f"{title(s, seat)}'s leader stays in {area_name(s, at)}: {held}, his units there "
            "are the nearest to it",
        )
        return
    board.set_leader(s, seat, to)
    if to == home:
        say(s, f"{title(s, seat)}'s leader goes home alone to {area_name(s, home)}")
    else:
        say(s, f"{title(s, seat)}'s leader goes alone to {area_name(s, to)}, {held}")


def pinned(s: State, seat: int, step: Step) -> None:
    value = 2 if step.no_bonus else 1
    p = list(s.pinned)
    p[seat] = max(p[seat], value)
    s.pinned = tuple(p)
    said = "may not move" + (" and gives no +1" if step.no_bonus else "")
    said += f" until game turn {s.turn} ends"
    say(s, f"{title(s, seat)}'s leader {said}")


def receive(s: State, seat: int, step: Step) -> None:
    """Units from the roller's pool (F: those not in the pool are not received), at home or
    with the leader only where a purchase could be placed (Q6)."""
    m = s.parts.map
    if step.needs != NO and not any(
        c == seat and m.symbol[a] == step.needs for a, c in enumerate(s.control)
    ):
        kind = unit_noun(step.needs)  # the symbol it needs (l.22): "no cavalry area"
        say(s, f"{title(s, seat)} controls no {kind} area and receives nothing")
        return
    if step.at == "leader":
        at = s.leaders[seat]
        if not 0 <= at < m.land:
            say(s, f"{title(s, seat)}'s leader is not on the map: nothing is received")
            return
    elif step.at == "home":
        at = s.homes[seat]
    else:
        at = _area(s, step.at)
    if step.at in ("leader", "home") and at not in economy.placement_areas(s, seat):
        where = area_name(s, at)  # Q6, as for purchases: never among unfriendly units
        say(
            s,
            f"{title(s, seat)} receives nothing: {where} holds unfriendly units or an enemy holds it (Q6)",
        )
        return
    got = _placed(s, at, seat, step.units)
    short = fewer_told(s, seat, step.units, got)
    say(
        s,
        f"{title(s, seat)} receives {units_text(got)} in {area_name(s, at)}{short}{_beside(s, seat, at)}",
    )


def _beside(s: State, seat: int, at: int) -> str:
    """Units received where another player's stand: no battle now, one only if a side
    wants it in the roller's combat phase (l.35; a trial saw enemy units placed in its
    province and no word of why they did not fight)."""
    others = [
        k
        for k in range(s.players)
        if k != seat and board.seat_units(s, at, k) and not board.allied(s, seat, k)
    ]
    if not others:
        return ""
    whose = listed([f"{title(s, k)}'s" for k in others])
    return (
        f", beside {whose} units: a battle there comes only if a side wants it, in "
        f"{title(s, seat)}'s combat phase (l.35)"
    )


def may_buy(s: State, seat: int, step: Step) -> None:
    """An event's purchase: fleets in ports the roller controls; elephants in an EL area he
    controls, or else by an ally who controls one, in the ally's colour (facts 4.7)."""
    if step.unit == "fleet":
        _event_buy(s, seat, EVENT_FLEETS, step)
        return
    m = s.parts.map
    buyers = [seat, *board.allies_of(s, seat)]
    for who in buyers:
        if EL in economy.symbols(s, who):
            if who != seat:
                say(  # (a trial's roller read no word of why he was not asked)
                    s,
                    f"{title(s, seat)} controls no elephant area: {title(s, who)}, its ally "
                    "controlling one, may buy them, in its own colour (an event's elephants "
                    "are placed in an elephant area their buyer controls)",
                )
            _event_buy(s, who, EVENT_ELEPHANTS, step)
            return
    areas = listed([area_name(s, a) for a in _elephant_areas(m)], "or")
    say(
        s,
        f"{title(s, seat)} controls no elephant area ({areas}): no elephant is bought (an "
        "event's elephants are placed in an elephant area their buyer controls, l.22)",
    )


@lru_cache(maxsize=8)
def _elephant_areas(m: Map) -> tuple[int, ...]:
    return tuple(a for a in range(m.land) if m.symbol[a] == EL)


def _event_buy(s: State, who: int, mode: int, step: Step) -> None:
    """The event's purchase offered to `who`; where he may buy none, the table is told why."""
    if economy.purchase_options(s, who, mode, step.cap, step.price):
        push(s, ("buy", who, mode, step.cap, step.price))
        return
    noun, kind = ("fleet", POOL_FLEETS) if mode == EVENT_FLEETS else ("elephant", EL)
    if not s.pool[who][kind]:
        why = f"has no {noun} left to buy"
    elif s.money[who] < step.price:
        why = f"has {talents(s.money[who])}, and each {noun} costs {step.price}"
    else:
        why = "controls no port"
    say(s, f"{title(s, who)} {why}: no {noun} is bought")


def lose_from_leader(s: State, seat: int, step: Step) -> None:
    at = s.leaders[seat]
    if not 0 <= at < s.parts.map.land or not board.seat_units(s, at, seat):
        say(s, f"{title(s, seat)}'s leader has no unit with him: nothing is lost")
        return
    push(s, ("lose", seat, at, 1, 1))


def pay_or_lose(s: State, seat: int, step: Step) -> None:
    if not board.unit_count(s, seat):
        charge(s, seat, step.amount, "the event")
        return
    push(s, ("mutiny", seat, step.amount, NO, NO))


def draw(s: State, seat: int, step: Step) -> None:
    who = _in_turn_order(s, seat) if step.every else [seat]
    for other in reversed(who):
        push(s, ("draw", other, NO, NO, NO))


def defection_options(s: State, seat: int) -> list[tuple[int, int]]:
    """(area, other seat): a levy of another player where the roller has units."""
    out = []
    for area in range(s.parts.map.land):
        if not board.seat_units(s, area, seat):
            continue
        out += [
            (area, other)
            for other in range(s.players)
            if other != seat and s.units[area][other * 4]
        ]
    return out


def defection(s: State, seat: int, step: Step) -> None:
    options = defection_options(s, seat)
    if not options:
        say(s, f"No levy of another player stands where {title(s, seat)} has units")
    elif len(options) == 1:
        defect(s, seat, *options[0])
    else:
        push(s, ("defect", seat, NO, NO, NO))


def defect(s: State, seat: int, area: int, other: int) -> None:
    board.add_units(s, area, other * 4, -1)
    board.to_pool(s, other, 0, 1)
    got = board.place(s, area, seat, 0, 1)
    said = "joins" if got else "deserts (no levy left in the pool to replace it)"
    say(s, f"A levy of {title(s, other)} in {area_name(s, area)} {said} {title(s, seat)}")


STEPS = {
    "revolt": revolt,
    "invasion": invasion,
    "turns_white": turns_white,
    "gain": gain,
    "pay": pay_step,
    "all_pay": all_pay,
    "pay_each": pay_each,
    "pay_or_lose": pay_or_lose,
    "port_wages": port_wages,
    "controller_gains": controller_gains,
    "holder_gains": holder_gains,
    "gain_per_port": gain_per_port,
    "pay_per_fleet": pay_per_fleet,
    "pay_per_units": pay_per_units,
    "receive": receive,
    "may_buy": may_buy,
    "pinned": pinned,
    "draw": draw,
    "recall": recall,
    "port_fever": port_fever,
    "lose_from_leader": lose_from_leader,
    "defection": defection,
}
