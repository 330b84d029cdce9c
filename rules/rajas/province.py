"""The province boards (The province boards; Special yields; the markets of II. Market action).

A cell holds tile * 4 + rotation, or NO. Every road end of a tile is joined to its others on
the tile, so a tile joined to the residence by one road end is joined by all of them.
"""

from __future__ import annotations

from collections.abc import Iterator
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


def joins(board: Board, tiles: Tiles, cells: tuple[int, ...], cell: int, mask: int) -> bool:
    """Whether a tile with road ends `mask` on `cell` meets a road already there (a neighbour
    with a road end on the shared side)."""
    for side in range(4):
        if mask >> side & 1:
            n = neighbour(board, cell, side)
            if n != NO and roads_at(board, tiles, cells, n) >> ((side + 2) % 4) & 1:
                return True
    return False


@cache
def rotations(tile: Tile) -> tuple[int, ...]:
    """The rotations giving different road masks (a straight road has two)."""
    seen: dict[int, int] = {}
    for r in range(4):
        seen.setdefault(tile.turned(r), r)
    return tuple(sorted(seen.values()))


def builds(
    board: Board, tiles: Tiles, cells: tuple[int, ...], tile: Tile
) -> Iterator[tuple[int, int]]:
    """Every (cell, rotation) where `tile` may be placed: an empty cell, a road end meeting an
    existing road (The province boards)."""
    for cell, held in enumerate(cells):
        if held != NO or cell == board.residence:
            continue
        for r in rotations(tile):
            if joins(board, tiles, cells, cell, tile.turned(r)):
                yield cell, r


def connected(board: Board, tiles: Tiles, cells: tuple[int, ...]) -> bool:
    """Whether every tile is joined to the residence by roads (Master builder)."""
    reached = {board.residence}
    todo = [board.residence]
    while todo:
        cell = todo.pop()
        mask = roads_at(board, tiles, cells, cell)
        for side in range(4):
            if mask >> side & 1:
                n = neighbour(board, cell, side)
                if (
                    n != NO
                    and n not in reached
                    and roads_at(board, tiles, cells, n) >> ((side + 2) % 4) & 1
                ):
                    reached.add(n)
                    todo.append(n)
    return all(c in reached for c, held in enumerate(cells) if held != NO)


def covers(
    board: Board, tiles: Tiles, cells: tuple[int, ...], cell: int, tile_id: int
) -> list[int]:
    """The rotations of tile `tile_id` laid over `cell` that leave every tile joined."""
    out = []
    for r in rotations(tiles.tiles[tile_id]):
        trial = (*cells[:cell], tile_id * 4 + r, *cells[cell + 1 :])
        if connected(board, tiles, trial):
            out.append(r)
    return out


def yields_reached(board: Board, cell: int, mask: int) -> list[tuple[str, int]]:
    """The special yields a tile on `cell` with road ends `mask` reaches (Special yields)."""
    return [
        board.yields[(cell, s)] for s in range(4) if mask >> s & 1 and (cell, s) in board.yields
    ]


def markets(tiles: Tiles, cells: tuple[int, ...]) -> list[tuple[int, int]]:
    """Every market of the province: (good, value)."""
    return [m for held in cells if held != NO for m in tiles.tiles[held >> 2].markets]


def assorted(tiles: Tiles, cells: tuple[int, ...], most: int = len(GOODS)) -> int:
    """Assorted goods: the best market of each kind, at most `most` kinds."""
    best: dict[int, int] = {}
    for good, v in markets(tiles, cells):
        best[good] = max(best.get(good, 0), v)
    return sum(sorted(best.values(), reverse=True)[:most])


def one_kind(tiles: Tiles, cells: tuple[int, ...], good: int, most: int) -> int:
    """Goods of one kind: the best `most` markets of that good."""
    vals = sorted((v for g, v in markets(tiles, cells) if g == good), reverse=True)
    return sum(vals[:most])


def goods_held(tiles: Tiles, cells: tuple[int, ...]) -> list[int]:
    return sorted({g for g, _ in markets(tiles, cells)})
