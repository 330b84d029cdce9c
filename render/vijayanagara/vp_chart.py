"""The closing chart of a game: each Faction's victory points, card by card (5.0)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.vijayanagara import PLAYERS, Faction, VpPoint

from . import theme

WIDTH, HEIGHT = 800, 420
LEFT, RIGHT, TOP, BOTTOM = 56, 200, 48, 44  # the plot's margins: axis labels and the key


def vp_chart(points: Sequence[VpPoint], title: str = "Victory points, card by card") -> bytes:
    """A PNG line chart (Pillow): one line per Faction in its colour, the final VP in the
    key; readable at phone width (the text is at least 15 px at 780 px)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.PANEL)
    d = ImageDraw.Draw(img)
    d.text((LEFT, 14), title, font=theme.bold(20), fill=theme.INK)
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM
    top = max([5, *(v for p in points for v in p.vp.values())])
    top = -(-top // 5) * 5  # the axis to the next multiple of 5
    low = min([0, *(v for p in points for v in p.vp.values())])
    span = max(1, top - low)

    def y(v: int) -> float:
        return y1 - (v - low) * (y1 - y0) / span

    for v in range(low - low % 5, top + 1, 5):
        d.line([(x0, y(v)), (x1, y(v))], fill=theme.PANEL_LINE, width=1)
        d.text((x0 - 8, y(v)), str(v), font=theme.sans(15), fill=theme.MUTED, anchor="rm")
    n = max(1, len(points) - 1)

    def x(i: int) -> float:
        return x0 + i * (x1 - x0) / n

    d.text(
        ((x0 + x1) / 2, y1 + 24),
        "cards revealed",
        font=theme.sans(15),
        fill=theme.MUTED,
        anchor="mm",
    )
    if points:
        d.text((x0, y1 + 24), "start", font=theme.sans(15), fill=theme.MUTED, anchor="lm")
        d.text((x1, y1 + 24), "end", font=theme.sans(15), fill=theme.MUTED, anchor="rm")
    final = points[-1].vp if points else {f: 0 for f in PLAYERS}
    order = sorted(PLAYERS, key=lambda f: -final.get(f, 0))
    for f in order[::-1]:  # the leader drawn last, on top
        line = [(x(i), y(p.vp.get(f, 0))) for i, p in enumerate(points)]
        if len(line) > 1:
            d.line(line, fill=_ink(f), width=4, joint="curve")
        elif line:
            d.ellipse(_dot(line[0]), fill=_ink(f))
    for k, f in enumerate(order):  # the key: final VP, best first
        ky = y0 + 10 + k * 34
        d.rounded_rectangle((x1 + 16, ky - 11, x1 + 38, ky + 11), 4, fill=_ink(f))
        d.text(
            (x1 + 46, ky),
            f"{theme.SHORT[f]} {final.get(f, 0)}",
            font=theme.bold(16),
            fill=theme.INK,
            anchor="lm",
        )
    out = io.BytesIO()
    # zlib's level 3: some 18 KB in 6 ms (level 6: 14 KB in 11 ms; optimize: 3 times slower)
    img.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def _ink(f: Faction) -> theme.RGB:
    """A line colour that stands out on the panel (Vijayanagara's yellow a shade darker)."""
    r, g, b = theme.FACTION[f]
    return (r * 4 // 5, g * 4 // 5, b * 4 // 5) if f == Faction.V else (r, g, b)


def _dot(c: tuple[float, float]) -> tuple[float, float, float, float]:
    return (c[0] - 4, c[1] - 4, c[0] + 4, c[1] + 4)
