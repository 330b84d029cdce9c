"""Greedy's choices are a record: the steps it takes and the values it ranks them by in a
fixed set of seeded games, against random players and against itself, are those it took when
they were recorded (a change meant to make it quicker must not change how it plays; the search
plays its playouts with it, and `bench/taj_mahal_arena.py`'s figures were measured on it)."""

from __future__ import annotations

import hashlib
import random

import pytest
from taj_helpers import seeded_game

from ai.taj_mahal import greedy
from rules.taj_mahal import GAME, Action, State

# sha256 of every greedy step and ranking in the games below, recorded from c0b248c's greedy
RECORDED = {
    (3, "greedy"): "99e4fca38c697da86b9a54c9ea8e55fc73ec4bd6fd3e54f1f6cb7bb1df0c9c5f",
    (4, "random"): "3f103dc9a110e622f189121f452267b114efaffecb3c7fabde41b5a67c005074",
    (5, "greedy"): "6555118a7a2c11e1f2ddf48c9ad81dca4e2a136ba7a2c28e456e2df94709085e",
}


def record(players: int, others: str, seeds: range) -> str:
    """The games' greedy steps and rankings (with their values), hashed: seat 1 is greedy,
    the others `others`."""
    digest = hashlib.sha256()
    first = GAME.info.seats_for(players)[0]

    def decide(s: State, seat: str, r: random.Random) -> Action:
        view = GAME.view(s, seat)
        if seat == first or others == "greedy":
            a = greedy.choose(view, r)
            digest.update(repr(greedy.ranked(view)).encode())
        else:
            a = r.choice(GAME.legal_actions(s))
        digest.update(repr(a).encode())
        return a

    for seed in seeds:
        seeded_game(players, seed, decide)
    return digest.hexdigest()


@pytest.mark.parametrize(("players", "others"), list(RECORDED))
def test_greedy_takes_the_steps_it_took_when_recorded(players: int, others: str) -> None:
    assert record(players, others, range(40, 46)) == RECORDED[(players, others)]
