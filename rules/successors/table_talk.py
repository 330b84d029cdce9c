"""Successors at the table: notation, narration, what each seat is told, turns and undo, the
rules reference."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Final

from ..capabilities import (
    Menus,
    Narration,
    Notation,
    Orders,
    Reference,
    StageLine,
    TableTalk,
    Turns,
)
from ..capabilities.menus import entries_like
from ..errors import excerpt
from ..game import Seat, Step, Unread
from ..words import count_of, listed
from . import aside, board, codec, combat, economy, engine, notation, reference, report, wording
from .chits import KEPT_ARMED, PLAYED_NOW, YOUR_MOMENTS, chit_of
from .components import EL
from .movement import force_words, mp_left, units_of_code
from .names import area_name, piece_code, talents, title
from .options import SuccessorsOptions
from .refusals import decision_text, home_threat, how_to
from .result import half_points, points_text, ranking
from .state import (
    ASIDE_ACTIONS,
    CAPTIVE,
    CODES,
    MARKERS,
    MERC,
    NO,
    Accept,
    Action,
    Arm,
    Break,
    Buy,
    Disarm,
    Done,
    DrawChit,
    Drop,
    EventRoll,
    Fight,
    Give,
    Halt,
    Offer,
    Play,
    Refuse,
    Retreat,
    Stand,
    State,
    Take,
    TakeFleets,
    Undo,
)
from .view import View
from .view import view as seen_by


class SuccessorsNotation(Notation[Action, View]):
    def describe(self, view: View, action: Action) -> str:
        return wording.describe(view, action)

    def parse(self, view: View, text: str, seat: Seat) -> list[Action]:
        return notation.parse(view, text, seat)

    def view_to_json(self, view: View) -> str:
        return codec.VIEW.dump_json(view).decode()

    def action_schema(self) -> Mapping[str, object]:
        return codec.action_schema()


class SuccessorsMenus(Menus[Action, View]):
    def note(self, view: View, action: Action) -> str | None:
        """What the table asks about before it plays a step (`; confirm` plays it): `done`
        at the setup with no unit bought, a move that leaves mercenaries to desert or the
        home empty with others' units near, or a battle that a leader fights alone."""
        s = view.state
        return (
            _empty_setup(s, action)
            or _deserting(s, action)
            or _leader_alone(s, action)
            or _home_emptied(s, action)
        )

    def like(self, view: View, entries: Sequence[str], text: str) -> list[str]:
        """The entries like a step typed, the words the reader skips after its verb left out
        (a trial's `offer alliance to zed` was like none: `alliance` and `to` outweighed)."""
        return entries_like(entries, notation.bare_step(text))

    def grouped_choices(
        self, view: View, actions: Sequence[Action]
    ) -> tuple[list[str], str | None]:
        """A purchase or a take of one and of the most of a piece at a place, told as one
        entry: `buy 1 levy at Egypt` to `buy 5 levy at Egypt` (any count between reads as
        well: the order takes them one by one)."""
        most: dict[tuple[type, str, str], int] = {}
        s = view.state
        for a in actions:
            if isinstance(a, Buy | Take):
                key = (type(a), a.piece, a.at)
                most[key] = max(most.get(key, 0), a.count)
                if isinstance(a, Buy) and s.frames and s.frames[-1][0] == "buy":
                    most[key] = max(most[key], economy.most_in_an_order(s, s.frames[-1], a))
        out = []
        for a in actions:
            if isinstance(a, Retreat) and (many := _retreating(view.state, a)) > 1:
                said = wording.describe(view, a)  # a unit a step; a count reads as typed (l.45)
                upto = said.replace("retreat 1 ", f"retreat {many} ", 1)
                out.append(f"`{said}` to `{upto}` (any of 1-{many})")
                continue
            if isinstance(a, Give) and (held := s.money[s.seats.index(a.seat)]) > 1:
                upto = wording.describe(view, replace(a, amount=held))  # any amount (l.12)
                out.append(f"`{wording.describe(view, a)}` to `{upto}` (any of 1-{held})")
                continue
            if not isinstance(a, Buy | Take):
                out.append(f"`{wording.describe(view, a)}`")
                continue
            top = most[(type(a), a.piece, a.at)]
            if a.count == 1 and top > 2:
                upto = wording.describe(view, replace(a, count=top))
                out.append(f"`{wording.describe(view, a)}` to `{upto}` (any of 1-{top})")
            elif a.count == 1 or top <= 2:
                out.append(f"`{wording.describe(view, a)}`")
        return out, None


def _named(key: str, title: str) -> str:
    """A lookup's entry as a reader types it: `ODD 45` Lamian war, `chit 5` Hidden
    treasure, `Egypt`."""
    if key.startswith("AREA"):
        return f"`{title}`"
    return f"`{key.lower() if key.startswith('CHIT') else key}` {title}"


