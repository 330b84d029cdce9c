"""The legal steps of Rajas of the Ganges as first written: plain, slow, remembering nothing.

The engine lists them with what it remembers of pure functions, shared placements and one
pass over a statue (rules/rajas/choices.py); this is the plain reading of the rules it is
checked against, on random games (test_rajas_games.py). Each function follows the text's
rule directly, one area and one payment at a time.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from rules.rajas.components import DX, DY, LETTERS, Board, Tile, Tiles
from rules.rajas.payments import waste
from rules.rajas.state import (
    AREAS,
    ASSORTED,
    BALCONY,
    CHAMBER,
    GOODS,
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
    Pass,
    Pick,
    Place,
    Release,
    Reroll,
    Sail,
    State,
    Upgrade,
)

PORTUGUESE = 6


def legal(s: State) -> list[Action]:
    """What the engine's legal_actions lists, for a state where a seat decides."""
    if s.pending:
        return decisions(s)
    return list(place_options(s, s.turn)) or [Pass()]


# --- dice ----------------------------------------------------------------------------------


def value(die: str) -> int:
    return int(die[1])


def rolled(dice: tuple[str, ...]) -> list[str]:
    return sorted({d for d in dice if d[1] != "0"})


def without(dice: tuple[str, ...], given: tuple[str, ...]) -> tuple[str, ...]:
    left = list(dice)
    for d in given:
        left.remove(d)
    return tuple(left)


