"""Successors' AI on positions built for one point each: the fixed negotiation policy (an
alliance only against the player standing first, ended once the ally stands first; no gift,
no offer), its chits armed as standing orders or played at its movement's start, greedy's
battles, purchases and moves, and the battle odds they rest on."""

from __future__ import annotations

import random

import pytest
from successors_helpers import (
    BLUE,
    GREEN,
    RED,
    allied,
    at,
    controlled,
    deal,
    holding,
    leader_at,
    moving,
    order,
    put,
    started,
    units,
)

from ai.successors import answer, choose, greedy, hard, moves, odds, policy
from ai.successors.reading import distance
from rules.successors import GAME, State, aside, economy, engine
from rules.successors import state as st

NO = st.NO


def _decide(s: State, seat: int = 0) -> st.Action:
    return choose("greedy", GAME.view(s, s.seats[seat]), random.Random(0))


def _offered(s: State, frm: str, to: str) -> State:
    return GAME.apply(s, st.Offer(frm, to))


def _green_leads() -> State:
    """Green stands first: it holds Syria, Media and Persia besides its home."""
    s = started(3)
    s = controlled(s, 2, "syr", "med", "per")
    return put(s, "syr", 2, inf=1)


def test_an_alliance_against_the_player_standing_first_is_accepted() -> None:
    s = _offered(moving(_green_leads()), "red", "blue")
    assert policy.leader(s) == 2
    assert _decide(s) == st.Accept("blue", "red")


def test_no_alliance_is_offered_to_nor_accepted_from_a_player_taking_the_seats_provinces() -> None:
    """A trial's AI ended an alliance because its ally's units outnumbered its own in its
    provinces (`ending`), and offered it again at the start of its next turn: with those
    units still there, the new alliance would be ended again at once."""
    s = controlled(put(started(3, turn=4), "syr", 2, inf=4), 2, "syr", "med", "per")
    s = moving(controlled(s, BLUE, "ara"))
    assert policy.offer(s, BLUE) == st.Offer("blue", "red")
    assert policy.accepts(s, BLUE, RED)
    taken = put(s, "ara", RED, inf=2)  # Red's units outnumber Blue's none in Arabia
    assert policy.offer(taken, BLUE) is None
    assert not policy.accepts(taken, BLUE, RED)
    assert policy.reply_why(taken, BLUE, RED) == (
        "Red's units outnumber its own in Arabia, which an ally would take (l.10)"
    )


def test_an_alliance_the_seat_ended_is_not_offered_again_for_three_game_turns() -> None:
    """A trial's AI ended its alliance (taking effect at its turn's start, Q12) and offered
    it again in that same player turn, three times in a game: it waits REOFFER_TURNS."""
    s = controlled(put(started(3, turn=4), "syr", 2, inf=4), 2, "syr", "med", "per")
    s = moving(controlled(s, BLUE, "ara"))
    assert policy.offer(s, BLUE) == st.Offer("blue", "red")
    ended = s.clone()
    ended.ended = ((BLUE, RED, 4),)
    assert policy.offer(ended, BLUE) is None
    for turn, offered in ((6, False), (7, True)):
        later = ended.clone()
        later.turn = turn
        assert (policy.offer(later, BLUE) is not None) is offered, turn
    theirs = s.clone()  # Red ended it: Blue may offer
    theirs.ended = ((RED, BLUE, 4),)
    assert policy.offer(theirs, BLUE) == st.Offer("blue", "red")


def test_an_alliance_ended_is_recorded_with_the_game_turn_it_ends_in() -> None:
    s = allied(started(3, turn=5), BLUE, RED)
    s = GAME.apply(moving(s), st.Break("blue", "red"))
    assert s.ended == ()
    aside_end = s.clone()
    aside.end_alliances(aside_end, BLUE)
    assert aside_end.ended == ((BLUE, RED, 5),) and not aside_end.alliances


def test_no_alliance_is_made_in_the_game_turn_before_alliances_are_ended() -> None:
    """Two trials' AIs allied in game turn 10 and both ended it in turn 11 ("no alliance this
    near the end"): from turn 10 of 12 on none is offered nor accepted."""
    for turn, made in ((9, True), (10, False), (11, False)):
        s = controlled(put(started(3, turn=turn), "syr", 2, inf=4), 2, "syr", "med", "per")
        s = moving(controlled(s, BLUE, "ara"))
        assert (policy.offer(s, BLUE) is not None) is made, turn
        assert policy.accepts(s, BLUE, RED) is made, turn


