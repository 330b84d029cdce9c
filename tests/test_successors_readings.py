"""Successors' readings where the summary is silent (Q1-Q33 of docs/successors.md), a test
for each, on positions built for it."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from successors_helpers import (
    BLUE,
    GREEN,
    RED,
    allied,
    area,
    at,
    controlled,
    deal,
    fleets,
    holding,
    leader_at,
    moving,
    order,
    put,
    started,
    units,
)
from test_successors_rules import begun, contest, invaded, passive

from rules.capabilities import talk_of
from rules.successors import GAME, engine, refusals
from rules.successors.board import controller_by_units, update_control
from rules.successors.combat import layout, retreat_places
from rules.successors.components import CAV, INF, LEVY
from rules.successors.engine import desert, eliminate, frame
from rules.successors.events import read_roll
from rules.successors.result import half_points, ranking
from rules.successors.state import (
    CAPTIVE,
    MERC,
    NO,
    REVOLT,
    WHITE,
    Accept,
    Break,
    Buy,
    ChooseHome,
    Done,
    Embark,
    Fight,
    Give,
    March,
    Offer,
    Play,
    Ransom,
    Refuse,
    Retreat,
    Sail,
    State,
    Take,
)


def test_q1_the_dice_read_as_a_table_each_entry_as_likely() -> None:
    hits = Counter(
        read_roll((a, b, c)) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
    )
    assert sorted(hits) == list(range(72)) and set(hits.values()) == {3}
    assert read_roll((1, 1, 1)) == 0 and read_roll((6, 6, 6)) == 71  # ODD 11, EVEN 66


def test_q2_on_turn_1_tax_and_upkeep_are_paid_only_purchases_skipped() -> None:
    s = put(started(3, turn=1, money=0), "egy", BLUE, inf=2)
    said: list[str] = []
    s = passive(begun(at(s, BLUE, 1)), stop="move", said=said)
    assert s.money[BLUE] == 6 - 2 and not any("buys" in x for x in said)


def test_q3_control_lasts_after_the_units_leave_and_a_tie_keeps_it() -> None:
    s = controlled(started(3), BLUE, "syr")
    update_control(s)
    assert s.control[area(s, "syr")] == BLUE  # nobody there: still Blue's
    s = put(put(s, "syr", RED, inf=1), "syr", GREEN, inf=1)
    assert controller_by_units(s, area(s, "syr")) == BLUE  # a tie: it stays
    s = put(s, "syr", RED, levy=1)
    assert controller_by_units(s, area(s, "syr")) == RED


def test_q4_upkeep_counts_fleets_and_mercenaries_not_leaders_and_a_short_player_disbands() -> None:
    s = fleets(
        put(put(started(3, money=0), "egy", BLUE, inf=5), "egy", MERC + BLUE, levy=2),
        "egy",
        BLUE,
        1,
    )
    s = begun(at(s, BLUE, 1))  # tax 6, upkeep 8
    assert s.frames[-1][0] == "disband" and GAME.to_move(s) == "blue"
    s = order(s, "lose fleet at Egypt")
    s = order(s, "lose merc levy at Egypt")
    assert s.money[BLUE] == 0 and units(s, "egy", MERC + BLUE) == (1, 0, 0, 0)


def test_q5_levies_need_no_symbol_fleets_need_a_port_or_coast_held() -> None:
    s = leader_at(started(3), BLUE, "ara")
    s = s.clone()
    s.control = tuple(NO for _ in s.control)
    s = controlled(s, BLUE, "ara")  # Arabia: a Levy area, coastal, no port
    s = at(s, BLUE, 2, frame("buy", BLUE, 0))
    buys = {(a.piece, a.at) for a in GAME.legal_actions(s) if isinstance(a, Buy)}
    assert ("levy", "ara") in buys and not any(p in ("inf", "cav") for p, _ in buys)
    assert {w for p, w in buys if p == "fleet"} == {"red", "gulf", "ery"}  # at sea, 5 each


def test_q6_never_placed_among_unfriendly_units_and_an_enemy_held_home_takes_none() -> None:
    s = put(leader_at(started(3), BLUE, "syr"), "syr", RED, inf=1)
    s = at(s, BLUE, 2, frame("buy", BLUE, 0))
    assert {a.at for a in GAME.legal_actions(s) if isinstance(a, Buy) and a.piece != "fleet"} == {
        "egy"
    }
    s = leader_at(controlled(started(3), RED, "egy"), BLUE, "ara")
    s = at(s, BLUE, 2, frame("buy", BLUE, 0))
    assert {a.at for a in GAME.legal_actions(s) if isinstance(a, Buy) and a.piece != "fleet"} == {
        "ara"
    }


def test_q7_a_short_player_pays_all_he_has_and_loses_one_unit() -> None:
    s = put(started(3, money=1), "egy", BLUE, inf=2, levy=1)
    s = deal(at(s, BLUE, 1, frame("event_roll", BLUE)), 1, 3, 3)  # ODD 33: pays 2
    assert s.money[BLUE] == 0 and s.frames[-1][:2] == ("lose", BLUE)
    s = order(s, "lose inf at Egypt")
    assert units(s, "egy", BLUE) == (1, 1, 0, 0) and s.frames[-1][0] != "lose"


def test_q8_gifts_at_any_time_through_turn_8_in_any_amount_and_none_after() -> None:
    s = at(started(3, turn=8), RED, 4, ("move", RED, NO, NO, NO))
    s = GAME.apply(s, Give("green", "blue", 10))
    assert s.money == (20, 10, 0)
    with pytest.raises(ValueError, match="your treasury is empty"):
        GAME.apply(s, Give("green", "red", 1))
    s = at(started(3, turn=9), RED, 4, ("move", RED, NO, NO, NO))
    with pytest.raises(ValueError, match="through turn 8"):
        GAME.apply(s, Give("green", "blue", 1))


def test_q9_no_minimum_move_a_unit_without_the_mp_cannot_enter() -> None:
    s = order(
        moving(put(started(3), "egy", BLUE, inf=1)),
        "take 1 inf at Egypt, march to Arabia, march to Syria",
    )
    assert not any(a.kind == "march" for a in GAME.legal_actions(s))  # 0 MP left


def test_q10_the_leaders_band_drops_off_on_the_way_and_joiners_keep_3_mp() -> None:
    s = put(put(started(3), "egy", BLUE, inf=2), "ara", BLUE, cav=1)
    s = order(moving(s), "take leader 2 inf at Egypt, march to Arabia")  # 2 MP (rough)
    s = order(s, "drop 1 inf, take 1 cav at Arabia")  # the cavalry joins with 3 MP of its own
    s = order(s, "march to Babylonia")  # the cavalry's 3 MP spent
    assert s.force is not None and s.force.spent == 3
    assert {a.to for a in GAME.legal_actions(s) if isinstance(a, March)} == {
        "med",
        "mes",
        "sus",
    }
    s = order(s, "march to Media")  # the leader's 4 spent: the force halts by itself
    assert s.force is None and units(s, "med", BLUE) == (0, 1, 1, 0)
    assert units(s, "ara", BLUE)[INF] == 1 and not any(
        isinstance(a, Take) and a.at == "ara" for a in GAME.legal_actions(s)
    )
    s3 = order(moving(put(started(3), "egy", BLUE, inf=2)), "take leader 2 inf at Egypt")
    s3 = order(s3, "march to Arabia, march to Babylonia, drop leader")  # 3 MP spent: no more
    assert not any(isinstance(a, March) for a in GAME.legal_actions(s3))
    s2 = order(moving(put(started(3), "egy", BLUE, inf=2)), "take leader 2 inf at Egypt")
    s2 = order(s2, "march to Arabia, march to Babylonia, march to Media")
    assert units(s2, "med", BLUE)[INF] == 2  # 4 MP with him


def test_q11_allies_and_own_mercenaries_do_not_stop_a_force_white_units_do() -> None:
    s = put(
        put(put(started(3), "egy", BLUE, inf=1), "ara", GREEN, inf=1), "ara", MERC + BLUE, levy=1
    )
    s = s.clone()
    s = allied(s, BLUE, GREEN)
    s = order(moving(s), "take 1 inf at Egypt, march to Arabia")
    assert s.force is not None
    w = put(put(started(3), "egy", BLUE, inf=1), "ara", WHITE, inf=1)
    w = order(moving(w), "take 1 inf at Egypt, march to Arabia")
    assert w.force is None


def test_q12_an_alliance_is_offered_and_accepted_and_ends_at_the_breakers_next_turn() -> None:
    s = at(started(3), GREEN, 4, ("move", GREEN, NO, NO, NO))
    s = GAME.apply(s, Offer("blue", "red"))
    s = GAME.apply(s, Accept("red", "blue"))
    assert s.alliances == ((BLUE, RED),)
    t = put(put(s, "ara", BLUE, inf=2), "ara", RED, inf=1)
    t = at(t, BLUE, 5, frame("combat", BLUE))
    assert not any(isinstance(a, Fight) for a in GAME.legal_actions(t))  # allies share areas
    s = GAME.apply(s, Break("red", "blue"))
    assert s.alliances == ((BLUE, RED),) and s.breaks == ((RED, BLUE),)  # until red's turn
    s = begun(at(s, RED, 0))
    assert s.alliances == ()


def test_q12_an_alliance_both_allies_break_ends_once() -> None:
    """A trial was told "The alliance of Red and Blue is over" at Red's turn, then "The
    alliance of Blue and Red is over" at its own."""
    s = GAME.apply(moving(started(3)), Offer("blue", "red"))
    s = GAME.apply(s, Accept("red", "blue"))
    s = GAME.apply(GAME.apply(s, Break("blue", "red")), Break("red", "blue"))
    s = begun(at(s, RED, 0))
    assert s.alliances == () and s.breaks == ()
    assert (
        "The alliance of Red and Blue is over: Red's player turn begins, where the end it "
        "announced takes effect (Q12)" in s.news
    ), s.news
    later = begun(at(s, BLUE, 0))
    assert not any("alliance" in line for line in later.news)


