"""What an AI seat's worker process runs: one decision or one hint, on the state as the table
knows it (no dealer, no undo snapshot: ai.knowledge), with a CPU-time budget.

Kept apart from bot.ai_seats so a worker process imports only `ai` and `rules`.
"""

from __future__ import annotations

import random
import time

import ai
import rules
from ai.budget import MAX_ITERATIONS
from ai.knowledge import seen
from ai.turn_hint import TurnHint, turn_hint


def budget(seconds: float) -> ai.Budget:
    return ai.Budget(iterations=MAX_ITERATIONS, seconds=seconds, clock=time.process_time)


def think(state: rules.GameState, level: ai.Level, seed: str, seconds: float) -> rules.Action:
    return ai.decide(seen(state), level, random.Random(seed), budget(seconds))


def advise(state: rules.GameState, seed: str, seconds: float) -> TurnHint:
    """The whole decision up to the next hand-off, beside the runner-up and Pass: all of it
    (reading the position too) within `seconds` of this process's CPU time."""
    return turn_hint(state, random.Random(seed), budget(seconds))