def test_an_alliance_with_the_player_standing_first_is_refused() -> None:
    s = _offered(moving(_green_leads()), "green", "blue")
    assert _decide(s) == st.Refuse("blue", "green")


def test_an_alliance_is_refused_by_the_player_standing_first() -> None:
    s = controlled(started(3), 0, "syr", "pho", "cse", "ara")
    s = _offered(moving(s), "red", "blue")
    assert policy.leader(s) == 0
    assert _decide(s) == st.Refuse("blue", "red")


def test_an_alliance_ends_once_the_ally_stands_first_past_the_game_turn_it_was_made_in() -> None:
    """A trial's AI accepted an alliance and ended it in the same game turn, as soon as its
    ally won a battle: an alliance is kept through the game turn it was made in."""
    s = _offered(moving(_green_leads()), "green", "blue")
    s = GAME.apply(s, st.Accept("blue", "green"))
    assert not isinstance(_decide(s), st.Break)
    s = _in_turn(s, s.turn + 1)
    assert _decide(s) == st.Break("blue", "green")
    s = GAME.apply(s, st.Break("blue", "green"))
    assert not isinstance(_decide(s), st.Break)


def test_an_alliance_ends_at_once_with_why_but_not_for_an_ally_barely_ahead() -> None:
    """A trial's Green accepted an alliance and, steps later in the same turn, ended it with
    no word of why: its ally had moved barely ahead. It ends one only for an ally standing
    first by a clear margin, answering at once (as it answers an offer), with why."""
    s = _offered(moving(started(3)), "green", "blue")
    s = _in_turn(GAME.apply(s, st.Accept("blue", "green")), 3)
    barely = controlled(s, 2, "cyr")  # Green 2 half points ahead: an ally kept
    assert policy.standing(barely, 2) > max(policy.standing(barely, k) for k in (0, 1))
    assert answer(GAME.view(barely, "blue"), "blue", "greedy") is None
    far = controlled(s, 2, "syr", "med", "per")
    told = answer(GAME.view(far, "blue"), "blue", "hard")
    assert told is not None and told.step == st.Break("blue", "green")
    assert told.why.startswith(
        "_Why Blue ends it: Green now stands first, 11 ahead of Blue in points now plus income (Green 5 "
        "points + 17 income, Blue 5 points + 6 income, Red 5 points + 5 income)._"
    )
    assert answer(GAME.view(far, "blue"), "blue", "random") is None


def test_an_alliance_is_not_ended_while_the_seats_leader_stands_among_its_allys_units() -> None:
    """A trial's Green ended its alliance with its lone leader in its ally Red's Susiana,
    and Red captured him there: the break waits until he is out of the ally's reach."""
    s = _offered(moving(started(3)), "green", "blue")
    s = _in_turn(GAME.apply(s, st.Accept("blue", "green")), 3)
    far = moving(controlled(s, 2, "syr", "med", "per"), BLUE)
    assert answer(GAME.view(far, "blue"), "blue", "hard") is not None
    among = leader_at(put(far, "per", GREEN, inf=1), BLUE, "per")
    assert policy.ending(among, BLUE) is None
    assert answer(GAME.view(among, "blue"), "blue", "hard") is None
    guarded = put(among, "per", BLUE, inf=2)
    assert policy.ending(guarded, BLUE) == st.Break("blue", "green")


def test_an_ally_standing_first_is_left_in_the_seats_own_turn_not_in_a_third_seats() -> None:
    """A trial read Red's break, answered at once as the standings moved, among Green's
    purchases as Green's step: an alliance outgrown is ended in the seat's own player turn."""
    s = _offered(moving(started(3)), "green", "blue")
    s = _in_turn(GAME.apply(s, st.Accept("blue", "green")), 3)
    far = controlled(s, 2, "syr", "med", "per")
    in_reds_turn = moving(far, RED)
    assert policy.ending(in_reds_turn, BLUE) is None
    assert answer(GAME.view(in_reds_turn, "blue"), "blue", "hard") is None
    told = answer(GAME.view(moving(far, BLUE), "blue"), "blue", "hard")
    assert told is not None and told.step == st.Break("blue", "green")


