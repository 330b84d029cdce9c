"""Text from caches: the same words in the same font are rasterised once.

Text is most of a board's drawing and the panel repeats the same labels on every render.
`Draw` is an ImageDraw whose text is a cached coverage mask pasted in the text colour (the same
pixels as drawing the text); `tile` is a line of text already on the one colour it lies on,
pasted whole (canvas.py). The coverage is kept in three levels (none, half, full): at
the board's type sizes the edges look as smooth, and the PNG is several KB smaller than with
FreeType's 256 levels.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from .lru import LRU, pixel_bytes

Mask = tuple[tuple[int, int], Image.Image]  # offset from the anchor point, L mask or RGB tile
RGB = tuple[int, int, int]

_LEVELS = [0 if v < 64 else (128 if v < 192 else 255) for v in range(256)]
# Bounded by bytes: a line of the prompt is a mask of some 25 KB, its tile four times that.
# A board's panel keeps each tile's twin on the palette (canvas.py), made from the tile once:
# the tiles themselves are kept for drawing on RGB images, a few.
_masks: LRU[tuple[str, str, int, str, int], Mask] = LRU(4 << 20, lambda m: pixel_bytes(m[1]) or 1)
_tiles: LRU[tuple[str, str, int, str, RGB, RGB], Mask] = LRU(
    1 << 20, lambda m: pixel_bytes(m[1]) or 1
)


def _render(key: tuple[str, str, int, str, int]) -> Mask:
    text, path, size, anchor, stroke = key
    font = _font(path, size)
    box = font.getbbox(text, anchor=anchor, stroke_width=stroke)
    left, top, right, bottom = (int(v) for v in box)
    mask = Image.new("L", (max(1, right - left + 2), max(1, bottom - top + 2)), 0)
    ImageDraw.Draw(mask).text(
        (1 - left, 1 - top),
        text,
        fill=255,
        font=font,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=255,
    )
    return (left - 1, top - 1), mask.point(_LEVELS)


def _mask(text: str, path: str, size: int, anchor: str, stroke: int) -> Mask:
    return _masks.get_or_make((text, path, size, anchor, stroke), _render)


def _tile(key: tuple[str, str, int, str, RGB, RGB]) -> Mask:
    """The text in its colour on a ground of one colour, ready to paste (RGB)."""
    text, path, size, anchor, fill, ground = key
    offset, mask = _mask(text, path, size, anchor, 0)  # the same words in another colour
    tile = Image.new("RGB", mask.size, ground)
    tile.paste(fill, (0, 0), mask)
    return offset, tile


def tile(text: str, font: ImageFont.FreeTypeFont, anchor: str, fill: RGB, ground: RGB) -> Mask:
    """One line of text in `fill` on `ground` (RGB), and its offset from the anchor point."""
    key = (text, str(font.path), int(font.size), anchor, fill, ground)
    return _tiles.get_or_make(key, _tile)


def mask(text: str, font: ImageFont.FreeTypeFont, anchor: str, stroke: int = 0) -> Mask:
    """The coverage of one line of text (L) and its offset from the anchor point."""
    return _mask(text, str(font.path), int(font.size), anchor, stroke)


def length(text: str, font: ImageFont.FreeTypeFont) -> float:
    """The width of one line of text in `font`."""
    return _length(text, str(font.path), int(font.size), "L")


def clear() -> None:
    """Forget every cached mask and tile (tests: to see every text drawn again)."""
    _masks.clear()
    _tiles.clear()


@lru_cache(maxsize=4096)
def _length(text: str, path: str, size: int, mode: str) -> float:
    return _font(path, size).getlength(text, mode)


@lru_cache(maxsize=64)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


class Draw(ImageDraw.ImageDraw):
    """ImageDraw whose single-line text on an RGB or RGBA image goes through the mask cache."""

    def __init__(self, im: Image.Image) -> None:
        super().__init__(im)
        self._target = im

    def text(
        self,
        xy: Any,
        text: Any,
        fill: Any = None,
        font: Any = None,
        anchor: Any = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        simple = (
            not args
            and set(kwargs) <= {"stroke_width", "stroke_fill"}
            and isinstance(text, str)
            and "\n" not in text
            and isinstance(font, ImageFont.FreeTypeFont)
            and isinstance(font.path, str)
            and isinstance(fill, tuple)
            and self._target.mode in ("RGB", "RGBA")
        )
        if not simple:
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        x, y = round(xy[0]), round(xy[1])
        anchor = anchor or "la"
        stroke = int(kwargs.get("stroke_width", 0))
        path = str(font.path)
        size = int(font.size)
        if stroke:
            (ox, oy), m = _mask(text, path, size, anchor, stroke)
            box = (x + ox, y + oy, x + ox + m.width, y + oy + m.height)
            self._target.paste(self._colour(kwargs["stroke_fill"]), box, m)
        (ox, oy), m = _mask(text, path, size, anchor, 0)
        box = (x + ox, y + oy, x + ox + m.width, y + oy + m.height)
        self._target.paste(self._colour(fill), box, m)

    def _colour(self, fill: tuple[int, ...]) -> tuple[int, ...]:
        """`fill` for the target: RGB, or RGBA (opaque unless it says otherwise)."""
        if self._target.mode == "RGB":
            return fill[:3]
        return fill if len(fill) == 4 else (*fill[:3], 255)
