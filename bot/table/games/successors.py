"""Successors: its rules, its map picture, its players with their hint, why line and answer
to an alliance offered."""

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
    ),
)
