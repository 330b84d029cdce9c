"""The Game protocol: what every layer (bot, storage, render, AI, tests) needs of one game.

One `Game` object per game (the bot's registry, `bot.table.registry`, finds it by its id).
Everything it does is pure: no I/O, no clock, no global random. Randomness enters only as
chance entries: the game stops at a chance step (`chance`), and `deal` turns uniform integers
from a dealer (`Below`: the bot's secret-keyed stream, or a seeded one in tests) into the
outcome action, which the log records like any other step. So the same actions always give
the same game, and a game's whole future is held by the secret, never by the state.

Hidden information has one gate: `view(state, seat)`. The public view (`seat=None`) hides
every hand; a seat's view adds what that seat alone may see. Every message, log line, picture,
export of a running game, hint and AI input is made from a view, never from the state.

The board picture and the AI players are not here (rules/ draws nothing and imports no other
package of ours): each game's registration in `bot.table.games` ties its rules to its pictures
(`render.pictures.Pictures`) and its players (`ai.players.Player`), typed by its view.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

Seat = str
Below = Callable[[int], int]  # a uniform integer in [0, n), from the game's dealer

S = TypeVar("S")  # the full state (held by the server only)
A = TypeVar("A")  # an action: one step of a decision, or a chance outcome
V = TypeVar("V")  # what one seat, or the public, may see of a state
Opt = TypeVar("Opt", bound=BaseModel)  # the game's options


@dataclass(frozen=True, slots=True)
class GameInfo(Generic[Opt]):
    """What a lobby needs before any state exists."""

    id: str  # lower-case, a Python identifier: "vijayanagara", "goat_tiger", "taj_mahal"
    title: str  # as the box says
    seats: tuple[Seat, ...]  # every seat a game can have, in turn order
    seat_titles: Mapping[Seat, str]  # seat -> how players read it ("Delhi Sultanate")
    min_players: int
    max_players: int
    options: type[Opt]  # the options model; `options()` is the standard game
    command: str  # the slash group on Discord ("vj")
    score_name: str = "points"  # what a result's scores count ("VP")
    private: bool = False  # a seat sees what the public does not (a hand)
    seat_word: str = "seat"  # what the game calls a seat ("faction")
    lookup: str = ""  # what `lookup` finds ("event card"): "" for a game with none
    deals: bool = True  # dice or cards are dealt (chance steps), from the game's secret
    dealt: tuple[str, ...] = ("die", "card")  # what its chance steps deal, by noun
    # a seat out of time may be made to pass (`timeout_action`); else every decision is the
    # player's own, and the game's deadlines only remind
    passes_at_deadline: bool = False

    def seats_for(self, players: int) -> tuple[Seat, ...]:
        """The seats of a game of `players` players (the first ones, unless a game says)."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        return self.seats[:players]


@dataclass(frozen=True, slots=True)
class ComponentFile:
    """Marks an option as a component file a player may give as a file instead of the
    game's own (an owner's cards or board): the option is the file's text, None for the
    standard one. Written `Annotated[str | None, ComponentFile(...)] = None` in the options
    model; the lobby offers each as an upload named `name`, refuses one longer than
    `max_chars`, and checks it with `load` (a ValueError naming the bad field) before the
    game is created."""

    name: str  # the upload's name in commands: "cards"
    description: str  # one line for the command's help
    max_chars: int
    load: Callable[[str], object] = field(repr=False)


@dataclass(frozen=True, slots=True)
class SetByGame:
    """Marks an option the game sets itself (a component file's hash), which no player
    gives: written `Annotated[str | None, SetByGame()] = None` in the options model."""


def player_options(options: type[BaseModel]) -> list[str]:
    """The options a player chooses by name and value: every option but the component
    files (given as files) and those the game sets itself."""
    return [
        name
        for name, f in options.model_fields.items()
        if not any(isinstance(m, (ComponentFile, SetByGame)) for m in f.metadata)
    ]


def component_files(options: type[BaseModel]) -> dict[str, ComponentFile]:
    """The options of `options` that are component files, by option name."""
    return {
        name: mark
        for name, f in options.model_fields.items()
        for mark in f.metadata
        if isinstance(mark, ComponentFile)
    }


@dataclass(frozen=True, slots=True)
class Ranking:
    """A finished game's result: places from first to last, tied seats sharing a place."""

    places: tuple[tuple[Seat, ...], ...]
    scores: Mapping[Seat, int] = field(default_factory=dict)
    text: str = ""  # one line for the channel: "Delhi wins with 31 VP"

    @property
    def winners(self) -> tuple[Seat, ...]:
        return self.places[0] if self.places else ()


