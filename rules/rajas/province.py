"""The province boards (The province boards; Special yields; the markets of II. Market action).

A cell holds tile * 4 + rotation, or NO. Every road end of a tile is joined to its others on
the tile, so a tile joined to the residence by one road end is joined by all of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .components import DX, DY, GOODS, Board, Tile, Tiles
from .state import NO


def neighbour(board: Board, cell: int, side: int) -> int:
    """The cell beyond `side` of `cell`, or NO off the board."""
    x, y = cell % board.columns + DX[side], cell // board.columns + DY[side]
    if 0 <= x < board.columns and 0 <= y < board.rows:
        return y * board.columns + x
    return NO


def roads_at(board: Board, tiles: Tiles, cells: tuple[int, ...], cell: int) -> int:
    """The road mask of what lies on `cell`: the residence's roads, a tile's turned, or 0."""
    if cell == board.residence:
        return board.residence_roads
    held = cells[cell]
    return 0 if held == NO else tiles.tiles[held >> 2].turned(held & 3)


@cache
def rotations(tile: Tile) -> tuple[int, ...]:
    """The rotations giving different road masks (a straight road has two)."""
    seen: dict[int, int] = {}
    for r in range(4):
        seen.setdefault(tile.turned(r), r)
    return tuple(sorted(seen.values()))


def builds(
    board: Board, tiles: Tiles, cells: tuple[int, ...], tile_id: int
) -> list[tuple[int, int]]:
    """Every (cell, rotation) where tile `tile_id` may be placed: an empty cell, a road end
    meeting an existing road (The province boards). Its rotations and their masks read from
    the geometry (by tile id: no tile hashed)."""
    fits, base = _geometry(board, tiles).fits, tile_id * 16
    out = []
    for cell, need in frontier(board, tiles, cells):
        for r in fits[base + need]:
            out.append((cell, r))
    return out


@dataclass(frozen=True, slots=True)
class _Geometry:
    """A board's grid with a tile set, as the searches below read it: per cell, each side with
    a neighbour (side, neighbour, the neighbour's side facing back); per held value (tile * 4 +
    rotation), its road mask; per cell * 16 + road mask, the neighbours its roads lead to,
    each with the bit of its side facing back; per tile, its rotations giving different
    masks, those masks as bits (`shapes`: bit m for mask m of SIDES, 16), and by tile * 16 +
    mask m of SIDES, those of them whose roads meet m (`fits`: where a tile goes, no mask
    tested); as bits by mask m, whether some rotation's roads hold all of m (`keeps`): a
    cover's test one look, not a loop over the rotations."""

    links: tuple[tuple[tuple[int, int, int], ...], ...]
    masks: tuple[int, ...]
    ends: tuple[tuple[tuple[int, int], ...], ...]
    turns: tuple[tuple[int, ...], ...]
    fits: tuple[tuple[int, ...], ...]
    shapes: tuple[int, ...]
    keeps: tuple[int, ...]


_GEOMETRIES: dict[tuple[str, str], _Geometry] = {}
# the last board and tiles asked for, with their geometry (none yet: no board is None)
_LAST_GEOMETRY: list[tuple[Board | None, Tiles | None, _Geometry]] = [
    (None, None, _Geometry((), (), (), (), (), (), ()))
]


def _geometry(board: Board, tiles: Tiles) -> _Geometry:
    last = _LAST_GEOMETRY[0]  # those of the game played, found by identity (no key hashed)
    if last[0] is board and last[1] is tiles:
        return last[2]
    key = (board.text_key, tiles.text_key)
    known = _GEOMETRIES.get(key)
    if known is None:
        if len(_GEOMETRIES) >= 64:
            _GEOMETRIES.clear()
        links = tuple(
            tuple(
                (side, neighbour(board, cell, side), (side + 2) % 4)
                for side in range(4)
                if neighbour(board, cell, side) != NO
            )
            for cell in range(board.columns * board.rows)
        )
        masks = tuple(t.turned(r) for t in tiles.tiles for r in range(4))
        ends = tuple(
            tuple((n, 1 << back) for side, n, back in cell_links if roads >> side & 1)
            for cell_links in links
            for roads in range(16)
        )
        turns = tuple(rotations(t) for t in tiles.tiles)
        fits = tuple(
            tuple(r for r in rs if masks[t * 4 + r] & m)
            for t, rs in enumerate(turns)
            for m in range(16)
        )
        shapes, keeps = [], []
        for t, rs in enumerate(turns):
            held = [masks[t * 4 + r] for r in rs]
            shapes.append(sum(1 << h for h in set(held)))
            keeps.append(sum(1 << m for m in range(16) if any(h & m == m for h in held)))
        known = _GEOMETRIES[key] = _Geometry(
            links, masks, ends, turns, fits, tuple(shapes), tuple(keeps)
        )
    _LAST_GEOMETRY[0] = (board, tiles, known)
    return known


