"""A thin wrapper around the board renderer so tests (and a missing renderer) can be swapped.

`render.board(state, highlight=None) -> bytes` is imported lazily; when it is not available the
fallback draws a plain text summary so the bot still posts a picture.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable

import rules

Renderer = Callable[[rules.GameState, list[str] | None], bytes]

log = logging.getLogger(__name__)


def default_renderer(state: rules.GameState, highlight: list[str] | None = None) -> bytes:
    try:
        import render

        board = getattr(render, "board")  # noqa: B009  (render/ is built alongside)
    except (ImportError, AttributeError):
        log.warning("render.board is not available; drawing the text fallback")
        return fallback_board(state, highlight)
    data = board(state, highlight=highlight)
    assert isinstance(data, bytes)
    return data


def fallback_board(state: rules.GameState, highlight: list[str] | None = None) -> bytes:
    """A plain PNG listing the facts of the board (used only when render/ is missing)."""
    from PIL import Image, ImageDraw

    lines = summary_lines(state, highlight)
    img = Image.new("RGB", (900, 20 + 16 * len(lines)), "white")
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((10, 10 + 16 * i), line, fill="black")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def summary_lines(state: rules.GameState, highlight: list[str] | None = None) -> list[str]:
    hl = set(highlight or [])
    out = [f"Card {state.current_card}   dynasty {state.dynasty}   deck {rules.cards_left(state)}"]
    for f in rules.PLAYERS:
        out.append(
            f"{rules.FACTION_NAMES[f]}: {state.resources[f]} Resources, "
            f"{state.cavalry[f]} Cavalry, Influence {state.influence.get(f, '-')}"
        )
    for name, sp in state.spaces.items():
        pieces = ", ".join(f"{n} {p}" for p, n in sorted(sp.pieces.items()) if n)
        mark = "*" if name in hl else " "
        ctrl = sp.control or "-"
        out.append(f"{mark} {name:<18} [{ctrl}] {pieces}")
    return out
