"""Random playouts: every step a random element of legal_actions, invariants after each."""

from __future__ import annotations

import random

from invariants import check

from rules import vijayanagara

MAX_STEPS = 20_000


def play(
    seed: int, options: vijayanagara.GameOptions | None = None, trade_every: int = 0
) -> tuple[vijayanagara.GameState, list[vijayanagara.Action]]:
    """Play one random game to its end; returns the final state and the action log, whose
    chance entries (dice, cards) a seeded dealer supplied: `vijayanagara.replay(None, ...)` of the
    log alone gives the game again (and `new_game(seed)` would deal the same)."""
    r = random.Random(seed)
    dealer = vijayanagara.seeded_dealer(seed, options)
    log: list[vijayanagara.Action] = []

    def dealt(state: vijayanagara.GameState) -> vijayanagara.GameState:
        node = vijayanagara.chance(state)
        while node is not None:
            outcome = dealer.outcome(state, node)
            state = vijayanagara.apply(state, outcome)
            log.append(outcome)
            node = vijayanagara.chance(state)
        return state

    state = dealt(vijayanagara.new_game(None, options))
    check(state)
    for step in range(MAX_STEPS):
        if state.game_over:
            return state, log
        action: vijayanagara.Action
        if trade_every and step % trade_every == trade_every - 1:
            action = random_trade(r, state) or r.choice(vijayanagara.legal_actions(state))
        else:
            action = r.choice(vijayanagara.legal_actions(state))
        state = vijayanagara.apply(state, action)
        log.append(action)
        state = dealt(state)
        check(state)
    raise AssertionError(f"seed {seed}: the game did not end in {MAX_STEPS} steps")


def random_trade(r: random.Random, state: vijayanagara.GameState) -> vijayanagara.Action | None:
    """A small trade (1.5.2) between two random factions, or None when it would give nothing."""
    giver, receiver = r.sample(list(vijayanagara.PLAYERS), 2)
    res = r.randint(0, min(2, state.resources[giver], 24 - state.resources[receiver]))
    cav = r.randint(0, min(1, state.cavalry[giver]))
    if res + cav == 0:
        return None
    return vijayanagara.Give(giver=giver, receiver=receiver, resources=res, cavalry=cav)


def check_ended(state: vijayanagara.GameState) -> None:
    """A game played to its end is over and scored: Delhi's end adjustment made (5.1), no
    faction to decide and no step left, every faction scored and one winner."""
    assert state.game_over
    assert state.delhi_adjustment is not None
    assert vijayanagara.prompt(state).faction is None
    assert vijayanagara.legal_actions(state) == []
    assert set(vijayanagara.score(state)) == set(vijayanagara.PLAYERS)
    assert vijayanagara.winner(state) in vijayanagara.PLAYERS
