"""Successors, line by line: a test for each line of the summary (l.N, the line of
successors-summary.txt it cites), each on a position built for it."""

from __future__ import annotations

import pytest
from successors_helpers import (
    allied,
    area,
    at,
    controlled,
    deal,
    fleets,
    leader_at,
    moving,
    order,
    put,
    started,
    units,
)

from rules.capabilities import narration_of
from rules.successors import GAME, State, table_talk
from rules.successors.board import LOSS_ORDER
from rules.successors.combat import layout, may_retreat, retreatable
from rules.successors.components import CAV, EL, INF, LEVY
from rules.successors.engine import frame
from rules.successors.result import half_points, ranking
from rules.successors.state import (
    CAPTIVE,
    NO,
    REVOLT,
    Buy,
    Decline,
    Done,
    EndMove,
    Fight,
    Give,
    March,
    Ransom,
    Retreat,
    Sail,
    Stand,
    Take,
)

BLUE, RED, GREEN = 0, 1, 2


def passive(s: State, stop: str | None = None, said: list[str] | None = None) -> State:
    """Play on with the quietest choice (done, end, decline, stand, or the first step) and
    no-event rolls (ODD 36) and misses (1s), until `stop` is the decision on top; the public
    lines written are added to `said`."""
    for _ in range(500):
        if GAME.result(s) is not None or (stop and s.frames and s.frames[-1][0] == stop):
            return s
        if GAME.chance(s) is not None:
            kind = s.frames[-1][0]
            if kind == "event_roll":
                s = deal(s, 1, 3, 6)
            elif kind == "draw":
                s = deal(s, s.cup[0])
            else:
                s = GAME.apply(s, GAME.deal(s, lambda n: 0))
        else:
            legal = GAME.legal_actions(s)
            quiet = [a for a in legal if isinstance(a, Done | EndMove | Decline | Stand)]
            s = GAME.apply(s, (quiet or legal)[0])
        if said is not None:
            said += s.news
    raise AssertionError("no end")


def begun(s: State) -> State:
    """The engine's work on top of the frames carried out (a position built at a stage)."""
    from rules.successors import engine

    t = s.clone()
    t.news = ()
    engine.run(t)
    return t


# --- Sequence of Play (l.1-7) ------------------------------------------------------------------


def test_l1_l2_each_player_in_order_does_all_four_phases_before_the_next() -> None:
    s = started(3).clone()
    s.frames = (frame("turn_start"),)
    s = begun(s)
    said = list(s.news)
    while not any(x.startswith("Game turn 3 of 12 begins") for x in said):
        s = passive(s, stop="move", said=said)
        s = GAME.apply(s, EndMove())
        said += s.news
    turns = [line for line in said if "player turn" in line]
    assert [t.split(":")[1].split("'")[0].strip() for t in turns][:3] == ["Blue", "Red", "Green"]
    blue = said[: said.index(turns[1])]
    assert any("Revenue (l.5)" in x for x in blue) and any("rolls 1 3 6" in x for x in blue)


def test_l4_the_event_roll_is_three_dice_odd_or_even_tens_ones() -> None:
    s = at(started(3), BLUE, 1, frame("event_roll", BLUE))
    s = deal(s, 3, 4, 5)
    assert "ODD 45, Wounded" in s.news[0] and s.pinned[BLUE] == 2
    s = at(started(3), BLUE, 1, frame("event_roll", BLUE))
    s = deal(s, 2, 1, 6)
    assert "EVEN 16, A good year" in s.news[0] and "Blue gains 2 Talents (treasury 12)" in s.news


def test_a_leader_wounded_this_turn_gives_his_1_again_once_the_game_turn_ends() -> None:
    """ODD 45 (ours): the roller's leader may not move this turn and gives no +1. "This turn"
    is the game turn: Green, last in the order, rolled it in game turn 2; in game turn 3 its
    leader defends with his +1 in Blue's player turn, before Green's own (a trial's Green
    rolled no +1 a game turn later)."""
    s = put(started(3), "bab", GREEN, inf=1)
    s = deal(at(s, GREEN, 1, frame("event_roll", GREEN)), 3, 4, 5)
    assert "Green's leader may not move and gives no +1 until game turn 2 ends" in s.news
    assert s.pinned[GREEN] == 2
    s = passive(s, stop="move")
    assert s.turn == 2 and s.current == GREEN and s.pinned[GREEN] == 2
    s = passive(GAME.apply(s, EndMove()), stop="move")
    assert s.turn == 3 and s.current == BLUE and s.pinned[GREEN] == 0


def test_l5_revenue_sums_provinces_maintains_units_then_purchases_but_not_on_turn_1() -> None:
    for turn, buys in ((1, False), (2, True)):
        s = put(controlled(started(3, turn=turn, money=0), BLUE, "cse"), "egy", BLUE, inf=2)
        s = begun(at(s, BLUE, 1))
        s = passive(s, stop="buy") if buys else passive(s, stop="move")
        assert s.money[BLUE] == 6 + 2 - 2  # Egypt 6, Coele-Syria 2, upkeep 2
        assert (s.frames[-1][0] == "buy") is buys


def test_l6_l7_movement_then_combat() -> None:
    s = put(put(started(3), "egy", BLUE, inf=1), "ara", RED, levy=1)
    s = begun(at(s, BLUE, 3))
    s = order(s, "move 1 inf Egypt Arabia")
    s = order(s, "end movement")
    assert s.frames[-1][0] == "combat" and "Combat (l.35-46)" in " ".join(s.news)


# --- l.10-22 --------------------------------------------------------------------------------


def test_l10_a_jointly_occupied_province_goes_to_the_player_with_more_units_in_it() -> None:
    s = put(put(started(3), "syr", BLUE, inf=3), "syr", RED, inf=2)
    s = passive(begun(at(s, BLUE, 5)), stop="event_roll")
    assert s.control[area(s, "syr")] == BLUE


