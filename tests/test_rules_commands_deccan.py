"""Rulebook 1.4.5, 1.4.6, 1.6, 1.7 (pieces, Tributary and Control) and the Deccan Commands
3.3.1-3.3.3 / 3.4.1-3.4.3 (Rally, Migrate, Rebel)."""

from __future__ import annotations

import pytest
from rules_helpers import B, D, P, V, blank, frame, independent, legal_text, pieces, put, run, turn

from rules import vijayanagara
from rules.vijayanagara.forces import place, set_tributary


# -- 1.4.5 / 1.4.6 / 1.6 / 1.7 ----------------------------------------------------------
def test_1_7_control_is_a_majority_over_all_opposing_pieces_combined() -> None:
    s = blank()
    independent(s, "andhra")
    put(s, "andhra", P.RAJA, 2)
    put(s, "andhra", P.TROOP, 1)
    put(s, "andhra", P.AMIR, 1)
    assert s.spaces["andhra"].control is None  # 2 vs 2: no majority
    put(s, "andhra", P.TEMPLE, 1)  # Structures are pieces too
    assert s.spaces["andhra"].control == V


def test_1_7_tributary_provinces_are_never_controlled() -> None:
    s = blank()
    put(s, "andhra", P.RAJA, 5)
    assert s.spaces["andhra"].tributary and s.spaces["andhra"].control is None


def test_1_4_5_units_in_own_controlled_province_are_rebelling() -> None:
    s = blank()
    independent(s, "andhra", "gujarat")
    put(s, "andhra", P.RAJA, 3)
    assert s.spaces["andhra"].pieces == {P.REBEL_RAJA: 3}
    put(s, "gujarat", P.AMIR, 2)
    assert s.spaces["gujarat"].pieces == {P.REBEL_AMIR: 2}
    # they may stay Rebelling after losing Control
    put(s, "gujarat", P.TROOP, 3)
    assert s.spaces["gujarat"].control == D
    assert s.spaces["gujarat"].pieces[P.REBEL_AMIR] == 2


def test_1_4_6_placed_amirs_and_rajas_are_obedient_unless_in_own_controlled_province() -> None:
    s = blank()
    independent(s, "andhra", "gondwana")
    place(s, "karnataka", P.RAJA, 2)  # Tributary
    place(s, "gondwana", P.RAJA, 1)  # Independent, Uncontrolled before: now V Controlled
    put(s, "andhra", P.TROOP, 1)
    put(s, "andhra", P.RAJA, 2)
    place(s, "andhra", P.RAJA, 1)
    assert s.spaces["karnataka"].pieces == {P.RAJA: 2}
    assert s.spaces["andhra"].pieces == {P.TROOP: 1, P.REBEL_RAJA: 3}
    assert s.available[V][P.RAJA] == 22 - 8 - 6


def test_1_4_6_no_placement_when_holding_box_is_empty() -> None:
    s = blank()
    s.available[B][P.AMIR] = 0
    assert place(s, "maharashtra", P.AMIR, 1) == 0


def test_1_6_placing_a_tributary_marker_flips_rebels_to_obedient() -> None:
    s = blank()
    independent(s, "andhra")
    put(s, "andhra", P.REBEL_RAJA, 2)
    put(s, "andhra", P.REBEL_AMIR, 1)
    set_tributary(s, "andhra", True)
    assert s.spaces["andhra"].pieces == {P.RAJA: 2, P.AMIR: 1}
    assert s.spaces["andhra"].control is None


# -- Rally -------------------------------------------------------------------------------
def test_3_3_1_rally_counts_and_orientation() -> None:
    s = blank()
    independent(s, "gujarat")
    put(s, "gujarat", P.AMIR, 1)  # Bahmani Controlled
    put(s, "sindh", P.AMIR, 1)  # Tributary
    s.resources[B] = 10
    s = run(
        turn(s, B),
        "command; rally; place 2 amir in maharashtra; place 2 amir in gujarat; "
        "place 1 amir in sindh",
    )
    assert pieces(s, "maharashtra") == {P.AMIR: 2}  # even without a Bahmani piece
    assert pieces(s, "gujarat") == {P.REBEL_AMIR: 3}  # Rebelling when Controlled
    assert pieces(s, "sindh") == {P.AMIR: 2}
    assert s.resources[B] == 7