def test_q12_an_alliance_ended_tells_the_seat_left_where_their_units_become_enemies() -> None:
    """A trial's ally broke off and the end took effect before it decided again, with no
    word of what the end meant for its units standing beside the ally's (l.35)."""
    s = allied(
        put(put(put(started(3), "ara", BLUE, inf=2), "ara", RED, inf=1), "syr", RED, inf=1),
        BLUE,
        RED,
    )
    s = GAME.apply(moving(s), Break("red", "blue"))
    told = (
        "Red will end its alliance with Blue at the start of its next turn (Q12); Blue's units "
        "and Red's in Arabia are enemies then: battle follows where one side wants it (l.35)"
    )
    assert told in s.news, s.news
    s = begun(at(s, RED, 0))
    assert (
        "The alliance of Red and Blue is over: Red's player turn begins, where the end it "
        "announced takes effect (Q12); Blue's units and Red's in Arabia are enemies now: "
        "battle follows where one side wants it (l.35)"
    ) in s.news, s.news


def test_an_offer_made_back_tells_how_to_answer_the_one_pending() -> None:
    """A trial offered Green an alliance that Green had offered it turns before, unseen, and
    read "an alliance is offered between you and Green already": the answer it wants is
    named, and an offer made twice is told so."""
    s = GAME.apply(moving(started(3)), Offer("green", "blue"))
    with pytest.raises(
        ValueError,
        match="Green has offered you an alliance already: "
        "`accept green` makes it, `refuse green` turns it down",
    ):
        GAME.apply(s, Offer("blue", "green"))
    with pytest.raises(ValueError, match="you have offered Blue an alliance already"):
        GAME.apply(s, Offer("green", "blue"))


