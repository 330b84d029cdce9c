"""Rulebook 2.5.1-2.5.3: each step of each Succession card, in order."""

from __future__ import annotations

from rules_helpers import (
    B,
    D,
    P,
    V,
    blank,
    force_next_card,
    independent,
    legal_text,
    pieces,
    put,
    run,
)

from rules import vijayanagara
from rules.vijayanagara.cards import deck_for
from rules.vijayanagara.engine import advance, set_barrier


def _draw(s: vijayanagara.GameState, which: int) -> vijayanagara.GameState:
    card = deck_for(s.options).succession[which]
    s.frames = s.frames[:1]
    force_next_card(s, card)
    advance(s)
    set_barrier(s)
    return s


def _zenith_setup() -> vijayanagara.GameState:
    s = blank()
    s.cavalry = {D: 0, B: 0, V: 0}
    s.cavalry_pool = 10
    s.influence = {B: 1, V: 2}
    s.slots[V][1] = 0
    s.slots[V][2] = 0
    s.available[V][P.RAJA] += 4
    put(s, "maharashtra", P.FORT)
    put(s, "gujarat", P.FORT)
    put(s, "karnataka", P.TEMPLE)
    put(s, "delhi", P.TROOP, 2)
    put(s, "punjab", P.TROOP, 2)
    s.resources[V] = 5
    s.eligible = {D: False, B: True, V: False}
    return s


def test_2_5_1_zenith_steps_in_order() -> None:
    s = _draw(_zenith_setup(), 0)
    # 1: the Tughlaq Dynasty: Rebel now possible
    assert s.dynasty == "tughlaq"
    # 2: Delhi may Campaign, using only Delhi and Provinces
    assert vijayanagara.prompt(s).faction == D and vijayanagara.prompt(s).kind == "dec:campaign"
    assert "select punjab" not in legal_text(s)
    s = run(s, "select delhi; take 2 troop")
    assert "go punjab" not in legal_text(s)
    s = run(s, "go rajput; done")
    assert pieces(s, "rajput") == {P.TROOP: 2}
    # 3: Bahmani Cavalry = Influence 1 + 2 Forts; 4: V Resources = Influence 2 + 1 Temple
    assert s.cavalry[B] == 3
    assert s.resources[V] == 8
    # its reason, then the gain, each once (a trial read "Bahmani gains 2" twice)
    said = [line for line in s.log if "Cavalry" in line][-2:]
    assert said[0].endswith("Influence and Forts bring it 3 Cavalry tokens."), said
    assert said[1] == "B gains 3 Cavalry.", said
    # then play continues without adjusting Eligibility
    assert s.eligible == {D: False, B: True, V: False}


def test_2_5_1_zenith_campaign_may_be_skipped() -> None:
    s = run(_draw(_zenith_setup(), 0), "done")
    assert s.cavalry[B] == 3 and s.dynasty == "tughlaq"


def _rise_setup() -> vijayanagara.GameState:
    s = blank()
    s.cavalry = {D: 0, B: 0, V: 0}
    s.cavalry_pool = 10
    independent(s, "gujarat", "maharashtra", "andhra")
    put(s, "gujarat", P.AMIR, 1)  # Bahmani Controlled, Prosperity 2
    put(s, "maharashtra", P.AMIR, 1)  # Bahmani Controlled, Prosperity 2
    put(s, "andhra", P.RAJA, 1)  # Vijayanagara Controlled, Prosperity 2
    put(s, "delhi", P.TROOP, 1)
    s.resources = {D: 4, B: 0, V: 0}
    s.dynasty = "tughlaq"
    return s


def test_2_5_2_rise_of_the_rebel_sultans() -> None:
    s = _draw(_rise_setup(), 1)
    assert vijayanagara.prompt(s).faction == D and vijayanagara.prompt(s).kind == "dec:campaign"
    s = run(s, "done")
    # 2: a free Limited Command for the Bahmanis
    assert vijayanagara.prompt(s).faction == B
    s = run(s, "rally; place 3 amir in maharashtra")  # 1 + Maharashtra + Controlled
    assert s.resources[B] == 0
    assert pieces(s, "maharashtra") == {P.REBEL_AMIR: 4}
    # then Resources/Cavalry equal to the Controlled Prosperity, at most three
    assert vijayanagara.prompt(s).faction == B
    assert "gain 4 resources 0 cavalry" not in legal_text(s)
    s = run(s, "gain 1 resources 2 cavalry")
    assert s.resources[B] == 1 and s.cavalry[B] == 2
    # told once (a trial read "gains 1 Resource and 2 Cavalry", then "gains 2 Cavalry")
    assert [line for line in s.log if "Cavalry" in line] == [
        "B gains 1 Resource and 2 Cavalry (2.5.2)."
    ]
    # 3: the same for the Vijayanagara Empire
    assert vijayanagara.prompt(s).faction == V
    s = run(s, "skip; gain 0 resources 2 cavalry")
    assert s.cavalry[V] == 2 and s.resources[V] == 0


def test_2_5_3_lords_of_the_deccan_each_faction_up_to_three_shifts() -> None:
    s = blank()
    s.resources = {D: 10, B: 3, V: 2}
    s = _draw(s, 2)
    assert vijayanagara.prompt(s).faction == D
    assert "shift V -1" not in legal_text(s)  # already at 0
    s = run(s, "shift V +1; shift V -1; shift B +1")
    assert s.influence[V] == 0
    # three times at most: Delhi's step is over, the Bahmanis decide next
    assert s.resources[D] == 1
    assert s.influence[B] == 1
    assert vijayanagara.prompt(s).faction == B
    s = run(s, "shift B -1")
    assert s.resources[B] == 0
    # V has only 2 Resources: nothing to do, play goes on
    assert vijayanagara.prompt(s).kind not in ("lords",) or vijayanagara.prompt(s).faction != V
