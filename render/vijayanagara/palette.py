"""The board's fixed palette: every board is mapped onto the same colours.

Quantising each board afresh (an octree per render) was about 40 % of a render's CPU time;
mapping onto a palette made once is several times cheaper, gives the same colours on every
board, and keeps the named colours of the theme (the faction colours, Control tints, the red of
Rebelling Units, the highlight) exact: they are entries of the palette, and a colour that is an
entry maps onto itself. The other entries are the anti-aliasing shades, taken once by octree
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
    `sample`, an RGB drawing with the shades a board has (deterministic: octree)."""
    named = named_colours()
    colours = named + _shades(sample, SIZE, named)
    colours = colours[:SIZE]
    img = Image.new("P", (1, 1))
    img.putpalette([v for c in colours for v in c])
    return img


def to_palette(img: Image.Image, pal: Image.Image) -> Image.Image:
    """`img` (RGB) on the palette, each pixel its nearest entry; no dithering (flat colours)."""
    return img.quantize(palette=pal, dither=Image.Dither.NONE)