def test_an_offer_not_yet_answered_is_recalled_in_the_prompt_of_the_seat_it_was_made_to() -> None:
    """A trial missed Green's offer, announced amid Green's moves: the seat's prompt recalls
    it until it is answered, and no other seat's does."""
    from rules.successors.table_talk import prompt

    s = GAME.apply(moving(started(3)), Offer("green", "blue"))
    recalled = (
        "Green's alliance offer awaits your answer, at any time: `accept green` or "
        "`refuse green` (l.32)"
    )
    assert prompt(GAME.view(s, "blue"), "blue").endswith(recalled), prompt(
        GAME.view(s, "blue"), "blue"
    )
    assert "alliance offer" not in prompt(GAME.view(s, "green"), "green")
    answered = GAME.apply(s, Refuse("blue", "green"))
    assert "alliance offer" not in prompt(GAME.view(answered, "blue"), "blue")


def test_q12_an_offer_refused_is_not_made_again_in_the_same_game_turn() -> None:
    """Ours: nobody at the table is pinged again and again for one offer."""
    s = GAME.apply(moving(started(3)), Offer("blue", "red"))
    s = GAME.apply(s, Refuse("red", "blue"))
    with pytest.raises(ValueError, match="Red refused your alliance in this game turn: offer it"):
        GAME.apply(s, Offer("blue", "red"))
    assert GAME.apply(s, Offer("red", "blue")).offers == ((RED, BLUE),)  # the other way
    later = s.clone()
    engine.turn_start(later)
    assert GAME.apply(later, Offer("blue", "red")).offers == ((BLUE, RED),)


def test_q12_a_province_an_ally_takes_from_its_ally_is_told_so() -> None:
    """A trial lost its home to its ally's units, told as any other change of hands."""
    s = put(put(controlled(started(3), BLUE, "ara"), "ara", BLUE, inf=1), "ara", GREEN, inf=2)
    s = s.clone()
    s = allied(s, BLUE, GREEN)
    s = begun(at(s, GREEN, 5))
    assert (
        "Green takes control of Arabia from its ally Blue: the ally with more units there "
        "holds it (l.10; Q12)"
    ) in s.news


def allied_defenders() -> State:
    """Blue's combat phase in Arabia against Red's infantry and Green's cavalry, allied."""
    s = put(contest({"inf": 3}, {"inf": 1}), "ara", GREEN, cav=1).clone()
    s = allied(s, RED, GREEN)
    return s


def test_q12_allies_in_one_area_are_one_side_of_one_battle() -> None:
    """A trial saw "Blue attacks Green in Egypt", then "Blue attacks Red in Egypt": the
    defender's allies fight beside him, as the phasing player's do beside him."""
    s = order(allied_defenders(), "fight red at Arabia")
    assert s.battle is not None
    assert {slot % MERC for slot in s.battle.defenders} == {RED, GREEN}
    assert "Blue attacks Red and Green in Arabia" in s.news
    s = deal(s, 1)  # Green's cavalry rolls before the battle: a miss
    s = deal(s, 5, 5, 5, 1, 1)  # three hits: Red's infantry and Green's cavalry are gone
    assert s.battle is None and not any(isinstance(a, Fight) for a in GAME.legal_actions(s))
    assert "Blue wins the battle in Arabia" in s.news


def test_a_battle_names_its_sides_by_the_seats_whose_units_fight_not_a_lone_leader() -> None:
    """A trial's Red attacked in Egypt, where Blue's levies and infantry stood beside the
    lone leader of Blue's ally Green, just ransomed home: told "Red attacks Green in Egypt",
    then Blue lost its units and was asked to retreat. The units' seats are the sides; a
    leader alone is named so."""
    s = put(put(started(3), "egy", BLUE, levy=2, inf=2), "egy", RED, inf=3, cav=2)
    s = leader_at(leader_at(s, GREEN, "egy"), BLUE, "mac")
    s = at(allied(s, BLUE, GREEN), RED, 5, frame("combat", RED))
    fought = order(s, "fight green at Egypt")
    assert fought.news == ("Red attacks Blue in Egypt",), fought.news
    fought = deal(deal(fought, 1, 1), *([1] * 5), 1, 1, 6, 1)  # Red misses; a Blue levy hits
    assert (
        "Egypt, round 1: Blue rolls infantry 1 1, levies 6 1: 1 hit (infantry hits on 5-6, levy on 6)"
        in fought.news
    )
    alone = at(leader_at(started(3), GREEN, "syr"), RED, 5, frame("combat", RED))
    alone = order(put(alone, "syr", RED, inf=1), "fight green at Syria")
    assert alone.news[0] == "Red attacks Green's lone leader in Syria", alone.news
    assert any("Green's leader, with no unit of his side left" in x for x in alone.news)
    declined = order(s, "decline green at Egypt")
    assert "Red declines battle against Blue in Egypt" in declined.news, declined.news


