"""Aadu-Huli aata, the Goat-Tiger game (rulebook 5.5), on the Game protocol: three Tigers
against fifteen Goats on the traditional 23-point board (docs/goat_tiger.md). Vijayanagara's
optional tiebreak (5.0), and a game of its own."""

from __future__ import annotations

from ..words import count_of  # the rules' one count, for the game's pictures too
from .board import LAYOUT, LINES, POINTS, TIGER_START, leaps, neighbours
from .game import INFO, GoatTiger
from .model import (
    CAPTURES_TO_WIN,
    GOATS,
    QUIET_MOVES_TO_DRAW,
    REPETITIONS_TO_DRAW,
    SEATS,
    TIGERS,
    TITLES,
    Capture,
    Draw,
    Move,
    Options,
    Place,
    Side,
    State,
    key_after,
    longest_game,
    other,
    position_key,
)
from .notation import describe, parse
from .play import (
    GoatTigerAction,
    apply,
    draw_count,
    draw_of,
    draw_of_move,
    draw_reason,
    draw_sides,
    draw_text,
    end_text,
    legal_actions,
    new_game,
    prompt,
    why_not,
)

GAME = GoatTiger()

__all__ = [
    "CAPTURES_TO_WIN",
    "GAME",
    "GOATS",
    "INFO",
    "LAYOUT",
    "LINES",
    "POINTS",
    "QUIET_MOVES_TO_DRAW",
    "REPETITIONS_TO_DRAW",
    "SEATS",
    "TIGERS",
    "TIGER_START",
    "TITLES",
    "Capture",
    "Draw",
    "GoatTiger",
    "GoatTigerAction",
    "Move",
    "Options",
    "Place",
    "Side",
    "State",
    "apply",
    "count_of",
    "describe",
    "draw_count",
    "draw_of",
    "draw_of_move",
    "draw_reason",
    "draw_sides",
    "draw_text",
    "end_text",
    "key_after",
    "leaps",
    "legal_actions",
    "longest_game",
    "neighbours",
    "new_game",
    "other",
    "parse",
    "position_key",
    "prompt",
    "why_not",
]