def _road_masks(board: Board, g: _Geometry, cells: tuple[int, ...]) -> list[int]:
    """What roads_at gives for every cell."""
    masks = g.masks
    out = [0 if held == NO else masks[held] for held in cells]
    out[board.residence] = board.residence_roads
    return out


_FRONTIERS: dict[tuple[str, str, tuple[int, ...]], tuple[tuple[int, int], ...]] = {}
FRONTIERS = 4_096  # provinces remembered, then forgotten at once (a pure function's answers)
_SEEN: dict[int, tuple[tuple[int, ...], Board, Tiles, tuple[tuple[int, int], ...]]] = {}


def frontier(board: Board, tiles: Tiles, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The empty cells beside a road end, each with the sides a new tile's road must leave by
    to meet one (a mask of SIDES). A province changes only when a tile is placed, so its
    frontier is remembered, found first by the province's identity (the states after a
    step share it: no 20 cells hashed)."""
    seen = _SEEN.get(id(cells))
    if seen is not None and seen[0] is cells and seen[1] is board and seen[2] is tiles:
        return seen[3]
    known = _FRONTIERS.get((board.text_key, tiles.text_key, cells))
    if known is None:
        # from each road end of the residence and the tiles to the empty cell beyond it (a
        # province has far fewer road ends than cells: half the time of asking every cell)
        g = _geometry(board, tiles)
        masks, ends, residence = g.masks, g.ends, board.residence
        needs: dict[int, int] = {}
        _join_ends(needs, ends[residence * 16 + board.residence_roads], cells, residence)
        for cell, held in enumerate(cells):
            if held != NO and cell != residence:
                _join_ends(needs, ends[cell * 16 + masks[held]], cells, residence)
        return _remember(board, tiles, cells, needs)
    return _saw(board, tiles, cells, known)


def placed(
    board: Board, tiles: Tiles, cells: tuple[int, ...], cell: int, held: int
) -> tuple[int, ...]:
    """`cells` with `held` (tile * 4 + rotation) placed on the empty frontier cell `cell`,
    their frontier remembered from that of `cells` (`cell` leaves it, the empty cells the new
    tile's roads lead to join it): no new search of the province."""
    out = list(cells)
    out[cell] = held
    grown = tuple(out)
    needs = dict(frontier(board, tiles, cells))
    del needs[cell]
    g = _geometry(board, tiles)
    _join_ends(needs, g.ends[cell * 16 + g.masks[held]], grown, board.residence)
    _remember(board, tiles, grown, needs)
    return grown


def _join_ends(
    needs: dict[int, int],
    ends: tuple[tuple[int, int], ...],
    cells: tuple[int, ...],
    residence: int,
) -> None:
    """Add to `needs` the empty cells road `ends` (neighbour, side facing back) lead to."""
    for n, bit in ends:
        if cells[n] == NO and n != residence:
            needs[n] = needs.get(n, 0) | bit


def _remember(
    board: Board, tiles: Tiles, cells: tuple[int, ...], needs: dict[int, int]
) -> tuple[tuple[int, int], ...]:
    """The frontier of `cells` (`needs`) remembered by the province and by its identity."""
    if len(_FRONTIERS) >= FRONTIERS:
        _FRONTIERS.clear()
    known = _FRONTIERS[board.text_key, tiles.text_key, cells] = tuple(sorted(needs.items()))
    return _saw(board, tiles, cells, known)


def _saw(
    board: Board, tiles: Tiles, cells: tuple[int, ...], known: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int], ...]:
    """The frontier of `cells` remembered by their identity."""
    if len(_SEEN) >= FRONTIERS:
        _SEEN.clear()
    _SEEN[id(cells)] = (cells, board, tiles, known)  # held, so that no other takes its id
    return known