def test_3_3_1_rally_limits() -> None:
    s = blank()
    put(s, "sindh", P.AMIR, 1)
    s.resources[B] = 10
    s = run(turn(s, B), "command; rally")
    for bad in ("place 2 amir in sindh", "place 3 amir in maharashtra", "place 1 amir in orissa"):
        with pytest.raises(vijayanagara.IllegalAction):
            run(s, bad)


def test_3_4_1_rally_karnataka_temple_and_control_bonuses() -> None:
    s = blank()
    independent(s, "karnataka")
    put(s, "karnataka", P.TEMPLE)
    put(s, "tamilakam", P.TEMPLE)
    s.resources[V] = 10
    s = run(turn(s, V), "command; rally")
    assert "place 4 raja in karnataka" in legal_text(s)  # 1 +1 home +1 Temple +1 Control
    assert "place 3 raja in tamilakam" not in legal_text(s)
    s = run(s, "place 4 raja in karnataka; place 2 raja in tamilakam")
    assert pieces(s, "karnataka") == {P.TEMPLE: 1, P.REBEL_RAJA: 4}
    assert pieces(s, "tamilakam") == {P.TEMPLE: 1, P.RAJA: 2}


# -- Migrate -----------------------------------------------------------------------------
def test_3_3_2_migrate_at_most_three_into_each_destination_from_adjacent() -> None:
    s = blank()
    put(s, "maharashtra", P.AMIR, 3)
    put(s, "madhyadesh", P.AMIR, 2)
    s.resources[B] = 5
    s = run(turn(s, B), "command; migrate; move 2 amir from maharashtra to andhra")
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "move 2 amir from madhyadesh to andhra")
    s = run(s, "move 1 amir from madhyadesh to andhra")
    assert pieces(s, "andhra") == {P.AMIR: 3}
    assert s.resources[B] == 4
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "move 1 amir from maharashtra to tamilakam")  # not adjacent


def test_3_3_2_migrate_orientation() -> None:
    s = blank()
    independent(s, "andhra", "gujarat", "malwa")
    put(s, "gujarat", P.AMIR, 2)  # Bahmani Controlled Province
    put(s, "maharashtra", P.REBEL_AMIR, 3)  # Rebelling Amirs in a Tributary (e.g. after attack)
    put(s, "andhra", P.TROOP, 5)  # Independent, Sultanate Controlled
    s.resources[B] = 10
    s = run(
        turn(s, B),
        "command; migrate; move 1 rebel-amir from maharashtra to andhra; "
        "move 1 rebel-amir from maharashtra to madhyadesh",
    )
    assert pieces(s, "andhra")[P.REBEL_AMIR] == 1  # keeps its orientation
    assert pieces(s, "madhyadesh") == {P.AMIR: 1}  # Obedient entering a Tributary
    t = blank()
    independent(t, "gujarat", "malwa")
    put(t, "gujarat", P.AMIR, 2)
    put(t, "malwa", P.TROOP, 1)
    put(t, "malwa", P.AMIR, 1)  # 1 vs 1: Malwa Uncontrolled, its Amir Obedient
    t.resources[B] = 5
    t = run(turn(t, B), "command; migrate; move 1 amir from malwa to gujarat")
    assert pieces(t, "gujarat") == {P.REBEL_AMIR: 3}


