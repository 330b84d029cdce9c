"""Rulebook 2.4 (Mongol Invasion cards), 3.5.1-3.5.3 (Amass, Advance, Attack and Plunder),
2.6 (the Timurid Empire cards and Timur Invades Delhi) and the Delhi adjustment of 5.1."""

from __future__ import annotations

import random

import pytest
from rules_helpers import (
    B,
    D,
    M,
    P,
    V,
    blank,
    dice_rng,
    force_next_card,
    frame,
    legal_text,
    pieces,
    put,
    run,
)

from rules import vijayanagara
from rules.vijayanagara.cards import deck_for
from rules.vijayanagara.engine import advance, set_barrier
from rules.vijayanagara.game import GAME


def _invasion(
    s: vijayanagara.GameState, faction: vijayanagara.Faction = B
) -> vijayanagara.GameState:
    return frame(s, "mongol_invasion", faction, left=2)


def test_2_4_1_two_mongol_commands_by_the_card_faction_possibly_the_same_twice() -> None:
    s = _invasion(blank(), V)  # no Invaders on the map: the first, Amass, is the only one
    assert vijayanagara.prompt(s).faction == V and vijayanagara.prompt(s).kind == "mongol_invasion"
    s = run(s, "amass")
    # 3 + 3 in the Passes: beyond four move on to Punjab
    assert pieces(s, "mountain_passes") == {P.MONGOL: 4}
    assert pieces(s, "punjab") == {P.MONGOL: 2}
    assert vijayanagara.prompt(s).kind != "mongol_invasion"  # V at Influence 0: no Gifts


def test_a_lone_possible_mongol_command_is_taken_unasked() -> None:
    """A play-test was asked for the Mongols' Command with `amass` the only one possible:
    the table takes it and says why, then asks for the second among all three."""
    s = _invasion(blank(), V)
    assert (
        "Mongol Command 1 of 2 is Amass, unasked: the only one possible (2.4.1); not offered "
        "now: advance needs Invaders in the Mountain Passes or Punjab; plunder needs Invaders "
        "on the map." in s.log
    )
    assert pieces(s, "mountain_passes") == {P.MONGOL: 3}
    assert set(legal_text(s)) == {"amass", "advance", "plunder"}


def test_3_5_2_a_lone_advance_move_is_taken_unasked() -> None:
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 1)
    put(s, "delhi", P.MONGOL, 11)  # none Available: Advance or Plunder, a real choice
    s = run(_invasion(s), "advance")
    assert (
        "Mongols Advance unasked: 1 Invader Mountain Passes -> Punjab is the only move (3.5.2)."
        in s.log
    )
    assert pieces(s, "punjab") == {P.MONGOL: 1}
    assert vijayanagara.prompt(s).text.endswith(
        "Mongol Command 2 of 2 (advance, plunder) (2.4.1); "
        "not offered now: amass needs Invaders Available."
    )


def test_the_options_say_why_a_mongol_command_is_not_offered() -> None:
    """A trial offered `amass` alone, unexplained, looked for `attack` (3.5)."""
    from rules.vijayanagara.menu import explained_entries

    s = blank()
    put(s, "delhi", P.MONGOL, 1)
    s = _invasion(s, V)
    said = "\n".join(explained_entries(s))
    assert said.endswith("not offered now: advance needs Invaders in the Mountain Passes or Punjab")
    s = run(s, "amass")
    assert "not offered now" not in "\n".join(explained_entries(s))  # all three now


def test_3_5_1_amass_overflow_from_punjab_into_delhi() -> None:
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 4)
    put(s, "punjab", P.MONGOL, 4)
    s = run(_invasion(s), "amass")
    assert pieces(s, "mountain_passes") == {P.MONGOL: 4}
    assert pieces(s, "punjab") == {P.MONGOL: 4}
    assert pieces(s, "delhi") == {P.MONGOL: 3}
    assert s.available[M][P.MONGOL] == 1
    # the line says the rule that sends them on (3.5.1), not only where they ended
    assert (
        "Mongols Amass: 3 placed in the Mountain Passes; 3 beyond four in the Passes move on "
        "to Punjab; 3 beyond four in Punjab move on to Delhi (3.5.1; Passes 4, Punjab 4, "
        "Delhi 3)."
    ) in s.log