def _retreating(s: State, a: Retreat) -> int:
    """How many units of a retreat's kind its seat may retreat from the battle (one a
    step; landed invaders stay, l.60)."""
    top = s.frames[-1] if s.frames else None
    if top is None or top[0] != "retreat" or a.piece in ("all", "leader") or s.battle is None:
        return 0
    c = piece_code(s, top[1], a.piece)
    return combat.may_retreat(s, top[1], c) if c is not None and c >= 0 else 0


def _empty_setup(s: State, action: Action) -> str | None:
    """`done` at the setup with no unit bought though the Talents allow one: the home stands
    empty when game turn 1 begins."""
    top = s.frames[-1] if s.frames else None
    if not isinstance(action, Done) or top is None or top[0] != "buy":
        return None
    if top[2] != economy.SETUP_BUY:
        return None
    seat = top[1]
    if board.unit_count(s, seat) or not any(isinstance(a, Buy) for a in engine.legal(s)):
        return None
    home = area_name(s, s.homes[seat])
    return (
        f"{title(s, seat)} would keep its {s.money[seat]} Talents and buy no unit: {home} "
        "stands empty when game turn 1 begins, before it may buy again (l.5)"
    )


def _leader_alone(s: State, action: Action) -> str | None:
    """A battle chosen where the seat's leader stands with no unit of his side: he is
    captured before a die is rolled (Q21; a trial's lone leader was, unasked)."""
    top = s.frames[-1] if s.frames else None
    if not isinstance(action, Fight) or top is None or top[0] != "combat":
        return None
    seat, area = top[1], s.parts.map.index.get(action.at, NO)
    if s.leaders[seat] != area or area == NO:
        return None
    side = (seat, *board.allies_of(s, seat))
    if any(board.seat_units(s, area, k) for k in side):
        return None
    return (
        f"{title(s, seat)}'s leader stands alone in {area_name(s, area)}: with no unit of "
        f"his side he is captured at once, ransom {talents(s.parts.setup.ransom)} (Q21)"
    )


def _home_emptied(s: State, action: Action) -> str | None:
    """A movement step that leaves the seat's home empty with others' units near: one unit
    entering takes it (Q3; a trial marched all four of its units out on turn 1, and a lone
    levy took its home and its revenue)."""
    top = s.frames[-1] if s.frames else None
    if top is None or top[0] != "move" or isinstance(action, ASIDE_ACTIONS):
        return None
    seat = top[1]
    home = s.homes[seat]
    if home == NO or not board.seat_units(s, home, seat):
        return None
    try:
        after = engine.apply(s, action)
    except ValueError:
        return None
    threat = home_threat(after, seat)
    if threat is None:
        return None
    who = threat[0]
    return (
        f"{title(s, seat)}'s home {area_name(s, home)} would be left empty with {who} near: "
        "one unit of another player entering takes it, an ally's too (Q3), and with it the "
        "home's revenue; a home where unfriendly units stand takes no purchases (Q6)"
    )


def _deserting(s: State, action: Action) -> str | None:
    """A movement step after which the seat's mercenaries stand, or by which they are left,
    with none of its units nor its leader (ours: they desert at the phase's end)."""
    top = s.frames[-1] if s.frames else None
    if top is None or top[0] != "move" or isinstance(action, ASIDE_ACTIONS):
        return None
    seat = top[1]
    if not board.mercenaries_on_map(s, seat):
        return None
    try:
        after = engine.apply(s, action)
    except ValueError:
        return None
    if after.force is not None:
        return None  # the force moves on: nothing is left yet
    if board.mercenaries_on_map(after, seat) < board.mercenaries_on_map(s, seat):
        where = ""  # the phase ended with the step: they deserted in it
    else:
        under_way = {s.force.place} if s.force is not None else set()  # not left there yet
        alone = set(board.lone_mercenaries(after, seat)) - (
            set(board.lone_mercenaries(s, seat)) - under_way
        )
        if not alone:
            return None
        where = f" in {listed(sorted(area_name(s, a) for a in alone), 'and')}"
    return (
        f"{title(s, seat)}'s mercenaries{where} would be left with none of its units nor its "
        "leader: so left, mercenaries desert at the end of the phase (our reading)"
    )


class SuccessorsOrders(Orders[State, Action, View]):
    def read_order(self, view: View, text: str, seat: Seat) -> list[Step[Action | Unread]]:
        """The order up to a roll or a draw, and the steps typed after it Unread (the
        position they are taken in is not seen before the reveal), each numbered as typed."""
        steps, rest, numbers = notation.read_to_reveal(view, text, seat)
        typed = notation.typed_steps(text)
        read: list[Step[Action | Unread]] = [
            Step(notation.describe(view, a), a, n, typed[n - 1] if numbers.count(n) > 1 else "")
            for a, n in zip(steps, numbers, strict=True)
        ]
        first = numbers[-1] + 1 if numbers else 1
        return read + [Step(part, Unread(part), first + k) for k, part in enumerate(rest)]

    def finishing(self, action: Action | Unread) -> bool:
        """A step that finishes (`done`, `end movement`...): one typed past a reveal too, so
        that it is noted as not needed where what it finishes ended by itself."""
        if isinstance(action, Unread):
            return notation.typed_closes(action.text) is not None
        return notation.finishes(action)

    def closes(self, action: Action | Unread) -> str:
        if isinstance(action, Unread):
            return notation.typed_closes(action.text) or ""
        return notation.closes(action)

    def finished_by(self, before: State, after: State, action: Action) -> tuple[str, ...]:
        return notation.finished_by(before, after, action)


