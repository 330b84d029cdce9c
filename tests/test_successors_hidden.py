"""Successors' hidden chits: each seat sees its own hand and standing orders alone; nothing
public (a view, a prompt, who decides, what may be decided, what is dealt) depends on what a
seat holds until a chit is played; every standing order fires at its moment (chits.py)."""

from __future__ import annotations

import random

import pytest
from successors_helpers import (
    BLUE,
    GREEN,
    RED,
    SEATS,
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
from test_successors_rules import begun, passive
from test_successors_rules import contest as battle_at

from rules.capabilities import narration_of, notation_of, talk_of
from rules.errors import IllegalAction
from rules.successors import GAME, State
from rules.successors.components import CAV, LEVY
from rules.successors.engine import frame
from rules.successors.state import (
    MERC,
    NO,
    Arm,
    Disarm,
    DrawChit,
    EventRoll,
    Play,
)
from rules.successors.view import UNSEEN


def public(s: State) -> str:
    return notation_of(GAME).view_to_json(GAME.view(s, None))


def test_a_seat_sees_its_own_chits_and_orders_and_the_public_sees_counts() -> None:
    s = GAME.apply(holding(holding(started(3), BLUE, 5, 15), RED, 18), Arm("blue", 15, "revolt"))
    mine, theirs, everyone = GAME.view(s, "blue"), GAME.view(s, "red"), GAME.view(s, None)
    assert mine.hand == (5, 15) and mine.state.orders[BLUE] == ((15, 1, NO, NO),)
    assert theirs.state.hands[BLUE] == (UNSEEN, UNSEEN) and theirs.state.orders[BLUE] == ()
    assert everyone.state.hands == ((UNSEEN,) * 2, (UNSEEN,), ()) and everyone.state.cup == ()
    assert everyone.hand_sizes == (2, 1, 0) and everyone.cup_size == 17
    assert set(GAME.hidden(s, "red")) == {"/hands/0", "/orders/0", "/cup"}


def test_arming_tells_the_channel_nothing_and_its_seat_its_orders() -> None:
    s = holding(started(3), BLUE, 15)
    a = Arm("blue", 15, "revolt")
    after = GAME.apply(s, a)
    narration = narration_of(GAME)
    assert narration.narrate(GAME.view(s, None), a, GAME.view(after, None), "blue") == []
    told = narration.told_to(GAME.view(after, "blue"), a)
    assert told is not None and "chit 15 (Revolt fails) for a revolt in your provinces" in told
    assert public(s) == public(after)
    back = GAME.apply(after, Disarm("blue", 15))
    assert back.orders[BLUE] == () and back.hands[BLUE] == (15,)


def test_a_chit_not_armed_is_recalled_to_its_holder_alone_as_its_player_turn_begins() -> None:
    """A trial drew Revolt fails, did not arm it, and three game turns later the revolt it
    would have stopped came: nothing had recalled it. Armed, or played by its own step
    (Ambush's battle is one), nothing is said."""
    held = holding(started(3), BLUE, 15, 2)
    s = at(held, BLUE, 1, frame("event_roll", BLUE))
    a = EventRoll((6, 6, 6))  # EVEN 66, a quiet year
    after = GAME.apply(s, a)
    narration = narration_of(GAME)
    assert narration.told_to(GAME.view(after, "blue"), a) == (
        "Not armed, so it does nothing when its moment comes (a standing order, unseen by the "
        "others): chit 15, Revolt fails: `arm 15 for revolt`"
    )  # Mercenaries (2) may be played as well: not recalled
    assert narration.told_to(GAME.view(after, "red"), a) is None
    assert not any("chit" in line.lower() for line in after.news)  # the channel: nothing
    armed = at(GAME.apply(held, Arm("blue", 15, "revolt")), BLUE, 1, frame("event_roll", BLUE))
    assert narration.told_to(GAME.view(GAME.apply(armed, a), "blue"), a) is None


def test_a_panic_among_the_elephants_is_recalled_only_while_a_foes_elephants_stand() -> None:
    """A trial was reminded of its unarmed Panic among the elephants at every turn of a game
    with no elephant on the map: its moment (a battle against elephants) could not come."""
    s = at(holding(started(3), BLUE, 8), BLUE, 1, frame("event_roll", BLUE))
    a = EventRoll((6, 6, 6))  # EVEN 66, a quiet year
    narration = narration_of(GAME)
    assert narration.told_to(GAME.view(GAME.apply(s, a), "blue"), a) is None
    own = put(s, "egy", BLUE, el=1)  # its own elephants are not the enemy's
    assert narration.told_to(GAME.view(GAME.apply(own, a), "blue"), a) is None
    foes = put(s, "mac", RED, el=1)
    told = narration.told_to(GAME.view(GAME.apply(foes, a), "blue"), a)
    assert told is not None and "chit 8, Panic among the elephants" in told


def test_a_chit_drawn_is_named_to_its_drawer_alone() -> None:
    s = deal(at(started(3), BLUE, 1, frame("event_roll", BLUE)), 2, 3, 1)  # EVEN 31: draw
    assert s.frames[-1][:2] == ("draw", BLUE)
    a = DrawChit("blue", 7)
    after = GAME.apply(s, a)
    narration = narration_of(GAME)
    said = narration.narrate(GAME.view(s, None), a, GAME.view(after, None), None)
    assert "Blue draws a chit (1 held)" in said and not any("7" in x for x in said)
    assert narration.told_to(GAME.view(after, "blue"), a) == (
        "You draw chit 7, Ambush: Your side gets 1 more pre-battle roll in a land battle;"
        " arm it: `arm 7 for battle`."
    )
    assert narration.told_to(GAME.view(after, "red"), a) is None
    assert notation_of(GAME).describe(GAME.view(s, None), a) == "blue draws a chit"


def redealt(s: State, r: random.Random) -> State:
    """The same position with every chit out of sight dealt anew (each hand keeps its size),
    and no standing order."""
    t = s.clone()
    pool = sorted([*s.cup, *(c for h in s.hands for c in h)])
    r.shuffle(pool)
    hands = []
    for h in s.hands:
        hands.append(tuple(sorted(pool[: len(h)])))
        pool = pool[len(h) :]
    t.hands, t.cup = tuple(hands), tuple(sorted(pool))
    t.orders = ((),) * s.players
    return t


def same_in_public(a: State, b: State) -> None:
    assert public(a) == public(b)
    assert GAME.to_move(a) == GAME.to_move(b) and GAME.chance(a) == GAME.chance(b)
    assert GAME.legal_actions(a) == GAME.legal_actions(b)
    for seat in a.seats:
        pa, pb = GAME.view(a, None), GAME.view(b, None)
        assert talk_of(GAME).prompt(pa, seat) == talk_of(GAME).prompt(pb, seat)
    assert talk_of(GAME).status(GAME.view(a, None)) == talk_of(GAME).status(GAME.view(b, None))


@pytest.mark.parametrize("seed", [0, 1])
def test_another_deal_of_the_hands_changes_nothing_public_until_a_chit_is_played(seed: int) -> None:
    """Two games from one position, their hidden chits dealt apart, the same steps and the
    same dice (each draw from its own cup): every public view, prompt, status, seat to move,
    chance step and list of steps stay the same, to the end (no chit is played)."""
    r, dealer = random.Random(seed), random.Random(100 + seed)
    s = GAME.new_game(GAME.info.options(), SEATS[: 3 + seed % 2])
    twin = s
    steps = 0
    while GAME.result(s) is None and steps < 3000:
        same_in_public(s, twin)
        if GAME.chance(s) is not None:
            k = dealer.getrandbits(32)
            a = GAME.deal(s, random.Random(k).randrange)
            b = GAME.deal(twin, random.Random(k).randrange)
        else:
            a = b = r.choice(GAME.legal_actions(s))
        s, twin = GAME.apply(s, a), GAME.apply(twin, b)
        if steps % 50 == 25 and any(s.hands):
            twin = redealt(twin, r)
        steps += 1
    assert GAME.result(s) is not None and GAME.result(s) == GAME.result(twin)


def test_an_armed_order_that_has_not_fired_changes_nothing_public() -> None:
    """A Revolt fails armed by one twin and not the other: the same public game, up to the
    revolt it stops."""
    s = put(holding(controlled(started(3), BLUE, "gre"), BLUE, 15), "egy", BLUE, inf=1)
    armed = GAME.apply(s, Arm("blue", 15, "revolt"))
    a, b = at(s, RED, 1, frame("event_roll", RED)), at(armed, RED, 1, frame("event_roll", RED))
    same_in_public(a, b)
    a, b = deal(a, 1, 1, 1), deal(b, 1, 1, 1)  # ODD 11: Greece revolts
    assert "Blue plays chit 15 (Revolt fails)" in " ".join(b.news)
    assert a.markers[area(a, "gre")] and not b.markers[area(b, "gre")]


# --- each standing order at its moment (chits.py) ---------------------------------------------


def turn_begins(s: State) -> State:
    t = s.clone()
    t.frames = (frame("turn_start"),)
    return begun(t)


def test_turn_orders_initiative_truce_and_general_levy_fire_as_the_game_turn_begins() -> None:
    s = holding(holding(started(3), GREEN, 12), RED, 13, 14)
    s = GAME.apply(s, Arm("green", 12, "turn"))
    s = GAME.apply(s, Arm("red", 13, "turn", "", "blue"))
    s = GAME.apply(s, Arm("red", 14, "turn"))
    s = turn_begins(s)
    assert s.order == (GREEN, BLUE, RED) and s.current == GREEN
    assert s.truces == ((BLUE, RED),) and units(s, "mac", RED)[0] == 2
    assert s.hands == ((), (), ()) and {12, 13, 14} <= set(s.cup)


def test_seize_the_initiative_stays_armed_while_its_seat_is_first_already() -> None:
    """A trial's Yellow played Seize the initiative as the first of the turn's order: it did
    nothing. Armed so, it waits for a turn its seat is not first."""
    s = holding(started(3), BLUE, 12)
    s = GAME.apply(s, Arm("blue", 12, "turn"))
    s = turn_begins(s)
    assert s.order[0] == BLUE and 12 in s.hands[BLUE] and 12 not in s.cup
    assert not any("first player turn" in line for line in s.news)


def test_a_truce_keeps_both_from_starting_a_battle() -> None:
    s = battle_at({"inf": 1}, {"inf": 1}).clone()
    s.truces = ((BLUE, RED),)
    s.memo = None
    assert GAME.legal_actions(s) == []


def test_a_truce_that_keeps_a_battle_off_is_told_at_the_combat_phase() -> None:
    """A trial's Truce was told at the turn's start, then nothing said why its rival's units
    beside his were offered no battle."""
    s = moving(put(put(started(3), "ara", BLUE, inf=1), "ara", RED, inf=1)).clone()
    s.truces = ((BLUE, RED),)
    s = order(s, "end movement")
    said = (  # and, as a trial took a truce to keep control, who holds the area (l.10)
        "No battle between Blue and Red in Arabia: their truce this game turn (chit 13); "
        "control there goes to the side with more units, and stays on a tie (l.10; Q3)"
    )
    assert said in s.news, s.news


def test_mercenaries_armed_against_an_attack_join_before_the_battle() -> None:
    s = put(
        put(leader_at(holding(started(3), RED, 3), RED, "ara"), "ara", RED, inf=1),
        "ara",
        BLUE,
        inf=3,
    )
    s = GAME.apply(s, Arm("red", 3, "attacked"))
    s = order(at(s, BLUE, 5, frame("combat", BLUE)), "fight red at Arabia")
    assert units(s, "ara", MERC + RED)[1] == 2 and "hires 2 infantry" in " ".join(s.news)


@pytest.mark.parametrize(("chit", "dice"), [(7, 1), (8, 2)])
def test_ambush_and_panic_change_the_pre_battle_rolls(chit: int, dice: int) -> None:
    """Two cavalry against an elephant: no roll left; Ambush gives one more, Panic lets the
    elephant stop none."""
    s = holding(battle_at({"cav": 2}, {"el": 1, "inf": 1}), BLUE, chit)
    s = GAME.apply(s, Arm("blue", chit, "battle", "ara"))
    s = order(s, "fight red at Arabia")
    assert len(GAME.deal(s, lambda n: 0).values) == dice  # type: ignore[union-attr]


def test_the_pre_battle_rolls_say_which_are_ambushs() -> None:
    """Trials saw two pre-battle dice for one cavalry, the Ambush's roll not told."""
    s = holding(battle_at({"cav": 1}, {"inf": 1}), BLUE, 7)
    s = GAME.apply(s, Arm("blue", 7, "battle", "ara"))
    s = deal(order(s, "fight red at Arabia"), 5, 1)
    assert (
        "Arabia, pre-battle: Blue rolls 5 1: 1 hit (cavalry before the battle and 1 more roll "
        "for Ambush, hits on 5-6: l.37)"
    ) in s.news


def test_good_omens_give_one_more_unit_plus_1_in_the_first_round() -> None:
    s = holding(leader_at(battle_at({"inf": 3}, {"inf": 1}), BLUE, "ara"), BLUE, 9)
    s = GAME.apply(s, Arm("blue", 9, "battle"))
    s = order(s, "fight red at Arabia")
    from rules.successors.combat import layout

    assert s.battle is not None and [p for _, p in layout(s, s.battle, 0)] == [1, 1, 0]


@pytest.mark.parametrize("with_leader", [False, True])
def test_good_omens_dice_say_where_their_plus_comes_from(with_leader: bool) -> None:
    """A side without its leader rolled "2+1 (+1: the leader's (l.39) and Good omens)"."""
    s = holding(battle_at({"inf": 3}, {"inf": 1}), BLUE, 9)
    s = leader_at(s, BLUE, "ara" if with_leader else "egy")
    s = order(GAME.apply(s, Arm("blue", 9, "battle")), "fight red at Arabia")
    rolled = next(line for line in deal(s, 1, 1, 1, 1).news if "Blue rolls" in line)
    leader = "the leader's on his best unit, set before the roll (l.39; Q19)"
    source = f"{leader} and Good omens" if with_leader else "Good omens"
    assert rolled.endswith(f"; +1: {source})")


def test_a_battle_order_for_another_area_waits() -> None:
    s = holding(battle_at({"cav": 2}, {"inf": 1}), BLUE, 7)
    s = GAME.apply(s, Arm("blue", 7, "battle", "syr"))
    s = order(s, "fight red at Arabia")
    assert s.orders[BLUE] and len(GAME.deal(s, lambda n: 0).values) == 2  # type: ignore[union-attr]


def test_a_hidden_treasure_armed_for_want_of_money_pays_instead_of_a_unit() -> None:
    s = put(holding(started(3, money=0), BLUE, 5), "egy", BLUE, inf=1, levy=1)
    s = GAME.apply(s, Arm("blue", 5, "short"))
    s = deal(at(s, BLUE, 1, frame("event_roll", BLUE)), 1, 3, 3)  # ODD 33: pays 2
    assert s.frames[-1][0] != "lose" and s.hands[BLUE] == ()


def test_tax_farmers_armed_for_revenue_pay_at_the_revenue() -> None:
    s = GAME.apply(holding(started(3, money=0), BLUE, 11), Arm("blue", 11, "revenue"))
    s = passive(begun(at(s, BLUE, 1)), stop="buy")
    assert s.money[BLUE] == 6 + 2


# --- chits played now ----------------------------------------------------------------------


def test_a_treasure_is_played_at_any_time_even_in_anothers_turn() -> None:
    s = holding(moving(started(3), RED), BLUE, 5)
    s = GAME.apply(s, Play("blue", 5))
    assert s.money[BLUE] == 13 and GAME.to_move(s) == "red"


def test_a_spy_shows_one_players_chits_to_its_seat_alone() -> None:
    s = holding(holding(started(3), BLUE, 18), RED, 4, 13)
    a = Play("blue", 18, "", "red")
    after = GAME.apply(s, a)
    told = narration_of(GAME).told_to(GAME.view(after, "blue"), a)
    assert told == "Red holds: 4 Mercenaries, 13 Truce"
    assert GAME.view(after, "red").state.spied[BLUE] == ()


def test_a_cavalry_raid_rolls_and_the_raided_player_pays() -> None:
    s = put(controlled(holding(moving(started(3)), BLUE, 19), RED, "syr"), "ara", BLUE, cav=1)
    s = GAME.apply(s, Play("blue", 19, "ara", "syr"))
    assert GAME.chance(s) == "the raid roll of Blue"
    s = deal(s, 4)
    assert s.money[:2] == (12, 8)
    assert "Blue's raid rolls 4: Red pays it 2 Talents (Blue's treasury 12, Red's 8)" in s.news


def test_movement_chits_only_in_the_players_own_movement() -> None:
    s = holding(put(started(3), "egy", BLUE, inf=1), BLUE, 1)
    with pytest.raises(ValueError, match="own movement phase only"):
        GAME.apply(moving(s, RED), Play("blue", 1))
    s = GAME.apply(moving(s), Play("blue", 1))  # forced march: +1 to the force with the leader
    s = order(s, "take leader 1 inf at Egypt, march to Arabia, march to Babylonia, march to Media")
    assert (
        s.force is not None
        and s.force.spent == 4
        and any(a.kind == "march" for a in GAME.legal_actions(s))
    )


def test_a_chit_played_only_by_an_order_is_refused_with_its_moments() -> None:
    s = holding(started(3), BLUE, 15)
    with pytest.raises(
        ValueError, match="played by a standing order only: arm it \\(for: revolt\\)"
    ):
        GAME.apply(s, Play("blue", 15))
    with pytest.raises(ValueError, match="is armed for: revolt"):
        GAME.apply(s, Arm("blue", 15, "battle"))
    with pytest.raises(ValueError, match="you hold no chit 4"):
        GAME.apply(s, Play("blue", 4, "egy"))


def test_a_general_levy_armed_while_an_enemy_holds_the_home_waits_for_a_turn_it_gives_levies() -> (
    None
):
    """It once went off for nothing ("no levy is received (Q6)") and was spent: a standing
    order that would do nothing stays armed, told to nobody."""
    s = controlled(holding(started(3), RED, 14), BLUE, "mac")
    s = turn_begins(GAME.apply(s, Arm("red", 14, "turn")))
    assert units(s, "mac", RED) == (0, 0, 0, 0) and not any("chit 14" in x for x in s.news)
    assert s.orders[RED] and 14 in s.hands[RED]
    s = turn_begins(controlled(s, RED, "mac"))
    assert units(s, "mac", RED)[LEVY] > 0 and 14 not in s.hands[RED]


def test_a_panic_armed_waits_for_a_battle_with_enemy_elephants_and_an_ambush_for_pre_battle() -> (
    None
):
    """A Panic among the elephants went off in the first battle, elephants or none, and was
    spent for nothing; so did an Ambush in a sea invasion, which has no pre-battle (l.58);
    a later trial's Panic went off where its side had no cavalry to roll before the battle."""
    s = holding(battle_at({"cav": 2}, {"inf": 1}), BLUE, 8)
    s = order(GAME.apply(s, Arm("blue", 8, "battle")), "fight red at Arabia")
    assert not any("chit 8" in x for x in s.news) and 8 in s.hands[BLUE] and s.orders[BLUE]
    s = holding(battle_at({"inf": 2}, {"el": 1, "inf": 1}), BLUE, 8)
    s = order(GAME.apply(s, Arm("blue", 8, "battle")), "fight red at Arabia")
    assert not any("chit 8" in x for x in s.news) and 8 in s.hands[BLUE] and s.orders[BLUE]
    s = holding(battle_at({"cav": 2}, {"el": 1, "inf": 1}), BLUE, 8)
    s = order(GAME.apply(s, Arm("blue", 8, "battle")), "fight red at Arabia")
    assert any("chit 8" in x for x in s.news) and 8 not in s.hands[BLUE]
    from test_successors_rules import invaded

    s = GAME.apply(holding(invaded(), BLUE, 7), Arm("blue", 7, "battle"))
    s = order(s, "fight red at Cyrenaica")
    assert not any("chit 7" in x for x in s.news) and 7 in s.hands[BLUE]


def test_a_battle_chit_armed_by_a_side_with_no_unit_to_roll_stays_armed() -> None:
    """A trial saw Red's Good omens spent where its leader stood alone, captured at once:
    with no unit of its side in the battle, a battle chit changes nothing and waits."""
    s = holding(leader_at(battle_at({"inf": 1}, {}), RED, "ara"), RED, 9)
    s = order(GAME.apply(s, Arm("red", 9, "battle")), "fight red at Arabia")
    assert not any("chit 9" in x for x in s.news) and 9 in s.hands[RED] and s.orders[RED]
    assert s.leaders[RED] != area(s, "ara")  # (the leader alone was taken)


def test_a_bribed_garrison_removes_a_levy_next_to_ones_units() -> None:
    s = holding(put(put(started(3), "ara", BLUE, inf=1), "syr", RED, levy=2), BLUE, 6)
    with pytest.raises(ValueError, match="next to one of your units"):
        GAME.apply(moving(s), Play("blue", 6, "mac", "red"))
    friends = allied(s, BLUE, RED)  # (a trial's hand offered its ally's levy, unmarked)
    hand = talk_of(GAME).private_summary(GAME.view(moving(friends), "blue"))
    assert "`play 6 at Syria on red` (your ally)" in hand, hand
    s = GAME.apply(moving(s), Play("blue", 6, "syr", "red"))
    assert units(s, "syr", RED)[LEVY] == 1 and 6 in s.cup


def test_fair_winds_give_the_next_fleet_move_2_mp_more() -> None:
    s = holding(fleets(started(3), "egy", BLUE, 1), BLUE, 10)
    s = GAME.apply(moving(s), Play("blue", 10))
    s = order(s, "sail 1 fleet Egypt Egyptian Sea Aegean Sea Pontus Euxinus Aegean Sea")
    s = order(s, "sail to Cyprian Sea, sail to Egyptian Sea, sail to Cyprian Sea")
    assert s.force is not None and s.force.place == area(s, "cys")  # 7 MP: 5 and 2 (chit 10)
    assert not any(a.kind == "sail" for a in GAME.legal_actions(s))


def test_a_raid_refused_names_the_raiders_areas_and_an_example_of_the_position() -> None:
    """`play 19` alone read "play 19 from  to : ... `play 19 from Syria to Arabia`", an
    example with no cavalry of the player's in it. (With one raid allowed, `play 19` is it.)"""
    one = controlled(holding(put(started(3), "egy", BLUE, cav=1), BLUE, 19), RED, "ara")
    assert order(moving(one), "play 19").frames[-1][0] == "raid_dice"
    s = controlled(one, RED, "cyr")  # two raids allowed: the order names one
    with pytest.raises(IllegalAction) as refused:
        order(moving(s), "play 19")
    assert refused.value.reason.startswith(
        "name the area of one of your cavalry, not in the force under way (Egypt), "
        "and the area it raids: `play 19 from Egypt to Arabia`"
    )
    with pytest.raises(ValueError, match=r"another player controls: Arabia \(`play 19 from"):
        GAME.apply(moving(one), Play("blue", 19, "egy", "cyr"))


def test_a_raid_never_takes_a_cavalry_of_the_force_under_way() -> None:
    s = controlled(holding(put(started(3), "egy", BLUE, cav=2), BLUE, 19), RED, "syr")
    s = order(moving(s), "take 2 cav at Egypt, march to Arabia")
    with pytest.raises(ValueError, match="no cavalry on the map to raid with"):
        GAME.apply(s, Play("blue", 19, "ara", "syr"))  # both are moving on
    s = put(s, "ara", BLUE, cav=1)
    s = deal(GAME.apply(s, Play("blue", 19, "ara", "syr")), 6)  # the raider is eliminated
    assert units(s, "ara", BLUE)[CAV] == 2
    s = order(s, "march to Babylonia")  # the force goes on whole
    assert units(s, "bab", BLUE)[CAV] == 2
