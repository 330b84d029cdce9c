"""Successors on the Game protocol (rules.game), with its capabilities."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..game import Game, GameInfo, Ranking, Seat
from . import codec, engine
from .options import SuccessorsOptions
from .result import ranking
from .state import Action, State, Undo
from .view import View, hidden, view

SEATS = engine.SEATS
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
    dealt=("die", "chit"),
)


class Successors(Game[State, Action, View, SuccessorsOptions]):
    info = INFO

    def new_game(self, options: SuccessorsOptions, seats: Sequence[Seat]) -> State:
        return engine.new_state(options, tuple(seats))

    to_move = staticmethod(engine.to_move)
    chance = staticmethod(engine.chance)
    deal = staticmethod(engine.deal)
    legal_actions = staticmethod(engine.legal)

    def apply(self, state: State, action: Action) -> State:
        if isinstance(action, Undo):
            raise ValueError("nothing to undo")
        return engine.apply(state, action)

    def result(self, state: State) -> Ranking | None:
        return ranking(state) if state.phase == "over" else None

    def undo_barrier(self, state: State, action: Action) -> bool:
        return True

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
