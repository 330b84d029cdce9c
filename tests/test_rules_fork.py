"""The engine's copy of a state (GameState.fork) shares what it has not changed yet: a
change on either side, before or after another fork, never shows in the other."""

from __future__ import annotations

import random

from rules import vijayanagara
from rules.vijayanagara.model import Faction, GameState, Piece


def _mid_game(seed: int, steps: int) -> GameState:
    pick = random.Random(seed)
    state = vijayanagara.new_game(seed)
    for _ in range(steps):
        state = vijayanagara.apply(state, pick.choice(vijayanagara.legal_actions(state)))
    return state


def test_a_fork_changed_leaves_its_parent_alone() -> None:
    parent = _mid_game(3, 40)
    text = parent.model_dump_json()
    child = parent.fork()
    child.own_space("delhi").pieces[Piece.TROOP] = 7
    child.own_available()[Faction.D][Piece.TROOP] = 0
    child.own_slots()[Faction.V][1] = 0
    child.own_card().acted.append(Faction.D)
    assert parent.model_dump_json() == text


def test_a_parent_changed_after_a_fork_leaves_the_fork_alone() -> None:
    """What the parent owned before the fork is shared after it: it copies it again."""
    parent = _mid_game(4, 40)
    parent.own_space("delhi")
    parent.own_available()
    parent.own_slots()
    parent.own_card()
    child = parent.fork()
    text = child.model_dump_json()
    parent.own_space("delhi").pieces[Piece.TROOP] = 7
    parent.own_available()[Faction.D][Piece.TROOP] = 0
    parent.own_slots()[Faction.V][1] = 0
    parent.own_card().acted.append(Faction.D)
    assert child.model_dump_json() == text


def test_a_fork_copies_a_space_once_and_keeps_changing_that_copy() -> None:
    parent = _mid_game(5, 10)
    child = parent.fork()
    first = child.own_space("delhi")
    assert first is not parent.spaces["delhi"]
    assert child.own_space("delhi") is first
    assert child.own_available() is child.own_available()
    assert child.own_available() is not parent.available


def test_every_state_of_a_game_is_unchanged_by_the_steps_after_it() -> None:
    pick = random.Random(11)
    state = vijayanagara.new_game(11)
    seen: list[tuple[GameState, str]] = []
    while not state.game_over:
        seen.append((state, state.model_dump_json()))
        state = vijayanagara.apply(state, pick.choice(vijayanagara.legal_actions(state)))
    for st, text in seen:
        assert st.model_dump_json() == text


def test_a_trade_leaves_the_state_before_it_alone() -> None:
    """1.5.2: a Give changes Resources and Cavalry in the new state only."""
    from rules.vijayanagara.actions import Give

    state = _mid_game(6, 30)
    text = state.model_dump_json()
    giver = next(f for f in vijayanagara.PLAYERS if state.resources[f] > 0)
    receiver = next(f for f in vijayanagara.PLAYERS if f != giver)
    after = vijayanagara.apply(state, Give(giver=giver, receiver=receiver, resources=1, cavalry=0))
    assert after.resources[giver] == state.resources[giver] - 1
    assert state.model_dump_json() == text


def test_a_fork_changed_in_every_shared_part_leaves_its_parent_alone() -> None:
    """Every own_... copies its part before the change (the spaces, the card and each PART)."""
    parent = _mid_game(7, 50)
    text = parent.model_dump_json()
    child = parent.fork()
    child.own_resources()[Faction.D] += 1
    child.own_cavalry()[Faction.D] += 1
    child.own_influence()[Faction.B] = 0
    child.own_eligible()[Faction.V] = not parent.eligible[Faction.V]
    child.own_next_eligibility()[Faction.B] = True
    piece = next(iter(parent.available[Faction.D]))
    child.own_available()[Faction.D][piece] += 1
    assert parent.slots[Faction.B]
    child.own_slots()[Faction.B].clear()
    child.own_card().acted.append(Faction.V)
    child.own_space(next(s for s, sp in parent.spaces.items() if sp.pieces)).pieces.clear()
    assert parent.model_dump_json() == text