def test_an_ally_is_kept_until_it_leads_by_as_much_as_made_an_alliance_worth_seeking() -> None:
    """Two trials' AI allies left them 3 points ahead, which they read as fickle: an ally is
    left once it leads by 5 points (the lead an alliance is offered against) and by a fifth
    of the next seat's standing, not by one step's swing of income."""
    s = _offered(moving(started(3)), "green", "blue")
    s = _in_turn(GAME.apply(s, st.Accept("blue", "green")), 3)
    three_ahead = controlled(s, 2, "syr")
    assert [policy.standing(three_ahead, k) for k in (0, 2)] == [22, 28]
    assert answer(GAME.view(three_ahead, "blue"), "blue", "greedy") is None
    blue = controlled(s, 0, "thr", "hel", "lyd", "car", "lyc", "cil", "cap", "pap", "arm", "bac")
    east = ("syr", "med", "per", "sus", "mes", "cse", "pho", "pth")
    five_ahead = controlled(blue, 2, *east, "ari")  # 5 points, not a fifth of Blue's 62
    assert [policy.standing(five_ahead, k) for k in (0, 2)] == [62, 72]
    assert answer(GAME.view(five_ahead, "blue"), "blue", "greedy") is None
    six_ahead = controlled(blue, 2, *east, "sin")
    assert [policy.standing(six_ahead, k) for k in (0, 2)] == [62, 74]
    told = answer(GAME.view(six_ahead, "blue"), "blue", "greedy")
    assert told is not None and told.step == st.Break("blue", "green")


def test_an_alliance_ends_at_once_when_the_ally_takes_its_provinces() -> None:
    """A trial's person took its AI ally's empty provinces one by one, the alliance kept."""
    s = _offered(moving(started(3)), "blue", "green")
    s = GAME.apply(s, st.Accept("green", "blue"))
    passing = put(controlled(s, 2, "syr"), "ara", 0, levy=1)
    passing = GAME.apply(passing, st.Take("ara", "levy", 1))
    passing = GAME.apply(passing, st.March("syr"))  # a force under way passes through Syria
    assert answer(GAME.view(passing, "green"), "green", "greedy") is None
    s = put(controlled(s, 2, "syr"), "syr", 0, levy=1)  # Blue's levy alone in Green's Syria
    told = answer(GAME.view(s, "green"), "green", "greedy")
    assert told is not None and told.step == st.Break("green", "blue")
    assert told.why == (
        "_Why Green ends it: Blue's units outnumber its own in Syria, which go to Blue at the combat phase's "
        "end (l.10): it keeps no ally who takes its provinces._"
    )


def _in_turn(s: State, turn: int) -> State:
    t = s.clone()
    t.turn = turn
    return t


def test_no_alliance_is_kept_into_the_last_turn_where_an_allys_units_spoil_the_count() -> None:
    """A trial stayed allied with a hard AI into the last turn, moved last, and put a unit
    into each of its ally's provinces: its count fell from 27 to 9 (l.66)."""
    last = started(3).parts.setup.turns
    s = _offered(moving(_green_leads()), "red", "blue")
    assert _decide(_in_turn(s, last - 3)) == st.Accept("blue", "red")
    assert _decide(_in_turn(s, last - 2)) == st.Refuse("blue", "red")  # it would end next turn
    assert _decide(_in_turn(s, last - 1)) == st.Refuse("blue", "red")
    assert policy.reply_why(_in_turn(s, last - 1), 0, 1).startswith("no alliance this near")
    allied = _in_turn(GAME.apply(s, st.Accept("blue", "red")), last - 2)
    assert not isinstance(_decide(allied), st.Break)  # Green still leads
    assert _decide(_in_turn(allied, last - 1)) == st.Break("blue", "red")