def test_3_5_1_amass_needs_an_available_invader() -> None:
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 12)
    s = _invasion(s)
    assert "amass" not in legal_text(s)
    assert "advance" in legal_text(s)


def test_3_5_2_advance_moves_one_step_at_least_one_invader() -> None:
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 2)
    put(s, "punjab", P.MONGOL, 1)
    s = run(_invasion(s), "advance")
    opts = legal_text(s)
    assert "move 2 mongol from mountain_passes to punjab" in opts
    assert "move 1 mongol from punjab to delhi" in opts
    assert not any("mountain_passes to delhi" in o for o in opts)
    assert "done" not in opts
    s = run(s, "move 2 mongol from mountain_passes to punjab")
    assert pieces(s, "punjab") == {P.MONGOL: 3}


def test_3_5_2_advance_needs_an_invader_in_passes_or_punjab() -> None:
    s = blank()
    put(s, "delhi", P.MONGOL, 1)
    assert "advance" not in legal_text(_invasion(s))


def test_3_5_3_plunder_mountain_passes_resources_down_to_three() -> None:
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 4)
    s.resources[D] = 5
    s = run(_invasion(s), "plunder")
    assert s.resources[D] == 3
    assert pieces(s, "mountain_passes") == {P.MONGOL: 3}  # beyond three return
    assert s.available[M][P.MONGOL] == 9


def test_3_5_3_plunder_with_invaders_in_one_space_only_plunders_there_unasked() -> None:
    """A trial had to type `select mountain_passes`, the only space with Invaders: the
    space is forced, so the table takes it and says so, as it does a lone defender."""
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 4)
    s.resources[D] = 5
    s = run(_invasion(s), "plunder")
    assert s.resources[D] == 3
    assert (
        "Mongols Attack and Plunder in Mountain Passes (the only space with Mongol "
        "Invaders, 3.5.3)." in s.log
    )


def test_3_5_3_plunder_asks_which_space_when_invaders_are_in_two() -> None:
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 2)
    put(s, "punjab", P.MONGOL, 1)
    s = run(_invasion(s), "plunder")
    assert set(legal_text(s)) == {"select mountain_passes", "select punjab"}


def test_3_5_3_plunder_does_not_raise_resources_below_three() -> None:
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 2)
    s.resources[D] = 2
    s = run(_invasion(s), "plunder")
    assert s.resources[D] == 2


def test_3_5_3_plunder_punjab_removes_a_troop_from_provinces_per_invader() -> None:
    s = blank()
    put(s, "punjab", P.MONGOL, 2)
    put(s, "sindh", P.TROOP, 2)
    put(s, "andhra", P.TROOP, 2)
    put(s, "delhi", P.TROOP, 5)  # Delhi is not a Province
    s.resources[D] = 12
    s = run(_invasion(s), "plunder")
    assert vijayanagara.prompt(s).faction == D and vijayanagara.prompt(s).kind == "remove_troops"
    assert not any("delhi" in o for o in legal_text(s))
    s = run(s, "remove 1 troop from sindh; remove 1 troop from andhra")
    assert s.resources[D] == 10
    assert pieces(s, "sindh") == {P.TROOP: 1} and pieces(s, "andhra") == {P.TROOP: 1}
    assert pieces(s, "delhi") == {P.TROOP: 5}


def test_3_5_3_finally_the_invaders_beyond_three_go_back_after_the_troops_are_removed() -> None:
    """A trial read the return of the Invaders beyond three before Delhi's Troops went: the
    rule returns them "finally" (3.5.3), and every Invader there counts for the Troops."""
    s = blank()
    put(s, "punjab", P.MONGOL, 4)
    put(s, "sindh", P.TROOP, 3)
    put(s, "andhra", P.TROOP, 3)
    s.resources[D] = 12
    s = run(_invasion(s), "plunder")
    assert pieces(s, "punjab") == {P.MONGOL: 4}  # all four still there while Delhi removes
    s = run(s, "remove 3 troop from sindh")  # (the last from Andhra, the only choice)
    assert pieces(s, "punjab") == {P.MONGOL: 3} and pieces(s, "sindh") == {}
    removed = next(i for i, line in enumerate(s.log) if "Troop" in line and "Sindh" in line)
    back = next(i for i, line in enumerate(s.log) if "beyond three returns" in line)
    assert removed < back


