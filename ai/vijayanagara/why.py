"""Why an AI played its turn so: one line at the turn's end, from the public positions where
it began and ended: what it changed that scores, the VP margin after it, and how the AI's own
evaluation of its position moved."""

from __future__ import annotations

from rules.vijayanagara import FACTION_NAMES, Faction, GameState

from . import hard
from .evaluate import EASY, Judgement, evaluate, margin
from .knowledge import seen
from .turn_hint import board_changes

MAX_CHANGES = 4  # board changes named in the line; the rest are counted


def judgement_of(level: str, seat: Faction) -> Judgement:
    """The judgement the AI of that level weighs positions with."""
    return hard.ranking_judgement(seat) if level == "hard" else EASY


def why_line(start: GameState, end: GameState, seat: str, level: str) -> str:
    faction = Faction(seat)
    before, after = seen(start), seen(end)
    changes = [c.replace("your ", "") for c in board_changes(before, after, faction)]
    shown = "; ".join(changes[:MAX_CHANGES])
    if len(changes) > MAX_CHANGES:
        shown += f" and {len(changes) - MAX_CHANGES} more"
    m = margin(after, faction)
    if m > 0:
        standing = f"now leads by {m} VP"
    elif m == 0:
        standing = "is now level with the leader"
    else:
        standing = f"now trails the leader by {-m} VP"
    j = judgement_of(level, faction)
    gain = evaluate(after, faction, j) - evaluate(before, faction, j)
    return (
        f"_Why: {shown or 'nothing that scores changed'}; {FACTION_NAMES[faction]} {standing} "
        f"(its own evaluation {gain:+.1f})._"
    )