def test_q19_a_lone_leader_beside_his_allys_units_gives_no_1_and_the_dice_line_counts_one() -> None:
    """A trial's roll line said "the leaders' on their best units" with one +1 shown: an
    ally's lone leader stood there too, with no unit of his colour to give it to."""
    s = put(put(started(3), "egy", BLUE, levy=2, inf=2), "egy", RED, inf=3, cav=2)
    s = leader_at(leader_at(s, GREEN, "egy"), BLUE, "egy")
    s = at(allied(s, BLUE, GREEN), RED, 5, frame("combat", RED))
    fought = deal(deal(order(s, "fight blue at Egypt"), 1, 1), *([1] * 5), 1, 1, 6, 1)
    said = next(x for x in fought.news if x.startswith("Egypt, round 1: Blue rolls"))
    assert "infantry 1+1 1, levies 6 1" in said and "+1: the leader's on his best unit" in said


def test_q12_a_lone_leaders_seat_named_in_battle_leaves_his_allys_army_the_lead() -> None:
    """A trial's Red named Green, whose lone leader stood beside his ally Blue's army: the
    side's losses and captives went to Green. The seat whose units fight leads the side."""
    s = put(put(started(3), "egy", BLUE, inf=2), "egy", RED, levy=1)
    s = leader_at(leader_at(leader_at(s, GREEN, "egy"), BLUE, "mac"), RED, "egy")
    s = at(allied(s, BLUE, GREEN), RED, 5, frame("combat", RED))
    fought = deal(order(s, "fight green at Egypt"), 1, 6, 1)  # Red misses; Blue hits
    assert fought.leaders[RED] == CAPTIVE + BLUE
    assert any("is captured by Blue (Q21)" in x for x in fought.news), fought.news


def test_q12_a_battle_declined_against_allies_is_declined_against_both() -> None:
    s = order(allied_defenders(), "decline green at Arabia")
    assert "Blue declines battle against Green and Red in Arabia" in s.news
    s = order(s, "decline blue at Arabia", "green")
    assert not any(isinstance(a, Fight) for a in GAME.legal_actions(s))


def test_q13_the_defender_may_call_a_declined_battle_and_rebels_always_fight() -> None:
    s = order(contest({"inf": 1}, {"inf": 1}), "decline red at Arabia")
    assert GAME.to_move(s) == "red" and Fight("ara", "blue") in GAME.legal_actions(s)
    w = put(put(started(3), "ara", BLUE, inf=1), "ara", WHITE, levy=1)
    w = at(w, BLUE, 5, frame("combat", BLUE))
    assert GAME.legal_actions(w) == [Fight("ara", "white")]


def test_q14_the_phasing_side_attacks_even_in_a_battle_called_by_the_other() -> None:
    s = order(
        order(contest({"inf": 2}, {"inf": 2}), "decline red at Arabia"), "fight blue at Arabia"
    )
    assert s.battle is not None and s.battle.principal == (BLUE, RED)


def test_q15_a_levy_hits_on_6_the_others_on_5_or_6() -> None:
    assert GAME.new_game(GAME.info.options(), ("blue", "red", "green")).parts.setup.hits == (
        6,
        5,
        5,
        5,
    )
    s = order(contest({"levy": 1}, {"inf": 1}), "fight red at Arabia")
    s = deal(s, 5, 1)  # the levy's 5 misses
    assert units(s, "ara", RED)[INF] == 1


def test_q16_a_hit_takes_its_own_type_and_owners_choose_within_a_type() -> None:
    s = put(contest({"cav": 1}, {"inf": 2, "cav": 1}), "ara", MERC + RED, cav=1)
    s = order(s, "fight red at Arabia")
    s = deal(s, 6, 1, 1)  # blue's pre-battle cavalry hit: a cavalry loss, Red's or his mercenary's
    assert s.frames[-1][:2] == ("battle_loss", RED)
    assert {a.piece for a in GAME.legal_actions(s)} == {"cav", "merc cav"}  # type: ignore[union-attr]
    s = order(s, "lose merc cav at Arabia")
    assert units(s, "ara", MERC + RED)[CAV] == 0 and units(s, "ara", RED)[CAV] == 1


def test_q17_each_elephant_stops_two_enemy_cavalry_rolls_and_rolls_none_itself() -> None:
    s = order(contest({"cav": 2, "el": 1}, {"cav": 3, "el": 1}), "fight red at Arabia")
    assert len(GAME.deal(s, lambda n: 0).values) == 0 + 1  # type: ignore[union-attr]


def test_q18_the_pre_battle_step_comes_once_and_its_hits_fall_before_round_1() -> None:
    s = order(contest({"cav": 1}, {"inf": 1}), "fight red at Arabia")
    s = deal(s, 6)
    assert units(s, "ara", RED)[INF] == 0 and s.battle is None  # no round was needed


def test_q19_each_leader_adds_1_to_his_own_best_unit_every_round() -> None:
    s = put(
        leader_at(leader_at(contest({"inf": 1, "levy": 1}, {"inf": 1}), BLUE, "ara"), GREEN, "ara"),
        "ara",
        GREEN,
        cav=1,
    )
    s = s.clone()
    s = allied(s, BLUE, GREEN)
    s = order(s, "fight red at Arabia")
    s = deal(s, 1)  # green's cavalry before the battle
    assert s.battle is not None
    assert layout(s, s.battle, 0) == ((INF, 1), (LEVY, 0), (CAV, 1))