def test_3_5_3_plunder_delhi_two_troops_per_invader_if_possible() -> None:
    s = blank()
    put(s, "delhi", P.MONGOL, 2)
    put(s, "sindh", P.TROOP, 3)
    s.resources[D] = 12
    s = run(_invasion(s), "plunder")
    assert "sindh" not in s.spaces or pieces(s, "sindh") == {}
    assert s.resources[D] == 10
    assert (  # (a trial counted 3 Troops removed for 2 Invaders, unsaid why)
        "Plunder: no Troop left in the Provinces: 1 more Troop owed cannot be removed "
        "(3.5.3: if possible)." in s.log
    )


def test_3_5_3_mongol_attack_three_dice_in_delhi_and_the_charge() -> None:
    s = blank()
    put(s, "delhi", P.MONGOL, 3)
    put(s, "delhi", P.TROOP, 2)
    s.cavalry = {D: 0, B: 0, V: 0}
    s.cavalry_pool = 10
    s.resources[D] = 12
    s.rng = dice_rng((4, 5, 6), (6, 6))
    s = run(_invasion(s), "plunder")
    line = [x for x in s.log if x.startswith("Dice in Delhi")][-1]
    assert "rolls 4✗ 5✗ 6✗ (3 Units involved: hits on 3 or less)" in line
    charge = [x for x in s.log if "Mongol Cavalry token Charges" in x][-1]
    assert "die 1 (a 4) becomes a 3, now a hit" in charge
    # the Charge turns the 4 into a 3: one hit with three Invaders
    assert pieces(s, "delhi") == {P.MONGOL: 3, P.TROOP: 1}
    assert s.resources[D] == 9


def test_2_4_2_compromising_gifts() -> None:
    s = blank()
    s.influence[B] = 1
    s.resources[B] = 3
    s.cavalry = {D: 2, B: 0, V: 0}
    s.cavalry_pool = 8
    s = run(_invasion(s), "amass")  # the first Amass, the only one possible, unasked
    assert set(legal_text(s)) == {"gifts", "decline"}
    before_eligible = dict(s.eligible)
    t = run(s, "gifts")
    assert t.influence[B] == 0 and t.resources[B] == 5 and t.cavalry[B] == 2
    assert t.eligible == before_eligible  # 2.4: no adjustment of Eligibility
    u = run(s, "decline")
    assert u.influence[B] == 1 and u.resources[B] == 3


def test_2_4_mongol_invasion_card_from_the_deck_goes_to_its_faction() -> None:
    s = vijayanagara.new_game(1).clone()
    deck = deck_for(s.options)
    inv = next(n for n, c in deck.cards.items() if c.kind == "mongol_invasion")
    s.frames = s.frames[:1]
    force_next_card(s, inv)
    s.eligible = {D: False, B: True, V: False}
    advance(s)
    assert vijayanagara.prompt(s).kind == "mongol_invasion"
    assert vijayanagara.prompt(s).faction == deck.cards[inv].faction
    assert s.eligible == {D: False, B: True, V: False}


def _draw(s: vijayanagara.GameState, card: int) -> vijayanagara.GameState:
    s.frames = s.frames[:1]
    force_next_card(s, card)
    advance(s)
    set_barrier(s)
    return s


@pytest.mark.parametrize(("available", "placed"), [(12, 6), (7, 3), (1, 0)])
def test_2_6_first_timurid_half_the_available_invaders_rounded_down(
    available: int, placed: int
) -> None:
    s = blank()
    put(s, "delhi", P.MONGOL, 12 - available)
    s.eligible = {D: False, B: True, V: True}
    first, _ = deck_for(s.options).timurid
    s = _draw(s, first)
    assert s.spaces["mountain_passes"].pieces.get(P.MONGOL, 0) == placed
    assert s.timurid_drawn == 1
    assert s.eligible == {D: False, B: True, V: True}
    assert vijayanagara.prompt(s).kind in ("turn", "mongol_invasion", "succession", "refill")