PRIVATE = (Arm, Disarm)
STAGE_OPENING = re.compile(r"Game turn \d+ of \d+( begins; |: \w+'s player turn; )")


class SuccessorsNarration(Narration[Action, View]):
    def narrate(self, before: View, action: Action, after: View, seat: str | None) -> list[str]:
        """The step, then what it set going (the public lines the engine wrote: rolls and
        their meaning, losses, events by title and effect). A standing order armed or
        disarmed is its seat's alone: the channel is told nothing."""
        if isinstance(action, PRIVATE):
            return []
        if isinstance(action, Undo):  # `after`'s news is an older step's; `before`'s, its own
            return [_taken_back(before.state, after.state, seat)]
        news = list(after.state.news)
        if seat is not None and (not news or _ends_purchases(before.state, action)):
            # (the purchases' end is said before what it sets going: a new game turn)
            news = [_step_said(before.state, action, after.state, seat), *news]
        return news + _warned_of_the_end(before.state, after.state)

    def merge_lines(self, lines: list[str]) -> list[str]:
        return report.merged_lines(lines)

    def line_added(self, shown: str, merged: str) -> str | None:
        return report.line_added(shown, merged)

    def closing(self, lines: list[str]) -> list[str]:
        return report.closing(lines)

    def unsettled(self, lines: list[str]) -> int:
        return report.unsettled(lines)

    def told_after(self, view: View, action: Action) -> str | None:
        if isinstance(action, DrawChit) and view.seat == action.seat:
            return f"{title(view.state, view.state.seats.index(action.seat))} draws a chit"
        return None

    def told_to(self, view: View, action: Action) -> str | None:
        s = view.state
        if isinstance(action, DrawChit) and view.seat == action.seat:
            seat = s.seats.index(view.seat)  # how it may be played and armed, as the hand says
            return f"You draw {_chit_entry(view, seat, action.chit, aside.options(s, seat))}"
        if isinstance(action, Play) and view.seat == action.seat:
            c = chit_of(s, action.chit)
            if c.kind == "spy" and action.to in s.seats:
                other = s.seats.index(action.to)
                seen = dict(s.spied[s.seats.index(view.seat)]).get(other, ())
                held = ", ".join(_chit_line(s, k) for k in seen) or "no chit"
                return f"{title(s, other)} holds: {held}"
        if isinstance(action, Arm | Disarm) and view.seat == action.seat:
            return _orders_text(s, s.seats.index(view.seat))
        if isinstance(action, EventRoll) and view.seat is not None and s.phase == "play":
            seat = s.seats.index(view.seat)
            return _unarmed(view, seat) if s.current == seat else None
        return None

    def headline(self, before: View, after: View, log: Sequence[str]) -> list[str]:
        """As the game begins: the rolls for the choice of homes and the order they give
        (F: setup), which no seat's step tells; later stages are headed by their own line."""
        a, b = after.state, before.state
        if a.phase != "setup" or b.choosing or not a.choosing or any(h != NO for h in a.homes):
            return []
        return [line for line in log if line.startswith(("Rolls for ", "Homes are chosen "))]

    def stage_line(self, line: str) -> StageLine | None:
        """A game turn or a player turn begins (l.1-2): its line opens a stage; what follows
        is the next seat's turn, so the turn before ends above it (an AI's why with it). The
        line itself heads the turn, in one form for every player turn (no headline: several
        player turns told in one move, one with no decision in it, each keep their own)."""
        return "opens" if STAGE_OPENING.match(line) is not None else None

    def board_moment(self, before: View, after: View) -> bool:
        """A player turn ended, a battle ended, or the game; at the setup, a seat's choice of
        its home and purchases (a trial chose its home beside an AI's with only a picture of
        the map before that AI's)."""
        a, b = after.state, before.state
        if a.phase == "over" or a.current != b.current:
            return True
        if b.phase == "setup" and engine.to_move(a) != engine.to_move(b):
            return True
        return b.battle is not None and a.battle is None


TREASURY_TOLD = re.compile(r" \(treasury \d+\)")


def _warned_of_the_end(before: State, after: State) -> list[str]:
    """The table warned when a seat's last unit and province go: it is out at the end of its
    own player turn unless it has one again by then (Q32)."""
    left = [k for k in engine.stranded(after) if k not in engine.stranded(before)]
    return [f"{title(after, k)} {end_of_the_road(after, k)}" for k in left]


