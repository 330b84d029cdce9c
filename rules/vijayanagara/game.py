"""Vijayanagara on the Game protocol (rules.game): a thin face over the rules package.

The game starts with no dealer in the state (`rules.new_game(None, options)`), so it stops at
every chance node (a card draw, a roll of dice) and `deal` draws the outcome from the caller's
dealer (`rules.sample` with a `Below`). A view is the state itself: Vijayanagara has no
hidden hands, and the one secret, the order of the deck and the dice to come, is held by the
dealer, never by such a state (its piles hold only what the players know, 2.1). A state made
with a seeded dealer (tests, benches) does hold it: its views drop the dealer, and `hidden`
names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import IllegalAction
from ..game import (
    Below,
    Game,
    GameInfo,
    Ranking,
    Seat,
)
from . import (
    Action,
    GameOptions,
    GameState,
    apply,
    chance,
    decider,
    legal_actions,
    new_game,
    sample,
    score,
)
from .actions import ACTION_ADAPTER, CHANCE_ACTIONS
from .model import FACTION_NAMES, PLAYERS
from .search import VijayanagaraSearch
from .table_setup import VijayanagaraFiles, VijayanagaraReference, VijayanagaraSeeding
from .table_steps import (
    VijayanagaraDeadlines,
    VijayanagaraMenus,
    VijayanagaraOrders,
    VijayanagaraTurns,
)
from .table_talk import VijayanagaraNarration, VijayanagaraNotation, VijayanagaraTalk
from .tiebreak import GOAT_TIGER_TIEBREAK
from .victory import places, result_text

INFO: GameInfo[GameOptions] = GameInfo(
    id="vijayanagara",
    title="Vijayanagara",
    seats=tuple(str(f) for f in PLAYERS),
    seat_titles={str(f): FACTION_NAMES[f] for f in PLAYERS},
    min_players=3,
    max_players=3,
    options=GameOptions,
    score_name="VP",
    lookup="event card",
    seat_word="faction",
)


class Vijayanagara(Game[GameState, Action, GameState, GameOptions]):
    """rules.game.Game for Vijayanagara."""

    info = INFO

    def __init__(self) -> None:
        self.notation = VijayanagaraNotation(self)
        self.narration = VijayanagaraNarration(self)
        self.talk = VijayanagaraTalk(self)
        self.menus = VijayanagaraMenus(self)
        self.orders = VijayanagaraOrders(self)
        self.turns = VijayanagaraTurns(self)
        self.deadlines = VijayanagaraDeadlines(self)
        self.reference = VijayanagaraReference(self)
        self.files = VijayanagaraFiles(self)
        self.seeding = VijayanagaraSeeding(self)
        self.search = VijayanagaraSearch(self)

    tiebreak = GOAT_TIGER_TIEBREAK  # 5.0: ties for first go to the Goat-Tiger game

    def new_game(self, options: GameOptions, seats: Sequence[Seat]) -> GameState:
        if tuple(seats) != INFO.seats:
            raise ValueError(f"Vijayanagara is played by all three seats: {', '.join(INFO.seats)}")
        return new_game(None, options)

    def to_move(self, state: GameState) -> Seat | None:
        f = decider(state)
        return None if f is None else str(f)

    def chance(self, state: GameState) -> str | None:
        node = chance(state)
        return None if node is None else node.text

    def deal(self, state: GameState, below: Below) -> Action:
        node = chance(state)
        if node is None:
            raise IllegalAction("no die roll or card draw is pending")
        return sample(state, node, below)

    def legal_actions(self, state: GameState) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> GameState:
        return apply(state, action)

    def result(self, state: GameState) -> Ranking | None:
        if not state.game_over:
            return None
        vp = score(state)
        text = result_text(state)
        return Ranking(places=places(state), scores={str(f): vp[f] for f in PLAYERS}, text=text)

    def undo_barrier(self, state: GameState, action: Action) -> bool:
        """A chance outcome, a trade, a hand-off to another faction or the end commits."""
        if isinstance(action, CHANCE_ACTIONS):
            return True
        return not apply(state, action).since_barrier

    def view(self, state: GameState, seat: Seat | None) -> GameState:
        if state.rng is None and not state.order:
            return state
        # a fork: it shares the board with `state`, each copying a part before changing it
        # (a caller that changes a view by hand clones it first, as for any state)
        st = state.fork()
        st.rng, st.order = None, []
        return st

    def hidden(self, state: GameState, seat: Seat | None) -> Mapping[str, object]:
        if state.rng is None and not state.order:
            return {}
        return {"/rng": state.rng, "/order": list(state.order)}

    def state_to_json(self, state: GameState) -> str:
        return state.model_dump_json()

    def state_from_json(self, text: str, options: GameOptions | None = None) -> GameState:
        """A stored state; `options` carries its deck file (the state names it by hash)."""
        state = GameState.model_validate_json(text)
        if options is not None:
            state.options = options
        return state

    def action_to_json(self, action: Action) -> str:
        return action.model_dump_json()

    def action_from_json(self, text: str) -> Action:
        return ACTION_ADAPTER.validate_json(text)


GAME = Vijayanagara()
