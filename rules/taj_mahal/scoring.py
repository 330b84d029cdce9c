"""Influence points (Influence points 1-3) and the end of the game (Game end)."""

from __future__ import annotations

from collections.abc import Iterable

from .components import COLOURS, WHITE, Board, Cards


def commodity_count(
    board: Board, province_tiles: Iterable[int], commodity_tiles: Iterable[int], commodity: str
) -> int:
    """How often `commodity` shows on a player's province tiles and commodity bonus tiles."""
    n = 0
    shown = board.province_tiles
    for t in province_tiles:
        n += shown[t - 1].count(commodity)
    for t in commodity_tiles:
        n += board.tile(t).commodity == commodity
    return n


def commodity_tile_points(
    board: Board, province_tiles: Iterable[int], commodity_tiles: Iterable[int], commodity: str
) -> int:
    """A commodity bonus tile just taken: 1, and 1 per occurrence of its commodity on the
    player's other bonus and province tiles (Influence points 1)."""
    return 1 + commodity_count(board, province_tiles, commodity_tiles, commodity)


def province_tile_points(
    board: Board, tile: int, province_tiles: Iterable[int], commodity_tiles: Iterable[int]
) -> int:
    """A province tile just won: 1 per commodity on it, and 1 per occurrence of the same
    commodities on the player's earlier province and bonus tiles (Influence points 2)."""
    pt, ct = tuple(province_tiles), tuple(commodity_tiles)
    shown = board.province_tiles[tile - 1]
    n = len(shown)
    for c in shown:
        n += commodity_count(board, pt, ct, c)
    return n


def connected_provinces(
    board: Board, palace: tuple[int, ...], crown_palace: tuple[int, ...], seat: int, province: int
) -> set[int]:
    """The provinces reached from `seat`'s palaces in `province` along roads through cities
    holding a palace of `seat` (an empty city or another player's palace interrupts; a city
    with two palaces connects for both), `province` included when it holds one."""
    own = [c for c in board.cities_of[province] if palace[c] == seat or crown_palace[c] == seat]
    city_province = board.city_province
    return {city_province[c] for c in _joined(board, palace, crown_palace, seat, own)}


def chains(
    board: Board, palace: tuple[int, ...], crown_palace: tuple[int, ...], seat: int
) -> list[tuple[int, ...]]:
    """`seat`'s palace cities grouped by the roads that join them (Influence points 3: a
    city holding one of its palaces, crown palace or not, carries the connection), each
    group in the board's order of cities, the groups in the order of their first city."""
    out: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for c in range(len(palace)):
        if c not in seen and (palace[c] == seat or crown_palace[c] == seat):
            group = _joined(board, palace, crown_palace, seat, [c])
            seen |= group
            out.append(tuple(sorted(group)))
    return out


def _joined(
    board: Board,
    palace: tuple[int, ...],
    crown_palace: tuple[int, ...],
    seat: int,
    start: list[int],
) -> set[int]:
    """The cities holding a palace of `seat` that roads join to the cities `start` (those
    included), each a step through such cities (Influence points 3)."""
    seen = set(start)
    todo = list(start)
    neighbours = board.neighbours
    while todo:
        for n in neighbours[todo.pop()]:
            if n not in seen and (palace[n] == seat or crown_palace[n] == seat):
                seen.add(n)
                todo.append(n)
    return seen


def palace_points(
    board: Board, palace: tuple[int, ...], crown_palace: tuple[int, ...], seat: int, province: int
) -> int:
    """1 for the current province when the player has a palace there, and 1 per other
    province connected to it (Influence points 3)."""
    return len(connected_provinces(board, palace, crown_palace, seat, province))


def hand_points(cards: Cards, hand: Iterable[int], specials: int) -> int:
    """End of the game: 1 per special card, per white card, and per card of the player's
    longest colour (one colour when several tie) (Game end)."""
    per_colour = dict.fromkeys(COLOURS, 0)
    white = 0
    for k in hand:
        colour = cards.kinds[k].colour
        if colour == WHITE:
            white += 1
        elif colour in per_colour:
            per_colour[colour] += 1
    return specials + white + max(per_colour.values())
