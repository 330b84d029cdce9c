"""Rajas of the Ganges at the table: notation, narration, what a seat is told, turns and undo,
and the rules reference."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence

from ..capabilities import Menus, Narration, Notation, Reference, TableTalk, Turns
from ..errors import IllegalAction
from ..game import Seat
from ..words import listed
from . import choices, codec, engine, explain, notation, payments, reference, refusals
from .options import RajasOptions
from .result import race_words, ranking
from .state import Action, Buy, Pass, State, Undo


class RajasNotation(Notation[Action, State]):
    def describe(self, view: State, action: Action) -> str:
        return notation.describe(view, action)

    def parse(self, view: State, text: str, seat: Seat) -> list[Action]:
        if engine.to_move(view) != seat and text.strip().lower() != "undo":
            raise IllegalAction(f"it is not your turn: {prompt(view, seat)}")
        return notation.parse(view, text)

    def view_to_json(self, view: State) -> str:
        return codec.STATE.dump_json(view).decode()

    def action_schema(self) -> Mapping[str, object]:
        return codec.action_schema()


def _first_why(s: State) -> str:
    """Why the first round's starting player starts (Setup): the lowest total of the starting
    dice, a tie drawn by lot (the text's table talk); and the money it sets (a trial could not
    tell whether the money or the dice decided)."""
    tied = engine.lowest_rolls(s)
    low = sum(payments.value(d) for d in s.dice[tied[0]])
    names = [s.seats[k].capitalize() for k in tied]
    lot = f", drawn by lot among {listed(names)}" if len(tied) > 1 else ""
    money = s.money[s.start]
    return (
        f"the lowest total of the starting dice, {low}{lot}; so it has {money} money, each "
        "next seat 1 more"
    )


class RajasNarration(Narration[Action, State]):
    def narrate(self, before: State, action: Action, after: State, seat: str | None) -> list[str]:
        return reference.narrate(before, action, after, seat)

    def headline(self, before: State, after: State, log: Sequence[str]) -> list[str]:
        """A new round opens with its starting player, why it is that seat, and the order of
        placing (a trial had to work the rotation out: Setup, Placing workers)."""
        if after.phase != "play" or (before.phase == "play" and before.round == after.round):
            return []
        n, first = after.players, after.start
        order = ", ".join(after.seats[(first + k) % n].capitalize() for k in range(n))
        if before.phase != "play":
            why = _first_why(after)
        elif before.mogul == first:
            why = "it took the Great Mogul last round"
        else:
            why = "the next seat clockwise"
        starts = f"{after.seats[first].capitalize()} starts ({why})"
        return [f"**Round {after.round}.** {starts}; order: {order}."]

    def board_moment(self, before: State, after: State) -> bool:
        """A placement finished (the decision handed on), a round or the game ended (a trial's
        round 2 began with the seat that ended round 1, no board)."""
        if after.phase == "over" or after.round != before.round:
            return True
        return not after.pending and before.turn != after.turn

    def merge_lines(self, lines: list[str]) -> list[str]:
        """A seat's run of rerolls, or of dice taken, in one line ("Red: reroll b1, g4", "Red:
        take orange, purple"): a trial read four lines for one outer terrace, where the help
        says a run of the same steps is one."""
        out: list[str] = []
        for line in lines:
            now, last = RUN.fullmatch(line), RUN.fullmatch(out[-1]) if out else None
            if (
                now
                and last
                and now.group("mark", "who", "verb") == last.group("mark", "who", "verb")
            ):
                out[-1] = f"{out[-1]}, {now['what']}"
            else:
                out.append(line)
        return out

    def line_added(self, shown: str, merged: str) -> str | None:
        """What a run joined after a shown line of it, alone."""
        was, now = RUN.fullmatch(shown), RUN.fullmatch(merged)
        if not (was and now and now["what"].startswith(was["what"] + ", ")):
            return None
        added = now["what"][len(was["what"]) + 2 :]
        return f"{now['mark'] or ''}{now['who']}: {now['verb']} {added}"


# a step of a run told in one line: a reroll of a die, or a die taken by its colour
RUN = re.compile(
    r"(?P<mark>• )?(?P<who>[A-Z]\w*): (?P<verb>reroll|take) "
    r"(?P<what>(?:[a-z]\d|blue|green|orange|purple)(?:, (?:[a-z]\d|blue|green|orange|purple))*)"
)


def _paid(a: Buy) -> int:
    return choices.paid_value(a.dice, a.turned)


class RajasMenus(Menus[Action, State]):
    def explained_choices(self, view: State) -> list[str]:
        """Each allowed step with what it does and gets (explain.py), then the placements
        paid for but refused now, each with why."""
        refused = [f"• not now: {line}" for line in refusals.not_now(view)]
        return explain.explained_entries(view) + refused

    def note(self, view: State, action: Action) -> str | None:
        """A tile paid with more than another payment allowed now would give (no more karma
        spent), asked about before it is played: a tile bought is not taken back (a trial
        paid p6 p6 for a tile costing 10 and could not undo it)."""
        if not isinstance(action, Buy):
            return None
        worth = _paid(action)
        cheaper = [
            a
            for a in engine.legal(view)
            if isinstance(a, Buy)
            and a.stack == action.stack
            and len(a.turned) <= len(action.turned)
            and _paid(a) < worth
        ]
        if not cheaper:
            return None
        best = min(cheaper, key=_paid)
        return (
            f"it pays {worth} in dice where `{notation.describe(view, best)}` pays "
            f"{_paid(best)}, and a tile bought is not taken back (the next of its stack is "
            "turned up)"
        )


class RajasTalk(TableTalk[State]):
    def prompt(self, view: State, seat: Seat) -> str:
        return prompt(view, seat)

    def status(self, view: State) -> list[str]:
        return reference.status_lines(view)

    def score_text(self, seat: Seat, place: int, score: int, shared: bool = False) -> str | None:
        """A result's score is the fame points past the money marker: said as how the
        player's race ended ("42 fame spaces short of crossing"), shared place or not."""
        return race_words(score >= 0, score)


