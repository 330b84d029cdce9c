"""Rulebook 1.3 (the map), 1.4.4 (stacking) and 2.1 (setup and deck construction)."""

from __future__ import annotations

import pytest
from invariants import check
from rules_helpers import B, D, M, P, V, blank

from rules import vijayanagara
from rules.vijayanagara.cards import deck_for
from rules.vijayanagara.forces import may_enter, place, room_for


def test_1_3_2_and_1_3_3_only_delhi_and_mongols_in_delhi_and_the_regions() -> None:
    for space in ("delhi", "punjab", "mountain_passes"):
        assert may_enter(D, space) and may_enter(M, space)
        assert not may_enter(B, space) and not may_enter(V, space)
    s = blank()
    for space in ("delhi", "punjab", "mountain_passes"):
        assert place(s, space, P.AMIR, 1) == 0
        assert place(s, space, P.RAJA, 1) == 0
        assert place(s, space, P.FORT, 1) == 0
        assert place(s, space, P.TROOP, 1) == 1
    # Mongol Invaders never enter a Province (1.3.1)
    assert place(s, "sindh", P.MONGOL, 1) == 0


def test_1_3_2_regions_and_delhi_are_never_tributary_or_controlled() -> None:
    s = vijayanagara.new_game(3)
    for space in ("delhi", "punjab", "mountain_passes"):
        assert not s.spaces[space].tributary
        assert s.spaces[space].control is None
    t = blank()
    place(t, "punjab", P.TROOP, 5)
    assert t.spaces["punjab"].control is None


def test_1_3_5_adjacency_facts_from_the_rulebook() -> None:
    b = vijayanagara.board()
    assert b.adjacent("gondwana", "andhra") and b.adjacent("andhra", "gondwana")
    assert b.adjacent("madhyadesh", "orissa")
    assert not b.adjacent("jaunpur", "punjab")


def test_1_3_6_vindhya_range_blocks_adjacency() -> None:
    b = vijayanagara.board()
    assert not b.adjacent("malwa", "gondwana")
    assert not b.adjacent("madhyadesh", "jaunpur")
    assert "vindhya" not in " ".join(b.spaces)


def test_1_3_1_prosperity_is_one_or_two_and_totals_delhi_start_vp() -> None:
    b = vijayanagara.board()
    assert all(b.prosperity(p) in (1, 2) for p in b.provinces)
    # 2.1: all Provinces start Tributary and Delhi starts at 18 VP
    assert vijayanagara.score(vijayanagara.new_game(1))[D] == 18


def test_1_4_4_one_structure_of_each_faction_per_province() -> None:
    s = blank()
    assert place(s, "andhra", P.QASBAH, 1) == 1
    assert place(s, "andhra", P.QASBAH, 1) == 0
    assert room_for(s, "andhra", P.QASBAH) == 0
    assert place(s, "andhra", P.FORT, 2) == 1
    assert place(s, "andhra", P.TEMPLE, 1) == 1
    assert s.spaces["andhra"].pieces == {P.QASBAH: 1, P.FORT: 1, P.TEMPLE: 1}
    # no limit on Units
    assert place(s, "andhra", P.TROOP, 20) == 20


SETUP = {
    "delhi": {P.TROOP: 4},
    "mountain_passes": {P.TROOP: 2},
    "punjab": {P.TROOP: 4},
    "malwa": {P.TROOP: 3, P.GOVERNOR: 1},
    "jaunpur": {P.TROOP: 2},
    "madhyadesh": {P.TROOP: 2, P.AMIR: 2},
    "sindh": {P.TROOP: 1},
    "rajput": {P.TROOP: 1},
    "gujarat": {P.TROOP: 1, P.AMIR: 1},
    "maharashtra": {P.AMIR: 4},
    "gondwana": {P.AMIR: 1},
    "andhra": {P.TROOP: 1, P.QASBAH: 1, P.RAJA: 2},
    "karnataka": {P.RAJA: 3},
    "tamilakam": {P.TROOP: 1, P.RAJA: 1},
    "orissa": {},
}


def test_2_1_map_setup() -> None:
    s = vijayanagara.new_game(7)
    for space, want in SETUP.items():
        assert s.spaces[space].pieces == want, space
    b = vijayanagara.board()
    assert all(s.spaces[p].tributary for p in b.provinces)
    assert all(s.spaces[p].control is None for p in b.provinces)


def test_2_1_holding_boxes_tracks_resources_and_cavalry() -> None:
    s = vijayanagara.new_game(7)
    assert s.available[D] == {P.TROOP: 10, P.GOVERNOR: 4, P.QASBAH: 4}
    assert s.available[B] == {P.AMIR: 6, P.FORT: 5}
    assert s.available[V] == {P.RAJA: 8, P.TEMPLE: 5}
    assert s.available[M] == {P.MONGOL: 12}
    # 4 Amirs and 8 Rajas on the Influence tracks, both markers at 0
    assert sum(s.slots[B].values()) == 4 and sum(s.slots[V].values()) == 8
    assert s.influence == {B: 0, V: 0}
    assert s.resources == {D: 12, V: 7, B: 6}
    assert s.cavalry == {D: 2, B: 0, V: 0} and s.cavalry_pool == 8
    assert s.dynasty == "khalji"
    assert all(s.eligible.values())
    check(s)


def _kinds(seed: int) -> list[str]:
    s = vijayanagara.new_game(seed)
    deck = deck_for(s.options)
    full = [s.current_card, *s.order]
    return [deck.cards[n].kind for n in full if n is not None]


@pytest.mark.parametrize("seed", [1, 2, 99, 12345])
def test_2_1_deck_construction(seed: int) -> None:
    s = vijayanagara.new_game(seed)
    deck = deck_for(s.options)
    full = [s.current_card, *s.order]
    assert len(full) == 35
    assert len(set(full)) == 35
    zenith, rise, lords = deck.succession
    assert full[6 + 2] == zenith  # after the first stack of 6 events + 2 invasions
    assert full[17] == rise
    assert full[26] == lords
    stacks = [full[0:8], full[9:17], full[18:26], full[27:35]]
    for i, stack in enumerate(stacks):
        kinds = [deck.cards[n].kind for n in stack]
        assert kinds.count("event") == 6
        if i < 3:
            assert kinds.count("mongol_invasion") == 2 and "timurid" not in kinds
        else:
            assert kinds.count("timurid") == 2 and "mongol_invasion" not in kinds
    assert sum(deck.cards[n].kind == "event" for n in full) == 24


def test_2_1_same_seed_same_deck_and_shuffles_differ() -> None:
    a, b = vijayanagara.new_game(42), vijayanagara.new_game(42)
    assert [a.current_card, *a.order] == [b.current_card, *b.order]
    decks = {
        tuple([vijayanagara.new_game(s).current_card, *vijayanagara.new_game(s).order])
        for s in range(6)
    }
    assert len(decks) > 1
