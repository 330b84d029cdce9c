"""ImageDraw with a cache of text masks: the same words in the same font are rasterised once.

Text is most of a board's drawing time and the panel repeats the same labels on every render;
a cached coverage mask pasted in the text colour gives the same pixels as drawing the text.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

Mask = tuple[tuple[int, int], Image.Image]  # offset from the anchor point, L mask


@lru_cache(maxsize=4096)
def _mask(text: str, path: str, size: int, anchor: str, stroke: int) -> Mask:
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
    return (left - 1, top - 1), mask


@lru_cache(maxsize=4096)
def _length(text: str, path: str, size: int, mode: str) -> float:
    return _font(path, size).getlength(text, mode)


@lru_cache(maxsize=64)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


class Draw(ImageDraw.ImageDraw):
    """ImageDraw whose single-line text on an RGB image goes through the mask cache."""

    def __init__(self, im: Image.Image) -> None:
        super().__init__(im)
        self._target = im

    def textlength(self, text: Any, font: Any = None, *args: Any, **kwargs: Any) -> float:
        """The width of a line of text, from a cache for the fonts of render/fonts."""
        if (
            args
            or kwargs
            or not isinstance(text, str)
            or not isinstance(font, ImageFont.FreeTypeFont)
        ):
            return super().textlength(text, font, *args, **kwargs)
        if not isinstance(font.path, str) or "\n" in text:
            return super().textlength(text, font, *args, **kwargs)
        return _length(text, font.path, int(font.size), self.fontmode)

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
            and self._target.mode == "RGB"
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
            self._target.paste(
                kwargs["stroke_fill"], (x + ox, y + oy, x + ox + m.width, y + oy + m.height), m
            )
        (ox, oy), m = _mask(text, path, size, anchor, 0)
        self._target.paste(fill[:3], (x + ox, y + oy, x + ox + m.width, y + oy + m.height), m)
