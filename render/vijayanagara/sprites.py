"""Anti-aliased icons for the pieces (1.4) and tokens, drawn large once and scaled down.

Shapes: Units are discs (Delhi Troops are cubes), Structures are buildings. Rebelling Units
(1.4.5) are jagged stars in a thick red outline with a red pennant, so that they differ from
the round Obedient ones by their outline even on a phone; Mongols are always Rebelling.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from rules.vijayanagara import OWNER, Faction, Piece

from . import theme

_SS = 4  # supersampling factor


def _darker(c: theme.RGB, f: float = 0.55) -> theme.RGB:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def _lighter(c: theme.RGB, f: float = 0.45) -> theme.RGB:
    return (
        int(c[0] + (255 - c[0]) * f),
        int(c[1] + (255 - c[1]) * f),
        int(c[2] + (255 - c[2]) * f),
    )


def _finish(img: Image.Image, size: int) -> Image.Image:
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _disc(d: ImageDraw.ImageDraw, n: int, fill: theme.RGB, ring: theme.RGB, w: int) -> None:
    m = n // 10
    d.ellipse((m, m, n - m, n - m), fill=ring)
    d.ellipse((m + w, m + w, n - m - w, n - m - w), fill=fill)
    hl = _lighter(fill, 0.35)
    k = n // 4
    d.ellipse((m + w + k // 2, m + w + k // 3, n // 2, n // 2 - k // 6), fill=hl)


def _burst(d: ImageDraw.ImageDraw, n: int, fill: theme.RGB, edge: theme.RGB) -> None:
    """A jagged star: the Rebelling shape (1.4.5)."""
    c = n / 2
    outer, inner = n * 0.47, n * 0.34
    points = [
        (
            c + (outer if k % 2 == 0 else inner) * math.cos(math.pi * k / 8 - math.pi / 2),
            c + (outer if k % 2 == 0 else inner) * math.sin(math.pi * k / 8 - math.pi / 2),
        )
        for k in range(16)
    ]
    d.polygon(points, fill=edge)
    w = n * 0.11
    shrunk = [(c + (x - c) * (1 - w / outer), c + (y - c) * (1 - w / outer)) for x, y in points]
    d.polygon(shrunk, fill=fill)


def _pennant(d: ImageDraw.ImageDraw, n: int) -> None:
    x = int(n * 0.80)
    d.rectangle((x, 0, x + n // 22 + 1, int(n * 0.46)), fill=theme.INK)
    d.polygon([(x, 0), (n - 1, int(n * 0.11)), (x, int(n * 0.24))], fill=theme.REBEL)


def _building(d: ImageDraw.ImageDraw, n: int, kind: Piece, fill: theme.RGB) -> None:
    edge = _darker(fill, 0.45)
    w = max(2, n // 18)
    if kind == Piece.FORT:  # a keep with merlons
        top = int(n * 0.30)
        body = [(n * 0.14, top), (n * 0.86, top), (n * 0.86, n * 0.9), (n * 0.14, n * 0.9)]
        d.polygon(body, fill=fill, outline=edge, width=w)
        mw = n * 0.72 / 5
        for i in (0, 2, 4):
            x0 = n * 0.14 + i * mw
            d.rectangle((x0, n * 0.12, x0 + mw, top + w), fill=fill, outline=edge, width=w)
        d.rectangle((n * 0.42, n * 0.6, n * 0.58, n * 0.9), fill=edge)
    elif kind == Piece.TEMPLE:  # a shikhara spire on a plinth
        spire = [(n * 0.5, n * 0.06), (n * 0.78, n * 0.68), (n * 0.22, n * 0.68)]
        d.polygon(spire, fill=fill, outline=edge, width=w)
        d.rectangle((n * 0.12, n * 0.68, n * 0.88, n * 0.9), fill=fill, outline=edge, width=w)
        d.ellipse((n * 0.44, n * 0.0, n * 0.56, n * 0.12), fill=edge)
    else:  # Qasbah: a house with a dome
        d.rectangle((n * 0.16, n * 0.42, n * 0.84, n * 0.9), fill=fill, outline=edge, width=w)
        d.pieslice(
            (n * 0.24, n * 0.12, n * 0.76, n * 0.72), 180, 360, fill=fill, outline=edge, width=w
        )
        d.rectangle((n * 0.42, n * 0.62, n * 0.58, n * 0.9), fill=edge)


@cache
def piece(kind: Piece, size: int) -> Image.Image:
    """The icon of one piece kind, `size` pixels square, RGBA."""
    n = size * _SS
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    colour = theme.FACTION[OWNER[kind]]
    ring = n // 12
    if kind == Piece.TROOP:
        m = n // 8
        d.rounded_rectangle((m, m, n - m, n - m), radius=n // 8, fill=(150, 150, 156))
        d.rounded_rectangle(
            (m + ring, m + ring, n - m - ring, n - m - ring), radius=n // 12, fill=colour
        )
    elif kind == Piece.GOVERNOR:
        _disc(d, n, colour, (150, 150, 156), ring)
        c = n // 2
        r = n // 7
        d.ellipse((c - r, c - r, c + r, c + r), fill=theme.GOLD)
    elif kind == Piece.QASBAH:
        _building(d, n, kind, (120, 120, 126))
    elif kind in (Piece.FORT, Piece.TEMPLE):
        _building(d, n, kind, colour)
    elif kind in (Piece.AMIR, Piece.RAJA):
        _disc(d, n, colour, _darker(colour), ring)
    elif kind in (Piece.REBEL_AMIR, Piece.REBEL_RAJA):
        _burst(d, n, colour, theme.REBEL)
        _pennant(d, n)
    else:  # Mongol: always Rebelling
        _burst(d, n, colour, (110, 14, 14))
        _pennant(d, n)
    return _finish(img, size)


@cache
def cavalry(size: int) -> Image.Image:
    """A Cavalry token (1.10): a horseshoe on a tan disc."""
    n = size * _SS
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((n // 16, n // 16, n - n // 16, n - n // 16), fill=(120, 84, 50))
    d.ellipse((n // 8, n // 8, n - n // 8, n - n // 8), fill=(214, 180, 122))
    w = n // 9
    d.arc((n * 0.27, n * 0.22, n * 0.73, n * 0.8), 0, 180, fill=(80, 56, 36), width=w)
    d.line((n * 0.27 + w / 2, n * 0.51, n * 0.27 + w / 2, n * 0.3), fill=(80, 56, 36), width=w)
    d.line((n * 0.73 - w / 2, n * 0.51, n * 0.73 - w / 2, n * 0.3), fill=(80, 56, 36), width=w)
    return _finish(img, size)


def faction_of(kind: Piece) -> Faction:
    return OWNER[kind]
