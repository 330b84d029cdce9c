"""Why an AI played its turn so: one line at the turn's end, from the public positions where
it began and ended, in a player's words: what it changed that scores (the Mongol Invaders'
way to Delhi with the rule that makes it count), and the VP margin after it
(rules.vijayanagara.changes, which the table tells of a person's turn too)."""

from __future__ import annotations

from rules.vijayanagara import Faction, GameState, turn_changes

from .knowledge import seen


def why_line(start: GameState, end: GameState, seat: str, level: str) -> str:
    return f"_Why: {turn_changes(seen(start), seen(end), Faction(seat))}._"