_FITS: dict[tuple[str, str, tuple[int, ...]], dict[int, int]] = {}
# by mask m of SIDES: the road masks meeting m, as bits (bit h for mask h)
_MEETING = tuple(sum(1 << h for h in range(16) if h & m) for m in range(16))


def covers(
    board: Board, tiles: Tiles, cells: tuple[int, ...], cell: int, tile_id: int
) -> tuple[int, ...]:
    """The rotations of tile `tile_id` laid over `cell` that leave every tile joined: those
    whose road mask is one of _cover_fits."""
    g = _geometry(board, tiles)
    fits = _cover_fits(board, g, _fits_by_cell(board, tiles, cells), cells, cell)
    masks, base = g.masks, tile_id * 4
    out = []  # a loop, not a generator: that is a call of its own
    for r in g.turns[tile_id]:
        if fits >> masks[base + r] & 1:
            out.append(r)
    return tuple(out)


def can_cover(board: Board, tiles: Tiles, cells: tuple[int, ...], cell: int, tile_id: int) -> bool:
    """Whether tile `tile_id` may be laid over `cell` some way (`covers`): at once when a
    rotation keeps every road end of the tile under it, as every road joined stays joined."""
    g = _geometry(board, tiles)
    if g.keeps[tile_id] >> g.masks[cells[cell]] & 1:
        return True
    return bool(
        g.shapes[tile_id] & _cover_fits(board, g, _fits_by_cell(board, tiles, cells), cells, cell)
    )


def lower_cover_needs(
    board: Board,
    tiles: Tiles,
    cells: tuple[int, ...],
    dearest_first: tuple[tuple[int, int], ...],
    tops: tuple[int, ...],
    needs: list[int],
) -> None:
    """Master builder: lower needs[colour] to the least difference a tile of `tops` of that
    colour costs over a tile it may be laid over (can_cover), of dearest_first ((cost, cell),
    the cells that may be covered, dearest first): each tile tried on them in turn (the least
    difference first) as long as it can lower its colour's. One loop, the geometry and the
    province's fits looked up once, not cell by cell (each province and tops new to the
    listings ask: a few per cent of new games' time)."""
    g = _geometry(board, tiles)
    masks, keeps, shapes, infos = g.masks, g.keeps, g.shapes, tiles.tiles
    by_cell: dict[int, int] | None = None
    for t in tops:
        if t == NO:
            continue
        tile = infos[t]
        c, cost = tile.colour, tile.cost
        for old, cell in dearest_first:
            if cost - old >= needs[c]:
                break
            if old >= cost:
                continue
            # a rotation keeping every road end of the tile under it keeps every tile joined
            if not keeps[t] >> masks[cells[cell]] & 1:
                if by_cell is None:
                    by_cell = _fits_by_cell(board, tiles, cells)
                if not shapes[t] & _cover_fits(board, g, by_cell, cells, cell):
                    continue  # no rotation keeps every tile joined: the next cell
            needs[c] = cost - old
            break


def _fits_by_cell(board: Board, tiles: Tiles, cells: tuple[int, ...]) -> dict[int, int]:
    """A province's _cover_fits by cell, filled as asked. Remembered, as the frontier is."""
    key = (board.text_key, tiles.text_key, cells)
    known = _FITS.get(key)
    if known is None:
        if len(_FITS) >= FRONTIERS:
            _FITS.clear()
        known = _FITS[key] = {}
    return known


