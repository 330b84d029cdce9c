"""The Deccan Influence tracks (1.9), drawn in the Bay of Bengal.

Two columns, Bahmani and Vijayanagara, levels 0 (bottom) to 4 (top). The level of the moment
holds the faction's Influence marker; the slot levels (B 2 and 4, V 1 to 4) show the Units
still waiting there, or empty rings once they have gone to the holding box.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.vijayanagara import (
    MAX_INFLUENCE,
    SLOT_LEVELS,
    UNIT_KINDS,
    UNITS_PER_SLOT,
    Faction,
    GameState,
)

from . import geometry as g
from . import sprites, theme

GAP = 4


def draw_influence(img: Image.Image, d: ImageDraw.ImageDraw, state: GameState) -> None:
    x0, y0, x1, y1 = g.INFLUENCE_BOX
    d.rounded_rectangle(
        (x0, y0, x1, y1), radius=12, fill=(248, 242, 228), outline=theme.BORDER, width=2
    )
    d.text(
        ((x0 + x1) // 2, y0 + 16),
        "DECCAN INFLUENCE",
        font=theme.bold(15),
        fill=theme.INK,
        anchor="mm",
    )
    col_w = (x1 - x0 - 30) // 2
    cell_h = (y1 - y0 - 62 - 8) // (MAX_INFLUENCE + 1) - GAP
    for i, f in enumerate((Faction.B, Faction.V)):
        cx0 = x0 + 10 + i * (col_w + 10)
        colour = theme.FACTION[f]
        level = state.influence.get(f, 0)
        unit = UNIT_KINDS[f][0]
        d.rounded_rectangle((cx0, y0 + 32, cx0 + col_w, y0 + 56), radius=6, fill=colour)
        d.text(
            (cx0 + col_w // 2, y0 + 45),
            theme.SHORT[f].upper(),
            font=theme.bold(13),
            fill=theme.ON_FACTION[f],
            anchor="mm",
        )
        for lv in range(MAX_INFLUENCE + 1):
            top = y0 + 62 + (MAX_INFLUENCE - lv) * (cell_h + GAP)
            here = lv == level
            d.rounded_rectangle(
                (cx0, top, cx0 + col_w, top + cell_h),
                radius=7,
                fill=theme.CONTROL_TINT[f] if here else theme.WHITE,
                outline=colour if here else theme.PANEL_LINE,
                width=4 if here else 1,
            )
            d.text(
                (cx0 + 16, top + cell_h // 2 + 1),
                f"{lv}",
                font=theme.bold(20),
                fill=theme.INK,
                anchor="mm",
            )
            if here:  # the Influence marker
                mx = cx0 + col_w - 26
                my = top + cell_h // 2
                d.ellipse(
                    (mx - 14, my - 14, mx + 14, my + 14), fill=colour, outline=theme.INK, width=2
                )
                d.text(
                    (mx, my + 1),
                    f.value,
                    font=theme.bold(15),
                    fill=theme.ON_FACTION[f],
                    anchor="mm",
                )
            if lv in SLOT_LEVELS[f]:
                n = state.slots.get(f, {}).get(lv, 0)
                for k in range(UNITS_PER_SLOT):
                    ux = cx0 + 32 + k * 28
                    uy = top + (cell_h - 24) // 2
                    if k < n:
                        icon = sprites.piece(unit, 24)
                        img.paste(icon, (ux, uy), icon)
                    else:  # an emptied slot
                        d.ellipse((ux + 3, uy + 3, ux + 21, uy + 21), outline=theme.MUTED, width=2)
