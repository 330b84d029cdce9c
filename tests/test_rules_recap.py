"""The card header and the one-line recap a card reveal shows in the channel."""

from __future__ import annotations

import random

from rules import vijayanagara
from rules.vijayanagara.cards import deck_for
from rules.vijayanagara.recap import RECAP_LIMIT


def test_the_recap_names_what_each_faction_did() -> None:
    lines = [
        "Card 4: The Hare and the Hounds (28 left in the deck).",
        "V begins an Attack Command.",
        "V Attack done (no spaces).",
        "Delhi Sultanate Passes (+3 Resources).",
        "B begins a Limited Attack Command.",
        "B Attacks in Malwa.",
        "Bahmani Kingdom attacks Delhi Sultanate in Malwa.",
        "Dice in Malwa: B (0 Units) rolls [5 2 5 3]; D (5 Units) rolls [1 1].",
        "Hits scored: B 0, D 2.",
        "B loses 2 Troops in Malwa.",
        "B Attack done (Malwa).",
    ]
    assert vijayanagara.card_recap(lines) == (
        "Card 4 · V Attack (no space selected) · D passed · B attacked Malwa (B lost 2 Troops)"
    )


def test_2_5_3_the_lords_of_the_deccan_recap_sums_every_factions_shifts() -> None:
    """A trial's recap named only Delhi's first shift of three factions' six."""
    lines = [
        "Card 47: Lords of the Deccan (8 left in the deck).",
        "D spends 3 Resources to shift B Influence -1 (2.5.3).",
        "Bahmani Kingdom Influence 2 -> 1.",
        "D spends 3 Resources to shift B Influence -1 (2.5.3).",
        "D is done shifting Influence (2.5.3).",
        "B spends 3 Resources to shift B Influence +1 (2.5.3).",
        "B spends 3 Resources to shift V Influence -1 (2.5.3).",
        "V spends 3 Resources to shift V Influence +1 (2.5.3).",
    ]
    assert vijayanagara.card_recap(lines) == (
        "Card 47 · D shifted B Influence -2 · B shifted B Influence +1, V Influence -1 · "
        "V shifted V Influence +1"
    )


def test_the_card_header_names_the_card_its_order_the_deck_and_who_is_eligible() -> None:
    state = vijayanagara.new_game(1)
    assert state.current_card is not None
    card = deck_for(state.options).cards[state.current_card]
    header = vijayanagara.card_header(state)
    assert header.startswith(f"**Card {state.current_card} · {card.title}**")
    assert "order " + " ".join(f.value for f in card.order) in header
    assert "left in the deck" in header and "Eligible: D, B, V" in header


def test_every_card_of_a_random_game_gets_a_recap() -> None:
    state = vijayanagara.new_game(3)
    log = vijayanagara.LogTail.of(state)  # the whole log: a state holds only its last step's lines
    r = random.Random(3)
    seen: list[int] = []
    while not state.game_over and len(seen) < 12:
        card = state.current_card
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
        log.follow(state)
        if card is not None and state.current_card != card:
            seen.append(card)
            recap = vijayanagara.card_recap(vijayanagara.card_lines(log.lines, card))
            assert recap.startswith(f"Card {card}") and "\n" not in recap
            assert len(recap) <= RECAP_LIMIT
    assert len(seen) == 12


def test_casualties_removed_one_by_one_add_up_in_the_recap() -> None:
    lines = [
        "Card 9: Diamond Mines of Golconda (20 left in the deck).",
        "V begins an Attack Command.",
        "V Attacks in Karnataka.",
        "Vijayanagara Empire attacks Bahmani Kingdom in Karnataka.",
        "Hits scored: V 3, B 1.",
        "V loses 1 Raja in Karnataka.",
        "B loses 1 Rebelling Amir in Karnataka.",
        "B loses 1 Rebelling Amir in Karnataka.",
        "B loses 1 Rebelling Amir in Karnataka.",
        "V Attack done (Karnataka).",
    ]
    assert vijayanagara.card_recap(lines) == (
        "Card 9 · V attacked Karnataka (V lost 1 Raja, B lost 3 Rebelling Amirs)"
    )


def test_a_card_nobody_acted_on_says_what_the_card_did() -> None:
    timurid = [
        "Card 48: Timurid Empire (4 left in the deck).",
        "Timurid Empire: 5 Mongol Invaders enter the Mountain Passes (2.6).",
    ]
    assert vijayanagara.card_recap(timurid) == (
        "Card 48 Timurid Empire · Timurid Empire: 5 Mongol Invaders enter the Mountain Passes"
    )
    idle = [
        "Card 27: Reddis of Kondavidu (33 left in the deck).",
        "Eligibility adjusted: D Eligible.",
    ]
    assert vijayanagara.card_recap(idle) == "Card 27 Reddis of Kondavidu · no Faction acted"


def test_a_merged_count_keeps_its_verb_in_agreement() -> None:
    one = "1 Rebelling Amir joins the Attack from Malwa."
    assert vijayanagara.merged_lines([one, one]) == [
        "2 Rebelling Amirs join the Attack from Malwa."
    ]