def _cover_fits(
    board: Board, g: _Geometry, by_cell: dict[int, int], cells: tuple[int, ...], cell: int
) -> int:
    """With `cell` emptied, the province falls into parts joined by roads: the residence's and
    those the cell's tile held to it. A tile laid over the cell keeps every tile joined exactly
    when its roads meet each part's sides of the cell facing a road end of it, so the road
    masks that do, as bits (bit h for mask h; 0: a part it can never reach). Remembered in
    `by_cell` (_fits_by_cell)."""
    known = by_cell.get(cell)
    if known is None:
        facing = _facing(board, g, cells, cell)
        joined = facing & g.masks[cells[cell]]
        if not joined & (joined - 1):
            # the cell's tile meets at most one road beside it (4 in 5 of the cells asked):
            # no road runs through it, so emptying it parts nothing (a province is joined
            # whole) and the search below is not needed
            known = by_cell[cell] = _MEETING[facing]
            return known
        masks = _road_masks(board, g, cells)
        masks[cell] = 0  # no road enters the emptied cell
        # loops, not generators: each of those is a call of its own
        beside = []
        for side, n, back in g.links[cell]:
            if masks[n] >> back & 1:
                beside.append((side, n))
        reached = _reach(g, masks, board.residence)
        parts = [reached]
        for held, value in enumerate(cells):
            if value != NO and held != cell and not reached >> held & 1:
                part = _reach(g, masks, held)
                reached |= part
                parts.append(part)
        known = _MEETING[15]  # every mask with a road (no part yet to meet)
        for part in parts:
            sides = 0  # the sides of the cell facing a road end of the part
            for side, n in beside:
                if part >> n & 1:
                    sides |= 1 << side
            known &= _MEETING[sides]
        by_cell[cell] = known
    return known


def _facing(board: Board, g: _Geometry, cells: tuple[int, ...], cell: int) -> int:
    """The sides of `cell` facing a road end beside it (a mask of SIDES)."""
    masks, residence, out = g.masks, board.residence, 0
    for side, n, back in g.links[cell]:
        held = cells[n]
        if n == residence:
            roads = board.residence_roads
        elif held == NO:
            continue
        else:
            roads = masks[held]
        if roads >> back & 1:
            out |= 1 << side
    return out


def _reach(g: _Geometry, masks: list[int], start: int) -> int:
    """The cells reached by roads from `start`, as a bit set."""
    links = g.links
    reached = 1 << start
    todo = [start]
    while todo:
        here = todo.pop()
        mask = masks[here]
        for side, n, back in links[here]:
            if mask >> side & 1 and masks[n] >> back & 1 and not reached >> n & 1:
                reached |= 1 << n
                todo.append(n)
    return reached


def yields_reached(board: Board, cell: int, mask: int) -> list[tuple[int, str, int]]:
    """The special yields a tile on `cell` with road ends `mask` reaches, each with the side
    of the cell it lies on (Special yields)."""
    return [
        (s, *board.yields[(cell, s)])
        for s in range(4)
        if mask >> s & 1 and (cell, s) in board.yields
    ]


_MARKETS: dict[tuple[str, tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}
_SEEN_MARKETS: dict[int, tuple[tuple[int, ...], Tiles, tuple[tuple[int, ...], ...]]] = {}


def markets(tiles: Tiles, cells: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The markets of the province by good: their values, best first. Remembered, as the
    frontier is (a province changes only when a tile is placed), first by its identity."""
    seen = _SEEN_MARKETS.get(id(cells))
    if seen is not None and seen[0] is cells and seen[1] is tiles:
        return seen[2]
    key = (tiles.text_key, cells)
    known = _MARKETS.get(key)
    if known is None:
        if len(_MARKETS) >= FRONTIERS:
            _MARKETS.clear()
        by_good: list[list[int]] = [[] for _ in GOODS]
        infos = tiles.tiles
        for held in cells:
            if held != NO:
                for good, v in infos[held >> 2].markets:
                    by_good[good].append(v)
        for vs in by_good:
            vs.sort(reverse=True)
        known = _MARKETS[key] = tuple(map(tuple, by_good))  # no generator: a call of its own
    if len(_SEEN_MARKETS) >= FRONTIERS:
        _SEEN_MARKETS.clear()
    _SEEN_MARKETS[id(cells)] = (cells, tiles, known)
    return known


def assorted(tiles: Tiles, cells: tuple[int, ...], most: int = len(GOODS)) -> int:
    """Assorted goods: the best market of each kind, at most `most` kinds."""
    return sum(sorted((vs[0] for vs in markets(tiles, cells) if vs), reverse=True)[:most])


def one_kind(tiles: Tiles, cells: tuple[int, ...], good: int, most: int) -> int:
    """Goods of one kind: the best `most` markets of that good."""
    return sum(markets(tiles, cells)[good][:most])
