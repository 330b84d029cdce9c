"""What happens once a step is taken: the effects of each area, a tile scored, and the
markers, karma, workers and boat moved with the bonuses they reach (Bonuses on the scoring
tracks; Get new workers; Explanation of the earnings on the river)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from operator import itemgetter
from typing import Final

from . import causes, province
from .causes import FAME_SPACES, MONEY_SPACES
from .choices import balcony_takes, paid_value
from .components import (
    FAME_BONUSES,
    FAME_WORKER,
    LETTERS,
    MONEY_BONUSES,
    MONEY_WORKER,
    PORTUGUESE,
)
from .river import river_target
from .state import (
    ASSORTED,
    BALCONY,
    CHAMBER,
    HARBOUR,
    MAX_GAINED,
    MAX_KARMA,
    NO,
    OUTER,
    Build,
    Effect,
    Place,
    State,
)
from .state import GOODS as GOODS_AREA


def put(t: tuple[object, ...], i: int, v: object) -> tuple[object, ...]:
    """`t` with item i replaced (through a list: quicker than joining slices)."""
    out = list(t)
    out[i] = v
    return tuple(out)


def give_up(t: State, i: int, dice: tuple[str, ...], turned: tuple[str, ...]) -> None:
    """Dice go back to the general supply; karma spent on those turned (Karma)."""
    if not dice:
        return
    # `put` and `payments.without` written out, in one loop: no call (the dice are legal)
    statues, supply, left = list(t.dice), list(t.supply), list(t.dice[i])
    for d in dice:
        left.remove(d)
        supply[_COLOUR[d]] += 1
    statues[i] = tuple(left)
    t.dice, t.supply = tuple(statues), tuple(supply)
    if turned:
        karma = list(t.karma)
        karma[i] -= len(turned)
        t.karma = tuple(karma)


_COLOUR: Final = {letter + str(v): c for c, letter in enumerate(LETTERS) for v in range(7)}


def area_effects(t: State, i: int, area: int, a: Place) -> tuple[Effect, ...]:
    """What a placement sets going where FIXED_EFFECTS gives nothing (the dice given worked
    out only where they count)."""
    if area == GOODS_AREA:  # the most used first
        return (("goods", paid_value(a.dice, a.turned), _BY_AREA[GOODS_AREA]),)
    if BALCONY <= area < CHAMBER:
        return (("gain", 2, balcony_takes(t.board)[area - BALCONY]),)
    if area == HARBOUR:
        return (("sail", paid_value(a.dice, a.turned), 0),)
    if area == ASSORTED:
        return (("money", province.assorted(t.tiles, t.province[i]), _BY_AREA[ASSORTED]),)
    if area == CHAMBER:  # Great Mogul
        t.mogul = i
        return _GREAT_MOGUL
    raise AssertionError(f"no area {area}")


def chamber_effects(number: int) -> tuple[Effect, ...]:
    """The chambers 2 to 6 (III. Actions at the palace), also a river space's palace earning."""
    return _CHAMBERS[number]


_BY_AREA: Final = tuple(causes.area(a) for a in range(CHAMBER + 6))
_GREAT_MOGUL: Final[tuple[Effect, ...]] = (("fame", 2, _BY_AREA[CHAMBER]),)
# each with its cause, the chamber (a river space's palace earning names the same chamber)
_CHAMBERS: Final[dict[int, tuple[Effect, ...]]] = {
    2: (("gain", 2, NO), ("yield", 0, 0)),
    3: (("karma", 2, _BY_AREA[CHAMBER + 2]), ("gain", 1, NO)),
    4: (("upgrade", 0, _BY_AREA[CHAMBER + 3]), ("money", 3, _BY_AREA[CHAMBER + 3])),
    5: (("cover", 0, 0),),
    6: (("voyage", PORTUGUESE, _BY_AREA[CHAMBER + 5]),),
}


# By area, what a placement sets going when it depends on nothing else (I. Building action; II.
# Market action: the outer terrace; Dice: the terraces; III. Actions at the palace: the
# chambers 2 to 6); () where it does (area_effects).
FIXED_EFFECTS: Final[tuple[tuple[Effect, ...], ...]] = (
    (("buy", 0, NO),),
    (),
    (),
    (),
    (("money", 2, _BY_AREA[OUTER]), ("reroll", 0, 0)),
    *((("gain", 1, c),) for c in range(4)),
    *(() for _ in range(4)),
    (),
    *(_CHAMBERS[n] for n in range(2, 7)),
)


def build_tile(t: State, i: int, tile_id: int, cover: int, a: Build) -> tuple[Effect, ...]:
    """The tile placed (or laid over `cover`), then its score: the markets' money, each
    building's fame by its upgrade (not an upgrade of fame space 5 taken in this placement:
    it counts from the next turn on), then the special yields reached (Special yields), none
    when covering (Master builder): those that ask nothing (money) first, as the text orders
    the yields of one tile no way."""
    tile = t.tiles.tiles[tile_id]
    cells = t.province[i]
    under, held = cells[a.cell] >> 2, tile_id * 4 + a.rotation
    if cover == NO:  # on an empty cell: the new province's frontier read from this one's
        grown = province.placed(t.board, t.tiles, cells, a.cell, held)
    else:
        grown = put(cells, a.cell, held)  # type: ignore[assignment]
    t.province = put(t.province, i, grown)  # type: ignore[assignment]
    effects: list[Effect] = []
    if tile.markets:  # no generator (each a call of its own)
        effects.append(("money", sum(map(_VALUE, tile.markets)), causes.TILE))
    if tile.buildings:
        fame = 2 * len(tile.buildings) + sum(map(t.upgrades[i].__getitem__, tile.buildings))
        if t.upgrade_next_turn != NO:
            fame -= tile.buildings.count(t.upgrade_next_turn)
        effects.append(("fame", fame, causes.TILE))
    if cover != NO:
        t.covered = put(t.covered, i, (*t.covered[i], (cover, under)))  # type: ignore[assignment]
        return tuple(effects)
    asks: list[Effect] = []
    for side, kind, value in province.yields_reached(t.board, a.cell, tile.turned(a.rotation)):
        why = causes.edge(a.cell, side)
        if kind == "money":
            effects.append(("money", value, why))
        elif kind == "die":
            asks.append(("gain", 1, NO))
        else:
            asks.append(("upgrade", 0, why))
    return (*effects, *asks)


