"""The key, drawn in the Arabian Sea: the pieces (1.4), Rebelling (1.4.5), the markers."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.vijayanagara import Piece

from . import geometry as g
from . import sprites, theme

ITEMS: tuple[tuple[Piece, str], ...] = (
    (Piece.TROOP, "Troop"),
    (Piece.AMIR, "Amir"),
    (Piece.GOVERNOR, "Governor"),
    (Piece.REBEL_AMIR, "Rebelling"),
    (Piece.QASBAH, "Qasbah"),
    (Piece.FORT, "Fort"),
    (Piece.MONGOL, "Mongol"),
    (Piece.RAJA, "Raja"),
    (Piece.TEMPLE, "Temple"),
    (Piece.REBEL_RAJA, "Rebelling"),
)


def draw_key(img: Image.Image) -> None:
    """Static: drawn once into the cached map overlay (RGBA)."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = g.KEY_BOX
    d.rounded_rectangle(
        (x0, y0, x1, y1),
        radius=12,
        fill=(248, 242, 228, 235),
        outline=(*theme.BORDER, 255),
        width=2,
    )
    d.text(
        ((x0 + x1) // 2, y0 + 16), "KEY", font=theme.bold(15), fill=(*theme.INK, 255), anchor="mm"
    )
    col = (x1 - x0 - 20) // 2
    for i, (kind, label) in enumerate(ITEMS):
        x = x0 + 12 + (i % 2) * col
        y = y0 + 34 + (i // 2) * 32
        icon = sprites.piece(kind, 26)
        img.alpha_composite(icon, (x, y))
        d.text((x + 32, y + 13), label, font=theme.sans(14), fill=(*theme.INK, 255), anchor="lm")
    y = y0 + 34 + 5 * 32 + 6
    font = theme.bold(12)
    samples = [
        ("TRIBUTARY", (255, 250, 240), theme.INK, "Tributary (Delhi)"),
        ("B CONTROL", theme.FACTION[sprites.faction_of(Piece.AMIR)], theme.WHITE, "Control"),
        ("INDEPENDENT", theme.LAND, theme.INK, "pale: no Control (1.7)"),
    ]
    for tag, fill, ink, label in samples:
        tw = int(d.textlength(tag, font=font))
        d.rounded_rectangle(
            (x0 + 12, y, x0 + 24 + tw, y + 18),
            radius=5,
            fill=(*fill, 255),
            outline=(*theme.INK, 255),
            width=2,
        )
        d.text((x0 + 18, y + 10), tag, font=font, fill=(*ink, 255), anchor="lm")
        d.text(
            (x0 + 34 + tw, y + 9), label, font=theme.sans(14), fill=(*theme.INK, 255), anchor="lm"
        )
        y += 26
    d.ellipse(
        (x0 + 14, y + 1, x0 + 32, y + 19),
        fill=(*theme.GOLD, 255),
        outline=(120, 88, 20, 255),
        width=2,
    )
    d.text((x0 + 23, y + 11), "2", font=theme.bold(13), fill=(*theme.INK, 255), anchor="mm")
    d.text(
        (x0 + 40, y + 10), "Prosperity", font=theme.sans(14), fill=(*theme.INK, 255), anchor="lm"
    )
    d.line((x0 + 140, y + 10, x0 + 170, y + 10), fill=(*theme.HIGHLIGHT, 255), width=5)
    d.text(
        (x0 + 176, y + 10), "last turn", font=theme.sans(14), fill=(*theme.INK, 255), anchor="lm"
    )
