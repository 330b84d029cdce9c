"""Random playouts: every step a random element of legal_actions, invariants after each."""

from __future__ import annotations

import random

from invariants import check

import rules

MAX_STEPS = 20_000


def play(
    seed: int, options: rules.GameOptions | None = None, trade_every: int = 0
) -> tuple[rules.GameState, list[rules.Action]]:
    """Play one random game to its end; returns the final state and the action log, whose
    chance entries (dice, cards) a seeded dealer supplied: `rules.replay(None, ...)` of the
    log alone gives the game again (and `new_game(seed)` would deal the same)."""
    r = random.Random(seed)
    dealer = rules.seeded_dealer(seed, options)
    log: list[rules.Action] = []

    def dealt(state: rules.GameState) -> rules.GameState:
        node = rules.chance(state)
        while node is not None:
            outcome = dealer.outcome(state, node)
            state = rules.apply(state, outcome)
            log.append(outcome)
            node = rules.chance(state)
        return state

    state = dealt(rules.new_game(None, options))
    check(state)
    for step in range(MAX_STEPS):
        if state.game_over:
            return state, log
        action: rules.Action
        if trade_every and step % trade_every == trade_every - 1:
            action = random_trade(r, state) or r.choice(rules.legal_actions(state))
        else:
            action = r.choice(rules.legal_actions(state))
        state = rules.apply(state, action)
        log.append(action)
        state = dealt(state)
        check(state)
    raise AssertionError(f"seed {seed}: the game did not end in {MAX_STEPS} steps")


def random_trade(r: random.Random, state: rules.GameState) -> rules.Action | None:
    """A small trade (1.5.2) between two random factions, or None when it would give nothing."""
    giver, receiver = r.sample(list(rules.PLAYERS), 2)
    res = r.randint(0, min(2, state.resources[giver], 24 - state.resources[receiver]))
    cav = r.randint(0, min(1, state.cavalry[giver]))
    if res + cav == 0:
        return None
    return rules.Give(giver=giver, receiver=receiver, resources=res, cavalry=cav)
