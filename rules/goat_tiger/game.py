"""The Goat-Tiger game on the Game protocol (rules.game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from ..game import Below, Game, GameInfo, Ranking, Seat
from . import notation, play
from .model import (
    ACTION,
    CAPTURES_TO_WIN,
    GOATS,
    SEATS,
    TIGERS,
    TITLES,
    Capture,
    Options,
    State,
    other,
)
from .play import GoatTigerAction
from .reference import TOPICS

INFO: GameInfo[Options] = GameInfo(
    id="goat_tiger",
    title="Aadu-Huli aata (Goat-Tiger game)",
    seats=SEATS,
    seat_titles={s: TITLES[s] for s in SEATS},
    min_players=2,
    max_players=2,
    options=Options,
    command="gt",
    seat_word="side",
    deals=False,  # perfect information, nothing dealt: no secret to commit to
)


class GoatTiger(Game[State, GoatTigerAction, State, Options]):
    """Perfect information, no chance: a view is the state itself, and every move hands the
    turn to the other side, so undo never takes one back."""

    info = INFO

    def new_game(self, options: Options, seats: Sequence[Seat]) -> State:
        if tuple(seats) != SEATS:
            raise ValueError(f"the Goat-Tiger game is played by both seats: {', '.join(SEATS)}")
        return play.new_game(options)

    def to_move(self, state: State) -> Seat | None:
        return None if state.winner is not None else state.to_move

    def chance(self, state: State) -> str | None:
        return None

    def deal(self, state: State, below: Below) -> GoatTigerAction:
        raise ValueError("the Goat-Tiger game has no chance steps")

    def legal_actions(self, state: State) -> list[GoatTigerAction]:
        return play.legal_actions(state)

    def apply(self, state: State, action: GoatTigerAction) -> State:
        return play.apply(state, action)

    def result(self, state: State) -> Ranking | None:
        if state.winner is None:
            return None
        return Ranking(
            places=((state.winner,), (other(state.winner),)),
            scores={TIGERS: state.captured, GOATS: state.options.goats - state.captured},
            text=play.end_text(state),
        )

    def score_text(self, seat: Seat, place: int, score: int) -> str | None:
        """The Tigers' score is their captures, the Goats' the Goats left: each said with
        what it means, and the winner's with how it won (5.5)."""
        if seat == TIGERS:
            said = f"{score} of {CAPTURES_TO_WIN} Goats captured"
            if place == 1 and score < CAPTURES_TO_WIN:
                said += ", and the Goats had no move left"
            return said
        left = f"{score} Goat{'' if score == 1 else 's'} left"
        return f"trapped the Tigers, with {left}" if place == 1 else left

    def narrate(
        self, before: State, action: GoatTigerAction, after: State, seat: Seat | None
    ) -> list[str]:
        """A move's line; a capture's says which Goat and the count (5.5: five win)."""
        if seat is None:
            return []  # no chance steps: nothing to tell
        line = f"{TITLES[seat]}: {notation.describe(action)}"
        if isinstance(action, Capture):
            line += f", captures the Goat on {action.over}: {after.captured} of {CAPTURES_TO_WIN}"
        return [line]

    def undo_barrier(self, state: State, action: GoatTigerAction) -> bool:
        return True  # every move hands the turn to the other side

    def view(self, state: State, seat: Seat | None) -> State:
        return state

    def hidden(self, state: State, seat: Seat | None) -> Mapping[str, object]:
        return {}

    def prompt(self, view: State, seat: Seat) -> str:
        if view.winner is None and seat != view.to_move:
            return f"{TITLES[seat]}: wait for the {TITLES[view.to_move]}."
        return play.prompt(view)

    def describe(self, view: State, action: GoatTigerAction) -> str:
        return notation.describe(action)

    def parse(self, view: State, text: str, seat: Seat) -> list[GoatTigerAction]:
        return notation.parse(view, text, seat)

    def state_to_json(self, state: State) -> str:
        return state.model_dump_json()

    def state_from_json(self, text: str, options: Options | None = None) -> State:
        return State.model_validate_json(text)

    def view_to_json(self, view: State) -> str:
        return view.model_dump_json()

    def action_to_json(self, action: GoatTigerAction) -> str:
        return action.model_dump_json()

    def action_from_json(self, text: str) -> GoatTigerAction:
        return ACTION.validate_json(text)

    def action_schema(self) -> Mapping[str, object]:
        return _action_schema()

    def rules_topics(self) -> Sequence[str]:
        return tuple(TOPICS)

    def help_lines(self) -> list[str]:
        return [
            "Orders (5.5): the Goats `place 7` from their supply, and once every Goat is "
            "placed, `8-9` moves one along a line; the Tigers `4-10` move one, `1x9` leaps "
            "from 1 over the Goat on 3 to 9 and captures it (`move 4 to 10` and `jump 1 over "
            "3 to 9` are read too).",
            "`/gt options` lists every move allowed now; `/gt rules` the rules at the table.",
        ]

    def headline(self, before: State, after: State, log: Sequence[str]) -> list[str]:
        return []  # no stage for the channel to open

    def board_moment(self, before: State, after: State) -> bool:
        return True  # a move is read on the board: every one is shown

    def private_summary(self, view: State) -> str:
        return ""  # nothing is hidden

    def status(self, view: State) -> list[str]:
        def n(k: int, noun: str) -> str:
            return f"{k} {noun}{'' if k == 1 else 's'}"

        ended = [play.end_text(view)] if view.winner is not None else []
        return [
            *ended,
            f"Goats: {n(len(view.goats), 'Goat')} on the board, {view.in_hand} in the supply, "
            f"{view.captured} of {CAPTURES_TO_WIN} captured (5.5)",
            f"Tigers: {n(len(view.tigers), 'Tiger')} on the board; {n(view.moves, 'move')} played",
        ]

    def rules_reference(self, topic: str) -> str:
        try:
            return TOPICS[topic.strip().lower()]
        except KeyError:
            raise ValueError(
                f"no topic {topic[:40]!r}; the topics are: {', '.join(TOPICS)}"
            ) from None


@cache
def _action_schema() -> Mapping[str, object]:
    return ACTION.json_schema()
