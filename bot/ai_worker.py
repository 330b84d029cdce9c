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


def budget(seconds: float) -> ai.Budget:
    return ai.Budget(iterations=MAX_ITERATIONS, seconds=seconds, clock=time.process_time)


def think(state: rules.GameState, level: ai.Level, seed: str, seconds: float) -> rules.Action:
    return ai.decide(seen(state), level, random.Random(seed), budget(seconds))


def advise(state: rules.GameState, seed: str, seconds: float) -> ai.Hint:
    return ai.hint(seen(state), random.Random(seed), budget(seconds))
