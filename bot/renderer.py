"""The board renderer the service uses: `render.board`, swappable in tests (a renderer is any
`(state, highlight, names) -> PNG bytes`; `names`: the players' names by seat)."""

from __future__ import annotations

from typing import Protocol

import render.vijayanagara
from rules import vijayanagara

Names = dict[vijayanagara.Faction, str]


class Renderer(Protocol):
    def __call__(
        self,
        state: vijayanagara.GameState,
        highlight: list[str] | None = None,
        names: Names | None = None,
    ) -> bytes: ...


def default_renderer(
    state: vijayanagara.GameState, highlight: list[str] | None = None, names: Names | None = None
) -> bytes:
    return render.vijayanagara.board(state, highlight=highlight, names=names)


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