def test_l11_a_player_who_cannot_pay_for_an_event_loses_a_unit() -> None:
    s = put(started(3, money=1), "egy", BLUE, inf=1, levy=1)
    s = at(s, BLUE, 1, frame("event_roll", BLUE))
    s = deal(s, 2, 2, 1)  # EVEN 21, Famine: the roller pays 2
    assert s.money[BLUE] == 0 and GAME.to_move(s) == "blue" and s.frames[-1][0] == "lose"
    s = order(s, "lose levy at Egypt")
    assert units(s, "egy", BLUE) == (0, 1, 0, 0)


def test_l11_gifts_the_roller_cannot_pay_name_who_is_still_owed() -> None:
    """A trial read "Green pays 1 Talent to Blue; Green cannot pay 2 Talents in full" when it
    still owed Red 1 (EVEN 23, Gifts to the court: 1 to each other player)."""
    s = put(started(3, money=1), "egy", BLUE, inf=1, levy=1)
    s = at(s, BLUE, 1, frame("event_roll", BLUE))
    s = deal(s, 2, 2, 3)
    assert s.money == (0, 2, 1) and s.frames[-1][0] == "lose"
    assert s.news[-2:] == (
        "Blue pays 1 Talent to Red",
        "Blue still owes 1 Talent to Green and has nothing left: it must lose a unit (l.11)",
    )


def test_l12_money_is_given_freely_through_turn_8_and_not_after() -> None:
    s = at(started(3, turn=8), GREEN, 4, ("move", GREEN, NO, NO, NO))
    s = GAME.apply(s, Give("blue", "red", 3))  # out of turn: green decides
    assert s.money[:2] == (7, 13)
    s = at(started(3, turn=9), GREEN, 4, ("move", GREEN, NO, NO, NO))
    with pytest.raises(ValueError, match="through turn 8 only"):
        GAME.apply(s, Give("blue", "red", 3))


def test_l13_a_captured_leader_is_ransomed_for_5_talents() -> None:
    s = started(3)
    s = s.clone()
    s.leaders = (CAPTIVE + RED, *s.leaders[1:])
    s2 = GAME.apply(at(s, GREEN, 4, ("move", GREEN, NO, NO, NO)), Ransom("blue"))
    assert s2.money[:2] == (5, 15) and s2.leaders[BLUE] == area(s, "egy")
    said: list[str] = []
    s3 = passive(begun(at(s, BLUE, 1)), stop="buy", said=said)  # or in his revenue phase,
    assert s3.leaders[BLUE] == area(s, "egy") and s3.money[RED] == 15
    assert (  # unasked, which the table is told (a newcomer took it for a slip), and the
        # captor's treasury with the ransom in it (a trial saw no line of it)
        "Blue ransoms its leader from Red for 5 Talents (Red has 15 Talents now), from what its "
        "revenue leaves after the upkeep: a revenue pays it as soon as it can (Q21): he returns "
        "to Egypt (treasury 11)" in [*said, *s3.news]
    ), said


def test_q21_the_revenue_pays_the_upkeep_before_a_ransom_so_a_ransom_never_disbands_units() -> None:
    """Two trials lost their last units to a ransom their revenue paid first: the upkeep comes
    first, and the ransom only from what it leaves; `ransom` still pays it at any time."""
    s = put(started(3, money=0), "ara", BLUE, levy=3)  # income 6 (Egypt), upkeep 3: 3 left
    s.leaders = (CAPTIVE + RED, *s.leaders[1:])
    said: list[str] = []
    s2 = passive(begun(at(s, BLUE, 1)), stop="buy", said=said)
    assert units(s2, "ara", BLUE) == (3, 0, 0, 0) and s2.leaders[BLUE] == CAPTIVE + RED
    assert s2.money[BLUE] == 3 and not any("ransoms" in x for x in said + list(s2.news))
    rich = put(started(3, money=2), "ara", BLUE, levy=3)  # 2 + 6 - 3 = 5: the ransom is paid
    rich.leaders = (CAPTIVE + RED, *rich.leaders[1:])
    s3 = passive(begun(at(rich, BLUE, 1)), stop="buy")
    assert s3.leaders[BLUE] == area(s3, "egy") and s3.money[BLUE] == 0


def test_l14_maintenance_is_1_talent_a_unit() -> None:
    s = fleets(put(started(3, money=20), "egy", BLUE, inf=3, levy=2), "egy", BLUE, 2)
    s = passive(begun(at(s, BLUE, 1)), stop="buy")
    assert s.money[BLUE] == 20 + 6 - 7


@pytest.mark.parametrize(
    ("line", "piece", "where", "cost"),
    [
        ("l16", "levy", "egy", 1),
        ("l17", "inf", "egy", 2),
        ("l18", "cav", "egy", 3),
        ("l19", "fleet", "egy", 3),
        ("l19", "fleet", "red", 5),
    ],
)
def test_l15_to_l19_purchase_costs(line: str, piece: str, where: str, cost: int) -> None:
    s = controlled(started(3), BLUE, "cyr")  # a Cav area, for cavalry (l.22)
    s = at(s, BLUE, 2, frame("buy", BLUE, 0))
    assert Buy(piece, where) in GAME.legal_actions(s)
    s = GAME.apply(s, Buy(piece, where))
    assert s.money[BLUE] == 10 - cost


@pytest.mark.parametrize(
    ("money", "levies", "infantry"), [(40, {1, 5}, {1, 5}), (3, {1, 3}, {1}), (1, {1}, set())]
)
def test_l15_to_l18_a_purchase_step_buys_one_or_all_the_treasury_pays_for_up_to_5(
    money: int, levies: set[int], infantry: set[int]
) -> None:
    s = at(started(3, money=money), BLUE, 2, frame("buy", BLUE, 0))
    counts = {
        piece: {a.count for a in GAME.legal_actions(s) if isinstance(a, Buy) and a.piece == piece}
        for piece in ("levy", "inf")
    }
    assert counts == {"levy": levies, "inf": infantry}


