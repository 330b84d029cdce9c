"""The board renderer the service uses: the game's own picture (render.pictures), swappable in
tests (a renderer is any `(game id, view, names) -> PNG bytes`; `names`: the players' names
by seat); the alt text is always the game's own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from render.pictures import Names

from .games.entry import Registry


class Renderer(Protocol):
    def __call__(self, kind: str, view: object, names: Names | None = None) -> bytes: ...


@dataclass(frozen=True)
class Boards:
    """The renderer of a table: each game's own board, from the games it hosts."""

    games: Registry

    def __call__(self, kind: str, view: object, names: Names | None = None) -> bytes:
        return self.games.pictures(kind).board(view, names)


class Picture(bytes):
    """A board's PNG bytes with its alt text (who leads, the card, whose turn), so a screen
    reader can follow; wherever a board goes, its description goes along."""

    alt: str

    def __new__(cls, data: bytes, alt: str) -> Picture:
        out = super().__new__(cls, data)
        out.alt = alt
        return out


def alt_of(image: bytes | None) -> str | None:
    return image.alt if isinstance(image, Picture) else None