def test_the_ai_offers_an_alliance_at_the_table_against_a_player_far_ahead() -> None:
    """A trial's table had no AI offer an alliance in a whole game: at the table (its
    answers at once) it offers one against the player standing first by a clear margin, to
    the strongest other, with why; a refusal stands for the game turn."""
    s = _in_turn(moving(_green_leads()), policy.FIRST_OFFER_TURN)
    assert policy.standing(s, 2) - policy.OFFER_MARGIN >= max(policy.standing(s, k) for k in (0, 1))
    opening = _in_turn(s, policy.FIRST_OFFER_TURN - 1)  # the homes' incomes differ
    assert answer(GAME.view(opening, "blue"), "blue", "hard") is None
    told = answer(GAME.view(s, "blue"), "blue", "hard")
    assert told is not None and told.step == st.Offer("blue", "red")
    assert told.why.startswith(
        "_Why Blue offers it: an alliance against Green, who stands first, 14 ahead of Blue in points now plus "
        "income (Green 8 points + 17 income, "
    )
    assert answer(GAME.view(s, "green"), "green", "greedy") is None  # it leads
    assert policy.offer(s, 1) is None  # in Blue's player turn, not Red's
    even = _in_turn(moving(started(3)), policy.FIRST_OFFER_TURN)
    assert answer(GAME.view(even, "blue"), "blue", "greedy") is None  # nobody far ahead
    offered = _offered(s, "blue", "red")
    assert policy.offer(offered, 1) is None and policy.offer(offered, 0) is None  # one waits
    refused = GAME.apply(offered, st.Refuse("red", "blue"))
    assert policy.offer(refused, 0) is None  # for this game turn
    again = refused.clone()
    engine.turn_start(again)
    assert policy.offer(again, 0) == st.Offer("blue", "red")
    allied = GAME.apply(offered, st.Accept("red", "blue"))
    assert policy.offer(allied, 0) is None and policy.offer(allied, 1) is None


def test_the_ai_offers_no_alliance_to_a_seat_that_holds_no_province() -> None:
    """A trial's AI offered an alliance to a seat about to be out: with nothing to pay or
    fight with it is no help against the player standing first."""
    s = _in_turn(moving(_green_leads()), policy.FIRST_OFFER_TURN)
    assert policy.offer(s, 0) == st.Offer("blue", "red")
    homeless = controlled(s, 2, "mac")  # Green has taken Red's home, its one province
    assert policy.offer(homeless, 0) is None
    assert answer(GAME.view(homeless, "blue"), "blue", "hard") is None


@pytest.mark.parametrize("level", ["greedy", "hard"])
def test_an_ai_keeps_its_home_guarded_with_an_allys_units_within_reach(level: str) -> None:
    """A trial's hard AI emptied its home beside its ally's army, which walked in and took
    it (the ally with more units there holds an area, l.10): its units are bought there
    (l.21). Without the ally near, its levy goes for the empty Greece."""
    s = put(put(started(3), "mac", RED, levy=1), "thr", BLUE, inf=2)
    alone = moving(put(started(3), "mac", RED, levy=1), RED)
    assert choose(level, GAME.view(alone, "red"), random.Random(0)) == st.Take("mac", "levy", 1)
    s = moving(allied(s, BLUE, RED), RED)
    assert choose(level, GAME.view(s, "red"), random.Random(0)) == st.EndMove()


@pytest.mark.parametrize("level", ["greedy", "hard"])
def test_an_ai_called_by_its_ally_marches_to_his_battle(level: str) -> None:
    """Called to move in its ally's turn (l.32; Q12), it ended its movement at once: it
    marches a stack to a battle of his it can reach, where its units fight on his side."""
    s = put(put(started(3), "syr", 2, inf=2), "ara", 0, inf=1)
    s = put(s, "ara", 1, inf=2).clone()  # Blue meets Red in Arabia, Green's ally
    s = allied(s, 0, 2)
    s = GAME.apply(moving(s), st.Call("green"))
    steps = []
    while GAME.to_move(s) == "green":
        steps.append(choose(level, GAME.view(s, "green"), random.Random(0)))
        s = GAME.apply(s, steps[-1])
    assert steps == [st.Take("syr", "inf", 2), st.March("ara"), st.EndMove()]
    assert units(s, "ara", 2)[1] == 2 and GAME.to_move(s) == "blue"
    strong = put(put(started(3), "syr", 2, inf=2, cav=2), "ara", 0, inf=3)
    strong = put(strong, "ara", 1, inf=2).clone()  # Blue's 3 there: 2 of Green's, the area his
    strong = allied(strong, 0, 2)
    strong = GAME.apply(moving(strong), st.Call("green"))
    while GAME.to_move(strong) == "green":
        strong = GAME.apply(strong, choose(level, GAME.view(strong, "green"), random.Random(0)))
    assert units(strong, "ara", 2) == (0, 0, 2, 0) and units(strong, "syr", 2) == (0, 2, 0, 0)
    alone = put(put(started(3), "syr", 2, inf=2), "cyr", 0, inf=1).clone()  # no battle of his
    alone = allied(alone, 0, 2)
    alone = GAME.apply(moving(alone), st.Call("green"))
    assert choose(level, GAME.view(alone, "green"), random.Random(0)) == st.EndMove()