def test_l19_a_fleet_at_sea_is_not_offered_to_a_treasury_of_4() -> None:
    s = at(started(3, money=4), BLUE, 2, frame("buy", BLUE, 0))
    fleets_at = {
        (a.at, a.count) for a in GAME.legal_actions(s) if isinstance(a, Buy) and a.piece == "fleet"
    }
    assert fleets_at == {("egy", 1)}  # 3 in port; 5 at sea is too dear


def test_l20_elephants_only_by_the_table() -> None:
    s = controlled(started(3), BLUE, "nin")
    s = leader_at(s, BLUE, "nin")
    s = at(s, BLUE, 2, frame("buy", BLUE, 0))
    assert not any(isinstance(a, Buy) and a.piece == "el" for a in GAME.legal_actions(s))
    s = at(controlled(started(3), BLUE, "nin"), BLUE, 1, frame("event_roll", BLUE))
    s = deal(s, 2, 5, 1)  # EVEN 51: may buy 1 EL for 3
    assert GAME.legal_actions(s) == [Buy("el", "nin"), Done()]


def test_an_events_purchase_the_roller_cannot_make_says_why_none_is_bought() -> None:
    """Phoenician shipwrights (ODD 23) rolled with no port held once passed in silence."""
    s = at(controlled(started(3), NO, "egy"), BLUE, 1, frame("event_roll", BLUE))
    s = deal(s, 1, 2, 3)  # ODD 23: up to 2 fleets at 2, in ports he controls
    assert "Blue controls no port: no fleet is bought" in s.news
    poor = at(controlled(started(3, money=1), BLUE, "nin"), BLUE, 1, frame("event_roll", BLUE))
    poor = deal(poor, 2, 5, 1)  # EVEN 51: 1 EL for 3
    assert "Blue has 1 Talent, and each elephant costs 3: no elephant is bought" in poor.news
    friends = allied(controlled(started(3), RED, "nin"), BLUE, RED)
    friends = deal(at(friends, BLUE, 1, frame("event_roll", BLUE)), 2, 5, 1)  # a trial's roller
    assert (  # read only that Red may buy them
        "Blue controls no elephant area: Red, its ally controlling one, may buy them, in its "
        "own colour (an event's elephants are placed in an elephant area their buyer controls)"
        in friends.news
    ), friends.news
    assert GAME.to_move(friends) == "red" and Buy("el", "nin") in GAME.legal_actions(friends)
    alone = deal(at(started(3), BLUE, 1, frame("event_roll", BLUE)), 2, 5, 1)
    assert (  # a trial read six such events buy nothing, unexplained
        "Blue controls no elephant area (North India or South India): no elephant is bought "
        "(an event's elephants are placed in an elephant area their buyer controls, l.22)"
        in alone.news
    ), alone.news


def test_units_an_event_places_beside_anothers_are_told_why_they_do_not_fight_now() -> None:
    """A trial saw Red's 2 infantry received in Susiana, where its levy stood, and no
    battle nor word of why: a battle comes only if a side wants it, in the roller's combat
    phase (l.35)."""
    s = put(started(3), "sus", BLUE, levy=1)
    s = deal(at(s, RED, 1, frame("event_roll", RED)), 1, 5, 3)  # ODD 53, The Silver Shields
    assert (
        "Red receives 2 infantry in Susiana, beside Blue's units: a battle there comes only "
        "if a side wants it, in Red's combat phase (l.35)" in s.news
    ), s.news


def test_events_count_ports_fleets_and_units_in_the_singular_and_none_as_none() -> None:
    """Read at the table: "Green controls 1 ports", "loses 1 of its 1 fleets", "for its 1
    units"."""
    s = at(started(3), BLUE, 1, frame("event_roll", BLUE))
    assert "Blue controls 1 port and gains 1 Talent (treasury 11)" in deal(s, 3, 2, 2).news
    none = at(controlled(started(3), NO, "egy"), BLUE, 1, frame("event_roll", BLUE))
    assert "Blue controls no port and gains nothing" in deal(none, 3, 2, 2).news
    fleet = at(fleets(started(3), "egy", BLUE), BLUE, 1, frame("event_roll", BLUE))
    assert "Blue loses its 1 fleet in port" in deal(fleet, 3, 2, 5).news  # ODD 25
    remounts = deal(at(started(3), BLUE, 1, frame("event_roll", BLUE)), 2, 4, 5)  # EVEN 45
    assert "Blue controls no cavalry area and receives nothing" in remounts.news  # "that symbol"


def test_l6_a_seat_with_nothing_to_move_is_told_why_its_movement_passes() -> None:
    """A trial saw such a player turn told only by its revenue line."""
    s = put(controlled(started(3), RED, "egy"), "egy", RED, inf=1)
    s = controlled(s, BLUE, "arm")  # a province, no unit
    s.leaders = (CAPTIVE + RED, *s.leaders[1:])
    s = begun(at(s, BLUE, 2))
    assert (
        "Blue's Movement (l.6): nothing to move: no unit, and its leader captive of Red (Q21)"
    ) in s.news
    assert GAME.to_move(s) is None and s.current == RED


