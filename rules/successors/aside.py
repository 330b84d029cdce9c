"""Steps a seat takes at any time, whoever decides (Turns.out_of_turn): gifts of money (l.12;
Q8), alliances offered, answered and ended (l.32; Q12), a ransom paid (l.13; Q21), a chit
played now or armed as a standing order (chits.py; Q31). None of them waits for anybody."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..words import listed
from . import board, chits, economy, movement
from .chits import ARMED_FOR, armed_as, chit_of, chit_text
from .components import CAV, LEVY
from .economy import push, say
from .names import area_name, none_left, talents, title
from .state import (
    MERC,
    NO,
    TRIGGERS,
    Accept,
    Arm,
    Break,
    Disarm,
    Give,
    Offer,
    Play,
    Ransom,
    Refuse,
    State,
)

Aside = Give | Offer | Accept | Refuse | Break | Ransom | Play | Arm | Disarm
# what an alliance lets an ally do, told when it is offered and when it is made (a trial's
# ally took a person's empty provinces with lone levies, as l.10 allows)
ALLIES_MAY = (
    "allies enter and share each other's areas without battle, and a province goes to the "
    "ally with more units there, so a lone levy of your ally's takes one you left empty (l.10)"
)


def seat_index(s: State, name: str) -> int:
    return s.seats.index(name) if name in s.seats else NO


def problem(s: State, a: Aside, deciding: bool) -> str | None:
    """Why the step may not be taken now (the rule, what is allowed), or None. `deciding`:
    nothing is being dealt (no chance step is pending)."""
    seat = seat_index(s, a.seat)
    if seat == NO:
        return f"no seat {a.seat!r} in this game; the seats are {', '.join(s.seats)}"
    if s.phase == "over":
        return "the game is over"
    if seat in s.out:
        return f"{title(s, seat)} has been eliminated (Q32)"
    if not deciding:
        return "wait for the dice or the chit being dealt"
    check: Callable[[State, int, Aside], str | None] = _CHECKS[type(a)]  # type: ignore[assignment]
    return check(s, seat, a)


def _other(s: State, seat: int, name: str) -> str | int:
    other = seat_index(s, name)
    if other == NO:
        return f"no seat {name!r} in this game; the seats are {', '.join(s.seats)}"
    if other == seat:
        return "name another player"
    if other in s.out:
        return f"{title(s, other)} has been eliminated (Q32)"
    return other


def _give(s: State, seat: int, a: Give) -> str | None:
    last = s.parts.setup.gifts_until
    if s.turn > last:
        return f"money is exchanged freely through turn {last} only (l.12); this is turn {s.turn}"
    other = _other(s, seat, a.to)
    if isinstance(other, str):
        return other
    if s.homes[other] == NO:  # its treasury begins with its home (F)
        return (
            f"{title(s, other)} has no home yet: its Talents come with its home (F), so give "
            "once it has chosen one"
        )
    held = s.money[seat]
    if not held:
        return "your treasury is empty: you have no Talent to give (l.12)"
    if a.amount < 1:
        return f"give at least 1 Talent: `give 1 to {a.to}` (l.12)"
    if not 1 <= a.amount <= held:
        upto = "" if held == 1 else f"at most {held}: "
        return f"you have {talents(held)} to give: {upto}`give {held} to {a.to}` (l.12)"
    return None


def _offer(s: State, seat: int, a: Offer) -> str | None:
    other = _other(s, seat, a.to)
    if isinstance(other, str):
        return other
    if board.allied(s, seat, other):
        return f"you are allied with {title(s, other)} already"
    if (other, seat) in s.offers:  # (a trial offered back what it had not seen offered)
        them = s.seats[other]
        return (
            f"{title(s, other)} has offered you an alliance already: `accept {them}` makes it, "
            f"`refuse {them}` turns it down"
        )
    if (seat, other) in s.offers:
        return f"you have offered {title(s, other)} an alliance already: it answers at any time"
    if (seat, other) in s.refused:  # ours: nobody is pinged again and again for one offer
        return (
            f"{title(s, other)} refused your alliance in this game turn: offer it again from "
            f"game turn {s.turn + 1} (one offer a game turn to each player)"
        )
    return None


def _answer(s: State, seat: int, a: Accept | Refuse) -> str | None:
    other = _other(s, seat, a.to)
    if isinstance(other, str):
        return other
    if (other, seat) not in s.offers:
        offered = [title(s, f) for f, t in s.offers if t == seat]
        return f"{title(s, other)} offers you no alliance" + (
            f" (offers to you: {', '.join(offered)})" if offered else ""
        )
    return None


def _break(s: State, seat: int, a: Break) -> str | None:
    other = _other(s, seat, a.to)
    if isinstance(other, str):
        return other
    if (seat, other) in s.offers:
        return None
    if not board.allied(s, seat, other):
        return f"you have no alliance with {title(s, other)} and offered none"
    if (seat, other) in s.breaks:
        return f"your alliance with {title(s, other)} ends at the start of your next turn already"
    return None


def _ransom(s: State, seat: int, a: Ransom) -> str | None:
    if not board.captive(s, seat):
        return "your leader is not a captive"
    if s.money[seat] < s.parts.setup.ransom:
        return f"the ransom is {s.parts.setup.ransom} Talents (l.13); you have {s.money[seat]}"
    if board.refuge(s, seat) == NO:
        home = area_name(s, s.homes[seat])
        return f"{home} holds unfriendly units and no area of your units could take him (Q21)"
    return None


def _play(s: State, seat: int, a: Play) -> str | None:
    if a.chit not in s.hands[seat]:
        return _not_held(s, seat, a.chit)
    c = chit_of(s, a.chit)
    if c.kind not in chits.PLAYED_NOW:
        moments = ", ".join(TRIGGERS[t] for t in ARMED_FOR[c.kind])
        return f"{chit_text(s, a.chit)} is played by a standing order only: arm it (for: {moments})"
    if s.phase != "play":
        return "chits are played once the homes are chosen"
    window = _window(s, seat, c.kind)
    if window is not None:
        return window
    idle = idle_now(s, seat, a.chit)
    return _targets(s, seat, a) if idle is None else _useless(s, a.chit, idle)


def _useless(s: State, number: int, why: str, does: str = "would do nothing now") -> str:
    """A chit refused because it would do nothing: its words, why, and what would help."""
    said = chit_of(s, number).text.removesuffix(".")
    return f'{chit_text(s, number)} {does} ("{said}"): {why}'


def _not_held(s: State, seat: int, number: int) -> str:
    held = ", ".join(str(k) for k in s.hands[seat]) or "none"
    return f"you hold no chit {number} (yours: {held})"


def _window(s: State, seat: int, kind: str) -> str | None:
    top = s.frames[-1] if s.frames else ("", NO, NO, NO, NO)
    if kind in chits.IN_OWN_MOVEMENT:
        if top[0] != "move" or top[1] != seat or top[2] != NO:
            return "played in your own movement phase only"
    elif kind in chits.IN_OWN_REVENUE:
        if top[0] not in ("buy", "disband") or top[1] != seat or s.current != seat:
            # (the phase stops only for purchases: none on turn 1, l.5, nor with nothing to buy)
            return "played in your own revenue phase only, while you buy (armed, it plays there by itself)"
    elif kind in chits.NOT_IN_COMBAT and s.battle is not None:
        return "not while a combat is being resolved (errata)"
    return None


def idle_now(s: State, seat: int, number: int) -> str | None:
    """Why a chit played now would certainly do nothing (so that it is refused and kept, not
    spent), and what would make it useful; or None. A boost waits for the move it is for:
    refused only when none may come before it expires with the movement phase (no unit is
    bought in it)."""
    c = chit_of(s, number)
    if c.kind == "fair_winds" and not _fleet_may_move(s, seat):
        if board.fleet_count(s, seat):
            return "each of your fleets has moved in this movement phase; play it in a later one"
        return "you have no fleet; play it when one of yours can move"
    if c.kind == "forced_march" and not _leader_may_march(s, seat):
        return _leader_stays(s, seat)
    if c.kind == "mercenaries" and not chits.hires(s, c):
        return f"{none_left(s, MERC + seat, c.units, [0] * len(c.units))}; play it when some are"
    return _raid_idle(s, seat) if c.kind == "raid" else None


def _fleet_may_move(s: State, seat: int) -> bool:
    f = s.force
    under_way = f is not None and f.seat == seat and f.fleets > 0
    return under_way or any(movement.fleets_free(s, seat, at) > 0 for at in s.fleet_places[seat])


def _leader_may_march(s: State, seat: int) -> bool:
    f = s.force
    with_him = f is not None and f.seat == seat and f.leader != NO and not f.fleets
    return with_him or movement.leader_free(s, seat)


def _leader_stays(s: State, seat: int) -> str:
    if board.captive(s, seat):
        return "your leader is a captive; play it in a movement phase once he is free"
    if s.pinned and s.pinned[seat]:
        return "your leader may not move this turn (the event); play it in a later movement phase"
    f = s.force
    if f is not None and f.seat == seat and f.leader != NO:  # (movement.boost: land forces)
        return (
            "your leader sails with a fleet, not with a force on land; "
            "play it in a later movement phase"
        )
    return (
        "your leader's move is over in this movement phase; "
        "play it in a later one before he sets out"
    )


def _targets(s: State, seat: int, a: Play) -> str | None:
    kind = chit_of(s, a.chit).kind
    m = s.parts.map
    if kind == "mercenaries":
        places = chits.merc_places(s, seat)
        if m.index.get(a.at, NO) not in places:
            said = " or ".join(f"`play {a.chit} at {area_name(s, p)}`" for p in places)
            return f"mercenaries join you with your leader or in your home: {said or 'none now'}"
    elif kind == "spy":
        others = [s.seats[k] for k in chits.spied_on(s, seat)]
        ways = " or ".join(f"`play {a.chit} on {o}`" for o in others) or "none holds a chit now"
        if not a.to:  # a player is named: whose chits are seen
            return f"name the player whose chits you see: {ways}"
        other = _other(s, seat, a.to)
        if isinstance(other, str):
            return other
        if not s.hands[other]:  # hand sizes are public: a view holds them too
            return f"{title(s, other)} holds no chit: your Spy would see nothing; {ways}"
    elif kind == "bribe":
        targets = chits.bribe_targets(s, seat)
        other = seat_index(s, a.to)
        if (m.index.get(a.at, NO), other) not in targets:
            if not targets:
                return "no levy of another player stands in or next to an area of your units"
            at, whose = targets[0]
            return (
                "name an area next to one of your units and the player whose levy there you "
                f"bribe: `play {a.chit} at {area_name(s, at)} on {s.seats[whose]}`"
            )
    elif kind == "raid":
        at = m.index.get(a.at, NO)
        sources = sorted({x for x, _ in chits.raid_sources(s, seat)})
        if not sources:
            return "you have no cavalry on the map to raid with (one not in the force under way)"
        raids = [(x, to) for x in sources for to in chits.raid_targets(s, seat, x)]
        if not raids:
            return "none of your cavalry stands next to an area another player controls"
        if at not in sources:
            where = listed([area_name(s, x) for x in sources], "or")
            src, to = raids[0]
            return (
                f"name the area of one of your cavalry, not in the force under way ({where}), "
                f"and the area it raids: `play {a.chit} from {area_name(s, src)} to "
                f"{area_name(s, to)}`"
            )
        near = chits.raid_targets(s, seat, at)
        to = m.index.get(a.to, NO)
        unpaid = chits.raid_targets(s, seat, at, paying=False)
        if to not in near and (to in unpaid or not near) and unpaid:
            return _useless(s, a.chit, _broke(s, [to] if to in unpaid else unpaid))
        if to not in near:
            if not near:
                return f"no area next to {area_name(s, at)} is another player's to raid"
            where = listed([area_name(s, t) for t in near], "or")
            return (
                f"name an area next to it that another player controls: {where} "
                f"(`play {a.chit} from {area_name(s, at)} to {area_name(s, near[0])}`)"
            )
    return None


def _raid_idle(s: State, seat: int) -> str | None:
    """Why no raid of the seat's cavalry could gain anything: each player it could raid has
    an empty treasury (he pays only what he has); or None."""
    sources = {x for x, _ in chits.raid_sources(s, seat)}
    near = [b for x in sources for b in chits.raid_targets(s, seat, x, paying=False)]
    if not near or any(s.money[s.control[b]] for b in near):
        return None
    return _broke(s, near)


def _broke(s: State, areas: Iterable[int]) -> str:
    broke = sorted({s.control[b] for b in areas})
    has = "has" if len(broke) == 1 else "have"
    return f"{listed([title(s, k) for k in broke])} {has} no Talent to pay; play it when one has"


def _arm(s: State, seat: int, a: Arm) -> str | None:
    if a.chit not in s.hands[seat]:
        return _not_held(s, seat, a.chit)
    c = chit_of(s, a.chit)
    allowed = ARMED_FOR.get(c.kind, ())
    if a.when not in TRIGGERS or TRIGGERS.index(a.when) not in allowed:
        if not allowed:
            return f"{chit_text(s, a.chit)} is played now, not armed"
        return f"{chit_text(s, a.chit)} is armed for: {', '.join(TRIGGERS[t] for t in allowed)}"
    last = s.parts.setup.turns
    if a.when == TRIGGERS[chits.TURN] and s.phase == "play" and s.turn >= last:
        why = f"this is the last game turn ({s.turn} of {last}): no game turn starts after it"
        return _useless(s, a.chit, why, "would never be played")
    if a.at and (a.at not in s.parts.map.index or s.parts.map.index[a.at] >= s.parts.map.land):
        return f"no land area {a.at!r}"
    if a.at and a.when != "battle":
        return "only a battle order names an area"
    if c.kind == "truce":
        if not a.to:
            example = armed_as(s, seat, a.chit, TRIGGERS.index(a.when))
            return f"a truce names the player it is with: `{example}`"
        other = _other(s, seat, a.to)
        if isinstance(other, str):
            return other
    elif a.to:
        return "only a truce names a player"
    return None


def _disarm(s: State, seat: int, a: Disarm) -> str | None:
    if not any(o[0] == a.chit for o in s.orders[seat]):
        armed = ", ".join(str(o[0]) for o in s.orders[seat]) or "none"
        return f"no standing order of chit {a.chit} (yours: {armed})"
    return None


_CHECKS = {
    Give: _give,
    Offer: _offer,
    Accept: _answer,
    Refuse: _answer,
    Break: _break,
    Ransom: _ransom,
    Play: _play,
    Arm: _arm,
    Disarm: _disarm,
}


def apply(s: State, a: Aside) -> None:
    """The step (already checked) carried out on the working copy."""
    seat = seat_index(s, a.seat)
    if isinstance(a, Give):
        other = seat_index(s, a.to)
        economy.pay(s, seat, a.amount, other)
        say(s, f"{title(s, seat)} gives {talents(a.amount)} to {title(s, other)} (l.12)")
    elif isinstance(a, Offer):
        other = seat_index(s, a.to)
        s.offers = (*s.offers, (seat, other))
        me = s.seats[seat]
        say(
            s,
            f"{title(s, seat)} offers an alliance to {title(s, other)} (l.32): "
            f"{title(s, other)} answers `accept {me}` or `refuse {me}`, at any time; {ALLIES_MAY}",
        )
    elif isinstance(a, Accept | Refuse):
        _answered(s, seat, seat_index(s, a.to), isinstance(a, Accept))
    elif isinstance(a, Break):
        _broken(s, seat, seat_index(s, a.to))
    elif isinstance(a, Ransom):
        economy.ransom(s, seat)
    elif isinstance(a, Play):
        _played(s, seat, a)
    elif isinstance(a, Arm):
        _armed(s, seat, a)
    else:
        orders = list(s.orders)
        orders[seat] = tuple(o for o in orders[seat] if o[0] != a.chit)
        s.orders = tuple(orders)


def _answered(s: State, seat: int, other: int, yes: bool) -> None:
    s.offers = tuple(o for o in s.offers if o != (other, seat))
    if not yes:
        s.refused = (*s.refused, (other, seat))
        say(s, f"{title(s, seat)} refuses {title(s, other)}'s alliance")
        return
    pair = (min(seat, other), max(seat, other))
    if pair not in s.alliances:
        s.alliances = tuple(sorted((*s.alliances, pair)))
        s.allied_since = (*s.allied_since, (*pair, s.turn))
    say(
        s,
        f"{title(s, seat)} and {title(s, other)} are allies (l.32): {ALLIES_MAY}",
    )


def _broken(s: State, seat: int, other: int) -> None:
    if (seat, other) in s.offers:
        s.offers = tuple(o for o in s.offers if o != (seat, other))
        say(s, f"{title(s, seat)} withdraws its offer to {title(s, other)}")
        return
    s.breaks = (*s.breaks, (seat, other))
    say(
        s,
        f"{title(s, seat)} will end its alliance with {title(s, other)} at the start of its "
        f"next turn (Q12){_enemies_where(s, seat, other, 'then')}",
    )


def _enemies_where(s: State, breaker: int, ally: int, when: str) -> str:
    """Where the units of an alliance's two sides stand together, and so face each other
    once it ends: told to the seat left, which a trial's break reached with no word of it."""
    shared = [
        area_name(s, p)
        for p in range(s.parts.map.land)
        if board.seat_units(s, p, breaker) and board.seat_units(s, p, ally)
    ]
    if not shared:
        return ""
    return (
        f"; {title(s, ally)}'s units and {title(s, breaker)}'s in {listed(shared)} are enemies "
        f"{when}: battle follows where one side wants it (l.35)"
    )


