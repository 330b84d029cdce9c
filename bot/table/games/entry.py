"""One game's registration and the registry built from them.

A `GameEntry` ties a game's rules (rules.game), its pictures (render.pictures) and its
computer players (ai.players) with one view type: mypy refuses an entry whose pictures or
players read another view than its rules give. `build_registry` checks the entries when the
bot starts: a game without pictures or players, or two games with one id, is refused there,
never met in the middle of a game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from ai.budget import Budget
from ai.players import Advice, Adviser, Answerer, Explainer, Player, Remarker, StepExplainer
from render.pictures import Pictures
from rules.capabilities import Notation, notation_of
from rules.game import Game

from ..shortcuts import Shortcuts

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
Opt = TypeVar("Opt", bound=BaseModel)


@dataclass(frozen=True)
class Players(Generic[V, A]):
    """A game's computer players: by level, weakest first; its own hint where it has one
    (else the strongest level's next step); the why line that ends an AI's turn, and, for a
    game whose every turn is one step, that line worked out by the AI's worker with its step
    (`step_explainer`: a costly why then never runs on the table's event loop); and what an
    AI seat answers at once though no decision of its own waits (`answerer`: an offer
    answered; the table asks it after every stored step); and the why line that ends an AI's
    run of decisions inside another seat's turn (`run_explainer`, from the public views
    where that turn began and where the run ended: an ally called to move in it); and what an
    AI seat's policy makes of a person's step addressed to it that it answers with no step
    (`remarker`: a gift kept, told to the giver alone)."""

    levels: Mapping[str, Player[V, A]]
    adviser: Adviser[V] | None = None
    explainer: Explainer[V] | None = None
    step_explainer: StepExplainer[V, A] | None = None
    answerer: Answerer[V, A] | None = None
    run_explainer: Explainer[V] | None = None
    remarker: Remarker[V, A] | None = None


@dataclass(frozen=True)
class GameEntry(Generic[S, A, V, Opt]):
    """One game, whole: its rules, the pictures drawn from its views, its players, and the
    shortcut commands it adds at the table."""

    rules: Game[S, A, V, Opt]
    command: str  # the word its commands go under ("vj": Discord's `/vj` group, the terminal's)
    pictures: Pictures[V]
    players: Players[V, A]
    shortcuts: Shortcuts[A, V] = field(default_factory=Shortcuts)

    def hint(self) -> Adviser[V]:
        """The game's hint: its own, else the strongest level's next step, described."""
        if self.players.adviser is not None:
            return self.players.adviser
        level, choose = list(self.players.levels.items())[-1]
        return StrongestLevel(level, choose, notation_of(self.rules))


@dataclass(frozen=True)
class StrongestLevel(Generic[V, A]):
    """The plain hint: the strongest level's next step, in the game's notation (picklable, for
    the AI's worker processes)."""

    level: str
    choose: Player[V, A]
    notation: Notation[A, V]

    def __call__(self, view: V, seat: str, r: random.Random, budget: Budget) -> Advice:
        step = self.notation.describe(view, self.choose(view, seat, r, budget))
        return Advice(summary=f"The computer ({self.level}) would play `{step}`.", order=step)


# Found by id, a game's own types are not known: the registry keeps each entry with them
# erased and hands its parts out reading and giving `object`.
AnyEntry = GameEntry[Any, Any, Any, Any]


class Registry:
    """Every hosted game by id, each with its pictures and players."""

    def __init__(self, entries: Mapping[str, AnyEntry]) -> None:
        self._entries = dict(sorted(entries.items()))

    def entry(self, gid: str) -> AnyEntry:
        """The game with this id, whole; a ValueError lists the ids there are."""
        try:
            return self._entries[gid]
        except KeyError:
            known = ", ".join(self._entries) or "none"
            raise ValueError(f"no game {gid!r}; the games are: {known}") from None

    def game(self, gid: str) -> Game[object, object, object, BaseModel]:
        """The rules of the game with this id."""
        return self.entry(gid).rules

    def hosts(self, gid: str) -> bool:
        return gid in self._entries

    def games(self) -> tuple[Game[object, object, object, BaseModel], ...]:
        """Every game's rules, by id."""
        return tuple(e.rules for e in self._entries.values())

    def command(self, gid: str) -> str:
        """The word the game's commands go under ("vj")."""
        return self.entry(gid).command

    def by_command(self, word: str) -> str | None:
        """The id of the game whose commands go under `word`; None for none."""
        return next((gid for gid, e in self._entries.items() if e.command == word), None)

    def shortcuts(self, gid: str) -> Shortcuts[object, object]:
        """The game's own shortcut commands."""
        return self.entry(gid).shortcuts

    def pictures(self, gid: str) -> Pictures[object]:
        return self.entry(gid).pictures

    def players(self, gid: str) -> Mapping[str, Player[object, object]]:
        """The game's computer players by level, weakest first."""
        return self.entry(gid).players.levels

    def levels(self, gid: str) -> tuple[str, ...]:
        return tuple(self.players(gid))

    def player(self, gid: str, level: str) -> Player[object, object]:
        """The player of a game at a level; the error names the levels there are."""
        table = self.players(gid)
        try:
            return table[level.strip().lower()]
        except KeyError:
            raise ValueError(
                f"unknown AI level {level[:20]!r}: choose one of {', '.join(table)}"
            ) from None

    def adviser(self, gid: str) -> Adviser[object]:
        return self.entry(gid).hint()

    def explainer(self, gid: str) -> Explainer[object] | None:
        return self.entry(gid).players.explainer

    def step_explainer(self, gid: str) -> StepExplainer[object, object] | None:
        return self.entry(gid).players.step_explainer

    def run_explainer(self, gid: str) -> Explainer[object] | None:
        return self.entry(gid).players.run_explainer

    def answerer(self, gid: str) -> Answerer[object, object] | None:
        return self.entry(gid).players.answerer

    def remarker(self, gid: str) -> Remarker[object, object] | None:
        return self.entry(gid).players.remarker


def build_registry(*entries: AnyEntry) -> Registry:
    """The registry of these games, each checked: its id a lower-case identifier and its
    own, its pictures drawn and its players named by level. A ValueError names the game
    and what it lacks."""
    if not entries:
        raise ValueError("no games to host: register at least one")
    by_id: dict[str, AnyEntry] = {}
    for e in entries:
        gid = e.rules.info.id
        _check(gid, e)
        if gid in by_id:
            raise ValueError(f"two games have the id {gid!r}")
        if any(other.command == e.command for other in by_id.values()):
            raise ValueError(f"{gid}: another game's commands go under {e.command!r}")
        by_id[gid] = e
    return Registry(by_id)


def _check(gid: str, e: AnyEntry) -> None:
    if not gid.isidentifier() or gid != gid.lower():
        raise ValueError(f"a game id is a lower-case identifier, not {gid!r}")
    if not e.command.isidentifier() or e.command != e.command.lower() or len(e.command) > 32:
        raise ValueError(f"{gid}: a command word is a short lower-case word, not {e.command!r}")
    if not isinstance(e.pictures, Pictures):
        raise ValueError(f"{gid}: no pictures (its board and alt text, render.pictures)")
    if not isinstance(e.players, Players) or not e.players.levels:
        raise ValueError(f"{gid}: no computer players (at least one level, ai.players)")
    for level in e.players.levels:
        if level != level.strip().lower() or not level:
            raise ValueError(f"{gid}: an AI level is a lower-case word, not {level!r}")
