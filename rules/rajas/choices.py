"""Where a seat may place a worker and how it may pay, and the choices a pending effect asks
for (Placing workers; I. to IV.; Master builder; Portuguese; Dice)."""

from __future__ import annotations

from . import payments, province
from .components import LETTERS, Board, Tile
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


def _top_tiles(s: State) -> list[tuple[int, Tile]]:
    tiles = s.tiles.tiles
    return [(st, tiles[t]) for st, t in enumerate(s.tops) if t != NO]


def _can_quarry(s: State, i: int) -> bool:
    """A top tile the seat can pay for, and room for it: every tile has a road, which some
    rotation turns to an open road end of the province, so any open road end will do."""
    if not province.frontier(s.board, s.tiles, s.province[i]):
        return False
    budgets = [payments.best_total(s.dice[i], c, s.karma[i]) for c in range(4)]
    return any(budgets[tile.colour] >= tile.cost for _, tile in _top_tiles(s))


def cover_cells(s: State, i: int, dice: tuple[str, ...], karma: int) -> list[int]:
    """Master builder: the cells whose tile may be covered with a dearer top tile paid for."""
    board, tiles, cells = s.board, s.tiles, s.province[i]
    out = []
    for cell, held in enumerate(cells):
        if held == NO or any(c == cell for c, _ in s.covered[i]):
            continue
        old = tiles.tiles[held >> 2]
        for st, tile in _top_tiles(s):
            if (
                tile.cost > old.cost
                and payments.best_total(dice, tile.colour, karma) >= tile.cost - old.cost
                and province.covers(board, tiles, cells, cell, s.tops[st])
            ):
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
    """Every placement seat i may make now, with each way to pay for it."""
    out: list[Place] = []
    caps = _capacities(s.board, s.players)
    for a, workers in enumerate(s.spaces):
        if len(workers) < caps[a]:
            out += area_options(s, i, a)
    return out


def area_options(s: State, i: int, a: int) -> list[Place]:
    """The placements seat i may make on area `a` now, with each way to pay for it."""
    if a > HARBOUR:
        if len(s.spaces[a]) >= _capacities(s.board, s.players)[a]:
            return []
    elif len(s.spaces[a]) >= _capacities(s.board, s.players)[a] or s.money[i] < money_cost(s, a):
        return []
    name, dice, karma = AREAS[a], s.dice[i], s.karma[i]
    if a == QUARRY:
        return [Place(name)] if _can_quarry(s, i) else []
    if a == HARBOUR:
        return [_paid(name, p) for p in _river_dice(dice, karma)] if river_room(s, i) else []
    if a == ASSORTED:  # II. Market action: one worker a round with 3 or 4 players
        return [Place(name)] if s.players == 2 or i not in s.spaces[a] else []
    if a == GOODS_AREA:
        return [_paid(name, p) for p in _any_die(dice, karma)]
    if a == OUTER:
        return [Place(name)]
    if a < BALCONY:
        return [Place(name)] if s.supply[a - TERRACE] else []
    if a < CHAMBER:
        give, take = s.board.balconies[balcony(s, a)]
        if not s.supply[take]:
            return []
        return [Place(name, (d,)) for d in payments.rolled(dice) if d[0] == LETTERS[give]]
    n = a - CHAMBER + 1
    out = []
    for p in payments.exact(dice, n, karma):
        rest = payments.without(dice, p[:1])
        if _chamber_open(s, i, n, rest, karma - len(p[1:])):
            out.append(_paid(name, p))
    return out


def balcony(s: State, area: int) -> int:
    """The balcony whose die given is the area's colour."""
    give = area - BALCONY
    return next(k for k, (g, _) in enumerate(s.board.balconies) if g == give)


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
    return sum(payments.value(d) for d in dice) + sum(7 - 2 * payments.value(d) for d in turned)


# --- the decisions a pending effect asks for -----------------------------------------------


def buy_options(s: State, i: int, cell: int) -> list[Buy]:
    """The top tiles seat i may buy now, each with every least payment (I. Building action;
    Master builder: dearer than the tile covered, the difference paid)."""
    board, tiles, cells = s.board, s.tiles, s.province[i]
    old = tiles.tiles[cells[cell] >> 2].cost if cell != NO else 0
    out: list[Buy] = []
    for st, tile in _top_tiles(s):
        if cell == NO:
            if not any(province.builds(board, tiles, cells, tile)):
                continue
        elif tile.cost <= old or not province.covers(board, tiles, cells, cell, s.tops[st]):
            continue
        for given, turned in payments.totals(s.dice[i], tile.colour, tile.cost - old, s.karma[i]):
            out.append(Buy(st, given, turned))
    return out


def build_options(s: State, i: int, tile_id: int, cell: int) -> list[Build]:
    board, tiles, cells = s.board, s.tiles, s.province[i]
    if cell != NO:
        return [Build(cell, r) for r in province.covers(board, tiles, cells, cell, tile_id)]
    return [Build(c, r) for c, r in province.builds(board, tiles, cells, tiles.tiles[tile_id])]


def gain_options(s: State, i: int, n: int, colour: int) -> list[Pick | Release | Enough]:
    """Dice: taking n dice, at most 10 on the statue; a full statue may put dice back first,
    or take fewer; a colour the supply lacks cannot be taken."""
    room = KALI_HANDS - len(s.dice[i])
    colours = range(4) if colour == NO else (colour,)
    picks = [Pick(c) for c in colours if s.supply[c]]
    if not picks:
        return []
    if room > 0:
        return list(picks)
    return [*(Release(d) for d in payments.rolled(s.dice[i])), Enough()]


def upgrade_options(s: State, i: int) -> list[Upgrade]:
    return [Upgrade(b) for b in range(4) if s.upgrades[i][b] < MAX_UPGRADES]


def chamber_options(s: State, i: int) -> list[Chamber]:
    """A river space's palace earning: Dancer to Portuguese, each that can be carried out."""
    return [Chamber(n) for n in range(2, 7) if _chamber_open(s, i, n, s.dice[i], s.karma[i])]


def decisions(s: State) -> list[Action]:
    """The choices the pending effect at the head asks of the seat deciding."""
    kind, n, d = s.pending[0]
    i = s.turn
    if kind == "gain":
        return list(gain_options(s, i, n, d))
    if kind == "upgrade":
        return list(upgrade_options(s, i))
    if kind == "sail":
        return [Sail(k) for k in range(1, min(n, river_room(s, i)) + 1)]
    if kind == "chamber":
        return list(chamber_options(s, i))
    if kind == "buy":
        return list(buy_options(s, i, d))
    if kind == "place_tile":
        return list(build_options(s, i, n, d))
    if kind == "cover":
        return [Cover(c) for c in cover_cells(s, i, s.dice[i], s.karma[i])]
    if kind == "goods":
        return [Goods(g) for g in province.goods_held(s.tiles, s.province[i])]
    if kind == "reroll":
        return [*(Reroll(d) for d in payments.rolled(s.dice[i])), Done()]
    raise AssertionError(f"no decision for {kind}")
