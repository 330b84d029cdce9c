"""Taj Mahal at the table: its notation, what the channel and each seat are told, and its
rules reference."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..capabilities import Narration, Notation, Reference, StageLine, TableTalk
from ..game import Seat
from ..words import count_of
from . import codec, engine, narration, notation, reference
from .components import COLOURS, SYMBOL_TITLES
from .options import TajOptions
from .result import ranking
from .state import CROWN, NO, Action, State, Withdraw
from .view import View

WITHDRAWING = ("place", "draw", "take")  # the steps of a withdrawal after the withdraw


class TajMahalNotation(Notation[Action, View]):
    def describe(self, view: View, action: Action) -> str:
        return notation.describe(view, action)

    def parse(self, view: View, text: str, seat: Seat) -> list[Action]:
        return notation.parse(view, text, seat)

    def view_to_json(self, view: View) -> str:
        return codec.VIEW.dump_json(view).decode()

    def action_schema(self) -> Mapping[str, object]:
        return codec.action_schema()


class TajMahalNarration(Narration[Action, View]):
    def narrate(self, before: View, action: Action, after: View, seat: str | None) -> list[str]:
        return narration.narrate(before, action, after, seat)

    def told_to(self, view: View, action: Action) -> str | None:
        return narration.told_to(view, action)

    def stage_line(self, line: str) -> StageLine | None:
        """The game's end opens the last message: the hands' points above the result. A
        visit's end (Ending a visit), which the last withdrawal set going, opens none: the
        visit's header does, as the next one begins; the standings and the next visit's first
        player follow the withdrawing player's why."""
        if line.startswith(narration.GAME_END):
            return "opens"
        return "ends" if narration.VISIT_END.match(line) is not None else None

    def headline(self, before: View, after: View, log: Sequence[str]) -> list[str]:
        """The header of a visit as it begins: the province, the court and the supply."""
        a, b = after.state, before.state
        if a.phase == "over" or not a.province_order:
            return []
        if b.province_order and (a.visit, a.province) == (b.visit, b.province):
            return []
        title, _, rest = notation.visit_header(after).partition(". ")
        return [f"**{title}.** {rest}"]  # a heading, as a new stage opens in the channel

    def board_moment(self, before: View, after: View) -> bool:
        """A withdrawal finished (its palaces placed and its cards taken), a visit ended, or
        the game."""
        a, b = after.state, before.state
        if a.phase == "over" or a.visit != b.visit:
            return True
        withdrew = b.phase in WITHDRAWING or sum(a.active) < sum(b.active)
        return withdrew and a.phase not in WITHDRAWING


class TajMahalTalk(TableTalk[View]):
    def prompt(self, view: View, seat: Seat) -> str:
        return prompt(view, seat)

    def private_summary(self, view: View) -> str:
        return notation.hand_text(view)

    def hand_line(self, view: View) -> str:
        return notation.hand_line(view)

    def status(self, view: View) -> list[str]:
        return notation.status_lines(view)


class TajMahalReference(Reference[TajOptions]):
    def rules_topics(self) -> Sequence[str]:
        return reference.TOPICS

    def rules_reference(self, topic: str) -> str:
        return reference.reference(topic)

    def help_lines(self, named: Callable[[str], str]) -> list[str]:
        return [
            "Orders (Playing the game): `play red vizier` plays a coloured card, `play green "
            "general+monk with white elephant` adds a white or a special card; `withdraw` "
            "leaves the visit with what you lead. After a withdrawal: `palace CITY` (`crown "
            "CITY` for the crown's palace) and `take CARD, CARD` from the supply.",
            f"{named('hand')} shows your hand to you alone; {named('options')} every step "
            f"allowed now; {named('rules')} the rules at the table, a topic at a time.",
        ]


def _court_left(s: State) -> str:
    """Once a tile of the court was won this visit, what it still holds (a trial played for
    a General won earlier in the visit: only the visit's first line had named the court)."""
    if all(s.court) and s.crown_city == NO and s.province_tile_in_court:  # nothing won yet
        return ""
    return f"; still in the court: {', '.join(notation.court_words(s)) or 'nothing'}"


def prompt(v: View, seat: Seat) -> str:
    s = v.state
    if s.phase == "over":
        return ranking(s).text
    if not s.province_order:
        return "the game is being set up"
    board = s.board
    here = f"visit {s.visit + 1}, {board.province_titles[s.province]}"
    mover = engine.to_move(s)
    if mover != seat:
        waiting = mover.capitalize() if mover else "the deal"
        return f"{here}: waiting for {waiting}"
    i = s.seats.index(seat)
    if s.phase == "turn":
        colour = s.colour[i]
        need = "a coloured card" if colour < 0 else f"a {COLOURS[colour]} card"
        # only the seat's own view holds its hand: another view (the public's) cannot tell
        if v.seat == seat and engine.legal(s) == [Withdraw()]:
            return f"{here}: you have no card you may play: withdraw"
        return (
            f"{here}: play {need} (with a white or special card, or alone) or withdraw"
            + _court_left(s)
        )
    if s.phase == "place":
        kind = s.pending[0]
        what = "the crown palace" if kind == CROWN else f"a palace for the {SYMBOL_TITLES[kind]}"
        return f"{here}: place {what} on a city of {board.province_titles[s.province]}"
    n = min(2, len(s.supply))
    return f"{here}: take {count_of(n, 'card')} from the supply"