def end_of_the_road(s: State, seat: int) -> str:
    """What a seat with nothing left faces (Q32), after its name, with what could still
    bring it a unit before its turn ends: its events, its purchases; none, said so."""
    said = "has no unit and no province left: it is out at the end of"
    # its purchases, with no province to tax, spend its treasury where units may be placed
    ways = (
        "its events or purchases bring it a unit (Q32)"
        if s.money[seat] > 0 and economy.placement_areas(s, seat, setup=False)
        else f"its events bring it a unit (Q32); it can buy none: {_no_purchase(s, seat)}"
    )
    if s.current != seat:  # (a trial read "its next player turn" as the next game turn's)
        later = seat in s.order and s.current in s.order
        later = later and s.order.index(seat) > s.order.index(s.current)
        when = f"game turn {s.turn}" if later else f"game turn {s.turn + 1}"
        return f"{said} its player turn in {when} unless {ways}"
    stage = next((f[2] for f in reversed(s.frames) if f[0] == "player"), len(engine.PLAYER_STAGES))
    if stage <= engine.REVENUE_STAGE:  # its events are still to come
        return f"{said} this player turn unless {ways}"
    buying = any(f[0] == "buy" and f[1] == seat for f in s.frames)  # (under way: a trial)
    buys = (stage <= engine.PURCHASE_STAGE or buying) and s.turn > 1 and s.money[seat] > 0
    if buys and economy.placement_areas(s, seat, setup=False):
        return f"{said} this player turn unless it buys units (Q32)"
    return f"{said} this player turn: nothing is left to bring it one (Q32)"


def _no_purchase(s: State, seat: int) -> str:
    if not s.money[seat]:
        return "its treasury is empty and no province pays it tax (l.5)"
    return economy.no_place(s, seat)


def _taken_back(before: State, after: State, seat: Seat | None) -> str:
    """The step taken back, told without the treasury it left (false once it is taken
    back), then the treasury the seat has again."""
    who = (seat or "").capitalize() or "The player"
    undone = "; ".join(TREASURY_TOLD.sub("", line) for line in before.news)
    if not undone:  # a hidden step writes none: not named
        return f"{who} takes back its last step"
    i = before.seats.index(seat) if seat in before.seats else NO
    back = i != NO and after.money[i] != before.money[i]
    return f"{who} takes back its last step: {undone}" + (
        f" (treasury back to {after.money[i]})" if back else ""
    )


def _ends_purchases(s: State, a: Action) -> bool:
    return isinstance(a, Done) and bool(s.frames) and s.frames[-1][0] == "buy"


def _unused(s: State) -> str:
    """The MP a force halting leaves unused (a trial read a halt as its MP spent)."""
    left = mp_left(s, s.force) if s.force is not None else 0
    return f", {left} MP unused" if left > 0 else ""


# the purchases an event offers (l.19-22), named where they end: they come before the revenue
EVENT_BUYS: Final = {
    economy.EVENT_ELEPHANTS: " the event's elephants",
    economy.EVENT_FLEETS: " the event's fleets",
}


def _force_step(s: State, a: Take | TakeFleets | Drop, after: State, who: str) -> str:
    """A piece taken into the moving force or put down from it: a force readied where it
    sets out; under way, the pieces taken along or left where it stands, and what may go on
    (a trial read a unit left behind as a new force readied)."""
    f, was = after.force, s.force
    if f is None:  # the last piece put down: where it went, or before it set out
        place = area_name(s, was.place) if was is not None else "its place"
        if was is not None and was.marched:
            return f"{who}'s force halts in {place}{_unused(s)}"
        return f"{who} calls off its force at {place}"
    place = area_name(after, f.place)
    if was is None or not was.marched:
        return f"{who} readies a force at {place}: {force_words(f)}"
    what = _pieces_said(s, f.seat, a)
    done = f"leaves {what} in" if isinstance(a, Drop) else f"takes {what} along in"
    left = mp_left(after, f)
    verb = "sail" if f.fleets else "march"
    goes = f"may {verb} on ({left} MP left)" if left >= 1 else "has no movement point left"
    return f"{who} {done} {place}; {force_words(f)} {goes}"


def _pieces_said(s: State, seat: int, a: Take | TakeFleets | Drop) -> str:
    """The pieces of a take or a drop in words: "1 infantry", "its leader", "2 fleets"."""
    if isinstance(a, TakeFleets) or a.piece == "fleet":
        return count_of(a.count, "fleet")
    if a.piece == "leader":
        return "its leader"
    c = piece_code(s, seat, a.piece)
    return units_of_code(c, a.count) if c is not None else f"{a.count} {a.piece}"