class RajasTurns(Turns[State, Action]):
    def turn(self, state: State) -> tuple[Seat | None, Hashable]:
        return engine.to_move(state), state.round

    def players(self, state: State) -> tuple[Seat, ...]:
        return tuple(state.seats)

    def undo(self, state: State) -> tuple[Seat, Action] | None:
        return undoable(state)

    def undoes(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def settled(self, state: State) -> bool:
        return not state.since_barrier


class RajasReference(Reference[RajasOptions]):
    def rules_topics(self) -> Sequence[str]:
        return reference.TOPICS

    def rules_reference(self, topic: str) -> str:
        return reference.topic(topic)

    def help_lines(self, named: Callable[[str], str]) -> list[str]:
        return [
            "Orders: a placement with its payment (`great mogul with o1`, `harbour with karma "
            "p5`, `quarry`), then its steps (`buy orange cow with o4 o5`, `build at b3 turned "
            "90`, `take orange`, `upgrade temple`, `sail 2`), several joined by commas. `karma` "
            "turns the one die written after it: `buy purple tiger with p1 karma p2 karma p4` "
            "pays p1 as it is and p2 and p4 turned (to 5 and 3), 2 karma spent.",
        ]


def undoable(state: State) -> tuple[Seat, Action] | None:
    """The seat's undo, while it decides (never while a chance step waits: a reveal commits)."""
    base = state.barrier
    if not state.since_barrier or base is None or engine.to_move(state) is None:
        return None
    seat = engine.to_move(base)
    return None if seat is None else (seat, Undo())


def prompt(v: State, seat: Seat) -> str:
    if v.phase == "over":
        return ranking(v).text
    mover = engine.to_move(v)
    if mover is None:
        return f"waiting for {engine.chance(v)}"
    if mover != seat:
        return f"round {v.round}: waiting for {mover.capitalize()}"
    if not v.pending and engine.legal(v) == [Pass()]:
        return f"round {v.round}: no space is left that you can pay for and use: `pass`"
    return f"round {v.round}: {notation.decision_text(v)}"
