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
from functools import cache

from ..errors import IllegalAction, excerpt
from ..game import (
    Args,
    Below,
    Game,
    GameInfo,
    Ranking,
    Seat,
    Shortcut,
    ShortcutParam,
    Step,
)
from . import (
    Action,
    Choose,
    Done,
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
    seeded_dealer,
    table,
)
from . import reference as topics
from .actions import ACTION_ADAPTER, CHANCE_ACTIONS
from .cards import deck_for, with_deck
from .closing import closed_frames, done_credits, why_ended
from .menu import explained_entries
from .model import CAVALRY_TOKENS, FACTION_NAMES, MAX_RESOURCES, PLAYERS, Faction
from .notation import parse_steps, split_order
from .option_groups import KEY, grouped, needs_key
from .reading import fitted
from .recap import line_added, merged_lines
from .registry import BY_NAME, COMMAND_NAMES, DECREE_NAMES
from .said import said
from .tiebreak import GOAT_TIGER_TIEBREAK
from .victory import places
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
    score_name="VP",
    lookup="event card",
    seat_word="faction",
    passes_at_deadline=True,
)


_CARD_LINE = re.compile(r"^Card (\d+): ")
_REVEAL_LINE = re.compile(r"^Card \d+: .+ \(\d+ left in the deck\)\.$")
PASS = Choose(option="pass")


FACTION_PARAM = "D, B or V"
SHORTCUTS = (
    Shortcut("pass", "Pass (+3 Resources for Delhi, +1 others)"),
    Shortcut(
        "event",
        "Take the Event, or choose its side",
        (ShortcutParam("side", "unshaded or shaded", choices=("unshaded", "shaded")),),
        order_param="side",
    ),
    Shortcut(
        "command",
        "Choose a Command (or the Command option)",
        (ShortcutParam("name", ", ".join(COMMAND_NAMES), choices=tuple(COMMAND_NAMES)),),
        order_param="name",
    ),
    Shortcut(
        "decree",
        "Choose a Decree",
        (
            ShortcutParam(
                "name", ", ".join(DECREE_NAMES), required=True, choices=tuple(DECREE_NAMES)
            ),
        ),
        order_param="name",
    ),
    Shortcut("done", "Finish the current Command, Decree or step"),
    Shortcut(
        "give",
        "Give Resources and/or Cavalry (1.5.2)",
        (
            ShortcutParam("receiver", f"who receives: {FACTION_PARAM}", "seat", required=True),
            ShortcutParam("resources", "Resources to give", "number"),
            ShortcutParam("cavalry", "Cavalry tokens to give", "number"),
            ShortcutParam(
                "giver", f"who gives, if you hold several seats: {FACTION_PARAM}", "seat"
            ),
        ),
        seat_param="giver",
    ),
)


def _faction(text: str) -> Faction:
    t = text.strip().lower()
    for f in PLAYERS:
        name = FACTION_NAMES[f].lower()
        if t in (f.value.lower(), name) or (len(t) >= 3 and name.startswith(t)):
            return f
    for f in PLAYERS:
        if len(t) >= 2 and FACTION_NAMES[f].lower().split()[0].startswith(t):
            return f
    raise ValueError(
        f"{excerpt(text)} is not a faction: use D (Delhi Sultanate), B (Bahmani Kingdom) "
        "or V (Vijayanagara Empire)"
    )


def _count(what: str, value: str | int | None, high: int) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise ValueError(f"{what} must be a whole number from 0 to {high}, not {excerpt(value)}.")
    return value