@pytest.mark.parametrize("level", ["greedy", "hard"])
def test_a_called_allys_force_on_its_way_never_ties_its_callers_units(level: str) -> None:
    """A trial's Green, called, sent a unit to its caller's battle in Armenia, then a force
    under way there too, as many as his: the battle won, the tie left the area with the
    wiped-out Yellow (l.10; Q3). On its way, a force goes whole only where it keeps fewer
    units than his (Blue's 2 in Arabia: Green's 2 infantry marched into Mesopotamia stop)."""
    s = put(put(started(3), "syr", 2, inf=2), "ara", 0, inf=2)
    s = allied(put(s, "ara", 1, levy=1).clone(), 0, 2)
    s = GAME.apply(moving(s), st.Call("green"))
    s = GAME.apply(GAME.apply(s, st.Take("syr", "inf", 2)), st.March("mes"))
    assert GAME.to_move(s) == "green"
    while GAME.to_move(s) == "green":
        s = GAME.apply(s, choose(level, GAME.view(s, "green"), random.Random(0)))
    assert units(s, "ara", 2) == (0, 0, 0, 0) and units(s, "mes", 2)[1] == 2


@pytest.mark.parametrize("level", ["greedy", "hard"])
def test_an_ai_never_takes_its_allys_provinces(level: str) -> None:
    """A trial's AI ally walked into its partner's empty provinces and home, each taken by
    the ally with more units there (l.10; Q12): it ends no move in an ally's province."""
    s = controlled(started(3), 0, "cse", "pho", "ara")
    s = put(s, "syr", 2, levy=3).clone()  # Green's levies beside Blue's empty provinces
    s = allied(s, 0, 2)
    s = moving(s, 2)
    while GAME.to_move(s) == "green":
        s = GAME.apply(s, choose(level, GAME.view(s, "green"), random.Random(0)))
    blues = {a for a in range(s.parts.map.land) if s.control[a] == 0}
    assert {s.parts.map.index[a] for a in ("cse", "pho", "ara", "egy")} <= blues
    assert not any(units(s, s.parts.map.ids[a], 2) != (0, 0, 0, 0) for a in blues)


def test_an_ais_plans_never_end_in_its_allys_provinces() -> None:
    """A trial's AI ally marched towards an area beyond reach and stopped on the way in its
    partner's province: no plan of any kind ends in one, unless as the worst of all."""
    s = started(3)
    m = s.parts.map
    syr = m.index["syr"]
    ring = [m.ids[a] for a in range(m.land) if a != syr and distance(s, syr, a) <= 3]
    t = put(controlled(s, 0, *ring), "syr", 2, inf=3).clone()  # Blue's provinces all round
    t = allied(t, 0, 2)
    plans = moves.Planner(moving(t, 2), 2).ranked()
    blues = {a for a in range(m.land) if t.control[a] == 0}
    assert plans and all(p.score < 0 for p in plans if p.dest in blues)


def test_the_ai_never_gives_money_nor_offers_an_alliance_at_its_decisions() -> None:
    """Its decisions (the arena's games) take no diplomacy: offers are the table's."""
    s = moving(_green_leads())
    for seat in range(3):
        t = at(s, seat, 4, ("move", seat, NO, NO, NO))
        a = _decide(t, seat)
        assert not isinstance(a, st.Give | st.Offer)


