"""The `random` level: a uniformly random legal step (tests and baselines)."""

from __future__ import annotations

import random

import rules
from rules import Action, GameState


def choose(state: GameState, r: random.Random) -> Action:
    return r.choice(rules.legal_actions(state))
