"""Taj Mahal: its rules, its board, its players with their hint and why line."""

from __future__ import annotations

import ai.taj_mahal
import render.taj_mahal
import rules.taj_mahal
from ai.taj_mahal import hard, why

from .entry import GameEntry, Players

ENTRY = GameEntry(
    rules=rules.taj_mahal.GAME,
    command="tm",
    pictures=render.taj_mahal.PICTURES,
    players=Players(levels=ai.taj_mahal.PLAYERS, adviser=hard.advise, explainer=why.why_line),
)
