"""Vijayanagara: its rules, its map and charts, its AI factions with their turn hint and
why line."""

from __future__ import annotations

from ai.vijayanagara import players
from ai.vijayanagara.why import why_line
from render.vijayanagara.pictures import PICTURES
from rules.vijayanagara.game import GAME

from .entry import GameEntry, Players
from .vijayanagara_shortcuts import VijayanagaraShortcuts

ENTRY = GameEntry(
    rules=GAME,
    command="vj",
    pictures=PICTURES,
    players=Players(levels=players.PLAYERS, adviser=players.advise, explainer=why_line),
    shortcuts=VijayanagaraShortcuts(),
)
