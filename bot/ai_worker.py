"""What an AI seat's worker process runs: one decision or one hint, on the state as the table
knows it (no dealer, no undo snapshot: ai.vijayanagara.knowledge), with a CPU-time budget.

Kept apart from bot.ai_seats so a worker process imports only `ai` and `rules`.
"""

from __future__ import annotations

import random
import time

from ai.budget import MAX_ITERATIONS, Budget
from ai.vijayanagara import Level, decide
from ai.vijayanagara.knowledge import seen
from ai.vijayanagara.turn_hint import TurnHint, turn_hint
from rules import vijayanagara


def budget(seconds: float) -> Budget:
    return Budget(iterations=MAX_ITERATIONS, seconds=seconds, clock=time.process_time)


def think(
    state: vijayanagara.GameState, level: Level, seed: str, seconds: float
) -> vijayanagara.Action:
    return decide(seen(state), level, random.Random(seed), budget(seconds))


def advise(state: vijayanagara.GameState, seed: str, seconds: float) -> TurnHint:
    """The whole decision up to the next hand-off, beside the runner-up and Pass."""
    return turn_hint(seen(state), random.Random(seed), budget(seconds))
