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

import re
from collections.abc import Hashable, Mapping, Sequence

from ..errors import IllegalAction
from ..game import Below, Game, GameInfo, Ranking, Seat, Step, register
from . import (
    Action,
    Choose,
    GameOptions,
    GameState,
    Give,
    Undo,
    apply,
    can_undo,
    card_header,
    card_lines,
    card_recap,
    chance,
    decider,
    deck_facts,
    describe,
    idle_note,
    legal_actions,
    new_game,
    parse,
    prompt,
    sample,
    score,
)
from . import reference as topics
from .actions import ACTION_ADAPTER, CHANCE_ACTIONS
from .cards import deck_for
from .model import FACTION_NAMES, PLAYERS, Faction
from .notation import parse_steps, split_order
from .registry import DECREE_NAMES

INFO: GameInfo[GameOptions] = GameInfo(
    id="vijayanagara",
    title="Vijayanagara",
    seats=tuple(str(f) for f in PLAYERS),
    seat_titles={str(f): FACTION_NAMES[f] for f in PLAYERS},
    min_players=3,
    max_players=3,
    options=GameOptions,
    command="vj",
)


def places(state: GameState) -> tuple[tuple[Seat, ...], ...]:
    """The factions best first (5.0): most victory points, then most Resources; factions
    equal in both share a place (the optional Goat-Tiger game may break it: rules.vijayanagara.tiebreak)."""
    vp = score(state)

    def key(f: Faction) -> tuple[int, int]:
        return (-vp[f], -state.resources[f])

    out: list[tuple[Seat, ...]] = []
    for k in sorted({key(f) for f in PLAYERS}):
        out.append(tuple(str(f) for f in PLAYERS if key(f) == k))
    return tuple(out)


_CARD_LINE = re.compile(r"^Card (\d+): ")
PASS = Choose(option="pass")


class Vijayanagara(Game[GameState, Action, GameState, GameOptions]):
    """rules.game.Game for Vijayanagara."""

    info = INFO

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
        ranked = places(state)
        first = ranked[0]
        names = " and ".join(FACTION_NAMES[Faction(s)] for s in first)
        best = Faction(first[0])
        text = (
            f"{names} {'wins' if len(first) == 1 else 'tie'} with {vp[best]} VP"
            f" and {state.resources[best]} Resources"
        )
        return Ranking(places=ranked, scores={str(f): vp[f] for f in PLAYERS}, text=text)

    def undo_barrier(self, state: GameState, action: Action) -> bool:
        """A chance outcome, a trade, a hand-off to another faction or the end commits."""
        if isinstance(action, CHANCE_ACTIONS):
            return True
        return not apply(state, action).since_barrier

    def view(self, state: GameState, seat: Seat | None) -> GameState:
        if state.rng is None and not state.order:
            return state
        st = state.clone()
        st.rng, st.order = None, []
        return st

    def hidden(self, state: GameState, seat: Seat | None) -> Mapping[str, object]:
        if state.rng is None and not state.order:
            return {}
        return {"/rng": state.rng, "/order": list(state.order)}

    def prompt(self, view: GameState, seat: Seat) -> str:
        return prompt(view).text

    def describe(self, view: GameState, action: Action) -> str:
        return describe(view, action)

    def parse(self, view: GameState, text: str, seat: Seat) -> list[Action]:
        giver = Faction(seat) if seat in INFO.seats else None
        return parse(view, text, giver=giver)

    def state_to_json(self, state: GameState) -> str:
        return state.model_dump_json()

    def state_from_json(self, text: str) -> GameState:
        return GameState.model_validate_json(text)

    def view_to_json(self, view: GameState) -> str:
        return view.model_dump_json()

    def action_to_json(self, action: Action) -> str:
        return action.model_dump_json()

    def action_from_json(self, text: str) -> Action:
        return ACTION_ADAPTER.validate_json(text)

    def rules_topics(self) -> Sequence[str]:
        return topics.topics()

    def rules_reference(self, topic: str) -> str:
        return topics.reference(topic)

    # --- at the table -------------------------------------------------------------------
    def headline(self, before: GameState, after: GameState, log: Sequence[str]) -> list[str]:
        """At a card reveal: a recap of each card that ended (from its log lines), then the
        new card's header (2.3.1-2.3.2)."""
        if after.current_card == before.current_card:
            return []
        ended = [before.current_card] if before.current_card is not None else []
        for line in after.log:
            m = _CARD_LINE.match(line)
            if m is not None and int(m.group(1)) != after.current_card:
                ended.append(int(m.group(1)))
        out = []
        for number in ended:
            recap = card_recap(card_lines(list(log), number))
            if recap:
                out.append(f"_{recap}_")
        header = card_header(after)
        return [*out, header] if header else out

    def read_order(self, view: GameState, text: str, seat: Seat) -> list[Step[Action]]:
        giver = Faction(seat) if seat in INFO.seats else None
        return [Step(s.text, s.action) for s in parse_steps(split_order(text), giver=giver)]

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

    def undo(self, state: GameState) -> tuple[Seat, Action] | None:
        f = can_undo(state)
        return None if f is None else (str(f), Undo())

    def note(self, view: GameState, action: Action) -> str | None:
        return idle_note(view, action)

    def narrate(
        self, before: GameState, action: Action, after: GameState, seat: Seat | None
    ) -> list[str]:
        return list(after.log)

    def log_position(self, after: GameState) -> int | None:
        return after.log_at

    def turn(self, state: GameState) -> tuple[Seat | None, Hashable]:
        """A turn is the faction's whose frame sits lowest on the stack, on its card: a
        decision another faction takes inside it (Cavalry, casualties) does not end it."""
        if state.game_over:
            return None, state.current_card
        owner = next((fr.faction for fr in state.frames if fr.faction is not None), None)
        return (None if owner is None else str(owner)), state.current_card

    def acting_as(self, view: GameState) -> str | None:
        return "Mongols" if not view.game_over and prompt(view).for_mongols else None

    def status(self, view: GameState) -> list[str]:
        vp = score(view)
        lines = [
            f"{FACTION_NAMES[f]}: {view.resources[f]} Resources, {view.cavalry[f]} Cavalry, "
            f"{vp[f]} VP" + (f", Influence {view.influence[f]}" if f in view.influence else "")
            for f in PLAYERS
        ]
        if view.current_card is not None:
            card = deck_for(view.options).cards.get(view.current_card)
            title = f": {card.title}" if card else ""
            lines.append(
                f"Card {view.current_card}{title}; {deck_facts(view)}; dynasty {view.dynasty}."
            )
        return lines

    def timeout_action(self, state: GameState) -> Action | None:
        """A seat out of time passes (2.3.3), where a pass is allowed."""
        return PASS if PASS in legal_actions(state) else None

    def note_cost(self, view: GameState, action: Action) -> str | None:
        if idle_note(view, action) is None:
            return None
        if isinstance(action, Choose) and action.option in DECREE_NAMES:
            return "be the one Decree of this Command & Decree (4.1)"
        return "use this option and make you Ineligible (2.3.3 allows zero spaces)"


GAME = register(Vijayanagara())
