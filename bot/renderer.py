"""The board renderer the service uses: `render.board`, swappable in tests (a renderer is any
`(state, highlight) -> PNG bytes`)."""

from __future__ import annotations

from collections.abc import Callable

import render
import rules

Renderer = Callable[[rules.GameState, list[str] | None], bytes]


def default_renderer(state: rules.GameState, highlight: list[str] | None = None) -> bytes:
    return render.board(state, highlight=highlight)
