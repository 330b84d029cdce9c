"""The AI's fixed policy for what a seat does aside from its decisions: alliances and gifts
(l.12, l.32), and its chits (armed as standing orders, or played). Every level but `random`
follows it; docs/successors_ai.md says it in players' words.

Negotiation:
- it never gives money;
- at the table (`offer`, asked with its answers at once; the arena's games have no
  diplomacy), in its own player turns from game turn FIRST_OFFER_TURN on, it offers an
  alliance against a player standing first by OFFER_MARGIN over both it and the one it
  asks, the strongest other so placed, while it has no ally and no offer waits to or from
  it (a refusal stands for the game turn: l.32, ours), and not to a seat it ended an
  alliance with in the last REOFFER_TURNS game turns;
- it accepts an alliance offered only against the player leading on points: when a third
  player stands first, ahead of both it and the one offering; else it refuses (at once: the
  table asks `reply_of` after every stored step; at its next decision if that was not stored);
- it ends an alliance (Q12: at the start of its next turn) once its ally stands first by a
  clear margin (`_far_ahead`: as far as made it seek one, and by a fifth) after the game
  turn the alliance was made in, or takes its
  provinces (its units outnumbering the seat's in one), or near the end; at
  once, with why, as it answers an offer.
"Standing" is what the table sees: the score now (l.66-68, in half points) and twice the
income (one turn's tax counts for two half points): the points now and the income, in
points, as the why lines say it.

Chits: each is armed as a standing order as soon as the seat decides, for the moment it
answers (chits.ARMED_FOR): a revolt fails for a revolt in its provinces, a battle chit for
its next battle, a turn-start chit for the next game turn (a truce naming the rival with
most strength near its provinces), a treasure or the tax farmers for its next revenue phase
(where they pay most surely). Chits played now are played at the start of its own movement:
mercenaries with its leader (or at home), a bribe of the rival levy in the richest area, a
cavalry raid on the richest rival within reach; a forced march once its leader joins a force
of its units, before it marches (a trial's AI played it at the start and moved levies
alone). It never plays a spy nor fair winds (its voyages are planned within a fleet's own
5 MP).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.successors import State, View, aside, board, chits, names, result
from rules.successors import state as st
from rules.words import listed

from .reading import NO, distance, mine, strength

ARM_FIRST = {  # the moment each kind of chit is armed for
    "revolt_fails": "revolt",
    "ambush": "battle",
    "panic": "battle",
    "omens": "battle",
    "initiative": "turn",
    "truce": "turn",
    "general_levy": "turn",
    "treasure": "revenue",
    "tax": "revenue",
}


def standing(s: State, seat: int) -> int:
    """A seat's standing as the table sees it: its score now (half points) and twice its
    income."""
    if seat in s.out:
        return -1_000
    return result.half_points(s, seat) + 2 * board.income(s, seat)


OFFER_MARGIN = 10  # half points the player standing first leads both by before an offer
# an ally is left once it leads every other by OFFER_MARGIN and by a fifth of the next
# standing: the lead that made the seat seek an alliance, not one step's swing of income
# (two trials read an ally left 3 points ahead as fickle)
BREAK_SHARE = 5
REOFFER_TURNS = 3  # game turns before a seat offers again an alliance it ended
FIRST_OFFER_TURN = 3  # the homes' incomes differ: no offer in the opening game turns


def standings(s: State) -> str:
    """The seats in play by standing, the first first, each as its points now and its income
    ("Red 24.5 points + 14 income, Blue 9 points + 3 income"): what `leader` reads, said in
    the why lines (a trial saw the score alone and could not tell why another seat "stands
    first"; another read a sum as points the board did not show)."""
    alive = sorted((k for k in range(s.players) if k not in s.out), key=lambda k: -standing(s, k))
    return ", ".join(
        f"{names.title(s, k)} {result.points_text(result.half_points(s, k))} + "
        f"{board.income(s, k)} income"
        for k in alive
    )


def leader(s: State) -> int:
    """The seat standing first (the earliest in seat order on a tie)."""
    alive = [k for k in range(s.players) if k not in s.out]
    return max(alive, key=lambda k: (standing(s, k), -k))


def near_the_end(s: State) -> bool:
    """From the game turn before the last on, no alliance is worth keeping: one ended now
    is over at the seat's next turn, and an ally's units still among its provinces in the
    last turn spoil the count (l.66)."""
    return s.turn >= s.parts.setup.turns - 1


def too_late_to_ally(s: State) -> bool:
    """From the game turn before `near_the_end` on, no alliance is made: it would be ended
    in the next game turn (two trials' AIs allied in game turn 10 and ended it in 11)."""
    return s.turn >= s.parts.setup.turns - 2


def accepts(s: State, seat: int, offerer: int) -> bool:
    """An alliance only against a third player standing ahead of both, and not near the
    end, nor with a player whose units outnumber the seat's in its provinces (the alliance
    would be ended at once for it: `ending`)."""
    if too_late_to_ally(s) or taking(s, seat, offerer):
        return False
    first = leader(s)
    if first in (seat, offerer):
        return False
    top = standing(s, first)
    return top > standing(s, seat) and top > standing(s, offerer)


def _legal(s: State, a: st.Action) -> bool:
    return aside.problem(s, a, True) is None  # type: ignore[arg-type]


def reply(s: State, seat: int) -> st.Action | None:
    """The seat's answer to the first alliance offered to it, or None."""
    me = s.seats[seat]
    for frm, to in s.offers:
        if to == seat:
            other = s.seats[frm]
            step: st.Action = (
                st.Accept(me, other) if accepts(s, seat, frm) else st.Refuse(me, other)
            )
            if _legal(s, step):
                return step
    return None


def answer(s: State, seat: int) -> st.Action | None:
    """An offer answered, else an alliance ended."""
    return reply(s, seat) or ending(s, seat)


def ending(s: State, seat: int) -> st.Break | None:
    """An alliance ended: at once with an ally taking the seat's provinces (`taking`); in the
    seat's own player turn with an ally standing first by a clear margin, or any near the end
    (a trial read an AI's break, taken as standings moved, among a third seat's purchases as
    that seat's step); never while its leader stands among the ally's units (`exposed`)."""
    if not _aside(s, seat):
        return None
    me = s.seats[seat]
    own_turn = s.current == seat
    for ally in board.allies_of(s, seat):
        weighed = own_turn and (near_the_end(s) or _outgrown(s, seat, ally))
        ends = weighed or taking(s, seat, ally)
        if ends and (seat, ally) not in s.breaks and not exposed(s, seat, ally):
            step = st.Break(me, s.seats[ally])
            if _legal(s, step):
                return step
    return None


def exposed(s: State, seat: int, ally: int) -> bool:
    """The seat's leader stands among its ally's units with fewer of its own: ended, the
    alliance would leave him to them (a trial's AI ended one with its lone leader in its
    ally's Susiana, and was captured there)."""
    area = s.leaders[seat]
    if not 0 <= area < s.parts.map.land:
        return False
    return board.seat_units(s, area, ally) > board.seat_units(s, area, seat)


def taking(s: State, seat: int, ally: int) -> list[int]:
    """The seat's provinces where its ally's units now outnumber its own: they go to the
    ally at the combat phase's end (l.10; Q3; a trial's person took its AI ally's provinces
    one by one, the alliance kept); not where a force under way only passes."""
    f = s.force
    passing = f.place if f is not None and not f.fleets else NO
    return [
        a
        for a in board.controls(s, seat)
        if a != passing and board.controller_by_units(s, a) == ally
    ]


def offer(s: State, seat: int) -> st.Offer | None:
    """An alliance offered in the seat's own player turn, against the player standing first
    by OFFER_MARGIN over both the seat and the one it asks: the strongest other so placed
    with no ally of its own, and holding a province (a trial's AI offered one to a seat about
    to be out, which could neither pay nor fight), whose units do not outnumber the seat's in
    its provinces (a trial's AI ended an alliance for that and offered it again at once)."""
    if not _aside(s, seat) or too_late_to_ally(s) or board.allies_of(s, seat):
        return None
    if s.turn < FIRST_OFFER_TURN or s.current != seat or any(seat in pair for pair in s.offers):
        return None
    first = leader(s)
    bar = standing(s, first) - OFFER_MARGIN
    if first == seat or standing(s, seat) > bar:
        return None
    others = [
        k
        for k in range(s.players)
        if k not in (seat, first)
        and k not in s.out
        and not board.allies_of(s, k)
        and board.controls(s, k)
        and not taking(s, seat, k)
        and not _ended_lately(s, seat, k)
    ]
    for k in sorted(others, key=lambda k: (-standing(s, k), k)):
        step = st.Offer(s.seats[seat], s.seats[k])
        if standing(s, k) <= bar and _legal(s, step):
            return step
    return None


def _ended_lately(s: State, seat: int, other: int) -> bool:
    """Whether the seat ended its alliance with `other` fewer than REOFFER_TURNS game turns
    ago (a trial's AI ended one and offered it again in the same player turn, three times)."""
    return any((a, b) == (seat, other) and s.turn - t < REOFFER_TURNS for a, b, t in s.ended)


def offer_why(s: State, seat: int, other: int) -> str:
    """Why the seat offers `other` an alliance (`offer`), in a player's words."""
    first = leader(s)
    return (
        f"an alliance against {names.title(s, first)}, who stands first, "
        f"{_lead(s, first, seat, other)} in points now plus income ({standings(s)})"
    )


def _outgrown(s: State, seat: int, ally: int) -> bool:
    """An ally standing first by a clear margin (`_far_ahead`), past the game turn the
    alliance was made in (a trial's AI ended one in the game turn it accepted it, as soon
    as its ally won a battle)."""
    return s.turn > board.allied_since(s, seat, ally) and _far_ahead(s, ally)


def _far_ahead(s: State, seat: int) -> bool:
    """Whether the seat stands ahead of every other in play by OFFER_MARGIN and by a fifth
    of the next standing (BREAK_SHARE)."""
    others = [standing(s, k) for k in range(s.players) if k != seat and k not in s.out]
    second = max(others, default=0)
    return standing(s, seat) >= second + max(OFFER_MARGIN, second // BREAK_SHARE)


def rival_near(s: State, seat: int) -> int:
    """The rival with the most strength near the seat's provinces (for a truce)."""
    held = board.controls(s, seat)
    best, most = NO, -1.0
    for q in range(s.players):
        if q == seat or q in s.out:
            continue
        total = 0.0
        for a in range(s.parts.map.land):
            if board.seat_units(s, a, q) and any(distance(s, a, h) <= 4 for h in held):
                total += strength(mine(s, a, q))
        if total > most:
            best, most = q, total
    return best


def arm(s: State, seat: int) -> st.Action | None:
    me = s.seats[seat]
    armed = {o[0] for o in s.orders[seat]}
    for number in s.hands[seat]:
        if number in armed:
            continue
        kind = chits.chit_of(s, number).kind
        when = ARM_FIRST.get(kind)
        if when is None:
            continue
        to = ""
        if kind == "truce":
            q = rival_near(s, seat)
            if q == NO:
                continue
            to = s.seats[q]
        step = st.Arm(me, number, when, "", to)
        if _legal(s, step):
            return step
    return None


def _movement_start(s: State, seat: int) -> bool:
    if not s.frames:
        return False
    top = s.frames[-1]
    return (
        top[0] == "move"
        and top[1] == seat
        and top[2] == NO
        and s.force is None
        and not s.moved
        and not s.sailed
        and not s.leader_moved
    )


def play(s: State, seat: int) -> st.Action | None:
    """A chit played at the start of the seat's own movement, or a forced march with its
    leader's force."""
    plays = PLAYS if _movement_start(s, seat) else LEADERS_FORCE
    for number in s.hands[seat]:
        how = plays.get(chits.chit_of(s, number).kind)
        step = how(s, seat, number) if how is not None else None
        if step is not None and _legal(s, step):
            return step
    return None


def _mercenaries(s: State, seat: int, number: int) -> st.Action | None:
    places = chits.merc_places(s, seat)
    return st.Play(s.seats[seat], number, s.parts.map.ids[places[0]]) if places else None


def _forced_march(s: State, seat: int, number: int) -> st.Action | None:
    """Once the leader has joined a force of the seat's units, before it marches."""
    f = s.force
    if f is not None and f.seat == seat and f.leader != NO and f.groups and not f.spent:
        return st.Play(s.seats[seat], number)
    return None


def _bribe(s: State, seat: int, number: int) -> st.Action | None:
    """The rival levy in the richest area."""
    m = s.parts.map
    targets = chits.bribe_targets(s, seat)
    if not targets:
        return None
    area, other = max(targets, key=lambda t: (m.value[t[0]], -t[0], -t[1]))
    return st.Play(s.seats[seat], number, m.ids[area], s.seats[other])


def _raid(s: State, seat: int, number: int) -> st.Action | None:
    """The richest rival within a cavalry's reach."""
    m = s.parts.map
    raids = [
        (s.money[s.control[b]], m.ids[a], m.ids[b])
        for a, _ in chits.raid_sources(s, seat)
        for b in chits.raid_targets(s, seat, a)
    ]
    if not raids:
        return None
    _, frm, to = max(raids)
    return st.Play(s.seats[seat], number, frm, to)


PLAYS: dict[str, Callable[[State, int, int], st.Action | None]] = {
    "mercenaries": _mercenaries,
    "bribe": _bribe,
    "raid": _raid,
}
LEADERS_FORCE: dict[str, Callable[[State, int, int], st.Action | None]] = {
    "forced_march": _forced_march,
}


def _aside(s: State, seat: int) -> bool:
    """Whether the seat takes steps aside now: in play, and still in the game."""
    return s.phase == "play" and seat not in s.out


def aside_step(s: State, seat: int) -> st.Action | None:
    """The step aside the policy takes now, before the seat's decision, or None."""
    if not _aside(s, seat):
        return None
    return answer(s, seat) or arm(s, seat) or play(s, seat)


def reply_of(view: View) -> st.Action | None:
    """The answer the seat whose view this is gives at once to an alliance offered to it
    (the table asks after every stored step), or None."""
    if view.seat is None:
        return None
    s = view.state
    seat = s.seats.index(view.seat)
    return reply(s, seat) if _aside(s, seat) else None


def reply_why(s: State, seat: int, offerer: int) -> str:
    """Why the seat answers `offerer`'s offer as `accepts` does, in a player's words, with
    the standings it reads (points now and income)."""
    if too_late_to_ally(s):
        return "no alliance this near the end: an ally's units spoil the last count (l.66)"
    taken = taking(s, seat, offerer)
    if taken:
        return f"{_outnumbering(s, offerer, taken)}, which an ally would take (l.10)"
    first = leader(s)
    if accepts(s, seat, offerer):
        said = f"an alliance against {names.title(s, first)}, who stands first"
    elif first == seat:
        said = "it stands first itself: it allies only against the player standing first"
    elif first == offerer:
        said = f"{names.title(s, offerer)} stands first: it allies only against the leader"
    else:
        said = "it allies only against a player standing ahead of both"
    return f"{said} (points now plus income: {standings(s)})"


def ending_why(s: State, seat: int, ally: int) -> str:
    """Why the seat ends its alliance with `ally` (`ending`), in a player's words."""
    if near_the_end(s):
        return "no alliance this near the end: an ally's units spoil the last count (l.66)"
    taken = taking(s, seat, ally)
    if taken:
        return (
            f"{_outnumbering(s, ally, taken)}, which go to {names.title(s, ally)} at the "
            "combat phase's end (l.10): it keeps no ally who takes its provinces"
        )
    return (
        f"{names.title(s, ally)} now stands first, {_lead(s, ally)} in points now plus "
        f"income ({standings(s)})"
    )


def _outnumbering(s: State, other: int, taken: list[int]) -> str:
    """`other`'s units outnumbering the seat's in its provinces `taken` (`taking`)."""
    where = listed([names.area_name(s, a) for a in taken])
    return f"{names.title(s, other)}'s units outnumber its own in {where}"


def _lead(s: State, first: int, *of: int) -> str:
    """How far the seat standing first leads the best of `of` (each other seat in play when
    none is named), in points now plus income: "3.5 ahead of Green" (a trial read "well
    ahead" of half a point's lead in points alone)."""
    others = [k for k in (of or range(s.players)) if k != first and k not in s.out]
    second = max(others, key=lambda k: (standing(s, k), -k))
    ahead = result.points_number(standing(s, first) - standing(s, second))
    return f"{ahead} ahead of {names.title(s, second)}"


def aside_of(view: View) -> st.Action | None:
    if view.seat is None:
        return None
    s = view.state
    return aside_step(s, s.seats.index(view.seat))
