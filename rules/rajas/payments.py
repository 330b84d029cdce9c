"""Paying with dice (Placing workers: costs; I. Building action; Karma).

A payment gives up dice from the statue; karma turns a die given up to its opposite side
(1 <-> 6, 2 <-> 5, 3 <-> 4), one karma each. Paying a total (a tile's cost, the Master
builder's difference) may overpay, but a payment offered gives up no die and turns no die it
does not need: without any one of them the total would fall short (docs/rajas.md).

The ways to pay for one thing are listed least waste first (`waste`), so the first that
autocomplete, the buttons and a refusal's list offer is the one a careful player would pick.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .components import LETTERS


def value(die: str) -> int:
    return int(die[1])


def colour(die: str) -> int:
    return LETTERS.index(die[0])


def rolled(dice: tuple[str, ...]) -> list[str]:
    """The dice of a statue that may be given up (rolled ones), each kind once."""
    return sorted(set(dice) - _UNROLLED)  # no comprehension: a call of its own


def exact(dice: tuple[str, ...], number: int, karma: int) -> list[tuple[str, ...]]:
    """The ways to give up one die showing `number` (as `turned` too): (die, turned?)."""
    out: list[tuple[str, ...]] = []
    for d in rolled(dice):
        if value(d) == number:
            out.append((d,))
        elif karma > 0 and value(d) == 7 - number:
            out.append((d, d))
    return out


Waste = tuple[int, int, int, int, tuple[str, ...], tuple[str, ...]]


def waste(given: tuple[str, ...], turned: tuple[str, ...], need: int | None = None) -> Waste:
    """How much a payment wastes, to order the ways to pay for one thing, least first: what it
    pays past `need` (None: a placement's die, which does what it shows), then the fewest dice,
    the lowest dice, the least karma; then the dice's names, so that the order is total."""
    return (*_waste(tuple(map(value, given)), tuple(map(value, turned)), need), given, turned)


def _waste(
    given: tuple[int, ...], turned: tuple[int, ...], need: int | None
) -> tuple[int, int, int, int]:
    """`waste` of the numbers the dice given and turned show."""
    shown = sum(given)
    worth = shown + sum(7 - 2 * v for v in turned)
    return (0 if need is None else worth - need, len(given), shown, len(turned))


def totals(
    dice: tuple[str, ...], colour_index: int, need: int, karma: int
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every least payment of dice of one colour worth at least `need` in total: (dice given
    up, those of them turned with karma), least waste first."""
    return list(least(colour_index, numbers(dice)[colour_index], need, karma))


def numbers(dice: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """By colour, the numbers its rolled dice show, sorted."""
    out: tuple[list[int], ...] = ([], [], [], [])
    for d in dice:
        c, v = _DIE[d]
        if v:
            out[c].append(v)
    return tuple(map(tuple, map(sorted, out)))  # no generator: a call of its own


def least(
    colour_index: int, mine: tuple[int, ...], need: int, karma: int
) -> Sequence[tuple[tuple[str, ...], tuple[str, ...]]]:
    """`totals` of the rolled dice of one colour showing `mine` (sorted)."""
    names = _NAMES[colour_index]
    if len(mine) == 1 and need > 0:  # one die: as it is, or turned up
        v = mine[0]
        if v >= need:
            return [((names[v],), ())]
        return [((names[v],), (names[v],))] if karma and v <= 3 and 7 - v >= need else []
    return _named(colour_index, mine, need, min(karma, len(mine)))


@lru_cache(maxsize=16_384)
def _named(
    colour_index: int, mine: tuple[int, ...], need: int, karma: int
) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """`_totals` with the dice named (remembered: a payment is never changed)."""
    name = _NAMES[colour_index].__getitem__
    return tuple(
        (tuple(map(name, given)), tuple(map(name, turned)))
        for given, turned in _totals(mine, need, karma)
    )


_NAMES = tuple(tuple(letter + str(v) for v in range(7)) for letter in LETTERS)


@lru_cache(maxsize=16_384)
def _totals(
    mine: tuple[int, ...], need: int, karma: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """`totals` of the numbers shown by the rolled dice of one colour, sorted (a pure
    function, remembered, whatever the colour): for each number, highest first, how many of
    its dice to give and how many of those to turn, until the total reaches the need (a die
    added then could be left out); a payment is kept when no die can be left out and no turn
    undone. One search with its counts kept in place: a miss is new games' work (3 % of their
    time when the choices were listed first and filtered apart; now 0.6 of that)."""
    vals: list[int] = []  # each number once, ascending, and how many dice show it
    ns: list[int] = []
    for v in mine:
        if vals and vals[-1] == v:
            ns[-1] += 1
        else:
            vals.append(v)
            ns.append(1)
    m = len(vals)
    most, total = [0] * m, 0  # most[j]: what the dice of numbers 0 to j show together
    for j in range(m):
        total += vals[j] * ns[j]
        most[j] = total
    takes, turns = [0] * m, [0] * m  # per number: how many given, how many of them turned
    out: list[tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]] = []

    def kept(j: int, worth: int) -> None:
        """The payment of the numbers above j, worth `worth` (at least the need), when least."""
        spare, shown = worth - need, 0
        given: tuple[int, ...] = ()
        gone: tuple[int, ...] = ()
        for i in range(j + 1, m):
            k = takes[i]
            if k:
                v, f = vals[i], turns[i]
                # an unturned die, or a turn, that the payment can do without
                if (k > f and v <= spare) or (f and 7 - 2 * v <= spare):
                    return
                given += (v,) * k
                gone += (v,) * f
                shown += v * k
        if given:
            out.append((spare, len(given), shown, len(gone), given, gone))  # `waste`

    def go(j: int, worth: int, flips: int) -> None:
        """Numbers j down to 0 left to choose, the rest worth `worth`, `flips` turns made."""
        if worth >= need:
            kept(j, worth)
            return
        if j < 0 or worth + most[j] + 5 * (karma - flips) < need:  # a turn gains 5 at most
            return
        go(j - 1, worth, flips)
        v = vals[j]
        gain = 7 - 2 * v if v <= 3 else 0  # what turning one gains (a high one: never turned)
        for k in range(1, ns[j] + 1):
            takes[j] = k
            base = worth + k * v
            for f in range(min(k, karma - flips) + 1 if gain else 1):
                turns[j] = f
                go(j - 1, base + f * gain, flips + f)
                if base + f * gain >= need:  # one more turn could be undone
                    break
            turns[j] = 0
            if base >= need:  # one more die could be left out
                break
        takes[j] = 0

    go(m - 1, 0, 0)
    out.sort()  # `waste`: the numbers in the order of the dice's names (one colour, one digit)
    return tuple((g, t) for *_, g, t in out)


def best_total(dice: tuple[str, ...], colour_index: int, karma: int) -> int:
    """The most a payment of dice of one colour can be worth."""
    vals = [value(d) for d in dice if d[0] == LETTERS[colour_index] and d[1] != "0"]
    gains = sorted((7 - 2 * v for v in vals if v <= 3), reverse=True)
    return sum(vals) + sum(gains[:karma])


def budgets(dice: tuple[str, ...], karma: int) -> tuple[int, ...]:
    """`best_total` of each colour, in one pass. A statue is sorted, so a colour's lowest dice
    come first, and those turning gains most (7 - 2 x their number): karma turns the first
    ones showing 1 to 3."""
    totals, left = [0, 0, 0, 0], [karma] * 4  # by colour: the total, the turns left
    for d in dice:
        c, v, gain = DIE_GAINS[d]
        totals[c] += v
        if gain and left[c]:
            totals[c] += gain
            left[c] -= 1
    return tuple(totals)


_DIE = {letter + str(v): (c, v) for c, letter in enumerate(LETTERS) for v in range(7)}
# by die: its colour, its number, what turning it with karma gains (0: nothing, or unrolled)
DIE_GAINS = {d: (c, v, 7 - 2 * v if 0 < v <= 3 else 0) for d, (c, v) in _DIE.items()}
_UNROLLED = frozenset(letter + "0" for letter in LETTERS)


def without(dice: tuple[str, ...], given: tuple[str, ...]) -> tuple[str, ...]:
    """The statue once `given` is given up (a ValueError when it does not hold them)."""
    left = list(dice)
    for d in given:
        try:
            left.remove(d)
        except ValueError:
            raise ValueError(f"the statue holds no {d} to give up") from None
    return tuple(left)
