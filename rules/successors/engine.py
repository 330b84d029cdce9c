"""Successors' rules as a pure state machine: setup, the game turn, each player's four phases
(Sequence of Play, l.1-7), and the end.

What is pending is a stack of frames (`State.frames`, the last on top), each (kind, a, b, c,
d): a decision of one seat (`to_move` is its seat, `legal` its steps), a chance step (`chance`
says what is dealt, `deal` deals it), or work carried out at once. `apply` takes one step,
then carries out the work on top until a decision or a chance step is due:

  setup k                   seat choosing[k] chooses a home (then buys), or the game begins
  turn_start / turn_end     a game turn's start (standing orders of chits 12-14) and end
  player seat stage         a player turn: 0 events, 1 revenue, 2 purchases, 3 movement,
                            4 combat, 5 the combat phase's end, 6 the turn's end
  event seat k i            step i of event entry k (events.py)
  battle                    the land battle under way (combat.py)

Decisions: home, buy, lose, mutiny, disband, fever, defect, move, sea_ask, sea_loss, drown,
combat, call, battle_loss, retreat, escape. Chance: home_roll, event_roll, draw, battle_dice,
sea_dice, port_dice, raid_dice.

A refused step raises Refused (a ValueError; refusals.py says why in the rules' words) and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

from ..errors import excerpt
from ..game import Below
from ..words import listed
from . import aside, board, chits, combat, economy, events, movement
from .components import PORT
from .economy import REVENUE_BUY, SETUP_BUY, push, say
from .names import area_name, talents, title
from .options import SuccessorsOptions
from .state import (
    ASIDE_ACTIONS,
    CAPTIVE,
    MERC,
    NO,
    NO_MARKER,
    POOL_FLEETS,
    Action,
    Buy,
    ChooseHome,
    Dice,
    Done,
    DrawChit,
    EndMove,
    Escape,
    EventRoll,
    Fight,
    Frame,
    HomeRoll,
    Lose,
    Pay,
    State,
    Take,
    made,
    row_totals,
)

SEATS: Final = ("blue", "red", "green", "yellow")
CHANCES: Final = frozenset(
    ("home_roll", "event_roll", "draw", "battle_dice", "sea_dice", "port_dice", "raid_dice")
)
DECISIONS: Final = frozenset(
    (
        "home",
        "buy",
        "lose",
        "mutiny",
        "disband",
        "fever",
        "defect",
        "move",
        "sea_ask",
        "sea_loss",
        "drown",
        "combat",
        "call",
        "battle_loss",
        "retreat",
        "escape",
    )
)
NONE: Final = (NO, NO, NO, NO)
BOUGHT: Final = 1  # a purchase frame's mark (its third number) once the player has bought


class Refused(ValueError):
    """A step that is not legal now (refusals.py words the reason)."""


def frame(kind: str, a: int = NO, b: int = NO, c: int = NO, d: int = NO) -> Frame:
    return (kind, a, b, c, d)


# --- setup ------------------------------------------------------------------------------------


def new_state(options: SuccessorsOptions, seats: tuple[str, ...]) -> State:
    """Setup, before any die is rolled: the first chance step rolls for the choice of homes."""
    if not 3 <= len(seats) <= 4:
        raise ValueError(f"Successors takes 3 or 4 players, not {len(seats)}")
    if len(set(seats)) != len(seats) or any(x not in SEATS for x in seats):
        raise ValueError(f"the seats are {', '.join(SEATS)}, each taken once")
    s = State(
        seats=seats,
        map_file=options.map_file,
        events_file=options.events_file,
        chits_file=options.chits_file,
        setup_file=options.setup_file,
        phase="setup",
        turn=0,
        order=(),
        base_order=(),
        current=NO,
        money=(0,) * len(seats),
        homes=(NO,) * len(seats),
        leaders=(NO,) * len(seats),
        units=(),
        fleets=(),
        pool=(),
        white_pool=(),
        markers=(),
        control=(),
        hands=((),) * len(seats),
        cup=(),
        orders=((),) * len(seats),
        spied=((),) * len(seats),
        pinned=(0,) * len(seats),
        rolls=((),) * len(seats),
        frames=(frame("home_roll"),),
    )
    p = s.parts  # the four files, read and checked together as the state is made
    m = p.map
    s.units = ((0,) * (4 * 9),) * m.land
    s.totals = (row_totals(s.units[0]),) * m.land
    s.fleets = ((0,) * len(seats),) * m.areas
    s.pool = (p.setup.colour_mix,) * len(seats)
    s.white_pool = p.setup.white_mix
    s.markers = (NO_MARKER,) * m.land
    s.control = (NO,) * m.land
    s.cup = tuple(c.number for c in p.chits.chits)
    return s


def rolling(s: State) -> list[int]:
    """The seats still to roll for the choice of homes: all at first, then those tied."""
    if not s.rolls[0]:
        return list(range(s.players))
    return [i for i, r in enumerate(s.rolls) if sum(1 for q in s.rolls if q == r) > 1]


def home_rolled(s: State, a: HomeRoll) -> None:
    """F (R): each player rolls a die, the highest chooses first; ties roll again (ours)."""
    who = rolling(s)
    again = bool(s.rolls[0])  # a tie rolled again
    rolls = list(s.rolls)
    for seat, die in zip(who, a.dice, strict=True):
        rolls[seat] = (*rolls[seat], die)
    s.rolls = tuple(rolls)
    said = ", ".join(f"{title(s, k)} {d}" for k, d in zip(who, a.dice, strict=True))
    tied = f"tied, {listed([title(s, k) for k in who])} roll again: " if again else ""
    say(s, f"Rolls for the choice of homes: {tied}{said}")
    if rolling(s):
        push(s, frame("home_roll"))
        return
    s.choosing = tuple(sorted(range(s.players), key=lambda k: s.rolls[k], reverse=True))
    say(s, "Homes are chosen in this order: " + ", ".join(title(s, k) for k in s.choosing))
    push(s, frame("setup", 0))


def home_options(s: State) -> list[ChooseHome]:
    ids = s.parts.map.ids
    return [ChooseHome(ids[h]) for h in open_homes(s)]


def open_homes(s: State) -> tuple[int, ...]:
    """The homes still open while homes are chosen (ours, facts 4.1: not one bordering a home
    already chosen); none once every player has one."""
    if s.phase != "setup" or NO not in s.homes:
        return ()
    m = s.parts.map
    chosen = [h for h in s.homes if h != NO]
    return tuple(
        h for h in s.parts.homes if h not in chosen and not any(h in m.adjacent[c] for c in chosen)
    )


def choose_home(s: State, seat: int, a: ChooseHome) -> None:
    """F: the home chosen, the leader there, the 5 Talents at once spent (errata 3.1)."""
    area = s.parts.map.index[a.area]
    homes, leaders = list(s.homes), list(s.leaders)
    homes[seat], leaders[seat] = area, area
    s.homes, s.leaders = tuple(homes), tuple(leaders)
    board.set_control(s, area, seat)
    board.set_money(s, seat, s.parts.setup.start_money)
    leader = s.parts.setup.leaders[s.parts.homes.index(area)]
    say(s, f"{title(s, seat)} chooses {area_name(s, area)} as its home; its leader is {leader}")
    push(s, frame("buy", seat, SETUP_BUY))


def setup_step(s: State, k: int) -> None:
    if k < s.players:
        push(s, frame("setup", k + 1))
        push(s, frame("home", s.choosing[k]))
        return
    s.base_order = tuple(reversed(s.choosing))  # F (R): the last to choose moves first
    s.phase = "play"
    s.turn = 1
    push(s, frame("turn_start"))


# --- the game turn ---------------------------------------------------------------------------


def alive(s: State) -> list[int]:
    return [k for k in range(s.players) if k not in s.out]


def turn_start(s: State) -> None:
    """A game turn begins: the order, then the standing orders armed for it (chits 12-14, F:
    only at the start of a game turn), seat by seat in that order."""
    s.truces = ()
    s.refused = ()
    s.order = tuple(k for k in s.base_order if k not in s.out)
    order = ", ".join(title(s, k) for k in s.order)
    say(s, f"Game turn {s.turn} of {s.parts.setup.turns} begins; order: {order}")
    for seat in tuple(s.order):
        acts = partial(chits.acts_at_turn_start, s, seat)
        while chits.fire(s, seat, chits.TURN, acts=acts) is not None:
            pass
    push(s, ("player", s.order[0], 0, NO, NO))


def turn_end(s: State) -> None:
    s.pinned = (0,) * len(s.pinned)  # a leader pinned by an event "this turn": the game turn
    if s.turn >= s.parts.setup.turns or len(alive(s)) < 2:
        game_over(s)
        return
    s.turn += 1
    push(s, frame("turn_start"))


def game_over(s: State) -> None:
    """The end (l.66-68): the count is the result's text, told by the table's end message."""
    s.phase = "over"
    s.current = NO
    s.frames = ()


# --- the player turn (l.2-7) -----------------------------------------------------------------


def _begin(s: State, seat: int) -> None:
    s.current = seat
    aside.end_alliances(s, seat)
    s.landed = s.entered = ()
    s.sea_fights = ()
    s.decided = ()
    turns = s.parts.setup.turns
    say(s, f"Game turn {s.turn} of {turns}: {title(s, seat)}'s player turn; Events (l.4)")
    push(s, ("player", seat, 1, NO, NO))
    push(s, frame("event_roll", seat))


def _revenue(s: State, seat: int) -> None:
    """l.5; Q2: tax and upkeep every turn, turn 1 too; then a ransom owed, where the upkeep
    leaves it (Q21: the upkeep first, so a ransom never disbands units)."""
    desert(s)
    say(s, f"{title(s, seat)}'s Revenue (l.5)")
    push(s, ("player", seat, 2, NO, NO))
    economy.collect(s, seat)
    economy.upkeep(s, seat)
    if s.frames[-1][0] == "disband":
        return  # the upkeep is short: this revenue pays no ransom (Q21)
    if economy.ransom_due(s, seat):
        if board.refuge(s, seat) == NO:
            economy.ransom_withheld(s, seat)
        else:  # Q21: what the upkeep leaves pays a ransom the seat has not paid before
            # (a trial could not tell whether it might refuse: it may not)
            economy.ransom(
                s,
                seat,
                ", from what its revenue leaves after the upkeep: a revenue pays it as "
                "soon as it can (Q21)",
            )


def _purchases(s: State, seat: int) -> None:
    """l.5: purchases, not on turn 1 (Q2); a purchase frame with none to make is dropped
    (`_settle`)."""
    push(s, ("player", seat, 3, NO, NO))
    if s.turn >= economy.FIRST_PURCHASES:
        push(s, frame("buy", seat, REVENUE_BUY))
        why = economy.nowhere_to_buy(s, seat)
        if why is not None:
            say(s, why)


def _movement(s: State, seat: int) -> None:
    desert(s)
    push(s, ("player", seat, 4, NO, NO))
    if movement.can_move(s, seat):  # its moves tell it (no header: report.py)
        movement.start(s, seat)
        push(s, frame("move", seat))
    else:  # (a trial saw such a turn told only by its revenue line)
        say(s, f"{title(s, seat)}'s Movement (l.6): {movement.nothing_to_move(s, seat)}")


def _combat(s: State, seat: int) -> None:
    movement.end(s)
    desert(s)
    push(s, ("player", seat, 5, NO, NO))
    _truces_kept(s, seat)
    if combat.open_pairs(s, seat):
        say(s, f"{title(s, seat)}'s Combat (l.35-46)")
        push(s, frame("combat", seat))


def _truces_kept(s: State, seat: int) -> None:
    """Where the seat's units meet those of a player at truce with it (chit 13), no battle:
    told, since nothing else would say why none is offered (a trial)."""
    for pair in s.truces:
        other = pair[1] if pair[0] == seat else pair[0]
        if seat not in pair or board.allied(s, seat, other):
            continue
        met = [a for a in s.occupied[seat] if a in s.occupied[other]]
        if met:
            where = listed([area_name(s, a) for a in met], "and")
            say(
                s,
                f"No battle between {title(s, seat)} and {title(s, other)} in {where}: their "
                "truce this game turn (chit 13); control there goes to the side with more "
                "units, and stays on a tie (l.10; Q3)",
            )


def _combat_end(s: State, seat: int) -> None:
    """Control after the combat phase (l.10; Q3), counted once mercenaries left alone have
    deserted; markers with no white units left and one player alone there go (Q27); fleets
    in a port that changed hands roll (l.61-63; Q26)."""
    push(s, ("player", seat, 6, NO, NO))
    desert(s)
    for area in board.marked(s.markers):
        if not board.whites_in(s, area):
            seats = board.occupants(s, area)
            if len(seats) == 1:
                board.set_marker(s, area, NO_MARKER)
                board.set_control(s, area, seats[0])
                say(
                    s,
                    f"The marker in {area_name(s, area)} is removed: {title(s, seats[0])} holds it (Q27)",
                )
    before = s.control
    changed = board.update_control(s)
    if not changed:
        return
    for area in sorted(changed, key=lambda a: s.control[a]):  # a seat's areas told together
        old, new = before[area], s.control[area]
        if old != NO and board.allied(s, old, new):  # (a trial's ally took a home unnoticed)
            say(
                s,
                f"{title(s, new)} takes control of {area_name(s, area)} from its ally "
                f"{title(s, old)}: the ally with more units there holds it (l.10; Q12)",
            )
        else:
            say(s, f"{title(s, new)} takes control of {area_name(s, area)} (l.10)")
    coast = s.parts.map.coast
    for area in changed:
        if coast[area] != PORT:
            continue
        for f in range(s.players):
            if s.fleets[area][f] and not board.allied(s, f, s.control[area]):
                push(s, frame("port_dice", f, area, s.fleets[area][f]))


def _end(s: State, seat: int) -> None:
    desert(s)
    if has_nothing(s, seat):
        eliminate(s, seat)
    if s.players - len(s.out) > 1:  # (the seats alive) the next in the order still in
        for k in s.order[s.order.index(seat) + 1 :]:
            if k not in s.out:
                push(s, ("player", k, 0, NO, NO))
                return
    push(s, frame("turn_end"))


PLAYER_STAGES: Final[tuple[Callable[[State, int], None], ...]] = (
    _begin,
    _revenue,
    _purchases,
    _movement,
    _combat,
    _combat_end,
    _end,
)
MOVEMENT_STAGE: Final = PLAYER_STAGES.index(_movement)
REVENUE_STAGE: Final = PLAYER_STAGES.index(_revenue)  # a player frame's stage still to come
PURCHASE_STAGE: Final = PLAYER_STAGES.index(_purchases)


def desert(s: State) -> None:
    """Ours (facts 4.8): mercenaries with none of their owner's units, nor his leader, in
    their area at the end of a phase desert."""
    if not board.white_out(s):
        return
    for seat in range(s.players):
        m = MERC + seat
        for area in board.lone_mercenaries(s, seat):
            row = s.units[area]
            for t in range(4):
                if row[m * 4 + t]:
                    board.remove(s, area, m * 4 + t, row[m * 4 + t])
            say(s, f"{title(s, seat)}'s mercenaries in {area_name(s, area)} desert (alone)")


def has_nothing(s: State, seat: int) -> bool:
    """Q32: no unit on the map and no area controlled (out at the end of his own turn); the
    areas asked first, the quicker answer (most seats hold some)."""
    return not board.controls(s, seat) and not board.unit_count(s, seat)


def stranded(s: State) -> tuple[int, ...]:
    """The seats in play that have nothing left and are not out yet: the end of their own
    player turn puts them out unless they gain a unit or a province before it (Q32)."""
    if s.phase != "play":
        return ()
    return tuple(k for k in range(s.players) if k not in s.out and has_nothing(s, k))


def eliminate(s: State, seat: int) -> None:
    """Q32: no units on the map and no area controlled at the end of his turn: out, with his
    home marker (F, E2) and his money; his chits go back into the cup."""
    s.out = (*s.out, seat)
    homes, leaders = list(s.homes), list(s.leaders)
    homes[seat], leaders[seat] = NO, NO
    for other, at in enumerate(leaders):
        if at == CAPTIVE + seat:
            leaders[other] = homes[other]  # freed: their captor is gone
    s.homes, s.leaders = tuple(homes), tuple(leaders)
    board.set_money(s, seat, 0)
    s.cup = tuple(sorted((*s.cup, *s.hands[seat])))
    hands, orders, spied = list(s.hands), list(s.orders), list(s.spied)
    hands[seat], orders[seat], spied[seat] = (), (), ()
    s.hands, s.orders, s.spied = tuple(hands), tuple(orders), tuple(spied)
    s.alliances = tuple(p for p in s.alliances if seat not in p)
    s.allied_since = tuple(x for x in s.allied_since if seat not in x[:2])
    s.offers = tuple(p for p in s.offers if seat not in p)
    s.breaks = tuple(p for p in s.breaks if seat not in p)
    say(s, f"{title(s, seat)} has no unit and no province left: eliminated (Q32)")
    if len(left := alive(s)) == 1:  # a trial learned it only from the game's end
        say(s, f"{title(s, left[0])} alone is left in the game: it ends now (Q32)")


# --- who decides, chance ----------------------------------------------------------------------


def to_move(state: State) -> str | None:
    seat = decider(state)
    return None if seat == NO else state.seats[seat]


def decider(s: State) -> int:
    """The seat index of the decision on top, or NO."""
    frames = s.frames
    return frames[-1][1] if frames and frames[-1][0] in DECISIONS else NO


def chance(state: State) -> str | None:
    frames = state.frames
    if not frames or frames[-1][0] not in CHANCES:  # asked at every step: a decision first
        return None
    s, top = state, frames[-1]
    kind = top[0]
    if kind == "home_roll":
        return f"the choosing rolls of {', '.join(title(s, k) for k in rolling(s))}"
    if kind == "event_roll":
        return f"the event roll of three dice for {title(s, top[1])}"
    if kind == "draw":
        return f"a chit drawn from the cup for {title(s, top[1])}"
    if kind == "battle_dice":
        return combat.dice_text(s)
    if kind == "sea_dice":
        return f"the dice of the sea battle in {area_name(s, top[2])}"
    if kind == "port_dice":
        return f"the fate of {title(s, top[1])}'s fleets in {area_name(s, top[2])}"
    return f"the raid roll of {title(s, top[1])}"


def dice_count(s: State, top: Frame) -> int:
    kind = top[0]
    if kind == "battle_dice":
        return combat.dice_needed(s)
    if kind == "sea_dice":
        return combat.sea_dice_count(s, top[2], top[1], top[3])
    if kind == "port_dice":
        return top[3]
    return 1


def deal(state: State, below: Below) -> Action:
    s = state
    top = s.frames[-1] if s.frames else ("", *NONE)
    kind = top[0]
    if kind == "home_roll":
        return HomeRoll(tuple(below(6) + 1 for _ in rolling(s)))
    if kind == "event_roll":
        return EventRoll((below(6) + 1, below(6) + 1, below(6) + 1))
    if kind == "draw":
        return DrawChit(s.seats[top[1]], s.cup[below(len(s.cup))])
    if kind in CHANCES:
        return Dice(tuple([below(6) + 1 for _ in range(dice_count(s, top))]))
    raise ValueError("nothing is dealt now: a player decides")


# --- legal steps ------------------------------------------------------------------------------


def legal(state: State) -> list[Action]:
    memo = state.memo
    if memo is None:
        memo = state.memo = _legal(state)
    return [*memo]  # a copy for the caller (unpacked: quicker than list(memo), at every step)


def _legal(s: State) -> list[Action]:
    if not s.frames:
        return []
    top = s.frames[-1]
    kind = top[0]
    if kind not in DECISIONS:
        return []
    return OPTIONS[kind](s, top)


DONE: Final = made(Done)


def _buy_options(s: State, f: Frame) -> list[Action]:
    return [*economy.purchase_options(s, f[1], f[2], f[3], f[4]), DONE]


def _mutiny_options(s: State, f: Frame) -> list[Action]:
    out: list[Action] = [Pay()] if s.money[f[1]] >= f[2] else []
    return out + list(economy.lose_options(s, f[1], NO))


def _fever_options(s: State, f: Frame) -> list[Action]:
    m = s.parts.map
    return [Lose("fleet", m.ids[a]) for a in range(m.land) if s.fleets[a][f[1]]]


def _defect_options(s: State, f: Frame) -> list[Action]:
    ids = s.parts.map.ids
    return [Take(ids[a], f"{s.seats[o]} levy", 1) for a, o in events.defection_options(s, f[1])]


def _escape_options(s: State, f: Frame) -> list[Action]:
    m = s.parts.map
    return [Escape(m.ids[t]) for t in m.seas[f[2]]]


OPTIONS: Final[dict[str, Callable[[State, Frame], list[Action]]]] = {
    "home": lambda s, f: [*home_options(s)],
    "buy": _buy_options,
    "lose": lambda s, f: [*economy.lose_options(s, f[1], f[2])],
    "mutiny": _mutiny_options,
    "disband": lambda s, f: [*economy.lose_options(s, f[1], NO)],
    "fever": _fever_options,
    "defect": _defect_options,
    "move": movement.options,
    "sea_ask": lambda s, f: movement.sea_ask_options(s, f[1], f[2], f[3]),
    "sea_loss": lambda s, f: movement.sea_loss_options(s, f[1], f[2]),
    "drown": lambda s, f: movement.drown_options(s, f[1], f[2]),
    "combat": lambda s, f: [*combat.combat_options(s, f[1])],
    "call": lambda s, f: [*combat.call_options(s, f[2], f[3])],
    "battle_loss": lambda s, f: [*combat.loss_options(s, f[1], f[2], f[3])],
    "retreat": lambda s, f: [*combat.retreat_options(s, f[1])],
    "escape": _escape_options,
}


# --- a step -----------------------------------------------------------------------------------


def apply(state: State, a: Action) -> State:
    """A new state after `a` (a decision, a chance outcome, or a step aside), and the work it
    sets going; Refused when `a` is not legal now (the state is unchanged)."""
    # a decision's steps were listed: the step is most often one of them (the same object)
    if _listed(state.memo, a):
        top = state.frames[-1]
        s = state.clone()
        s.news = ()
        DECIDE[top[0]](s, top, a)
    elif isinstance(a, ASIDE_ACTIONS):
        why = aside.problem(state, a, chance(state) is None)
        if why is not None:
            raise Refused(why)
        s = state.clone()
        s.news = ()
        aside.apply(s, a)
    elif not state.frames:
        raise Refused("the game is over")
    else:
        top = state.frames[-1]
        kind = top[0]
        if kind in CHANCES:
            _check_outcome(state, top, a)
            s = state.clone()
            s.news = ()
            s.frames = s.frames[:-1]
            _dealt(s, top, a)
        else:
            if a not in legal(state):
                raise Refused(f"{excerpt(a)} is not a step allowed now")
            s = state.clone()
            s.news = ()
            DECIDE[kind](s, top, a)
    run(s)
    return s


def _listed(memo: Sequence[Action] | None, a: Action) -> bool:
    """Whether `a` is one of the steps listed, the very object (a plain loop: the lists are
    short, and quicker so than any(map(is_, ...)))."""
    if memo is not None:
        for listed in memo:
            if listed is a:
                return True
    return False


FACES: Final = frozenset(range(1, 7))  # what a die may show
OUTCOMES: Final[dict[str, type]] = {
    "home_roll": HomeRoll,
    "event_roll": EventRoll,
    "draw": DrawChit,
}


def _check_outcome(s: State, top: Frame, a: Action) -> None:
    kind = top[0]
    if not isinstance(a, OUTCOMES.get(kind, Dice)):
        raise Refused(f"{chance(s)} is dealt first")
    values: tuple[int, ...] = ()
    if isinstance(a, HomeRoll):
        values = a.dice
        n = len(rolling(s))
    elif isinstance(a, EventRoll):
        values, n = a.dice, 3
    elif isinstance(a, Dice):
        values, n = a.values, dice_count(s, top)
    else:
        assert isinstance(a, DrawChit)
        if a.seat != s.seats[top[1]] or a.chit not in s.cup:
            raise Refused(f"the chit is drawn from the cup for {title(s, top[1])}")
        return
    if len(values) != n or not FACES.issuperset(values):
        raise Refused(f"{chance(s)}: {n} dice of 1 to 6")


def _dealt(s: State, top: Frame, a: Action) -> None:
    kind = top[0]
    if isinstance(a, HomeRoll):
        home_rolled(s, a)
    elif isinstance(a, EventRoll):
        events.rolled(s, top[1], a)
    elif isinstance(a, DrawChit):
        seat = top[1]
        hands = list(s.hands)
        hands[seat] = tuple(sorted((*hands[seat], a.chit)))
        s.hands = tuple(hands)
        cup = list(s.cup)
        cup.remove(a.chit)
        s.cup = tuple(cup)
        say(s, f"{title(s, seat)} draws a chit ({len(s.hands[seat])} held)")
    elif isinstance(a, Dice):
        if kind == "battle_dice":
            combat.rolled(s, a)
        elif kind == "sea_dice":
            combat.sea_rolled(s, top[2], top[1], top[3], a)
            movement.sea_fought(s)
        elif kind == "port_dice":
            port_rolled(s, top[1], top[2], a)
        else:
            aside.raided(s, top[1], top[2], top[3], top[4], a.values[0])


def port_rolled(s: State, seat: int, area: int, a: Dice) -> None:
    """l.61-63; Q26: each fleet in a taken port: 1-2 captured and reusable (the captor's
    colour, if his pool has a fleet; else destroyed), 3-4 destroyed, 5-6 it sails into an
    adjacent sea."""
    captor = s.control[area]
    where = area_name(s, area)
    escaped = 0
    for v in a.values:
        board.remove_fleets(s, area, seat)
        if v <= 2 and captor != NO and board.place_fleet(s, area, captor):
            say(s, f"{title(s, seat)}'s fleet in {where} rolls {v}: captured by {title(s, captor)}")
        elif v <= 4:
            say(s, f"{title(s, seat)}'s fleet in {where} rolls {v}: destroyed")
        else:
            board.add_fleets(s, area, seat, 1)
            board.to_pool(s, seat, POOL_FLEETS, -1)
            escaped += 1
            say(s, f"{title(s, seat)}'s fleet in {where} rolls {v}: it escapes to sea")
    if escaped:
        push(s, frame("escape", seat, area, escaped))


def _decide_home(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, ChooseHome)
    s.frames = s.frames[:-1]
    choose_home(s, f[1], a)


def _decide_buy(s: State, f: Frame, a: Action) -> None:
    seat, mode, left, price = f[1], f[2], f[3], f[4]
    if isinstance(a, Done):
        s.frames = s.frames[:-1]
        return
    assert isinstance(a, Buy)
    economy.buy(s, seat, mode, price, a)
    if mode in (economy.EVENT_FLEETS, economy.EVENT_ELEPHANTS):
        s.frames = (*s.frames[:-1], frame("buy", seat, mode, left - a.count, price))
    else:  # marked: purchases that end for want of anything more to buy are told so
        s.frames = (*s.frames[:-1], frame("buy", seat, mode, BOUGHT))


def _decide_lose(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, Lose)
    why = ("l.11: an event not paid for", "the event", "mutiny")[max(0, f[3])]
    economy.lose_unit(s, f[1], a, why)
    s.frames = s.frames[:-1]
    if f[4] > 1:
        push(s, frame("lose", f[1], f[2], f[3], f[4] - 1))


def _decide_mutiny(s: State, f: Frame, a: Action) -> None:
    s.frames = s.frames[:-1]
    if isinstance(a, Pay):
        economy.charge(s, f[1], f[2], "the mutiny")
    else:
        assert isinstance(a, Lose)
        economy.lose_unit(s, f[1], a, "mutiny")


def _decide_disband(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, Lose)
    economy.lose_unit(s, f[1], a, "Q4: disbanded for want of upkeep")
    if s.money[f[1]] >= economy.upkeep_due(s, f[1]):
        s.frames = s.frames[:-1]
        economy.pay_upkeep(s, f[1])


def _decide_fever(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, Lose)
    economy.lose_unit(s, f[1], a, "ship-fever")
    s.frames = s.frames[:-1]
    if f[2] > 1:
        push(s, frame("fever", f[1], f[2] - 1))


def _decide_defect(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, Take)
    s.frames = s.frames[:-1]
    other = s.seats.index(a.piece.split()[0])
    events.defect(s, f[1], s.parts.map.index[a.at], other)


def _decide_move(s: State, f: Frame, a: Action) -> None:
    step = movement.STEPS.get(type(a))  # a step of the force under way, most often
    if step is not None:
        step(s, f[1], a)
    elif movement.end_or_call(s, f[1], f[2], a):
        s.frames = s.frames[:-1]


def _decide_sea_ask(s: State, f: Frame, a: Action) -> None:
    s.frames = s.frames[:-1]
    movement.sea_asked(s, f, a)


def _decide_sea_loss(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, Lose)
    movement.sea_loss(s, f[1], f[2], a)
    s.frames = s.frames[:-1]
    if f[3] > 1:
        push(s, frame("sea_loss", f[1], f[2], f[3] - 1))
    movement.after_sea_losses(s, f[1], f[2])  # the troops aboard a sunk fleet drown with it


def _decide_drown(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, Lose)
    movement.drown(s, f[1], f[2], a)
    s.frames = s.frames[:-1]
    if f[3] > 1:
        push(s, frame("drown", f[1], f[2], f[3] - 1))


def _decide_combat(s: State, f: Frame, a: Action) -> None:
    combat.decide(s, f[1], a)  # type: ignore[arg-type]


def _decide_call(s: State, f: Frame, a: Action) -> None:
    s.frames = s.frames[:-1]
    combat.called(s, f[1], f[2], f[3], a)  # type: ignore[arg-type]


def _decide_battle_loss(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, Lose)
    s.frames = s.frames[:-1]
    combat.chosen_loss(s, f[1], f[2], a)


def _decide_retreat(s: State, f: Frame, a: Action) -> None:
    s.frames = s.frames[:-1]
    combat.retreat(s, f[1], a)  # type: ignore[arg-type]


def _decide_escape(s: State, f: Frame, a: Action) -> None:
    assert isinstance(a, Escape)
    to = s.parts.map.index[a.to]
    board.add_fleets(s, f[2], f[1], -1)
    board.add_fleets(s, to, f[1], 1)
    say(s, f"{title(s, f[1])}'s fleet escapes from {area_name(s, f[2])} to {area_name(s, to)}")
    s.frames = s.frames[:-1]
    if f[3] > 1:
        push(s, frame("escape", f[1], f[2], f[3] - 1))


DECIDE: Final[dict[str, Callable[[State, Frame, Action], None]]] = {
    "home": _decide_home,
    "buy": _decide_buy,
    "lose": _decide_lose,
    "mutiny": _decide_mutiny,
    "disband": _decide_disband,
    "fever": _decide_fever,
    "defect": _decide_defect,
    "move": _decide_move,
    "sea_ask": _decide_sea_ask,
    "sea_loss": _decide_sea_loss,
    "drown": _decide_drown,
    "combat": _decide_combat,
    "call": _decide_call,
    "battle_loss": _decide_battle_loss,
    "retreat": _decide_retreat,
    "escape": _decide_escape,
}
# decisions carried out at once when they leave a single choice (each is public: nothing
# about a hand decides how many choices there are)
FORCED: Final = frozenset(("lose", "fever", "sea_loss", "drown", "escape", "battle_loss"))
# and a movement phase with nothing left to move, a battle against rebels that must be fought
ONLY_STEP: Final = frozenset((EndMove, Fight))


def run(s: State) -> None:
    """Carry out the work on top of the frames until a decision or a chance step is due."""
    while s.frames:
        top = s.frames[-1]
        kind = top[0]
        if kind in DECISIONS:  # the most frequent
            if not _settle(s, top):
                return
            continue
        if kind in CHANCES:
            if kind == "draw" and not s.cup:
                s.frames = s.frames[:-1]
                say(s, "The cup is empty: no chit is drawn")
                continue
            return
        if kind == "battle":
            combat.advance(s)
            continue
        s.frames = s.frames[:-1]
        if kind == "player":  # a player stage (7 a player turn): called with no lambda's call
            PLAYER_STAGES[top[2]](s, top[1])
        else:
            AUTO[kind](s, top)


def _settle(s: State, top: Frame) -> bool:
    """A decision with nothing to choose is dropped; one with a single forced choice is
    taken; True when the engine goes on."""
    s.memo = None
    kind = top[0]
    options = OPTIONS[kind](s, top)
    if not options or (kind == "buy" and len(options) == 1):
        if kind == "buy" and top[3] == BOUGHT:  # the player bought all it could
            treasury = talents(s.money[top[1]])
            say(
                s,
                f"{title(s, top[1])} can buy nothing more ({treasury} left): its purchases are over",
            )
        s.frames = s.frames[:-1]
        return True
    if len(options) == 1 and (kind in FORCED or type(options[0]) in ONLY_STEP):
        DECIDE[kind](s, top, options[0])
        return True
    s.memo = options
    return False


AUTO: Final[dict[str, Callable[[State, Frame], None]]] = {
    "setup": lambda s, f: setup_step(s, f[1]),
    "turn_start": lambda s, f: turn_start(s),
    "turn_end": lambda s, f: turn_end(s),
    "event": lambda s, f: events.carry_out(s, f[1], f[2], f[3]),
}
