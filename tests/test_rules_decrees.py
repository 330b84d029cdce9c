"""Rulebook 4.2.1-4.4.3 (Decrees), 1.9 (Deccan Influence and its Unit slots) and the
Influence bonuses of 1.9.1 (Trade, Conspire) and 1.9.2 (Compel)."""

from __future__ import annotations

import pytest
from rules_helpers import B, D, P, V, blank, frame, independent, legal_text, pieces, put, run

from rules import vijayanagara


def _decree(
    s: vijayanagara.GameState, faction: vijayanagara.Faction, name: str
) -> vijayanagara.GameState:
    s = frame(s, "command_decree", faction, command=True, decree=False)
    return run(s, name)


def _pool(s: vijayanagara.GameState) -> None:
    s.cavalry = {D: 0, B: 0, V: 0}
    s.cavalry_pool = 10


# -- 1.9 Influence track -------------------------------------------------------------------
def test_1_9_units_go_to_available_when_the_marker_reaches_their_slot() -> None:
    s = blank()
    s.resources[D] = 24
    s = frame(s, "lords", D, times=0)
    s = run(s, "shift V +1")
    assert s.influence[V] == 1 and s.slots[V][1] == 0
    assert s.available[V][P.RAJA] == 22 + 2 - 8
    s = run(s, "shift B +1")
    assert s.slots[B] == {2: 2, 4: 2}  # no slot at 1 on the Bahmani track
    s = run(s, "shift B +1")
    assert s.slots[B] == {2: 0, 4: 2}
    assert s.available[B][P.AMIR] == 18 - 4 + 2
    assert s.resources[D] == 15


def test_2_5_3_a_faction_short_of_3_resources_is_told_why_it_shifts_nothing() -> None:
    s = blank()
    s.resources[D] = 4
    s = run(frame(s, "lords", D, times=0), "shift V +1")
    said = "D has 1 Resource, fewer than the 3 a shift costs: no more Influence shifted (2.5.3)."
    assert said in s.log
    s = blank()
    s.resources[B] = 2
    s = frame(s, "lords", B, times=0)
    assert (
        "B has 2 Resources, fewer than the 3 a shift costs: no Influence shifted (2.5.3)." in s.log
    )


def test_1_9_influence_stays_between_0_and_4() -> None:
    s = blank()
    s.influence = {B: 4, V: 0}
    s.slots = {B: {2: 0, 4: 0}, V: {1: 2, 2: 2, 3: 2, 4: 2}}
    s.available[B][P.AMIR] += 4
    s.resources[B] = 9
    s = frame(s, "lords", B, times=0)
    assert "shift B +1" not in legal_text(s) and "shift V -1" not in legal_text(s)


def test_1_9_refill_an_emptied_slot_when_influence_falls_below_it() -> None:
    s = blank()
    s.influence[V] = 1
    s.slots[V][1] = 0
    s.available[V][P.RAJA] += 2
    put(s, "karnataka", P.RAJA, 3)
    s.resources[D] = 3
    s = run(frame(s, "lords", D, times=0), "shift V -1")
    assert vijayanagara.prompt(s).faction == V and vijayanagara.prompt(s).kind == "refill"
    assert "slot raja from available" in legal_text(s)
    assert "slot raja from karnataka" in legal_text(s)
    assert vijayanagara.prompt(s).text.endswith("from Available or from the map (1.9).")
    s = run(s, "slot raja from karnataka; slot raja from available")
    assert s.slots[V][1] == 2 and s.influence[V] == 0
    assert pieces(s, "karnataka") == {P.RAJA: 2}


def test_1_9_a_refill_with_none_available_is_asked_from_the_map_alone() -> None:
    """A trial, told to return Rajas "from Available or from the map", typed `slot raja from
    available` with none there."""
    s = blank()
    s.influence[V] = 1
    s.slots[V][1] = 0
    s.available[V][P.RAJA] += 2  # (the emptied slot's)
    put(s, "karnataka", P.RAJA, 3)
    put(s, "tamilakam", P.RAJA, s.available[V][P.RAJA])  # none left Available
    s.resources[D] = 3
    s = run(frame(s, "lords", D, times=0), "shift V -1")
    assert vijayanagara.prompt(s).text.endswith(
        "return 2 Rajas to the track from the map (no Raja Available) (1.9)."
    )
    assert "slot raja from available" not in legal_text(s)


