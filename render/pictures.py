"""What a game draws: its board, drawn from a view (never from the full state) with the
players' names by seat where the table knows them, and its alt text (a few lines a screen
reader reads in the picture's place). Each game's registration (bot.table.games) ties its
`Pictures` to its rules, typed by the same view."""

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
