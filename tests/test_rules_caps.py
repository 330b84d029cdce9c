"""A gain or loss cut by a bound says so in its own log line: Resources 0 to 24 (1.8), the ten
Cavalry tokens (1.10), the Influence track 0 to 4 (1.9), Plunder's floor of 3 (3.5.3)."""

from __future__ import annotations

from rules_helpers import B, D, V, blank, frame, independent, on_card, put, run

from rules import vijayanagara


def _decree(
    s: vijayanagara.GameState, name: str, faction: vijayanagara.Faction = D
) -> vijayanagara.GameState:
    return run(frame(s, "command_decree", faction, command=True, decree=False), name)


def test_1_8_collect_tribute_cut_by_the_cap_says_capped_at_24() -> None:
    s = blank()  # every Province Tributary: Prosperity 18, half is 9
    s.resources[D] = 18
    s = _decree(s, "collect-tribute")
    assert s.resources[D] == 24
    assert "D Collects Tribute: +6 Resources (Tributary Prosperity 18; capped at 24)." in s.log


def test_1_8_trade_and_tax_cut_by_the_cap() -> None:
    s = blank()
    for space in ("gujarat", "malwa", "sindh"):
        put(s, space, vijayanagara.Piece.AMIR)
    s.resources[B] = 23
    s = _decree(s, "trade", B)
    assert "B Trades: +1 Resource (3 Provinces with a Bahmani piece; capped at 24)." in s.log
    s = blank()
    independent(s, "andhra")
    put(s, "andhra", vijayanagara.Piece.RAJA)  # Vijayanagara Controls Andhra (1.7)
    s.resources[V] = 24
    s = run(frame(s, "command_decree", V, command=True, decree=False), "tax")
    assert any(
        line.startswith("V Taxes: +0 Resources (") and "capped at 24" in line for line in s.log
    )


def test_1_8_a_whole_gain_says_no_cap() -> None:
    s = blank()
    s.resources[D] = 0
    s = _decree(s, "collect-tribute")
    assert "D Collects Tribute: +9 Resources (Tributary Prosperity 18)." in s.log


def test_1_8_pass_income_cut_by_the_cap() -> None:
    s = on_card(blank(), vijayanagara.cards.standard_deck().cards[8].number)  # order B, V, D
    s.resources[B] = 24
    s = run(s, "pass")
    assert "Bahmani Kingdom Passes (+0 Resources: +1 capped at 24)." in s.log


def test_1_8_1_9_an_event_cut_by_the_tracks_says_by_how_much() -> None:
    s = blank()
    s.influence = {B: 4, V: 0}
    s.slots = {B: {2: 0, 4: 0}, V: {1: 2, 2: 2, 3: 2, 4: 2}}
    s.available[B][vijayanagara.Piece.AMIR] += 4
    s.resources[B] = 23
    s = run(on_card(s, 8), "event; unshaded")  # The Turquoise Throne: B +1, V -1, B +2
    assert "Bahmani Kingdom Influence stays at 4 (+1 capped at 4, the track's end, 1.9)." in s.log
    assert (
        "Vijayanagara Empire Influence stays at 0 (-1 stops at 0, the track's end, 1.9)." in s.log
    )
    assert "Event: B Resources +1 (+2 capped at 24)." in s.log


def test_1_10_cavalry_beyond_the_ten_tokens_says_so() -> None:
    s = blank()
    s.cavalry = {D: 10, B: 0, V: 0}
    s.cavalry_pool = 0
    s = _decree(s, "collect-tribute")
    assert "D gains no Cavalry (it holds all 10 tokens, 1.10)." in s.log
    s = blank()
    s.cavalry = {D: 9, B: 0, V: 0}
    s.cavalry_pool = 1
    s = _decree(s, "collect-tribute")
    assert "D gains 1 Cavalry (of 2: it holds all 10 tokens, 1.10)." in s.log


def test_3_5_3_plunder_says_where_its_floor_of_3_stopped_it() -> None:
    from rules.vijayanagara.mongols import plunder_resources

    s = blank()
    s.resources[D] = 5
    plunder_resources(s, 4)
    assert (
        s.resources[D] == 3
        and s.log[-1] == "Plunder: Delhi Resources 5 -> 3 (-4 stops at 3, 3.5.3)."
    )
    plunder_resources(s, 2)
    assert s.log[-1] == "Plunder: Delhi Resources stay at 3 (Plunder takes none below 3, 3.5.3)."


def test_1_9_units_the_influence_marker_passes_go_to_available_and_are_told() -> None:
    """A trial worked out from the picture that its Influence 2 had freed 2 Amirs (1.9)."""
    from rules.vijayanagara.flow import change_influence

    s = blank()
    s.influence = {B: 1, V: 0}
    s.slots = {B: {2: 2, 4: 2}, V: {1: 2, 2: 2, 3: 2, 4: 2}}
    held = s.available[B][vijayanagara.Piece.AMIR]
    change_influence(s, B, 1)
    assert s.available[B][vijayanagara.Piece.AMIR] == held + 2
    assert s.log[-2:] == [
        "Bahmani Kingdom Influence 1 -> 2.",
        "B places 2 Amirs from its Influence track in Available (1.9).",
    ]


def test_1_9_a_shift_that_frees_no_unit_is_told_once() -> None:
    """A trial read "Bahmani Kingdom Influence 0 -> 1." then "... stays at 1 (+1 capped at
    1, the track's end)" and thought the shift made twice: a shift made is one line."""
    from rules.vijayanagara.flow import change_influence

    s = blank()
    s.influence = {B: 0, V: 2}
    s.slots = {B: {1: 0, 2: 2, 3: 2, 4: 2}, V: {3: 2, 4: 2}}
    before = len(s.log)
    change_influence(s, B, 1)
    change_influence(s, V, -1)
    assert s.log[before:] == [
        "Bahmani Kingdom Influence 0 -> 1.",
        "Vijayanagara Empire Influence 2 -> 1.",
    ]


def test_2_3_1_a_card_no_faction_is_eligible_for_says_it_passes_unplayed() -> None:
    """A trial read "Card 23 ... no Faction acted" and wondered why: every Faction was
    Ineligible (2.3.1: Ineligible Factions are skipped)."""
    s = blank()
    s.eligible = {D: False, B: False, V: False}
    s = on_card(s, 8)
    assert "No Faction is Eligible: the card passes unplayed (2.3.1)." in s.log
    assert s.log.index("No Faction is Eligible: the card passes unplayed (2.3.1).") < max(
        k for k, line in enumerate(s.log) if line.startswith("Eligibility adjusted")
    )
