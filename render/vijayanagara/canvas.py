"""Where the panel is drawn: every part of it a tile lying on one colour (a line of text, a
rounded box, an icon), pasted whole.

On an RGB image the tiles are pasted as they are. On the board's palette image (P) each
tile's twin on the palette is pasted, mapped once and kept: the palette maps every pixel on
its own, so the two pictures are the same, and a board's panel needs no mapping of its own.
A tile is an opaque rectangle, its ground included: the caller says what the tile lies on.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PIL import Image, ImageFont

from rules.vijayanagara import Piece

from . import fastdraw, palette, shapes, sprites, theme
from .lru import LRU, pixel_bytes

Box = tuple[int, int, int, int]
_rgb: LRU[Hashable, Image.Image] = LRU(4 << 20, pixel_bytes)
# each twin with its offset from where it is placed (a line of text's, from its anchor)
_twins: LRU[Hashable, fastdraw.Mask] = LRU(4 << 20, lambda m: pixel_bytes(m[1]))
_twins_of: list[Image.Image] = []  # the palette the twins are on


def clear() -> None:
    """Forget every tile and twin kept, and fastdraw's masks (tests: to see every text drawn
    again, whatever an earlier board left cached)."""
    _rgb.clear()
    _twins.clear()
    _twins_of.clear()
    fastdraw.clear()


class Canvas:
    """An RGB image, or a P image on `pal`, the tiles are pasted on."""

    def __init__(self, img: Image.Image, pal: Image.Image | None = None) -> None:
        if (img.mode == "P") != (pal is not None):
            raise ValueError("a P image is drawn with its palette, an RGB image without one")
        self.img = img
        self.pal = pal
        if pal is not None and (not _twins_of or _twins_of[0] is not pal):
            _twins.clear()
            _twins_of[:] = [pal]

    def _paste(self, key: Hashable, xy: tuple[int, int], rgb: Image.Image) -> None:
        self.img.paste(self._tile(key, lambda: ((0, 0), rgb))[1], xy)

    def _tile(self, key: Hashable, rgb: Callable[[], fastdraw.Mask]) -> fastdraw.Mask:
        """The tile to paste and its offset: `rgb`'s on an RGB image; on a P image its twin,
        kept (the RGB tile is made only when the twin is not held)."""
        if self.pal is None:
            return rgb()
        pal = self.pal

        def twin(key: Hashable) -> fastdraw.Mask:
            offset, tile = rgb()
            return offset, palette.to_palette(tile, pal)

        return _twins.get_or_make(key, twin)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        font: ImageFont.FreeTypeFont,
        fill: theme.RGB,
        ground: theme.RGB,
        anchor: str = "la",
    ) -> Box:
        """One line of text on `ground`, placed as ImageDraw.text places it; returns its box."""
        key = ("text", text, str(font.path), int(font.size), anchor, fill, ground)
        (ox, oy), tile = self._tile(key, lambda: fastdraw.tile(text, font, anchor, fill, ground))
        x, y = round(xy[0]) + ox, round(xy[1]) + oy
        self.img.paste(tile, (x, y))
        return (x, y, x + tile.width, y + tile.height)

    def box(
        self,
        xy: tuple[int, int],
        w: int,
        h: int,
        radius: int,
        fill: theme.RGB,
        ground: theme.RGB,
        outline: theme.RGB | None = None,
        width: int = 1,
    ) -> None:
        """A rounded box covering xy to xy + (w, h) inclusive (shapes.box) on `ground`."""
        tile = shapes.box(w, h, radius, fill, outline, width, ground)
        self._paste(("box", w, h, radius, fill, outline, width, ground), xy, tile)

    def icon(self, xy: tuple[int, int], kind: Piece | None, size: int, ground: theme.RGB) -> None:
        """A piece's icon (sprites.piece), or the Cavalry token's (None), on `ground`."""
        key = ("icon", kind, size, ground)
        self._paste(key, xy, _rgb.get_or_make(key, lambda k: _icon(kind, size, ground)))

    def faded(self, xy: tuple[int, int], kind: Piece | None, size: int, ground: theme.RGB) -> None:
        """The icon a third as strong: none of these is left."""
        key = ("faded", kind, size, ground)
        self._paste(key, xy, _rgb.get_or_make(key, lambda k: _icon(kind, size, ground, 35)))

    def rectangle(self, box: Box, fill: theme.RGB) -> None:
        """A rectangle of one colour, `box` inclusive as ImageDraw's."""
        size = (box[2] - box[0] + 1, box[3] - box[1] + 1)
        key = ("rect", size, fill)
        self._paste(key, box[:2], _rgb.get_or_make(key, lambda k: Image.new("RGB", size, fill)))


def _icon(kind: Piece | None, size: int, ground: theme.RGB, percent: int = 100) -> Image.Image:
    sprite = sprites.cavalry(size) if kind is None else sprites.piece(kind, size)
    alpha = sprite.getchannel("A")
    if percent != 100:
        alpha = alpha.point(lambda a: a * percent // 100)
    tile = Image.new("RGB", sprite.size, ground)
    tile.paste(sprite.convert("RGB"), (0, 0), alpha)
    return tile
