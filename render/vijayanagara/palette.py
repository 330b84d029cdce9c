"""The board's fixed palette: every board is mapped onto the same colours.

Quantising each board afresh (an octree per render) was about 40 % of a render's CPU time;
mapping onto a palette made once is several times cheaper, gives the same colours on every
board, and keeps the named colours of the theme (the faction colours, Control tints, the red of
Rebelling Units, the highlight) exact: they are entries of the palette, each one mapping onto
itself (`build` sees to it). The other entries are the anti-aliasing shades, taken once by octree
from sample drawings (the map in every tint, the panel, every piece).
"""

from __future__ import annotations

from PIL import Image

from . import theme

SIZE = 64  # entries: enough for smooth edges and text, few enough to compress well


def named_colours() -> list[theme.RGB]:
    """The theme's colours, each one exact in the palette (first come, without repeats)."""
    out: list[theme.RGB] = []
    for colour in theme.NAMED + tuple(
        c for table in (theme.FACTION, theme.ON_FACTION, theme.CONTROL_TINT) for c in table.values()
    ):
        if colour not in out:
            out.append(colour)
    return out


def _shades(sample: Image.Image, n: int, skip: list[theme.RGB]) -> list[theme.RGB]:
    q = sample.quantize(colors=n, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = q.getpalette() or []
    found = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
    return [c for c in found if c not in skip]


def build(sample: Image.Image) -> Image.Image:
    """A 1x1 "P" image carrying the palette (the form Image.quantize takes), built from
    `sample`, an RGB drawing with the shades a board has (deterministic: octree).

    Pillow maps a colour through a cache of 6 bits a channel, to the entry nearest that
    cache slot: a shade very close to a named colour could take the named colour's pixels.
    Such shades are left out until every named colour maps onto itself."""
    named = named_colours()
    shades = _shades(sample, SIZE, named)
    while True:
        img = _carrying((named + shades)[:SIZE])
        strip = Image.new("RGB", (len(named), 1))
        strip.putdata(named)
        mapped = list(to_palette(strip, img).tobytes())
        taken = {i for n, i in enumerate(mapped) if i != n}
        if not taken:
            return img
        if not taken.isdisjoint(range(len(named))):
            raise ValueError("two named colours of the theme fall together on the palette")
        shades = [c for k, c in enumerate(shades) if len(named) + k not in taken]


def _carrying(colours: list[theme.RGB]) -> Image.Image:
    img = Image.new("P", (1, 1))
    img.putpalette([v for c in colours for v in c])
    return img


def to_palette(img: Image.Image, pal: Image.Image) -> Image.Image:
    """`img` (RGB) on the palette, each pixel its nearest entry; no dithering (flat colours)."""
    return img.quantize(palette=pal, dither=Image.Dither.NONE)
