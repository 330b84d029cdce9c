"""How `hard` judges a position where a playout stops (the end of the searching seat's
player turn): each seat's worth (reading.worth: treasury, units, the tax to come of the
areas it controls, the areas it holds alone) and what its stacks can do next, one player
turn ahead of the playout: each stack's best blow within its reach (an empty area of a
rival taken, a battle with the odds of odds.py) counts for a share to its owner, and the
same share against the rival it falls on. Then each seat's chance, from its lead over the
best other seat on a logistic curve (rules.capabilities.chances).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.capabilities import chances
from rules.successors import State, board

from . import odds
from .reading import (
    CAV,
    NO,
    leader_at,
    mine,
    prices,
    revenues_left,
    within,
    worth,
    worth_of,
)

SCALE = 12.0  # half points of lead that make a win about e times as likely as a loss
SPREAD = 0.2  # ... or this share of the best seat's worth, if more: a lead is relative
BLOW = 0.5  # the share of a stack's best blow counted, for it and against its victim
MIN_WIN = 0.5  # a blow at worse odds is not counted


def blows(s: State) -> dict[int, float]:
    """Per seat: what its stacks' best blows next turn are worth to it, less what the
    others' are worth against it."""
    out = dict.fromkeys(range(s.players), 0.0)
    m = s.parts.map
    setup = s.parts.setup
    hits = setup.hits
    for q in range(s.players):
        if q in s.out:
            continue
        left = max(0, revenues_left(s, q) - 1)
        for a in range(m.land):
            if not board.seat_units(s, a, q):
                continue
            ours = mine(s, a, q)
            with_leader = leader_at(s, q) == a
            mp = setup.leader_mp if with_leader else setup.land_mp
            best, victim = 0.0, NO
            for b in within(s, a, mp):
                if b == a:
                    continue
                gain, hit = _blow(s, q, b, ours, with_leader, left, hits)
                if gain > best:
                    best, victim = gain, hit
            out[q] += BLOW * best
            if victim != NO:
                out[victim] -= BLOW * best
    return out


def _blow(
    s: State,
    q: int,
    b: int,
    ours: tuple[int, int, int, int],
    with_leader: bool,
    left: int,
    hits: tuple[int, ...],
) -> tuple[float, int]:
    """What `q`'s stack `ours` gains by going into `b`, and the seat it costs."""
    v = s.parts.map.value[b]
    holder = s.control[b]
    rivals = [r for r in board.occupants(s, b) if r != q and not board.allied(s, q, r)]
    if not rivals:
        if holder in (NO, q) or board.allied(s, q, holder) or board.whites_in(s, b):
            return 0.0, NO
        return v * left, holder
    r = rivals[0]
    theirs = mine(s, b, r)
    out = odds.battle(
        odds.Side(ours, with_leader),
        odds.Side(theirs, leader_at(s, r) == b),
        hits,
        hits[CAV],
    )
    if out.win < MIN_WIN:
        return 0.0, NO
    p = prices(s)
    lost = worth_of(s, theirs) * (1 - out.defenders_left / max(1, sum(theirs)))
    cost = sum(ours[t] * p[t] for t in range(4)) * (1 - out.attackers_left / max(1, sum(ours)))
    return out.win * (v * left + 2 * v) + lost - cost, r


def judge(s: State) -> Mapping[str, float]:
    """Each seat's chance of winning, from its worth and its next turn's blows."""
    if s.phase == "over":
        from rules.successors import result

        ranking = result.ranking(s)
        return {seat: 1.0 if seat == ranking.places[0][0] else 0.0 for seat in s.seats}
    extra = blows(s)
    scores = {seat: worth(s, i) + extra[i] for i, seat in enumerate(s.seats)}
    return chances(scores, max(SCALE, SPREAD * max(scores.values())))
