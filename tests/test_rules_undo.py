"""Undo: a faction takes back its own steps, never past a die roll, a card reveal or a
hand-off to another faction."""

from __future__ import annotations

import pytest
from rules_helpers import B, D, P, V, blank, dice_rng, event_card, on_card, pieces, put, run, turn

from rules import vijayanagara

SAME = {"spaces", "resources", "available", "frames", "cavalry", "influence", "rng", "deck"}


def _same(a: vijayanagara.GameState, b: vijayanagara.GameState) -> bool:
    return a.model_dump(include=SAME) == b.model_dump(include=SAME)


def test_undo_takes_back_own_steps_one_at_a_time() -> None:
    s0 = turn(blank(), D)
    s1 = run(s0, "command")
    s2 = run(s1, "conscript; place 3 troop in delhi")
    s3 = run(s2, "place 1 troop in sindh")
    assert vijayanagara.can_undo(s3) == D
    u = vijayanagara.undo(s3)
    assert _same(u, s2)
    u = vijayanagara.undo(vijayanagara.undo(vijayanagara.undo(u)))
    assert _same(u, s0)
    assert vijayanagara.can_undo(u) is None
    with pytest.raises(vijayanagara.IllegalAction, match="nothing to undo"):
        vijayanagara.undo(u)


def test_undo_never_past_a_die_roll() -> None:
    s = blank()
    s.spaces["andhra"].tributary = False
    put(s, "andhra", P.TROOP, 2)
    put(s, "andhra", P.REBEL_RAJA, 1)
    s.resources[D] = 5
    s.cavalry = {D: 1, B: 0, V: 0}
    s.cavalry_pool = 9
    s.rng = dice_rng((3, 6, 6, 6), (6, 6))
    s = run(turn(s, D), "command; attack; select andhra")
    assert vijayanagara.prompt(s).kind == "battle"  # the dice are rolled: D may Charge
    assert vijayanagara.can_undo(s) is None
    with pytest.raises(vijayanagara.IllegalAction):
        vijayanagara.undo(s)
    t = run(s, "charge 1")
    assert pieces(t, "andhra").get(P.REBEL_RAJA, 0) == 0


def test_undo_never_past_a_hand_off_to_another_faction() -> None:
    s = on_card(vijayanagara.new_game(1).clone(), event_card((D, B, V)))
    s = run(s, "pass")
    assert vijayanagara.prompt(s).faction == B
    assert vijayanagara.can_undo(s) is None
    with pytest.raises(vijayanagara.IllegalAction):
        vijayanagara.undo(s)
    t = run(s, "command")
    assert vijayanagara.can_undo(t) == B
    assert vijayanagara.prompt(vijayanagara.undo(t)).faction == B


def test_undo_never_past_a_card_reveal() -> None:
    s = vijayanagara.new_game(1).clone()
    s.eligible = {D: True, B: False, V: False}
    s = on_card(s, event_card((D, B, V)))
    deck_before = vijayanagara.cards_left(s)
    s = run(s, "pass")  # the last Eligible faction: the next card is revealed
    assert vijayanagara.cards_left(s) < deck_before
    assert vijayanagara.can_undo(s) is None


def test_undo_of_a_trade_is_not_possible() -> None:
    s = run(vijayanagara.new_game(1), "give 1 resources from D to V")
    assert vijayanagara.can_undo(s) is None
    assert s.resources[V] == 8 and vijayanagara.prompt(s).faction in (D, B, V)