def test_l21_a_player_with_talents_and_nowhere_to_place_units_is_told_why_none_are_bought() -> None:
    """Its home taken and its leader captive, the purchases passed in silence: a newcomer did
    not know why the game skipped them; a later one did not know why no fleet was offered."""
    s = put(controlled(started(3), RED, "egy"), "egy", RED, inf=1)
    s = put(controlled(s, BLUE, "arm"), "arm", BLUE, inf=1)  # inland: no fleet either
    s.leaders = (CAPTIVE + RED, *s.leaders[1:])
    s = begun(at(s, BLUE, 2))
    assert s.money[BLUE] > 0 and s.frames[-1][0] == "move"
    assert (
        "Blue buys nothing: units are placed at home or with the leader (l.21): Red holds "
        "Egypt and its leader is Red's captive; a fleet needs a port or a coast of its own "
        "(l.19; Q5), and it holds none"
    ) in s.news
    port = put(controlled(started(3, money=2), RED, "egy"), "egy", RED, inf=1)
    port = put(controlled(port, BLUE, "pho"), "pho", BLUE, inf=1)  # a port, 2 Talents
    port.leaders = (CAPTIVE + RED, *port.leaders[1:])
    port = begun(at(port, BLUE, 2))
    assert any(x.endswith("captive; a fleet costs 3 in port (l.19)") for x in port.news), port.news
    coast = put(controlled(started(3, money=4), RED, "egy"), "egy", RED, inf=1)
    coast = put(controlled(coast, BLUE, "cse"), "cse", BLUE, inf=1)  # a coast, no port
    coast.leaders = (CAPTIVE + RED, *coast.leaders[1:])
    coast = begun(at(coast, BLUE, 2))  # (a trial with no port read the port's price)
    assert any(
        x.endswith("captive; with no port of its own, a fleet costs 5 in a coastal sea (l.19)")
        for x in coast.news
    ), coast.news
    free = begun(at(put(started(3), "syr", BLUE, inf=1), BLUE, 2))
    assert free.frames[-1][0] == "buy" and not any("buys nothing" in x for x in free.news)


def test_l21_units_go_home_or_with_the_leader_elephants_where_generated_fleets_by_own_provinces() -> (
    None
):
    s = controlled(leader_at(started(3), BLUE, "syr"), BLUE, "syr", "nin")
    s = at(s, BLUE, 2, frame("buy", BLUE, 0))
    places = {a.at for a in GAME.legal_actions(s) if isinstance(a, Buy) and a.piece == "levy"}
    assert places == {"egy", "syr"}
    fleets_at = {a.at for a in GAME.legal_actions(s) if isinstance(a, Buy) and a.piece == "fleet"}
    assert fleets_at == {"egy", "egs", "red", "cys"}  # Egypt's port, its seas, Syria's sea
    s = at(controlled(started(3), BLUE, "nin", "sin"), BLUE, 1, frame("event_roll", BLUE))
    s = deal(s, 2, 5, 3)  # EVEN 53: up to 2 EL, in the elephant areas held
    assert {a.at for a in GAME.legal_actions(s) if isinstance(a, Buy)} == {"nin", "sin"}


def test_l22_infantry_and_cavalry_need_a_province_of_their_type() -> None:
    s = at(started(3), BLUE, 2, frame("buy", BLUE, 0))  # Egypt: an Inf area
    pieces = {a.piece for a in GAME.legal_actions(s) if isinstance(a, Buy)}
    assert "inf" in pieces and "cav" not in pieces and "levy" in pieces
    with pytest.raises(ValueError, match="needs an area with its symbol"):
        GAME.apply(s, Buy("cav", "egy"))


# --- Movement (l.25-32) -------------------------------------------------------------------------


def test_l25_no_stacking_limit_and_no_zones_of_control() -> None:
    s = put(put(started(3, money=0), "egy", BLUE, levy=12, inf=12), "cse", RED, inf=1)
    s = order(moving(s), "move 12 levy 12 inf Egypt Arabia Babylonia")  # past Red, no stop
    assert units(s, "bab", BLUE) == (12, 12, 0, 0)


def test_l26_land_units_have_3_mp_and_shaded_areas_cost_2() -> None:
    s = order(moving(put(started(3), "egy", BLUE, inf=1)), "take 1 inf at Egypt, march to Arabia")
    marches = {a.to for a in GAME.legal_actions(s) if isinstance(a, March)}
    assert marches == {"bab", "mes", "syr", "egy"}  # 1 MP left: no rough area (Coele-Syria)
    with pytest.raises(ValueError, match=r"costs 2 MP \(rough, l.26\); the force has 1 left"):
        order(s, "march to Coele-Syria")


def test_l27_a_force_stops_on_entering_unfriendly_units() -> None:
    s = put(put(started(3), "egy", BLUE, inf=2), "cse", RED, levy=1)
    s = order(moving(s), "take 2 inf at Egypt, march to Coele-Syria")
    assert s.force is None and "stops (l.27)" in " ".join(s.news)
    assert not any(isinstance(a, Take) and a.at == "cse" for a in GAME.legal_actions(s))


def test_l28_the_leader_and_the_forces_starting_with_him_move_4() -> None:
    s = put(put(started(3), "egy", BLUE, inf=2), "egy", BLUE, cav=1)
    s = order(moving(s), "move leader 2 inf Egypt Arabia Babylonia Media")  # 2 + 1 + 1
    assert units(s, "med", BLUE)[INF] == 2 and s.leaders[BLUE] == area(s, "med")
    s = order(s, "move 1 cav Egypt Arabia Babylonia")  # without him: 3 MP
    assert units(s, "bab", BLUE)[CAV] == 1


def test_l29_fleets_have_5_mp_and_stop_on_meeting_enemy_fleets() -> None:
    s = fleets(started(3), "egy", BLUE, 1)
    s = order(moving(s), "sail 1 fleet Egypt Egyptian Sea Aegean Sea Pontus Euxinus Aegean Sea")
    assert s.force is not None and s.force.spent == 5 - 1
    s = order(s, "sail to Cyprian Sea")
    assert not any(isinstance(a, Sail) for a in GAME.legal_actions(s))  # 5 MP spent
    s = fleets(fleets(started(3), "egy", BLUE, 1), "egs", RED, 1)
    s = order(moving(s), "take 1 fleet at Egypt, sail to Egyptian Sea")
    assert s.force is not None and s.force.stopped and s.frames[-1][0] == "sea_ask"