def test_q20_retreats_avoid_where_attackers_came_from_and_the_attacker_withdraws_to_his_own() -> (
    None
):
    s = put(put(started(3), "egy", BLUE, inf=2), "ara", RED, inf=2)
    s = order(moving(s), "move 2 inf Egypt Arabia")
    s = order(s, "end movement, fight red at Arabia")
    s = deal(s, 1, 1, 1, 1)
    places = {s.parts.map.ids[a] for a in retreat_places(s, RED)}
    assert "egy" not in places and {"bab", "mes", "syr", "cse"} <= places
    s = put(controlled(order(s, "stand"), RED, "mes"), "syr", GREEN, levy=1)
    # his own or empty (Red's Mesopotamia holds no unit), none with unfriendly units (Syria)
    assert {s.parts.map.ids[a] for a in retreat_places(s, BLUE)} == {"egy", "bab", "mes", "cse"}


def test_q21_a_leader_with_no_units_is_captured_or_sent_home_by_rebels() -> None:
    s = leader_at(contest({"inf": 1}, {}), RED, "ara")
    s = order(s, "fight red at Arabia")
    assert s.leaders[RED] == CAPTIVE + BLUE
    w = leader_at(put(started(3), "ara", WHITE, levy=1), RED, "ara")
    w = at(w, BLUE, 1, frame("event_roll", BLUE))
    from rules.successors.combat import whites_attack

    w = w.clone()
    whites_attack(w, area(w, "ara"))
    assert w.leaders[RED] == area(w, "mac")


def test_q21_a_leader_beaten_by_rebels_goes_to_his_own_units_when_rivals_hold_his_home() -> None:
    w = put(
        put(leader_at(put(started(3), "ara", WHITE, levy=1), RED, "ara"), "mac", BLUE, levy=1),
        "thr",
        RED,
        levy=1,
    )
    from rules.successors.combat import whites_attack

    w = w.clone()
    whites_attack(w, area(w, "ara"))
    assert w.leaders[RED] == area(w, "thr")
    assert any("goes to Thrace, Macedonia holding unfriendly units" in x for x in w.news), w.news


def test_q21_a_ransom_never_hands_the_leader_to_another_captor() -> None:
    """His home held by Red's levy, Blue's ransomed leader joins Blue's levy in Cyrenaica; with
    no such area, his revenue keeps the ransom and `ransom` is refused, saying why."""
    s = started(3).clone()
    s.leaders = (CAPTIVE + GREEN, *s.leaders[1:])
    s = put(s, "egy", RED, levy=1)
    paid = begun(at(put(s, "cyr", BLUE, levy=1), BLUE, 1))  # his revenue
    assert paid.leaders[BLUE] == area(s, "cyr") and paid.money[GREEN] == 15
    assert any("he goes to Cyrenaica, Egypt holding unfriendly units (Q21)" in x for x in paid.news)
    kept = begun(at(s, BLUE, 1))
    assert kept.leaders[BLUE] == CAPTIVE + GREEN and kept.money[GREEN] == 10
    assert any("Blue's leader stays Green's captive" in x for x in kept.news)
    with pytest.raises(ValueError, match="Egypt holds unfriendly units and no area of your"):
        GAME.apply(at(s, GREEN, 4, ("move", GREEN, NO, NO, NO)), Ransom("blue"))


def test_q22_all_fleets_in_the_sea_fight_and_cargo_sinks_with_its_fleet() -> None:
    s = fleets(fleets(put(started(3), "egy", BLUE, inf=2), "egy", BLUE, 2), "egs", BLUE, 1)
    s = fleets(s, "egs", RED, 2)
    s = order(moving(s), "take 2 fleets at Egypt, embark 2 inf at Egypt, sail to Egyptian Sea")
    s = order(s, "fight red at Egyptian Sea")
    assert len(GAME.deal(s, lambda n: 0).values) == 3 + 2  # type: ignore[union-attr]
    s = deal(s, 1, 1, 1, 6, 1)  # one blue fleet sinks: the owner chooses which
    assert {a.piece for a in GAME.legal_actions(s)} == {"fleet", "moving fleet"}  # type: ignore[union-attr]
    s = order(s, "lose moving fleet at Egyptian Sea")
    assert s.force is not None and s.force.fleets == 1 and sum(g[3] for g in s.force.groups) == 1
    assert s.pool[BLUE][INF] == 12 - 1  # the drowned infantry back in the pool


def test_q23_leaving_port_costs_1_and_no_fleet_enters_a_non_allied_port() -> None:
    red_greece = controlled(fleets(started(3), "egy", BLUE, 1), RED, "gre")
    s = order(moving(red_greece), "take 1 fleet at Egypt, sail to Egyptian Sea")
    assert s.force is not None and s.force.spent == 1
    s = order(s, "sail to Aegean Sea")
    assert Sail("gre") not in GAME.legal_actions(s)
    t = s.clone()
    t = allied(t, BLUE, RED)
    t.memo = None
    assert Sail("gre") in GAME.legal_actions(t)


def test_q24_troops_embark_from_a_coast_of_the_fleets_sea_and_stop_on_landing() -> None:
    s = fleets(put(started(3), "cyr", BLUE, inf=1), "egs", BLUE, 1)
    s = order(moving(s), "take 1 fleet at Egyptian Sea, embark 1 inf at Cyrenaica")
    s = order(s, "sail to Cyprian Sea, land 1 inf at Syria, halt")
    assert units(s, "syr", BLUE)[INF] == 1
    assert not any(isinstance(a, Take) and a.at == "syr" for a in GAME.legal_actions(s))