def test_3_3_2_migrate_influence_shift_once_for_one_resource() -> None:
    s = blank()
    put(s, "maharashtra", P.AMIR, 3)
    put(s, "andhra", P.RAJA, 1)
    put(s, "karnataka", P.RAJA, 1)
    s.influence[V] = 1
    s.resources[B] = 5
    s = run(turn(s, B), "command; migrate")
    assert "shift B +1" not in legal_text(s)  # no destination with a Raja yet
    s = run(s, "move 1 amir from maharashtra to andhra; shift B +1")
    assert s.influence == {B: 1, V: 0}
    assert s.resources[B] == 3
    s = run(s, "move 1 amir from maharashtra to karnataka")
    assert "shift B +1" not in legal_text(s)  # up to one destination


def test_3_1_3_free_migrate_still_pays_for_the_influence_shift() -> None:
    s = blank()
    put(s, "karnataka", P.RAJA, 2)
    put(s, "maharashtra", P.AMIR, 1)
    s.resources[V] = 1
    s = frame(s, "free_limited", V)
    s = run(s, "migrate; move 2 raja from karnataka to maharashtra; shift V +1")
    assert s.resources[V] == 0
    assert s.influence[V] == 1
    t = blank()
    put(t, "karnataka", P.RAJA, 2)
    put(t, "maharashtra", P.AMIR, 1)
    t.resources[V] = 0
    t = run(frame(t, "free_limited", V), "migrate; move 2 raja from karnataka to maharashtra")
    assert "shift V +1" not in legal_text(t)


# -- Rebel -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("faction", "unit", "rebel"), [(B, P.AMIR, P.REBEL_AMIR), (V, P.RAJA, P.REBEL_RAJA)]
)
def test_3_3_3_and_3_4_3_rebel_needs_a_strict_majority(
    faction: vijayanagara.Faction, unit: vijayanagara.Piece, rebel: vijayanagara.Piece
) -> None:
    s = blank()
    s.dynasty = "tughlaq"
    put(s, "andhra", unit, 2)
    put(s, "andhra", P.TROOP, 1)
    put(s, "orissa", unit, 2)
    put(s, "orissa", P.TROOP, 2)
    s.resources[faction] = 5
    s = run(turn(s, faction), "command; rebel")
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "select orissa")  # 2 vs 2 is no majority
    s = run(s, "select andhra")
    assert not s.spaces["andhra"].tributary
    assert s.spaces["andhra"].control == faction
    assert pieces(s, "andhra") == {rebel: 2, P.TROOP: 1}
    assert s.resources[faction] == 4


def test_3_1_2_an_amir_migrates_only_once_per_command() -> None:
    s = blank()
    put(s, "maharashtra", P.AMIR, 2)
    s.resources[B] = 5
    s = run(turn(s, B), "command; migrate; move 2 amir from maharashtra to andhra")
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "move 1 amir from andhra to tamilakam")


def test_3_4_2_rajas_become_obedient_entering_a_tributary() -> None:
    s = blank()
    independent(s, "andhra")
    put(s, "andhra", P.RAJA, 3)  # Vijayanagara Controlled: Rebelling
    s.resources[V] = 5
    s = run(turn(s, V), "command; migrate; move 2 rebel-raja from andhra to karnataka")
    assert pieces(s, "karnataka") == {P.RAJA: 2}
    assert pieces(s, "andhra") == {P.REBEL_RAJA: 1}


def test_2_3_5_a_limited_rebel_with_one_possible_province_selects_it_unasked() -> None:
    """A Limited Command must act in its one space (2.3.5): the only Province where Rebel
    can act is selected by the table, which says so."""
    s = blank()
    s.dynasty = "tughlaq"
    put(s, "andhra", P.AMIR, 2)
    put(s, "andhra", P.TROOP, 1)
    s.resources[B] = 5
    s = run(turn(s, B), "limited; rebel")
    assert (
        "B Limited Rebel selects Andhra unasked: the only step it can take, and it must act "
        "(2.3.5)." in s.log
    )
    assert pieces(s, "andhra") == {P.REBEL_AMIR: 2, P.TROOP: 1}
    assert s.resources[B] == 4
