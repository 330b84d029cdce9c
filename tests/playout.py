"""Random playouts: every step a random element of legal_actions, invariants after each."""

from __future__ import annotations

import random

from invariants import check

import rules

MAX_STEPS = 20_000


def play(
    seed: int, options: rules.GameOptions | None = None, trade_every: int = 0
) -> tuple[rules.GameState, list[rules.Action]]:
    """Play one random game to its end; returns the final state and the action log."""
    r = random.Random(seed)
    state = rules.new_game(seed, options)
    check(state)
    log: list[rules.Action] = []
    for step in range(MAX_STEPS):
        if state.game_over:
            return state, log
        action: rules.Action
        if trade_every and step % trade_every == trade_every - 1:
            action = _random_trade(r, state) or r.choice(rules.legal_actions(state))
        else:
            action = r.choice(rules.legal_actions(state))
        state = rules.apply(state, action)
        log.append(action)
        check(state)
    raise AssertionError(f"seed {seed}: the game did not end in {MAX_STEPS} steps")


def _random_trade(r: random.Random, state: rules.GameState) -> rules.Action | None:
    giver, receiver = r.sample(list(rules.PLAYERS), 2)
    res = r.randint(0, min(2, state.resources[giver], 24 - state.resources[receiver]))
    cav = r.randint(0, min(1, state.cavalry[giver]))
    if res + cav == 0:
        return None
    return rules.Give(giver=giver, receiver=receiver, resources=res, cavalry=cav)