# -- Delhi Decrees -------------------------------------------------------------------------
def test_4_2_1_collect_tribute_half_tributary_prosperity_and_two_cavalry() -> None:
    s = blank()
    _pool(s)
    independent(s, "sindh")  # Prosperity 1: 17 left, half is 8
    s.resources[D] = 0
    s = _decree(s, D, "collect-tribute")
    assert s.resources[D] == 8
    assert s.cavalry[D] == 2 and s.cavalry_pool == 8


def test_4_2_2_campaign_three_spaces_picking_up_and_dropping_off() -> None:
    s = blank()
    put(s, "delhi", P.TROOP, 3)
    put(s, "jaunpur", P.GOVERNOR, 1)
    s = _decree(s, D, "campaign")
    s = run(s, "select delhi; take 3 troop; go jaunpur; take 1 governor; go orissa")
    s = run(s, "drop 1 troop; go andhra")
    assert not any(t.startswith("go ") for t in legal_text(s))  # three spaces away at most
    s = run(s, "done")
    assert pieces(s, "orissa") == {P.TROOP: 1}
    assert pieces(s, "andhra") == {P.TROOP: 2, P.GOVERNOR: 1}
    assert pieces(s, "delhi") == {} and pieces(s, "jaunpur") == {}


def test_4_2_2_a_drop_of_pieces_taken_where_the_campaign_stands_is_noted_and_not_useful() -> None:
    """A trial saw Delhi's Campaign pick Troops up and drop them in the same space: such a
    drop stays legal (pick-ups and drops anywhere along the way) but puts down pieces that have
    not moved, so a person is asked about it and the AIs never choose it."""
    s = blank()
    put(s, "delhi", P.TROOP, 2)
    put(s, "jaunpur", P.TROOP, 3)
    put(s, "jaunpur", P.GOVERNOR, 1)
    s = _decree(s, D, "campaign")
    s = run(s, "select delhi; take 2 troop; go jaunpur; take 3 troop; take 1 governor")

    def note(step: str) -> str | None:
        return vijayanagara.idle_note(s, vijayanagara.parse(s, step)[0])

    assert [t for t in legal_text(s) if t.endswith(" troop") and t.startswith("drop ")] == [
        f"drop {n} troop" for n in range(1, 6)
    ]
    assert note("drop 2 troop") is None
    assert note("drop 3 troop") == "only 2 Troops came here: the rest were taken here (4.2.2)"
    useful = {vijayanagara.describe(s, a) for a in vijayanagara.useful_actions(s)}
    assert {"drop 1 troop", "drop 2 troop"} <= useful and "drop 3 troop" not in useful
    assert note("drop 1 governor") == "the Governors were taken here: they have not moved (4.2.2)"
    s = run(s, "go orissa")
    assert note("drop 5 troop") is None and note("drop 1 governor") is None


def test_4_2_3_demand_obedience() -> None:
    s = blank()
    independent(s, "andhra", "gujarat")
    put(s, "andhra", P.GOVERNOR, 1)
    put(s, "andhra", P.TROOP, 3)
    put(s, "andhra", P.REBEL_RAJA, 2)
    put(s, "gujarat", P.TROOP, 3)  # Sultanate Controlled but no Governor
    s.resources[D] = 5
    s = _decree(s, D, "demand-obedience")
    assert "select gujarat" not in legal_text(s)
    s = run(s, "select andhra")
    assert s.spaces["andhra"].tributary and s.spaces["andhra"].control is None
    assert pieces(s, "andhra")[P.RAJA] == 2
    assert s.resources[D] == 7  # Andhra Prosperity 2


