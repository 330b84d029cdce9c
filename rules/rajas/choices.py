"""Where a seat may place a worker and how it may pay, and the choices a pending effect asks
for (Placing workers; I. to IV.; Master builder; Portuguese; Dice)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import add, ge

from . import payments, province
from .components import GOODS, LETTERS, PORTUGUESE, Board, Tiles
from .river import portuguese_open, river_room
from .state import (
    AREAS,
    ASSORTED,
    BALCONY,
    CHAMBER,
    HARBOUR,
    KALI_HANDS,
    MAX_UPGRADES,
    NO,
    OUTER,
    QUARRY,
    TERRACE,
    Action,
    Build,
    Buy,
    Chamber,
    Cover,
    Done,
    Enough,
    Goods,
    Pick,
    Place,
    Release,
    Reroll,
    Sail,
    State,
    Upgrade,
)
from .state import GOODS as GOODS_AREA

# --- placing workers ----------------------------------------------------------------------


def capacity(s: State, area: int) -> int:
    return _capacities(s.board, s.players)[area]


_CAPACITIES: dict[tuple[str, int], tuple[int, ...]] = {}


def _capacities(board: Board, players: int) -> tuple[int, ...]:
    """The spaces of each area on the side of the board for this many players."""
    key = (board.text_key, players)
    known = _CAPACITIES.get(key)
    if known is None:
        side = board.sides[players]
        ones = (1,) * (len(AREAS) - TERRACE)
        known = _CAPACITIES[key] = (
            len(side.quarry),
            len(side.harbour),
            side.assorted_market,
            side.goods_market,
            side.outer_terrace,
            *ones,
        )
    return known


def money_cost(s: State, area: int) -> int:
    """The next free space's cost: quarry and harbour rows filled left to right."""
    side = s.board.sides[s.players]
    if area == QUARRY:
        return side.quarry[len(s.spaces[QUARRY])]
    if area == HARBOUR:
        return side.harbour[len(s.spaces[HARBOUR])]
    return 0


def _can_quarry(s: State, i: int, board: Board, budgets: Sequence[int]) -> bool:
    """A top tile the seat can pay for (`budgets`: payments.budgets of its statue), and room
    for it: every tile has a road, which some rotation turns to an open road end of the
    province, so any open road end will do."""
    tiles = s.tiles
    # the remembered answer looked up here first (no call when found)
    cheapest = _CHEAPEST.get((tiles.text_key, s.tops)) or _cheapest(tiles, s.tops)
    return any(map(ge, budgets, cheapest)) and bool(province.frontier(board, tiles, s.province[i]))


def cover_cells(s: State, i: int, dice: tuple[str, ...], karma: int) -> list[int]:
    """Master builder: the cells whose tile may be covered with a dearer top tile paid for."""
    board, tiles, cells, infos = s.board, s.tiles, s.province[i], s.tiles.tiles
    budgets, covered = payments.budgets(dice, karma), s.covered[i]
    done = {c for c, _ in covered}
    # each top tile once: its cost, the least cost of a tile it may cover paid for, its id
    # (a cell's test two comparisons and a call at most: asked of every cell and top)
    tops = []
    for t in s.tops:
        if t != NO:
            tile = infos[t]
            tops.append((tile.cost, tile.cost - budgets[tile.colour], t))
    out = []
    for cell, held in enumerate(cells):
        if held == NO or cell in done:
            continue
        old = infos[held >> 2].cost
        for cost, least, t in tops:
            if least <= old < cost and province.can_cover(board, tiles, cells, cell, t):
                out.append(cell)
                break
    return out


def _chamber_open(s: State, i: int, number: int, dice: tuple[str, ...], karma: int) -> bool:
    if number == 5:
        return bool(cover_cells(s, i, dice, karma))
    if number == 6:
        return portuguese_open(s, i)
    return True


