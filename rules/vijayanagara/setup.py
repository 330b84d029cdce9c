"""Setup and deck construction (2.1)."""

from __future__ import annotations

from . import rng
from .board import board
from .cards import Deck, deck_for
from .chance import SeededDealer, initial_piles
from .model import (
    CAVALRY_TOKENS,
    PLAYERS,
    SLOT_LEVELS,
    UNITS_PER_SLOT,
    CardState,
    Faction,
    GameOptions,
    GameState,
    Piece,
    SpaceState,
)

P = Piece
# 2.1 Map Setup
SETUP: dict[str, dict[Piece, int]] = {
    "delhi": {P.TROOP: 4},
    "mountain_passes": {P.TROOP: 2},
    "punjab": {P.TROOP: 4},
    "malwa": {P.TROOP: 3, P.GOVERNOR: 1},
    "jaunpur": {P.TROOP: 2},
    "madhyadesh": {P.TROOP: 2, P.AMIR: 2},
    "sindh": {P.TROOP: 1},
    "rajput": {P.TROOP: 1},
    "gujarat": {P.TROOP: 1, P.AMIR: 1},
    "maharashtra": {P.AMIR: 4},
    "gondwana": {P.AMIR: 1},
    "andhra": {P.TROOP: 1, P.QASBAH: 1, P.RAJA: 2},
    "karnataka": {P.RAJA: 3},
    "tamilakam": {P.TROOP: 1, P.RAJA: 1},
}
AVAILABLE: dict[Faction, dict[Piece, int]] = {
    Faction.D: {P.TROOP: 10, P.GOVERNOR: 4, P.QASBAH: 4},
    Faction.B: {P.AMIR: 6, P.FORT: 5},
    Faction.V: {P.RAJA: 8, P.TEMPLE: 5},
    Faction.M: {P.MONGOL: 12},
}
RESOURCES = {Faction.D: 12, Faction.B: 6, Faction.V: 7}
DELHI_CAVALRY = 2


def build_deck(state: int, deck: Deck) -> tuple[int, list[int]]:
    """The seeded dealer's deck order. 2.1 steps 1-7: four stacks of six events; two Mongol Invasions in each of the first
    three, both Timurid cards in the fourth; the Succession cards between the stacks."""
    state, events = rng.shuffle(state, deck.of_kind("event"))
    state, invasions = rng.shuffle(state, deck.of_kind("mongol_invasion"))
    stacks: list[list[int]] = []
    for i in range(4):
        stack = events[6 * i : 6 * i + 6]
        stack += invasions[2 * i : 2 * i + 2] if i < 3 else list(deck.timurid)
        state, stack = rng.shuffle(state, stack)
        stacks.append(stack)
    zenith, rise, lords = deck.succession
    order = stacks[0] + [zenith] + stacks[1] + [rise] + stacks[2] + [lords] + stacks[3]
    return state, order


def seeded_dealer(seed: int, options: GameOptions | None = None) -> SeededDealer:
    """A dealer outside the state, dealing what `new_game(seed)` deals by itself."""
    state, order = build_deck(rng.seed_state(seed), deck_for(options or GameOptions()))
    return SeededDealer(state, order)


def initial_state(seed: int | None, options: GameOptions | None = None) -> GameState:
    """The state after 2.1, before the first card is revealed (2.2). With a seed, the state
    carries a seeded dealer that resolves chance nodes itself; without one, the caller does."""
    options = options or GameOptions()
    order: list[int] = []
    state: int | None = None
    if seed is not None:
        state, order = build_deck(rng.seed_state(seed), deck_for(options))
    spaces: dict[str, SpaceState] = {}
    for sid, space in board().spaces.items():
        spaces[sid] = SpaceState(
            pieces=dict(SETUP.get(sid, {})),
            tributary=space.is_province,  # a Tributary marker in every Province (2.1)
        )
    return GameState(
        seed=seed,
        options=options,
        rng=state,
        order=order,
        piles=initial_piles(deck_for(options)),
        spaces=spaces,
        available={f: dict(v) for f, v in AVAILABLE.items()},
        resources=dict(RESOURCES),
        cavalry={Faction.D: DELHI_CAVALRY, Faction.B: 0, Faction.V: 0},
        cavalry_pool=CAVALRY_TOKENS - DELHI_CAVALRY,
        influence={Faction.B: 0, Faction.V: 0},
        slots={f: {lv: UNITS_PER_SLOT for lv in SLOT_LEVELS[f]} for f in (Faction.B, Faction.V)},
        dynasty="khalji",
        eligible={f: True for f in PLAYERS},
        card=CardState(),
    )