def test_l30_no_fleet_enters_an_enemy_held_port() -> None:
    s = controlled(fleets(started(3), "egy", BLUE, 1), RED, "gre")
    s = order(moving(s), "take 1 fleet at Egypt, sail to Egyptian Sea, sail to Aegean Sea")
    assert Sail("lyd") in GAME.legal_actions(s) and Sail("gre") not in GAME.legal_actions(s)
    with pytest.raises(ValueError, match=r"held by Red \(l.30\)"):
        order(s, "sail to Greece")


def test_l31_fleets_carry_one_unit_each_and_boarding_costs_nothing() -> None:
    s = fleets(put(started(3), "egy", BLUE, inf=3), "egy", BLUE, 2)
    s = order(moving(s), "take 2 fleets at Egypt, embark 2 inf at Egypt")
    assert s.force is not None and s.force.spent == 0
    with pytest.raises(ValueError, match="embark"):
        order(s, "embark 1 inf at Egypt")  # two fleets, two units
    s = order(s, "sail to Egyptian Sea, land 2 inf at Cyrenaica")
    assert units(s, "cyr", BLUE)[INF] == 2


def test_l32_an_ally_moves_in_anothers_turn() -> None:
    s = put(put(started(3), "bab", GREEN, inf=2), "egy", BLUE, inf=1)
    s = s.clone()
    s = allied(s, BLUE, GREEN)
    s = order(moving(s), "call green")
    assert GAME.to_move(s) == "green"
    s = order(s, "move 2 inf Babylonia Arabia Egypt")  # an ally's units do not stop it
    s = order(s, "end movement")
    assert GAME.to_move(s) == "blue" and units(s, "egy", GREEN)[INF] == 2


# --- Combat (l.35-46) -----------------------------------------------------------------------------


def contest(blue: dict[str, int], red: dict[str, int], where: str = "ara") -> State:
    """Blue's combat phase with Blue's and Red's units in one area (Arabia)."""
    s = put(put(started(3), where, BLUE, **blue), where, RED, **red)
    return at(s, BLUE, 5, frame("combat", BLUE))


def test_l35_a_battle_needs_one_willing_player() -> None:
    s = order(contest({"inf": 1}, {"inf": 1}), "decline red at Arabia")
    assert GAME.to_move(s) == "red"  # the defender may call it (Q13)
    s2 = order(s, "decline blue at Arabia")
    assert s2.battle is None and units(s2, "ara", RED) == (0, 1, 0, 0)
    s3 = order(s, "fight blue at Arabia")
    assert s3.battle is not None or "battle" in " ".join(s3.news)


def test_l36_the_phasing_player_chooses_the_order_of_battles() -> None:
    s = put(put(contest({"inf": 1}, {"inf": 1}), "syr", BLUE, inf=1), "syr", RED, inf=1)
    fights = [a for a in GAME.legal_actions(s) if isinstance(a, Fight)]
    assert {a.at for a in fights} == {"ara", "syr"}
    s = order(s, "fight red at Syria")
    assert s.battle is not None and s.battle.area == area(s, "syr")


def test_l37_each_cavalry_rolls_before_battle_and_each_elephant_stops_two() -> None:
    s = order(contest({"cav": 3}, {"el": 1, "inf": 1}), "fight red at Arabia")
    assert GAME.chance(s) == "the pre-battle rolls in Arabia"
    dice = GAME.deal(s, lambda n: 5)
    assert len(dice.values) == 1  # type: ignore[union-attr]  # 3 rolls, 2 stopped


def test_l38_a_round_is_simultaneous() -> None:
    s = order(contest({"inf": 1}, {"inf": 1}), "fight red at Arabia")
    s = deal(s, 6, 6)  # both hit: both lose, whatever the order
    assert units(s, "ara", BLUE) == (0, 0, 0, 0) and units(s, "ara", RED) == (0, 0, 0, 0)


def test_l39_the_leader_adds_1_to_one_unit_not_in_pre_battle() -> None:
    s = leader_at(contest({"inf": 2, "cav": 1}, {"inf": 2}), BLUE, "ara")
    s = order(s, "fight red at Arabia")
    assert s.battle is not None and s.battle.stage == "pre"
    s = deal(s, 1)  # the cavalry's pre-battle roll: no +1
    assert s.battle is not None
    assert [plus for _, plus in layout(s, s.battle, 0)] == [1, 0, 0]


def test_l40_to_l44_losses_same_type_then_closest_better_then_closest_worse() -> None:
    assert LOSS_ORDER[INF] == (INF, CAV, EL, LEVY)
    assert LOSS_ORDER[EL] == (EL, INF, CAV, LEVY)
    assert LOSS_ORDER[LEVY] == (LEVY, EL, INF, CAV)
    assert LOSS_ORDER[CAV] == (CAV, INF, EL, LEVY)
    s = order(contest({"inf": 1}, {"cav": 1, "el": 1, "levy": 1}), "fight red at Arabia")
    s = deal(s, 1)  # red's cavalry misses before the battle
    s = deal(s, 6, 1, 1, 1)  # blue's infantry hits: no red infantry, so the cavalry
    assert units(s, "ara", RED) == (1, 0, 0, 1)


def test_l42_a_hit_that_falls_on_a_better_class_says_why() -> None:
    """A trial lost a cavalry to a rebel levy's hit and was surprised: the line says the
    hit found no levy, elephant or infantry there (a worse class falling says nothing)."""
    s = order(contest({"cav": 1, "inf": 1}, {"levy": 2}), "fight red at Arabia")
    s = deal(s, 1)  # Blue's cavalry misses before the battle
    s = deal(s, 1, 1, 6, 6)  # Red's two levies hit: an infantry (better), then the cavalry
    assert (
        "Blue loses 1 infantry in Arabia (hit by a levy, with no levy or elephant there: the "
        "closest better class, l.42)" in s.news
    ), s.news
    assert (
        "Blue loses 1 cavalry in Arabia (hit by a levy, with no levy, elephant or infantry "
        "there: the closest better class, l.42)" in s.news
    ), s.news
    s = order(contest({"inf": 2}, {"levy": 1}), "fight red at Arabia")
    assert "Red loses 1 levy in Arabia" in deal(s, 6, 1, 1).news  # an infantry's hit, worse


