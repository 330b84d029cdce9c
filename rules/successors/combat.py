"""Combat (l.35-46), Sea (l.49-53), Sea Invasion (l.55-63), and the white units' battles
(F, 4.0; Q13-Q28).

A land battle is `State.battle`, driven by the "battle" frame: its standing orders, the
pre-battle step, rounds of simultaneous dice, losses by the loss priority, retreats (the
defender first), until a side is gone; then captured leaders. Sea battles are fought during
movement; fleets in a port that changes hands roll for their fate at the combat phase's end.
"""

from __future__ import annotations

from functools import lru_cache, partial
from itertools import compress
from operator import is_, le
from typing import NamedTuple

from ..words import a as indefinite
from ..words import count_of, listed
from . import board, chits
from .board import LOSS_ORDER, own_slots, slot_seat
from .components import CAV, EL, RANK, Chit, Map
from .economy import push, say
from .names import (
    area_name,
    does,
    piece_code,
    piece_word,
    title,
    unit_noun,
    units_text,
)
from .state import (
    CAPTIVE,
    MERC,
    NO,
    NO_MARKER,
    WHITE,
    Battle,
    Decline,
    Dice,
    Fight,
    Lose,
    Retreat,
    Stand,
    State,
    made,
)

BY_RANK = board.BY_RANK


# --- leaders --------------------------------------------------------------------------------


def send_home(s: State, seat: int, why: str) -> None:
    """A leader beaten by white units or lost at sea goes home (Q21, l.52): to `board.refuge`
    where his home holds unfriendly units; with no refuge, home all the same."""
    home = s.homes[seat]
    to = board.refuge(s, seat)
    leader = f"{title(s, seat)}'s leader, {why},"
    if to in (home, NO):
        board.set_leader(s, seat, home)
        say(s, f"{leader} goes home to {area_name(s, home)}")
        return
    board.set_leader(s, seat, to)
    cited = "" if "(Q21)" in why else " (Q21)"
    say(
        s,
        f"{leader} goes to {area_name(s, to)}, {area_name(s, home)} holding unfriendly units{cited}",
    )


def capture(s: State, seat: int, captor: int) -> None:
    """Q21: a leader whose side has no units left after a battle is the captor's until his
    ransom (l.13) is paid; beaten by white units he goes home."""
    if captor == NO:
        send_home(s, seat, "beaten by white units (Q21)")
        return
    board.set_leader(s, seat, CAPTIVE + captor)
    say(
        s,
        f"{title(s, seat)}'s leader, with no unit of his side left beside him (alone, or "
        f"his units lost), is captured by {title(s, captor)} "
        f"(Q21): ransom {s.parts.setup.ransom} Talents (l.13), paid by {title(s, seat)}'s "
        "revenue when the upkeep leaves it, or sooner with `ransom` (Q21)",
    )


# --- the combat phase ------------------------------------------------------------------------


def present(s: State, area: int, seat: int) -> bool:
    return bool(board.seat_units(s, area, seat)) or s.leaders[seat] == area


Pairs = tuple[tuple[int, int], ...]
# the last open pairs counted: the seat, the parts of the state they were counted from, them
_PAIRS: list[tuple[int, object, object, object, object, object, Pairs]] = [
    (NO, None, None, None, None, None, ())
]


def open_pairs(s: State, p: int) -> Pairs:
    """(area, opponent) where the phasing player meets a player he is not allied with, or
    white units, and no battle was asked for yet (Q13): the phasing player's units or his
    leader on one side, the other's units or leader on the other, units on at least one.
    Remembered for the same parts, by identity (the phase asks twice: whether to open it,
    then its steps; each `is` written out: quicker than all(map(is_, ...)))."""
    last = _PAIRS[0]
    if (
        last[0] == p
        and last[1] is s.totals
        and last[2] is s.leaders
        and last[3] is s.decided
        and last[4] is s.alliances
        and last[5] is s.truces
    ):
        return last[6]
    out = _open_pairs(s, p)
    _PAIRS[0] = (p, s.totals, s.leaders, s.decided, s.alliances, s.truces, out)
    return out


def _open_pairs(s: State, p: int) -> Pairs:
    out: list[tuple[int, int]] = []
    decided = s.decided
    leaders = s.leaders
    rivals = _rivals(len(s.seats), p, s.alliances, s.truces)
    areas = s.occupied[p]
    if 0 <= leaders[p] < len(s.totals) and leaders[p] not in areas:
        areas = tuple(sorted((*areas, leaders[p])))
    rival_leaders = {leaders[q] for q in rivals}
    for area in areas:
        t = s.totals[area]
        mine = t[9 + p]
        if mine == t[13] and not t[WHITE] and area not in rival_leaders:
            continue  # his units alone there, or his leader alone
        if t[WHITE] and (area, WHITE) not in decided:
            out.append((area, WHITE))
        for q in rivals:
            theirs = t[9 + q]
            if (theirs or (mine and leaders[q] == area)) and (area, q) not in decided:
                out.append((area, q))
    return tuple(out)


@lru_cache(maxsize=1024)
def _rivals(
    players: int,
    p: int,
    alliances: tuple[tuple[int, int], ...],
    truces: tuple[tuple[int, int], ...],
) -> tuple[int, ...]:
    """The seats `p` may fight: not allied with him (l.32), nor at truce (chit 13)."""
    pairs = set(alliances) | set(truces)
    return tuple(q for q in range(players) if q != p and (min(p, q), max(p, q)) not in pairs)


