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

What a game may offer beyond this core (its notation, its narration, its rules reference,
component files, seeded games, deadlines) is in `rules.capabilities`, each capability with its
plain behaviour, which a game takes as it is or overrides.

The board picture and the AI players are not here (rules/ draws nothing and imports no other
package of ours): each game's registration in `bot.table.games` ties its rules to its pictures
(`render.pictures.Pictures`) and its players (`ai.players.Player`), typed by its view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

Seat = str
Below = Callable[[int], int]  # a uniform integer in [0, n), from the game's dealer

S = TypeVar("S")  # the full state (held by the server only)
A = TypeVar("A")  # an action: one step of a decision, or a chance outcome
V = TypeVar("V", covariant=True)  # what one seat, or the public, may see of a state
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
    score_name: str = "points"  # what a result's scores count ("VP")
    private: bool = False  # a seat sees what the public does not (a hand)
    seat_word: str = "seat"  # what the game calls a seat ("faction")
    lookup: str = ""  # what `lookup` finds ("event card"): "" for a game with none
    deals: bool = True  # dice or cards are dealt (chance steps), from the game's secret
    dealt: tuple[str, ...] = ("die", "card")  # what its chance steps deal, by noun
    # what else no undo goes past, besides chance and a hand-off ("a step aside")
    undo_stops: tuple[str, ...] = ()

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
    game is created; `standard` gives the game's own file's text, for an owner to start
    theirs from."""

    name: str  # the upload's name in commands: "cards"
    description: str  # one line for the command's help
    max_chars: int
    load: Callable[[str], object] = field(repr=False)
    standard: Callable[[], str] = field(repr=False)


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
    # the typed step it was read from (from 1), where one typed step reads as several (a
    # Successors `buy 3 levy 1 inf`); 0: its own place in the order
    number: int = 0
    typed: str = ""  # that typed step's text, where it reads as several ("": `text`)

    @property
    def as_typed(self) -> str:
        """The words the player typed for it (a step read from several: all of them)."""
        return self.typed or self.text


@dataclass(frozen=True, slots=True)
class Unread:
    """The action of a step typed after one that brings a roll or a draw, in a game whose
    steps are read against the position they are taken in: unread, since that position is not
    seen before the reveal. The order ends at the reveal (a reveal commits), so it is never
    played: it is told as not played, as typed."""

    text: str


class Game(Protocol[S, A, V, Opt]):
    """The core of one game's rules, as every layer calls them: its info, its life (setup,
    who decides, chance, legal steps, apply, result, the undo barrier), what a seat sees,
    and the JSON of its states and actions. Errors are ValueErrors with a message a player
    can act on (what was wrong, what is allowed); a refused action changes nothing.

    Everything else a game may offer (its notation, its table talk, its rules reference,
    ...) is a capability of its own with a plain behaviour (`rules.capabilities`)."""

    info: GameInfo[Opt]

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

    def view(self, state: S, seat: Seat | None) -> V:
        """What `seat` may see (None: the public: every hand hidden)."""
        ...

    def hidden(self, state: S, seat: Seat | None) -> Mapping[str, object]:
        """What `view(state, seat)` must not show: JSON pointers (RFC 6901) into
        `state_to_json(state)`, each with the value it has there (another seat's hand: its
        cards). Empty when the seat may see the whole state. The conformance suite checks
        that each pointer has that value in the state and not in the view."""
        ...

    def state_to_json(self, state: S) -> str: ...

    def state_from_json(self, text: str, options: Opt | None = None) -> S:
        """A state from its JSON; `options` carries what the JSON names but does not hold
        (a component file loaded apart)."""
        ...

    def action_to_json(self, action: A) -> str: ...

    def action_from_json(self, text: str) -> A: ...
