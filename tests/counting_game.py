"""Counting: a small game kept for the tests, written on the core protocol alone, to show
what adding a game takes. Two seats count up from 0 in turn, each adding 1 or 2; whoever
says the target (10 in the standard game) wins. It writes the core (rules.game.Game), its
rules reference at the table (the one capability it has of its own: a game is explained
where it is played), a board picture and one computer player, and registers them in one
entry (`ENTRY`); every other capability (notation, narration, menus, ...) is the plain one."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel, ConfigDict, Field

from ai.budget import Budget
from bot.table.games.entry import GameEntry, Players
from render.pictures import Names, Pictures
from rules.capabilities import Reference
from rules.game import Below, Game, GameInfo, Ranking, Seat

SEATS = ("first", "second")


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    target: int = Field(10, ge=3, le=30)


class Count(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    by: Literal[1, 2]


class State(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    target: int
    total: int = 0
    to_move: Seat = "first"
    winner: Seat | None = None


INFO: GameInfo[Options] = GameInfo(
    id="counting",
    title="Counting",
    seats=SEATS,
    seat_titles={"first": "First", "second": "Second"},
    min_players=2,
    max_players=2,
    options=Options,
    deals=False,
)


TOPICS = MappingProxyType(
    {
        "play": "Each seat in turn adds 1 or 2 to the count; whoever says the target wins.",
        "target": "The standard game counts to 10; the option `target` sets 3 to 30.",
    }
)


class CountingReference(Reference[Options]):
    def rules_topics(self) -> Sequence[str]:
        return tuple(TOPICS)

    def rules_reference(self, topic: str) -> str:
        if topic not in TOPICS:
            return super().rules_reference(topic)  # the refusal, naming the topics
        return TOPICS[topic]


class Counting(Game[State, Count, State, Options]):
    info = INFO

    def __init__(self) -> None:
        self.reference = CountingReference(self)

    def new_game(self, options: Options, seats: Sequence[Seat]) -> State:
        if tuple(seats) != SEATS:
            raise ValueError("Counting is played by both seats: first, second")
        return State(target=options.target)

    def to_move(self, state: State) -> Seat | None:
        return None if state.winner is not None else state.to_move

    def chance(self, state: State) -> str | None:
        return None

    def deal(self, state: State, below: Below) -> Count:
        raise ValueError("Counting deals nothing")

    def legal_actions(self, state: State) -> list[Count]:
        if state.winner is not None:
            return []
        return [Count(by=1), Count(by=2)][: state.target - state.total]

    def apply(self, state: State, action: Count) -> State:
        if action not in self.legal_actions(state):
            raise ValueError(f"cannot count {action.by} now: the count is {state.total}")
        total = state.total + action.by
        other = SEATS[1 - SEATS.index(state.to_move)]
        winner = state.to_move if total == state.target else None
        return state.model_copy(update={"total": total, "to_move": other, "winner": winner})

    def result(self, state: State) -> Ranking | None:
        if state.winner is None:
            return None
        loser = SEATS[1 - SEATS.index(state.winner)]
        text = f"{INFO.seat_titles[state.winner]} says {state.target} and wins"
        return Ranking(places=((state.winner,), (loser,)), text=text)

    def undo_barrier(self, state: State, action: Count) -> bool:
        return True  # every count hands the turn on

    def view(self, state: State, seat: Seat | None) -> State:
        return state

    def hidden(self, state: State, seat: Seat | None) -> Mapping[str, object]:
        return {}

    def state_to_json(self, state: State) -> str:
        return state.model_dump_json()

    def state_from_json(self, text: str, options: Options | None = None) -> State:
        return State.model_validate_json(text)

    def action_to_json(self, action: Count) -> str:
        return action.model_dump_json()

    def action_from_json(self, text: str) -> Count:
        return Count.model_validate_json(text)


COUNTING = Counting()


def board(view: State, names: Names | None) -> bytes:
    """The count so far, as a row of marks up to the target."""
    picture = Image.new("RGB", (20 * view.target + 20, 40), "white")
    draw = ImageDraw.Draw(picture)
    for i in range(view.target):
        fill = "black" if i < view.total else None
        draw.rectangle((10 + 20 * i, 10, 24 + 20 * i, 30), outline="black", fill=fill)
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def alt_text(view: State, names: Names | None) -> str:
    return f"The count is {view.total} of {view.target}."


def easy(view: State, seat: str, r: random.Random, budget: Budget) -> Count:
    """Says the target when it can; else counts 1 or 2 at random."""
    steps = COUNTING.legal_actions(view)
    winning = [s for s in steps if view.total + s.by == view.target]
    return winning[0] if winning else r.choice(steps)


ENTRY = GameEntry(
    rules=COUNTING,
    command="ct",
    pictures=Pictures(board=board, alt_text=alt_text),
    players=Players(levels={"easy": easy}),
)
