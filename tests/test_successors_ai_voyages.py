"""Successors' greedy AI at sea (l.19, l.29-31): a fleet bought for a voyage, one unit carried
to an empty area no march reaches this turn and no rival can strike, a home guarded against
the units a rival's fleet may land, and the hint's why for a voyage."""

from __future__ import annotations

import random

from successors_helpers import (
    BLUE,
    RED,
    at,
    controlled,
    fleets,
    leader_at,
    moving,
    order,
    put,
    started,
)

from ai.budget import Budget
from ai.successors import choose, greedy, hard, why
from ai.successors.moves import Planner, naval_plans
from rules.successors import GAME, State, board, economy
from rules.successors import state as st

NO = st.NO
QUICK = Budget(iterations=1)


def _blue_moves(s: State) -> list[st.Action]:
    """Blue's whole movement phase as greedy plays it: its steps."""
    steps = []
    while GAME.to_move(s) == "blue" and s.frames[-1][0] == "move":
        a = choose("greedy", GAME.view(s, "blue"), random.Random(1))
        steps.append(a)
        s = GAME.apply(s, a)
    return steps


def _cyrenaica_and_a_fleet() -> State:
    """Blue's levy in Cyrenaica and its fleet in the Egyptian Sea; Blue's units hold every
    other area a levy of Cyrenaica's reaches this turn (Egypt, Coele-Syria, Arabia) and
    Phoenicia; Red's infantry in Macedonia and Lydia may strike every other coast its fleet
    reaches but Cyprus."""
    s = put(started(3), "cyr", BLUE, levy=1)
    for where in ("cse", "ara", "egy", "pho"):
        s = put(s, where, BLUE, inf=1)
    s = put(put(s, "mac", RED, inf=2), "lyd", RED, inf=1)
    s = controlled(s, BLUE, "cyr", "cse", "ara", "pho")
    return moving(fleets(controlled(s, RED, "lyd"), "egs", BLUE))


def test_greedy_carries_a_unit_by_sea_to_an_island_no_march_reaches() -> None:
    """Cyprus (an island: no land area borders it) is worth 2 a turn and nobody's; a unit
    of Blue's embarks on its fleet, sails into the Cyprian Sea, lands, and the fleet halts."""
    s = _cyrenaica_and_a_fleet()
    steps = _blue_moves(s)
    voyage = [a for a in steps if isinstance(a, st.TakeFleets | st.Embark | st.Sail | st.Land)]
    assert voyage[0] == st.TakeFleets("egs", 1)
    assert isinstance(voyage[1], st.Embark)
    assert voyage[2:] == [st.Sail("cys"), st.Land("cyp", voyage[1].piece, 1)], voyage
    for a in steps:
        s = GAME.apply(s, a)
    cyprus = s.parts.map.index["cyp"]
    assert board.seat_units(s, cyprus, BLUE) == 1
    assert s.fleets[s.parts.map.index["cys"]][BLUE] == 1


def test_no_voyage_lands_a_lone_unit_where_a_rival_may_strike_next_turn() -> None:
    """The same, but Red's fleet in the Aegean with an infantry on its coast (Caria) may land
    it on Cyprus next turn: no voyage goes there."""
    s = put(fleets(_cyrenaica_and_a_fleet(), "aeg", RED), "car", RED, inf=1)
    assert not [p for p in Planner(s, BLUE).voyages() if p.dest == s.parts.map.index["cyp"]]
    assert not any(isinstance(a, st.Land) and a.at == "cyp" for a in _blue_moves(s))


def test_a_home_is_guarded_against_the_units_a_rivals_fleet_may_land() -> None:
    """Red's 2 infantry in Greece stand far beyond 4 MP of Egypt over land, but Red's 2
    fleets in Greece's port may carry them through the Aegean into the Egyptian Sea and land
    them: the threat Blue reads is theirs (one infantry a fleet)."""
    s = put(put(controlled(started(3), RED, "gre"), "gre", RED, inf=2), "egy", BLUE, inf=2)
    assert Planner(s, BLUE).r.threat(s.homes[BLUE]) == 0
    assert Planner(fleets(s, "gre", RED, 1), BLUE).r.threat(s.homes[BLUE]) == 1.0
    assert Planner(fleets(s, "gre", RED, 2), BLUE).r.threat(s.homes[BLUE]) == 2.0


def _buying(s: State) -> State:
    return at(s, BLUE, 3, ("buy", BLUE, economy.REVENUE_BUY, NO, NO))


def test_greedy_buys_a_fleet_in_its_port_for_an_island_and_only_one() -> None:
    """Egypt is a port (a fleet costs 3 there, l.19); Cyprus lies beyond any march: greedy
    buys a fleet first, then units as before; with a fleet already, none."""
    s = _buying(put(started(3, money=12), "egy", BLUE, levy=1))
    assert greedy.decide(s) == st.Buy("fleet", "egy", 1)
    s = GAME.apply(s, greedy.decide(s))
    after = greedy.decide(s)
    assert not (isinstance(after, st.Buy) and after.piece == "fleet"), after


