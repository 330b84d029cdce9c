"""The parts of the map that never change, drawn once and cached. Shapes are drawn at twice
the size and averaged down (BOX: smooth edges without the extra shades of a sharper filter).

- `background()`: sea, land beyond the map, the Himalaya.
- `masks()`: one anti-aliased mask per space, to fill with its colour of the moment.
- `overlay()`: borders, the Vindhya Range (hatched), Cities, the names of the spaces and
  Cities (1.3), the key.
- `highlight(sid)`: the outline of a space touched by the last turn.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageChops, ImageDraw

import rules.vijayanagara as vijayanagara

from . import fastdraw, layout, legend, theme
from . import geometry as g

_SS = 2  # supersampling of shapes and lines
Mask = tuple[tuple[int, int], Image.Image]  # (top-left offset, L mask)
# The seas' names: the centre of the first line, the lines.
SEA_NAMES: tuple[tuple[g.Point, tuple[str, ...]], ...] = (
    ((56, 532), ("Arabian", "Sea")),
    ((880, 692), ("Bay of", "Bengal")),
)


def _scaled(ring: list[g.Point], k: int = _SS, dx: int = 0, dy: int = 0) -> list[tuple[int, int]]:
    return [((x - dx) * k, (y - dy) * k) for x, y in ring]


def _mask(ring: list[g.Point]) -> Mask:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    x0, y0 = max(0, min(xs) - 2), max(0, min(ys) - 2)
    x1, y1 = min(g.MAP_W, max(xs) + 3), min(g.MAP_H, max(ys) + 3)
    big = Image.new("L", ((x1 - x0) * _SS, (y1 - y0) * _SS), 0)
    ImageDraw.Draw(big).polygon(_scaled(ring, dx=x0, dy=y0), fill=255)
    return (x0, y0), big.resize((x1 - x0, y1 - y0), Image.Resampling.BOX)


@cache
def masks() -> dict[str, Mask]:
    return {sid: _mask(ring) for sid, ring in g.POLYGONS.items()}


def _land_rings() -> list[list[g.Point]]:
    return [*g.POLYGONS.values(), g.VINDHYA]


@cache
def background() -> Image.Image:
    w, h = g.MAP_W * _SS, g.MAP_H * _SS
    img = Image.new("RGB", (w, h), theme.SEA)
    d = ImageDraw.Draw(img)
    shallow = (190, 216, 226)
    for ring in _land_rings():  # a band of shallow water along every coast
        d.line([*_scaled(ring), _scaled(ring)[0]], fill=shallow, width=34 * _SS, joint="curve")
    for ring in _land_rings():
        d.polygon(_scaled(ring), fill=theme.LAND)
    d.polygon(_scaled(g.BEYOND), fill=theme.BEYOND)
    # The Himalaya: a few ridges along the top.
    ridge = (170, 158, 136)
    snow = (244, 242, 236)
    for i, (x, y, s) in enumerate(
        [
            (90, 40, 34),
            (160, 30, 28),
            (260, 36, 30),
            (380, 50, 40),
            (450, 40, 30),
            (540, 64, 36),
            (620, 46, 32),
            (720, 58, 38),
            (820, 74, 34),
            (900, 110, 36),
            (950, 180, 30),
            (60, 210, -1),
        ]
    ):
        if s < 0:
            continue
        pts = [
            ((x - s) * _SS, (y + s // 2) * _SS),
            (x * _SS, (y - s // 2) * _SS),
            ((x + s) * _SS, (y + s // 2) * _SS),
        ]
        d.polygon(pts, fill=ridge)
        cap = [
            (x * _SS, (y - s // 2) * _SS),
            ((x - s // 3) * _SS, (y - s // 6) * _SS),
            ((x + s // 3) * _SS, (y - s // 6) * _SS),
        ]
        d.polygon(cap, fill=snow if i % 2 == 0 else (232, 228, 220))
    img = img.resize((g.MAP_W, g.MAP_H), Image.Resampling.BOX)
    d = fastdraw.Draw(img)
    sea_ink = (92, 130, 150)
    for (x, y), lines in SEA_NAMES:
        for i, line in enumerate(lines):
            d.text((x, y + 26 * i), line, font=theme.serif(22), fill=sea_ink, anchor="mm")
    d.text((700, 40), "H I M A L A Y A", font=theme.serif(18), fill=(120, 106, 84), anchor="mm")
    return img


def _hatch(ring: list[g.Point]) -> Image.Image:
    """The Vindhya Range: brown with diagonal hatching, clipped to its shape (RGBA)."""
    w, h = g.MAP_W * _SS, g.MAP_H * _SS
    layer = Image.new("RGBA", (w, h), (*theme.VINDHYA, 255))
    d = ImageDraw.Draw(layer)
    for x in range(-h, w, 9 * _SS):
        d.line((x, h, x + h, 0), fill=(96, 72, 48, 255), width=2 * _SS)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon(_scaled(ring), fill=255)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    out.paste(layer, (0, 0), mask)
    return out


def labels() -> Image.Image:
    """The names of the spaces and the Cities (RGBA): in the overlay, and again over a
    highlight. Not kept (a whole map's RGBA, 4.4 MB): it is drawn once for the overlay and
    once for each space's highlight, which are kept, a few ms each."""
    img = Image.new("RGBA", (g.MAP_W, g.MAP_H), (0, 0, 0, 0))
    d = fastdraw.Draw(img)
    board = vijayanagara.board()
    small = theme.bold(theme.CITY)
    for cid, (x, y) in g.CITIES.items():
        dx, dy = g.CITY_LABEL_OFFSET[cid]
        d.text(
            (x + dx, y + dy),
            board.cities[cid].name,
            font=small,
            fill=(*theme.INK, 255),
            anchor="mm",
            stroke_width=2,
            stroke_fill=(250, 246, 236, 255),
        )
    for sid in g.POLYGONS:
        x, y = g.LABELS[sid]
        size = layout.label_font_size(sid)
        lines = layout.name_lines(sid)
        for i, line in enumerate(lines):
            d.text(
                (x, y + round((i - (len(lines) - 1) / 2) * layout.line_height(sid))),
                line,
                font=theme.bold(size),
                fill=(*theme.INK, 255),
                anchor="mm",
                stroke_width=3,
                stroke_fill=(255, 250, 238, 255),
            )
    return img


@cache
def overlay() -> Image.Image:
    """Borders, Vindhya, Cities, names and Prosperity, RGBA over the filled spaces."""
    w, h = g.MAP_W * _SS, g.MAP_H * _SS
    img = _hatch(g.VINDHYA)
    d = ImageDraw.Draw(img)
    for sid, ring in g.POLYGONS.items():
        pts = _scaled(ring)
        width = 4 if sid != "delhi" else 5
        d.line([*pts, pts[0]], fill=(*theme.BORDER, 255), width=width * _SS, joint="curve")
    # Delhi (1.3.3): a walled city, a second ring inside its circle.
    cx, cy = g.DELHI_CENTER
    r = (g.DELHI_RADIUS - 9) * _SS
    d.ellipse(
        (cx * _SS - r, cy * _SS - r, cx * _SS + r, cy * _SS + r),
        outline=(*theme.BORDER, 110),
        width=2 * _SS,
    )
    vpts = _scaled(g.VINDHYA)
    d.line([*vpts, vpts[0]], fill=(*theme.BORDER, 255), width=3 * _SS, joint="curve")
    for cid, (x, y) in g.CITIES.items():
        r = 7 * _SS
        d.ellipse(
            (x * _SS - r, y * _SS - r, x * _SS + r, y * _SS + r),
            fill=(250, 246, 236, 255),
            outline=(*theme.INK, 255),
            width=3 * _SS,
        )
        del cid
    img = img.resize((g.MAP_W, g.MAP_H), Image.Resampling.BOX)
    d = fastdraw.Draw(img)
    img.alpha_composite(labels())
    d.text(
        ((g.VNW[0] + g.VNE[0]) // 2 + 4, (g.VNW[1] + g.VSW[1]) // 2),
        "VINDHYA RANGE",
        font=theme.bold(12),
        fill=(255, 250, 240, 255),
        anchor="mm",
        stroke_width=2,
        stroke_fill=(70, 50, 30, 255),
    )
    legend.draw_key(img)
    del w, h
    return img


@cache
def highlight(sid: str) -> Mask:
    """The highlight of the last action as a sprite (RGBA): an anti-aliased band just inside
    a space's border, leaving the border line and the Cities on it visible, under the names
    it crosses."""
    (x0, y0), band = _band(sid)
    img = Image.new("RGBA", band.size, (*theme.HIGHLIGHT, 0))
    img.putalpha(band)
    names = labels().crop((x0, y0, x0 + band.width, y0 + band.height))
    # the names only where the band is: elsewhere the map shows them already
    names.putalpha(
        ImageChops.multiply(names.getchannel("A"), band.point(lambda v: 255 if v else 0))
    )
    img.alpha_composite(names)
    return (x0, y0), img


def _band(sid: str) -> Mask:
    """The highlight's band (L mask)."""
    ring = g.POLYGONS[sid]
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    x0, y0 = max(0, min(xs) - 2), max(0, min(ys) - 2)
    x1, y1 = min(g.MAP_W, max(xs) + 3), min(g.MAP_H, max(ys) + 3)
    size = ((x1 - x0) * _SS, (y1 - y0) * _SS)
    pts = _scaled(ring, dx=x0, dy=y0)
    closed = [*pts, pts[0], pts[1]]
    inside = Image.new("L", size, 0)
    ImageDraw.Draw(inside).polygon(pts, fill=255)
    wide = Image.new("L", size, 0)
    ImageDraw.Draw(wide).line(closed, fill=255, width=20 * _SS, joint="curve")
    band = ImageChops.multiply(inside, wide)
    d = ImageDraw.Draw(band)
    d.line(closed, fill=0, width=5 * _SS, joint="curve")
    r = 10 * _SS
    for cx, cy in g.CITIES.values():
        cx, cy = (cx - x0) * _SS, (cy - y0) * _SS
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=0)
    return (x0, y0), band.resize((x1 - x0, y1 - y0), Image.Resampling.BOX)
