"""Taj Mahal on the Game protocol (rules.game), with its capabilities (rules.capabilities)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..game import Game, GameInfo, Ranking, Seat
from . import codec, engine
from .options import TajOptions
from .result import ranking
from .search import TajMahalSearch
from .state import DECIDING, Action, State, Undo
from .table_talk import TajMahalNarration, TajMahalNotation, TajMahalReference, TajMahalTalk
from .turns import TajMahalTurns, undoable
from .view import View, view

SEATS = ("blue", "orange", "brown", "gray", "teal")  # palace colours (our choice)
INFO = GameInfo(
    id="taj_mahal",
    title="Taj Mahal",
    seats=SEATS,
    seat_titles={s: s.capitalize() for s in SEATS},
    min_players=3,
    max_players=5,
    options=TajOptions,
    private=True,
    dealt=("card",),  # no dice: the deck's cards only
)


class TajMahal(Game[State, Action, View, TajOptions]):
    info = INFO

    def __init__(self) -> None:
        self.notation = TajMahalNotation(self)
        self.narration = TajMahalNarration(self)
        self.talk = TajMahalTalk(self)
        self.reference = TajMahalReference(self)
        self.turns = TajMahalTurns(self)
        self.search = TajMahalSearch(self)

    def new_game(self, options: TajOptions, seats: Sequence[Seat]) -> State:
        for s in seats:
            if s not in SEATS:
                raise ValueError(f"no seat {s!r}; the seats are {', '.join(SEATS)}")
        return engine.new_state(options, tuple(seats))

    # the steps of play are the engine's functions themselves (no call of a method between)
    to_move = staticmethod(engine.to_move)
    chance = staticmethod(engine.chance)
    deal = staticmethod(engine.deal)
    legal_actions = staticmethod(engine.legal)

    def apply(self, state: State, action: Action) -> State:
        step = engine.STEPS[state.phase].get(type(action))  # the engine's step, called here
        if step is None:
            if isinstance(action, Undo):
                return self._undo(state)
            return engine.apply(state, action)  # refused, in the engine's words
        after = step(state, action)
        # a seat's step after which the same seat goes on deciding may be taken back
        if after.turn == state.turn and after.phase in DECIDING and state.phase in DECIDING:
            after.since_barrier = (*state.since_barrier, action)
            after.barrier = state.barrier if state.since_barrier else state
        return after

    def _undo(self, state: State) -> State:
        """The state before the seat's last step: the steps since the barrier but the last,
        played again from the state at the barrier."""
        if undoable(state) is None or state.barrier is None:
            raise ValueError(
                "nothing to undo: steps cannot be taken back past a deal or once another "
                "seat decides"
            )
        new = state.barrier
        for action in state.since_barrier[:-1]:
            new = self.apply(new, action)
        return new

    def result(self, state: State) -> Ranking | None:
        if state.phase != "over":
            return None
        return ranking(state)

    def undo_barrier(self, state: State, action: Action) -> bool:
        """Chance outcomes, and any step after which another seat (or the dealer) acts."""
        if isinstance(action, Undo):
            return False
        return not self.apply(state, action).since_barrier

    def view(self, state: State, seat: Seat | None) -> View:
        return view(state, seat)

    def hidden(self, state: State, seat: Seat | None) -> Mapping[str, object]:
        """Every other seat's hand while the game runs, and the unseen cards of the deck (with
        one's own hand and the open cards they would tell the others' hands)."""
        out: dict[str, object] = {}
        if state.phase != "over":
            for i, (name, hand) in enumerate(zip(state.seats, state.hands, strict=True)):
                if name != seat and hand:
                    out[f"/hands/{i}"] = list(hand)
        if state.deck:
            out["/deck"] = list(state.deck)
        return out

    def state_to_json(self, state: State) -> str:
        return codec.STATE.dump_json(state).decode()

    def state_from_json(self, text: str, options: TajOptions | None = None) -> State:
        return codec.STATE.validate_json(text)

    def action_to_json(self, action: Action) -> str:
        return codec.ACTION.dump_json(action).decode()

    def action_from_json(self, text: str) -> Action:
        return codec.ACTION.validate_json(text)


GAME = TajMahal()