def test_4_1_a_decree_that_would_do_nothing_is_marked_but_stays_legal() -> None:
    # No Sultanate Controlled Province with a Governor: Demand Obedience would do nothing.
    s = frame(blank(), "command_decree", D, command=True, decree=False)
    nothing = vijayanagara.Choose(option="demand-obedience")
    assert vijayanagara.idle_note(s, nothing) == "no province qualifies, does nothing"
    assert "demand-obedience (no province qualifies, does nothing)" in vijayanagara.prompt(s).text
    assert nothing in vijayanagara.legal_actions(s)  # 4.1: any of the faction's Decrees
    independent(s, "andhra")
    put(s, "andhra", P.GOVERNOR, 1)
    put(s, "andhra", P.TROOP, 3)
    assert vijayanagara.idle_note(s, nothing) is None
    assert "demand-obedience (" not in vijayanagara.prompt(s).text


@pytest.mark.parametrize(
    ("faction", "name", "note"),
    [
        (D, "collect-tribute", "it would gain nothing, does nothing"),
        (D, "campaign", "no Troops or Governors to move, does nothing"),
        (B, "trade", "it would gain nothing, does nothing"),
        (B, "conspire", "no province qualifies, does nothing"),
        (V, "tax", "it would gain nothing, does nothing"),
    ],
)
def test_4_1_every_decree_that_would_do_nothing_is_marked(
    faction: vijayanagara.Faction, name: str, note: str
) -> None:
    s = blank()  # no Tributary Prosperity counts for Collect Tribute once at the most
    s.resources = {D: 24, B: 24, V: 0}  # at the most (1.8), or nothing to gain
    s.cavalry = {D: 0, B: 0, V: 0} | {faction: 10}  # no Cavalry left to gain (1.10)
    s.cavalry_pool = 0
    put(s, "andhra", P.RAJA, 1)  # Build and Compel possible: Vijayanagara chooses its Decree
    put(s, "andhra", P.AMIR, 2)  # (not Controlled: Tax gains nothing)
    s = frame(s, "command_decree", faction, command=True, decree=False)
    assert vijayanagara.idle_note(s, vijayanagara.Choose(option=name)) == note


def test_4_1_command_and_decree_with_one_decree_left_takes_it_unasked() -> None:
    """After its Command, Vijayanagara with no piece on the map can only Tax (4.1: it must
    choose a Decree): the table takes it and says so."""
    s = blank()
    s = frame(s, "command_decree", V, command=True, decree=False)
    assert "V's Decree is Tax, unasked: the only one left (4.1)." in s.log
    assert "V Decrees: Tax." in s.log


# -- Bahmani Decrees -----------------------------------------------------------------------
@pytest.mark.parametrize(("influence", "cavalry"), [(0, 1), (1, 2), (2, 2), (3, 3), (4, 3)])
def test_4_3_1_and_1_9_1_trade(influence: int, cavalry: int) -> None:
    s = blank()
    _pool(s)
    s.influence[B] = influence
    put(s, "maharashtra", P.AMIR, 2)
    put(s, "gujarat", P.FORT)
    put(s, "sindh", P.AMIR)
    s.resources[B] = 0
    s = _decree(s, B, "trade")
    assert s.resources[B] == 3
    assert s.cavalry[B] == cavalry


def test_4_3_2_build_a_fort_where_an_amir_is_and_no_fort_yet() -> None:
    s = blank()
    put(s, "maharashtra", P.AMIR, 1)
    put(s, "maharashtra", P.FORT)
    put(s, "sindh", P.AMIR, 1)
    put(s, "orissa", P.RAJA, 1)
    put(s, "gujarat", P.AMIR, 1)
    s = _decree(s, B, "build")
    assert set(legal_text(s)) == {"place 1 fort in sindh", "place 1 fort in gujarat"}
    s = run(s, "place 1 fort in sindh")
    assert pieces(s, "sindh") == {P.AMIR: 1, P.FORT: 1}