def test_q24_a_fleet_carries_one_unit_a_move_so_one_landed_takes_no_other() -> None:
    """A trial's single fleet landed a cavalry, was offered `embark 1 cav` again, and landed a
    second: with no cost to embark or land (l.31), one fleet would ferry a whole stack."""
    s = fleets(put(started(3), "cyr", BLUE, inf=2), "egs", BLUE, 1)
    s = order(moving(s), "take 1 fleet at Egyptian Sea, embark 1 inf at Cyrenaica")
    s = order(s, "land 1 inf at Egypt")
    assert not any(isinstance(a, Embark) and a.piece != "leader" for a in GAME.legal_actions(s))
    with pytest.raises(
        ValueError,
        match=r"a fleet carries one unit a move \(l.31; Q24\): 1 fleet, 1 landed already, no room left",
    ):
        order(s, "embark 1 inf at Cyrenaica")


def test_q24_a_move_beside_a_force_at_sea_with_troops_aboard_says_they_land_first() -> None:
    """A trial typed `move` for other pieces while its fleets were at sea with an infantry
    aboard, and was told to halt the force first, which may not halt at sea so laden."""
    s = fleets(put(started(3), "egy", BLUE, inf=1, levy=1), "egy", BLUE, 1)
    s = order(moving(s), "take 1 fleet at Egypt, embark 1 inf at Egypt, sail to Egyptian Sea")
    with pytest.raises(ValueError) as refused:
        order(s, "move 1 levy Egypt Arabia")
    why = str(refused.value)
    assert "pieces join it there; its troops aboard land before its fleets halt at sea (Q24)" in why
    assert "halt it first" not in why
    s = order(s, "land 1 inf at Cyrenaica")  # the fleet, empty, may halt at sea now
    assert s.force is not None and not s.force.groups
    with pytest.raises(ValueError, match=r"pieces join it there, or halt it first"):
        order(s, "take 1 levy at Egypt")


def test_q25_the_defenders_double_dice_last_every_round() -> None:
    s = order(invaded(), "fight red at Cyrenaica")
    s = deal(s, 1, 1, 1, 1, 1, 1)
    assert s.battle is not None and s.battle.round == 2
    assert len(GAME.deal(s, lambda n: 0).values) == 2 + 4  # type: ignore[union-attr]


def test_q26_a_captured_fleet_is_destroyed_when_the_captors_pool_has_none() -> None:
    s = fleets(put(started(3), "pho", BLUE, inf=1), "pho", RED, 1).clone()
    s.pool = ((1, 1, 1, 1, 0), *s.pool[1:])
    s = begun(at(controlled(s, RED, "pho"), BLUE, 5))
    s = deal(s, 1)
    assert s.fleets[area(s, "pho")] == (0, 0, 0) and "rolls 1: destroyed" in " ".join(s.news)
    assert s.pool[RED][4] == 6


def test_q27_a_marker_goes_with_the_last_white_unit_or_when_one_player_is_alone_there() -> None:
    s = put(started(3, money=0), "per", WHITE, levy=0).clone()
    markers = list(s.markers)
    markers[area(s, "per")] = REVOLT
    s.markers = tuple(markers)
    assert half_points(put(s, "per", BLUE, inf=1), BLUE) == 0  # worthless while marked
    s = put(s, "per", BLUE, inf=1)
    s = passive(begun(at(s, BLUE, 5)), stop="event_roll")
    assert s.markers[area(s, "per")] == 0 and s.control[area(s, "per")] == BLUE


def test_q28_white_units_hit_the_areas_controller_first() -> None:
    s = put(put(controlled(started(3), RED, "syr"), "syr", BLUE, inf=1), "syr", RED, inf=1)
    s = s.clone()
    s = allied(s, BLUE, RED)
    s = put(s, "syr", WHITE, inf=1)
    from rules.successors.combat import whites_attack

    s = s.clone()
    s.frames = (frame("player", BLUE, 1),)
    whites_attack(s, area(s, "syr"))
    s = deal(begun(s), 6, 1, 1)  # the rebel's hit
    assert units(s, "syr", RED)[INF] == 0 and units(s, "syr", BLUE)[INF] == 1


def test_q29_levies_may_board_fleets_no_optional_rule_is_offered() -> None:
    s = fleets(put(started(3), "egy", BLUE, levy=1), "egy", BLUE, 1)
    s = order(moving(s), "take 1 fleet at Egypt, embark 1 levy at Egypt")
    assert s.force is not None and s.force.groups


def test_q30_the_recalled_leader_goes_home_alone() -> None:
    s = put(leader_at(started(3), BLUE, "syr"), "syr", BLUE, inf=2)
    s = deal(at(s, BLUE, 1, frame("event_roll", BLUE)), 1, 4, 1)  # ODD 41
    assert s.leaders[BLUE] == area(s, "egy") and units(s, "syr", BLUE)[INF] == 2


def test_q30_a_recalled_leader_never_goes_alone_among_the_units_holding_his_home() -> None:
    """His home held by Red's levy, Blue's leader goes to his units in Cyrenaica; with no
    area of his free of unfriendly units he stays where he is."""
    held = put(put(leader_at(started(3), BLUE, "syr"), "syr", BLUE, inf=2), "egy", RED, levy=1)
    s = deal(at(put(held, "cyr", BLUE, levy=1), BLUE, 1, frame("event_roll", BLUE)), 1, 4, 1)
    assert s.leaders[BLUE] == area(s, "cyr")
    assert any("goes alone to Cyrenaica, Egypt holding unfriendly units (Q30)" in x for x in s.news)
    s = deal(at(put(held, "syr", RED, levy=1), BLUE, 1, frame("event_roll", BLUE)), 1, 4, 1)
    assert s.leaders[BLUE] == area(s, "syr")
    assert any("stays where he is: Egypt holding unfriendly units" in x for x in s.news)