def end_alliances(s: State, seat: int) -> None:
    """The seat's turn begins: the alliances it chose to end are over (Q12)."""
    if not s.breaks:
        return
    for who, other in [b for b in s.breaks if b[0] == seat]:
        pair = (min(who, other), max(who, other))
        s.alliances = tuple(p for p in s.alliances if p != pair)
        s.allied_since = tuple(x for x in s.allied_since if x[:2] != pair)
        s.ended = (*(e for e in s.ended if e[:2] != (who, other)), (who, other, s.turn))
        # told when it takes effect, with why now (a trial saw it come amid its own combat)
        say(
            s,
            f"The alliance of {title(s, who)} and {title(s, other)} is over: "
            f"{title(s, who)}'s player turn begins, where the end it announced takes effect "
            f"(Q12){_enemies_where(s, who, other, 'now')}",
        )
        # the ally's own break of it is done with it (a trial was told it ended twice)
        s.breaks = tuple(b for b in s.breaks if b != (other, who))
    s.breaks = tuple(b for b in s.breaks if b[0] != seat)


def _played(s: State, seat: int, a: Play) -> None:
    c = chit_of(s, a.chit)
    chits.give_back(s, seat, a.chit)
    m = s.parts.map
    say(s, f"{title(s, seat)} plays {chit_text(s, a.chit)}")
    kind = c.kind
    if kind == "mercenaries":
        chits.effect(s, seat, c, area=m.index[a.at])
    elif kind in ("treasure", "tax"):
        chits.effect(s, seat, c)
    elif kind in ("forced_march", "fair_winds"):
        movement.boost(s, seat, kind, c.amount)
        say(
            s,
            f"{title(s, seat)}'s next {'force with its leader' if kind == 'forced_march' else 'fleet move'} has {c.amount} more MP",
        )
    elif kind == "bribe":
        area, other = m.index[a.at], seat_index(s, a.to)
        board.remove(s, area, other * 4 + LEVY)
        say(s, f"A levy of {title(s, other)} in {area_name(s, area)} is bribed away")
    elif kind == "spy":
        other = seat_index(s, a.to)
        spied = list(s.spied)
        spied[seat] = (*(x for x in spied[seat] if x[0] != other), (other, s.hands[other]))
        s.spied = tuple(spied)
        say(s, f"{title(s, seat)} sees the chits {title(s, other)} holds")
    elif kind == "raid":
        at, to = m.index[a.at], m.index[a.to]
        own = board.standing(s, at, seat * 4 + CAV)
        cav = seat * 4 + CAV if own else (MERC + seat) * 4 + CAV
        say(s, f"{title(s, seat)}'s cavalry in {area_name(s, at)} raids {area_name(s, to)}")
        push(s, ("raid_dice", seat, at, to, cav))


