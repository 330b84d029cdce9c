"""Board pictures by game id (rules.game's ids): each game's `board(view) -> bytes` (PNG),
drawn from a view, never from the full state."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

V = TypeVar("V")


_BOARDS: dict[str, Callable[[object], bytes]] = {}


def register(game_id: str, board: Callable[[V], bytes]) -> None:
    """A game's board picture (once per game)."""
    if game_id in _BOARDS and _BOARDS[game_id] is not board:
        raise ValueError(f"a board for {game_id!r} is registered already")
    _BOARDS[game_id] = board  # type: ignore[assignment]


def board_for(game_id: str) -> Callable[[object], bytes]:
    """The board picture of a game; the error names the games there are."""
    try:
        return _BOARDS[game_id]
    except KeyError:
        known = ", ".join(sorted(_BOARDS)) or "none"
        raise ValueError(f"no board picture for {game_id!r}; games with one: {known}") from None
