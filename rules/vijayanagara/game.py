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
from ..game import Below, GameInfo, Ranking, Seat, register
from . import (
    Action,
    GameOptions,
    GameState,
    apply,
    chance,
    decider,
    describe,
    legal_actions,
    new_game,
    parse,
    prompt,
    sample,
    score,
)
from .actions import ACTION_ADAPTER, CHANCE_ACTIONS
from .model import FACTION_NAMES, PLAYERS, Faction
from .registry import ENTRIES
from .words import count_of

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


def _topics() -> dict[str, str]:
    commands = "; ".join(
        f"{e.title} ({e.section}: {', '.join(str(f) for f in e.factions)})"
        for e in ENTRIES
        if e.kind == "command"
    )
    decrees = "; ".join(
        f"{e.title} ({e.section}: {', '.join(str(f) for f in e.factions)})"
        for e in ENTRIES
        if e.kind == "decree"
    )
    return {
        "overview": (
            "Three players: the Delhi Sultanate (D), the Bahmani Kingdom (B) and the "
            "Vijayanagara Empire (V), with the Mongol Invaders run by the game. A card is "
            "revealed each turn; the factions named on it act in order (2.0)."
        ),
        "sequence": (
            "The first eligible faction picks Command and Decree, Event, Command, Limited "
            "Command or Pass; the second picks from what the first left (2.3.3). Acting "
            "makes a faction ineligible for the next card (2.3.1)."
        ),
        "commands": f"Commands (3.0), by faction: {commands}.",
        "decrees": f"Decrees (4.0), by faction: {decrees}.",
        "victory": (
            "After Timur invades Delhi (2.6), most victory points wins; ties go to the most "
            "Resources (5.0). Delhi scores Tributary Prosperity and its end adjustment (5.1); "
            "Bahmani and Vijayanagara their Controlled Prosperity, Forts or Temples and "
            "Deccan Influence (5.2, 5.3)."
        ),
        "tiebreak": (
            "Factions still tied in victory points and Resources may play Aadu-Huli aata, "
            "the Goat-Tiger game; who plays the Goats is drawn at random (5.0, 5.5)."
        ),
        "notation": (
            "Orders are steps separated by `;`: e.g. `command+decree; march; move 2 troop "
            "from delhi to malwa; done; collect-tribute`. Spaces by id, name or a unique "
            "prefix; `pass`, `event; shaded`, `limited; conscript; ...`."
        ),
    }


class Vijayanagara:
    """rules.game.Game for Vijayanagara."""

    info = INFO

    def __init__(self) -> None:
        self._topics: dict[str, str] | None = None

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

    # The engine's own functions, not wrapped: they are the hot path (bench/engine.py).
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)

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
            f" and {count_of(state.resources[best], 'Resource')}"
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
        if self._topics is None:
            self._topics = _topics()
        return tuple(self._topics)

    def headline(self, before: object, after: object) -> str | None:
        return None  # no stage for the channel to open

    def board_moment(self, before: GameState, after: GameState) -> bool:
        """A new card, or the end (as the bot's own channel shows the board)."""
        return after.current_card != before.current_card or after.game_over

    def private_summary(self, view: GameState) -> str:
        return ""  # no hands: only the deck's future is hidden, from everybody

    def rules_reference(self, topic: str) -> str:
        if self._topics is None:
            self._topics = _topics()
        try:
            return self._topics[topic.strip().lower()]
        except KeyError:
            known = ", ".join(self._topics)
            raise ValueError(f"no topic {topic[:40]!r}; the topics are: {known}") from None


GAME = register(Vijayanagara())