def place_options(s: State, i: int) -> list[Place]:
    """Every placement seat i may make now, with each way to pay for it: what `area_options`
    lists for each area in turn, the ways to pay least waste first, found at once (the
    placements paid with each die are made once and shared: an action is never changed)."""
    board, tiles, players, spaces = s.board, s.tiles, len(s.seats), s.spaces
    layout = _LAYOUTS.get((board.text_key, players)) or _layout(board, players)  # no call
    caps, quarry, harbour, taken, final = layout
    money, dice, karma, supply = s.money[i], s.dice[i], s.karma[i], s.supply
    # the statue read in one pass for its payments and its budgets, with no call (a sixth of
    # a listing): the dice held, and payments.budgets written out
    held, budgets, left = 0, [0, 0, 0, 0], [karma] * 4
    for d in dice:
        c, v, bit, gain = _DIE[d]
        held |= bit
        budgets[c] += v
        if gain and left[c]:
            budgets[c] += gain
            left[c] -= 1
    turns = karma > 0
    lows, highs = _HALVES[turns]  # an area's payments: low[a], then high[a] (_half)
    low = lows[held & _HALF] or _half(held & _HALF, turns, 0)
    high = highs[held >> 12] or _half(held >> 12, turns, 1)
    n = len(spaces[QUARRY])
    cells = s.province[i]
    if n < caps[QUARRY] and money >= quarry[n]:  # _can_quarry written out (no call)
        tops = s.tops
        cheapest = _CHEAPEST.get((tiles.text_key, tops)) or _cheapest(tiles, tops)
        quarried = any(map(ge, budgets, cheapest)) and province.frontier(board, tiles, cells)
    else:
        quarried = False
    n = len(spaces[HARBOUR])
    # a boat short of the final space has room: the final space holds any number of boats
    rowed = n < caps[HARBOUR] and money >= harbour[n] and s.boat[i] < final
    t0, t1, t2, t3 = taken  # a balcony: a die of its colour, and the colour it gives left
    # the listing built at once, each area's placements as a part (an area's low and high
    # halves joined), none when the area is full or closed: half the time of adding each
    out = [
        *(_ALONE[QUARRY] if quarried else ()),
        *(low[HARBOUR] + high[HARBOUR] if rowed else ()),
        *(
            _ALONE[ASSORTED]
            if len(spaces[ASSORTED]) < caps[ASSORTED]
            and (players == 2 or i not in spaces[ASSORTED])
            else ()
        ),
        *(low[GOODS_AREA] + high[GOODS_AREA] if len(spaces[GOODS_AREA]) < caps[GOODS_AREA] else ()),
        *(_ALONE[OUTER] if len(spaces[OUTER]) < caps[OUTER] else ()),
        # the areas of one space each, by colour and number; a terrace: a die of its colour in
        # the supply
        *(_ALONE[TERRACE] if supply[0] and not spaces[TERRACE] else ()),
        *(_ALONE[TERRACE + 1] if supply[1] and not spaces[TERRACE + 1] else ()),
        *(_ALONE[TERRACE + 2] if supply[2] and not spaces[TERRACE + 2] else ()),
        *(_ALONE[TERRACE + 3] if supply[3] and not spaces[TERRACE + 3] else ()),
        *(() if spaces[BALCONY] or not supply[t0] else low[BALCONY] + high[BALCONY]),
        *(() if spaces[BALCONY + 1] or not supply[t1] else low[BALCONY + 1] + high[BALCONY + 1]),
        *(() if spaces[BALCONY + 2] or not supply[t2] else low[BALCONY + 2] + high[BALCONY + 2]),
        *(() if spaces[BALCONY + 3] or not supply[t3] else low[BALCONY + 3] + high[BALCONY + 3]),
        *(() if spaces[CHAMBER] else low[CHAMBER] + high[CHAMBER]),  # a die of the number
        *(() if spaces[CHAMBER + 1] else low[CHAMBER + 1] + high[CHAMBER + 1]),
        *(() if spaces[CHAMBER + 2] else low[CHAMBER + 2] + high[CHAMBER + 2]),
        *(() if spaces[CHAMBER + 3] else low[CHAMBER + 3] + high[CHAMBER + 3]),
    ]
    a = CHAMBER + 4  # Master builder: a tile to cover, paid with what the die leaves; none
    # in a province with no tile (two in five of the listings that get here: no needs asked)
    if not spaces[a] and (low[a] or high[a]) and cells.count(NO) < len(cells):
        needs = _cover_needs(s, i)
        reach = (  # bit c: colour c's whole budget reaches its need
            (budgets[0] >= needs[0])
            | (budgets[1] >= needs[1]) << 1
            | (budgets[2] >= needs[2]) << 2
            | (budgets[3] >= needs[3]) << 3
        )
        if reach:
            for p in low[a] + high[a]:  # a loop: a comprehension is a call of its own
                if _leaves_a_cover(dice, karma, needs, reach, p):
                    out.append(p)
    a = CHAMBER + 5  # Portuguese: none for a boat within its spaces of the end (no call);
    # portuguese_open written out (one call fewer)
    if (
        not spaces[a]
        and final - s.boat[i] >= PORTUGUESE
        and (low[a] or high[a])
        and river_room(s, i) >= PORTUGUESE
    ):
        out += low[a] + high[a]
    return out