def test_4_3_2_build_with_one_possible_province_builds_there_unasked() -> None:
    """The only Province where a Fort may go is not asked for: the table says so."""
    s = blank()
    put(s, "maharashtra", P.AMIR, 1)
    put(s, "maharashtra", P.FORT)
    put(s, "sindh", P.AMIR, 1)
    s = _decree(s, B, "build")
    assert pieces(s, "sindh") == {P.AMIR: 1, P.FORT: 1}
    assert (
        "B Builds in Sindh unasked: the only Province with its Unit and no Fort (4.3.2)." in s.log
    )


def test_4_3_3_conspire_replaces_governors_in_up_to_two_provinces_with_bahmani() -> None:
    s = blank()
    for sp in ("sindh", "gujarat", "rajput"):
        put(s, sp, P.GOVERNOR)
        put(s, sp, P.AMIR)
    put(s, "malwa", P.GOVERNOR)  # no Bahmani piece there
    put(s, "maharashtra", P.AMIR)
    put(s, "maharashtra", P.RAJA)
    s = _decree(s, B, "conspire")
    opts = legal_text(s)
    assert "replace governor with nothing in malwa" not in opts
    # removing alone is a replace not taken in full (1.4.6): a trial doubted `with nothing`
    assert "replace governor with nothing in sindh" in opts
    assert "or remove it (`with nothing`: a replace need not be taken in full, 1.4.6)" in (
        vijayanagara.prompt(s).text
    )
    assert not any("raja" in o for o in opts)  # Influence 0
    s = run(s, "replace governor with rebel-amir in sindh; replace governor with amir in gujarat")
    assert pieces(s, "sindh") == {P.AMIR: 1, P.REBEL_AMIR: 1}
    assert pieces(s, "gujarat") == {P.AMIR: 2}
    assert pieces(s, "rajput") == {P.GOVERNOR: 1, P.AMIR: 1}


def test_1_9_1_conspire_at_influence_two_replaces_rajas_in_or_adjacent() -> None:
    s = blank()
    s.influence[B] = 2
    put(s, "maharashtra", P.AMIR)
    put(s, "karnataka", P.RAJA)  # adjacent to Maharashtra
    independent(s, "andhra")
    put(s, "andhra", P.REBEL_RAJA, 1)  # adjacent, Rebelling
    put(s, "malwa", P.GOVERNOR)  # adjacent
    put(s, "tamilakam", P.RAJA)  # not adjacent to a Bahmani piece
    s = _decree(s, B, "conspire")
    opts = legal_text(s)
    assert "replace raja with amir in karnataka" in opts
    assert "replace governor with amir in malwa" in opts
    assert "replace rebel-raja with rebel-amir in andhra" in opts
    assert "replace rebel-raja with amir in andhra" not in opts
    assert not any("tamilakam" in o for o in opts)


def test_4_3_3_conspire_is_told_in_words_and_refuses_a_province_twice_saying_different() -> None:
    """A trial's second Conspire in Maharashtra was refused without saying why, and its log
    read `rebel-raja -> rebel-amir`."""
    s = blank()
    s.influence[B] = 2
    put(s, "maharashtra", P.AMIR)
    put(s, "maharashtra", P.RAJA, 2)
    put(s, "gujarat", P.GOVERNOR)  # a second Province to conspire in
    put(s, "gujarat", P.AMIR)
    s = run(_decree(s, B, "conspire"), "replace raja with amir in maharashtra")
    assert s.log[-1] == "B Conspires in Maharashtra: 1 Raja replaced with 1 Amir."
    with pytest.raises(vijayanagara.IllegalAction) as refused:
        run(s, "replace raja with amir in maharashtra")
    assert refused.value.reason == (
        "Conspire acts in two different Provinces, and it has in Maharashtra (4.3.3)"
    )


# -- Vijayanagara Decrees ------------------------------------------------------------------
def test_4_4_1_tax_controlled_prosperity_plus_temples() -> None:
    s = blank()
    independent(s, "andhra")
    put(s, "andhra", P.RAJA, 1)  # Controlled, Prosperity 2
    put(s, "karnataka", P.TEMPLE)  # Tributary: no Prosperity, 1 Temple
    put(s, "karnataka", P.RAJA, 3)
    s.resources[V] = 0
    s = _decree(s, V, "tax")
    assert s.resources[V] == 3