def combat_options(s: State, p: int) -> list[Fight | Decline]:
    m = s.parts.map
    out: list[Fight | Decline] = []
    for area, q in open_pairs(s, p):
        who = "white" if q == WHITE else s.seats[q]
        out.append(made(Fight, m.ids[area], who))
        if q != WHITE:  # rebels and invaders always fight (F, 4.0; Q13)
            out.append(made(Decline, m.ids[area], who))
    return out


def seat_of(s: State, who: str) -> int:
    return WHITE if who == "white" else s.seats.index(who)


def decide(s: State, p: int, a: Fight | Decline) -> None:
    """The phasing player fights or declines (l.35-36; Q13, Q14); when he declines, the
    other player may call the battle."""
    area = s.parts.map.index[a.at]
    q = seat_of(s, a.against)
    side = (WHITE,) if q == WHITE else defending_seats(s, area, p, q)
    s.decided = (*s.decided, *((area, k) for k in side))
    if isinstance(a, Fight):
        always = ": white units always fight (Q13)" if q == WHITE else ""
        start(s, area, p, q)
        b = s.battle
        assert b is not None
        who = does(_side_called(s, b, 0), "attacks")
        say(s, f"{who} {_side_called(s, b, 1)} in {area_name(s, area)}{always}")
        return
    fighting = [k for k in side if board.seat_units(s, area, k)]  # a lone leader: no side
    theirs = " and ".join(title(s, k) for k in fighting or side)
    say(s, f"{title(s, p)} declines battle against {theirs} in {area_name(s, area)}")
    if fighting:
        push(s, ("call", fighting[0], area, p, NO))


def call_options(s: State, area: int, p: int) -> list[Fight | Decline]:
    at, who = s.parts.map.ids[area], s.seats[p]
    return [Fight(at, who), Decline(at, who)]


def called(s: State, q: int, area: int, p: int, a: Fight | Decline) -> None:
    if isinstance(a, Decline):
        say(s, f"{title(s, q)} declines too: no battle in {area_name(s, area)}")
        return
    say(s, f"{title(s, q)} calls the battle in {area_name(s, area)} (Q13)")
    start(s, area, p, q)


def start(s: State, area: int, p: int, q: int) -> None:
    """A battle of the phasing side (the attacker, Q14) against `q` (a seat, or WHITE)."""
    attackers = attacking_slots(s, area, p, q)
    invasion, double = sea_invasion(s, area, attackers)
    s.battle = Battle(
        area=area,
        attackers=attackers,
        defenders=(WHITE,) if q == WHITE else defending_slots(s, area, p, q),
        principal=(p, NO if q == WHITE else _defending_principal(s, area, p, q)),
        stage="start",
        invasion=invasion,
        double=double,
    )
    push(s, ("battle", NO, NO, NO, NO))


def attacking_slots(s: State, area: int, p: int, q: int) -> tuple[int, ...]:
    """The slots on the phasing player's side of a battle against `q`: his own, and his
    allies' there that are not allied with `q` too."""
    allies = [
        k
        for k in board.allies_of(s, p)
        if board.seat_units(s, area, k) and (q == WHITE or not board.allied(s, k, q))
    ]
    return _slots((p, *allies))


def defending_seats(s: State, area: int, p: int, q: int) -> tuple[int, ...]:
    """The seats on `q`'s side of a battle against the phasing player `p` (l.32; Q12): `q`,
    and his allies there (with units or their leader) that are not allied with `p` too: an
    alliance is fought as one side, as the phasing player's is."""
    allies = [k for k in board.allies_of(s, q) if present(s, area, k) and not board.allied(s, k, p)]
    return (q, *sorted(allies))


def _defending_principal(s: State, area: int, p: int, q: int) -> int:
    """The defending seat that decides the side's losses and takes its captives (Q12, Q16):
    the one named, or, when he has a lone leader there, the ally with the most units there
    (a trial's lone leader beside his ally's army chose the ally's losses)."""
    if board.seat_units(s, area, q):
        return q
    seats = [k for k in defending_seats(s, area, p, q) if board.seat_units(s, area, k)]
    return max(seats, key=lambda k: board.seat_units(s, area, k), default=q)


def defending_slots(s: State, area: int, p: int, q: int) -> tuple[int, ...]:
    return _slots(defending_seats(s, area, p, q))


def _slots(seats: tuple[int, ...]) -> tuple[int, ...]:
    """The seats' slots, sorted: each one's colour and mercenaries (most often one seat's)."""
    if len(seats) == 1:
        return own_slots(seats[0])
    return tuple(sorted([x for k in seats for x in own_slots(k)]))


def sea_invasion(s: State, area: int, attackers: tuple[int, ...]) -> tuple[bool, bool]:
    """Whether a battle there is a sea invasion (some attackers landed this turn: no
    pre-battle, l.58), and whether every attacker landed (the defender rolls double, l.59)."""
    units = board.units_of(s, area, attackers)
    landed = landed_units(s, area, attackers)
    return landed > 0, units > 0 and landed >= units