def _leaves_a_cover(
    dice: tuple[str, ...], karma: int, needs: tuple[int, ...], reach: int, p: Place
) -> bool:
    """Master builder: whether the statue, once p's die is given, still reaches a colour's
    need. What a die leaves is worth at most the whole statue (`reach`: bit c for a colour
    whose whole budget reaches its need); a die given as it is leaves the others' budgets
    whole."""
    if not p.turned and reach & ~(1 << _COLOUR[p.dice[0]]):
        return True
    rest = payments.budgets(payments.without(dice, p.dice), karma - len(p.turned))
    return any(map(ge, rest, needs))


_Layout = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
_LAYOUTS: dict[tuple[str, int], _Layout] = {}


def _layout(board: Board, players: int) -> _Layout:
    """What a listing reads of the side of the board for this many players: the spaces of each
    area, the quarry's and the harbour's costs, by the colour of the die a balcony takes the
    colour it gives, and the river's final space."""
    key = (board.text_key, players)
    known = _LAYOUTS.get(key)
    if known is None:
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        side = board.sides[players]
        known = _LAYOUTS[key] = (
            _capacities(board, players),
            side.quarry,
            side.harbour,
            balcony_takes(board),
            len(board.river),
        )
    return known


_DICE = tuple(letter + str(v) for letter in LETTERS for v in range(1, 7))
_BARE = tuple(Place(name) for name in AREAS)  # the placements paid with no die
_ALONE = tuple((p,) for p in _BARE)  # a part of the listing: the placement paid with no die
_GIVEN = tuple({d: Place(name, (d,)) for d in _DICE} for name in AREAS)  # with one die
_TURNED = tuple({d: Place(name, (d,), (d,)) for d in _DICE} for name in AREAS)  # turned
_NEVER = 1_000  # more than any payment is worth
_COLOUR = {letter + str(v): c for c, letter in enumerate(LETTERS) for v in range(7)}


_CHEAPEST: dict[tuple[str, tuple[int, ...]], tuple[int, ...]] = {}


def _cheapest(tiles: Tiles, tops: tuple[int, ...]) -> tuple[int, ...]:
    """By colour: the least cost of a top tile (_NEVER: none on top); remembered."""
    key = (tiles.text_key, tops)
    known = _CHEAPEST.get(key)
    if known is None:
        if len(_CHEAPEST) >= province.FRONTIERS:
            _CHEAPEST.clear()
        out, infos = [_NEVER] * 4, tiles.tiles
        for t in tops:
            if t != NO:
                tile = infos[t]
                if tile.cost < out[tile.colour]:  # no call of min
                    out[tile.colour] = tile.cost
        known = _CHEAPEST[key] = tuple(out)
    return known


_NEEDS: dict[tuple[object, ...], tuple[int, ...]] = {}


def _cover_needs(s: State, i: int) -> tuple[int, ...]:
    """Master builder: by colour, the least difference a top tile of that colour costs over a
    tile of the province it may cover (_NEVER: none); cover_cells finds a cell exactly when
    a colour's budget reaches its need. Remembered, as the frontier is
    (province.lower_cover_needs on a miss)."""
    board, tiles, tops, cells, covered = s.board, s.tiles, s.tops, s.province[i], s.covered[i]
    key = (board.text_key, tiles.text_key, cells, covered, tops)
    known = _NEEDS.get(key)
    if known is None:
        if len(_NEEDS) >= province.FRONTIERS:
            _NEEDS.clear()
        out = [_NEVER] * 4
        province.lower_cover_needs(
            board, tiles, cells, _dearest_first(board, tiles, cells, covered), tops, out
        )
        known = _NEEDS[key] = tuple(out)
    return known


_DEAREST: dict[tuple[object, ...], tuple[tuple[int, int], ...]] = {}


def _dearest_first(
    board: Board, tiles: Tiles, cells: tuple[int, ...], covered: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int], ...]:
    """The cells of a province the Master builder may cover (not covered before), each with
    its tile's cost, dearest first. Remembered, as the frontier is."""
    key = (board.text_key, tiles.text_key, cells, covered)
    known = _DEAREST.get(key)
    if known is None:
        if len(_DEAREST) >= province.FRONTIERS:
            _DEAREST.clear()
        # loops, not comprehensions: each of those is a call of its own
        infos, held = tiles.tiles, []
        for cell, h in enumerate(cells):
            if h != NO:
                held.append((infos[h >> 2].cost, cell))
        for cell, _ in covered:  # a covered cell is never covered again
            held.remove((infos[cells[cell] >> 2].cost, cell))
        held.sort(reverse=True)
        known = _DEAREST[key] = tuple(held)
    return known