def _timur(s: vijayanagara.GameState) -> vijayanagara.GameState:
    s.timurid_drawn = 1
    _, second = deck_for(s.options).timurid
    return _draw(s, second)


def test_2_6_timur_moves_survivors_on_and_ends_the_game() -> None:
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 4)
    s.resources[D] = 10
    s = _timur(s)
    assert s.game_over
    assert pieces(s, "delhi") == {P.MONGOL: 4}
    assert s.delhi_adjustment == -1  # 5.1: 3 minus the Invaders left in Delhi
    # 18 Tributary Prosperity - 1
    assert vijayanagara.score(s)[D] == 17


def _face_off(space: str, invaders: int, troops: int, resources: int) -> vijayanagara.GameState:
    """Invaders and Troops in a space, the Sultanate's Resources, no Cavalry on either side."""
    s = blank()
    put(s, space, P.MONGOL, invaders)
    put(s, space, P.TROOP, troops)
    s.resources[D] = resources
    s.cavalry = {D: 0, B: 0, V: 0}
    s.cavalry_pool = 10
    return s


def test_2_6_timur_passes_attack_ignores_resources_and_moves_delhi_units_too() -> None:
    s = _face_off("mountain_passes", 2, 3, 10)
    # the Mongols miss (no Charge can help), the Sultanate hits twice
    s.rng = dice_rng((6, 6, 6, 6), (1, 2))
    s = _timur(s)
    assert s.game_over
    assert pieces(s, "mountain_passes") == {} and pieces(s, "punjab") == {}
    assert pieces(s, "delhi") == {P.TROOP: 3}  # the surviving Troops moved on with Timur
    assert s.resources[D] == 10
    assert s.delhi_adjustment == 3


def test_2_6_timur_attacks_in_delhi_until_one_side_is_gone_and_plunders_resources() -> None:
    s = _face_off("delhi", 2, 1, 10)
    # three Mongol dice: 1 hits (with the Charge 2 -> 1 not needed); the lone Troop dies
    s.rng = dice_rng((1, 6, 6), (6, 6))
    s = _timur(s)
    assert s.game_over
    assert pieces(s, "delhi") == {P.MONGOL: 2}
    assert s.resources[D] == 8  # the Resource consequence applies in Delhi
    assert s.delhi_adjustment == 1


def test_2_6_timur_in_delhi_plunders_even_without_sultanate_units() -> None:
    s = blank()
    put(s, "delhi", P.MONGOL, 4)
    s.resources[D] = 10
    s = _timur(s)
    assert s.game_over
    # 3.5.3: the consequences apply whether or not any attack occurred
    assert s.resources[D] == 6


def test_5_1_delhi_adjustment_bounds() -> None:
    for left, adj in ((0, 3), (3, 0), (6, -3), (9, -3)):
        s = blank()
        put(s, "delhi", P.MONGOL, left)
        s = _timur(s)
        assert s.delhi_adjustment == adj, left


def test_5_1_status_tells_the_delhi_adjustment_still_to_come_then_counted() -> None:
    """A trial read Delhi's VP without its end adjustment: the status says it, as the
    Invaders in Delhi would give it now, and once counted."""
    s = blank()
    put(s, "delhi", P.MONGOL, 4)
    talk = GAME.talk
    delhi = talk.status(s)[0]
    assert delhi.startswith("Delhi Sultanate:")
    assert "(at the end 3 less the Invaders then in Delhi, -1 as they stand: 5.1)" in delhi
    s = _timur(s)
    assert "(Delhi adjustment -1 counted, 5.1)" in talk.status(s)[0]
    assert not any("Delhi adjustment" in line for line in talk.status(s)[1:])


