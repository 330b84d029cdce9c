"""Successors: its rules, its map picture, its players with their hint, why line, answer
to an alliance offered, and why line of an ally called to move."""

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
    ),
)