def test_l40_hits_beyond_a_sides_last_unit_are_told_unused() -> None:
    """A trial read "2 hits" against one unit and looked for the second: the table says it
    goes unused."""
    s = order(contest({"inf": 2}, {"levy": 1}), "fight red at Arabia")
    s = deal(s, 6, 6, 1)
    lost = s.news.index("Red loses 1 levy in Arabia")
    assert s.news[lost + 1] == "Red has no unit left: 1 hit goes unused", s.news


def test_l45_the_defender_retreats_first_then_the_attacker() -> None:
    s = put(contest({"inf": 3}, {"inf": 3}), "egy", BLUE, levy=0)
    s = order(s, "fight red at Arabia")
    s = deal(s, 1, 1, 1, 1, 1, 1)
    assert GAME.to_move(s) == "red" and s.frames[-1][0] == "retreat"
    s = order(s, "retreat inf to Mesopotamia, stand")
    assert GAME.to_move(s) == "blue" and s.frames[-1][0] == "retreat"


def test_l46_while_both_sides_have_units_another_round() -> None:
    s = order(contest({"inf": 2}, {"inf": 2}), "fight red at Arabia")
    s = deal(s, 1, 1, 1, 1)
    s = order(s, "stand")
    s = order(s, "stand")
    assert (
        s.battle is not None
        and s.battle.round == 2
        and GAME.chance(s) == "the dice of round 2 in Arabia"
    )


# --- Sea (l.49-53) --------------------------------------------------------------------------------


def at_sea(blue: int, red: int) -> State:
    """Blue's fleets sail from Egypt into the Egyptian Sea, where Red's fleets are."""
    s = fleets(fleets(started(3), "egy", BLUE, blue), "egs", RED, red)
    return order(moving(s), f"take {blue} fleets at Egypt, sail to Egyptian Sea")


def test_l49_sea_battles_in_seas_not_ports_during_movement() -> None:
    s = fleets(fleets(started(3), "egs", BLUE, 1), "pho", RED, 1)  # Red's fleet in port
    s = order(
        moving(controlled(s, RED, "pho")), "take 1 fleet at Egyptian Sea, sail to Cyprian Sea"
    )
    assert s.frames[-1][0] == "move" and s.force is not None and not s.force.stopped
    s = order(at_sea(1, 1), "fight red at Egyptian Sea")
    assert GAME.chance(s) == "the dice of the sea battle in Egyptian Sea"


def test_l50_a_roll_of_5_or_6_kills_at_sea() -> None:
    s = deal(order(at_sea(2, 2), "fight red at Egyptian Sea"), 5, 4, 1, 1)
    assert s.fleets[area(s, "egs")][RED] == 1
    assert s.news[-3].endswith("Blue rolls 5 4: 1 hit (a fleet hits on 5-6: l.50)"), s.news


def test_l50_the_movers_fleets_at_anchor_in_the_sea_fight_too_and_the_roll_says_so() -> None:
    """A trial sailed 4 fleets into a sea where 2 of its own lay at anchor beside Red's: 6
    dice were rolled and one at anchor was lost, and nothing had said they fight."""
    s = fleets(fleets(fleets(started(3), "egy", BLUE, 2), "egs", RED, 1), "egs", BLUE, 1)
    s = order(moving(s), "take 2 fleets at Egypt, sail to Egyptian Sea, fight red at Egyptian Sea")
    s = deal(s, 1, 1, 1, 1)
    assert s.news[-2].endswith(
        "Blue rolls 1 1 1 (with its 1 fleet at anchor there: every fleet fights): 0 hits (a "
        "fleet hits on 5-6: l.50)"
    ), s.news
    assert s.news[-1].endswith("Red rolls 1: 0 hits (a fleet hits on 5-6: l.50)")


def test_l50_hits_beyond_the_fleets_at_sea_are_told_unused() -> None:
    s = deal(order(at_sea(1, 1), "fight red at Egyptian Sea"), 6, 6)
    assert not [line for line in s.news if "unused" in line], s.news  # one hit each: none
    s = deal(order(at_sea(1, 2), "fight red at Egyptian Sea"), 6, 6, 6)
    assert "Blue has only 1 fleet there: 1 hit goes unused" in s.news, s.news
    assert "Blue loses a fleet of its moving force in Egyptian Sea" in s.news, s.news


def test_l51_after_one_round_the_surviving_movers_sail_on() -> None:
    s = deal(order(at_sea(2, 2), "fight red at Egyptian Sea"), 1, 1, 1, 1)
    assert s.force is not None and not s.force.stopped
    assert Sail("aeg") in GAME.legal_actions(s)


def test_l52_a_leader_lost_at_sea_goes_home() -> None:
    s = fleets(fleets(leader_at(started(3), BLUE, "pho"), "pho", BLUE, 1), "cys", RED, 1)
    s = controlled(s, BLUE, "pho")
    s = order(
        moving(s), "take 1 fleet at Phoenicia, embark leader at Phoenicia, sail to Cyprian Sea"
    )
    s = deal(order(s, "fight red at Cyprian Sea"), 1, 6)
    assert s.leaders[BLUE] == area(s, "egy") and s.force is None


def test_l50_a_fleet_sunk_by_the_first_of_two_enemies_fights_the_second_no_more() -> None:
    """A mover's only fleet, sunk by Blue's, was then asked to fight Green's there and
    "rolled" no die; its movement's end said it did not move."""
    s = fleets(fleets(fleets(started(3), "egs", BLUE, 1), "egs", GREEN, 1), "egy", RED, 1)
    s = order(moving(controlled(s, RED, "egy"), RED), "take 1 fleet at Egypt, sail to Egyptian Sea")
    s = deal(order(s, "fight blue at Egyptian Sea"), 1, 6)  # Red misses, Blue sinks it
    assert s.fleets[area(s, "egs")][RED] == 0 and s.force is None
    assert s.frames[-1][0] == "move" and GAME.chance(s) is None, s.frames
    assert "Red ends its movement" in order(s, "end movement").news