_HALF = (1 << 12) - 1


def _half(held: int, karma: bool, half: int) -> tuple[tuple[Place, ...], ...]:
    """Per area, the placements paid with one die of the dice showing 1 to 3 (half 0) or 4 to
    6 (half 1) held (bit (v - 1) * 4 + colour, v counted within the half): the harbour, the
    market of one kind, the balconies, the chambers, in the order area_options lists them:
    least waste first (payments.waste: the lowest number, then without karma, then by
    colour), so an area's are those of the first half, then those of the second (the caller
    joins only the areas it lists). Its numbers' joined, lowest first (each made at load):
    its highest number's joined to what the lower ones held give (remembered too, so a new
    statue's costs one join). Remembered: there are at most 4,096 of each."""
    known = _HALVES[karma][half][held]
    if known is None:
        known = _NONE
        if held:
            j = (held.bit_length() - 1) >> 2  # the highest number held
            lower = held & ((1 << 4 * j) - 1)
            known = _NUMBERS[karma][3 * half + j][held >> 4 * j]
            if lower:
                known = tuple(map(add, _half(lower, karma, half), known))
        _HALVES[karma][half][held] = known
    return known


def _number(index: int, colours: int, karma: bool) -> tuple[tuple[Place, ...], ...]:
    """_half's part of dice showing index + 1, of the colours held (bit c for colour c): those
    given as they are, then those turned with karma, colour by colour."""
    paid: list[list[Place]] = [[] for _ in AREAS]
    for turned in (False, True):
        for c in range(4):
            if colours >> c & 1:
                for a, p in _uses(LETTERS[c] + str(index + 1), karma):
                    if bool(p.turned) is turned:
                        paid[a].append(p)
    return tuple(map(tuple, paid))


def _uses(d: str, karma: bool) -> tuple[tuple[int, Place], ...]:
    """What one die pays for, by area: the harbour (1 to 3, or turned from 4 to 6), the market
    of one kind (as it is, or turned), its colour's balcony, the chamber of its number and that
    of the number it turns to."""
    v, given, turned = int(d[1]), _GIVEN, _TURNED
    out = [(HARBOUR, given[HARBOUR][d])] if v <= 3 else []
    if v > 3 and karma:
        out.append((HARBOUR, turned[HARBOUR][d]))
    out.append((GOODS_AREA, given[GOODS_AREA][d]))
    if karma:
        out.append((GOODS_AREA, turned[GOODS_AREA][d]))
    a = BALCONY + LETTERS.index(d[0])
    out.append((a, given[a][d]))
    out.append((CHAMBER + v - 1, given[CHAMBER + v - 1][d]))
    if karma:
        out.append((CHAMBER + 6 - v, turned[CHAMBER + 6 - v][d]))
    return tuple(out)


_HALVES: dict[bool, tuple[list[tuple[tuple[Place, ...], ...] | None], ...]] = {
    k: ([None] * (_HALF + 1), [None] * (_HALF + 1)) for k in (False, True)
}
_NONE: tuple[tuple[Place, ...], ...] = ((),) * len(AREAS)
_NUMBERS = {
    k: tuple(tuple(_number(index, colours, k) for colours in range(16)) for index in range(6))
    for k in (False, True)
}
# by die: its colour, its number, its bit in `held` ((v - 1) * 4 + colour; unrolled: none),
# and what turning it with karma gains (payments.budgets)
_DIE = {
    d: (c, v, 1 << ((v - 1) * 4 + c) if v else 0, gain)
    for d, (c, v, gain) in payments.DIE_GAINS.items()
}