def test_no_fleet_is_bought_without_the_means_or_the_time_to_repay_it() -> None:
    """Money for the fleet but not its upkeep next turn, or the last turn: no fleet."""
    poor = _buying(put(started(3, money=4), "egy", BLUE, levy=6))
    assert greedy.decide(poor) != st.Buy("fleet", "egy", 1)
    late = _buying(put(started(3, turn=12, money=20), "egy", BLUE, levy=1))
    assert all(not (isinstance(a, st.Buy) and a.piece == "fleet") for a in greedy.ranked(late))


def test_a_voyages_first_step_says_where_the_fleet_carries_its_unit_and_why() -> None:
    """Taking the fleet is told by the voyage it begins: what it carries, where, its worth,
    and why by sea."""
    s = _cyrenaica_and_a_fleet()
    steps = _blue_moves(s)
    for a in steps[: steps.index(st.TakeFleets("egs", 1))]:
        s = GAME.apply(s, a)
    said = why.reason(GAME.view(s, "blue"), st.TakeFleets("egs", 1), hard.WEIGHTS)
    assert said.startswith("its fleet carries 1 ") and said.endswith(
        " to take Cyprus (worth 2 a turn), which no march reaches this turn"
    ), said


def test_a_voyages_hint_is_one_sail_order_the_seat_may_send_as_written() -> None:
    """The hint gives a voyage as one `sail` order with what it carries and where it lands,
    not six steps, and the order plays as written. Hard's leader first goes from Egypt, in
    reach of Green's leader and purchases, to Cyrenaica, screened by Blue's infantry in Egypt
    (l.27)."""
    s = _cyrenaica_and_a_fleet()
    steps = _blue_moves(s)
    for a in steps[: steps.index(st.TakeFleets("egs", 1))]:
        s = GAME.apply(s, a)
    s = order(s, "move leader Egypt Cyrenaica", "blue")
    hint = hard.advise(GAME.view(s, "blue"), "blue", random.Random(1), QUICK).summary
    assert hint.startswith(
        "The computer (hard) would play `sail 1 fleet with 1 levy Egyptian Sea Cyprian Sea land "
        "at Cyprus`: its fleet carries 1 levy to take Cyprus (worth 2 a turn)."
    ), hint
    s = order(s, "sail 1 fleet with 1 levy Egyptian Sea Cyprian Sea land at Cyprus", "blue")
    assert board.seat_units(s, s.parts.map.index["cyp"], BLUE) == 1


def test_a_fleet_an_event_offers_is_bought_for_a_voyage_and_only_one() -> None:
    """An event offers up to 2 fleets at 2 in Blue's ports: greedy, which once declined
    every fleet, buys one for Cyprus, then no more; without a voyage worth it, none."""
    offer = ("buy", BLUE, economy.EVENT_FLEETS, 2, 2)
    s = at(put(started(3, money=12), "egy", BLUE, levy=1), BLUE, 0, offer)
    assert greedy.decide(s) == st.Buy("fleet", "egy", 1)
    assert greedy.decide(GAME.apply(s, greedy.decide(s))) == st.Done()
    late = at(put(started(3, turn=12, money=12), "egy", BLUE, levy=1), BLUE, 0, offer)
    assert greedy.decide(late) == st.Done()


def test_a_voyage_under_way_never_sails_back_to_land_where_it_could_have_at_once() -> None:
    """A trial's fleet in the Aegean took a cavalry aboard at Caria, sailed into the Cyprian
    Sea and back, and landed it in Greece, a coast of the sea it began in: planned anew at
    sea, a voyage goes back through none of its seas and lands where no march from the
    coasts it began at goes, as when it set out."""
    s = put(_cyrenaica_and_a_fleet(), "egy", BLUE, inf=0)
    for a in (st.TakeFleets("egs", 1), st.Embark("cyr", "levy", 1), st.Sail("cys")):
        s = GAME.apply(s, a)
    m = s.parts.map
    began = {m.index[c] for c in ("cyr", "egy", "cse", "pho")}  # the Egyptian Sea's coasts
    plans = naval_plans(s, BLUE)
    assert [(m.names[p.dest], p.sea) for p in plans] == [("Cyprus", ())], plans
    assert not [p for p in plans if p.dest in began or m.index["egs"] in p.sea]


def test_a_voyage_weighs_the_leader_its_unit_leaves_alone_where_rivals_strike() -> None:
    """A trial's AI shipped its last levy away from its leader beside its former ally's units,
    and lost him (Q21): a unit embarking from beside its leader counts his capture, as a march
    away from him does. Blue's levy in Cyrenaica, Red's 3 infantry in Egypt next door."""
    s = put(put(started(3), "cyr", BLUE, levy=1), "egy", RED, inf=3)
    s = fleets(controlled(s, BLUE, "cyr"), "egs", BLUE)
    cyr = s.parts.map.index["cyr"]

    def best(t: State) -> float:
        plans = Planner(moving(t), BLUE, hard.WEIGHTS).voyages()  # (greedy stakes no leader)
        return max(p.score for p in plans if p.src == cyr)

    assert best(leader_at(s, BLUE, "cyr")) < best(s) - 10