def test_l53_no_leader_bonus_at_sea() -> None:
    s = fleets(fleets(leader_at(started(3), BLUE, "egy"), "egy", BLUE, 1), "egs", RED, 1)
    s = order(moving(s), "take 1 fleet at Egypt, embark leader at Egypt, sail to Egyptian Sea")
    s = deal(order(s, "fight red at Egyptian Sea"), 4, 1)  # a 4 with +1 would kill
    assert s.fleets[area(s, "egs")][RED] == 1


# --- Sea Invasion (l.55-63) --------------------------------------------------------------------------


def invaded(landed_only: bool = True) -> State:
    """Blue lands 2 infantry in Cyrenaica, held by 2 red infantry; Blue's combat phase."""
    s = fleets(put(put(started(3), "egy", BLUE, inf=3), "cyr", RED, inf=2), "egy", BLUE, 2)
    s = order(moving(s), "sail 2 fleets with 2 inf Egypt Egyptian Sea land at Cyrenaica")
    if not landed_only:
        s = order(s, "move 1 inf Egypt Cyrenaica")
    return order(s, "end movement")


def test_l55_l57_troops_disembark_to_invade() -> None:
    s = invaded()
    assert s.frames[-1][0] == "combat" and s.landed
    s = order(s, "fight red at Cyrenaica")
    assert s.battle is not None and s.battle.invasion


def test_l58_no_pre_battle_in_a_sea_invasion() -> None:
    s = order(invaded(), "fight red at Cyrenaica")
    assert GAME.chance(s) == "the dice of round 1 in Cyrenaica"
    assert not any("pre-battle" in line for line in s.news)  # no cavalry: nothing to say
    # a trial: cavalry marched in beside the landing rolled nothing, and nothing said why
    s = put(fleets(put(started(3), "egy", BLUE, inf=2, cav=1), "egy", BLUE, 2), "cyr", RED, inf=2)
    s = order(moving(s), "sail 2 fleets with 2 inf Egypt Egyptian Sea land at Cyrenaica")
    s = order(order(s, "move 1 cav Egypt Cyrenaica"), "end movement")
    s = order(s, "fight red at Cyrenaica")
    assert GAME.chance(s) == "the dice of round 1 in Cyrenaica"
    assert "Cyrenaica: no pre-battle rolls in a sea invasion (l.58)" in s.news


def test_l59_the_defender_rolls_double_when_every_attacker_lands() -> None:
    s = order(invaded(), "fight red at Cyrenaica")
    assert len(GAME.deal(s, lambda n: 0).values) == 2 + 4  # type: ignore[union-attr]
    s = order(invaded(landed_only=False), "fight red at Cyrenaica")
    assert len(GAME.deal(s, lambda n: 0).values) == 3 + 2  # type: ignore[union-attr]


def test_l60_invaders_may_not_retreat() -> None:
    s = order(invaded(), "fight red at Cyrenaica")
    assert s.battle is not None and not retreatable(s, BLUE)
    s = deal(s, 1, 1, 1, 1, 1, 1)  # both sides left: no retreat asked of the invaders
    assert s.battle is not None and s.battle.round == 2 and GAME.chance(s) is not None
    # a trial saw no retreat offered and no word of why
    assert (
        "Blue's units in Cyrenaica landed from the sea this turn: they may not retreat (l.60)"
        in s.news
    )


def test_l60_a_hit_takes_a_landed_unit_before_one_that_marched_and_says_so() -> None:
    """A trial's infantry that marched and that landed fought together; one fell, and it
    could not tell which (only the landed may not retreat): a landed one falls first, as
    its owner would choose, and the line says so."""
    s = order(invaded(landed_only=False), "fight red at Cyrenaica")
    s = deal(s, 1, 1, 1, 6, 1)  # Red's one hit
    assert (
        "Blue loses 1 infantry in Cyrenaica (landed from the sea: those that marched there may "
        "still retreat, l.60)" in s.news
    ), s.news
    assert may_retreat(s, BLUE, BLUE * 4 + INF) == 1  # the marched one
    assert GAME.legal_actions(s)[0] == Retreat("inf", "egy")  # (Red has nowhere to go)


def test_l61_to_l63_fleets_in_a_taken_port_roll_for_their_fate() -> None:
    s = fleets(put(started(3), "pho", BLUE, inf=1), "pho", RED, 3)
    s = begun(at(controlled(s, RED, "pho"), BLUE, 5))
    assert GAME.chance(s) == "the fate of Red's fleets in Phoenicia"
    s = deal(s, 2, 4, 6)
    assert s.fleets[area(s, "pho")][BLUE] == 1  # 1-2: captured, Blue's colour
    assert s.frames[-1][0] == "escape"  # 5-6: to an adjacent sea, of Red's choice
    s = order(s, "escape to Egyptian Sea")
    assert s.fleets[area(s, "egs")][RED] == 1 and s.pool[RED][4] == 6 - 1


# --- Victory (l.66-69) -------------------------------------------------------------------------------


def test_l66_every_province_solely_occupied_is_worth_its_value() -> None:
    s = put(
        put(put(started(3, money=0), "egy", BLUE, inf=1), "syr", BLUE, inf=1), "syr", RED, inf=1
    )
    assert half_points(s, BLUE) == 2 * 6  # Egypt alone; Syria shared


def test_l67_a_revolt_or_invasion_marker_makes_a_province_worthless() -> None:
    s = put(started(3, money=0), "egy", BLUE, inf=1).clone()
    markers = list(s.markers)
    markers[area(s, "egy")] = REVOLT
    s.markers = tuple(markers)
    assert half_points(s, BLUE) == 0