def area_options(s: State, i: int, a: int) -> list[Place]:
    """The placements seat i may make on area `a` now, with each way to pay for it."""
    if a > HARBOUR:
        if len(s.spaces[a]) >= _capacities(s.board, s.players)[a]:
            return []
    elif len(s.spaces[a]) >= _capacities(s.board, s.players)[a] or s.money[i] < money_cost(s, a):
        return []
    name, dice, karma = AREAS[a], s.dice[i], s.karma[i]
    if a == QUARRY:
        return [Place(name)] if _can_quarry(s, i, s.board, payments.budgets(dice, karma)) else []
    if a == HARBOUR:
        return (
            _by_waste(_paid(name, p) for p in _river_dice(dice, karma)) if river_room(s, i) else []
        )
    if a == ASSORTED:  # II. Market action: one worker a round with 3 or 4 players
        return [Place(name)] if s.players == 2 or i not in s.spaces[a] else []
    if a == GOODS_AREA:
        return _by_waste(_paid(name, p) for p in _any_die(dice, karma))
    if a == OUTER:
        return [Place(name)]
    if a < BALCONY:
        return [Place(name)] if s.supply[a - TERRACE] else []
    if a < CHAMBER:
        give, take = a - BALCONY, balcony_takes(s.board)[a - BALCONY]
        if not s.supply[take]:
            return []
        return [Place(name, (d,)) for d in payments.rolled(dice) if d[0] == LETTERS[give]]
    n = a - CHAMBER + 1
    out = []
    for p in payments.exact(dice, n, karma):
        rest = payments.without(dice, p[:1])
        if _chamber_open(s, i, n, rest, karma - len(p[1:])):
            out.append(_paid(name, p))
    return _by_waste(out)


def _by_waste(places: Iterable[Place]) -> list[Place]:
    """Placements on one area, least waste first (payments.waste)."""
    return sorted(places, key=lambda p: payments.waste(p.dice, p.turned))


def balcony_takes(board: Board) -> tuple[int, ...]:
    """By the colour of the die a balcony takes, the colour of the two it gives (remembered
    by board: asked at each placement on a balcony)."""
    known = _TAKES.get(board.text_key)
    if known is None:
        balconies = board.balconies
        known = tuple(next(take for g, take in balconies if g == c) for c in range(4))
        if len(_TAKES) >= 64:
            _TAKES.clear()
        _TAKES[board.text_key] = known
    return known


_TAKES: dict[str, tuple[int, ...]] = {}


def _paid(area: str, p: tuple[str, ...]) -> Place:
    return Place(area, p[:1], p[1:])


def _river_dice(dice: tuple[str, ...], karma: int) -> list[tuple[str, ...]]:
    """IV. River action: a die showing 1, 2 or 3, turned by karma or not."""
    out: list[tuple[str, ...]] = []
    for d in payments.rolled(dice):
        if payments.value(d) <= 3:
            out.append((d,))
        elif karma:
            out.append((d, d))
    return out


