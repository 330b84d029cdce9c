"""Trades (1.5.2): Resources and Cavalry given from one player faction to another at any
time, a step of its own outside the frames (apply accepts a Give whoever's turn it is)."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import IllegalAction
from .actions import Give
from .machine import set_barrier
from .model import FACTION_NAMES, MAX_RESOURCES, PLAYERS, GameState
from .words import count_of


def give(state: GameState, g: Give, advance: Callable[[GameState], None]) -> GameState:
    """1.5.2: Resources and Cavalry may be traded among factions at any time. `advance` runs
    the frames that the trade may have left with nothing to decide (the engine's)."""
    if state.game_over:
        raise IllegalAction("the game is over")
    if g.giver not in PLAYERS or g.receiver not in PLAYERS or g.giver == g.receiver:
        raise IllegalAction("a trade is between two different player factions (1.5.2)")
    if g.resources < 0 or g.cavalry < 0 or g.resources + g.cavalry == 0:
        raise IllegalAction("give a positive number of Resources and/or Cavalry (1.5.2)")
    if g.resources > state.resources[g.giver]:
        raise IllegalAction(
            f"{FACTION_NAMES[g.giver]} has only {count_of(state.resources[g.giver], 'Resource')} "
            "to give"
        )
    if g.cavalry > state.cavalry[g.giver]:
        raise IllegalAction(
            f"{FACTION_NAMES[g.giver]} has only {state.cavalry[g.giver]} Cavalry to give"
        )
    if state.resources[g.receiver] + g.resources > MAX_RESOURCES:
        raise IllegalAction(
            f"{FACTION_NAMES[g.receiver]} can hold at most {MAX_RESOURCES} Resources (1.8); "
            f"it has {state.resources[g.receiver]}"
        )
    st = state.fork(step=True)
    resources, cavalry = st.own_resources(), st.own_cavalry()
    resources[g.giver] -= g.resources
    resources[g.receiver] += g.resources
    cavalry[g.giver] -= g.cavalry
    cavalry[g.receiver] += g.cavalry
    parts = []
    if g.resources:
        parts.append(f"{count_of(g.resources, 'Resource')}")
    if g.cavalry:
        parts.append(f"{g.cavalry} Cavalry")
    st.log.append(f"{g.giver} gives {' and '.join(parts)} to {g.receiver} (1.5.2).")
    st.touched = []
    st.actions_taken += 1
    st.last_actor = g.giver
    advance(st)  # a frame may have nothing left to decide after the trade
    set_barrier(st)  # another faction's step: nobody undoes across it
    return st
