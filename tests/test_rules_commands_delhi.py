"""Rulebook 3.1 (Commands in general) and 3.2.1-3.2.3 (Conscript, March, Govern)."""

from __future__ import annotations

import pytest
from rules_helpers import B, D, P, blank, frame, independent, legal_text, pieces, put, run, turn

from rules import vijayanagara


def _d_turn(resources: int = 10) -> vijayanagara.GameState:
    s = blank()
    s.resources[D] = resources
    return s


def test_3_2_1_conscript_five_in_delhi_two_with_qasbah_one_in_tributary() -> None:
    s = _d_turn()
    put(s, "andhra", P.QASBAH)
    s = turn(s, D)
    s = run(
        s,
        "command; conscript; place 5 troop in delhi; place 2 troop in andhra; "
        "place 1 troop in sindh",
    )
    assert s.spaces["delhi"].pieces[P.TROOP] == 5
    assert s.spaces["andhra"].pieces[P.TROOP] == 2
    assert s.spaces["sindh"].pieces[P.TROOP] == 1
    assert s.resources[D] == 7  # 1 Resource per selected space


def test_3_2_1_conscript_limits_and_locations() -> None:
    s = _d_turn()
    independent(s, "gujarat")
    s = run(turn(s, D), "command; conscript")
    for bad in ("place 6 troop in delhi", "place 2 troop in sindh", "place 1 troop in gujarat"):
        with pytest.raises(vijayanagara.IllegalAction):
            run(s, bad)
    # a Qasbah makes even an Independent Province selectable, and the Mongol regions need one
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "place 1 troop in punjab")


def test_3_1_1_a_space_is_selected_once_per_command() -> None:
    s = run(turn(_d_turn(), D), "command; conscript; place 2 troop in delhi")
    assert not any(t.endswith(" in delhi") for t in legal_text(s))
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "place 1 troop in delhi")


def test_3_1_resources_limit_the_number_of_spaces() -> None:
    s = run(turn(_d_turn(resources=1), D), "command; conscript; place 1 troop in sindh")
    assert s.resources[D] == 0
    assert vijayanagara.prompt(s).kind != "cmd:conscript"


def test_3_2_2_march_from_adjacent_spaces_paying_per_destination() -> None:
    s = _d_turn()
    put(s, "delhi", P.TROOP, 3)
    put(s, "rajput", P.TROOP, 2)
    put(s, "malwa", P.GOVERNOR, 1)
    s = run(
        turn(s, D),
        "command; march; move 3 troop from delhi to jaunpur; move 1 governor from malwa to jaunpur",
    )
    assert s.resources[D] == 9  # one destination so far
    s = run(s, "move 2 troop from rajput to punjab")
    assert pieces(s, "jaunpur") == {P.TROOP: 3, P.GOVERNOR: 1}
    assert pieces(s, "punjab") == {P.TROOP: 2}
    assert s.resources[D] == 8


def test_3_2_2_march_only_from_adjacent_spaces() -> None:
    s = _d_turn()
    put(s, "delhi", P.TROOP, 3)
    s = run(turn(s, D), "command; march")
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "move 1 troop from delhi to sindh")
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "move 1 troop from jaunpur to punjab")  # 1.3.5: not adjacent


def test_3_1_2_a_unit_moves_only_once_per_march() -> None:
    s = _d_turn()
    put(s, "delhi", P.TROOP, 2)
    s = run(turn(s, D), "command; march; move 2 troop from delhi to jaunpur")
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "move 1 troop from jaunpur to orissa")
    # a Unit that was already in the destination space may move on
    s2 = _d_turn()
    put(s2, "delhi", P.TROOP, 2)
    put(s2, "jaunpur", P.TROOP, 1)
    s2 = run(turn(s2, D), "command; march; move 2 troop from delhi to jaunpur")
    s2 = run(s2, "move 1 troop from jaunpur to orissa")
    assert pieces(s2, "orissa") == {P.TROOP: 1}
    assert pieces(s2, "jaunpur") == {P.TROOP: 2}


def test_3_2_3_govern_places_a_governor_for_one_resource() -> None:
    s = run(turn(_d_turn(), D), "command; govern; select gujarat")
    assert pieces(s, "gujarat") == {P.GOVERNOR: 1}
    assert s.resources[D] == 9


def test_3_2_3_govern_with_a_governor_removes_two_obedient_units_and_a_qasbah() -> None:
    s = _d_turn()
    put(s, "andhra", P.GOVERNOR)
    put(s, "andhra", P.RAJA, 2)
    put(s, "andhra", P.AMIR, 1)
    s = run(turn(s, D), "command; govern; select andhra; remove 1 raja from andhra")
    s = run(s, "remove 1 amir from andhra")
    assert "remove 1 raja from andhra" not in legal_text(s)  # at most two
    s = run(s, "place 1 qasbah in andhra; done")
    assert pieces(s, "andhra") == {P.GOVERNOR: 1, P.RAJA: 1, P.QASBAH: 1}
    assert s.resources[D] == 9


def test_3_2_3_govern_never_removes_rebelling_units() -> None:
    s = _d_turn()
    independent(s, "andhra")
    put(s, "andhra", P.GOVERNOR, 3)  # Sultanate Controlled: selectable
    put(s, "andhra", P.REBEL_RAJA, 1)
    s = run(turn(s, D), "command; govern; select andhra")
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "remove 1 rebel-raja from andhra")


def test_3_2_3_govern_locations() -> None:
    s = _d_turn()
    independent(s, "gujarat", "sindh")
    put(s, "sindh", P.AMIR, 2)  # Bahmani Controlled
    s = run(turn(s, D), "command; govern")
    for ok in ("delhi", "punjab", "mountain_passes", "andhra"):
        run(s, f"select {ok}")
    for bad in ("gujarat", "sindh"):  # Independent, not Sultanate Controlled
        with pytest.raises(vijayanagara.IllegalAction):
            run(s, f"select {bad}")


def test_3_1_3_free_command_costs_nothing() -> None:
    s = blank()
    put(s, "maharashtra", P.AMIR, 1)
    s.resources[B] = 0
    s = frame(s, "free_limited", B)
    s = run(s, "rally; place 2 amir in maharashtra")
    assert s.resources[B] == 0
    assert pieces(s, "maharashtra") == {P.AMIR: 3}


def test_2_3_5_limited_march_one_destination_from_several_origins() -> None:
    s = _d_turn()
    put(s, "delhi", P.TROOP, 2)
    put(s, "malwa", P.TROOP, 1)
    s = run(turn(s, D), "limited; march; move 2 troop from delhi to jaunpur")
    assert "move 1 troop from malwa to jaunpur" in legal_text(s)
    assert not any(t.endswith("to rajput") for t in legal_text(s))  # one space only
    s = run(s, "move 1 troop from malwa to jaunpur")
    assert pieces(s, "jaunpur") == {P.TROOP: 3}
    assert s.resources[D] == 9
    assert s.eligible[D]
