"""Vijayanagara's steps at the table: its menus of Commands and Decrees, its orders and where
they end, its turns and undo, and what a faction out of time plays."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..capabilities import (
    Deadlines,
    Menus,
    Orders,
    Turns,
)
from ..game import (
    Seat,
    Step,
    Unread,
)
from . import (
    Action,
    Choose,
    Done,
    GameState,
    Give,
    Undo,
    can_undo,
    chance,
    decider,
    idle_note,
    legal_actions,
    table,
)
from .attack import futile_cavalry
from .closing import closed_frames, done_credits, why_ended
from .command_base import idle_note as idle_choice
from .menu import explained_entries
from .model import Faction
from .notation import parse_steps, split_order
from .option_groups import grouped, key_for
from .reading import fitted
from .registry import BY_NAME, DECREE_NAMES

PASS = Choose(option="pass")


class VijayanagaraMenus(Menus[Action, GameState]):
    def grouped_choices(
        self, view: GameState, actions: Sequence[Action]
    ) -> tuple[list[str], str | None]:
        entries = grouped(view, actions)
        return entries, self.key(entries)

    def key(self, entries: Sequence[str]) -> str | None:
        return key_for(entries)

    def note(self, view: GameState, action: Action) -> str | None:
        return idle_note(view, action)

    def note_cost(self, view: GameState, action: Action) -> str | None:
        if futile_cavalry(view, action) is not None:
            return "spend a Cavalry token (1.10)"
        if idle_choice(view, action) is None:  # (the rest of `idle_note`)
            return None
        if isinstance(action, Choose) and action.option in DECREE_NAMES:
            return "be the one Decree of this Command & Decree (4.1)"
        return "use this option and make you Ineligible (2.3.3 allows zero spaces)"

    def explain(self, view: GameState, action: Action) -> str | None:
        """A Command's or Decree's effect, with its rule section."""
        if not isinstance(action, Choose):
            return None
        entry = BY_NAME.get(action.option)
        return None if entry is None else f"{entry.effect} ({entry.section})"

    def effect_of(self, name: str) -> str | None:
        entry = BY_NAME.get(name)
        return None if entry is None else entry.effect

    def offers(self, view: GameState) -> list[str]:
        return table.effects_lines(view)

    def explained_choices(self, view: GameState) -> list[str]:
        return explained_entries(view)


class VijayanagaraOrders(Orders[GameState, Action, GameState]):
    def read_order(self, view: GameState, text: str, seat: Seat) -> list[Step[Action | Unread]]:
        giver = Faction(seat) if seat in self.game.info.seats else None
        steps = fitted(view, parse_steps(split_order(text), giver=giver))
        # (a count read as several steps of one: each told as its own, typed as one)
        return [Step(s.text, s.action, s.number, s.span.text if s.said else "") for s in steps]

    def revealed(self, before: GameState, after: GameState) -> bool:
        """Dice rolled or a card drawn, by the dealer outside the state or a seeded one in
        it (2.3.1, 3.2.4)."""
        return after.reveals != before.reveals or chance(after) is not None

    def why_ended(self, before: GameState, after: GameState, action: Action) -> str | None:
        if decider(after) == decider(before) and not closed_frames(before, after):
            return None
        why = why_ended(before, action)
        return None if why is None else f"{why[0]}: {why[1]}"

    def finishing(self, action: Action) -> bool:
        return isinstance(action, Done)

    def finished_by(self, before: GameState, after: GameState, action: Action) -> tuple[str, ...]:
        return ("done",) * done_credits(before, after, action)

    def taken_unasked(self, after: GameState) -> tuple[tuple[Action, str], ...]:
        """A decision the rules force (its one legal step) is taken unasked, with its log
        line (a lone Mongol Command, a Limited Command's only Province: `forced_why`); kept
        in memory with the position (a position read back from its JSON holds none)."""
        return after.unasked


class VijayanagaraTurns(Turns[GameState, Action]):
    def turn(self, state: GameState) -> tuple[Seat | None, Hashable]:
        """A turn is the faction's whose frame sits lowest on the stack, on its card: a
        decision another faction takes inside it (Cavalry, casualties) does not end it."""
        if state.game_over:
            return None, state.current_card
        owner = next((fr.faction for fr in state.frames if fr.faction is not None), None)
        return (None if owner is None else str(owner)), state.current_card

    def actor(self, state: GameState, action: Action) -> Seat | None:
        """A trade is its giver's at any time (1.5.2); undo is the seat's that may take back
        its step; every other step is the deciding faction's."""
        if isinstance(action, Give):
            return str(action.giver)
        if isinstance(action, Undo):
            f = can_undo(state)
            return None if f is None else str(f)
        f = decider(state)
        return None if f is None else str(f)

    def out_of_turn(self, action: Action) -> bool:
        return isinstance(action, Give)  # a trade, at any time (1.5.2)

    def acts_any_time(self, state: GameState, seat: Seat | None) -> bool:
        return not state.game_over  # a faction trades at any time (1.5.2)

    def undo(self, state: GameState) -> tuple[Seat, Action] | None:
        f = can_undo(state)
        return None if f is None else (str(f), Undo())

    def undoes(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def settled(self, state: GameState) -> bool:
        return not state.since_barrier

    def played(self, state: GameState) -> int | None:
        return state.actions_taken  # undone steps are not counted


class VijayanagaraDeadlines(Deadlines[GameState, Action]):
    passes_at_deadline = True  # a seat out of time may be made to pass (2.3.3)

    def timeout_action(self, state: GameState) -> Action | None:
        """A seat out of time passes (2.3.3), where a pass is allowed."""
        return PASS if PASS in legal_actions(state) else None
