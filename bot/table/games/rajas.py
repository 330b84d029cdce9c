"""Rajas of the Ganges: its rules, its board, its players with their hint and why line."""

from __future__ import annotations

import ai.rajas
import render.rajas
import rules.rajas
from ai.rajas import hard, why

from .entry import GameEntry, Players

ENTRY = GameEntry(
    rules=rules.rajas.GAME,
    command="rg",
    pictures=render.rajas.PICTURES,
    players=Players(levels=ai.rajas.PLAYERS, adviser=hard.advise, explainer=why.why_line),
)
