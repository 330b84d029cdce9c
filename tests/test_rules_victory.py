"""Rulebook 5.0-5.3: victory points, the Delhi adjustment, and ties broken by Resources."""

from __future__ import annotations

from rules_helpers import B, D, P, V, blank, independent, put

from rules import vijayanagara
from rules.vijayanagara import Faction, GameState
from rules.vijayanagara.game import GAME
from rules.vijayanagara.victory import result_text


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


def _scored(influence: dict[Faction, int], resources: dict[Faction, int]) -> GameState:
    """A finished game where Delhi scores 0 and the others their Influence (5.1-5.3)."""
    s = blank()
    for p in vijayanagara.board().provinces:
        s.spaces[p].tributary = False
    vijayanagara.forces.refresh(s)
    s.influence = influence
    s.resources = resources
    s.game_over = True
    return s


def test_5_0_the_result_names_the_winner_its_vp_and_its_lead_and_why_a_tie_went_its_way() -> None:
    """What a spectator reads at the end: resources are named only where they decided."""
    text = result_text
    lead = _scored({B: 4, V: 2}, {D: 1, B: 1, V: 6})
    assert text(lead) == "Bahmani Kingdom wins with 4 VP, 2 ahead of Vijayanagara Empire"
    broken = _scored({B: 2, V: 2}, {D: 1, B: 7, V: 5})
    assert text(broken) == (
        "Bahmani Kingdom wins the tie at 2 VP with Vijayanagara Empire on Resources, 7 to 5 (5.0)"
    )
    tied = _scored({B: 2, V: 2}, {D: 1, B: 5, V: 5})
    assert (
        text(tied) == "Bahmani Kingdom and Vijayanagara Empire tie with 2 VP and 5 Resources each"
    )
    result = GAME.result(broken)
    assert result is not None and result.text == text(broken)
