"""Board pictures by game id (rules.game's ids): each game's board, drawn from a view (never
from the full state) with the players' names by seat where the table knows them, and its alt
text (a few lines a screen reader reads in the picture's place)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

V = TypeVar("V")
Names = Mapping[str, str]  # seat -> the player's name


@dataclass(frozen=True)
class Pictures(Generic[V]):
    """What one game draws: `board(view, names) -> PNG bytes`; `alt_text(view, names)`;
    and, where it has one, the chart of a whole game for its closing message, from the
    public views of every position in order."""

    board: Callable[[V, Names | None], bytes]
    alt_text: Callable[[V, Names | None], str]
    chart: Callable[[Sequence[V]], bytes] | None = None


_PICTURES: dict[str, Pictures[object]] = {}


def register(game_id: str, pictures: Pictures[V]) -> None:
    """A game's pictures (once per game)."""
    if game_id in _PICTURES and _PICTURES[game_id] is not pictures:
        raise ValueError(f"pictures for {game_id!r} are registered already")
    _PICTURES[game_id] = pictures  # type: ignore[assignment]


def pictures_for(game_id: str) -> Pictures[object]:
    """The pictures of a game; the error names the games there are."""
    try:
        return _PICTURES[game_id]
    except KeyError:
        known = ", ".join(sorted(_PICTURES)) or "none"
        raise ValueError(f"no board picture for {game_id!r}; games with one: {known}") from None


def board_for(game_id: str) -> Callable[[object], bytes]:
    """The board picture of a game, without names."""
    draw = pictures_for(game_id).board
    return lambda view: draw(view, None)
