"""Chits: played now, or armed in advance as standing orders (facts 1.8 and 4.8; Q31).

A chit is played "any time, even during another player's turn" (F, E1). So that no table
waits on a hand and nothing public tells what a seat holds, the engine never stops to ask a
seat whether it plays a chit. A seat plays one by a step of its own at any time its timing
allows (Turns.out_of_turn: a Play names its seat), or arms it beforehand as a standing order
(an Arm: the chit, the moment it answers, what it names), kept in the seat's hidden part of
the state and carried out by the engine when that moment comes:

    turn      the start of the next game turn (chits 12-14, F: only then)
    revolt    a Revolt rolled in an area the seat controls (15-17, F: right after the roll)
    attacked  a battle against the seat where its leader or its home is (2-4: mercenaries
              join before the battle, F: not while a combat is resolved)
    battle    the seat's next land battle, or the next one at a named area (7-9)
    short     the seat must pay and cannot (5: the treasure)
    revenue   the seat's next revenue phase (5, 11)

Nothing public depends on a hand or an order until a chit is played: a played chit is told to
everyone (news), goes back into the cup (ours, facts 4.8) and takes effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import board
from .components import CAV, LEVY, Chit
from .names import area_name, fewer_told, title, units_text
from .state import CAPTIVE, MERC, NO, TRIGGERS, State

TURN, REVOLT, ATTACKED, BATTLE, SHORT, REVENUE = range(6)
# each moment as the table tells a standing order carried out (TRIGGERS: as it is typed)
MOMENTS: Final = (
    "the start of a game turn",
    "a revolt in its provinces",
    "an attack where its leader or its home is",
    "its next battle",
    "a payment it cannot make",
    "its revenue",
)
# the same moments as a seat reads its own standing orders in its hand
YOUR_MOMENTS: Final = (
    "the start of a game turn",
    "a revolt in your provinces",
    # (a trial's chit armed for `attacked` did not answer an attack elsewhere, unsaid)
    "an attack where your leader or your home is",
    "your next battle",
    "a payment you cannot make",
    "your revenue",
)
# the moments a chit of each kind may be armed for (docs/successors.md)
ARMED_FOR: Final = {
    "mercenaries": (ATTACKED,),
    "treasure": (SHORT, REVENUE),
    "ambush": (BATTLE,),
    "panic": (BATTLE,),
    "omens": (BATTLE,),
    "tax": (REVENUE,),
    "initiative": (TURN,),
    "truce": (TURN,),
    "general_levy": (TURN,),
    "revolt_fails": (REVOLT,),
}
# the kinds played now by a step of their own, and when (Play)
IN_OWN_MOVEMENT: Final = frozenset(("forced_march", "bribe", "fair_winds"))
ANY_TIME: Final = frozenset(("treasure", "spy"))
NOT_IN_COMBAT: Final = frozenset(("mercenaries", "raid"))  # F (E2): not while a combat is resolved
IN_OWN_REVENUE: Final = frozenset(("tax",))
PLAYED_NOW: Final = IN_OWN_MOVEMENT | ANY_TIME | NOT_IN_COMBAT | IN_OWN_REVENUE


def chit_of(s: State, number: int) -> Chit:
    return s.parts.chits.of(number)


def chit_text(s: State, number: int) -> str:
    c = chit_of(s, number)
    return f"chit {number} ({c.name})"


def give_back(s: State, seat: int, number: int) -> None:
    """A played chit leaves the hand (and its standing order) and goes back into the cup."""
    hands = list(s.hands)
    hand = list(hands[seat])
    hand.remove(number)
    hands[seat] = tuple(hand)
    s.hands = tuple(hands)
    orders = list(s.orders)
    orders[seat] = tuple(o for o in orders[seat] if o[0] != number)
    s.orders = tuple(orders)
    s.cup = tuple(sorted((*s.cup, number)))


def armed(
    s: State, seat: int, trigger: int, area: int = NO, acts: Callable[[Chit], bool] | None = None
) -> int | None:
    """The first chit `seat` armed for `trigger` (at `area`, where its order names one) that
    would do something now (`acts`, when given: one that would not stays armed), or None."""
    for number, when, at, _ in s.orders[seat]:
        here = when == trigger and (area == NO or at in (NO, area))
        if here and (acts is None or acts(chit_of(s, number))):
            return number
    return None


# the standing orders kept armed through the moments where they would do nothing (the
# battle's check in combat.py; `acts_at_turn_start`)
KEPT_ARMED: Final = {
    "ambush": "battles with no pre-battle rolls (a sea invasion)",
    "panic": "battles with no enemy elephant or no pre-battle rolls",
    "general_levy": "game turns that start with an enemy holding your home",
}


def order_of(s: State, seat: int, number: int) -> tuple[int, int, int, int]:
    return next(o for o in s.orders[seat] if o[0] == number)


def fire(
    s: State, seat: int, trigger: int, area: int = NO, acts: Callable[[Chit], bool] | None = None
) -> Chit | None:
    """Carry out `seat`'s standing order for this moment, if it armed one that would do
    something (`acts`; a levy at a home an enemy holds would not): the chit is told to
    everyone and goes back into the cup; its effect is the caller's (or `effect`'s)."""
    number = armed(s, seat, trigger, area, acts)
    if number is None:
        return None
    chit = chit_of(s, number)
    order = order_of(s, seat, number)
    give_back(s, seat, number)
    said = f"{title(s, seat)} plays {chit_text(s, number)}, a standing order armed for {MOMENTS[trigger]}"
    s.news = (*s.news, said)
    if trigger in (TURN, SHORT, REVENUE):
        effect(s, seat, chit, order[3])
    return chit


def acts_at_turn_start(s: State, seat: int, chit: Chit) -> bool:
    """A General levy gives nothing while an enemy holds the home (Q6), Seize the initiative
    nothing to the seat already first (a trial's Yellow played it so): either stays armed."""
    if chit.kind == "initiative":
        return s.order[:1] != (seat,)
    return chit.kind != "general_levy" or (s.homes[seat] != NO and home_takes_units(s, seat))


def hires(s: State, chit: Chit) -> bool:
    """Mercenaries hire only while the white pool holds some of the chit's units."""
    return any(map(min, chit.units, s.white_pool))


def effect(s: State, seat: int, chit: Chit, other: int = NO, area: int = NO) -> None:
    """The effect of a chit that needs no more than its seat, an area and another seat."""
    kind = chit.kind
    who = title(s, seat)
    if kind in ("treasure", "tax"):
        board.gain(s, seat, chit.amount)
        s.news = (*s.news, f"{who} gains {chit.amount} (treasury {s.money[seat]})")
    elif kind == "general_levy":
        home = s.homes[seat]
        if home == NO or not home_takes_units(s, seat):
            s.news = (*s.news, f"{who}'s home is held by an enemy: no levy is received (Q6)")
            return
        got = [board.place(s, home, seat, LEVY, chit.units[LEVY]), 0, 0, 0]
        short = fewer_told(s, seat, chit.units, got, "the chit")
        s.news = (*s.news, f"{who} receives {units_text(got)} in {area_name(s, home)}{short}")
    elif kind == "initiative":
        s.order = (seat, *(k for k in s.order if k != seat))
        s.news = (*s.news, f"{who} takes the first player turn of game turn {s.turn}")
    elif kind == "truce" and other != NO:
        pair = (min(seat, other), max(seat, other))
        s.truces = tuple(sorted({*s.truces, pair}))
        s.news = (
            *s.news,
            f"{who} and {title(s, other)} start no battle against each other this game turn",
        )
    elif kind == "mercenaries" and area != NO:
        hired = [board.place(s, area, MERC + seat, t, n) for t, n in enumerate(chit.units)]
        short = fewer_told(s, MERC + seat, chit.units, hired, "the chit")
        s.news = (
            *s.news,
            f"{who} hires {units_text(hired)} as mercenaries in {area_name(s, area)}{short}",
        )


def home_takes_units(s: State, seat: int) -> bool:
    """Q6: units are placed at home unless unfriendly units are there or an enemy holds it."""
    home = s.homes[seat]
    holder = s.control[home]
    free = holder in (NO, seat) or board.allied(s, holder, seat)  # (its own, most often)
    return free and not board.unfriendly_here(s, home, seat)


def merc_places(s: State, seat: int) -> tuple[int, ...]:
    """Where a seat's mercenaries join it (facts 4.8): with its leader, or in its home
    where no unfriendly units are."""
    out = []
    at = s.leaders[seat]
    if 0 <= at < s.parts.map.land:
        out.append(at)
    home = s.homes[seat]
    if home != NO and home not in out and not board.unfriendly_here(s, home, seat):
        out.append(home)
    return tuple(out)


def raid_sources(s: State, seat: int) -> tuple[tuple[int, int], ...]:
    """(area, code) of the seat's cavalry (its own or its mercenaries') that may raid."""
    out = []
    for area in range(s.parts.map.land):
        for slot in (seat, MERC + seat):
            if board.standing(s, area, slot * 4 + CAV):
                out.append((area, slot * 4 + CAV))
    return tuple(out)


def raid_targets(s: State, seat: int, area: int, paying: bool = True) -> tuple[int, ...]:
    """Areas next to `area` that another player controls (facts 4.8); `paying`: only those
    whose controller has a Talent, since a raid takes no more than he has."""
    near = [b for b in s.parts.map.adjacent[area] if s.control[b] not in (NO, seat)]
    return tuple(b for b in near if not paying or s.money[s.control[b]] > 0)


def spied_on(s: State, seat: int) -> tuple[int, ...]:
    """The players a Spy may be played on: those in the game holding a chit (how many each
    holds is public)."""
    return tuple(k for k in range(s.players) if k != seat and k not in s.out and s.hands[k])


def bribe_targets(s: State, seat: int) -> tuple[tuple[int, int], ...]:
    """(area, other seat) where a levy of another player stands next to one of the seat's
    units (chit 6, ours)."""
    m = s.parts.map
    mine = [a for a in range(m.land) if board.seat_units(s, a, seat)]
    near = {b for a in mine for b in m.adjacent[a]} | set(mine)
    out = []
    for b in sorted(near):
        for other in range(s.players):
            if other != seat and board.standing(s, b, other * 4 + LEVY):
                out.append((b, other))
    return tuple(out)


Window = Callable[[State, int], str | None]


def leader_free(s: State, seat: int) -> bool:
    return s.leaders[seat] < CAPTIVE


def armed_as(s: State, seat: int, number: int, moment: int) -> str:
    """The standing order of a chit as a player types it: `arm 15 for revolt`; a truce names
    the player it is with (the first other one here)."""
    order = f"arm {number} for {TRIGGERS[moment]}"
    if chit_of(s, number).kind != "truce":
        return order
    other = next((k for k in range(s.players) if k != seat and k not in s.out), seat)
    return f"{order} against {s.seats[other]}"