def raided(s: State, seat: int, at: int, to: int, cav: int, roll: int) -> None:
    """Chits 19-20 (F + ours): 1-2 the raided area's controller pays 1, 3-4 pays 2, 5 pays
    3 (as much as he can), 6 the raider is eliminated."""
    if roll == 6:
        if board.standing(s, at, cav):
            board.remove(s, at, cav)
        say(s, "The raid rolls 6: the raiding cavalry is eliminated")
        return
    victim = s.control[to]
    due = 1 if roll <= 2 else 2 if roll <= 4 else 3
    if victim in (NO, seat):
        say(s, f"The raid rolls {roll}, but nobody else holds {area_name(s, to)} now")
        return
    paid = economy.pay(s, victim, due, seat)
    # both treasuries told, each named (a why line says the raider's; a trial could not
    # tell whose a bare "treasury" was)
    raider, payer = title(s, seat), title(s, victim)
    say(
        s,
        f"{raider}'s raid rolls {roll}: {payer} pays it {talents(paid)} ({raider}'s treasury "
        f"{s.money[seat]}, {payer}'s {s.money[victim]})",
    )


def _armed(s: State, seat: int, a: Arm) -> None:
    m = s.parts.map
    at = m.index[a.at] if a.at else NO
    other = seat_index(s, a.to) if a.to else NO
    order = (a.chit, TRIGGERS.index(a.when), at, other)
    orders = list(s.orders)
    orders[seat] = (*(o for o in orders[seat] if o[0] != a.chit), order)
    s.orders = tuple(orders)


