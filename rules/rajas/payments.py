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
    return [
        (given[colour_index], turned[colour_index])
        for given, turned in least(numbers(dice)[colour_index], need, karma)
    ]


def numbers(dice: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """By colour, the numbers its rolled dice show, sorted (a statue is sorted, so each
    colour's come in order)."""
    out: tuple[list[int], ...] = ([], [], [], [])
    for d in dice:
        c, v = _DIE[d]
        if v:
            out[c].append(v)
    return tuple(map(tuple, out))  # no generator: a call of its own


def least(mine: tuple[int, ...], need: int, karma: int) -> Sequence[tuple[_Named, _Named]]:
    """`totals` of the rolled dice of one colour showing `mine` (sorted), named in each
    colour (the dice given, those turned): whatever the colour, the same payments."""
    if len(mine) == 1 and need > 0:  # one die: as it is, or turned up
        v = mine[0]
        if v >= need:
            return _AS_IS[v]
        return _TURNED_UP[v] if karma and v <= 3 and 7 - v >= need else ()
    return _named(mine, need, min(karma, len(mine)))


@lru_cache(maxsize=16_384)
def _named(mine: tuple[int, ...], need: int, karma: int) -> tuple[tuple[_Named, _Named], ...]:
    """`least` of at least two dice (remembered: a payment is never changed). A payment is
    least exactly when what it pays past the need is less than each die it gives as it is
    shows and each turn it makes gains (else that die or turn could be left out): those worth
    the need to 5 past it (no die shows more than 6), read from `_by_worth` least waste
    first."""
    by_worth = _BY_WORTH.get(mine)
    if by_worth is None or len(by_worth) < need + 6:
        by_worth = _by_worth(mine, max(need + 6, _WORTHS))
    out = []
    for worth in range(max(need, 0), need + 6):
        spare = worth - need
        for least_gain, flips, paid in by_worth[worth]:
            if spare < least_gain and flips <= karma:
                out.append(paid)
    return tuple(out)


_NAMES = tuple(tuple(letter + str(v) for v in range(7)) for letter in LETTERS)
_Named = tuple[tuple[str, ...], ...]  # numbers named in each colour
_IN_COLOURS: dict[tuple[int, ...], _Named] = {}


def _in_colours(numbers: tuple[int, ...]) -> _Named:
    """The dice showing `numbers`, named in each colour (remembered)."""
    known = _IN_COLOURS.get(numbers)
    if known is None:
        if len(_IN_COLOURS) >= 4_096:
            _IN_COLOURS.clear()
        known = _IN_COLOURS[numbers] = tuple(
            tuple(map(names.__getitem__, numbers)) for names in _NAMES
        )
    return known


# a payment of numbers: the least that a die it gives as it is shows or a turn it makes
# gains, its turns, and the dice given and those turned (each ascending), named in each colour
_Paying = tuple[int, int, tuple[_Named, _Named]]
_BY_WORTH: dict[tuple[int, ...], tuple[tuple[_Paying, ...], ...]] = {}


def _by_worth(mine: tuple[int, ...], worths: int) -> tuple[tuple[_Paying, ...], ...]:
    """By worth below `worths`, every payment of dice of one colour showing `mine` (sorted)
    that `_named` may read, least waste first (`waste`: the fewest dice, the lowest, the least
    karma, then the numbers); only dice showing 1 to 3 turned (a higher one loses by it). A
    pure function, remembered whatever the colour, the need and the karma: a miss is new
    games' work, one a statue's colour (each of its needs and karma once searched apart took
    6 times as long)."""
    # a payment is read only while what it pays past a need (at most worths - 6) is less
    # than its least die or turn; a die added only adds worth and lowers that least, so a
    # payment past it is left out with every payment grown from it
    most_spare = worths - 6
    paying: list[tuple[int, int, int, int, tuple[int, ...], tuple[int, ...], int]]
    paying = [(0, 0, 0, 0, (), (), 7)]  # worth, dice, shown, turns, given, turned, least
    # each number's takes and turns joined to those above it: highest first, as the payments
    # of high numbers alone are fewer than those of low ones (a miss about 15 % quicker)
    for v in sorted(set(mine), reverse=True):
        gain, most = 7 - 2 * v, mine.count(v)
        grown = []
        for row in paying:
            grown.append(row)
            worth, dice, shown, flips, given, turned, least_gain = row
            least_v = v if v < least_gain else least_gain
            for k in range(1, most + 1):
                worth_k = worth + k * v
                if worth_k - least_v >= most_spare:  # worth only grows: none of these is read
                    break
                more, shown_k = (v,) * k + given, shown + k * v
                for f in range(k + 1 if gain > 0 else 1):
                    least_now = least_v if k > f else least_gain
                    if f and gain < least_now:
                        least_now = gain
                    w = worth_k + f * gain
                    if w - least_now >= most_spare:
                        break
                    grown.append(
                        (w, dice + k, shown_k, flips + f, more, (v,) * f + turned, least_now)
                    )
        paying = grown
    # least waste first: by worth, then the fewest dice, the lowest, the least karma, the
    # numbers (the first gives nothing)
    del paying[0]
    paying.sort()
    by_worth: list[list[_Paying]] = [[] for _ in range(worths)]
    named = _IN_COLOURS.get  # looked up before calling (two a payment: a third of a miss)
    for worth, _, _, flips, given, turned, least_gain in paying:
        by_worth[worth].append(
            (
                least_gain,
                flips,
                (named(given) or _in_colours(given), named(turned) or _in_colours(turned)),
            )
        )
    if len(_BY_WORTH) >= 4_096:
        _BY_WORTH.clear()
    known = _BY_WORTH[mine] = tuple(map(tuple, by_worth))
    return known


_WORTHS = 19  # the worths first listed: a tile's cost (13 at most) and 5 past it
# one die's payment, given as it is or turned up, named in each colour
_AS_IS = tuple(((_in_colours((v,)), _in_colours(())),) for v in range(7))
_TURNED_UP = tuple(((_in_colours((v,)), _in_colours((v,))),) for v in range(7))


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


def karma_note(dice: tuple[str, ...], colour_index: int, whole: int) -> str:
    """What a colour's `budgets` entry (`whole`) owes to karma, as a player reads it after
    the figure: " with your karma, 3 as they show" (a trial could not tell where a refusal's
    4 came from), or nothing."""
    shown = sum(numbers(dice)[colour_index])
    return f" with your karma, {shown} as they show" if whole > shown else ""


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
