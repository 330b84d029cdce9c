"""The map with every space filled in its colour of the moment, under the static overlay.

Control and Tributary markers (1.6, 1.7) change far less often than pieces, so most boards
start from a copy of a map painted before: a cache of painted maps keyed by their fills,
bounded by CACHE_BYTES. A map not in the cache is made from the cached one with the fewest
spaces of another colour, repainting only those spaces: next to one another in a game, two
boards seldom differ by more than a Province or two.

Repainting is exact (the same bytes as painting from scratch, whatever the cache held): it
paints the space's box as `paint` would, from the background up with the fill of every space
whose mask reaches into the box, in the same order, and pastes the box whole.

The board's PNG is on a fixed palette: `quantised` keeps the maps on it too (a P image a
third of the size), made the same way, from the nearest one held, with the boxes of the spaces
that differ mapped onto it (the palette maps each pixel on its own: exact too). A space's box
painted in given fills (`tile`) and outlined (`outlined`, the last turn's) is kept, in RGB and
on the palette: it comes up again in other maps.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from . import basemap, palette, theme
from . import geometry as g
from .lru import LRU, pixel_bytes

MAPS_KEPT = 4  # the maps of the boards drawn last: a new one is made from the nearest
Fills = tuple[theme.RGB, ...]  # one colour per space, in g.POLYGONS order
MAP_BYTES = g.MAP_W * g.MAP_H * 4  # one RGB map (Pillow keeps a pixel in four bytes)
CACHE_BYTES = MAPS_KEPT * MAP_BYTES


def paint(fills: Fills) -> Image.Image:
    """The whole map painted from scratch."""
    img = basemap.background().copy()
    for colour, ((x0, y0), mask) in zip(fills, basemap.masks().values(), strict=True):
        img.paste(colour, (x0, y0, x0 + mask.width, y0 + mask.height), mask)
    over = basemap.overlay()
    img.paste(over, (0, 0), over)
    return img


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
    """Bring one space of a painted map (in place) to `fills`: its box as `paint(fills)`."""
    img.paste(tile(sid, fills), _box(sid)[:2])


def _tile_key(sid: str, fills: Fills) -> tuple[str, Fills]:
    """What the pixels of a space's box depend on: the fills reaching into it."""
    return (sid, tuple(fills[i] for i in _overlapping(sid)))


def tile(sid: str, fills: Fills) -> Image.Image:
    """`paint(fills)` in the box of `sid` (shared): painted as `paint` paints it, from the
    background up with the fill of every space whose mask reaches into the box, in the same
    order, so every pixel of the box is the same."""
    return _tiles.get_or_make(_tile_key(sid, fills), lambda key: _paint_box(sid, fills))


def _paint_box(sid: str, fills: Fills) -> Image.Image:
    x0, y0, x1, y1 = _box(sid)
    img = basemap.background().crop((x0, y0, x1, y1))
    masks = list(basemap.masks().values())
    for i in _overlapping(sid):
        (mx, my), mask = masks[i]
        img.paste(fills[i], (mx - x0, my - y0, mx - x0 + mask.width, my - y0 + mask.height), mask)
    over = basemap.overlay().crop((x0, y0, x1, y1))
    img.paste(over, (0, 0), over)
    return img


# A map not in the cache is made from the nearest one with a few pastes of kept tiles.
TILE_BYTES = MAP_BYTES
_tiles: LRU[tuple[str, Fills], Image.Image] = LRU(TILE_BYTES, pixel_bytes)
_tiles_on: LRU[tuple[str, Fills], Image.Image] = LRU(TILE_BYTES // 4, pixel_bytes)


Outlined = tuple[tuple[int, int], Image.Image, Image.Image]  # top left, RGB, where ("1")


def outlined(sid: str, fills: Fills) -> Outlined:
    """The box of `sid` in `paint(fills)` under the outline of the last turn
    (basemap.highlight), and where the outline shows (mode "1"): pasted through it, outlines
    of spaces side by side each keep theirs."""
    return _outlined.get_or_make(_tile_key(sid, fills), lambda key: _outline(sid, fills))


def _outline(sid: str, fills: Fills) -> Outlined:
    xy, sprite = basemap.highlight(sid)
    img = tile(sid, fills).copy()
    if (*xy, *img.size) != (*_box(sid)[:2], *sprite.size):
        raise ValueError(f"the outline of {sid} is not drawn on the box of its space")
    img.paste(sprite, (0, 0), sprite)
    return xy, img, sprite.getchannel("A").point(lambda v: 255 if v else 0, "1")


def outlined_on(sid: str, fills: Fills, pal: Image.Image) -> Image.Image:
    """`outlined(sid, fills)` on the palette `pal` (P)."""
    return _outlined_on.get_or_make(
        _tile_key(sid, fills), lambda key: palette.to_palette(outlined(sid, fills)[1], pal)
    )


_outlined: LRU[tuple[str, Fills], Outlined] = LRU(
    TILE_BYTES, lambda o: pixel_bytes(o[1]) + pixel_bytes(o[2])
)
_outlined_on: LRU[tuple[str, Fills], Image.Image] = LRU(TILE_BYTES // 4, pixel_bytes)
_cache: LRU[Fills, Image.Image] = LRU(CACHE_BYTES, lambda im: MAP_BYTES)


def cached() -> LRU[Fills, Image.Image]:
    return _cache


def _make(fills: Fills) -> Image.Image:
    nearest = min(_cache.items(), key=lambda kv: len(_differing(kv[0], fills)), default=None)
    if nearest is None or len(_differing(nearest[0], fills)) > len(fills) // 2:
        return paint(fills)
    img = nearest[1].copy()
    sids = list(g.POLYGONS)
    for i in _differing(nearest[0], fills):
        repaint(img, sids[i], fills)
    return img


def painted(fills: Fills) -> Image.Image:
    """The map painted in `fills` (shared: copy or paste it, never draw on it)."""
    return _cache.get_or_make(fills, _make)


_quantised: LRU[Fills, Image.Image] = LRU(CACHE_BYTES // 4, lambda im: MAP_BYTES // 4)


def quantised(fills: Fills, pal: Image.Image) -> Image.Image:
    """`painted(fills)` on the palette `pal` (P; shared: paste it, never draw on it). Every
    call must pass the same palette: the board's."""
    return _quantised.get_or_make(fills, lambda key: _make_quantised(key, pal))


def _make_quantised(fills: Fills, pal: Image.Image) -> Image.Image:
    rgb = painted(fills)
    nearest = min(_quantised.items(), key=lambda kv: len(_differing(kv[0], fills)), default=None)
    if nearest is None or len(_differing(nearest[0], fills)) > len(fills) // 2:
        return palette.to_palette(rgb, pal)
    img = nearest[1].copy()
    sids = list(g.POLYGONS)
    for i in _differing(nearest[0], fills):
        img.paste(_tile_on(sids[i], fills, pal), _box(sids[i])[:2])
    return img


def _tile_on(sid: str, fills: Fills, pal: Image.Image) -> Image.Image:
    """`tile(sid, fills)` on the palette `pal`."""
    return _tiles_on.get_or_make(
        _tile_key(sid, fills), lambda key: palette.to_palette(tile(sid, fills), pal)
    )


def _differing(a: Fills, b: Fills) -> list[int]:
    return [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
