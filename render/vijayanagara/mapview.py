"""The map part of the board for one state: fills, markers, pieces, highlight."""

from __future__ import annotations

from PIL import Image, ImageDraw

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import Faction, GameState

from . import basemap, fastdraw, layout, painted, sprites, theme, tracks
from . import geometry as g


def fill_colour(state: GameState, sid: str) -> theme.RGB:
    """Province colour: its Control (1.7) tint, pale rose when Tributary (1.6), else plain."""
    space = vijayanagara.board().spaces[sid]
    st = state.spaces[sid]
    if space.kind == "mongol_region":
        return theme.MONGOL_LAND
    if space.kind == "delhi":
        return theme.DELHI_LAND
    if st.control is not None and st.control in theme.CONTROL_TINT:
        return theme.CONTROL_TINT[st.control]
    if st.tributary:
        return theme.TRIBUTARY_TINT
    return theme.LAND


def draw_pieces(img: Image.Image, d: ImageDraw.ImageDraw, groups: tuple[layout.Group, ...]) -> None:
    """A space's pieces where the layout placed them: each icon, and its count beside it."""
    for grp in groups:
        icon = sprites.piece(grp.piece, grp.icon)
        img.paste(icon, (grp.x, grp.y), icon)
        if grp.count > 1:
            d.text(
                (grp.x + grp.icon + 3, grp.y + grp.icon // 2 + 1),
                str(grp.count),
                font=theme.bold(layout.count_size(grp.icon)),
                fill=theme.INK,
                anchor="lm",
                stroke_width=3,
                stroke_fill=theme.WHITE,
            )


def _badge(
    d: ImageDraw.ImageDraw,
    cx: int,
    cy: int,
    text: str,
    fill: theme.RGB,
    ink: theme.RGB,
    edge: theme.RGB,
) -> None:
    font = theme.bold(13)
    tw = int(d.textlength(text, font=font))
    box = (cx - tw // 2 - 6, cy - 10, cx + tw // 2 + 6, cy + 10)
    d.rounded_rectangle(box, radius=5, fill=fill, outline=edge, width=2)
    d.text((cx, cy + 1), text, font=font, fill=ink, anchor="mm")


def draw_label(d: ImageDraw.ImageDraw, state: GameState, sid: str) -> None:
    x, y = g.LABELS[sid]
    size = layout.label_font_size(sid)
    font = theme.bold(size)
    lines = layout.name_lines(sid)
    line_h = size + 3
    for i, line in enumerate(lines):
        d.text(
            (x, y + round((i - (len(lines) - 1) / 2) * line_h)),
            line,
            font=font,
            fill=theme.INK,
            anchor="mm",
            stroke_width=3,
            stroke_fill=(255, 250, 238),
        )
    text = layout.marker_text(state, sid)
    m = layout.marker(sid, text)
    if m is None:
        return
    # Prosperity (1.3.1): a gold coin; then the Tributary or Control marker (1.6, 1.7).
    st = state.spaces[sid]
    if m.badge is not None:
        if st.control is not None:
            f = st.control
            fill, ink, edge = theme.FACTION[f], theme.ON_FACTION[f], theme.INK
        else:
            fill, ink, edge = (255, 250, 240), theme.INK, theme.FACTION[Faction.D]
        _badge(d, m.badge[0], m.badge[1], m.text, fill, ink, edge)
    cx, by = m.coin
    d.ellipse((cx - 10, by - 10, cx + 10, by + 10), fill=theme.GOLD, outline=(120, 88, 20), width=2)
    prosperity = vijayanagara.board().spaces[sid].prosperity
    d.text((cx, by + 1), f"{prosperity}", font=theme.bold(15), fill=theme.INK, anchor="mm")


def draw_map(img: Image.Image, state: GameState, highlight: list[str]) -> None:
    """The map of `state` into the top MAP_W x MAP_H of `img` (RGB)."""
    fills = tuple(fill_colour(state, sid) for sid in g.POLYGONS)
    img.paste(painted.painted(fills), (0, 0))
    d = fastdraw.Draw(img)
    for sid in highlight:
        if sid not in g.POLYGONS:
            continue
        (x0, y0), mask = basemap.outline(sid)
        img.paste(theme.HIGHLIGHT, (x0, y0, x0 + mask.width, y0 + mask.height), mask)
        box = (x0, y0, x0 + mask.width, y0 + mask.height)
        names = basemap.city_labels().crop(box)
        img.paste(names, box[:2], names)
    for sid in g.POLYGONS:
        draw_label(d, state, sid)
    for groups in layout.layout(state).values():
        draw_pieces(img, d, groups)
    tracks.draw_influence(img, d, state)