def test_l68_each_talent_is_half_a_point() -> None:
    assert half_points(started(3, money=7), BLUE) == 7


def test_l69_a_tie_goes_to_the_player_moving_earlier_on_the_last_turn() -> None:
    s = started(3, money=4).clone()
    s.phase = "over"
    s.order = (RED, GREEN, BLUE)
    r = ranking(s)
    assert r.places[0] == ("red",) and "earlier in the last turn's order" in r.text


def test_q6_an_events_units_at_home_or_with_the_leader_are_not_placed_among_enemies() -> None:
    """A trial saw "Red receives 1 infantry in Cappadocia" where Green stood in force, and the
    infantry marched out: an event's units go where a purchase could be placed (Q6)."""
    s = put(started(3), "egy", RED, inf=3)  # Red stands in Blue's home
    s = deal(at(s, BLUE, 1, frame("event_roll", BLUE)), 1, 5, 2)  # ODD 52: 1 infantry at home
    assert units(s, "egy", BLUE) == (0, 0, 0, 0)
    assert "Blue receives nothing: Egypt holds unfriendly units or an enemy holds it (Q6)" in s.news
    free = deal(at(started(3), BLUE, 1, frame("event_roll", BLUE)), 1, 5, 2)
    assert units(free, "egy", BLUE) == (0, 1, 0, 0)


def test_q20_a_defender_with_nowhere_to_retreat_is_told_why_nobody_asks_him() -> None:
    """A trial, defending, was never asked to retreat and read no reason: round 1 says it."""
    s = contest({"inf": 2}, {"inf": 2})
    for x in ("syr", "cse", "egy", "mes", "bab"):
        s = put(s, x, BLUE, levy=1)
    s = deal(order(s, "fight red at Arabia"), 1, 1, 1, 1)  # no hits: both sides stay
    said = "Red has no retreat from Arabia: no area next to it may take its units (l.45; Q20)"
    assert said in s.news, s.news


def test_q30_a_leader_recalled_home_while_at_home_stays_and_is_told_so() -> None:
    s = deal(at(started(3), BLUE, 1, frame("event_roll", BLUE)), 1, 4, 1)  # ODD 41: recalled
    assert "Blue's leader is in Egypt already and stays there" in s.news, s.news
    away = deal(at(leader_at(started(3), BLUE, "ara"), BLUE, 1, frame("event_roll", BLUE)), 1, 4, 1)
    assert "Blue's leader goes home alone to Egypt" in away.news, away.news


def test_q30_a_leader_recalled_while_enemies_hold_his_home_is_told_why_he_stays() -> None:
    """A trial's leader, in Carmania with his units, his home Egypt held by Green, was told
    "Blue's leader is in Carmania already and stays there", as if his home were there."""
    s = put(put(controlled(started(3), GREEN, "egy"), "egy", GREEN, inf=1), "kar", BLUE, cav=1)
    s = deal(at(leader_at(s, BLUE, "kar"), BLUE, 1, frame("event_roll", BLUE)), 1, 4, 1)
    assert (
        "Blue's leader stays in Carmania: Egypt holding unfriendly units (Q30), his units there "
        "are the nearest to it"
    ) in s.news, s.news


def test_l45_a_side_that_stands_to_the_end_is_not_asked_again_in_that_battle() -> None:
    """A trial's levy against a levy with no retreat went nine rounds, the attacker typing
    `stand` after each (l.45 asks after every round). `stand to the end` answers it for the
    battle's later rounds; the next battle asks again."""
    s = order(contest({"inf": 2}, {"inf": 2}), "fight red at Arabia")
    s = deal(s, 1, 1, 1, 1)
    assert GAME.to_move(s) == "red" and s.frames[-1][0] == "retreat"
    asked = table_talk.prompt(GAME.view(s, "red"), "red")
    assert "or `stand` (`stand to the end`: not asked again in this battle)" in asked
    before, s = s, order(s, "stand to the end", "red")
    said = narration_of(GAME).narrate(
        GAME.view(before, None), Stand(to_the_end=True), GAME.view(s, None), "red"
    )
    assert said == ["Red stands its ground in Arabia to the battle's end: no retreat (l.45)"]
    s = order(s, "stand")  # Blue, asked as ever
    s = deal(s, 1, 1, 1, 1)  # round 2: Blue alone is asked
    assert GAME.to_move(s) == "blue" and s.frames[-1][0] == "retreat"
    s = order(s, "stand")
    assert s.battle is not None and s.battle.round == 3 and GAME.chance(s) is not None


def test_l60_retreat_all_is_offered_only_where_more_than_one_unit_may_go() -> None:
    """A trial's landed levy stood beside one that had marched in: `retreat all` was offered
    though only the marched one might go (l.60), and read as taking the landed one too."""
    s = order(invaded(landed_only=False), "fight red at Cyrenaica")
    s = GAME.apply(s, GAME.deal(s, lambda n: 0))  # all miss; Red has nowhere to go
    assert GAME.to_move(s) == "blue" and s.frames[-1][0] == "retreat"
    retreats = [a for a in GAME.legal_actions(s) if isinstance(a, Retreat)]
    assert retreats and all(a.piece == "inf" for a in retreats)


def test_a_stand_typed_past_a_roll_reads_as_finishing_as_the_step_it_is_read_as() -> None:
    """The words of a step typed past a roll tell whether it finishes (noted as not needed
    where what it finishes ended by itself): `stand to the end` as `stand`, as `_stand` reads."""
    from rules.successors import notation

    closing = {"stand": "stand", "stand to the end": "stand", "stand fast": "stand"}
    closing |= {"done": "purchases", "end movement": "movement", "halt": "movement"}
    for typed, closed in closing.items():
        assert notation.typed_closes(typed) == closed, typed
    assert notation.typed_closes("stand at Syria") is None
