"""The `random` level: a uniformly random legal step (tests and baselines)."""

from __future__ import annotations

import random

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import Action, GameState


def choose(state: GameState, r: random.Random) -> Action:
    return r.choice(vijayanagara.legal_actions(state))
