"""The map part of the board for one state: fills, markers, pieces, highlight."""

from __future__ import annotations

from PIL import Image, ImageDraw

import rules
from rules import Faction, GameState, Piece

from . import basemap, fastdraw, painted, sprites, theme, tracks
from . import geometry as g

# The order pieces are shown in a space: Delhi, Bahmani, Vijayanagara, Mongols (1.4).
PIECE_ORDER: tuple[Piece, ...] = (
    Piece.TROOP,
    Piece.GOVERNOR,
    Piece.QASBAH,
    Piece.AMIR,
    Piece.REBEL_AMIR,
    Piece.FORT,
    Piece.RAJA,
    Piece.REBEL_RAJA,
    Piece.TEMPLE,
    Piece.MONGOL,
)
ICON = 32
ROW_H = 36
LABEL_SIZE: dict[str, int] = {"delhi": 22, "gondwana": 16}
NAMES: dict[str, str] = {
    "mountain_passes": "Mountain\nPasses",
    "rajput": "Rajput\nKingdoms",
}


def fill_colour(state: GameState, sid: str) -> theme.RGB:
    """Province colour: its Control (1.7) tint, pale rose when Tributary (1.6), else plain."""
    space = rules.board().spaces[sid]
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


def _groups(state: GameState, sid: str) -> list[tuple[Piece, int]]:
    pieces = state.spaces[sid].pieces
    return [(k, pieces[k]) for k in PIECE_ORDER if pieces.get(k, 0) > 0]


def _group_width(n: int) -> int:
    return ICON + (0 if n == 1 else 6 + 11 * len(str(n))) + 6


def draw_pieces(img: Image.Image, d: ImageDraw.ImageDraw, state: GameState, sid: str) -> None:
    groups = _groups(state, sid)
    if not groups:
        return
    limit = g.PIECES_WIDTH[sid]
    rows: list[list[tuple[Piece, int]]] = [[]]
    width = 0
    for kind, n in groups:
        gw = _group_width(n)
        if rows[-1] and width + gw > limit:
            rows.append([])
            width = 0
        rows[-1].append((kind, n))
        width += gw
    cx, cy = g.PIECES[sid]
    y = cy - (len(rows) * ROW_H) // 2
    font = theme.bold(20)
    for row in rows:
        total = sum(_group_width(n) for _, n in row) - 6
        x = cx - total // 2
        for kind, n in row:
            icon = sprites.piece(kind, ICON)
            img.paste(icon, (x, y), icon)
            if n > 1:
                d.text(
                    (x + ICON + 3, y + ICON // 2 + 1),
                    str(n),
                    font=font,
                    fill=theme.INK,
                    anchor="lm",
                    stroke_width=3,
                    stroke_fill=theme.WHITE,
                )
            x += _group_width(n)
        y += ROW_H


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
    space = rules.board().spaces[sid]
    st = state.spaces[sid]
    x, y = g.LABELS[sid]
    name = NAMES.get(sid, space.name)
    font = theme.bold(LABEL_SIZE.get(sid, 19))
    lines = name.count("\n") + 1
    line_h = font.size + 3
    for i, line in enumerate(name.split("\n")):
        d.text(
            (x, y + round((i - (lines - 1) / 2) * line_h)),
            line,
            font=font,
            fill=theme.INK,
            anchor="mm",
            stroke_width=3,
            stroke_fill=(255, 250, 238),
        )
    by = y + 11 * lines + 12
    if not space.is_province:
        return
    # Prosperity (1.3.1): a gold coin; then the Tributary or Control marker (1.6, 1.7).
    marker = None
    if st.control is not None:
        f = st.control
        marker = (
            f"{f.value} CONTROL",
            theme.FACTION[f],
            theme.ON_FACTION[f],
            theme.INK,
        )
    elif st.tributary:
        marker = ("TRIBUTARY", (255, 250, 240), theme.INK, theme.FACTION[Faction.D])
    font_c = theme.bold(15)
    coin = f"{space.prosperity}"
    if marker is None:
        cx = x
    else:
        tw = int(d.textlength(marker[0], font=theme.bold(13))) + 12
        cx = x - (tw + 26) // 2 + 10
        _badge(d, cx + 14 + tw // 2, by, marker[0], marker[1], marker[2], marker[3])
    d.ellipse((cx - 10, by - 10, cx + 10, by + 10), fill=theme.GOLD, outline=(120, 88, 20), width=2)
    d.text((cx, by + 1), coin, font=font_c, fill=theme.INK, anchor="mm")


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
    for sid in g.POLYGONS:
        draw_pieces(img, d, state, sid)
    tracks.draw_influence(img, d, state)
