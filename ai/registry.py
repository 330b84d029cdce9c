"""Computer players by game and level: one table per game id (rules.game's ids).

A player decides from a view (what its seat may see, never the state): `player(view, seat,
r, budget)` returns the seat's next step. `r` is the caller's seeded generator and `budget`
bounds its thinking (ai.budget). A game's players register under their levels, weakest first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from rules.game import game

from .budget import Budget

V_contra = TypeVar("V_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)


class Player(Protocol[V_contra, A_co]):
    def __call__(self, view: V_contra, seat: str, r: random.Random, budget: Budget) -> A_co: ...


_PLAYERS: dict[str, dict[str, Player[object, object]]] = {}


def register(game_id: str, levels: Mapping[str, Player[V_contra, A_co]]) -> None:
    """A game's players by level (once per game)."""
    if game_id in _PLAYERS:
        raise ValueError(f"players for {game_id!r} are registered already")
    if not levels:
        raise ValueError(f"{game_id}: at least one level")
    _PLAYERS[game_id] = dict(levels)  # type: ignore[arg-type]


def levels(game_id: str) -> tuple[str, ...]:
    return tuple(players(game_id))


def players(game_id: str) -> Mapping[str, Player[object, object]]:
    try:
        return _PLAYERS[game_id]
    except KeyError:
        known = ", ".join(sorted(_PLAYERS)) or "none"
        raise ValueError(f"no AI players for {game_id!r}; games with some: {known}") from None


def player(game_id: str, level: str) -> Player[object, object]:
    """The player of a game at a level; the error names the levels there are."""
    table = players(game_id)
    try:
        return table[level.strip().lower()]
    except KeyError:
        raise ValueError(
            f"unknown AI level {level[:20]!r}: choose one of {', '.join(table)}"
        ) from None


@dataclass(frozen=True)
class Advice:
    """A hint for the seat on turn: what to tell the player, and the order (in the game's
    notation) that plays it as one."""

    summary: str
    order: str


class Adviser(Protocol[V_contra]):
    def __call__(self, view: V_contra, seat: str, r: random.Random, budget: Budget) -> Advice: ...


class Explainer(Protocol[V_contra]):
    """Why an AI played its turn so: one line, from the public views where its turn began
    and ended, weighed as the AI at `level` weighs positions."""

    def __call__(self, start: V_contra, end: V_contra, seat: str, level: str) -> str | None: ...


_ADVISERS: dict[str, Adviser[object]] = {}
_EXPLAINERS: dict[str, Explainer[object]] = {}


def register_teaching(
    game_id: str,
    *,
    adviser: Adviser[V_contra] | None = None,
    explainer: Explainer[V_contra] | None = None,
) -> None:
    """A game's own hint (a whole turn, say) and its AI's why line, where it has them."""
    if adviser is not None:
        _ADVISERS[game_id] = adviser  # type: ignore[assignment]
    if explainer is not None:
        _EXPLAINERS[game_id] = explainer  # type: ignore[assignment]


def adviser(game_id: str) -> Adviser[object]:
    """The game's hint: its own, else the strongest level's next step, described."""
    own = _ADVISERS.get(game_id)
    if own is not None:
        return own
    level = levels(game_id)[-1]
    choose = player(game_id, level)

    def advise(view: object, seat: str, r: random.Random, budget: Budget) -> Advice:
        step = game(game_id).describe(view, choose(view, seat, r, budget))
        return Advice(summary=f"The computer ({level}) would play `{step}`.", order=step)

    return advise


def explainer(game_id: str) -> Explainer[object] | None:
    return _EXPLAINERS.get(game_id)