def test_3_5_3_plunder_counts_invaders_remaining_after_the_battle() -> None:
    s = blank()
    put(s, "punjab", P.MONGOL, 5)
    put(s, "punjab", P.TROOP, 3)
    put(s, "sindh", P.TROOP, 2)
    s.cavalry = {D: 0, B: 0, V: 0}
    s.cavalry_pool = 10
    s.resources[D] = 12
    # Mongols: 1 and 2 hit and the Charge makes a 6 a 5, a hit with five Invaders (three
    # Troops lost); Sultanate: 1 and 3 hit with three Troops (two Invaders lost)
    s.rng = dice_rng((1, 2, 6, 6), (1, 3))
    s = run(_invasion(s), "plunder")
    # three Invaders remain: 3 Resources, and 3 Troops from Provinces (only 2 there)
    assert s.resources[D] == 9
    assert pieces(s, "sindh") == {}
    assert pieces(s, "punjab") == {P.MONGOL: 3}
    assert s.available[M][P.MONGOL] == 9


def test_2_2_the_deck_facts_say_which_timurid_card_ends_the_game() -> None:
    """A trial's game ended at the second Timurid Empire card with no warning that it would:
    the deck's facts say so while the Timurid cards are to come, and the card itself, which is
    the first and which the second."""
    from rules.vijayanagara.chance import deck_facts
    from rules.vijayanagara.recap import card_header

    s, seen, r = vijayanagara.new_game(1), set[str](), random.Random(1)
    while not s.game_over:
        facts = deck_facts(s)
        if "Timurid Empire card" in facts:
            ends = "(it ends the game, 2.2)" if s.timurid_drawn else "(the second ends the game"
            assert ends in facts, facts
            seen.add(ends)
        header = card_header(s)
        if "· Timurid Empire**" in header:
            nth = (
                "the second: the game ends once it is carried out"
                if s.timurid_drawn > 1
                else "the first"
            )
            assert f"{nth} (2.2)" in header, header
        s = vijayanagara.apply(s, r.choice(vijayanagara.legal_actions(s)))
    assert len(seen) == 2, seen


def test_5_1_rules_winning_says_the_invaders_in_delhi_are_counted_after_timur() -> None:
    """A trial pushed Invaders into Delhi for Delhi's adjustment "as they stand", and Timur's
    invasion cleared them: `rules winning` says the count comes after it (2.6, 5.1)."""
    from rules.capabilities import reference_of

    said = reference_of(GAME).rules_reference("winning")
    assert "after Timur Invades Delhi, whose battles there go on until one side is gone" in said


def test_2_6_timur_attacks_delhi_again_with_every_invader_none_beyond_three_goes_back() -> None:
    """A trial expected 3.5.3's return of Invaders beyond three after each attack in Delhi:
    our reading sets it aside in Timur's sequence (5.1 counts up to six left in Delhi), and
    the second attack says so."""
    s = _face_off("delhi", 4, 3, 20)
    # the first round misses on both sides (the Charge makes a 6 a 5, still above 4 Units)
    s.rng = dice_rng((6, 6, 6), (6, 6))
    s = _timur(s)
    assert s.game_over
    again = [line for line in s.log if line.startswith("Timur attacks in Delhi again")]
    assert again[0] == (
        "Timur attacks in Delhi again with 4 Invaders (2.6 step 3: until one side is gone "
        "there; no Invader beyond three goes back during Timur's invasion)."
    )
    assert not any("beyond three" in line and "Available" in line for line in s.log)


def test_3_5_3_the_mongol_charge_that_lowers_a_2_says_the_rule_makes_it() -> None:
    """A trial running the Mongols saw their token lower a 2 that hit already, unasked: no
    miss could be turned, and 3.5.3 then lowers a 2; the line says so."""
    s = _face_off("punjab", 3, 3, 12)
    s.rng = dice_rng((2, 6, 6, 6), (6, 6))  # the 6s stay misses as 5s against 3 Units
    s = run(_invasion(s), "plunder")
    assert (
        "The Mongol Cavalry token Charges: die 1 (a 2) becomes a 1 (1.10; no miss it could "
        "turn, it lowers a 2, 3.5.3)." in s.log
    )
