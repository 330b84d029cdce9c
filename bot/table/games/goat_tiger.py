"""The Goat-Tiger game: its rules, its board, its players with their hint and why line."""

from __future__ import annotations

import ai.goat_tiger
import render.goat_tiger
import rules.goat_tiger
from ai.goat_tiger import why

from .entry import GameEntry, Players

ENTRY = GameEntry(
    rules=rules.goat_tiger.GAME,
    command="gt",
    pictures=render.goat_tiger.PICTURES,
    players=Players(
        levels=ai.goat_tiger.PLAYERS,
        adviser=why.advise,
        explainer=why.why_line,
        step_explainer=why.why_of_step,
    ),
)
