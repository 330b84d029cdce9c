"""Rajas of the Ganges on the Game protocol (rules.game), with its capabilities."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import IllegalAction
from ..game import Game, GameInfo, Ranking, Seat
from . import codec, engine
from .options import RajasOptions
from .refusals import allowed, refusal
from .result import ranking
from .search import RajasSearch
from .state import Action, State, Undo
from .table_talk import (
    RajasMenus,
    RajasNarration,
    RajasNotation,
    RajasReference,
    RajasTalk,
    RajasTurns,
)

SEATS = ("red", "yellow", "white", "black")  # the players' colours (our choice)
INFO = GameInfo(
    id="rajas",
    title="Rajas of the Ganges",
    seats=SEATS,
    seat_titles={s: s.capitalize() for s in SEATS},
    min_players=2,
    max_players=4,
    options=RajasOptions,
    score_name="fame points",  # past the money marker (negative: short of it)
    dealt=("die", "tile"),
)


class Rajas(Game[State, Action, State, RajasOptions]):
    """The whole state is public, so a view is the state itself."""

    info = INFO

    def __init__(self) -> None:
        self.notation = RajasNotation(self)
        self.narration = RajasNarration(self)
        self.menus = RajasMenus(self)
        self.talk = RajasTalk(self)
        self.reference = RajasReference(self)
        self.turns = RajasTurns(self)
        self.search = RajasSearch(self)

    def new_game(self, options: RajasOptions, seats: Sequence[Seat]) -> State:
        for s in seats:
            if s not in SEATS:
                raise ValueError(f"no seat {s!r}; the seats are {', '.join(SEATS)}")
        return engine.new_state(options, tuple(seats))

    # the engine's own functions, with no call of ours between (asked at every step)
    to_move = staticmethod(engine.to_move)
    chance = staticmethod(engine.chance)
    deal = staticmethod(engine.deal)
    legal_actions = staticmethod(engine.legal)

    def apply(self, state: State, action: Action) -> State:
        try:
            return engine.apply(state, action)
        except engine.Refused:  # the reason worked out only now, when a step is refused
            raise IllegalAction(refusal(state, action), allowed(state)) from None

    def result(self, state: State) -> Ranking | None:
        return ranking(state) if state.phase == "over" else None

    def undo_barrier(self, state: State, action: Action) -> bool:
        """Chance outcomes, and any step that ends the seat's placement."""
        if isinstance(action, Undo):
            return False
        return not self.apply(state, action).since_barrier

    def view(self, state: State, seat: Seat | None) -> State:
        if seat is not None and seat not in state.seats:
            raise ValueError(
                f"no seat {seat!r} in this game; the seats are {', '.join(state.seats)}"
            )
        return state

    def hidden(self, state: State, seat: Seat | None) -> Mapping[str, object]:
        return {}  # nothing is secret: the dice to come are not in the state

    def state_to_json(self, state: State) -> str:
        return codec.STATE.dump_json(state).decode()

    def state_from_json(self, text: str, options: RajasOptions | None = None) -> State:
        return codec.STATE.validate_json(text)

    def action_to_json(self, action: Action) -> str:
        return codec.ACTION.dump_json(action).decode()

    def action_from_json(self, text: str) -> Action:
        return codec.ACTION.validate_json(text)


GAME = Rajas()
