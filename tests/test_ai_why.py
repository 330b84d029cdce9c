"""The line that says why an AI played its turn so is in a player's words: what changed that
scores, the rule that makes a Mongol advance count, the margin; no evaluation points, and no
"and 2 more" without saying 2 more what."""

from __future__ import annotations

from rules_helpers import D, P, V, blank, independent, put

from ai.vijayanagara.why import why_line
from rules.vijayanagara.game import GAME


def test_the_why_line_has_no_evaluation_points() -> None:
    before = blank()
    after = before.clone()
    after.resources[V] += 3
    line = why_line(before, after, "V", "hard")
    assert "evaluation" not in line
    assert line.startswith("_Why: Resources") and "Vijayanagara Empire" in line


def test_changes_beyond_the_first_eight_are_counted_with_their_provinces() -> None:
    before = blank()
    spaces = ("sindh", "gujarat", "malwa", "jaunpur", "gondwana")  # the board's order
    independent(before, *spaces)
    after = before.clone()
    for space in spaces:  # Bahmani takes Control of each (1.7) and builds a Fort there
        put(after, space, P.AMIR, 1)
        put(after, space, P.FORT, 1)
    line = why_line(before, after, "B", "easy")
    assert "Bahmani Kingdom takes Control of Sindh; Fort built in Sindh; " in line
    assert "; and 3 more changes in Jaunpur and Gondwana;" in line  # VP first


def test_a_mongol_advance_says_the_rule_that_makes_delhi_its_target() -> None:
    before = blank()
    put(before, "punjab", P.MONGOL, 3)
    after = before.clone()
    after.spaces["punjab"].pieces[P.MONGOL] = 1
    after.spaces["delhi"].pieces[P.MONGOL] = 2
    line = why_line(before, after, "B", "hard")
    assert (
        "Mongol Invaders in Delhi 0 -> 2 (each one left there at the game's end costs Delhi 1 VP, 5.1)"
        in line
    )
    assert "Mongol Invaders in Punjab 3 -> 1" in line


def test_a_plunder_says_what_it_took_from_delhi() -> None:
    before = blank()
    before.resources[D] = 10
    after = before.clone()
    after.resources[D] = 7
    assert "Delhi's Resources 10 -> 7" in why_line(before, after, "V", "easy")


def test_a_rival_s_lost_vp_and_influence_are_said_when_the_seat_s_own_are_unchanged() -> None:
    """A trial read "nothing that scores changed" after Delhi's Fall of Kampili cost
    Vijayanagara a VP (Influence -1, 5.3)."""
    before = blank()
    before.influence[V] = 2
    after = before.clone()
    after.influence[V] = 1
    line = why_line(before, after, "D", "easy")
    assert "nothing that scores changed" not in line
    assert "Vijayanagara Empire's VP 2 -> 1; Vijayanagara Empire's Influence 2 -> 1" in line
    # the VP as they stand (a trial read a later `status` against the line)
    assert line.endswith(
        "Delhi Sultanate now leads by 17 VP (18 to 1; Delhi +3 at the end as the Invaders stand, 5.1)._"
    )
    assert why_line(before, after, "V", "easy").endswith(
        "Vijayanagara Empire now trails the leader by 17 VP (1 to 18; Delhi +3 at the end as the Invaders stand, 5.1)._"
    )
    level = blank()
    level.influence[V] = 18
    assert why_line(level, level.clone(), "V", "easy").endswith(
        "Vijayanagara Empire now shares the lead at 18 VP (Delhi +3 at the end as the Invaders stand, 5.1)._"
    )


def test_a_lead_over_delhi_says_the_mongol_adjustment_still_to_come() -> None:
    """A trial read "leads by 6 VP (14 to 8)" against Delhi's bare VP: with five Invaders in
    Delhi, the Sultanate ends 2 lower (5.1). A comparison without Delhi says nothing of it."""
    s = blank()
    put(s, "delhi", P.MONGOL, 5)
    s.influence[V] = 20
    line = GAME.narration.turn_summary(s, s.clone(), "V")
    assert line is not None and line.endswith(
        "Vijayanagara Empire now leads by 2 VP (20 to 18; Delhi -2 at the end as the Invaders "
        "stand, 5.1)._"
    )
    line = GAME.narration.turn_summary(s, s.clone(), "B")  # B trails V, not Delhi
    assert line is not None and line.endswith("now trails the leader by 20 VP (0 to 20)._")


def test_a_persons_turn_is_summed_up_with_the_control_it_took_in_the_factions_name() -> None:
    before = blank()
    independent(before, "orissa")
    after = before.clone()
    put(after, "orissa", P.AMIR, 2)  # Bahmani takes Control (1.7)
    line = GAME.narration.turn_summary(before, after, "B")
    assert line == (
        "_Bahmani Kingdom's turn: VP 0 -> 1; Bahmani Kingdom takes Control of Orissa; "
        "Bahmani Kingdom now trails the leader by 16 VP (1 to 17; Delhi +3 at the end as the Invaders stand, 5.1)._"
    )
    assert GAME.narration.turn_summary(before, after, "M") is None  # the Mongols score nothing


def test_a_turns_line_names_the_tracks_before_the_provinces() -> None:
    """A trial's line hid its Resources and a rival's VP behind "and 3 more changes in
    Tamilakam": the tracks (Cavalry too) come first, the Provinces' details last."""
    before = blank()
    spaces = ("sindh", "gujarat", "malwa", "jaunpur", "gondwana", "madhyadesh", "orissa")
    independent(before, *spaces)
    after = before.clone()
    for space in spaces:
        put(after, space, P.RAJA, 1)
    after.resources[V] += 9
    after.cavalry[V] += 1
    line = GAME.narration.turn_summary(before, after, "V")
    assert line is not None
    assert line.startswith(
        "_Vijayanagara Empire's turn: VP 0 -> 9; Resources 7 -> 16; Cavalry 0 -> 1; "
        "Vijayanagara Empire takes Control of Sindh, Gujarat, Malwa, Jaunpur, Gondwana, "
        "Madhyadesh and Orissa; "  # (one change's words for each alike, a trial's five)
    )


def test_a_province_freed_and_taken_is_one_change() -> None:
    """A trial's line read "Andhra becomes Independent; Vijayanagara Empire takes Control of
    Andhra" for each Province: one change says both."""
    before = blank()
    assert before.spaces["orissa"].tributary  # (the setup's Tributary)
    after = before.clone()
    independent(after, "orissa")
    put(after, "orissa", P.RAJA, 2)
    line = GAME.narration.turn_summary(before, after, "V")
    assert line is not None
    assert "Vijayanagara Empire takes Control of Orissa (Independent now)" in line
    assert "becomes Independent" not in line
