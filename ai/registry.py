"""Computer players by game and level: one table per game id (rules.game's ids).

A player decides from a view (what its seat may see, never the state): `player(view, seat,
r, budget)` returns the seat's next step. `r` is the caller's seeded generator and `budget`
bounds its thinking (ai.budget). A game's players register under their levels, weakest first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol, TypeVar

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
