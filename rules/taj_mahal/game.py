"""Taj Mahal on the Game protocol (rules.game)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import cache

from pydantic import ConfigDict, TypeAdapter

from ..game import Game, GameInfo, Ranking, Seat
from ..words import count_of
from . import engine, narration, notation, reference, state
from .components import COLOURS, SYMBOL_TITLES
from .field_types import restore_field_types
from .options import TajOptions
from .state import CROWN, DECIDING, Action, State, Undo, Withdraw
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
    command="tm",
    private=True,
    dealt=("card",),  # no dice: the deck's cards only
)

WITHDRAWING = ("place", "draw", "take")  # the steps of a withdrawal after the withdraw
restore_field_types(state)  # compiled (mypyc): pydantic reads the fields' written types
_STATE = TypeAdapter(State)
_VIEW = TypeAdapter(View)
_ACTION: TypeAdapter[Action] = TypeAdapter(Action, config=ConfigDict(extra="forbid"))


class TajMahal(Game[State, Action, View, TajOptions]):
    info = INFO

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

    def turn(self, state: State) -> tuple[Seat | None, Hashable]:
        """A seat's turn, in its visit: each visit is a stage, whose header opens it."""
        return engine.to_move(state), state.visit

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

    def undo(self, state: State) -> tuple[Seat, Action] | None:
        base = state.barrier
        if not state.since_barrier or base is None:
            return None
        seat = engine.to_move(base)
        return None if seat is None else (seat, Undo())

    def undoes(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def settled(self, state: State) -> bool:
        return not state.since_barrier

    def _undo(self, state: State) -> State:
        """The state before the seat's last step: the steps since the barrier but the last,
        played again from the state at the barrier."""
        if self.undo(state) is None or state.barrier is None:
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

    def players(self, state: State) -> tuple[Seat, ...]:
        return tuple(state.seats)

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

    def prompt(self, view: View, seat: Seat) -> str:
        return prompt(view, seat)

    def describe(self, view: View, action: Action) -> str:
        return notation.describe(view, action)

    def narrate(
        self, before: View, action: Action | None, after: View, seat: str | None
    ) -> list[str]:
        # None: the game's opening, told by its header (this module may be compiled, which
        # checks the types it is given)
        return [] if action is None else narration.narrate(before, action, after, seat)

    def told_to(self, view: View, action: Action) -> str | None:
        return narration.told_to(view, action)

    def opens_stage(self, line: str) -> bool:
        """The game's end opens the last message: the hands' points above the result."""
        return line.startswith(narration.GAME_END)

    def parse(self, view: View, text: str, seat: Seat) -> list[Action]:
        return notation.parse(view, text, seat)

    def state_to_json(self, state: State) -> str:
        return _STATE.dump_json(state).decode()

    def state_from_json(self, text: str, options: TajOptions | None = None) -> State:
        return _STATE.validate_json(text)

    def view_to_json(self, view: View) -> str:
        return _VIEW.dump_json(view).decode()

    def action_to_json(self, action: Action) -> str:
        return _ACTION.dump_json(action).decode()

    def action_from_json(self, text: str) -> Action:
        return _ACTION.validate_json(text)

    def action_schema(self) -> Mapping[str, object]:
        return _action_schema()

    def rules_topics(self) -> Sequence[str]:
        return reference.TOPICS

    def help_lines(self) -> list[str]:
        return [
            "Orders (Playing the game): `play red vizier` plays a coloured card, `play green "
            "general+monk with white elephant` adds a white or a special card; `withdraw` "
            "leaves the visit with what you lead. After a withdrawal: `palace CITY` (`crown "
            "CITY` for the crown's palace) and `take CARD, CARD` from the supply.",
            "`/tm hand` shows your hand to you alone; `/tm options` every step allowed now; "
            "`/tm rules` the rules at the table, a topic at a time.",
        ]

    def headline(self, before: View, after: View, log: Sequence[str]) -> list[str]:
        """The header of a visit as it begins: the province, the court and the supply."""
        a, b = after.state, before.state
        if a.phase == "over" or not a.province_order:
            return []
        if b.province_order and (a.visit, a.province) == (b.visit, b.province):
            return []
        title, _, rest = notation.visit_header(after).partition(". ")
        return [f"**{title}.** {rest}"]  # a heading, as a new stage opens in the channel

    def board_moment(self, before: View, after: View) -> bool:
        """A withdrawal finished (its palaces placed and its cards taken), a visit ended, or
        the game."""
        a, b = after.state, before.state
        if a.phase == "over" or a.visit != b.visit:
            return True
        withdrew = b.phase in WITHDRAWING or sum(a.active) < sum(b.active)
        return withdrew and a.phase not in WITHDRAWING

    def private_summary(self, view: View) -> str:
        return notation.hand_text(view)

    def status(self, view: View) -> list[str]:
        return notation.status_lines(view)

    def rules_reference(self, topic: str) -> str:
        return reference.reference(topic)


def ranking(s: State) -> Ranking:
    """Game end: the highest total wins; equal totals share a place (the text names no
    tie-break)."""
    scores = dict(zip(s.seats, s.scores, strict=True))
    levels = sorted(set(s.scores), reverse=True)
    places = tuple(tuple(seat for seat in s.seats if scores[seat] == v) for v in levels)
    best = places[0]
    who = " and ".join(b.capitalize() for b in best)
    text = (
        f"{who} {'wins' if len(best) == 1 else 'share the win'} with {count_of(levels[0], 'point')}"
    )
    return Ranking(places=places, scores=scores, text=text)


def prompt(v: View, seat: Seat) -> str:
    s = v.state
    if s.phase == "over":
        return ranking(s).text
    if not s.province_order:
        return "the game is being set up"
    board = s.board
    here = f"visit {s.visit + 1}, {board.province_titles[s.province]}"
    mover = engine.to_move(s)
    if mover != seat:
        waiting = mover.capitalize() if mover else "the deal"
        return f"{here}: waiting for {waiting}"
    i = s.seats.index(seat)
    if s.phase == "turn":
        colour = s.colour[i]
        need = "a coloured card" if colour < 0 else f"a {COLOURS[colour]} card"
        # only the seat's own view holds its hand: another view (the public's) cannot tell
        if v.seat == seat and engine.legal(s) == [Withdraw()]:
            return f"{here}: you have no card you may play: withdraw"
        return f"{here}: play {need} (with a white or special card, or alone) or withdraw"
    if s.phase == "place":
        kind = s.pending[0]
        what = "the crown palace" if kind == CROWN else f"a palace for the {SYMBOL_TITLES[kind]}"
        return f"{here}: place {what} on a city of {board.province_titles[s.province]}"
    n = min(2, len(s.supply))
    return f"{here}: take {n} card{'s' if n > 1 else ''} from the supply"


GAME = TajMahal()


@cache
def _action_schema() -> Mapping[str, object]:
    return _ACTION.json_schema()