def landed_units(s: State, area: int, slots: tuple[int, ...]) -> int:
    return sum(min(n, s.units[area][c]) for a, c, n in s.landed if a == area and c // 4 in slots)


def whites_attack(s: State, area: int) -> None:
    """White units just placed attack every unit there at once (F, 4.0); a lone leader there
    is beaten and goes home (Q21)."""
    seats = board.occupants(s, area)
    for seat in board.leaders_in(s, area):
        if seat not in seats:
            send_home(s, seat, "alone against white units (Q21)")
    if not seats or not board.whites_in(s, area):
        return
    holder = s.control[area]
    first = holder if holder in seats else seats[0]
    s.battle = Battle(
        area=area,
        attackers=(WHITE,),
        defenders=_slots(seats),
        principal=(NO, first),
        stage="start",
        revolt=True,
    )
    push(s, ("battle", NO, NO, NO, NO))


# --- the battle ------------------------------------------------------------------------------


def side_seats(s: State, b: Battle, side: int) -> tuple[int, ...]:
    """The seats on a side with units or a leader in the battle, in turn order."""
    slots = b.defenders if side else b.attackers
    t = s.totals[b.area]
    leaders = s.leaders
    out = [k for k in s.order if k in slots and (t[9 + k] or leaders[k] == b.area)]
    if len(out) < len(slots) // 2:  # a seat out of this turn's order (eliminated, or none yet)
        out += [
            k
            for k in range(len(s.seats))
            if k not in out and k in slots and (t[9 + k] or leaders[k] == b.area)
        ]
    return tuple(out)


def side_units(s: State, b: Battle, side: int) -> int:
    return board.units_of(s, b.area, b.defenders if side else b.attackers)


def advance(s: State) -> None:
    """The battle's next step (the "battle" frame is on top)."""
    b = s.battle
    assert b is not None
    if b.stage == "start":
        _standing_orders(s, b)
        b = s.battle
        assert b is not None
        if not side_units(s, b, 0) or not side_units(s, b, 1):
            _finish(s)
        elif b.invasion:  # l.58: no pre-battle in a sea invasion
            if sum(pre_dice(s, b)):  # cavalry there would have rolled: say why they do not
                say(s, f"{area_name(s, b.area)}: no pre-battle rolls in a sea invasion (l.58)")
            _next_round(s, b)
        else:
            s.battle = b = b.copy()
            b.stage = "pre"
    elif b.stage == "pre":
        if sum(pre_dice(s, b)):
            push(s, ("battle_dice", NO, NO, NO, NO))
        else:
            _next_round(s, b)
    elif b.stage == "losses":
        if take_losses(s):
            _after_losses(s)
    elif b.stage == "retreat":
        _next_retreat(s)


def _standing_orders(s: State, b: Battle) -> None:
    """The moment a battle is about to be fought: mercenaries armed against an attack where
    the seat's leader or home is (chits 2-4), and the battle chits armed for it (7-9)."""
    if not any(s.orders):
        return  # nobody armed a chit
    for seat in side_seats(s, b, 1):
        if s.leaders[seat] == b.area or s.homes[seat] == b.area:
            chit = chits.fire(s, seat, chits.ATTACKED, b.area, partial(chits.hires, s))
            if chit is not None:
                chits.effect(s, seat, chit, area=b.area)
    ambush, panic, omens = list(b.ambush), list(b.panic), list(b.omens)
    for side in (0, 1):
        acts = partial(_acts_in_battle, s, b, side)
        for seat in side_seats(s, b, side):
            while (chit := chits.fire(s, seat, chits.BATTLE, b.area, acts)) is not None:
                if chit.kind == "ambush":
                    ambush[side] += 1
                elif chit.kind == "panic":
                    panic[side] = True
                else:
                    omens[side] += 1
    s.battle = b = b.copy()
    b.ambush, b.panic = (ambush[0], ambush[1]), (panic[0], panic[1])
    b.omens = (omens[0], omens[1])


def _acts_in_battle(s: State, b: Battle, side: int, chit: Chit) -> bool:
    """A battle chit armed that would change nothing stays armed: any with no unit of its
    side there to roll (a leader alone: a trial's Good omens was spent so), an Ambush or a
    Panic with no pre-battle (a sea invasion, l.58), a Panic with no enemy elephant there or
    no cavalry of its side to roll before the battle (l.37; a trial's fired for nothing)."""
    mine, theirs = (b.attackers, b.defenders) if side == 0 else (b.defenders, b.attackers)
    row = s.units[b.area]
    if not any(sum(row[k * 4 : k * 4 + 4]) for k in mine):
        return False
    if chit.kind not in ("ambush", "panic"):
        return True  # Good omens: a +1 in the first round
    if b.invasion:
        return False
    return chit.kind == "ambush" or (
        any(row[k * 4 + EL] for k in theirs) and any(row[k * 4 + CAV] for k in mine)
    )


def pre_rolls(s: State, b: Battle, side: int) -> int:
    """l.37; Q17, Q18: each cavalry rolls once, each enemy elephant stops two rolls (Panic
    among the elephants: none), Ambush adds one."""
    row = s.units[b.area]
    mine, theirs = (b.defenders, b.attackers) if side else (b.attackers, b.defenders)
    stopped = 0 if b.panic[side] else 2 * sum([row[k * 4 + EL] for k in theirs])
    return max(0, sum([row[k * 4 + CAV] for k in mine]) - stopped) + b.ambush[side]


# the last battle and area row whose pre-battle rolls were counted, with them (a step asks
# three times: to deal, to check the dice, to read them)
_PRE: list[tuple[Battle, tuple[int, ...], tuple[int, int]]] = []


def pre_dice(s: State, b: Battle) -> tuple[int, int]:
    """Each side's pre-battle rolls (`pre_rolls`), remembered for the same battle and area
    row, by identity."""
    row = s.units[b.area]
    if _PRE and _PRE[0][0] is b and _PRE[0][1] is row:
        return _PRE[0][2]
    out = (pre_rolls(s, b, 0), pre_rolls(s, b, 1))
    _PRE[:] = [(b, row, out)]
    return out


# the battle, area row, leaders, pins and order the dice were last laid out for, and both
# sides' layouts (a dice step asks three times: to deal, to check the dice, to read them)
_LAID: list[object] = [None] * 6
Layout = tuple[tuple[int, int], ...]


def layouts(s: State, b: Battle) -> tuple[Layout, Layout]:
    """Both sides' dice in a round (`dice_layout`), remembered for the same battle, area row,
    leaders, pins and order, by identity (the states of a step share them)."""
    row = s.units[b.area]
    k = _LAID
    if k[0] is b and k[1] is row and k[2] is s.leaders and k[3] is s.pinned and k[4] is s.order:
        return k[5]  # type: ignore[return-value]
    out = (dice_layout(s, b, 0), dice_layout(s, b, 1))
    k[:] = [b, row, s.leaders, s.pinned, s.order, out]
    return out


def layout(s: State, b: Battle, side: int) -> Layout:
    """A side's dice in a round (`layouts`)."""
    return layouts(s, b)[side]


def dice_layout(s: State, b: Battle, side: int) -> tuple[tuple[int, int], ...]:
    """A side's dice in a round, as (type, +1s): each unit one die (two for a defender
    against troops all landing, l.59), its seats' units in turn and in order of class, the
    leader's +1 on the first unit of his colour (l.39; Q19), not at his wound (ODD 45)."""
    row = s.units[b.area]
    rolls = 2 if (b.double and side == 1) else 1
    out: list[tuple[int, int]] = []
    slots = b.defenders if side else b.attackers
    seats = side_seats(s, b, side) if slots != (WHITE,) else (NO,)
    for seat in seats:
        block: list[tuple[int, int]] = []
        for slot in (WHITE,) if seat == NO else own_slots(seat):
            if slot in slots:
                block += slot_dice(row[slot * 4 : slot * 4 + 4], rolls)
        if block and seat != NO and _leads(s, b, seat):
            block[0] = (block[0][0], 1)
        out += block
    if b.round == 1 and b.omens[side]:
        _good_omens(out, b.omens[side])
    return tuple(out)


@lru_cache(maxsize=4096)
def slot_dice(counts: tuple[int, ...], rolls: int) -> tuple[tuple[int, int], ...]:
    """A slot's dice by its counts of each type, in order of class, none with a +1 (the
    same few counts recur all game)."""
    return tuple(die for t in BY_RANK for die in [(t, 0)] * (counts[t] * rolls))


def _good_omens(dice: list[tuple[int, int]], extra: int) -> None:
    """Good omens (chit 9): +1 on as many dice without one, the first first."""
    for k, (t, plus) in enumerate(dice):
        if extra and plus == 0:
            dice[k] = (t, 1)
            extra -= 1


def _leads(s: State, b: Battle, seat: int) -> bool:
    """The seat's leader is in the battle and gives his +1 (l.39) to a unit of his colour
    there (an ally's lone leader gives none; Q19), not at his wound (ODD 45)."""
    return (
        s.leaders[seat] == b.area and s.pinned[seat] < 2 and board.seat_units(s, b.area, seat) > 0
    )


def dice_needed(s: State) -> int:
    b = s.battle
    assert b is not None
    if b.stage == "pre":
        return sum(pre_dice(s, b))
    first, second = layouts(s, b)
    return len(first) + len(second)


def dice_text(s: State) -> str:
    b = s.battle
    assert b is not None
    where = area_name(s, b.area)
    if b.stage == "pre":
        return f"the pre-battle rolls in {where}"
    return f"the dice of round {b.round} in {where}"


def rolled(s: State, a: Dice) -> None:
    """The dice of a pre-battle step or a round: typed hits for each side (Q16; Q15)."""
    b = s.battle
    assert b is not None
    hits_at = s.parts.setup.hits
    values = a.values
    on: list[list[int]] = [[], []]
    if b.stage == "pre":
        n0 = pre_dice(s, b)[0]
        for side, dice in ((0, values[:n0]), (1, values[n0:])):
            k = len([v for v in dice if v >= hits_at[CAV]])
            on[1 - side] += [CAV] * k
            how = f"{_pre_rolls_from(b, side, len(dice))}, hits on {_on(hits_at[CAV])}: l.37"
            _say_dice(s, b, side, " ".join(map(str, dice)), k, "pre-battle", how)
    else:
        first, second = layouts(s, b)
        n0 = len(first)
        for side, lay, dice in ((0, first, values[:n0]), (1, second, values[n0:])):
            words = _round_words(lay, 2 if b.double and side == 1 else 1, hits_at)
            typed = list(compress(words.types, map(le, words.least, dice)))  # v >= its least
            on[1 - side] += typed
            said, how = _dice_by_unit(s, b, side, words, dice)
            _say_dice(s, b, side, said, len(typed), f"round {b.round}", how)
    ranked = [sorted(h, key=RANK.__getitem__) for h in on]
    s.battle = b = b.copy()
    b.stage, b.hits = "losses", (tuple(ranked[0]), tuple(ranked[1]))


def _pre_rolls_from(b: Battle, side: int, dice: int) -> str:
    """Whose a side's pre-battle rolls are: its cavalry's, and Ambush's one more (a trial
    saw two dice for one cavalry, the chit's unsaid)."""
    extra = min(b.ambush[side], dice)
    said = ["cavalry before the battle"] if dice > extra else []
    if extra:
        said.append(f"{count_of(extra, 'more roll')} for Ambush")
    return " and ".join(said)


def _say_dice(s: State, b: Battle, side: int, said: str, hits: int, what: str, how: str) -> None:
    """A side's dice told with what they hit on (l.37, l.39; Q15), so each hit is seen."""
    if not said:
        return
    who = does(_side_name(s, b, side), "rolls")
    say(s, f"{area_name(s, b.area)}, {what}: {who} {said}: {count_of(hits, 'hit')} ({how})")


def _on(least: int) -> str:
    return "6" if least >= 6 else f"{least}-6"


class _Words(NamedTuple):
    """A side's layout in words (`_round_words`)."""

    said: str  # the dice by the units that rolled them, "{}" for each die's value
    hits_on: str  # what each type rolled hits on
    plus: bool  # some die has a +1
    types: tuple[int, ...]  # each die's type
    least: tuple[int, ...]  # each die's least value that hits


@lru_cache(maxsize=1024)
def _round_words(lay: Layout, rolls: int, hits_at: tuple[int, ...]) -> _Words:
    """A layout's dice by unit, a leader's +1 written on its die ("infantry {}+1 {}"), what
    each type hits on ("levy hits on 6, infantry on 5-6"), and each die's least hit (the
    same few layouts recur all game). `rolls`: a unit's dice (l.59), named by its units."""
    groups: list[tuple[int, list[str]]] = []
    for t, plus in lay:
        if not groups or groups[-1][0] != t:
            groups.append((t, []))
        groups[-1][1].append(f"{{}}+{plus}" if plus else "{}")
    said = ", ".join([f"{unit_noun(t, len(vs) // rolls)} {' '.join(vs)}" for t, vs in groups])
    hits_on = _hits_on(tuple(dict.fromkeys([t for t, _ in groups])), hits_at)
    types = tuple([t for t, _ in lay])
    least = tuple([hits_at[t] - plus for t, plus in lay])
    return _Words(said, hits_on, any([plus for _, plus in lay]), types, least)


@lru_cache(maxsize=256)
def _hits_on(kinds: tuple[int, ...], hits_at: tuple[int, ...]) -> str:
    """What each type rolled hits on: "levy hits on 6, infantry on 5-6" (a few recur)."""
    return ", ".join(
        f"{unit_noun(t)} {'hits ' if k == 0 else ''}on {_on(hits_at[t])}"
        for k, t in enumerate(kinds)
    )


def _dice_by_unit(
    s: State, b: Battle, side: int, words: _Words, dice: tuple[int, ...]
) -> tuple[str, str]:
    """The dice by the units that rolled them and what each type hits on: ("levies 1 6,
    infantry 5+1", "levy hits on 6, infantry on 5-6; the leader's +1: l.39")."""
    how = words.hits_on
    if words.plus:
        how += f"; +1: {_plus_from(s, b, side)}"
    if b.double and side == 1:
        how += "; two dice a unit against troops all landing (l.59)"
    return words.said.format(*dice), how


def _plus_from(s: State, b: Battle, side: int) -> str:
    """Where a side's +1s come from: its leaders there (l.39; Q19: set before the roll, as
    `dice_layout` gives them, said so lest a +1 on a miss read as a slip), Good omens (chit 9)
    in the first round, or both."""
    slots = b.defenders if side else b.attackers
    seats = side_seats(s, b, side) if slots != (WHITE,) else ()
    leaders = sum(1 for k in seats if _leads(s, b, k))
    whose = "the leaders' on their best units" if leaders > 1 else "the leader's on his best unit"
    said = [f"{whose}, set before the roll (l.39; Q19)"] if leaders else []
    if b.round == 1 and b.omens[side]:
        said.append("Good omens")
    return " and ".join(said)


def _side_name(s: State, b: Battle, side: int) -> str:
    """A side by the seats whose units fight in it (a trial's "Red attacks Green" fought
    Blue's units beside Green's lone leader); by its leaders when it has no units."""
    slots = b.defenders if side else b.attackers
    if slots == (WHITE,):
        return "the rebels"
    seats = side_seats(s, b, side)
    if len(seats) == 1:  # the most often: named whether his units fight or he is alone
        return title(s, seats[0])
    fighting = [k for k in seats if board.seat_units(s, b.area, k)]
    return " and ".join([title(s, k) for k in fighting or seats]) or "nobody"


def _side_called(s: State, b: Battle, side: int) -> str:
    """A side as a battle opens: `_side_name`, or its leader alone, with no unit beside him
    (Q21: captured once the battle is over)."""
    if (b.defenders if side else b.attackers) == (WHITE,) or side_units(s, b, side):
        return _side_name(s, b, side)
    lone = [f"{title(s, k)}'s" for k in side_seats(s, b, side)]
    return f"{' and '.join(lone)} lone {'leaders' if len(lone) > 1 else 'leader'}"


def _targets(s: State, b: Battle, side: int) -> tuple[int, tuple[int, ...]]:
    """Who a hit on `side` falls on: (the seat choosing, the slots hit). White hits on
    several players fall on the area's controller first, then the others in turn order
    (Q28)."""
    slots = b.defenders if side else b.attackers
    if slots == (WHITE,):
        return NO, slots
    if b.revolt and side == 1:
        holder = s.control[b.area]
        seats = side_seats(s, b, 1)
        ordered = ([holder] if holder in seats else []) + [k for k in seats if k != holder]
        for seat in ordered:
            if board.seat_units(s, b.area, seat):
                return seat, tuple(x for x in own_slots(seat) if x in slots)
        return NO, ()
    return b.principal[side], slots


def take_losses(s: State) -> bool:
    """Remove the hits' units (l.40-44; Q16): each hit takes the closest type the side has,
    from the one slot holding it, or from the slot its principal chooses. False when a
    choice was pushed."""
    b = s.battle
    assert b is not None
    if b.hits == ((), ()):
        return True  # no hit to take: the battle as it is
    hits = [list(b.hits[0]), list(b.hits[1])]
    row_of = s.units
    for side in (0, 1):
        if not hits[side]:
            continue
        # named as it stands before its losses, where some of its hits will go unused
        name = _side_name(s, b, side) if len(hits[side]) > side_units(s, b, side) else ""
        while hits[side]:
            chooser, slots = _targets(s, b, side)
            row = row_of[b.area]
            holders: list[int] = []
            for t in LOSS_ORDER[hits[side][0]]:  # the first type the side has
                holders = [k for k in slots if row[k * 4 + t]]
                if holders:
                    break
            if not holders:
                _hits_unused(s, name, "no unit left", len(hits[side]))
                hits[side] = []
                break
            if len(holders) > 1 and chooser != NO:
                s.battle = b = b.copy()
                b.hits = (tuple(hits[0]), tuple(hits[1]))
                push(s, ("battle_loss", chooser, side, t, NO))
                return False
            _lose(s, b.area, holders[0] * 4 + t, hits[side][0])
            hits[side].pop(0)
            row_of = s.units
    s.battle = b = b.copy()
    b.hits = ((), ())
    return True


def _hits_unused(s: State, side: str, has: str, hits: int) -> None:
    """More hits than a side has units: the table is told the rest go unused (a reader
    counting the hits looks for them): "Red has no unit left: 1 hit goes unused"."""
    go = "goes" if hits == 1 else "go"
    say(s, f"{does(side, 'has')} {has}: {count_of(hits, 'hit')} {go} unused")


def _lose(s: State, area: int, c: int, hit: int) -> None:
    """Unit `c` lost to a hit of type `hit`: where it is of a better class, the line says
    why (`_closest_class`). A hit on a type some of whose units landed this turn takes one
    of those (ours: the owner would choose so, those that marched keeping their retreat,
    l.60), said where some that marched stay (a trial could not tell which had fallen)."""
    board.remove(s, area, c)
    landed = board.ledger(s.landed, area, c) > 0
    if landed:
        s.landed = board.ledger_add(s.landed, area, c, -1)
    slot = c // 4
    who = "the rebels" if slot == WHITE else title(s, slot_seat(slot))
    merc = " mercenary" if slot >= MERC else ""
    marched_stay = landed and s.units[area][c] > board.ledger(s.landed, area, c)
    why = _closest_class(hit, c % 4) or (LANDED_LOST if marched_stay else "")
    say(s, f"{does(who, 'loses')} 1{merc} {unit_noun(c % 4)} in {area_name(s, area)}{why}")


LANDED_LOST = " (landed from the sea: those that marched there may still retreat, l.60)"


def _closest_class(hit: int, t: int) -> str:
    """Why a hit took a unit of a better class than its own (l.41-42): the types it passed
    over (a trial was surprised to lose a cavalry to a levy's hit); "" for the same type or
    a worse class, the weaker falling first as a reader expects."""
    if RANK[t] >= RANK[hit]:
        return ""
    order = LOSS_ORDER[hit]
    passed = listed([unit_noun(k) for k in order[: order.index(t)]], "or")
    return f" (hit by {indefinite(unit_noun(hit))}, with no {passed} there: the closest better class, l.42)"


def loss_options(s: State, seat: int, side: int, t: int) -> list[Lose]:
    b = s.battle
    assert b is not None
    _, slots = _targets(s, b, side)
    row = s.units[b.area]
    at = s.parts.map.ids[b.area]
    return [Lose(piece_word(s, seat, k * 4 + t), at) for k in slots if row[k * 4 + t]]


def chosen_loss(s: State, seat: int, side: int, a: Lose) -> None:
    b = s.battle
    assert b is not None
    c = piece_code(s, seat, a.piece)
    assert c is not None and c >= 0
    _lose(s, b.area, c, b.hits[side][0])
    hits = [list(b.hits[0]), list(b.hits[1])]
    hits[side].pop(0)
    s.battle = b = b.copy()
    b.hits = (tuple(hits[0]), tuple(hits[1]))


def _next_round(s: State, b: Battle) -> None:
    """A round of the battle: its dice are dealt next."""
    s.battle = b = b.copy()
    b.stage, b.round = "round", b.round + 1
    push(s, ("battle_dice", NO, NO, NO, NO))


def _after_losses(s: State) -> None:
    b = s.battle
    assert b is not None
    if not side_units(s, b, 0) or not side_units(s, b, 1):
        _finish(s)
    elif b.round == 0:
        _next_round(s, b)
    else:
        order = side_seats(s, b, 1) + side_seats(s, b, 0)  # the defender first (l.45)
        s.battle = b = b.copy()
        b.stage, b.retreating = "retreat", order


def _next_retreat(s: State) -> None:
    b = s.battle
    assert b is not None
    over = not side_units(s, b, 0) or not side_units(s, b, 1)  # (passing seats over moves none)
    if over and not _leader_to_send(s, b):
        _finish(s)  # a side all gone (the defender retreated whole): the other has won
        return
    order, asked = b.retreating, 0  # the seats with no retreat to decide are passed over
    while asked < len(order) and (order[asked] in b.steadfast or not can_retreat(s, order[asked])):
        if order[asked] not in b.steadfast:
            _no_retreat_told(s, b, order[asked])
        asked += 1
    if asked:
        s.battle = b = b.copy()
        b.retreating = order[asked:]
    if b.retreating:
        push(s, ("retreat", b.retreating[0], NO, NO, NO))
        return
    if over:
        _finish(s)
    else:
        _next_round(s, b)  # l.46: another round


def _leader_to_send(s: State, b: Battle) -> bool:
    """The seat retreating has sent its units one by one and its leader, left alone, is
    still its to send (l.45), before the battle ends with him captured (Q21)."""
    if not b.retreating or b.retreating[0] in b.steadfast:
        return False
    seat = b.retreating[0]
    alone = not side_units(s, b, _side_of(b, seat))  # (not the other side's seat: it won)
    return alone and s.leaders[seat] == b.area and can_retreat(s, seat)


def _no_retreat_told(s: State, b: Battle, seat: int) -> None:
    """A defender with units that could go but no area to take them, or invaders all
    landed this turn, are told so, once a battle (round 1): why nobody asked them (l.45;
    Q20; l.60: a trial saw no retreat offered and no word of why)."""
    if b.round != 1:
        return
    if _side_of(b, seat) == 0:
        if board.seat_units(s, b.area, seat) and not retreatable(s, seat):
            where = area_name(s, b.area)
            say(
                s,
                f"{title(s, seat)}'s units in {where} landed from the sea this turn: they may "
                "not retreat (l.60)",
            )
        return
    if not retreatable(s, seat):
        return
    if not retreat_places(s, seat):
        where = area_name(s, b.area)
        say(
            s,
            f"{title(s, seat)} has no retreat from {where}: no area next to it may take its units (l.45; Q20)",
        )


def _side_of(b: Battle, seat: int) -> int:
    return 0 if seat in b.attackers or MERC + seat in b.attackers else 1


def retreat_places(s: State, seat: int) -> list[int]:
    """l.45; Q20: the defender to adjacent areas holding no unfriendly units and from which
    no attacker entered this turn; the attacker to adjacent areas he controls or that are
    empty, holding no unfriendly units."""
    b = s.battle
    assert b is not None
    m = s.parts.map
    out = []
    attacker = _side_of(b, seat) == 0
    for to in m.adjacent[b.area]:
        if board.unfriendly_here(s, to, seat):
            continue
        if attacker:
            if s.control[to] != seat and any(s.units[to]):
                continue
        elif not b.revolt and (b.area, to) in s.entered:
            continue
        out.append(to)
    return out


def retreatable(s: State, seat: int) -> dict[int, int]:
    """The seat's unit codes in the battle that may retreat, with how many (`may_retreat`):
    landed invaders may not (l.60), nor white units."""
    b = s.battle
    assert b is not None
    out = {}
    row = s.units[b.area]
    for slot in own_slots(seat):
        if slot not in b.attackers and slot not in b.defenders:
            continue
        for c in range(slot * 4, slot * 4 + 4):
            # (a type with none there has none to retreat: not asked)
            if row[c] and (n := may_retreat(s, seat, c)):
                out[c] = n
    return out


def may_retreat(s: State, seat: int, c: int) -> int:
    """How many of the seat's units of code `c` in the battle may retreat: those there, less
    the invaders landed this turn on the attacking side (l.60)."""
    b = s.battle
    assert b is not None
    n = s.units[b.area][c]
    if n and _side_of(b, seat) == 0:
        n -= board.ledger(s.landed, b.area, c)
    return max(n, 0)


def can_retreat(s: State, seat: int) -> bool:
    """Whether the seat has a retreat to decide: a place to go, and units or its leader to
    send there."""
    return bool(retreat_options(s, seat))


# the last retreats listed, with the seat and the parts of the state they were listed from
# (a seat's are asked twice: whether it has a retreat to decide, then its steps)
_RETREATS: list[tuple[int, tuple[object, ...], tuple[Retreat | Stand, ...]]] = []


def retreat_options(s: State, seat: int) -> tuple[Retreat | Stand, ...]:
    """The seat's retreats (l.45): each unit, all, or the leader to each place it may go;
    none when there is no place or nothing to send. Remembered for the same parts, by
    identity."""
    parts = (s.battle, s.units, s.leaders, s.control, s.entered, s.landed, s.alliances)
    last = _RETREATS[0] if _RETREATS else None
    if last is not None and last[0] == seat and all(map(is_, last[1], parts)):
        return last[2]
    out = _retreat_options(s, seat)
    _RETREATS[:] = [(seat, parts, out)]
    return out


def _retreat_options(s: State, seat: int) -> tuple[Retreat | Stand, ...]:
    b = s.battle
    assert b is not None
    places = retreat_places(s, seat)
    if not places:
        return ()
    counts = retreatable(s, seat)
    leader = s.leaders[seat] == b.area
    if not counts and not leader:
        return ()
    words = tuple([piece_word(s, seat, c) for c in counts])
    # all: more than one piece, the leader counted (not the landed: l.60)
    everyone = sum(counts.values()) + leader > 1
    return _retreats(s.parts.map, tuple(places), words, everyone, leader)


@lru_cache(maxsize=4096)
def _retreats(
    m: Map, places: tuple[int, ...], words: tuple[str, ...], everyone: bool, leader: bool
) -> tuple[Retreat | Stand, ...]:
    """Each piece, all, or the leader to each place, then the stands: made once for the same
    places and pieces (they recur)."""
    out: list[Retreat | Stand] = []
    for to in places:
        at = m.ids[to]
        out += [made(Retreat, word, at) for word in words]
        if everyone:
            out.append(made(Retreat, "all", at))
        if leader:
            out.append(made(Retreat, "leader", at))
    return (*out, made(Stand), made(Stand, True))


def retreat(s: State, seat: int, a: Retreat | Stand) -> None:
    b = s.battle
    assert b is not None
    if isinstance(a, Stand):
        steadfast = (*b.steadfast, seat) if a.to_the_end else b.steadfast
        s.battle = b = b.copy()
        b.retreating, b.steadfast = b.retreating[1:], steadfast
        return
    to = s.parts.map.index[a.to]
    if a.piece == "leader":
        board.set_leader(s, seat, to)
        say(s, f"{title(s, seat)}'s leader retreats to {area_name(s, to)}")
        return
    if a.piece == "all":
        counts = retreatable(s, seat)
    else:
        c = piece_code(s, seat, a.piece)
        assert c is not None and c >= 0
        counts = {c: 1}
    moved = [0, 0, 0, 0]
    for c, n in counts.items():
        moved[c % 4] += n
    board.move_units(s, b.area, to, counts)
    say(
        s,
        f"{title(s, seat)} retreats {units_text(moved)} from {area_name(s, b.area)} to {area_name(s, to)}",
    )
    # all out: the leader goes with them; units retreated one by one leave his way to the
    # seat (a trial's leader went with the last, not where its order sent him)
    if a.piece == "all" and not board.seat_units(s, b.area, seat) and s.leaders[seat] == b.area:
        board.set_leader(s, seat, to)
        say(s, f"{title(s, seat)}'s leader goes with them")
    if not retreatable(s, seat) and s.leaders[seat] != b.area:
        s.battle = b = b.copy()
        b.retreating = b.retreating[1:]


def _finish(s: State) -> None:
    """The battle is over: leaders whose side has no units are captured (Q21); white units
    gone take their marker with them (Q27)."""
    b = s.battle
    assert b is not None
    area = b.area
    left = (side_units(s, b, 0), side_units(s, b, 1))
    for seat in board.leaders_in(s, area):
        side = _side_of(b, seat)
        if own_slots(seat)[0] not in (b.defenders if side else b.attackers) or left[side]:
            continue
        captor = b.principal[1 - side]
        capture(s, seat, captor)
    winner = 0 if left[0] and not left[1] else 1 if left[1] and not left[0] else NO
    if winner == NO:
        say(s, f"The battle in {area_name(s, area)} ends with neither side left")
    else:
        say(s, f"{does(_side_name(s, b, winner), 'wins')} the battle in {area_name(s, area)}")
    if s.markers[area] != NO_MARKER and not board.whites_in(s, area):
        board.set_marker(s, area, NO_MARKER)
        holder = board.controller_by_units(s, area)
        board.set_control(s, area, holder)
        held = f": {title(s, holder)} holds it" if holder != NO else ""
        say(s, f"The marker in {area_name(s, area)} is removed{held} (Q27)")
    s.battle = None
    s.frames = s.frames[:-1]  # the "battle" frame


# --- sea battles (l.49-53; Q22) ---------------------------------------------------------------


def enemy_fleets(s: State, sea: int, seat: int) -> list[int]:
    row = s.fleets[sea]
    return [k for k in range(s.players) if row[k] and not board.allied(s, seat, k)]


def sea_dice_count(s: State, sea: int, mover: int, enemy: int) -> int:
    return s.fleets[sea][mover] + s.fleets[sea][enemy]


def sea_rolled(s: State, sea: int, mover: int, enemy: int, a: Dice) -> None:
    """One round at sea: every fleet of both sides there rolls, 5-6 sinks (l.50), no leader's
    +1 (l.53); the enemy loses fleets at anchor, the mover chooses which of his sink."""
    n = s.fleets[sea][mover]
    hit = s.parts.setup.sea_hit
    on_enemy = sum(1 for v in a.values[:n] if v >= hit)
    on_mover = sum(1 for v in a.values[n:] if v >= hit)
    where, how = area_name(s, sea), f"a fleet hits on {_on(hit)}: l.50"
    f = s.force
    anchored = n - (f.fleets if f is not None and f.place == sea else n)
    for who, dice, hits in ((mover, a.values[:n], on_enemy), (enemy, a.values[n:], on_mover)):
        rolled = " ".join(map(str, dice))
        if who == mover and anchored > 0:  # a trial did not expect those to fight
            rolled += (
                f" (with its {count_of(anchored, 'fleet')} at anchor there: every fleet fights)"
            )
        say(s, f"{where}: {title(s, who)} rolls {rolled}: {count_of(hits, 'hit')} ({how})")
    sunk = min(on_enemy, s.fleets[sea][enemy])
    if sunk:
        board.remove_fleets(s, sea, enemy, sunk)
        say(s, f"{title(s, enemy)} loses {sunk} fleet{'s' if sunk > 1 else ''} in {where}")
    if on_enemy > sunk:
        _hits_unused(s, title(s, enemy), "no fleet left", on_enemy - sunk)
    s.sea_fights = (*s.sea_fights, sea)
    if on_mover:
        push(s, ("sea_loss", mover, sea, min(on_mover, n), NO))
    if on_mover > n:
        _hits_unused(s, title(s, mover), f"only {count_of(n, 'fleet')} there", on_mover - n)
