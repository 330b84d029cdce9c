"""Successors' hard AI keeps its leader from capture: the trials' aggressive players bought
infantry where their leader stood and struck the AI's leaders, left with a levy or two
(Q21: a leader whose side is wiped out is captured; ransom 5 Talents, l.13)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from successors_helpers import (
    BLUE,
    allied,
    at,
    controlled,
    fleets,
    leader_at,
    moved_with,
    moving,
    order,
    put,
    started,
)

from ai.successors import danger, greedy, hard, moves, odds
from ai.successors.moves import Planner, by_type
from ai.successors.odds import Side
from ai.successors.reading import mine, threat
from rules.successors import State, board, economy
from rules.successors import state as st

RED, GREEN = 1, 2


def _reds_leader_in_cilicia(blue_infantry: int = 4) -> State:
    """Blue's leader and infantry at home in Egypt; Red's leader with 2 infantry in Cilicia,
    4 MP off (l.28), with Syria's and Cilicia's tax to buy more with him; Green's leader far
    off in Bactria."""
    s = controlled(started(3, money=0), RED, "cil", "syr")
    s = leader_at(put(s, "cil", RED, inf=2), RED, "cil")
    return leader_at(put(s, "egy", BLUE, inf=blue_infantry), GREEN, "bac")


def test_a_rivals_blow_counts_what_its_next_revenue_buys_with_its_leader() -> None:
    s = _reds_leader_in_cilicia()
    egypt = s.parts.map.index["egy"]
    spend = s.money[RED] + board.income(s, RED) - 2 * s.parts.setup.upkeep  # l.5, l.14
    bought = spend // s.parts.setup.prices[1]
    assert bought > 0
    assert danger.blow(s, egypt, BLUE, RED) == Side((0, 2 + bought, 0, 0), True)
    # beyond his 4 MP (Cyrenaica is a fifth past Egypt), neither his units nor his purchases
    cyrenaica = s.parts.map.index["cyr"]
    assert danger.blow(s, cyrenaica, BLUE, RED).count == 0
    assert danger.capture_chance(s, cyrenaica, BLUE, (0, 0, 0, 0)) == 0.0


def test_hards_leader_likely_captured_goes_out_of_reach_before_his_troops_move() -> None:
    s = moving(_reds_leader_in_cilicia())
    egypt = s.parts.map.index["egy"]
    assert danger.capture_chance(s, egypt, BLUE, mine(s, egypt, BLUE)) >= danger.GUARD_AT
    assert moves.step(s, BLUE, st.NO, hard.WEIGHTS) == st.Take("egy", "leader", 1)
    after = moved_with(s, hard.WEIGHTS)
    assert after.leaders[BLUE] == s.parts.map.index["cyr"]  # out of Red's reach
    # with no stake on him, he stayed at home while his infantry marched off
    before = moved_with(s, replace(hard.WEIGHTS, leader_stake=0.0))
    assert before.leaders[BLUE] == egypt


def test_hard_buys_infantry_with_its_leader_where_a_blow_would_capture_him() -> None:
    s = _reds_leader_in_cilicia(blue_infantry=1)
    s = s.clone()
    s.money = (8, 0, 0)
    s = at(s, BLUE, 3, ("buy", BLUE, economy.REVENUE_BUY, st.NO, st.NO))
    assert greedy.ranked(s, hard.WEIGHTS)[0] == st.Buy("inf", "egy", 1)
    # greedy, with no stake on its leader, buys other things first
    assert greedy.ranked(s)[0] != st.Buy("inf", "egy", 1)


def test_a_battle_the_leader_joins_weighs_his_capture_there_next_turn() -> None:
    """A trial's Red took its leader and 4 infantry into Mesopotamia to beat Green's levy,
    beside Blue's stack of 7: the battle was won and the leader captured next turn. A battle
    he joins now costs his stake times the chance he is lost: beaten with his side, or taken
    there next turn with the units it leaves him."""
    s = controlled(started(3, money=0), RED, "cap")
    s = leader_at(put(s, "cap", RED, inf=4), RED, "cap")
    s = put(controlled(s, GREEN, "mes"), "mes", GREEN, levy=1)
    s = leader_at(put(controlled(s, BLUE, "bab"), "bab", BLUE, inf=7), BLUE, "bab")
    mesopotamia = s.parts.map.index["mes"]
    staked, unstaked = (
        Planner(s, RED, hard.WEIGHTS),
        Planner(s, RED, replace(hard.WEIGHTS, leader_stake=0)),
    )
    with_him = staked.battle_gain(mesopotamia, (0, 4, 0, 0), True)
    lost = with_him - unstaked.battle_gain(mesopotamia, (0, 4, 0, 0), True)
    assert lost < -0.5 * hard.WEIGHTS.leader_stake  # Blue's blow would most likely take him
    # without him the battle weighs nothing of the kind
    alone = staked.battle_gain(mesopotamia, (0, 4, 0, 0), False)
    assert alone == unstaked.battle_gain(mesopotamia, (0, 4, 0, 0), False)


def test_a_rivals_blow_counts_what_its_fleets_may_land_from_beyond_its_march() -> None:
    """A trial's player caught a leader sheltered in Carmania by sea. Green's cavalry at
    home in Babylonia are 5 MP from Carmania by land (beyond a band's 4, l.28), but a fleet
    in Babylonia's port reaches the Persian Gulf on Carmania's coast and lands one of them
    (l.29, l.31): one unit a fleet, the strongest first."""
    s = leader_at(put(started(3, money=0), "kar", BLUE, levy=1), BLUE, "kar")
    s = put(s, "bab", GREEN, cav=2, inf=3)
    carmania = s.parts.map.index["kar"]
    assert danger.blow(s, carmania, BLUE, GREEN).count == 0
    assert danger.capture_chance(s, carmania, BLUE, (1, 0, 0, 0)) == 0.0
    one, two = fleets(s, "bab", GREEN, 1), fleets(s, "bab", GREEN, 2)
    assert danger.blow(one, carmania, BLUE, GREEN) == Side((0, 0, 1, 0), False)
    assert danger.blow(two, carmania, BLUE, GREEN) == Side((0, 0, 2, 0), False)
    assert danger.capture_chance(one, carmania, BLUE, (1, 0, 0, 0)) > 0.0
    # units within the band's reach are counted by land once, never again aboard
    persia = s.parts.map.index["per"]
    by_land = danger.blow(s, persia, BLUE, GREEN)
    assert danger.blow(two, persia, BLUE, GREEN) == by_land


def test_hards_leader_retreats_where_his_capture_is_least_likely() -> None:
    """A trial's Green retreated its leader with its levies into Phoenicia, beside the
    person's army in Syria, and lost him there next turn. Greedy retreats to the place its
    units hold most (Susiana, its province, a levy there); hard, with a stake on its leader,
    where a blow is least likely to take him (Carmania: 2 infantry of its own, beyond the
    reach of Blue's army at home in Babylonia)."""
    from successors_helpers import deal, order
    from test_successors_rules import contest

    s = leader_at(contest({"inf": 3}, {"inf": 1}, "per"), RED, "per")
    s = put(controlled(put(s, "sus", RED, levy=1), RED, "sus"), "kar", RED, inf=2)
    s = leader_at(put(s, "bab", BLUE, levy=4, cav=2), BLUE, "bab")
    s = s.clone()
    s.money = (0, 0, 0)
    s = deal(order(s, "fight red at Persia"), *[1] * 4)  # no hit: Red asked to retreat
    assert s.frames[-1][:2] == ("retreat", RED)
    assert greedy.ranked(s)[0] == st.Retreat("all", "sus")  # the infantry and the leader
    assert greedy.ranked(s, hard.WEIGHTS)[0] == st.Retreat("all", "kar")
    where = s.parts.map.index

    def chance(to: str) -> float:
        joined = moves.added(mine(s, where[to], RED), (0, 1, 0, 0))
        return danger.capture_chance(s, where[to], RED, joined)

    assert chance("kar") < 0.5 < chance("sus")


def test_units_joining_an_endangered_leader_weigh_the_capture_they_spare_him() -> None:
    """A trial's Green left its leader at home in Babylonia with one unit beside the
    person's army five times while its stacks stood near. Units that join him where he
    stands take off the stake of his capture what they lower its chance by."""
    s = leader_at(put(controlled(started(3, money=0), RED, "ara"), "ara", RED, inf=5), RED, "ara")
    s = put(put(s, "egy", BLUE, inf=1), "cyr", BLUE, inf=4)
    egypt, cyrenaica = s.parts.map.index["egy"], s.parts.map.index["cyr"]
    staked = Planner(s, BLUE, hard.WEIGHTS)
    spared = staked.reinforced(egypt, (0, 4, 0, 0))
    before, after = staked.risk(egypt, (0, 1, 0, 0)), staked.risk(egypt, (0, 5, 0, 0))
    assert spared == hard.WEIGHTS.leader_stake * (before - after) > 0
    assert staked.reinforced(cyrenaica, (0, 4, 0, 0)) == 0.0  # he is not there
    unstaked = Planner(s, BLUE, replace(hard.WEIGHTS, leader_stake=0))
    to_egypt = [
        (p.score for p in planner.plans_from(cyrenaica) if p.path[-1:] == (egypt,) and not p.leader)
        for planner in (staked, unstaked)
    ]
    assert max(to_egypt[0]) > max(to_egypt[1])


def test_a_lone_leader_on_his_way_never_walks_back_over_his_route() -> None:
    """A trial's Green marched its leader alone from Caria to Greater Phrygia and back to
    Caria in one move: weighed anew at each step, each end looked the safer from the other.
    A leader alone on his way, as any force, never goes back over his route."""
    s = put(put(started(3), "egy", BLUE, inf=2), "syr", RED, inf=4)
    s = order(moving(leader_at(s, RED, "syr")), "take leader at Egypt, march to Arabia")
    assert s.force is not None and s.force.route == (s.parts.map.index["egy"], s.force.place)
    assert moves.step(s, BLUE, st.NO, hard.WEIGHTS) not in (st.March("egy"), st.Drop("leader"))


def test_a_leader_among_more_of_his_units_is_the_safer_where_a_whole_blow_takes_him_anywhere() -> (
    None
):
    """A trial's Red, its leader as likely taken with one infantry as with four (Blue's whole
    blow beat either), sent him on with the one and lost him. How much of its blow a rival
    sends is not known: as likely all of it as half, so more units beside him count."""
    s = leader_at(put(started(3, money=0), "cil", BLUE, inf=4), BLUE, "cil")
    s = leader_at(put(s, "syr", RED, inf=9), RED, "syr")
    cilicia = s.parts.map.index["cil"]
    whole = danger.blow(s, cilicia, BLUE, RED)
    hits = s.parts.setup.hits
    for units in ((0, 1, 0, 0), (0, 4, 0, 0)):
        assert odds.battle(whole, Side(units, True), hits, hits[2]).win > 0.95
    one = danger.capture_chance(s, cilicia, BLUE, (0, 1, 0, 0))
    four = danger.capture_chance(s, cilicia, BLUE, (0, 4, 0, 0))
    assert four < one - 0.2


def test_a_part_of_the_leaders_stack_sent_to_battle_weighs_the_few_it_leaves_him() -> None:
    """A trial's Red sent 3 of the 4 infantry beside its leader to retake its home, left
    him with one, and lost him to the rival's next blow. A part of a stack that attacks
    alone weighs what it takes off the leader's guard where he stays."""
    s = leader_at(put(started(3, money=0), "car", BLUE, inf=4), BLUE, "car")
    s = put(controlled(s, RED, "phr", "hel"), "phr", RED, levy=1, inf=1)
    s = leader_at(put(s, "hel", RED, inf=6), RED, "hel")
    caria, phrygia = s.parts.map.index["car"], s.parts.map.index["phr"]
    planner = Planner(s, BLUE, hard.WEIGHTS)
    detached = [p for p in planner.plans_from(caria) if p.dest == phrygia and not p.leader]
    assert detached and all(0 < sum(n for _, n in p.units) < 4 for p in detached)
    unstaked = Planner(s, BLUE, replace(hard.WEIGHTS, leader_stake=0.0)).plans_from(caria)
    for p in detached:
        alike = next(q for q in unstaked if (q.units, q.path, q.leader) == (p.units, p.path, False))
        left = moves.added(mine(s, caria, BLUE), by_type(dict(p.units)), -1)
        exposure = planner.risk(caria, left) - planner.risk(caria, mine(s, caria, BLUE))
        assert exposure > 0.1
        assert p.score == pytest.approx(alike.score - hard.WEIGHTS.leader_stake * exposure)


def test_a_lone_leader_safe_where_he_stands_does_not_regroup_to_a_stack_likely_struck() -> None:
    """A trial's Red leader stood alone at Caria out of every blow, went back to his levy at
    Cappadocia beside Green's reach (his capture there likely), and fled to Caria again the
    next turn. With a stake on him he joins a stack only where his capture is less likely."""
    s = started(3, turn=2, money=3)
    s = controlled(s, RED, "cap", "mes", "egy")
    s = put(put(put(s, "cap", RED, levy=1), "mes", RED, levy=1), "syr", BLUE, inf=1)
    s = leader_at(put(put(s, "pho", BLUE, inf=1), "med", GREEN, levy=2), RED, "car")
    s = moving(s, RED)
    where = s.parts.map.index
    staked = Planner(s, RED, hard.WEIGHTS)
    assert staked.risk(where["car"], (0, 0, 0, 0)) < staked.risk(where["cap"], (1, 0, 0, 0))
    assert staked.regroup() is None
    assert not any(p.leader and not p.units for p in staked.ranked()[:1])
    unstaked = Planner(s, RED, replace(hard.WEIGHTS, leader_stake=0))
    regroup = unstaked.regroup()  # greedy: to the nearest stack, as before
    assert regroup is not None and regroup.path[-1] == where["cap"]


def test_an_ally_whose_alliance_is_ending_threatens_the_leader_as_a_rival() -> None:
    """A trial's AI announced the end of its alliance with Yellow, then sent its leader alone
    into a Yellow area, where Yellow took him: an end announced takes effect before the ally
    moves again (l.32; Q12), so the ally's blow counts as a rival's, whichever side ends it."""
    s = _reds_leader_in_cilicia()
    egypt = s.parts.map.index["egy"]
    guard = (0, 4, 0, 0)
    friends = allied(s, BLUE, RED)
    trusting = danger.capture_chance(friends, egypt, BLUE, guard)
    assert trusting < danger.capture_chance(s, egypt, BLUE, guard)
    assert threat(friends, egypt, BLUE, reach=8) < threat(s, egypt, BLUE, reach=8)
    for ending in ((BLUE, RED), (RED, BLUE)):
        leaving = friends.clone()
        leaving.breaks = (ending,)
        assert danger.capture_chance(leaving, egypt, BLUE, guard) == danger.capture_chance(
            s, egypt, BLUE, guard
        )
        assert threat(leaving, egypt, BLUE, reach=8) == threat(s, egypt, BLUE, reach=8)


def test_a_fleeing_leader_goes_where_a_lone_levy_might_take_him_not_to_a_stack_any_blow_takes() -> (
    None
):
    """Blue's leader with a levy in Bactria, likely struck there: Red's 6 infantry and leader
    in Syria (its upkeep above its income: it buys none, l.14) reach Parthia, where Blue's
    other levy stands; only Green's lone levy in Paropamisadae reaches Sogdiana. He went to
    Parthia, the only stack in reach, as no area was out of every rival's reach (a seeded
    game's Red went so from a home likely struck to a levy certainly struck); he goes to
    Sogdiana, where he is less likely taken."""
    s = leader_at(put(started(3, money=0), "bac", BLUE, levy=1), BLUE, "bac")
    s = leader_at(put(put(s, "pth", BLUE, levy=1), "syr", RED, inf=6), RED, "syr")
    s = put(s, "pmd", GREEN, levy=1)
    parthia, sogdiana = (s.parts.map.index[x] for x in ("pth", "sog"))
    assert danger.capture_chance(s, parthia, BLUE, mine(s, parthia, BLUE)) > 0.9
    after = moved_with(moving(s), hard.WEIGHTS)
    assert after.leaders[BLUE] == sogdiana
    assert danger.capture_chance(after, sogdiana, BLUE, (0, 0, 0, 0)) == pytest.approx(0.5)


def test_a_leader_stepping_towards_a_far_area_weighs_his_capture_where_the_step_leaves_him() -> (
    None
):
    """A trial's Green roamed with its leader and one levy and was captured in Persia by the
    person's 2 infantry. Blue's leader with a levy and an infantry in North India, its
    neighbours its own, nothing to take in reach: the levy goes to Bactria; the leader with
    the infantry stepped towards Babylonia, to Media, beside Red's 6 infantry and leader in
    Mesopotamia (a step afar weighed no capture); he stays out of Red's reach."""
    s = leader_at(put(started(3, money=0), "nin", BLUE, levy=1, inf=1), BLUE, "nin")
    s = controlled(s, BLUE, "nin", "arc", "pmd", "sin")
    s = leader_at(put(s, "mes", RED, inf=6), RED, "mes")
    media, north_india = (s.parts.map.index[x] for x in ("med", "nin"))
    assert danger.capture_chance(s, media, BLUE, (0, 1, 0, 0)) > 0.9
    after = moved_with(moving(s), hard.WEIGHTS)
    assert after.leaders[BLUE] == north_india
    assert danger.capture_chance(after, north_india, BLUE, (0, 0, 0, 0)) == 0.0


def _blues_main_stack_beside_reds(turn: int) -> State:
    """Blue's leader and 4 infantry at home in Egypt, a levy in each of Coele-Syria and
    Cyrenaica; Red's leader and 8 infantry next door in Arabia, Red to move."""
    s = leader_at(put(started(3, money=0, turn=turn), "egy", BLUE, inf=4), BLUE, "egy")
    s = put(put(controlled(s, BLUE, "cse", "cyr"), "cse", BLUE, levy=1), "cyr", BLUE, levy=1)
    s = leader_at(put(controlled(s, RED, "ara"), "ara", RED, inf=8), RED, "ara")
    return moving(s, RED)


def test_hard_strikes_a_weaker_main_stack_counting_no_blow_from_the_stack_it_beats() -> None:
    """No trial's AI struck the person's main stack. Red's 8 infantry and leader win at
    Egypt 99 times in 100; his capture there next turn counted Blue's 4 infantry and
    leader, the very stack beaten, and the blow weighed less than a lone infantry taking
    Babylonia. Counted without that stack, the blow comes first."""
    s = _blues_main_stack_beside_reds(turn=4)
    egypt = s.parts.map.index["egy"]
    planner = Planner(s, RED, hard.WEIGHTS)
    best = planner.ranked()[0]
    assert (best.dest, best.kind, best.leader, best.units) == (egypt, "battle", True, ((5, 8),))
    assert planner.risk(egypt, (0, 6, 0, 0), beaten=True) < 0.1 < planner.risk(egypt, (0, 6, 0, 0))
    assert moves.step(s, RED, st.NO, hard.WEIGHTS) == st.Take("ara", "inf", 8)


def test_on_the_last_turn_the_leaders_capture_costs_his_ransom_alone() -> None:
    """In a trial's last game turn two AIs did not move at all. No turn is left for the
    leader to be lost to: his capture costs its ransom (l.13), not the stake of the turns to
    come, so the stack he leads strikes where it wins rather than stepping towards an area
    out of reach."""
    s = _blues_main_stack_beside_reds(turn=started().parts.setup.turns)
    egypt = s.parts.map.index["egy"]
    planner = Planner(s, RED, hard.WEIGHTS)
    assert planner.stake == s.parts.setup.ransom
    best = planner.ranked()[0]
    assert (best.dest, best.kind, best.leader) == (egypt, "battle", True)


def test_a_rivals_blow_stops_at_the_seats_units_so_an_area_behind_them_is_the_safer() -> None:
    """Every area within a rival leader's 4 MP looked as risky (a capture about 1 in each),
    so the risk no longer steered the leader. His band stops on entering an area with
    unfriendly units (l.27) and fights only after all movement: Cyrenaica, whose only land
    neighbour is Egypt, is out of Red's reach behind Blue's infantry there; Arabia is not."""
    s = controlled(started(3, turn=5, money=0), RED, "syr", "pho", "cil")
    s = leader_at(put(put(s, "syr", RED, inf=6), "egy", BLUE, inf=3), RED, "syr")
    s = leader_at(s, GREEN, "bac")
    index = s.parts.map.index
    assert danger.blow(s, index["cyr"], BLUE, RED).count == 0
    assert danger.capture_chance(s, index["cyr"], BLUE, (0, 2, 0, 0)) == 0.0
    assert danger.blow(s, index["ara"], BLUE, RED).leader
    assert danger.capture_chance(s, index["ara"], BLUE, (0, 2, 0, 0)) > 0.95


def test_a_rivals_units_away_from_its_leader_strike_within_their_own_3_mp() -> None:
    """Units march 3 MP, only those starting with the leader 4 (l.26, l.28): Red's infantry
    in Cilicia, 4 MP from Egypt, strike there only with Red's leader beside them."""
    s = put(controlled(started(3, money=0), RED, "cil"), "cil", RED, inf=2)
    s = leader_at(leader_at(s, RED, "mac"), GREEN, "bac")
    egypt = s.parts.map.index["egy"]
    assert danger.blow(s, egypt, BLUE, RED).units[1] == 0
    assert danger.blow(leader_at(s, RED, "cil"), egypt, BLUE, RED).units[1] >= 2


def test_the_last_units_screening_the_leader_weigh_his_capture_when_they_leave() -> None:
    """A trial's Yellow fled with its leader to Persia behind its levies in Susiana, then
    marched them off, one to him and one away: Blue's army in Babylonia went through
    Susiana and took him. A rival's march stops at the seat's units (l.27): the last units
    leaving an area weigh the capture their screen spared the leader elsewhere."""
    s = leader_at(started(3, money=0), BLUE, "per")
    s = put(put(s, "sus", BLUE, levy=1), "med", BLUE, levy=1)
    s = put(controlled(s, RED, "bab"), "bab", RED, levy=2, inf=1)
    s = leader_at(leader_at(s, RED, "mac"), GREEN, "bac")
    persia, susiana = s.parts.map.index["per"], s.parts.map.index["sus"]
    screened = danger.capture_chance(s, persia, BLUE, (0, 0, 0, 0))
    opened = danger.capture_chance(s, persia, BLUE, (0, 0, 0, 0), gone=frozenset((susiana,)))
    assert screened == 0.0 < 0.5 < opened
    planner = Planner(moving(s), BLUE, hard.WEIGHTS)
    assert planner.unscreened(susiana) > 0.0
    after = moved_with(moving(s), hard.WEIGHTS)
    assert after.leaders[BLUE] == persia and mine(after, susiana, BLUE) == (1, 0, 0, 0)
    assert danger.capture_chance(after, persia, BLUE, (0, 0, 0, 0)) == 0.0
    # greedy, with no stake on its leader, marches the screen off
    unstaked = moved_with(moving(s), replace(hard.WEIGHTS, leader_stake=0.0))
    assert mine(unstaked, susiana, BLUE) == (0, 0, 0, 0)


def test_a_lone_leaders_refuge_weighs_the_turn_after_behind_a_screen_a_rival_breaks() -> None:
    """A trial's Yellow, and a seeded game's hard Blue, sheltered their leader in Phoenicia
    behind a lone unit in Syria beside a rival's army: it beat that unit, stood next to him,
    and he had no way out the next turn. Blue's leader alone in Arabia, beside Green's army
    in Babylonia, may go to his levy in Phoenicia (Red's army in Cilicia beats his infantry
    in Syria) or to Cyrenaica behind his 3 infantry in Egypt, which hold: both out of every
    blow this turn, only Cyrenaica the next."""
    s = leader_at(started(3, money=0), BLUE, "ara")
    s = put(put(put(s, "syr", BLUE, inf=1), "pho", BLUE, levy=1), "egy", BLUE, inf=3)
    s = leader_at(put(controlled(s, RED, "cil"), "cil", RED, inf=3, cav=4), RED, "cil")
    s = leader_at(put(s, "bab", GREEN, levy=3), GREEN, "bab")
    where = s.parts.map.index
    planner = Planner(moving(s), BLUE, hard.WEIGHTS)
    assert danger.falling(s, BLUE) == {where["syr"]}
    for refuge in ("pho", "cyr"):
        assert planner.risk(where[refuge], mine(s, where[refuge], BLUE)) == 0.0
    assert planner.refuge(where["pho"], (1, 0, 0, 0)) > 0.4 > planner.refuge(where["cyr"], (0,) * 4)
    assert moved_with(moving(s), hard.WEIGHTS).leaders[BLUE] == where["cyr"]
