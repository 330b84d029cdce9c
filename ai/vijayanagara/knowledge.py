"""What a player at the table knows, and the futures consistent with it.

The state may carry a seeded dealer (`rng`, `order`: tests, benches) whose future no player
knows, an undo snapshot that holds it too, and a log the AI never needs. `seen` drops them
all, so the engine stops at every chance node; `resolve` deals those with the AI's own
generator: cards drawn uniformly from the piles as 2.1 makes them known
(vijayanagara.chance.sample), dice uniform.
"""

from __future__ import annotations

import random

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import GameState

MASK64 = (1 << 64) - 1


def seen(state: GameState) -> GameState:
    """A copy holding only what every player knows: no dealer, no snapshot, no log."""
    st = state.clone()
    st.rng = None
    st.order = []
    vijayanagara.set_barrier(st)  # the undo base (which may hold the dealer) is dropped
    st.log = []
    return st


def resolve(state: GameState, r: random.Random) -> GameState:
    """Supply sampled outcomes at pending chance nodes (a state from `seen`)."""
    node = vijayanagara.chance(state)
    while node is not None:
        state = vijayanagara.apply(state, vijayanagara.sample(state, node, r.randrange))
        node = vijayanagara.chance(state)
    return state