def _step_said(s: State, a: Action, after: State, seat: Seat) -> str:
    """A step its news does not tell (one that set nothing going, or the purchases' end), in
    the game's words: the force a seat readies (the march that follows tells it again,
    report.py), a force halting, purchases ended, a side standing its ground; any other step
    as its seat and its notation."""
    who = seat.capitalize()
    top = s.frames[-1][0] if s.frames else ""
    if isinstance(a, Take | TakeFleets | Drop) and top == "move":
        return _force_step(s, a, after, who)
    if isinstance(a, Halt) and s.force is not None:
        return f"{who}'s force halts in {area_name(s, s.force.place)}{_unused(s)}"
    if isinstance(a, Done) and top == "buy":  # (an event's purchase named: it comes first, l.4)
        event = EVENT_BUYS.get(s.frames[-1][2], "")
        return f"{who} is done buying{event} (treasury {s.money[s.seats.index(seat)]})"
    if isinstance(a, Stand) and s.battle is not None:
        where = area_name(s, s.battle.area)
        if a.to_the_end:
            return f"{who} stands its ground in {where} to the battle's end: no retreat (l.45)"
        return f"{who} stands its ground in {where}: no retreat (l.45)"
    return f"{who}: {wording.describe(seen_by(s, None), a)}"


def _chit_line(s: State, number: int) -> str:
    c = chit_of(s, number)
    return f"{number} {c.name}"


def _chit_held(s: State, seat: int, number: int) -> str:
    """A chit in its seat's hand by number and name, with the moment it is armed for."""
    armed = [o for o in s.orders[seat] if o[0] == number]
    moment = f" (armed for {YOUR_MOMENTS[armed[0][1]]})" if armed else ""
    return f"chit {number}, {chit_of(s, number).name}{moment}"


def _chit_entry(v: View, seat: int, number: int, steps: Sequence[Action]) -> str:
    """A chit in its seat's hand, in its own words, then how it may be played and armed now:
    the steps aside.options allows (the play's own check), else why it may not be played."""
    s = v.state
    c = chit_of(s, number)
    out = f"{_chit_held(s, seat, number)}: {c.text.removesuffix('.')}"
    mine = [a for a in steps if isinstance(a, Play | Arm) and a.chit == number]
    plays = " or ".join(
        f"`{wording.describe(v, a)}`{_on_ally(s, seat, a)}" for a in mine if isinstance(a, Play)
    )
    arms = " or ".join(f"`{wording.describe(v, a)}`" for a in mine if isinstance(a, Arm))
    if plays:
        out += f"; play it now: {plays}"
    elif c.kind in PLAYED_NOW:  # (a chit that would do nothing says so before its timing)
        why = aside.idle_now(s, seat, number) or aside.problem(s, Play(s.seats[seat], number), True)
        out += f"; not now: {why}"
    return out + (f"; arm it: {arms}." if arms else ".")


def _unarmed(view: View, seat: int) -> str | None:
    """As the seat's player turn begins, its chits played by a standing order alone and not
    armed, each with how to arm it (a trial forgot one drawn three turns before, and the
    revolt it would have stopped came)."""
    s = view.state
    armed = {order[0] for order in s.orders[seat]}
    steps = [a for a in aside.options(s, seat) if isinstance(a, Arm)]
    out = []
    for number in s.hands[seat]:
        kind = chit_of(s, number).kind
        if (
            number in armed
            or kind in PLAYED_NOW
            or (kind == "panic" and not _foes_elephants(s, seat))
        ):
            continue
        arms = " or ".join(f"`{wording.describe(view, a)}`" for a in steps if a.chit == number)
        if arms:
            out.append(f"chit {number}, {chit_of(s, number).name}: {arms}")
    if not out:
        return None
    does = (
        "it does nothing when its moment comes"
        if len(out) == 1
        else ("they do nothing when their moments come")
    )
    return f"Not armed, so {does} (a standing order, unseen by the others): {'; '.join(out)}"