def exact(dice: tuple[str, ...], number: int, karma: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for d in rolled(dice):
        if value(d) == number:
            out.append((d,))
        elif karma > 0 and value(d) == 7 - number:
            out.append((d, d))
    return out


def best_total(dice: tuple[str, ...], colour_index: int, karma: int) -> int:
    vals = [value(d) for d in dice if d[0] == LETTERS[colour_index] and d[1] != "0"]
    gains = sorted((7 - 2 * v for v in vals if v <= 3), reverse=True)
    return sum(vals) + sum(gains[:karma])


def totals(
    dice: tuple[str, ...], colour_index: int, need: int, karma: int
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    mine = sorted(d for d in dice if d[0] == LETTERS[colour_index] and d[1] != "0")
    counts = sorted(Counter(mine).items())
    out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for take in product(*(range(n + 1) for _, n in counts)):
        given = tuple(d for (d, _), k in zip(counts, take, strict=True) for _ in range(k))
        if not given:
            continue
        base = sum(value(d) for d in given)
        low = [d for d in given if value(d) <= 3]
        for flips in range(min(karma, len(low)) + 1):
            for turned in set(combinations(low, flips)):
                total = base + sum(7 - 2 * value(d) for d in turned)
                if total < need or not _least(given, turned, total, need):
                    continue
                out.append((given, tuple(sorted(turned))))
    return sorted(out, key=lambda p: waste(*p, need))


def _least(given: tuple[str, ...], turned: tuple[str, ...], total: int, need: int) -> bool:
    left = Counter(given) - Counter(turned)
    for d in set(given):
        worth = 7 - value(d) if left[d] == 0 else value(d)
        if total - worth >= need:
            return False
    return all(total - (7 - 2 * value(d)) < need for d in set(turned))


# --- the province and the river --------------------------------------------------------------


def _neighbour(board: Board, cell: int, side: int) -> int:
    x, y = cell % board.columns + DX[side], cell // board.columns + DY[side]
    if 0 <= x < board.columns and 0 <= y < board.rows:
        return y * board.columns + x
    return NO


def _roads_at(board: Board, tiles: Tiles, cells: tuple[int, ...], cell: int) -> int:
    if cell == board.residence:
        return board.residence_roads
    held = cells[cell]
    return 0 if held == NO else tiles.tiles[held >> 2].turned(held & 3)


def _rotations(tile: Tile) -> list[int]:
    seen: dict[int, int] = {}
    for r in range(4):
        seen.setdefault(tile.turned(r), r)
    return sorted(seen.values())


def frontier(board: Board, tiles: Tiles, cells: tuple[int, ...]) -> list[tuple[int, int]]:
    out = []
    for cell, held in enumerate(cells):
        if held != NO or cell == board.residence:
            continue
        need = 0
        for side in range(4):
            n = _neighbour(board, cell, side)
            if n != NO and _roads_at(board, tiles, cells, n) >> ((side + 2) % 4) & 1:
                need |= 1 << side
        if need:
            out.append((cell, need))
    return out


def builds(board: Board, tiles: Tiles, cells: tuple[int, ...], tile: Tile) -> list[tuple[int, int]]:
    return [
        (cell, r)
        for cell, need in frontier(board, tiles, cells)
        for r in _rotations(tile)
        if tile.turned(r) & need
    ]


def connected(board: Board, tiles: Tiles, cells: tuple[int, ...]) -> bool:
    reached = {board.residence}
    todo = [board.residence]
    while todo:
        cell = todo.pop()
        mask = _roads_at(board, tiles, cells, cell)
        for side in range(4):
            if mask >> side & 1:
                n = _neighbour(board, cell, side)
                if (
                    n != NO
                    and n not in reached
                    and _roads_at(board, tiles, cells, n) >> ((side + 2) % 4) & 1
                ):
                    reached.add(n)
                    todo.append(n)
    return all(c in reached for c, held in enumerate(cells) if held != NO)


def covers(
    board: Board, tiles: Tiles, cells: tuple[int, ...], cell: int, tile_id: int
) -> list[int]:
    out = []
    for r in _rotations(tiles.tiles[tile_id]):
        trial = (*cells[:cell], tile_id * 4 + r, *cells[cell + 1 :])
        if connected(board, tiles, trial):
            out.append(r)
    return out


def goods_held(tiles: Tiles, cells: tuple[int, ...]) -> list[int]:
    return sorted({g for held in cells if held != NO for g, _ in tiles.tiles[held >> 2].markets})


def river_target(s: State, i: int, n: int) -> int:
    final = s.board.final
    others = {b for j, b in enumerate(s.boat) if j != i and 0 < b < final}
    p, left = s.boat[i], n
    while left and p < final:
        p += 1
        if p not in others:
            left -= 1
    return p if left == 0 else NO


def river_room(s: State, i: int) -> int:
    final = s.board.final
    others = {b for j, b in enumerate(s.boat) if j != i and 0 < b < final}
    return sum(1 for p in range(s.boat[i] + 1, final + 1) if p not in others)


def portuguese_open(s: State, i: int) -> bool:
    return s.boat[i] <= s.board.final - PORTUGUESE and river_target(s, i, PORTUGUESE) != NO


# --- placing workers -------------------------------------------------------------------------


def capacity(s: State, area: int) -> int:
    side = s.board.sides[s.players]
    caps = (len(side.quarry), len(side.harbour), side.assorted_market, side.goods_market)
    return (*caps, side.outer_terrace, *(1,) * (len(AREAS) - TERRACE))[area]


def money_cost(s: State, area: int) -> int:
    side = s.board.sides[s.players]
    if area == QUARRY:
        return side.quarry[len(s.spaces[QUARRY])]
    if area == HARBOUR:
        return side.harbour[len(s.spaces[HARBOUR])]
    return 0


def top_tiles(s: State) -> list[tuple[int, Tile]]:
    return [(st, s.tiles.tiles[t]) for st, t in enumerate(s.tops) if t != NO]


def can_quarry(s: State, i: int) -> bool:
    if not frontier(s.board, s.tiles, s.province[i]):
        return False
    budgets = [best_total(s.dice[i], c, s.karma[i]) for c in range(4)]
    return any(budgets[tile.colour] >= tile.cost for _, tile in top_tiles(s))


def cover_cells(s: State, i: int, dice: tuple[str, ...], karma: int) -> list[int]:
    board, tiles, cells = s.board, s.tiles, s.province[i]
    out = []
    for cell, held in enumerate(cells):
        if held == NO or any(c == cell for c, _ in s.covered[i]):
            continue
        old = tiles.tiles[held >> 2]
        for st, tile in top_tiles(s):
            if (
                tile.cost > old.cost
                and best_total(dice, tile.colour, karma) >= tile.cost - old.cost
                and covers(board, tiles, cells, cell, s.tops[st])
            ):
                out.append(cell)
                break
    return out


def chamber_open(s: State, i: int, number: int, dice: tuple[str, ...], karma: int) -> bool:
    if number == 5:
        return bool(cover_cells(s, i, dice, karma))
    if number == 6:
        return portuguese_open(s, i)
    return True


def place_options(s: State, i: int) -> list[Place]:
    """Area by area; on each, the ways to pay least waste first (the engine's one ordering,
    payments.waste: a choice of presentation, not a rule)."""
    out: list[Place] = []
    for a in range(len(AREAS)):
        out += sorted(area_options(s, i, a), key=lambda p: waste(p.dice, p.turned))
    return out


def area_options(s: State, i: int, a: int) -> list[Place]:
    if len(s.spaces[a]) >= capacity(s, a) or s.money[i] < money_cost(s, a):
        return []
    name, dice, karma = AREAS[a], s.dice[i], s.karma[i]
    if a == QUARRY:
        return [Place(name)] if can_quarry(s, i) else []
    if a == HARBOUR:
        if not river_room(s, i):
            return []
        return [
            Place(name, (d,), () if value(d) <= 3 else (d,))
            for d in rolled(dice)
            if value(d) <= 3 or karma
        ]
    if a == ASSORTED:
        return [Place(name)] if s.players == 2 or i not in s.spaces[a] else []
    if a == GOODS:
        goods = []
        for d in rolled(dice):
            goods.append(Place(name, (d,)))
            if karma:
                goods.append(Place(name, (d,), (d,)))
        return goods
    if a == OUTER:
        return [Place(name)]
    if a < BALCONY:
        return [Place(name)] if s.supply[a - TERRACE] else []
    if a < CHAMBER:
        give, take = next(b for b in s.board.balconies if b[0] == a - BALCONY)
        if not s.supply[take]:
            return []
        return [Place(name, (d,)) for d in rolled(dice) if d[0] == LETTERS[give]]
    n = a - CHAMBER + 1
    out = []
    for p in exact(dice, n, karma):
        if chamber_open(s, i, n, without(dice, p[:1]), karma - len(p[1:])):
            out.append(Place(name, p[:1], p[1:]))
    return out


# --- Setup: the stacks -----------------------------------------------------------------------


def stacks_face_up(s: State) -> bool:
    """Setup: the 12 stacks lie face up, well visible to everybody: each stack with tiles left
    shows its top, but in the moment its top was just taken and the next one is turned up."""
    turning = s.pending[0][1] if s.pending and s.pending[0][0] == "reveal" else NO
    return all(
        top != NO or not below or st == turning
        for st, (top, below) in enumerate(zip(s.tops, s.stacks, strict=True))
    )


# --- the decisions a pending effect asks for -----------------------------------------------


def buy_options(s: State, i: int, cell: int) -> list[Buy]:
    board, tiles, cells = s.board, s.tiles, s.province[i]
    old = tiles.tiles[cells[cell] >> 2].cost if cell != NO else 0
    out: list[Buy] = []
    for st, tile in top_tiles(s):
        if cell == NO:
            if not builds(board, tiles, cells, tile):
                continue
        elif tile.cost <= old or not covers(board, tiles, cells, cell, s.tops[st]):
            continue
        for given, turned in totals(s.dice[i], tile.colour, tile.cost - old, s.karma[i]):
            out.append(Buy(st, given, turned))
    return out


def build_options(s: State, i: int, tile_id: int, cell: int) -> list[Build]:
    board, tiles, cells = s.board, s.tiles, s.province[i]
    if cell != NO:
        return [Build(cell, r) for r in covers(board, tiles, cells, cell, tile_id)]
    return [Build(c, r) for c, r in builds(board, tiles, cells, tiles.tiles[tile_id])]


def gain_options(s: State, i: int, n: int, colour: int) -> list[Action]:
    colours = range(4) if colour == NO else (colour,)
    picks: list[Action] = [Pick(c) for c in colours if s.supply[c]]
    if not picks:
        return []
    if KALI_HANDS - len(s.dice[i]) > 0:
        return picks
    return [*(Release(d) for d in rolled(s.dice[i])), Enough()]


def decisions(s: State) -> list[Action]:
    kind, n, d = s.pending[0]
    i = s.turn
    if kind == "gain":
        return gain_options(s, i, n, d)
    if kind == "upgrade":
        return [Upgrade(b) for b in range(4) if s.upgrades[i][b] < MAX_UPGRADES]
    if kind == "sail":
        return [Sail(k) for k in range(1, min(n, river_room(s, i)) + 1)]
    if kind == "chamber":
        return [Chamber(n) for n in range(2, 7) if chamber_open(s, i, n, s.dice[i], s.karma[i])]
    if kind == "buy":
        return list(buy_options(s, i, d))
    if kind == "place_tile":
        return list(build_options(s, i, n, d))
    if kind == "cover":
        return [Cover(c) for c in cover_cells(s, i, s.dice[i], s.karma[i])]
    if kind == "goods":
        return [Goods(g) for g in goods_held(s.tiles, s.province[i])]
    if kind == "reroll":
        return [*(Reroll(d) for d in rolled(s.dice[i])), Done()]
    raise AssertionError(f"no decision for {kind}")
