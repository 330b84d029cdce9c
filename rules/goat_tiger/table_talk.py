"""The Goat-Tiger game at the table: its notation, what the channel and each side are told,
and its rules reference."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache

from ..capabilities import Menus, Narration, Notation, Reference, TableTalk, notation_of
from ..game import Seat
from ..words import count_of
from . import notation, play
from .model import (
    ACTION,
    CAPTURES_TO_WIN,
    QUIET_MOVES_TO_DRAW,
    TIGERS,
    TITLES,
    Capture,
    Options,
    State,
)
from .play import GoatTigerAction
from .reference import TOPICS


class GoatTigerNotation(Notation[GoatTigerAction, State]):
    def describe(self, view: State, action: GoatTigerAction) -> str:
        return notation.describe(action)

    def parse(self, view: State, text: str, seat: Seat) -> list[GoatTigerAction]:
        return notation.parse(view, text, seat)

    def view_to_json(self, view: State) -> str:
        return view.model_dump_json()

    def action_schema(self) -> Mapping[str, object]:
        return _action_schema()


class GoatTigerNarration(Narration[GoatTigerAction, State]):
    def narrate(
        self, before: State, action: GoatTigerAction, after: State, seat: Seat | None
    ) -> list[str]:
        """A move's line; a capture's says which Goat and the count (5.5: five win). How the
        game ended is the table's end message (the result's text)."""
        if seat is None:
            return []  # no chance steps: nothing to tell
        line = f"{TITLES[seat]}: {notation.describe(action)}"
        if isinstance(action, Capture):
            line += f", captures the Goat on {action.over}: {after.captured} of {CAPTURES_TO_WIN}"
        return [line]


class GoatTigerTalk(TableTalk[State]):
    def prompt(self, view: State, seat: Seat) -> str:
        if not view.over and seat != view.to_move:
            return f"{TITLES[seat]}: wait for the {TITLES[view.to_move]}."
        return play.prompt(view)

    def status(self, view: State) -> list[str]:
        ended = [play.end_text(view)] if view.over else []
        quiet = play.draw_count(view)
        return [
            *ended,
            f"Goats: {count_of(len(view.goats), 'Goat')} on the board, {view.in_hand} in the supply, "
            f"{view.captured} of {CAPTURES_TO_WIN} captured (5.5)",
            f"Tigers: {count_of(len(view.tigers), 'Tiger')} on the board; {count_of(view.moves, 'move')} played",
            *([quiet] if quiet else []),
        ]

    def score_text(self, seat: Seat, place: int, score: int, shared: bool = False) -> str | None:
        """The Tigers' score is their captures, the Goats' the Goats left: each said with
        what it means, and the winner's with how it won (5.5); a first place both share is
        our draw."""
        if seat == TIGERS:
            said = f"{score} of {CAPTURES_TO_WIN} Goats captured"
            if place == 1 and shared:
                said += ", a draw"
            elif place == 1 and score < CAPTURES_TO_WIN:
                said += ", and the Goats had no move left"
            return said
        left = f"{count_of(score, 'Goat')} left"
        if place == 1 and shared:
            return f"{left}, a draw"
        return f"trapped the Tigers, with {left}" if place == 1 else left


class GoatTigerMenus(Menus[GoatTigerAction, State]):
    def grouped_choices(
        self, view: State, actions: Sequence[GoatTigerAction]
    ) -> tuple[list[str], str | None]:
        """Every legal move, a move that would draw the game marked with why (our rule,
        added to 5.5): a player sees it before playing it."""
        describe = notation_of(self.game).describe
        out = []
        for a in actions:
            said = f"`{describe(view, a)}`"
            drawn = play.draw_of_move(view, a)
            out.append(f"{said} (a draw: {_DRAW_NOTES[drawn]}, our rule)" if drawn else said)
        return out, None


_DRAW_NOTES = {
    "repetition": "the same position a third time",
    "quiet": f"the {QUIET_MOVES_TO_DRAW}th move without a capture or a placement",
}


class GoatTigerReference(Reference[Options]):
    def rules_topics(self) -> Sequence[str]:
        return tuple(TOPICS)

    def rules_reference(self, topic: str) -> str:
        try:
            return TOPICS[topic.strip().lower()]
        except KeyError:
            raise ValueError(
                f"no topic {topic[:40]!r}; the topics are: {', '.join(TOPICS)}"
            ) from None

    def help_lines(self, named: Callable[[str], str]) -> list[str]:
        return [
            "Orders (5.5): the Goats `place 7` from their supply, and once every Goat is "
            "placed, `8-9` moves one along a line; the Tigers `4-10` move one, `1x9` leaps "
            "from 1 over the Goat on 3 to 9 and captures it (`move 4 to 10` and `jump 1 over "
            "3 to 9` are read too).",
            f"{named('options')} lists every move allowed now; {named('rules')} the rules at "
            "the table. A game neither side can win ends in a draw by our rule, added to 5.5: "
            f"{named('rules topic:draw')} says when.",
        ]


@cache
def _action_schema() -> Mapping[str, object]:
    return ACTION.json_schema()
