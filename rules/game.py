"""The Game protocol: what every layer (bot, storage, render, AI, tests) needs of one game.

One `Game` object per game, registered once by id (`register`, `game`). Everything it does is
pure: no I/O, no clock, no global random. Randomness enters only as chance entries: the game
stops at a chance step (`chance`), and `deal` turns uniform integers from a dealer (`Below`:
the bot's secret-keyed stream, or a seeded one in tests) into the outcome action, which the
log records like any other step. So the same actions always give the same game, and a game's
whole future is held by the secret, never by the state.

Hidden information has one gate: `view(state, seat)`. The public view (`seat=None`) hides
every hand; a seat's view adds what that seat alone may see. Every message, log line, picture,
export of a running game, hint and AI input is made from a view, never from the state.

The board picture and the AI players are not here (rules/ draws nothing and imports no other
package of ours): `render.registry` and `ai.registry` keep registries of their own, keyed by
the same game id and filled by `render.games` and `ai.games`.
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


class Game(Protocol[S, A, V, Opt]):
    """One game's rules, as every layer calls them. Errors are ValueErrors with a message a
    player can act on (what was wrong, what is allowed); a refused action changes nothing."""

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

    def headline(self, before: V, after: V) -> str | None:
        """A line that opens a new stage of the game in the channel (a new visit, round or
        card), read from two public views, or None when the stage goes on."""
        ...

    def board_moment(self, before: V, after: V) -> bool:
        """Whether the channel's message for the steps that led from `before` to `after`
        (public views) carries the board picture: a moment the board changed in a way worth
        seeing (a withdrawal, a visit's or round's end, the game's end)."""
        ...

    def private_summary(self, view: V) -> str:
        """What `view`'s seat alone may see, written out for that seat: its hand card by
        card and any other fact only it knows. Read from the seat's own view, so it holds
        nothing of another seat's; "" for the public view and for a game that hides
        nothing from anybody."""
        ...

    def describe(self, view: V, action: A) -> str:
        """The action in the game's notation, so that parse(view, describe(view, a)) == [a]."""
        ...

    def parse(self, view: V, text: str, seat: Seat) -> list[A]:
        """A player's text read against what `seat` may do now (bounded in length; raises
        ValueError naming what was expected)."""
        ...

    # --- storage ------------------------------------------------------------------------
    def state_to_json(self, state: S) -> str: ...

    def state_from_json(self, text: str) -> S: ...

    def view_to_json(self, view: V) -> str: ...

    def action_to_json(self, action: A) -> str: ...

    def action_from_json(self, text: str) -> A: ...

    # --- teaching -----------------------------------------------------------------------
    def rules_topics(self) -> Sequence[str]:
        """The topics of the short rules reference, in reading order."""
        ...

    def rules_reference(self, topic: str) -> str:
        """A few lines in our own words on one topic, citing the rule section."""
        ...


# Registry: one Game per id. The games register themselves when their package is imported;
# `rules.games` imports every game package, so a caller needs only `rules.game.game(id)`.

_GAMES: dict[str, Game[object, object, object, BaseModel]] = {}


def register(g: Game[S, A, V, Opt]) -> Game[S, A, V, Opt]:
    """Register a game under its id (once); returns it, so a module can write
    `GAME = register(MyGame())`."""
    gid = g.info.id
    if not gid.isidentifier() or gid != gid.lower():
        raise ValueError(f"a game id is a lower-case identifier, not {gid!r}")
    if gid in _GAMES and _GAMES[gid] is not g:
        raise ValueError(f"a game with id {gid!r} is registered already")
    _GAMES[gid] = g  # type: ignore[assignment]
    return g


def game(gid: str) -> Game[object, object, object, BaseModel]:
    """The registered game with this id; a ValueError lists the ids there are."""
    try:
        return _GAMES[gid]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise ValueError(f"no game {gid!r}; the games are: {known}") from None


def games() -> tuple[Game[object, object, object, BaseModel], ...]:
    """Every registered game, by id."""
    return tuple(_GAMES[k] for k in sorted(_GAMES))
