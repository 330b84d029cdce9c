"""Rulebook 5.0-5.3: victory points, the Delhi adjustment, and ties broken by Resources."""

from __future__ import annotations

from rules_helpers import B, D, P, V, blank, independent, put

from rules import vijayanagara


def test_5_1_delhi_scores_tributary_prosperity() -> None:
    s = blank()
    independent(s, "andhra", "sindh")  # Prosperity 2 + 1
    assert vijayanagara.score(s)[D] == 15


def test_5_1_delhi_adjustment_added_at_the_end() -> None:
    s = blank()
    s.delhi_adjustment = -3
    assert vijayanagara.score(s)[D] == 15
    s.delhi_adjustment = 3
    assert vijayanagara.score(s)[D] == 21


def test_5_2_bahmani_controlled_prosperity_forts_and_influence() -> None:
    s = blank()
    independent(s, "gujarat", "sindh")
    put(s, "gujarat", P.AMIR, 1)  # Controlled, Prosperity 2
    put(s, "sindh", P.TROOP, 1)
    put(s, "sindh", P.AMIR, 1)  # not Controlled (1 vs 1)
    put(s, "karnataka", P.FORT)  # a Fort in a Tributary still counts
    put(s, "andhra", P.AMIR, 4)  # Tributary: never Controlled
    s.influence[B] = 3
    assert vijayanagara.score(s)[B] == 2 + 1 + 3


def test_5_3_vijayanagara_controlled_prosperity_temples_and_influence() -> None:
    s = blank()
    independent(s, "andhra", "orissa")
    put(s, "andhra", P.RAJA, 2)
    put(s, "andhra", P.TEMPLE)
    put(s, "orissa", P.RAJA, 1)
    put(s, "karnataka", P.TEMPLE)
    s.influence[V] = 1
    assert vijayanagara.score(s)[V] == 2 + 1 + 2 + 1


def test_5_0_ties_broken_by_resources() -> None:
    s = blank()
    for p in vijayanagara.board().provinces:
        s.spaces[p].tributary = False
    vijayanagara.forces.refresh(s)
    s.influence = {B: 2, V: 2}
    s.resources = {D: 1, B: 5, V: 6}
    assert vijayanagara.score(s) == {D: 0, B: 2, V: 2}
    assert vijayanagara.winner(s) == V
    s.resources[B] = 7
    assert vijayanagara.winner(s) == B
    assert vijayanagara.ranking(s) == [B, V, D]
