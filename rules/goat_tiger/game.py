"""The Goat-Tiger game on the Game protocol (rules.game), with its capabilities
(rules.capabilities)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..game import Below, Game, GameInfo, Ranking, Seat
from . import play
from .model import (
    ACTION,
    GOATS,
    SEATS,
    TIGERS,
    TITLES,
    Options,
    State,
    other,
)
from .play import GoatTigerAction
from .table_talk import (
    GoatTigerMenus,
    GoatTigerNarration,
    GoatTigerNotation,
    GoatTigerReference,
    GoatTigerTalk,
)

INFO: GameInfo[Options] = GameInfo(
    id="goat_tiger",
    title="Aadu-Huli aata (Goat-Tiger game)",
    seats=SEATS,
    seat_titles={s: TITLES[s] for s in SEATS},
    min_players=2,
    max_players=2,
    options=Options,
    seat_word="side",
    deals=False,  # perfect information, nothing dealt: no secret to commit to
)


class GoatTiger(Game[State, GoatTigerAction, State, Options]):
    """Perfect information, no chance: a view is the state itself, and every move hands the
    turn to the other side, so undo never takes one back."""

    info = INFO

    def __init__(self) -> None:
        self.notation = GoatTigerNotation(self)
        self.narration = GoatTigerNarration(self)
        self.talk = GoatTigerTalk(self)
        self.reference = GoatTigerReference(self)
        self.menus = GoatTigerMenus(self)

    def new_game(self, options: Options, seats: Sequence[Seat]) -> State:
        if tuple(seats) != SEATS:
            raise ValueError(f"the Goat-Tiger game is played by both seats: {', '.join(SEATS)}")
        return play.new_game(options)

    def to_move(self, state: State) -> Seat | None:
        return None if state.over else state.to_move

    def chance(self, state: State) -> str | None:
        return None

    def deal(self, state: State, below: Below) -> GoatTigerAction:
        raise ValueError("the Goat-Tiger game has no chance steps")

    def legal_actions(self, state: State) -> list[GoatTigerAction]:
        return play.legal_actions(state)

    def apply(self, state: State, action: GoatTigerAction) -> State:
        return play.apply(state, action)

    def result(self, state: State) -> Ranking | None:
        """The winner first; a draw (our addition to 5.5) puts both sides in first place."""
        if not state.over:
            return None
        places = (SEATS,) if state.winner is None else ((state.winner,), (other(state.winner),))
        return Ranking(
            places=places,
            scores={TIGERS: state.captured, GOATS: state.options.goats - state.captured},
            text=play.end_text(state),
        )

    def undo_barrier(self, state: State, action: GoatTigerAction) -> bool:
        return True  # every move hands the turn to the other side

    def view(self, state: State, seat: Seat | None) -> State:
        return state

    def hidden(self, state: State, seat: Seat | None) -> Mapping[str, object]:
        return {}

    def state_to_json(self, state: State) -> str:
        return state.model_dump_json()

    def state_from_json(self, text: str, options: Options | None = None) -> State:
        return State.model_validate_json(text)

    def action_to_json(self, action: GoatTigerAction) -> str:
        return action.model_dump_json()

    def action_from_json(self, text: str) -> GoatTigerAction:
        return ACTION.validate_json(text)