@dataclass(frozen=True, slots=True)
class Step(Generic[A]):
    """One step of an order: the text it was written as (for what the channel is told) and
    the action it reads as."""

    text: str
    action: A


@dataclass(frozen=True, slots=True)
class ShortcutParam:
    """A parameter of a game's shortcut command."""

    name: str
    description: str
    kind: Literal["text", "number", "seat"] = "text"
    required: bool = False
    choices: tuple[str, ...] = ()  # what autocomplete offers (a text parameter)


@dataclass(frozen=True, slots=True)
class Shortcut:
    """A command of a game's own that stands for steps of an order (`/vj pass`), fitted to
    the decision now pending by `Game.read_shortcut`."""

    name: str
    description: str
    params: tuple[ShortcutParam, ...] = ()
    order_param: str | None = None  # its text is read as further steps of an order
    seat_param: str | None = None  # it names the seat the steps are played as


Args = Mapping[str, str | int | None]


class Game(Protocol[S, A, V, Opt]):
    """One game's rules, as every layer calls them. Errors are ValueErrors with a message a
    player can act on (what was wrong, what is allowed); a refused action changes nothing.

    The methods under "at the table" have bodies: the plain behaviour of a game of single
    steps, which a game whose class names `Game` as its base takes as it is or overrides."""

    info: GameInfo[Opt]

    # --- a game's life ------------------------------------------------------------------
    def new_game(self, options: Opt, seats: Sequence[Seat]) -> S:
        """Setup, with no randomness: the first shuffle or deal is a chance step."""
        ...

    def to_move(self, state: S) -> Seat | None:
        """The seat that decides now; None while a chance step is pending or once over."""
        ...

    def chance(self, state: S) -> str | None:
        """What must be dealt now (a text: "the roll of 3 dice"), or None."""
        ...

    def deal(self, state: S, below: Below) -> A:
        """The pending chance step's outcome, drawn from `below`."""
        ...

    def legal_actions(self, state: S) -> list[A]:
        """Every legal next step of the seat to move, complete and finite (empty while a
        chance step is pending or once over)."""
        ...

    def apply(self, state: S, action: A) -> S:
        """A new state; `state` is untouched. Raises ValueError on anything not legal."""
        ...

    def result(self, state: S) -> Ranking | None:
        """The ranking once the game is over, else None."""
        ...

    def undo_barrier(self, state: S, action: A) -> bool:
        """Whether undo may not take back `action` applied to `state` (a chance outcome, a
        reveal, or a hand-off to another seat)."""
        ...

    # --- what a seat sees ---------------------------------------------------------------
    def view(self, state: S, seat: Seat | None) -> V:
        """What `seat` may see (None: the public: every hand hidden)."""
        ...

    def hidden(self, state: S, seat: Seat | None) -> Mapping[str, object]:
        """What `view(state, seat)` must not show: JSON pointers (RFC 6901) into
        `state_to_json(state)`, each with the value it has there (another seat's hand: its
        cards). Empty when the seat may see the whole state. The conformance suite checks
        that each pointer has that value in the state and not in the view."""
        ...

    def prompt(self, view: V, seat: Seat) -> str:
        """One line for `seat`: what it must decide now, or that it waits."""
        ...

    def headline(self, before: V, after: V, log: Sequence[str]) -> list[str]:
        """The lines that open a new stage of the game in the channel (a new visit, round or
        card), read from two public views: a recap of what ended (from `log`, the public log
        lines up to `after`, the latest last), then the new stage's header; [] while the stage
        goes on."""
        ...

    def board_moment(self, before: V, after: V) -> bool:
        """Whether the channel's message for the steps that led from `before` to `after`
        (public views) carries the board picture: a moment the board changed in a way worth
        seeing (a withdrawal, a visit's or round's end, the game's end); here, every
        message that hands the decision on."""
        return True

    def private_summary(self, view: V) -> str:
        """What `view`'s seat alone may see, written out for that seat: its hand card by
        card and any other fact only it knows. Read from the seat's own view, so it holds
        nothing of another seat's; "" for the public view and for a game that hides
        nothing from anybody."""
        return ""

    def describe(self, view: V, action: A) -> str:
        """The action in the game's notation, so that parse(view, describe(view, a)) == [a]."""
        ...

    def parse(self, view: V, text: str, seat: Seat) -> list[A]:
        """A player's text read against what `seat` may do now (bounded in length; raises
        ValueError naming what was expected)."""
        ...

    # --- storage ------------------------------------------------------------------------
    def state_to_json(self, state: S) -> str: ...

    def state_from_json(self, text: str, options: Opt | None = None) -> S:
        """A state from its JSON; `options` carries what the JSON names but does not hold
        (a component file loaded apart)."""
        ...

    def view_to_json(self, view: V) -> str: ...

    def action_to_json(self, action: A) -> str: ...

    def action_from_json(self, text: str) -> A: ...

    def action_schema(self) -> Mapping[str, object]:
        """The JSON schema of an action (`action_from_json` reads what it describes), from
        which a refused import says what each field allows; {} when the game gives none."""
        return {}

    # --- teaching -----------------------------------------------------------------------
    def rules_topics(self) -> Sequence[str]:
        """The topics of the short rules reference, in reading order."""
        ...

    def rules_reference(self, topic: str) -> str:
        """A few lines in our own words on one topic, citing the rule section."""
        ...

    # --- at the table -------------------------------------------------------------------
    def read_order(self, view: V, text: str, seat: Seat) -> list[Step[A]]:
        """An order: one step or more, read against what `seat` may do now (`parse`), each
        with the text it was written as."""
        return [Step(self.describe(view, a), a) for a in self.parse(view, text, seat)]

    def lookup_names(self, options: Opt) -> Sequence[tuple[str, str]]:
        """The game's own components a player may look up (its event cards), as (label,
        key) pairs; () when it has none."""
        return ()

    def lookup(self, options: Opt, query: str) -> str:
        """One component looked up by key or name; a ValueError says what there is."""
        raise ValueError(f"{self.info.title} has nothing to look up")

    def shortcut_choices(self, view: V, name: str) -> Sequence[str]:
        """What autocomplete offers for shortcut `name`'s parameter now."""
        spec = next((s for s in self.shortcuts() if s.name == name), None)
        return spec.params[0].choices if spec is not None and spec.params else ()

    def help_lines(self) -> list[str]:
        """A few lines of the game's own for the table's help (its notation, its shortcuts)."""
        return []

    def players(self, state: S) -> tuple[Seat, ...]:
        """The seats playing this game (a game of fewer players leaves some seats out)."""
        return self.info.seats

    def options_text(self, options: Opt) -> str:
        """How a game's options differ from the standard game, for its announcement
        (" with Timur's Shadow", " with the owner's cards file"); "" for the standard game."""
        files = component_files(type(options))
        changed = [
            name.replace("_", " ")
            for name, f in type(options).model_fields.items()
            if name not in files and getattr(options, name) != f.default
        ]
        own = [mark.name for name, mark in files.items() if getattr(options, name) is not None]
        said = "".join(f" with {c}" for c in changed)
        if own:
            said += f" with the owner's {' and '.join(own)} file" + ("s" if len(own) > 1 else "")
        return said

    def shortcuts(self) -> Sequence[Shortcut]:
        """The game's own commands that stand for steps (`pass`), beside the table's."""
        return ()

    def read_shortcut(
        self, view: V, seat: Seat | None, name: str, args: Args, given: list[Step[A]]
    ) -> list[Step[A]]:
        """The steps shortcut `name` stands for now, for `seat` (None: the user's seat is not
        known yet), with `args` and the steps `given` in its order parameter; a ValueError
        says what is missing or wrong."""
        raise ValueError(f"{self.info.title} has no shortcut {name[:20]!r}")

    def actor(self, state: S, action: A) -> Seat | None:
        """The seat that plays `action` now: the seat to move, unless the game lets a seat act
        out of turn (a trade)."""
        return self.to_move(state)

    def out_of_turn(self, action: A) -> bool:
        """Whether `action` is a step its own seat may take at any time, whoever decides now
        (a trade): `actor` names that seat."""
        return False

    def undo(self, state: S) -> tuple[Seat, A] | None:
        """The seat that may take back its last step now, with the action that does it; None
        when nothing may be taken back (never past a chance step or a hand-off)."""
        return None

    def score_text(self, seat: Seat, place: int, score: int) -> str | None:
        """A seat's score in a result, in the game's words, where its plain count
        (`score score_name`) would not say what decided the game; None for the plain count."""
        return None

    def note(self, view: V, action: A) -> str | None:
        """Why a legal step would do nothing ("no province qualifies"), for the bot to ask
        before playing it; None when it does something."""
        return None

    def effect_of(self, name: str) -> str | None:
        """What a choice offered by name does (a Command's effect), for menus."""
        return None

    def explain(self, view: V, action: A) -> str | None:
        """What choosing `action` does, in a few words, where a menu offers it beside its
        name (a Command's effect); None for a step that says it itself."""
        return None

    def note_cost(self, view: V, action: A) -> str | None:
        """What a step `note` says would do nothing still costs ("use this option"), for
        the question the bot asks; None when it costs nothing."""
        return None

    def narrate(self, before: V, action: A, after: V, seat: Seat | None) -> list[str]:
        """What the channel is told of a step (`seat` None: a chance step), from the public
        views before and after it: its log lines, or the step in words."""
        if seat is None:
            return []
        title = self.info.seat_titles.get(seat, seat)
        return [f"{title}: {self.describe(before, action)}"]

    def told_to(self, view: V, action: A) -> str | None:
        """What a chance step showed `view`'s seat alone (the face of a card it drew), for
        that seat's eyes only, read from its own view; None when it showed nothing the
        public does not see."""
        return None

    def settled(self, state: S) -> bool:
        """Whether no step since the last undo barrier could still be taken back: a state
        stored then loads whole (what undo needs is not in it otherwise)."""
        return self.undo(state) is None

    def undoes(self, action: A) -> bool:
        """Whether `action` is the game's step that takes back a seat's last step (typed
        where nothing may be taken back, it is refused with the reason)."""
        return False

    def revealed(self, before: S, after: S) -> bool:
        """Whether the step from `before` to `after` revealed dice or a card (a reveal
        commits: an order ends there): here, whether a chance step is now pending."""
        return self.chance(after) is not None

    def merge_lines(self, lines: list[str]) -> list[str]:
        """A message's lines with repeats told once ("D loses 2 Troops in Malwa." for the
        same loss twice); here, as they are."""
        return lines

    def grouped_choices(self, view: V, actions: Sequence[A]) -> tuple[list[str], str | None]:
        """The legal steps as a player reads them, each in backticks (a step that would do
        nothing marked), steps that differ only in a count or a place told as one entry; and
        the line that says how such an entry reads, when one is there."""
        out = []
        for a in actions:
            note = self.note(view, a)
            said = f"`{self.describe(view, a)}`"
            out.append(f"{said} ({note})" if note else said)
        return out, None

    def offers(self, view: V) -> list[str]:
        """Lines for a prompt whose choices are explained: each offered choice with what it
        does, in a line or a few."""
        return []

    def explained_choices(self, view: V) -> list[str]:
        """The whole list of allowed steps as a menu, a line each: every entry once, with what
        it does and its rule; empty where the game lists its entries alone."""
        return []

    def played(self, state: S) -> int | None:
        """How many steps of the players stand in the game (taken back ones not counted);
        None when the game does not count them."""
        return None

    def why_ended(self, before: S, after: S, action: A) -> str | None:
        """What the step from `before` to `after` ended by itself, and the rule that ended
        it ("Delhi Sultanate's Limited Conscript: a Limited Command acts in one space
        (2.3.5)"): a later step of the same order that is refused is told so; None when it
        ended nothing, or the game cannot say."""
        return None

    def finishing(self, action: A) -> bool:
        """Whether `action` is the step that finishes what a seat is doing ("done"), which
        an order may always end with."""
        return False

    def finished_by(self, before: S, after: S, action: A) -> int:
        """How many things that a finishing step closes `action` ended by itself (a Command
        that ran out of pieces): as many finishing steps later in the same order are taken
        as read, not refused."""
        return 0

    def opens_stage(self, line: str) -> bool:
        """Whether a log line is the one that opens a new stage (a card revealed): the
        channel starts a new message there, under the stage's `headline`."""
        return False

    def log_tail(self, view: V) -> tuple[int, list[str]] | None:
        """For a game that keeps count of its own text log: where the lines its latest step
        wrote begin in the whole log, and those lines (an undo then takes lines back); None:
        the log is what `narrate` says of each step, added at its end."""
        return None

    def turn(self, state: S) -> tuple[Seat | None, Hashable]:
        """Whose turn it is and the stage it belongs to: the channel keeps a turn's steps in
        one message, and a seat deciding inside another's turn does not end it."""
        return self.to_move(state), None

    def acting_as(self, view: V) -> str | None:
        """The side a decision is taken for when it is not the deciding seat's own (a
        non-player side run by a seat), else None."""
        return None

    def status(self, view: V) -> list[str]:
        """The public facts of the position, a line each (scores, resources, the stage)."""
        return []

    # --- component files and games from before secrets -----------------------------------
    def file_names(self) -> Sequence[str]:
        """The component files a group may bring to a game (another deck, the printed
        cards), by name; the options say which are attached. Here: its options marked
        `ComponentFile`."""
        return tuple(mark.name for mark in component_files(self.info.options).values())

    def with_files(self, options: Opt, files: Mapping[str, str]) -> Opt:
        """The options with these files (name -> text) attached, each read and checked by
        the game's bounded loader; a ValueError names what is wrong and where."""
        marks = {m.name: (name, m) for name, m in component_files(type(options)).items()}
        unknown = sorted(set(files) - set(marks))
        if unknown:
            takes = ", ".join(marks) or "none"
            raise ValueError(f"{self.info.title} takes no {unknown[0]} file (its files: {takes})")
        update: dict[str, str] = {}
        for name, text in files.items():
            option, mark = marks[name]
            if len(text) > mark.max_chars:
                raise ValueError(
                    f"the {name} file is {len(text):,} characters; at most {mark.max_chars:,}"
                )
            mark.load(text)  # a ValueError naming the bad field
            update[option] = text
        return options.model_copy(update=update)

    def file_keys(self, options: Opt) -> Mapping[str, str]:
        """Each attached file's key (the hash of its text), by name: the store keeps each
        text once, and a game's options name it by key."""
        out: dict[str, str] = {}
        for name, mark in component_files(type(options)).items():
            text = getattr(options, name)
            if isinstance(text, str):
                out[mark.name] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return out

    def new_seeded(self, options: Opt, seats: Sequence[Seat], seed: int) -> S:
        """The setup of a game dealt by a seed (tests, teaching): repeatable, not fair play.
        Here, `new_game`: its chance steps stay pending, and the bot deals each from the
        seed's own stream (`rules.dealing.seeded_below`), logged like any outcome. A game
        whose seed dealt inside its state before per-game secrets (Vijayanagara) keeps
        that dealer here, so its old games load as they were played."""
        return self.new_game(options, seats)

    def outcomes_written_out(self, seed: int, options: Opt, log: Sequence[A]) -> list[A]:
        """The log of a game dealt by `seed` with each chance outcome the seed gave written
        in as an entry of its own (what a game dealt from a secret stores). Here, the log as
        it is: a seed that deals no outcome inside the state has its outcomes logged."""
        return list(log)

    def timeout_action(self, state: S) -> A | None:
        """What the seat to move plays when its time runs out and the table chose to move on
        (a pass); None when the game has no such step now."""
        return None


