"""The Deccan Influence tracks (1.9), drawn in the Bay of Bengal.

Two columns, Bahmani and Vijayanagara, levels 0 (bottom) to 4 (top). The level of the moment
holds the faction's Influence marker; the slot levels (B 2 and 4, V 1 to 4) show the Units
still waiting there, or empty rings once they have gone to the holding box.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from rules.vijayanagara import (
    MAX_INFLUENCE,
    SLOT_LEVELS,
    UNIT_KINDS,
    UNITS_PER_SLOT,
    Faction,
    GameState,
)

from . import basemap, fastdraw, sprites, theme
from . import geometry as g

GAP = 4
Key = tuple[tuple[int, tuple[int, ...]], ...]  # per Faction: its level, its slots' Units


def influence(state: GameState) -> Image.Image:
    """The tracks of `state` (RGB, the size of geometry.INFLUENCE_BOX): few states of the
    tracks come up in a game, each drawn once."""
    key = tuple(
        (
            state.influence.get(f, 0),
            tuple(state.slots.get(f, {}).get(lv, 0) for lv in SLOT_LEVELS[f]),
        )
        for f in FACTIONS
    )
    return _drawn(key)


FACTIONS = (Faction.B, Faction.V)


@lru_cache(maxsize=64)
def _drawn(key: Key) -> Image.Image:
    x0, y0, x1, y1 = g.INFLUENCE_BOX
    img = basemap.background().crop(g.INFLUENCE_BOX)
    over = basemap.overlay().crop(g.INFLUENCE_BOX)
    img.paste(over, (0, 0), over)  # the sea under the box's round corners, as on the map
    d = fastdraw.Draw(img)
    w, h = x1 - x0, y1 - y0
    d.rounded_rectangle(
        (0, 0, w, h), radius=12, fill=(248, 242, 228), outline=theme.BORDER, width=2
    )
    d.text((w // 2, 16), "DECCAN INFLUENCE", font=theme.bold(15), fill=theme.INK, anchor="mm")
    col_w = (w - 30) // 2
    cell_h = (h - 62 - 8) // (MAX_INFLUENCE + 1) - GAP
    for i, (f, (level, slots)) in enumerate(zip(FACTIONS, key, strict=True)):
        cx0 = 10 + i * (col_w + 10)
        colour = theme.FACTION[f]
        unit = UNIT_KINDS[f][0]
        d.rounded_rectangle((cx0, 32, cx0 + col_w, 56), radius=6, fill=colour)
        d.text(
            (cx0 + col_w // 2, 45),
            theme.SHORT[f].upper(),
            font=theme.bold(13),
            fill=theme.ON_FACTION[f],
            anchor="mm",
        )
        held = dict(zip(SLOT_LEVELS[f], slots, strict=True))
        for lv in range(MAX_INFLUENCE + 1):
            top = 62 + (MAX_INFLUENCE - lv) * (cell_h + GAP)
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
                mx = cx0 + col_w - 21  # clear of the slots (a trial saw it over one)
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
            if lv in held:
                for k in range(UNITS_PER_SLOT):
                    ux = cx0 + 30 + k * 26
                    uy = top + (cell_h - 24) // 2
                    if k < held[lv]:
                        icon = sprites.piece(unit, 24)
                        img.paste(icon, (ux, uy), icon)
                    else:  # an emptied slot
                        d.ellipse((ux + 3, uy + 3, ux + 21, uy + 21), outline=theme.MUTED, width=2)
    return img