class Vijayanagara(Game[GameState, Action, GameState, GameOptions]):
    """rules.game.Game for Vijayanagara."""

    info = INFO
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
        # a fork: it shares the board with `state`, each copying a part before changing it
        # (a caller that changes a view by hand clones it first, as for any state)
        st = state.fork()
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

    def state_from_json(self, text: str, options: GameOptions | None = None) -> GameState:
        """A stored state; `options` carries its deck file (the state names it by hash)."""
        state = GameState.model_validate_json(text)
        if options is not None:
            state.options = options
        return state

    def view_to_json(self, view: GameState) -> str:
        return view.model_dump_json()

    def action_to_json(self, action: Action) -> str:
        return action.model_dump_json()

    def action_from_json(self, text: str) -> Action:
        return ACTION_ADAPTER.validate_json(text)

    def action_schema(self) -> Mapping[str, object]:
        return action_schema()

    def rules_topics(self) -> Sequence[str]:
        return topics.topics()

    def rules_reference(self, topic: str) -> str:
        return topics.reference(topic)

    # --- at the table -------------------------------------------------------------------
    def headline(self, before: GameState, after: GameState, log: Sequence[str]) -> list[str]:
        """At a card reveal: a recap of each card that ended (from its log lines: the card
        in play before, and any revealed after it that did not stay), then the new card's
        header (2.3.1-2.3.2)."""
        if after.current_card == before.current_card:
            return []
        reveals = [
            (i, int(m.group(1))) for i, line in enumerate(log) if (m := _CARD_LINE.match(line))
        ]
        since = max((i for i, n in reveals if n == before.current_card), default=-1)
        ended = [before.current_card] if before.current_card is not None else []
        ended += [n for i, n in reveals if i > since and n != after.current_card]
        out = []
        for number in ended:
            recap = card_recap(card_lines(list(log), number))
            if recap:
                out.append(f"_{recap}_")
        header = card_header(after)
        return [*out, header] if header else out

    def read_order(self, view: GameState, text: str, seat: Seat) -> list[Step[Action]]:
        giver = Faction(seat) if seat in INFO.seats else None
        steps = fitted(view, parse_steps(split_order(text), giver=giver))
        return [Step(s.text, s.action) for s in steps]

    def lookup_names(self, options: GameOptions) -> Sequence[tuple[str, str]]:
        return table.card_names(options)

    def lookup(self, options: GameOptions, query: str) -> str:
        return table.card_text(options, query)

    def shortcut_choices(self, view: GameState, name: str) -> Sequence[str]:
        return table.shortcut_choices(view, name)

    def help_lines(self) -> list[str]:
        return table.help_lines()

    def options_text(self, options: GameOptions) -> str:
        text = " with Timur's Shadow" if options.timurs_shadow else ""
        return text + (" with your own deck file" if options.deck_hash else "")

    def shortcuts(self) -> Sequence[Shortcut]:
        return SHORTCUTS

    def read_shortcut(
        self,
        view: GameState,
        seat: Seat | None,
        name: str,
        args: Args,
        given: list[Step[Action]],
    ) -> list[Step[Action]]:
        """The steps fitted to the decision pending: `/vj event side:` adds `event` where the
        Event is still to be chosen, `/vj command name:` adds `command` where the Command
        option is (2.3.3); `/vj give` is one trade (1.5.2)."""
        if name == "give":
            resources = _count("Resources to give", args.get("resources"), MAX_RESOURCES)
            cavalry = _count("Cavalry to give", args.get("cavalry"), CAVALRY_TOKENS)
            giver = args.get("giver")
            if giver is not None:
                g = _faction(str(giver))
            elif seat is not None:
                g = Faction(seat)
            else:
                raise ValueError("say which faction gives (giver:)")
            receiver = _faction(str(args.get("receiver") or ""))
            gift = Give(giver=g, receiver=receiver, resources=resources, cavalry=cavalry)
            return [Step("give", gift)]
        legal = legal_actions(view)
        option: Action = Done() if name == "done" else Choose(option=name)
        steps: list[Step[Action]]
        if name == "event":
            steps = ([Step("event", option)] if option in legal else []) + given
        elif name == "command":
            lead = option in legal and not (given and given[0].action in legal)
            steps = ([Step("command", option)] if lead else []) + given
        elif name == "decree":
            steps = given
        elif name in ("pass", "done"):
            steps = [Step(name, option)]
        else:
            raise ValueError(f"Unknown shortcut {excerpt(name)}.")
        if not steps:
            raise ValueError("Say which one.")
        return steps

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

    def undo(self, state: GameState) -> tuple[Seat, Action] | None:
        f = can_undo(state)
        return None if f is None else (str(f), Undo())

    def note(self, view: GameState, action: Action) -> str | None:
        return idle_note(view, action)

    def settled(self, state: GameState) -> bool:
        return not state.since_barrier

    def undoes(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def revealed(self, before: GameState, after: GameState) -> bool:
        """Dice rolled or a card drawn, by the dealer outside the state or a seeded one in
        it (2.3.1, 3.2.4)."""
        return after.reveals != before.reveals or chance(after) is not None

    def narrate(
        self, before: GameState, action: Action, after: GameState, seat: Seat | None
    ) -> list[str]:
        """The step's log lines, or, where it wrote none, the step in words."""
        return list(after.log) or ([] if seat is None else [said(before, action)])

    def merge_lines(self, lines: list[str]) -> list[str]:
        return merged_lines(lines)

    def line_added(self, shown: str, merged: str) -> str | None:
        return line_added(shown, merged)

    def grouped_choices(
        self, view: GameState, actions: Sequence[Action]
    ) -> tuple[list[str], str | None]:
        entries = grouped(view, actions)
        return entries, (KEY if needs_key(entries) else None)

    def offers(self, view: GameState) -> list[str]:
        return table.effects_lines(view)

    def explained_choices(self, view: GameState) -> list[str]:
        return explained_entries(view)

    def played(self, state: GameState) -> int | None:
        return state.actions_taken  # undone steps are not counted

    def why_ended(self, before: GameState, after: GameState, action: Action) -> str | None:
        if decider(after) == decider(before) and not closed_frames(before, after):
            return None
        why = why_ended(before, action)
        return None if why is None else f"{why[0]}: {why[1]}"

    def finishing(self, action: Action) -> bool:
        return isinstance(action, Done)

    def finished_by(self, before: GameState, after: GameState, action: Action) -> int:
        return done_credits(before, after, action)

    def opens_stage(self, line: str) -> bool:
        """The log line of a card's reveal (2.3.1)."""
        return _REVEAL_LINE.match(line) is not None

    def log_tail(self, view: GameState) -> tuple[int, list[str]] | None:
        return view.log_at, list(view.log)

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
            f"{FACTION_NAMES[f]}: {count_of(view.resources[f], 'Resource')}, "
            f"{view.cavalry[f]} Cavalry, {vp[f]} VP"
            + (f", Influence {view.influence[f]}" if f in view.influence else "")
            for f in PLAYERS
        ]
        if view.current_card is not None:
            card = deck_for(view.options).cards.get(view.current_card)
            title = f": {card.title}" if card else ""
            lines.append(
                f"Card {view.current_card}{title}; {deck_facts(view)}; "
                f"the {view.dynasty.title()} Dynasty rules (2.7)."
            )
        return lines

    def file_names(self) -> Sequence[str]:
        return ("deck",)

    def with_files(self, options: GameOptions, files: Mapping[str, str]) -> GameOptions:
        unknown = sorted(set(files) - {"deck"})
        if unknown:
            raise ValueError(f"Vijayanagara takes a deck file only, not {', '.join(unknown)}")
        return with_deck(options, files["deck"]) if "deck" in files else options

    def file_keys(self, options: GameOptions) -> Mapping[str, str]:
        return {} if options.deck_hash is None else {"deck": options.deck_hash}

    def new_seeded(self, options: GameOptions, seats: Sequence[Seat], seed: int) -> GameState:
        return new_game(seed, options)

    def outcomes_written_out(
        self, seed: int, options: GameOptions, log: Sequence[Action]
    ) -> list[Action]:
        """A game stored before chance entries (its seed dealt inside the state) replayed
        with the seed's dealer, each outcome written in after the step that called for it
        (as an imported format-1 export is read)."""
        dealer = seeded_dealer(seed, options)
        state = new_game(None, options)
        out: list[Action] = []

        def deal() -> None:
            nonlocal state
            while (node := chance(state)) is not None:
                outcome = dealer.outcome(state, node)
                state = apply(state, outcome)
                out.append(outcome)

        deal()
        for action in log:
            state = apply(state, action)
            out.append(action)
            deal()
        return out

    def timeout_action(self, state: GameState) -> Action | None:
        """A seat out of time passes (2.3.3), where a pass is allowed."""
        return PASS if PASS in legal_actions(state) else None

    def effect_of(self, name: str) -> str | None:
        entry = BY_NAME.get(name)
        return None if entry is None else entry.effect

    def explain(self, view: GameState, action: Action) -> str | None:
        """A Command's or Decree's effect, with its rule section."""
        if not isinstance(action, Choose):
            return None
        entry = BY_NAME.get(action.option)
        return None if entry is None else f"{entry.effect} ({entry.section})"

    def note_cost(self, view: GameState, action: Action) -> str | None:
        if idle_note(view, action) is None:
            return None
        if isinstance(action, Choose) and action.option in DECREE_NAMES:
            return "be the one Decree of this Command & Decree (4.1)"
        return "use this option and make you Ineligible (2.3.3 allows zero spaces)"


GAME = Vijayanagara()


@cache
def action_schema() -> Mapping[str, object]:
    return ACTION_ADAPTER.json_schema()
