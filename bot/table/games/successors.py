"""Successors: its rules, its map picture, its players with their hint, why line, answer
to an alliance offered, why line of an ally called to move, and word on a gift kept."""

from __future__ import annotations

import ai.successors
import render.successors
import rules.successors
from ai.successors import hard, why

from .entry import GameEntry, Players

ENTRY = GameEntry(
    rules=rules.successors.GAME,
    command="sc",
    pictures=render.successors.PICTURES,
    players=Players(
        levels=ai.successors.PLAYERS,
        adviser=hard.advise,
        explainer=why.why_line,
        answerer=ai.successors.answer,
        run_explainer=why.called_why,
        remarker=ai.successors.remark,
    ),
)
