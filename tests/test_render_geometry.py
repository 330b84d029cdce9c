"""The board image's geometry agrees with the map (rules/vijayanagara/data/map.yaml, 1.3)."""

from __future__ import annotations

import itertools

import pytest

from render.vijayanagara import geometry as g
from rules import vijayanagara

Point = tuple[int, int]


def _edges(ring: list[Point]) -> set[frozenset[Point]]:
    return {frozenset((ring[i], ring[(i + 1) % len(ring)])) for i in range(len(ring))}


def _cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    """True when segments pq and rs cross at a point inside both (not at a shared end)."""

    def orient(a: Point, b: Point, c: Point) -> int:
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    if {p, q} & {r, s}:
        return False
    o1, o2, o3, o4 = orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)
    return o1 * o2 < 0 and o3 * o4 < 0


def test_every_space_has_a_shape_and_anchors() -> None:
    spaces = set(vijayanagara.board().spaces)
    assert set(g.POLYGONS) == spaces
    assert set(g.LABELS) == spaces
    assert set(g.PIECES) == spaces
    assert set(g.CITIES) == set(vijayanagara.board().cities)


@pytest.mark.parametrize("a,b", list(itertools.combinations(sorted(g.POLYGONS), 2)))
def test_shapes_touch_iff_adjacent(a: str, b: str) -> None:
    shared_points = set(g.POLYGONS[a]) & set(g.POLYGONS[b])
    shared_edges = _edges(g.POLYGONS[a]) & _edges(g.POLYGONS[b])
    adjacent = vijayanagara.board().adjacent(a, b)
    corner_only = {frozenset(("gondwana", "andhra")), frozenset(("madhyadesh", "orissa"))}
    if frozenset((a, b)) in corner_only:
        assert shared_points == {g.WARANGAL}
        assert not shared_edges
    elif adjacent:
        assert shared_edges, f"{a} and {b} are adjacent but share no border"
    else:
        assert not shared_points, f"{a} and {b} are not adjacent but touch"


def test_shapes_do_not_overlap() -> None:
    rings = [*g.POLYGONS.values(), g.VINDHYA]
    for ra, rb in itertools.combinations(rings, 2):
        for e in _edges(ra):
            p, q = tuple(e)
            for f in _edges(rb):
                r, s = tuple(f)
                assert not _cross(p, q, r, s)
    for ring in rings:  # simple polygons
        edges = [(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))]
        for (p, q), (r, s) in itertools.combinations(edges, 2):
            assert not _cross(p, q, r, s)


def test_vindhya_is_a_four_way_region() -> None:
    v = set(g.VINDHYA)
    around = {s for s, ring in g.POLYGONS.items() if v & set(ring)}
    assert around == {"malwa", "jaunpur", "madhyadesh", "gondwana"}
    for s in around:  # each of the four shares a whole side of the range
        assert _edges(g.VINDHYA) & _edges(g.POLYGONS[s])


def test_warangal_is_a_four_way_point() -> None:
    at = {s for s, ring in g.POLYGONS.items() if g.WARANGAL in ring}
    assert at == {"gondwana", "orissa", "andhra", "madhyadesh"}


def test_cities_lie_where_their_spaces_meet() -> None:
    for cid, city in vijayanagara.board().cities.items():
        point = g.CITIES[cid]
        holders = {s for s, ring in g.POLYGONS.items() if point in ring}
        assert holders == set(city.touches), cid