@pytest.mark.parametrize(
    ("chit", "when"),
    [
        (15, "revolt"),
        (7, "battle"),
        (8, "battle"),
        (9, "battle"),
        (12, "turn"),
        (14, "turn"),
        (5, "revenue"),
        (11, "revenue"),
    ],
)
def test_a_chit_is_armed_as_a_standing_order_for_its_moment(chit: int, when: str) -> None:
    s = holding(moving(started(3)), 0, chit)
    assert _decide(s) == st.Arm("blue", chit, when)
    s = GAME.apply(s, st.Arm("blue", chit, when))
    assert not isinstance(_decide(s), st.Arm)  # armed once


def test_a_truce_names_the_rival_with_most_strength_near() -> None:
    s = put(put(started(3), "ara", 2, inf=3), "mac", 1, levy=1)
    s = holding(moving(s), 0, 13)
    assert _decide(s) == st.Arm("blue", 13, "turn", "", "green")


def test_mercenaries_are_hired_with_the_leader_at_the_movements_start() -> None:
    s = holding(moving(put(started(3), "egy", 0, levy=1)), 0, 3)
    assert _decide(s) == st.Play("blue", 3, "egy")


def test_a_forced_march_waits_for_the_leaders_force_before_it_marches() -> None:
    """A trial's AI played Forced march at its movement's start, then moved levies alone:
    the extra MP is for a force with the leader (chit 1), so it is played once he has joined
    one of the seat's forces, before it marches."""
    s = holding(moving(leader_at(put(started(3), "egy", 0, inf=2), 0, "egy")), 0, 1)
    assert not isinstance(_decide(s), st.Play)
    s = order(order(s, "take 2 inf at Egypt"), "take leader at Egypt")
    assert _decide(s) == st.Play("blue", 1)


def test_a_chit_played_now_waits_for_the_seats_own_movement() -> None:
    s = at(put(started(3), "egy", 0, levy=1), 0, 3, ("buy", 0, economy.REVENUE_BUY, NO, NO))
    s = holding(s, 0, 3)
    assert not isinstance(_decide(s), st.Play)


def test_greedy_always_fights_rebels_and_declines_a_hopeless_battle() -> None:
    s = put(put(started(3), "syr", 0, levy=1), "syr", 1, inf=4)
    s = at(s, 0, 5, ("combat", 0, NO, NO, NO))
    assert greedy.decide(s) == st.Decline("syr", "red")
    s = put(put(started(3), "syr", 0, inf=3), "syr", 1, levy=1)
    s = at(s, 0, 5, ("combat", 0, NO, NO, NO))
    assert greedy.decide(s) == st.Fight("syr", "red")


def test_greedy_takes_an_empty_area_next_door_with_a_levy() -> None:
    s = moving(put(started(3), "egy", 0, levy=2, inf=1))
    assert greedy.decide(s) == st.Take("egy", "levy", 1)


def test_greedy_buys_only_while_next_turns_upkeep_is_paid() -> None:
    s = put(started(3, money=4), "egy", 0, levy=6)
    s = at(s, 0, 3, ("buy", 0, economy.REVENUE_BUY, NO, NO))
    assert GAME.legal_actions(s) != [st.Done()]
    # income 6 (Egypt), 6 units: after one more, 4 - 1 >= 7 - 6 + 2 holds; after two, not
    assert isinstance(greedy.decide(s), st.Buy)
    s = GAME.apply(s, greedy.decide(s))
    assert greedy.decide(s) == st.Done()


def _spent(s: State, level: str) -> State:
    """Blue's purchases at `level`, to the end of its buying."""
    while s.frames[-1][0] == "buy":
        s = GAME.apply(s, choose(level, GAME.view(s, "blue"), random.Random(0)))
    return s


def test_hard_keeps_two_talents_through_the_events_rolled_before_its_income() -> None:
    """The events come before the revenue (l.4-5): an income above the upkeep pays no event,
    and a seat short of it loses a unit (l.11). A trial's AIs spent every Talent and lost
    units to "The roller pays 2"; greedy, counting next turn's income (6, Egypt) against its
    upkeep, still spends all 3 Talents here (on a fleet for Cyprus), hard keeps 2."""
    s = put(started(3, money=3), "egy", 0, levy=1)
    s = at(s, 0, 3, ("buy", 0, economy.REVENUE_BUY, NO, NO))
    assert _spent(s, "greedy").money[0] == 0
    kept = _spent(s, "hard")
    assert kept.money[0] == 2
    assert units(kept, "egy", 0) == (2, 0, 0, 0)  # what the income allows beyond them