def _any_die(dice: tuple[str, ...], karma: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for d in payments.rolled(dice):
        out.append((d,))
        if karma:
            out.append((d, d))
    return out


def paid_value(dice: tuple[str, ...], turned: tuple[str, ...]) -> int:
    """What dice given up are worth, those turned by karma at their opposite side."""
    pips, worth = _PIPS, 0
    for d in dice:
        worth += pips[d]
    for d in turned:
        worth += 7 - 2 * pips[d]
    return worth


_PIPS = {d: int(d[1]) for d in _DICE}


# --- the decisions a pending effect asks for -----------------------------------------------

_BELOW_MAX = frozenset(range(MAX_UPGRADES))  # the cube can still move up
# the choices made once and shared, as the placements are
_PICKS = tuple(Pick(c) for c in range(4))
_UPGRADES = tuple(Upgrade(b) for b in range(4))
_RELEASES = {d: Release(d) for d in _DICE}
_REROLLS = {d: Reroll(d) for d in _DICE}
_ENOUGH, _DONE = Enough(), Done()
_BUILDS = tuple(tuple(Build(cell, r) for r in range(4)) for cell in range(64))
_COVERS = tuple(Cover(cell) for cell in range(64))
_GOODS = tuple(Goods(g) for g in range(len(GOODS)))
_CHAMBERS = {n: Chamber(n) for n in range(2, 7)}
_SAILS = tuple(Sail(k) for k in range(64))


def _sail(spaces: int) -> Sail:
    return _SAILS[spaces] if spaces < len(_SAILS) else Sail(spaces)


def _cover(cell: int) -> Cover:
    return _COVERS[cell] if cell < len(_COVERS) else Cover(cell)


def buy_options(s: State, i: int, cell: int) -> list[Buy]:
    """The top tiles seat i may buy now, each with every least payment (I. Building action;
    Master builder: dearer than the tile covered, the difference paid)."""
    board, tiles, cells = s.board, s.tiles, s.province[i]
    old = tiles.tiles[cells[cell] >> 2].cost if cell != NO else 0
    # every tile has a road, which some rotation turns to any open road end
    if cell == NO and not province.frontier(board, tiles, cells):
        return []
    dice, karma, infos = s.dice[i], s.karma[i], tiles.tiles
    budgets = payments.budgets(dice, karma)
    shown: tuple[tuple[int, ...], ...] = ()  # counted once a top is within a budget
    out: list[Buy] = []
    for st, t in enumerate(s.tops):  # the tops read as they are (no list of them made)
        if t == NO:
            continue
        tile = infos[t]
        c, need = tile.colour, tile.cost - old
        if budgets[c] < need:
            continue  # no payment reaches it
        if cell != NO and (need <= 0 or not province.can_cover(board, tiles, cells, cell, t)):
            continue
        if not shown:
            shown = payments.numbers(dice)
        for given, turned in payments.least(shown[c], need, karma):  # named in each colour
            out.append(Buy(st, given[c], turned[c]))
    return out


def build_options(s: State, i: int, tile_id: int, cell: int) -> list[Build]:
    board, tiles, cells = s.board, s.tiles, s.province[i]
    if cell != NO:
        return [_build(cell, r) for r in province.covers(board, tiles, cells, cell, tile_id)]
    return [_build(c, r) for c, r in province.builds(board, tiles, cells, tile_id)]


def _build(cell: int, rotation: int) -> Build:
    return _BUILDS[cell][rotation] if cell < len(_BUILDS) else Build(cell, rotation)


def gain_options(s: State, i: int, n: int, colour: int) -> list[Pick | Release | Enough]:
    """Dice: taking n dice, at most 10 on the statue; a full statue may put dice back first,
    or take fewer; a colour the supply lacks cannot be taken."""
    room, supply = KALI_HANDS - len(s.dice[i]), s.supply
    picks: list[Pick | Release | Enough]
    if colour == NO:
        picks = list(compress(_PICKS, supply))  # those of the colours the supply holds
    elif supply[colour]:
        picks = [_PICKS[colour]]
    else:
        return []
    if room > 0 or not picks:
        return picks
    return [*map(_RELEASES.__getitem__, payments.rolled(s.dice[i])), _ENOUGH]


def upgrade_options(s: State, i: int) -> list[Upgrade]:
    return list(compress(_UPGRADES, map(_BELOW_MAX.__contains__, s.upgrades[i])))


def chamber_options(s: State, i: int) -> list[Chamber]:
    """A river space's palace earning: Dancer to Portuguese, each that can be carried out."""
    return [_CHAMBERS[n] for n in range(2, 7) if _chamber_open(s, i, n, s.dice[i], s.karma[i])]


def decisions(s: State) -> Sequence[Action]:
    """The choices the pending effect at the head asks of the seat deciding (a new list)."""
    kind, n, d = s.pending[0]
    ask = ASKS.get(kind)
    if ask is None:
        raise AssertionError(f"no decision for {kind}")
    return ask(s, s.turn, n, d)


def _sails(s: State, i: int, n: int, _: int) -> list[Action]:
    most = min(n, river_room(s, i))
    if most < len(_SAILS):
        return list(_SAILS[1 : most + 1])  # the shared ones sliced (no call for each)
    return list(map(_sail, range(1, most + 1)))


def _covers(s: State, i: int, _: int, __: int) -> list[Action]:
    return [_cover(c) for c in cover_cells(s, i, s.dice[i], s.karma[i])]


def _goods_held(s: State, i: int, _: int, __: int) -> list[Action]:
    return list(compress(_GOODS, province.markets(s.tiles, s.province[i])))  # goods held


def _rerolls(s: State, i: int, _: int, __: int) -> list[Action]:
    return [*map(_REROLLS.__getitem__, payments.rolled(s.dice[i])), _DONE]


# what each kind of pending effect asks (seat, number, detail), by its kind (the engine reads
# it as it carries out the effects)
ASKS: dict[str, Callable[[State, int, int, int], Sequence[Action]]] = {
    "gain": gain_options,
    "upgrade": lambda s, i, n, d: upgrade_options(s, i),
    "sail": _sails,
    "chamber": lambda s, i, n, d: chamber_options(s, i),
    "buy": lambda s, i, n, d: buy_options(s, i, d),
    "place_tile": build_options,
    "cover": _covers,
    "goods": _goods_held,
    "reroll": _rerolls,
}