def options(s: State, seat: int) -> list[Aside]:
    """Every step `seat` may take aside now (for a player's menu, an AI and the soak): gifts
    of 1, alliances, a ransom, chits played and armed (read from the seat's own view)."""
    from .state import Arm as ArmStep

    out: list[Aside] = []
    me = s.seats[seat]
    for other, name in enumerate(s.seats):
        if other == seat or other in s.out:
            continue
        for step in (
            Give(me, name, 1),
            Offer(me, name),
            Accept(me, name),
            Refuse(me, name),
            Break(me, name),
        ):
            if problem(s, step, True) is None:
                out.append(step)
    if problem(s, Ransom(me), True) is None:
        out.append(Ransom(me))
    for number in s.hands[seat]:
        kind = chit_of(s, number).kind
        standing = {(o[1], o[3]) for o in s.orders[seat] if o[0] == number and o[2] == NO}
        for t in ARMED_FOR.get(kind, ()):
            targets = (
                [s.seats[k] for k in range(s.players) if k != seat and k not in s.out]
                if kind == "truce"
                else [""]
            )
            for to in targets:  # (the standing order it has already is no step)
                arm = ArmStep(me, number, TRIGGERS[t], "", to)
                has_it = (t, seat_index(s, to) if to else NO) in standing
                if not has_it and problem(s, arm, True) is None:
                    out.append(arm)
        for at, to in _play_targets(s, seat, kind):
            play = Play(me, number, at, to)
            if problem(s, play, True) is None:
                out.append(play)
        if any(o[0] == number for o in s.orders[seat]):
            out.append(Disarm(me, number))
    return out


def _play_targets(s: State, seat: int, kind: str) -> list[tuple[str, str]]:
    ids = s.parts.map.ids
    if kind not in chits.PLAYED_NOW:
        return []
    if kind == "mercenaries":
        return [(ids[a], "") for a in chits.merc_places(s, seat)]
    if kind == "spy":
        return [("", s.seats[k]) for k in chits.spied_on(s, seat)]
    if kind == "bribe":
        return [(ids[a], s.seats[k]) for a, k in chits.bribe_targets(s, seat)]
    if kind == "raid":
        return [
            (ids[a], ids[b])
            for a, _ in chits.raid_sources(s, seat)
            for b in chits.raid_targets(s, seat, a)
        ]
    return [("", "")]