_VALUE: Final = itemgetter(1)  # a market's (good, value)


def _money(t: State, i: int, n: int, _: int) -> tuple[Effect, ...]:
    """The money track: bonuses reached or crossed, by the bonus marker (Bonuses on the
    scoring tracks), and the worker on space 20 (Get new workers)."""
    money = list(t.money)  # `put` written out: no call
    after = money[i] = min(money[i] + n, t.board.money_spaces)
    t.money = tuple(money)
    if after >= MONEY_WORKER:
        _worker(t, i, "money")
    k, reached = t.money_bonus[i], bisect_right(MONEY_SPACES, after)
    if reached <= k:
        return ()
    t.money_bonus = put(t.money_bonus, i, reached)  # type: ignore[assignment]
    return _MONEY_EFFECTS[k:reached]


# what each bonus space of each track sets going, with the space as its cause (tuples
# sliced: no loop)
_MONEY_EFFECTS: Final[tuple[Effect, ...]] = tuple(
    ("voyage", 1, causes.MONEY_BONUS + k) if bonus == "river" else ("gain", 2, NO)
    for k, (_, bonus) in enumerate(MONEY_BONUSES)
)


def _fame(t: State, i: int, n: int, _: int) -> tuple[Effect, ...]:
    before = t.fame[i]
    after = min(before + n, t.board.fame_spaces)
    t.fame = put(t.fame, i, after)  # type: ignore[assignment]
    if before < FAME_WORKER <= after:
        _worker(t, i, "fame")
    return _FAME_EFFECTS[bisect_right(FAME_SPACES, before) : bisect_right(FAME_SPACES, after)]


_FAME_EFFECTS: Final[tuple[Effect, ...]] = tuple(
    {
        "upgrade": ("upgrade", 0, causes.FAME_BONUS + k),
        "karma": ("karma", 2, causes.FAME_BONUS + k),
    }.get(FAME_BONUSES[space], ("voyage", 1, causes.FAME_BONUS + k))
    for k, space in enumerate(FAME_SPACES)
)


def _karma(t: State, i: int, n: int, _: int) -> tuple[Effect, ...]:
    t.karma = put(t.karma, i, min(MAX_KARMA, t.karma[i] + n))  # type: ignore[assignment]
    return ()


def _worker(t: State, i: int, source: str) -> None:
    """Get new workers: at most 2 more, from whichever sources come first."""
    if source in t.gained[i] or len(t.gained[i]) >= MAX_GAINED:
        return
    t.gained = put(t.gained, i, (*t.gained[i], source))  # type: ignore[assignment]
    t.workers = put(t.workers, i, t.workers[i] + 1)  # type: ignore[assignment]


def _advance(t: State, i: int, n: int, _: int) -> tuple[Effect, ...]:
    """Move the boat exactly n unoccupied spaces (if it can), then take the space's earning;
    passing the bridge activates the river's worker."""
    target = river_target(t, i, n)
    if target == NO:
        return ()
    if t.boat[i] <= t.board.bridge_after < target:
        _worker(t, i, "river")
    t.boat = put(t.boat, i, target)  # type: ignore[assignment]
    return (("earn", target, 0),)


def _earn(t: State, i: int, space: int, _: int) -> tuple[Effect, ...]:
    """Explanation of the earnings on the river: each effect with the space as its cause."""
    sp = t.board.river[space - 1]
    tiles, cells, ups, why = t.tiles, t.province[i], sum(t.upgrades[i]), causes.river(space)
    e = sp.earn
    if e == "dice":
        return (("gain", 2, NO),)
    if e == "karma":
        return (("karma", 2, why),)
    if e == "money":
        return (("money", sp.value, why),)
    if e == "palace":
        return (("chamber", 0, 0),)
    if e == "karma_dice":
        return (("gain", t.karma[i], sp.value),) if t.karma[i] else ()
    if e == "fame":
        return (("fame", sp.value, why),)
    if e == "upgrade":
        return (("upgrade", 0, why),)
    if e == "money_per_market":
        return (("money", sum(map(len, province.markets(tiles, cells))), why),)
    if e == "assorted_market":
        return (("money", province.assorted(tiles, cells, 3), why),)
    if e == "goods_market":
        return (("goods", sp.value, why),)
    if e == "fame_per_upgrade":
        return (("fame", ups, why),)
    if e == "money_per_upgrade":
        return (("money", 2 * ups, why),)
    return (("fame", 2 * t.karma[i], why),)  # fame_per_karma


AUTO: Final[dict[str, Callable[[State, int, int, int], tuple[Effect, ...]]]] = {
    "money": _money,
    "fame": _fame,
    "karma": _karma,
    "voyage": _advance,
    "earn": _earn,
}
