"""The key, drawn in the Arabian Sea in type a phone can read (theme.SMALL): the pieces (1.4),
Rebelling Units (1.4.5), the tints of Tributary (1.6) and Controlled (1.7) Provinces,
Prosperity (1.3.1) and the outline of the last turn."""

from __future__ import annotations

from PIL import Image

from rules.vijayanagara import Faction, Piece

from . import fastdraw, markers, sprites, theme
from . import geometry as g

PIECES: tuple[tuple[tuple[Piece, ...], str], ...] = (
    ((Piece.TROOP,), "Troop"),
    ((Piece.GOVERNOR,), "Governor"),
    ((Piece.QASBAH,), "Qasbah"),
    ((Piece.AMIR,), "Amir"),
    ((Piece.FORT,), "Fort"),
    ((Piece.RAJA,), "Raja"),
    ((Piece.TEMPLE,), "Temple"),
    ((Piece.MONGOL,), "Mongol"),
    ((Piece.REBEL_AMIR, Piece.REBEL_RAJA), "Rebelling"),
)
# The tints, each a swatch of one or more colours.
TINTS: tuple[tuple[tuple[theme.RGB, ...], str], ...] = (
    ((theme.TRIBUTARY_TINT,), "Tributary"),
    (tuple(theme.CONTROL_TINT[f] for f in (Faction.D, Faction.B, Faction.V)), "Control"),
    ((theme.LAND,), "no Control"),
)
ICON = 28
SAMPLE = 56  # px: the width of the icons, swatches and line before a label
ROW = 32  # px from one line of the key to the next
TITLE = 40  # px from the box's top to its first line
ROWS = len(PIECES) + len(TINTS) + 2  # and Prosperity, the last turn


def draw_key(img: Image.Image) -> None:
    """Static: drawn once into the cached map overlay (RGBA)."""
    d = fastdraw.Draw(img)
    x0, y0, x1, y1 = g.KEY_BOX
    d.rounded_rectangle(
        (x0, y0, x1, y1), radius=12, fill=(248, 242, 228, 235), outline=theme.BORDER, width=2
    )
    font = theme.sans(theme.SMALL)
    d.text(
        ((x0 + x1) // 2, y0 + 22), "KEY", font=theme.bold(theme.SMALL), fill=theme.INK, anchor="mm"
    )
    x, text_x = x0 + 12, x0 + 12 + SAMPLE + 6
    y = y0 + TITLE  # the top of the line
    for kinds, label in PIECES:
        step = (SAMPLE - ICON) // max(1, len(kinds) - 1)
        first = 0 if len(kinds) > 1 else (SAMPLE - ICON) // 2  # one icon: in the middle
        for i, kind in enumerate(kinds):
            img.alpha_composite(sprites.piece(kind, ICON), (x + first + i * step, y + 2))
        d.text((text_x, y + ROW // 2), label, font=font, fill=theme.INK, anchor="lm")
        y += ROW
    for colours, label in TINTS:
        w = SAMPLE // len(colours)
        for i, colour in enumerate(colours):
            d.rectangle((x + i * w, y + 5, x + (i + 1) * w, y + ROW - 5), fill=colour)
        d.rectangle((x, y + 5, x + w * len(colours), y + ROW - 5), outline=theme.BORDER, width=2)
        d.text((text_x, y + ROW // 2), label, font=font, fill=theme.INK, anchor="lm")
        y += ROW
    sample = markers.coin(2)  # as on the map
    img.alpha_composite(sample, (x + (SAMPLE - sample.width) // 2, y + (ROW - sample.height) // 2))
    d.text((text_x, y + ROW // 2), "Prosperity", font=font, fill=theme.INK, anchor="lm")
    y += ROW
    d.line((x, y + ROW // 2, x + SAMPLE, y + ROW // 2), fill=theme.HIGHLIGHT, width=6)
    d.text((text_x, y + ROW // 2), "last turn", font=font, fill=theme.INK, anchor="lm")
