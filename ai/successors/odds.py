"""How a land battle is likely to end, as the AI reckons it: rounds of simultaneous dice
until one side is gone (Combat, l.38-46), with the cavalry's pre-battle rolls first (l.37).

Each side's dice are pooled as one chance of a hit per die (a levy hits on 6, the other
types on 5-6, the leader's +1 on one die: the game's own numbers, from the setup file);
retreats are not foreseen. The chances are worked out exactly for that pooled battle, once
for each pair of pooled chances (memoized, and bounded: larger sides are scaled down).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb

QUANTUM = 24  # a die's chance of a hit is rounded to 1/24 (a quarter of a sixth)
MOST = 12  # units a side counts at most; a larger battle is scaled down to this


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle as the odds see it: its units by type (levy, inf, cav, el),
    whether its leader gives his +1, and how many dice each unit rolls (2 for a defender
    against troops all landing from the sea, l.59)."""

    units: tuple[int, int, int, int]
    leader: bool = False
    dice: int = 1

    @property
    def count(self) -> int:
        return sum(self.units)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The attacker's chance to be left alone in the area, and each side's units expected
    to be left (over every ending)."""

    win: float
    attackers_left: float
    defenders_left: float


def hit_chance(side: Side, hits: Sequence[int]) -> float:
    """A die's chance of a hit, pooled over the side's units (`hits`: the least die each
    type hits on), with the leader's +1 on one of them."""
    n = side.count
    if not n:
        return 0.0
    total = sum(k * (7 - hits[t]) / 6 for t, k in enumerate(side.units))
    if side.leader:
        total += 1 / 6
    return min(total / n, 5 / 6)


def _binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@cache
def _table(pa: int, pd: int, da: int, dd: int) -> dict[tuple[int, int], tuple[float, float, float]]:
    return {}


def rounds(
    i: int, j: int, pa: int, pd: int, da: int = 1, dd: int = 1
) -> tuple[float, float, float]:
    """(win, attackers left, defenders left) from `i` attackers and `j` defenders, each die
    hitting with chance pa/QUANTUM and pd/QUANTUM, each unit rolling da and dd dice."""
    memo = _table(pa, pd, da, dd)
    got = memo.get((i, j))
    if got is not None:
        return got
    if j == 0 or i == 0:
        out = (1.0 if i and not j else 0.0, float(i), float(j))
        memo[i, j] = out
        return out
    on_d = _binomial(i * da, pa / QUANTUM)
    on_a = _binomial(j * dd, pd / QUANTUM)
    stay = on_d[0] * on_a[0]
    if stay >= 1.0:  # nobody can hit: a stand-off, the attacker does not take the area
        out = (0.0, float(i), float(j))
        memo[i, j] = out
        return out
    win = left_a = left_d = 0.0
    for x, px in enumerate(on_d):
        for y, py in enumerate(on_a):
            if x == 0 and y == 0:
                continue
            w, la, ld = rounds(max(i - y, 0), max(j - x, 0), pa, pd, da, dd)
            q = px * py
            win += q * w
            left_a += q * la
            left_d += q * ld
    scale = 1 / (1 - stay)
    out = (win * scale, left_a * scale, left_d * scale)
    memo[i, j] = out
    return out


def _quantum(p: float) -> int:
    return max(1, min(QUANTUM - 1, round(p * QUANTUM)))


def battle(
    attackers: Side,
    defenders: Side,
    hits: Sequence[int],
    cav_hit: int,
    pre: bool = True,
    ambush: tuple[int, int] = (0, 0),
) -> Outcome:
    """The odds of a land battle: the pre-battle rolls (each cavalry one die, each enemy
    elephant stopping two, `ambush` more per side; none in a sea invasion: `pre` False),
    then rounds to the end (memoized: the same battle is asked about often)."""
    return _battle(attackers, defenders, tuple(hits), cav_hit, pre, ambush)


@lru_cache(maxsize=65_536)
def _battle(
    attackers: Side,
    defenders: Side,
    hits: tuple[int, ...],
    cav_hit: int,
    pre: bool,
    ambush: tuple[int, int],
) -> Outcome:
    i, j = attackers.count, defenders.count
    if not i or not j:
        return Outcome(1.0 if i and not j else 0.0, float(i), float(j))
    scale = min(1.0, MOST / max(i, j))
    pa = _quantum(hit_chance(attackers, hits))
    pd = _quantum(hit_chance(defenders, hits))
    ra = rd = 0
    if pre:
        ra = max(0, attackers.units[2] - 2 * defenders.units[3]) + ambush[0]
        rd = max(0, defenders.units[2] - 2 * attackers.units[3]) + ambush[1]
    p_cav = (7 - cav_hit) / 6
    win = left_a = left_d = 0.0
    for x, px in enumerate(_binomial(ra, p_cav)):
        for y, py in enumerate(_binomial(rd, p_cav)):
            a, d = max(i - y, 0), max(j - x, 0)
            sa, sd = max(round(a * scale), 1 if a else 0), max(round(d * scale), 1 if d else 0)
            w, la, ld = rounds(sa, sd, pa, pd, attackers.dice, defenders.dice)
            q = px * py
            win += q * w
            left_a += q * la / scale
            left_d += q * ld / scale
    return Outcome(win, left_a, left_d)
