"""Rounded boxes drawn once and pasted: the panel's boxes, tags and chips repeat on every
board, and pasting one costs a fraction of drawing its corners again (the same pixels:
Pillow's shapes are not anti-aliased, so a pasted box is the drawn one)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from . import theme


@lru_cache(maxsize=512)
def box(
    w: int,
    h: int,
    radius: int,
    fill: theme.RGB | None,
    outline: theme.RGB | None = None,
    width: int = 1,
    ground: theme.RGB | None = None,
) -> Image.Image:
    """A rounded box covering (0, 0) to (w, h) inclusive, as ImageDraw draws it: RGBA, or RGB
    on `ground`, the one colour around its corners (a plain paste, many times cheaper)."""
    if ground is None:
        img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    else:
        img = Image.new("RGB", (w + 1, h + 1), ground)
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, w, h), radius=radius, fill=fill, outline=outline, width=width
    )
    return img