# --- capabilities: what a game may offer beyond the protocol ------------------------------
# A game opts in by having the attribute or method; the shared layers ask through the
# functions below, each with the plain behaviour of a game that does not offer it.


@dataclass(frozen=True, slots=True)
class TiebreakMatch:
    """One game of a tiebreak: which tied seat plays each seat of the game that breaks the
    tie, and the tied seat waiting to play this game's winner (three tied)."""

    roles: Mapping[Seat, Seat]  # a seat of the game played -> the tied seat playing it
    waiting: Seat | None = None


@runtime_checkable
class Tiebreak(Protocol):
    """Ties for first place played off in another game (Vijayanagara's Goat-Tiger tiebreak,
    5.0, 5.5): the game played, its name and rules, and how its seats are drawn."""

    played_in: str  # the id of the game that breaks the tie
    name: str  # "Goat-Tiger tiebreak"
    rule: str  # the sections it follows: "5.0, 5.5"

    def first_match(self, tied: Sequence[Seat], below: Below) -> TiebreakMatch:
        """The first game among the tied seats (in turn order), drawn from `below`."""
        ...

    def final(self, winner: Seat, waiting: Seat, below: Below) -> TiebreakMatch:
        """The game between the first game's winner and the seat that waited."""
        ...


@runtime_checkable
class BreaksTies(Protocol):
    """A game whose ties for first place another game plays off."""

    tiebreak: Tiebreak


def tiebreak_of(g: object) -> Tiebreak | None:
    """The game's tiebreak; None for a game whose ties stand."""
    return g.tiebreak if isinstance(g, BreaksTies) else None


@runtime_checkable
class Recaps(Protocol):
    """A game whose messages tell repeats once (`merge_lines`): a reader who saw a line
    before more of the same was merged into it is told what was added."""

    def line_added(self, shown: str, merged: str) -> str | None:
        """When `merged` is `shown` with more of the same joined in, the line for what was
        added alone; else None."""
        ...


def line_added(g: object, shown: str, merged: str) -> str | None:
    """What `merged` added to the line `shown` (`Recaps`); None for a game that merges
    nothing (its lines stand as they were shown)."""
    return g.line_added(shown, merged) if isinstance(g, Recaps) else None