def _foes_elephants(s: State, seat: int) -> bool:
    """Whether elephants not the seat's own stand on the map: without them a Panic among the
    elephants has no moment to come (a trial was reminded of it every turn of a game with
    none)."""
    own = (seat, MERC + seat)
    return any(row[c] for row in s.units for c in range(EL, CODES, 4) if c // 4 not in own)


def _on_ally(s: State, seat: int, a: Play) -> str:
    """A play aimed at an ally of the seat says so (a trial's hand offered a bribe of its
    ally's levy, unmarked)."""
    if a.to and a.to in s.seats and board.allied(s, seat, s.seats.index(a.to)):
        return " (your ally)"
    return ""


def _orders_text(s: State, seat: int) -> str:
    orders = s.orders[seat]
    if not orders:
        return "Your standing orders: none."
    out = []
    for number, when, at, other in orders:
        where = f" at {area_name(s, at)}" if at != NO else ""
        on = f" on {title(s, other)}" if other != NO else ""
        chit = chit_of(s, number)
        kept = KEPT_ARMED.get(chit.kind)
        until = f", kept armed through {kept}" if kept else ""
        out.append(f"chit {number} ({chit.name}) for {YOUR_MOMENTS[when]}{where}{on}{until}")
    return "Your standing orders: " + "; ".join(out) + "."


class SuccessorsTalk(TableTalk[View]):
    def prompt(self, view: View, seat: Seat) -> str:
        return prompt(view, seat)

    def status(self, view: View) -> list[str]:
        return status_lines(view)

    def out(self, view: View) -> tuple[Seat, ...]:
        """The seats eliminated with no unit and no province left (Q32), while the game goes on."""
        s = view.state
        return () if s.phase == "over" else tuple(s.seats[i] for i in s.out)

    def private_summary(self, view: View) -> str:
        if view.seat is None:
            return ""
        s = view.state
        i = s.seats.index(view.seat)
        steps = aside.options(s, i)
        lines = [_chit_entry(view, i, number, steps) for number in s.hands[i]]
        held = "Your chits: " + (" | ".join(lines) if lines else "none.")
        seen = [
            f"{title(s, other)} held {', '.join(str(k) for k in chits) or 'nothing'}"
            for other, chits in s.spied[i]
        ]
        spied = f" Seen by your Spy: {'; '.join(seen)}." if seen else ""
        return f"{held} {_orders_text(s, i)}{spied}"

    def hand_line(self, view: View) -> str:
        """The chits the seat holds, by number and name, and what each is armed for; ""
        with none (`hand` says each one's text and how it is played)."""
        if view.seat is None:
            return ""
        s = view.state
        i = s.seats.index(view.seat)
        said = [_chit_held(s, i, number) for number in s.hands[i]]
        return f"Your chits: {'; '.join(said)}." if said else ""

    def score_text(self, seat: Seat, place: int, score: int, shared: bool = False) -> str | None:
        return points_text(score)


class SuccessorsTurns(Turns[State, Action]):
    def turn(self, state: State) -> tuple[Seat | None, Hashable]:
        seat = state.seats[state.current] if state.current != NO else engine.to_move(state)
        return seat, (state.turn, state.current)

    def players(self, state: State) -> tuple[Seat, ...]:
        return tuple(state.seats)

    def actor(self, state: State, action: Action) -> Seat | None:
        if isinstance(action, ASIDE_ACTIONS):
            return action.seat
        if isinstance(action, Undo):
            u = undoable(state)
            return None if u is None else u[0]
        return engine.to_move(state)

    def out_of_turn(self, action: Action) -> bool:
        return isinstance(action, ASIDE_ACTIONS)

    def acts_any_time(self, state: State, seat: Seat | None) -> bool:
        """A seat takes steps aside at any time (gifts l.12, alliances l.32, a ransom l.13,
        chits Q31): its order out of turn is read, and refused for what is wrong with it; a
        seat out of the game too, which is told it is out (Q32; a trial's `give` was told
        "not your turn"), and has none to take (`steps_aside`)."""
        return state.phase != "over" and seat in state.seats

    def steps_aside(self, state: State, seat: Seat) -> Sequence[Action]:
        """Gifts, alliances, a ransom and chits (aside.options), read from the seat's view."""
        if not self.acts_any_time(state, seat):
            return ()
        return aside.options(seen_by(state, seat).state, state.seats.index(seat))

    def addressed(self, state: State, action: Action) -> Seat | None:
        """A gift's receiver (l.12); the seat an alliance is offered to, or whose offer is
        answered, or whose alliance or offer is ended (l.32)."""
        if isinstance(action, Give | Offer | Accept | Refuse | Break):
            return action.to
        return None

    def awaits_answer(self, state: State, seat: Seat) -> bool:
        """Only an alliance offered to the seat and not yet answered asks its answer (l.32);
        a refusal, an alliance ended or a gift (l.12) is news for it."""
        if seat not in state.seats:
            return False
        i = state.seats.index(seat)
        return any(to == i for _, to in state.offers)

    def undo(self, state: State) -> tuple[Seat, Action] | None:
        return undoable(state)

    def undoes(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def settled(self, state: State) -> bool:
        return not state.since_barrier


def undoable(state: State) -> tuple[Seat, Action] | None:
    base = state.barrier
    if not state.since_barrier or base is None:
        return None
    seat = engine.to_move(base)
    return None if seat is None else (seat, Undo())


class SuccessorsReference(Reference[SuccessorsOptions]):
    def rules_topics(self) -> Sequence[str]:
        return tuple(reference.TOPICS)

    def rules_reference(self, topic: str) -> str:
        return reference.topic(topic)

    def lookup_names(self, options: SuccessorsOptions) -> Sequence[tuple[str, str]]:
        from .components import parts

        p = parts(options.map_file, options.events_file, options.chits_file, options.setup_file)
        out = [(f"{e.key} {e.title}", e.key) for e in p.events.table]
        out += [(f"chit {c.number} {c.name}", f"chit {c.number}") for c in p.chits.chits]
        out += [(name, name) for name in p.map.names]
        return out

    def lookup(self, options: SuccessorsOptions, query: str) -> str:
        """An event by its roll, a chit by its number, an area by its name or id, each by
        its title too (whole, its start, or words of it: `cavalry raid`, `lamian`)."""
        from .components import parts

        p = parts(options.map_file, options.events_file, options.chits_file, options.setup_file)
        if len(query) > MAX_LOOKUP_CHARS:
            raise ValueError(
                f"look up at most {MAX_LOOKUP_CHARS} characters: a roll, a number or a title"
            )
        q = " ".join(query.strip().upper().split())
        texts = {e.key: f"{e.key}, {e.title}: {e.text}" for e in p.events.table}
        texts |= {f"CHIT {c.number}": f"Chit {c.number}, {c.name}: {c.text}" for c in p.chits.chits}
        m = p.map
        texts |= {f"AREA {m.ids[a].upper()}": reference.place_told(m, a) for a in range(m.areas)}
        if q.lower() in m.index:  # an area by its id: `egy`
            return texts[f"AREA {q}"]
        number = q.removeprefix("CHIT").strip()
        key = f"CHIT {int(number)}" if number.isdigit() and len(number) < 4 else q
        rolls = [f"{side} {q}" for side in ("ODD", "EVEN") if f"{side} {q}" in texts]
        if key in texts:  # a bare roll a chit's number too: the chit, the events named
            named = listed([f"`{r}`" for r in rolls])
            return texts[key] + (f" (the events of roll {q}: {named})" if rolls else "")
        if rolls:  # a bare roll (a trial typed `card 44`): both events of it
            return "\n".join(texts[r] for r in rolls)
        titles = [(e.key, e.title) for e in p.events.table]
        titles += [(f"CHIT {c.number}", c.name) for c in p.chits.chits]
        area = next((a for a in range(m.areas) if m.names[a].upper() == q), None)
        if area is not None:  # an area by its name, with what else bears it in its title
            others = ", ".join(_named(k, t) for k, t in _by_title(titles, q)[:4])
            return texts[f"AREA {m.ids[area].upper()}"] + (f" (also {others})" if others else "")
        titles += [(f"AREA {m.ids[a].upper()}", m.names[a]) for a in range(m.areas)]
        found = _by_title(titles, q)
        if len(found) == 1:
            return texts[found[0][0]]
        said_of = {texts[k].split(", ", 1)[1] for k, _ in found}
        if len(said_of) == 1:  # copies of one chit or event: told once, with each number
            keys = [k.title() if k.startswith("CHIT") else k for k, _ in found]
            return f"{listed(keys)}, each: {said_of.pop()}"
        if found:
            said = ", ".join(_named(k, t) for k, t in found[:8])
            more = f" and {len(found) - 8} more" if len(found) > 8 else ""
            raise ValueError(f"{excerpt(query)} names several: {said}{more}")
        raise ValueError(
            f"no event, chit or area {excerpt(query)}: an event by its roll (`ODD 45`, or `45` "
            f"for both), a chit by its number (`chit 5`, 1 to {len(p.chits.chits)}), any by its "
            "title or name"
        )

    def help_lines(self, named: Callable[[str], str]) -> list[str]:
        return [
            "Orders: `buy 2 levy 1 cav at Egypt`, `done`; `move 2 inf leader Egypt Arabia`, "
            "`sail 2 fleets with 2 inf Egypt Egyptian Sea land at Cyrenaica`, `end movement`; "
            "`fight red at Syria`, `retreat all to Arabia`, `stand`; at any time `offer red`, "
            "`play 5`, `arm 15 for revolt`, and through game turn 8 `give 3 to red` (l.12).",
            f"{named('hand')} shows your chits and standing orders to you alone; "
            f"{named('options')} every step allowed now; {named('rules')} the rules by topic "
            "(sequence, revenue, movement, combat, sea, victory...), or by a word (homes, fleet, "
            "retreat): l.26 cites the "
            f"rules summary's line 26, Q10 our reading where it is silent: {named('rules topic:Q10')} "
            "tells it (Q1 to Q33).",
        ]


MAX_LOOKUP_CHARS = 100  # a roll, a number or a title looked up


def _by_title(titles: list[tuple[str, str]], q: str) -> list[tuple[str, str]]:
    """The titles the words name: the one it is, else those it starts, else those holding
    every word of it."""
    whole = [(k, t) for k, t in titles if t.upper() == q]
    if whole:
        return whole
    start = [(k, t) for k, t in titles if t.upper().startswith(q)]
    if start:
        return start
    words = q.split()
    return [(k, t) for k, t in titles if words and all(w in t.upper() for w in words)]


# --- what a seat is told ----------------------------------------------------------------------


def prompt(v: View, seat: Seat) -> str:
    s = v.state
    if s.phase == "over":
        return ranking(s).text
    mover = engine.to_move(s)
    when = f"game turn {s.turn}" if s.phase == "play" else "setup"
    if mover is None:
        return f"{when}: waiting for {engine.chance(s)}"
    if mover != seat:
        return f"{when}: waiting for {mover.capitalize()} to {decision_text(s, told_others=True)}"
    how = how_to(s) or _steps_to_type(v)
    return f"{when}: {decision_text(s)}" + (f"; {how}" if how else "") + _offers_to(s, seat)


def _offers_to(s: State, seat: Seat) -> str:
    """The alliances offered to the seat deciding and not yet answered: a trial missed one
    announced amid another seat's moves, and offered it back."""
    me = s.seats.index(seat)
    by = [a for a, b in s.offers if b == me]
    if not by:
        return ""
    whose = listed([f"{title(s, a)}'s" for a in by])
    ids = [s.seats[a] for a in by]
    answers = listed([f"`accept {x}`" for x in ids] + [f"`refuse {x}`" for x in ids], "or")
    offer = "offer awaits" if len(by) == 1 else "offers await"
    return f". {whose} alliance {offer} your answer, at any time: {answers} (l.32)"


def _steps_to_type(v: View) -> str:
    """What to type for a decision whose prompt gives no example of its own (a fleet's
    escape, a mutiny, a sea battle asked): the first allowed step of each kind."""
    legal = engine.legal(v.state)
    firsts = list({type(a): a for a in reversed(legal)}.values())[::-1]
    said = [f"`{wording.describe(v, a)}`" for a in firsts[:3]]
    more = ", or another step allowed" if len(legal) > len(said) else ""
    return f"type {listed(said, 'or')}{more}" if said else ""


def status_lines(v: View) -> list[str]:
    s = v.state
    if s.phase == "setup" and not s.choosing:
        return ["the game is being set up: rolls for the choice of homes"]
    lines = []
    if s.phase == "play":
        order = ", ".join(title(s, k) for k in s.order)
        lines.append(f"game turn {s.turn} of {s.parts.setup.turns}; order {order}")
    for seat, name in enumerate(s.seats):
        lines.append(_seat_line(v, seat, name))
    if s.alliances:
        lines.append(
            "alliances: "
            + ", ".join(
                f"{title(s, a)} and {title(s, b)} (since game turn {board.allied_since(s, a, b)})"
                for a, b in s.alliances
            )
        )
    if s.offers:  # announced when made: an answer may come at any time (l.32)
        offers = ", ".join(f"{title(s, a)} to {title(s, b)}" for a, b in s.offers)
        lines.append(f"alliance offers awaiting an answer: {offers}")
    marked = [f"{area_name(s, a)} ({MARKERS[m]})" for a, m in enumerate(s.markers) if m]
    if marked:
        lines.append("in revolt or invaded: " + ", ".join(marked))
    return lines


def _seat_line(v: View, seat: int, name: str) -> str:
    s = v.state
    if seat in s.out:
        return f"{name.capitalize()}: eliminated"
    if s.homes[seat] == NO and s.phase == "setup":  # its Talents come with its home (F)
        return (
            f"{name.capitalize()}: no home yet ({s.parts.setup.start_money} Talents to spend there)"
        )
    at = s.leaders[seat]
    if at >= CAPTIVE:
        leader = f"leader captive of {title(s, at - CAPTIVE)}"
    elif at == NO:
        leader = "no leader yet"
    else:
        leader = f"leader in {area_name(s, at)}"
    if seat in engine.stranded(s):
        return (
            f"{name.capitalize()}: {end_of_the_road(s, seat)}, treasury {s.money[seat]}, {leader}"
        )
    held = board.controls(s, seat)
    units = board.unit_count(s, seat)
    home = area_name(s, s.homes[seat]) if s.homes[seat] != NO else "none"
    score = points_text(half_points(s, seat))
    return (
        f"{name.capitalize()}: home {home}, treasury {s.money[seat]}, "
        f"{count_of(len(held), 'province')} controlled (income {board.income(s, seat)}), "
        f"{count_of(units, 'unit')}, "
        f"{count_of(v.hand_sizes[seat], 'chit')}, "
        f"{leader}, {score} now ({held_alone(s, seat)})"
    )


BARE_NAMED = 4  # provinces named in a status line's controlled-but-not-held list


def held_alone(s: State, seat: int) -> str:
    """What the seat's points count of the map (l.66-67): the provinces its units alone
    occupy, unmarked, and their worth (those not yet its own named: control comes after a
    combat phase); a province controlled without them counts nothing."""
    alone = [a for a in range(s.parts.map.land) if board.alone_in(s, a) == seat]
    worth = sum(s.parts.map.value[a] for a in alone)
    said = f"{count_of(len(alone), 'province')} held alone, worth {worth}" if alone else ""
    controlled = board.controls(s, seat)
    if uncontrolled := [area_name(s, a) for a in alone if a not in controlled]:
        said += f"; {listed(uncontrolled)} not controlled until a combat phase ends (l.10)"
    bare = [a for a in controlled if a not in alone]
    if bare:  # a newcomer counts what he controls: say which ones score nothing
        names = [area_name(s, a) for a in bare[:BARE_NAMED]]
        more = len(bare) - len(names)
        named = listed([*names, f"{more} more"] if more else names)
        said += f"{'; ' if said else ''}{named} controlled, no units of its own alone there: no points (l.66)"
    return said or "no province held alone"
