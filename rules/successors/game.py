"""Successors on the Game protocol (rules.game), with its capabilities."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..game import Game, GameInfo, Ranking, Seat
from . import codec, engine
from .options import SuccessorsOptions
from .refusals import refusal
from .result import ranking
from .search import SuccessorsSearch
from .state import ASIDE_ACTIONS, CHANCE_ACTIONS, Action, State, Undo
from .table_talk import (
    SuccessorsMenus,
    SuccessorsNarration,
    SuccessorsNotation,
    SuccessorsOrders,
    SuccessorsReference,
    SuccessorsTalk,
    SuccessorsTurns,
    undoable,
)
from .view import View, hidden, view

SEATS = engine.SEATS
# steps never taken back by undo: steps aside, and what is dealt
NOT_UNDONE = frozenset((*ASIDE_ACTIONS, *CHANCE_ACTIONS))
INFO = GameInfo(
    id="successors",
    title="Successors",
    seats=SEATS,
    seat_titles={s: s.capitalize() for s in SEATS},
    min_players=3,
    max_players=4,
    options=SuccessorsOptions,
    score_name="half points",  # l.68: a Talent is worth half a point
    private=True,
    # the events by roll, the chits by number, the map's areas with what borders each
    lookup="event, chit or area (an area's borders too)",
    dealt=("die", "chit"),
    # a trial's undo after an AI's answer at once was told only of a hand-off
    undo_stops=(
        "anyone's step aside (a gift, a ransom, a chit, an alliance offered, answered or ended)",
    ),
)


class Successors(Game[State, Action, View, SuccessorsOptions]):
    info = INFO

    def __init__(self) -> None:
        self.notation = SuccessorsNotation(self)
        self.orders = SuccessorsOrders(self)
        self.narration = SuccessorsNarration(self)
        self.talk = SuccessorsTalk(self)
        self.menus = SuccessorsMenus(self)
        self.reference = SuccessorsReference(self)
        self.turns = SuccessorsTurns(self)
        self.search = SuccessorsSearch(self)

    def new_game(self, options: SuccessorsOptions, seats: Sequence[Seat]) -> State:
        return engine.new_state(options, tuple(seats))

    to_move = staticmethod(engine.to_move)
    chance = staticmethod(engine.chance)
    deal = staticmethod(engine.deal)
    legal_actions = staticmethod(engine.legal)

    def apply(self, state: State, action: Action) -> State:
        if isinstance(action, Undo):
            return self._undo(state)
        try:
            after = engine.apply(state, action)
        except engine.Refused:
            raise ValueError(refusal(state, action)) from None
        # a decision (neither dealt nor aside) after which the same seat decides again may be
        # taken back: a decision is due exactly when `run` left its steps listed (`memo`)
        if (
            type(action) not in NOT_UNDONE
            and after.memo is not None
            and after.frames[-1][1] == state.frames[-1][1]
        ):
            after.since_barrier = state.since_barrier + (action,)  # noqa: RUF005 (quicker)
            after.barrier = state.barrier if state.since_barrier else state
        return after

    def _undo(self, state: State) -> State:
        """The state before the seat's last step: the steps since the barrier but the last,
        played again from the state at the barrier."""
        if undoable(state) is None or state.barrier is None:
            raise ValueError(
                "nothing to undo: steps cannot be taken back past a roll, a draw, a step "
                "aside or once another seat decides"
            )
        new = state.barrier
        for action in state.since_barrier[:-1]:
            new = self.apply(new, action)
        return new

    def result(self, state: State) -> Ranking | None:
        return ranking(state) if state.phase == "over" else None

    def undo_barrier(self, state: State, action: Action) -> bool:
        """Chance outcomes, steps aside, and any step after which another seat (or the
        dealer) acts."""
        if isinstance(action, Undo):
            return False
        return not self.apply(state, action).since_barrier

    def view(self, state: State, seat: Seat | None) -> View:
        return view(state, seat)

    def hidden(self, state: State, seat: Seat | None) -> Mapping[str, object]:
        return hidden(state, seat)

    def state_to_json(self, state: State) -> str:
        return codec.STATE.dump_json(state).decode()

    def state_from_json(self, text: str, options: SuccessorsOptions | None = None) -> State:
        return codec.STATE.validate_json(text)

    def action_to_json(self, action: Action) -> str:
        return codec.ACTION.dump_json(action).decode()

    def action_from_json(self, text: str) -> Action:
        return codec.ACTION.validate_json(text)


GAME = Successors()
