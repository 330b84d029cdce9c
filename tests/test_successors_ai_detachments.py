"""Successors' hard AI sends a part of a stack to fight: a trial's hard seat kept its ten
units and its leader four turns beside its own home, held by one rival levy, because only a
single unit or the whole stack could move, and the whole stack stood guard."""

from __future__ import annotations

from dataclasses import replace

from successors_helpers import BLUE, controlled, leader_at, moved_with, moving, put, started

from ai.successors import hard, moves, odds
from ai.successors.moves import Planner
from ai.successors.reading import foe_side, mine, within
from rules.successors import State, board

RED, GREEN = 1, 2


def _home_held_beside_a_guarded_stack() -> State:
    """Blue's 6 infantry and its leader in Phoenicia, Red's 5 infantry beside them in Syria,
    and Red's levy in Blue's home, Egypt, two areas off."""
    s = put(controlled(started(3, money=0), RED, "egy", "syr"), "egy", RED, levy=1)
    s = put(put(controlled(s, BLUE, "pho"), "pho", BLUE, inf=6), "syr", RED, inf=5)
    return moving(leader_at(s, BLUE, "pho"))


def test_hard_retakes_its_home_with_a_part_of_a_stack_that_stands_guard() -> None:
    s = _home_held_beside_a_guarded_stack()
    egypt, phoenicia = s.parts.map.index["egy"], s.parts.map.index["pho"]
    after = moved_with(s, hard.WEIGHTS)
    attackers = board.seat_units(after, egypt, BLUE)
    assert 2 <= attackers < 6, attackers  # the fewest that win there, two at least
    assert board.seat_units(after, phoenicia, BLUE) >= 3  # the rest stand against Syria
    assert after.frames[-1][:2] == ("combat", BLUE)  # and the battle is Blue's to fight
    # with a single unit or the whole stack alone to choose from, the home stayed Red's
    before = moved_with(s, replace(hard.WEIGHTS, detach=0.0))
    assert board.seat_units(before, egypt, BLUE) == 0


def test_a_part_is_the_fewest_units_the_strongest_first_that_win_at_the_weights_chance() -> None:
    """With cavalry, infantry and levies in Phoenicia, the part sent to Egypt is cavalry
    first; it wins there at 0.8 or better, and one unit fewer would not."""
    s = put(_home_held_beside_a_guarded_stack(), "pho", BLUE, cav=2, levy=3)
    egypt = s.parts.map.index["egy"]
    plans = [p for p in Planner(s, BLUE, hard.WEIGHTS).ranked() if p.path[-1:] == (egypt,)]
    part = next(dict(p.units) for p in plans if p.kind == "battle" and not p.leader)
    strongest = sorted(part, key=lambda c: -moves.UNIT_STRENGTH[c % 4])
    assert strongest[0] == BLUE * 4 + 2  # cavalry first

    def win(units: dict[int, int]) -> float:
        counts = moves.by_type(units)
        return odds.battle(odds.Side(counts), foe_side(s, egypt, BLUE), *hits_of(s)).win

    assert win(part) >= hard.WEIGHTS.detach
    fewer = dict(part)
    fewer[strongest[-1]] -= 1
    assert sum(fewer.values()) < 2 or win(fewer) < hard.WEIGHTS.detach


def hits_of(s: State) -> tuple[tuple[int, ...], int]:
    hits = s.parts.setup.hits
    return tuple(hits), hits[2]


def _two_stacks_beside_reds_main_stack() -> State:
    """Red's leader and 4 infantry in Syria; Blue's 3 infantry in Cilicia and 3 in Arabia,
    each in reach of Syria and weaker than Red there; a unit of Blue's in every other area
    they reach (nothing empty to take), its leader with the one in Cyrenaica (not screened
    by Arabia's infantry); Green's 8 infantry at home in Babylonia."""
    s = started(3, turn=4, money=0)
    ids, index = s.parts.map.ids, s.parts.map.index
    near = {ids[a] for x in ("cil", "ara") for a in within(s, index[x], 3)}
    held = sorted(near - {"syr", "mac", "bab", "cil", "ara"})
    s = controlled(controlled(s, BLUE, *held), RED, "syr")
    for k, where in enumerate(held):  # (Blue's pool holds 8 levies)
        s = put(s, where, BLUE, **{"levy" if k < 8 else "cav": 1})
    s = put(put(put(s, "syr", RED, inf=4), "cil", BLUE, inf=3), "ara", BLUE, inf=3)
    s = leader_at(leader_at(put(s, "bab", GREEN, inf=8), GREEN, "bab"), BLUE, "cyr")
    return moving(leader_at(s, RED, "syr"))


def test_hards_two_stacks_converge_on_a_rivals_main_stack_neither_beats_alone() -> None:
    """Hard attacked a rival's main stack only when one of its own stacks outweighed it.
    Battles come after all movement (l.6-7): the first stack marches in, and the second,
    planned anew, counts it there and follows."""
    s = _two_stacks_beside_reds_main_stack()
    syria = s.parts.map.index["syr"]
    assert mine(moved_with(s, hard.WEIGHTS), syria, BLUE) == (0, 6, 0, 0)
    alone = replace(hard.WEIGHTS, converge=False)
    assert mine(moved_with(s, alone), syria, BLUE) == (0, 0, 0, 0)