def test_a_seat_with_nothing_left_buys_every_levy_it_can_with_its_leader_to_stay_in() -> None:
    """Q32: no unit and no province puts a seat out at the end of its turn. A trial's Red,
    its home taken and its leader free in North India with 3 Talents and no income, bought
    nothing (next turn's upkeep unpaid) and went out: it buys the 3 levies, at every level
    that buys (l.21; Q6)."""
    s = controlled(leader_at(started(3, money=3), 1, "nin"), 2, "mac")
    s = put(s, "mac", 2, levy=1)
    s = at(s, 1, 3, ("buy", 1, economy.REVENUE_BUY, NO, NO))
    assert greedy.decide(s) == st.Buy("levy", "nin", 3)
    assert choose("hard", GAME.view(s, "red"), random.Random(1)) == st.Buy("levy", "nin", 3)
    s = GAME.apply(s, st.Buy("levy", "nin", 3))
    assert units(s, "nin", 1) == (3, 0, 0, 0)


def test_on_the_last_turn_levies_are_bought_for_the_areas_still_to_take() -> None:
    """Within a levy's 3 MP of Egypt, six areas of some value hold nobody's units
    (Cyrenaica, Coele-Syria, Phoenicia, Arabia's neighbours Syria, Mesopotamia, Babylonia;
    Arabia is worth nothing): six levies, then no more."""
    s = at(started(3, turn=12, money=9), 0, 3, ("buy", 0, economy.REVENUE_BUY, NO, NO))
    bought = []
    while (a := greedy.decide(s)) != st.Done():
        assert isinstance(a, st.Buy)
        bought.append(a)
        s = GAME.apply(s, a)
    assert bought == [st.Buy("levy", "egy", 1)] * 6


def test_on_the_last_turn_hards_lone_unit_strikes_a_rivals_area_held_alone() -> None:
    """Only the end count matters on the last turn (l.66-69): units lost weigh nothing, and an
    area taken from a rival's lone levy scores. Red's lone infantry in Mesopotamia beats
    Blue's levy in Babylonia 5 times in 8: hard's plans weigh that battle and fight it;
    greedy's lone unit seeks none, and a trial's AIs did not move at all in the last turn."""
    s = put(controlled(started(3, money=0, turn=12), 1, "mes"), "mes", 1, inf=1)
    s = put(controlled(s, 0, "bab"), "bab", 0, levy=1)
    babylonia = s.parts.map.index["bab"]
    plans = moves.Planner(moving(s, 1), 1, hard.WEIGHTS).ranked()
    assert any(p.dest == babylonia and p.kind == "battle" and p.score > 0 for p in plans)
    greedys = moves.Planner(moving(s, 1), 1).ranked()
    assert not any(p.dest == babylonia and p.kind == "battle" for p in greedys)
    s = at(put(s, "bab", 1, inf=1), 1, 5, ("combat", 1, NO, NO, NO))
    assert greedy.ranked(s, hard.WEIGHTS)[0] == st.Fight("bab", "blue")


def _home_retaken_on_the_last_turn() -> State:
    """Red's last movement: a white levy holds its home Macedonia, where its leader and 2 of
    its infantry stand already; its lone levy holds Thrace next door (worth 2)."""
    s = controlled(started(3, money=0, turn=12), st.NO, "mac")
    s = put(s, "mac", st.WHITE, levy=1)
    s = put(controlled(put(s, "mac", RED, inf=2), RED, "thr"), "thr", RED, levy=1)
    return moving(s, RED)


