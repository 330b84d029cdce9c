"""The map with every space filled in its colour of the moment, under the static overlay.

Control and Tributary markers (1.6, 1.7) change far less often than pieces, so most boards
start from a copy of a map painted before: a cache of painted maps keyed by their fills,
bounded by CACHE_BYTES. A map not in the cache is made from the cached one with the fewest
spaces of another colour, repainting only those spaces: next to one another in a game, two
boards seldom differ by more than a Province or two.

Repainting is exact (the same bytes as painting from scratch, whatever the cache held): a
space's fill shows only where its anti-aliased mask is not 0, and there the repaint redoes
every step of `paint` on those pixels, in the same order.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from . import basemap, theme
from . import geometry as g
from .lru import LRU

Fills = tuple[theme.RGB, ...]  # one colour per space, in g.POLYGONS order
MAP_BYTES = g.MAP_W * g.MAP_H * 3  # one RGB map
CACHE_BYTES = 8 * MAP_BYTES


def paint(fills: Fills) -> Image.Image:
    """The whole map painted from scratch."""
    img = basemap.background().copy()
    for colour, ((x0, y0), mask) in zip(fills, basemap.masks().values(), strict=True):
        img.paste(colour, (x0, y0, x0 + mask.width, y0 + mask.height), mask)
    over = basemap.overlay()
    img.paste(over, (0, 0), over)
    return img


@cache
def _inside(sid: str) -> Image.Image:
    """Where a space's fill can show: every pixel its anti-aliased mask touches (L, 0/255)."""
    _, mask = basemap.masks()[sid]
    return mask.point(lambda v: 255 if v else 0)


def _box(sid: str) -> g.Box:
    (x0, y0), mask = basemap.masks()[sid]
    return (x0, y0, x0 + mask.width, y0 + mask.height)


@cache
def _overlapping(sid: str) -> tuple[int, ...]:
    """The spaces (indices in g.POLYGONS order) whose masks reach into `sid`'s box."""
    a = _box(sid)
    return tuple(
        i
        for i, other in enumerate(g.POLYGONS)
        if (b := _box(other))[0] < a[2] and a[0] < b[2] and b[1] < a[3] and a[1] < b[3]
    )


def repaint(img: Image.Image, sid: str, fills: Fills) -> None:
    """Bring one space of a painted map (in place) to `fills`: its box is painted as `paint`
    would, with every fill reaching into it in the same order, so the pixels are the same."""
    x0, y0, x1, y1 = _box(sid)
    tile = basemap.background().crop((x0, y0, x1, y1))
    masks = list(basemap.masks().values())
    for i in _overlapping(sid):
        (mx, my), mask = masks[i]
        tile.paste(fills[i], (mx - x0, my - y0, mx - x0 + mask.width, my - y0 + mask.height), mask)
    over = basemap.overlay().crop((x0, y0, x1, y1))
    tile.paste(over, (0, 0), over)
    img.paste(tile, (x0, y0), _inside(sid))


_cache: LRU[Fills, Image.Image] = LRU(CACHE_BYTES, lambda im: MAP_BYTES)


def cached() -> LRU[Fills, Image.Image]:
    return _cache


def _make(fills: Fills) -> Image.Image:
    def differing(key: Fills) -> list[int]:
        return [i for i, (a, b) in enumerate(zip(key, fills, strict=True)) if a != b]

    nearest = min(_cache.items(), key=lambda kv: len(differing(kv[0])), default=None)
    if nearest is None or len(differing(nearest[0])) > len(fills) // 2:
        return paint(fills)
    img = nearest[1].copy()
    sids = list(g.POLYGONS)
    for i in differing(nearest[0]):
        repaint(img, sids[i], fills)
    return img


def painted(fills: Fills) -> Image.Image:
    """The map painted in `fills` (shared: copy or paste it, never draw on it)."""
    return _cache.get_or_make(fills, _make)