def test_q31_mercenaries_are_not_played_while_a_combat_is_resolved() -> None:
    s = holding(leader_at(contest({"inf": 2}, {"inf": 2}), BLUE, "ara"), BLUE, 3)
    s = deal(order(s, "fight red at Arabia"), 1, 1, 1, 1)
    assert s.frames[-1][:2] == ("retreat", RED)
    with pytest.raises(ValueError, match="not while a combat is being resolved"):
        GAME.apply(s, Play("blue", 3, "ara"))
    s2 = holding(leader_at(contest({"inf": 2}, {"inf": 2}), BLUE, "ara"), BLUE, 3)
    s2 = GAME.apply(s2, Play("blue", 3, "ara"))  # before the battle: allowed
    assert units(s2, "ara", MERC + BLUE)[INF] == 2


def test_q32_a_player_with_no_unit_and_no_province_is_out_with_his_home_money_and_chits() -> None:
    s = holding(controlled(started(3, money=4), NO, "egy"), BLUE, 5)
    s = s.clone()
    eliminate(s, BLUE)
    assert s.out == (BLUE,) and s.homes[BLUE] == NO and s.money[BLUE] == 0
    assert 5 in s.cup and s.hands[BLUE] == ()
    t = passive(begun(at(controlled(started(3, money=4), NO, "egy"), BLUE, 6)), stop="event_roll")
    assert BLUE in t.out and GAME.to_move(t) is None


def test_q32_the_one_player_left_is_told_the_game_ends_with_the_elimination() -> None:
    """A trial learned that one player left ends the game only from its end, in game turn 7
    of 12: the elimination says so."""
    s = controlled(started(3), NO, "egy").clone()
    eliminate(s, RED)
    assert not [line for line in s.news if "alone is left" in line]  # two play on
    eliminate(s, BLUE)
    assert s.news[-2:] == (
        "Blue has no unit and no province left: eliminated (Q32)",
        "Green alone is left in the game: it ends now (Q32)",
    )
    assert GAME.result(passive(begun(at(s, GREEN, 6)))) is not None


def test_q33_own_mercenaries_do_not_spoil_sole_occupancy_an_allys_units_do() -> None:
    s = put(put(started(3, money=0), "egy", BLUE, inf=1), "egy", MERC + BLUE, levy=1)
    assert half_points(s, BLUE) == 12
    s = put(s, "egy", RED, inf=1).clone()
    s = allied(s, BLUE, RED)
    assert half_points(s, BLUE) == 0
    assert GAME.new_game(GAME.info.options(), ("blue", "red", "green")).parts.setup.turns == 12
    s.phase = "over"
    assert ranking(s).scores["blue"] == 0


def test_q22_troops_drown_with_their_fleet_before_the_next_loss_is_chosen() -> None:
    s = fleets(put(started(3), "egy", BLUE, inf=1, cav=1), "egy", BLUE, 2)
    s = fleets(fleets(s, "egs", BLUE, 1), "egs", RED, 2)
    s = order(
        moving(s), "take 2 fleets at Egypt, embark 1 inf 1 cav at Egypt, sail to Egyptian Sea"
    )
    s = deal(order(s, "fight red at Egyptian Sea"), 1, 1, 1, 6, 6)  # two blue fleets sink
    s = order(s, "lose moving fleet at Egyptian Sea")
    assert s.frames[-1][:2] == ("drown", BLUE)  # one fleet carries one unit (l.31)
    s = order(s, "lose cav at Egyptian Sea")
    assert s.frames[-1][:2] == ("sea_loss", BLUE) and s.force is not None
    assert s.force.fleets == 1 and sum(g[3] for g in s.force.groups) == 1


# --- readings beyond the questions: setup, events and mercenaries (F + ours) -------------------


def test_homes_are_chosen_in_roll_order_ties_roll_again_the_last_to_choose_moves_first() -> None:
    s = deal(GAME.new_game(GAME.info.options(), ("blue", "red", "green")), 3, 5, 5)
    assert s.frames[-1][0] == "home_roll"  # red and green tied: they alone roll again
    s = deal(s, 2, 6)
    assert s.choosing == (GREEN, RED, BLUE) and GAME.to_move(s) == "green"
    s = GAME.apply(s, ChooseHome("mac"))
    assert s.money[GREEN] == 5 and GAME.to_move(s) == "green"  # F (3.1): buys at once
    s = GAME.apply(s, Buy("inf", "mac", 2))
    s = GAME.apply(s, Done())
    homes = {a.area for a in GAME.legal_actions(s) if isinstance(a, ChooseHome)}
    assert GAME.to_move(s) == "red" and "thr" not in homes  # Thrace borders Macedonia
    s = GAME.apply(GAME.apply(s, ChooseHome("egy")), Done())
    s = GAME.apply(GAME.apply(s, ChooseHome("bab")), Done())
    assert s.base_order == (BLUE, RED, GREEN) and s.phase == "play"  # F: last chooser first


def test_odd_26_each_player_pays_for_fleets_in_port_and_loses_those_unpaid() -> None:
    s = fleets(fleets(started(3, money=1), "egy", BLUE, 2), "egs", BLUE, 1)
    s = fleets(s, "mac", RED, 1)
    s = deal(at(s, BLUE, 1, frame("event_roll", BLUE)), 1, 2, 6)  # ODD 26
    said = " ".join(s.news)
    assert "Blue pays 1 Talent for 1 fleet in port and loses 1 fleet" in said
    assert "Red pays 1 Talent for 1 fleet in port" in said
    assert s.fleets[area(s, "egy")][BLUE] == 1 and s.fleets[area(s, "mac")][RED] == 1
    assert s.fleets[area(s, "egs")][BLUE] == 1  # on patrol: not affected (F)