@pytest.mark.parametrize("weights", [moves.DEFAULT, hard.WEIGHTS], ids=["greedy", "hard"])
def test_a_unit_joining_a_battle_its_units_fight_anyway_is_worth_what_it_adds(
    weights: moves.Params,
) -> None:
    """A trial's hard AI sent a unit from each of 15 provinces into its home on the last
    turn, each weighed as if it won the battle alone, and emptied them (l.66: an area counts
    only occupied): the lone levy of Thrace stays; and no purchase is left to make at the
    home on the last turn (l.5, l.21), so it is worth its end count alone."""
    s = _home_retaken_on_the_last_turn()
    m = s.parts.map
    planner = moves.Planner(s, RED, weights)
    plans = planner.plans_from(m.index["thr"])
    assert all(p.score <= 0 for p in plans if p.dest == m.index["mac"]), plans
    assert planner.r.take_gain(m.index["mac"]) == 2 * m.value[m.index["mac"]]


def test_the_last_unit_marching_away_from_its_mercenaries_counts_them_deserting() -> None:
    """A trial's hard AI hired 2 infantry at its home, marched its levies out, and the
    mercenaries deserted at the phase's end (ours, facts 4.8): a plan taking the last of the
    seat's own units from beside its mercenaries counts their price, as if the area emptied."""
    base = put(controlled(started(3), BLUE, "ara"), "ara", BLUE, levy=1)
    hired = put(base, "ara", st.MERC + BLUE, inf=2)
    m = base.parts.map

    def best(s: State) -> float:
        plans = moves.Planner(moving(s), BLUE).plans_from(m.index["ara"])
        return max(p.score for p in plans if p.units == ((st.code(BLUE, 0), 1),))

    assert best(hired) <= best(base) - 2 * base.parts.setup.prices[1]  # infantry


def test_the_odds_of_one_infantry_against_one_are_exact() -> None:
    hits = (6, 5, 5, 5)
    one = odds.Side((0, 1, 0, 0))
    out = odds.battle(one, one, hits, 5)
    assert out.win == pytest.approx(0.4)  # (1/3 * 2/3) / (1 - 4/9)


def test_the_odds_grow_with_the_units_and_the_cavalrys_first_rolls() -> None:
    hits = (6, 5, 5, 5)
    enemy = odds.Side((0, 2, 0, 0))
    wins = [odds.battle(odds.Side((0, n, 0, 0)), enemy, hits, 5).win for n in range(1, 6)]
    assert wins == sorted(wins) and wins[-1] > 0.9
    inf = odds.battle(odds.Side((0, 2, 0, 0)), enemy, hits, 5).win
    cav = odds.battle(odds.Side((0, 0, 2, 0)), enemy, hits, 5).win
    assert cav > inf
    stopped = odds.battle(odds.Side((0, 0, 2, 0)), odds.Side((0, 1, 0, 1)), hits, 5).win
    assert stopped < cav


def test_no_unit_is_sent_back_where_a_unit_came_from_in_this_movement() -> None:
    """Two trials' AIs swapped levies between two of their areas, each walking 3 MP (as if
    neither had moved): a unit goes nowhere its own units came from in this movement."""
    s = controlled(started(3), 0, "ara", "cse")
    s = moving(put(put(put(s, "ara", 0, levy=1), "cse", 0, levy=1), "egy", 0, levy=2))
    s = order(s, "move 1 levy Coele-Syria Arabia")
    m = s.parts.map
    came = moves.Planner(s, 0).plans_from(m.index["ara"])
    assert came and all(p.dest != m.index["cse"] for p in came), came
    stayed = moves.Planner(s, 0).plans_from(m.index["egy"])  # nothing came to Egypt
    assert any(p.dest == m.index["cse"] for p in stayed)


def test_an_ally_in_a_battle_stands_on_its_sides_odds_not_on_its_own_units_alone() -> None:
    """A trial's called ally retreated its levy after round 1 on its own odds, leaving the
    person's last infantry to die: an ally weighs the whole side it fights on (l.32; Q12)."""
    s = put(put(started(3), "ara", BLUE, inf=3), "ara", RED, inf=3)
    s = allied(put(s, "ara", GREEN, levy=1), BLUE, GREEN)
    s = order(at(s, RED, 5, ("combat", RED, NO, NO, NO)), "fight blue at Arabia", "red")
    s = deal(s, *[1] * 7)  # no hit
    s = GAME.apply(s, st.Stand())  # Blue stands
    assert s.frames[-1][:2] == ("retreat", GREEN)
    assert greedy.holding_chance(s, GREEN) > 0.5
    assert greedy.ranked(s)[0] == st.Stand()
