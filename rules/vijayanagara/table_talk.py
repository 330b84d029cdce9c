"""Vijayanagara at the table: its notation, what the channel is told of each step and of
each card, and what a faction is told of the position."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache

from ..capabilities import (
    Narration,
    Notation,
    StageLine,
    TableTalk,
)
from ..game import (
    Seat,
)
from . import (
    Action,
    GameState,
    card_header,
    card_lines,
    card_recap,
    deck_facts,
    describe,
    parse,
    prompt,
    score,
)
from .actions import ACTION_ADAPTER
from .cards import deck_for
from .changes import turn_changes
from .model import FACTION_NAMES, PLAYERS, Faction
from .mongols import delhi_adjustment
from .recap import line_added, merged_lines
from .said import said
from .words import count_of

_CARD_LINE = re.compile(r"^Card (\d+): ")
_REVEAL_LINE = re.compile(r"^Card \d+: .+ \(\d+ left in the deck\)\.$")


class VijayanagaraNotation(Notation[Action, GameState]):
    def describe(self, view: GameState, action: Action) -> str:
        return describe(view, action)

    def parse(self, view: GameState, text: str, seat: Seat) -> list[Action]:
        giver = Faction(seat) if seat in self.game.info.seats else None
        return parse(view, text, giver=giver)

    def view_to_json(self, view: GameState) -> str:
        return view.model_dump_json()

    def action_schema(self) -> Mapping[str, object]:
        return action_schema()


class VijayanagaraNarration(Narration[Action, GameState]):
    def narrate(
        self, before: GameState, action: Action, after: GameState, seat: Seat | None
    ) -> list[str]:
        """The step's log lines, or, where it wrote none, the step in words."""
        return list(after.log) or ([] if seat is None else [said(before, action)])

    def merge_lines(self, lines: list[str]) -> list[str]:
        return merged_lines(lines)

    def line_added(self, shown: str, merged: str) -> str | None:
        return line_added(shown, merged)

    def headline(self, before: GameState, after: GameState, log: Sequence[str]) -> list[str]:
        """At a card reveal: a recap of each card that ended (from its log lines: the card
        in play before, and any revealed after it that did not stay), then the new card's
        header (2.3.1-2.3.2)."""
        if after.current_card == before.current_card:
            return []
        reveals = [
            (i, int(m.group(1))) for i, line in enumerate(log) if (m := _CARD_LINE.match(line))
        ]
        since = max((i for i, n in reveals if n == before.current_card), default=-1)
        ended = [before.current_card] if before.current_card is not None else []
        ended += [n for i, n in reveals if i > since and n != after.current_card]
        out = []
        for number in ended:
            recap = card_recap(card_lines(list(log), number))
            if recap:
                out.append(f"_{recap}_")
        header = card_header(after)
        return [*out, header] if header else out

    def turn_summary(self, start: GameState, end: GameState, seat: Seat) -> str | None:
        """What a Faction's turn changed that scores (Control and VP are nowhere in the log;
        a trial learned of its own Control from a rival's why line)."""
        faction = next((f for f in PLAYERS if f.value == seat), None)
        if faction is None:
            return None
        return f"_{FACTION_NAMES[faction]}'s turn: {turn_changes(start, end, faction)}._"

    def stage_line(self, line: str) -> StageLine | None:
        """The log line of a card's reveal opens its stage (2.3.1)."""
        return "opens" if _REVEAL_LINE.match(line) is not None else None

    def log_tail(self, view: GameState) -> tuple[int, list[str]] | None:
        return view.log_at, list(view.log)


def _delhi_at_the_end(view: GameState) -> str:
    """The Sultanate's end adjustment still to come (5.1), as the Invaders in Delhi would
    give it now: its VP shown leave it out until Timur's invasion is over."""
    if view.delhi_adjustment is not None:
        return f" (Delhi adjustment {view.delhi_adjustment:+d} counted, 5.1)"
    now = delhi_adjustment(view)
    return f" (at the end 3 less the Invaders then in Delhi, {now:+d} as they stand: 5.1)"


class VijayanagaraTalk(TableTalk[GameState]):
    def prompt(self, view: GameState, seat: Seat) -> str:
        return prompt(view).text

    def status(self, view: GameState) -> list[str]:
        vp = score(view)
        lines = [
            f"{FACTION_NAMES[f]}: {count_of(view.resources[f], 'Resource')}, "
            f"{view.cavalry[f]} Cavalry, {vp[f]} VP"
            + (f", Influence {view.influence[f]}" if f in view.influence else "")
            + (_delhi_at_the_end(view) if f == Faction.D else "")
            for f in PLAYERS
        ]
        if view.current_card is not None:
            card = deck_for(view.options).cards.get(view.current_card)
            title = f": {card.title}" if card else ""
            lines.append(
                f"Card {view.current_card}{title}; {deck_facts(view)}; "
                f"the {view.dynasty.title()} Dynasty rules (2.7)."
            )
        return lines

    def acting_as(self, view: GameState) -> str | None:
        return "Mongols" if not view.game_over and prompt(view).for_mongols else None


@cache
def action_schema() -> Mapping[str, object]:
    return ACTION_ADAPTER.json_schema()