def test_odd_54_persias_units_turn_white_and_its_leader_goes_home() -> None:
    s = leader_at(controlled(put(started(3), "per", RED, inf=2), RED, "per"), RED, "per")
    s = deal(at(s, BLUE, 1, frame("event_roll", BLUE)), 1, 5, 4)  # ODD 54
    assert units(s, "per", WHITE)[INF] == 2 and units(s, "per", RED) == (0, 0, 0, 0)
    assert s.markers[area(s, "per")] == REVOLT and s.control[area(s, "per")] == NO
    assert s.leaders[RED] == area(s, "mac")
    t = deal(at(started(3), BLUE, 1, frame("event_roll", BLUE)), 1, 5, 4)
    assert units(t, "per", WHITE)[LEVY] == 2  # nobody controlled it: 2 white levies (F)


def test_even_56_the_holder_of_both_indian_areas_gains_4() -> None:
    s = controlled(started(3, money=0), RED, "nin", "sin")
    s = deal(at(s, BLUE, 1, frame("event_roll", BLUE)), 2, 5, 6)  # EVEN 56
    assert s.money[RED] == 4
    t = controlled(started(3, money=0), RED, "nin")
    t = deal(at(t, BLUE, 1, frame("event_roll", BLUE)), 2, 5, 6)
    assert t.money[RED] == 0


def test_mercenaries_alone_desert_and_the_leader_keeps_them() -> None:
    s = put(put(started(3), "syr", MERC + BLUE, inf=2), "ara", MERC + BLUE, levy=1)
    s = leader_at(s, BLUE, "ara").clone()
    desert(s)
    assert units(s, "syr", MERC + BLUE) == (0, 0, 0, 0)
    assert units(s, "ara", MERC + BLUE)[LEVY] == 1
    assert s.white_pool[INF] == s.parts.setup.white_mix[INF]  # back in the pool


def test_a_force_moves_once_a_phase() -> None:
    s = order(moving(put(started(3), "egy", BLUE, inf=2)), "move 1 inf Egypt Arabia")
    takes = {a.at for a in GAME.legal_actions(s) if isinstance(a, Take)}
    assert "egy" in takes and "ara" not in takes  # its move is over; the other may go


def test_the_docs_name_an_existing_test_for_every_question_and_summary_line() -> None:
    root = Path(__file__).resolve().parent
    docs = (root.parent / "docs" / "successors.md").read_text(encoding="utf-8")
    defined = {
        m.group(1)
        for path in root.glob("test_successors_*.py")
        for m in re.finditer(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M)
    }
    named = set(re.findall(r"`(?:test_successors_\w+\.py::)?(test_\w+)`", docs))
    assert named - defined == set()
    questions = re.findall(r"^\| Q(\d+) \|[^\n]*`test_\w+`", docs, re.M)
    assert sorted(map(int, questions)) == list(range(1, 34))
    covered = {
        n
        for a, b in re.findall(r"^\| [A-Z][\w ]+ \| l\.(\d+)(?:-(\d+))? \|", docs, re.M)
        for n in range(int(a), int(b or a) + 1)
    }
    blank = {3, 8, 9, 23, 24, 33, 34, 47, 48, 54, 56, 64, 65}  # the summary's empty lines
    assert covered >= set(range(1, 70)) - blank


def test_mercenaries_desert_before_the_control_after_combat_is_counted() -> None:
    s = put(put(started(3), "phr", MERC + BLUE, inf=1), "phr", RED, inf=1)
    s = begun(at(controlled(s, BLUE, "phr"), BLUE, 5))  # Blue's combat phase ends
    assert units(s, "phr", MERC + BLUE) == (0, 0, 0, 0)
    assert s.control[area(s, "phr")] == RED  # Red alone once they are gone (l.10; Q3)


def test_q16_the_loss_prompt_names_an_allys_unit_the_hit_may_take() -> None:
    """A trial read "type `lose 1 inf at Syria`, or another unit of yours" and found its
    ally's infantry, which the hit could take too, only in `options`."""
    s = put(contest({"cav": 1}, {"cav": 1}), "ara", GREEN, cav=1)
    s = order(allied(s, RED, GREEN), "fight red at Arabia")
    s = deal(s, 6, 1, 1)  # Blue's pre-battle cavalry hit: Red's cavalry or Green's
    assert s.frames[-1][0] == "battle_loss"
    assert {a.piece for a in GAME.legal_actions(s)} == {"cav", "green cav"}  # type: ignore[union-attr]
    assert refusals.how_to(s) == (
        "type `lose 1 cav at Arabia`, or your ally's: `lose 1 green cav at Arabia`"
    )


def test_a_retreats_prompt_names_every_area_a_retreat_may_go_to() -> None:
    """A trial was given one retreat to copy, "another retreat allowed", and had to guess the
    others: the prompt names each area (l.45), and (another trial counted them from the dice
    lines) the units each side has left."""
    s = deal(order(contest({"inf": 2}, {"inf": 2}), "fight red at Arabia"), 1, 1, 1, 1)
    assert s.frames[-1][:2] == ("retreat", RED)
    places = {a.to for a in GAME.legal_actions(s) if isinstance(a, Retreat)}
    assert len(places) > 1
    said = talk_of(GAME).prompt(GAME.view(s, None), "red")
    m = s.parts.map
    assert all(m.names[m.index[p]] in said.split("a retreat may go to ")[1] for p in places)
    assert (
        "(your side's 2 infantry against 2 infantry)" in said and "(as the defender, Q20)" in said
    )