def test_4_4_2_build_a_temple() -> None:
    s = blank()
    put(s, "karnataka", P.RAJA)
    put(s, "karnataka", P.TEMPLE)
    put(s, "andhra", P.RAJA)
    put(s, "tamilakam", P.RAJA)
    s = _decree(s, V, "build")
    assert set(legal_text(s)) == {"place 1 temple in andhra", "place 1 temple in tamilakam"}


def test_4_4_3_compel_place_or_move_in_up_to_two() -> None:
    s = blank()
    put(s, "karnataka", P.RAJA, 3)
    put(s, "tamilakam", P.RAJA, 1)
    s = _decree(s, V, "compel")
    opts = legal_text(s)
    assert "select andhra" in opts  # adjacent to a Raja
    assert "select orissa" not in opts
    s = run(s, "select andhra; place 1 raja in andhra")
    opts = legal_text(s)
    assert "move 1 raja from karnataka to andhra" in opts
    assert "move 2 raja from karnataka to andhra" not in opts  # two in all
    assert not any(o.startswith("remove") for o in opts)  # Influence below 2
    s = run(s, "move 1 raja from karnataka to andhra")
    assert pieces(s, "andhra") == {P.RAJA: 2}


def test_4_4_3_compel_moves_from_one_adjacent_province_only() -> None:
    s = blank()
    put(s, "karnataka", P.RAJA, 3)
    put(s, "tamilakam", P.RAJA, 1)
    s = _decree(s, V, "compel")
    s = run(s, "select andhra; move 1 raja from karnataka to andhra")
    assert "move 1 raja from tamilakam to andhra" not in legal_text(s)


def test_1_9_2_compel_at_influence_two_removes_and_gains_cavalry() -> None:
    s = blank()
    _pool(s)
    s.influence[V] = 2
    s.slots[V] = {1: 0, 2: 0, 3: 2, 4: 2}
    s.available[V][P.RAJA] += 4
    put(s, "karnataka", P.RAJA, 1)
    put(s, "andhra", P.TROOP, 1)
    put(s, "andhra", P.AMIR, 1)
    s = _decree(s, V, "compel")
    s = run(s, "select andhra")
    assert s.cavalry[V] == 1
    s = run(s, "place 2 raja in andhra; remove 1 troop from andhra")
    # removing a Sultanate Unit flips the Rajas just placed to Rebelling
    assert pieces(s, "andhra") == {P.AMIR: 1, P.REBEL_RAJA: 2}
    assert "V removes a Troop from Andhra." in s.log  # by its name (a trial read "rebel-amir")


def test_1_9_2_compel_removing_an_amir_does_not_flip() -> None:
    s = blank()
    _pool(s)
    s.influence[V] = 2
    s.slots[V] = {1: 0, 2: 0, 3: 2, 4: 2}
    s.available[V][P.RAJA] += 4
    put(s, "karnataka", P.RAJA, 1)
    put(s, "andhra", P.TROOP, 2)
    put(s, "andhra", P.AMIR, 1)
    s = run(
        _decree(s, V, "compel"), "select andhra; place 1 raja in andhra; remove 1 amir from andhra"
    )
    s = run(s, "done") if vijayanagara.prompt(s).kind == "compel_space" else s
    assert pieces(s, "andhra") == {P.TROOP: 2, P.RAJA: 1}


def test_4_2_2_a_campaign_with_nothing_carried_or_to_take_ends_unasked() -> None:
    s = blank()
    put(s, "delhi", P.TROOP, 1)
    s = _decree(s, D, "campaign")
    s = run(s, "select delhi; take 1 troop; go malwa; drop 1 troop")
    assert (
        "D Campaign is not asked to go on: it carries nothing and has nothing to take in "
        "Malwa (4.2.2)." in s.log
    )
    assert "D Campaign ends in Malwa." in s.log
    assert pieces(s, "malwa") == {P.TROOP: 1}
