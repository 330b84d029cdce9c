"""Successors played whole: a small sample of random games of 3 and 4 players, steps aside
(gifts, alliances, chits played and armed) among them, every invariant checked after every
step (the big sample is bench/successors_soak.py); undo; the search's samples."""

from __future__ import annotations

import random

import pytest
from successors_helpers import (
    ControlCheck,
    invariants,
    moving,
    order,
    put,
    random_playout,
    started,
)

from rules.capabilities import search_of, turns_of
from rules.successors import GAME, State, board, combat, movement
from rules.successors.state import NO, Take, Undo, fleets_places, units_places
from rules.successors.view import view


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_invariant_and_end(seed: int) -> None:
    control = ControlCheck()

    def checked(s: State) -> None:
        invariants(s)
        control(s)

    end = random_playout(3 + seed % 2, seed, checked, aside_rate=0.05)
    result = GAME.result(end)
    assert result is not None and len([s for p in result.places for s in p]) == 3 + seed % 2


@pytest.mark.parametrize("seed", (5, 6))
def test_what_the_engine_remembers_of_a_state_is_what_it_counts_afresh(seed: int) -> None:
    """The facts the engine keeps with a state, patched from the step before (each seat's
    occupied areas and fleets), or by identity (the areas each seat holds, a battle side's
    dice, its pre-battle rolls, the combat phase's open pairs), are those the state gives when
    counted anew, after every step of a whole game."""

    def checked(s: State) -> None:
        assert s.occupied == units_places(s.totals)
        assert s.fleet_places == fleets_places(s.fleets, s.players)
        assert board.held(s.control) == board._held(s.control)
        if s.battle is not None:
            for side in (0, 1):
                assert combat.layout(s, s.battle, side) == combat.dice_layout(s, s.battle, side)
            rolls = (combat.pre_rolls(s, s.battle, 0), combat.pre_rolls(s, s.battle, 1))
            assert combat.pre_dice(s, s.battle) == rolls
        if s.current != NO:
            assert combat.open_pairs(s, s.current) == combat._open_pairs(s, s.current)
        if s.frames and s.frames[-1][0] == "move":
            assert listed_takes(s) == takes_counted_afresh(s)

    random_playout(3 + seed % 2, seed, checked, aside_rate=0.05)


def listed_takes(s: State) -> dict[tuple[str, str], int]:
    """The most of each unit the legal steps take (the movement lists are made from parts
    remembered by what they depend on)."""
    out: dict[tuple[str, str], int] = {}
    for a in GAME.legal_actions(s):
        if isinstance(a, Take) and a.piece != "leader":
            out[a.at, a.piece] = max(out.get((a.at, a.piece), 0), a.count)
    return out


def takes_counted_afresh(s: State) -> dict[tuple[str, str], int]:
    """Each of the moving seat's units that may join the force, counted from the state: in
    every area with a land border while no force is under way (an island's leave aboard
    fleets, l.31), where a land force stands while one is (l.25)."""
    seat, f, m = s.frames[-1][1], s.force, s.parts.map
    bordered = [a for a in range(m.land) if m.adjacent[a]]
    areas = bordered if f is None else (f.place,) if not f.fleets else ()
    out = {}
    for area in areas:
        for c, word in movement.OWN_PIECES[seat]:
            n = movement.available(s, area, c)
            if n > 0:
                out[m.ids[area], word] = n
    return out


def test_undo_takes_back_a_movement_step_and_never_a_roll() -> None:
    s = moving(put(started(3), "egy", 0, inf=2))
    s = order(s, "take 2 inf at Egypt, march to Arabia")
    assert turns_of(GAME).undo(s) == ("blue", Undo())
    back = GAME.apply(s, Undo())
    assert back.force is not None and back.force.place == s.parts.map.index["egy"]
    assert GAME.state_to_json(GAME.apply(back, Undo())) == GAME.state_to_json(
        moving(put(started(3), "egy", 0, inf=2))
    )
    ended = order(s, "end movement")
    assert turns_of(GAME).undo(ended) is None


def test_a_searchs_sample_is_consistent_with_the_seats_view() -> None:
    s = random_playout(4, 3, None)  # a whole game, then its chits dealt
    r = random.Random(1)
    s = s.clone()
    s.phase = "play"
    hands = ((1, 2), (3,), (), (4, 5, 6))
    s.hands, s.cup = hands, tuple(range(7, 21))
    for seat in s.seats:
        v = view(s, seat)
        sample = search_of(GAME).sample(v, seat, r.randrange)
        i = s.seats.index(seat)
        assert sample.hands[i] == s.hands[i]
        assert [len(h) for h in sample.hands] == [2, 1, 0, 3] and len(sample.cup) == 14
        assert GAME.state_to_json(view(sample, seat).state) == GAME.state_to_json(v.state)
