"""The board's fixed palette: every board is mapped onto the same colours.

Quantising each board afresh (an octree per render) was about 40 % of a render's CPU time;
mapping onto a fixed palette is several times cheaper, gives the same colours on every
board, and keeps the named colours of the theme (the faction colours, Control tints, the red of
Rebelling Units, the highlight) exact: they are entries of the palette, each one mapping onto
itself (`build` sees to it). The other entries are the anti-aliasing shades, taken by octree
from sample drawings (the map in every tint, the panel, every piece): `SHADES`, stored, so that
no process draws the sample (half a second and 60 MB of scratch) before its first board; a test
checks that they are still what `build` takes from the sample.
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


# `build(compose.palette_sample())`'s entries after the named colours (the test that checks
# them prints them anew when the drawing or the theme changed them)
SHADES: tuple[theme.RGB, ...] = (
    (155, 162, 158), (158, 140, 110), (225, 226, 216), (200, 180, 155), (102, 100, 92),
    (222, 208, 181), (76, 45, 28), (178, 209, 218), (115, 88, 27), (132, 112, 82),
    (210, 40, 40), (119, 147, 133), (18, 93, 89), (44, 43, 46), (28, 161, 153),
    (210, 183, 112), (139, 112, 20), (220, 172, 29), (234, 207, 108), (123, 123, 129),
    (170, 139, 28), (182, 197, 187), (156, 29, 29), (242, 199, 36), (221, 98, 94),
    (109, 198, 193), (223, 94, 37), (84, 132, 124), (22, 130, 124), (60, 60, 64),
    (100, 195, 190), (26, 65, 61), (188, 188, 193), (241, 238, 226), (249, 244, 232),
    (190, 216, 226), (39, 34, 28),
)  # fmt: skip


def fixed() -> Image.Image:
    """The board's palette (as `build` returns it): the named colours, then `SHADES`."""
    return _carrying((named_colours() + list(SHADES))[:SIZE])


def shades(pal: Image.Image) -> list[theme.RGB]:
    """A palette's entries after the named colours (what `SHADES` stores)."""
    flat = pal.getpalette() or []
    found = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
    return found[len(named_colours()) :]


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
