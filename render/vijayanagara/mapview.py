"""The map part of the board for one state: fills, markers, pieces, highlight."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import Faction, GameState

from . import fastdraw, layout, markers, painted, sprites, theme, tracks
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


@dataclass(frozen=True, slots=True, eq=False)
class Sprite:
    """An image pasted at (x, y) of the map: RGBA through its alpha, RGB whole."""

    x: int
    y: int
    image: Image.Image

    def box(self) -> g.Box:
        return (self.x, self.y, self.x + self.image.width, self.y + self.image.height)

    def draw(self, img: Image.Image, dx: int, dy: int) -> None:
        mask = self.image if self.image.mode == "RGBA" else None
        img.paste(self.image, (self.x - dx, self.y - dy), mask)


@dataclass(frozen=True, slots=True, eq=False)
class Count:
    """A count beside a piece's icon: bold, in a white outline."""

    x: int  # its left middle
    y: int
    text: str
    size: int

    def box(self) -> g.Box:
        (ox, oy), mask = fastdraw.mask(self.text, theme.bold(self.size), "lm", COUNT_STROKE)
        return (self.x + ox, self.y + oy, self.x + ox + mask.width, self.y + oy + mask.height)

    def draw(self, img: Image.Image, dx: int, dy: int) -> None:
        fastdraw.Draw(img).text(
            (self.x - dx, self.y - dy),
            self.text,
            font=theme.bold(self.size),
            fill=theme.INK,
            anchor="lm",
            stroke_width=COUNT_STROKE,
            stroke_fill=theme.WHITE,
        )


COUNT_STROKE = 3
Item = Sprite | Count  # what is drawn over the painted map, in order


def fills(state: GameState) -> painted.Fills:
    return tuple(fill_colour(state, sid) for sid in g.POLYGONS)


def _markers(state: GameState, sid: str) -> list[Item]:
    """A Province's Prosperity coin (1.3.1) and its Tributary or Control badge (1.6, 1.7)
    under its name (the names are in the static overlay)."""
    m = layout.marker(sid, layout.marker_text(state, sid))
    if m is None:
        return []
    out: list[Item] = [Sprite(*m.coin, markers.coin(vijayanagara.board().spaces[sid].prosperity))]
    if m.badge is not None:
        f = state.spaces[sid].control
        if f is not None:
            badge = markers.badge(m.text, theme.FACTION[f], theme.ON_FACTION[f], theme.INK)
        else:
            badge = markers.badge(m.text, (255, 250, 240), theme.INK, theme.FACTION[Faction.D])
        out.append(Sprite(*m.badge, badge))
    return out


def _pieces(groups: tuple[layout.Group, ...]) -> list[Item]:
    """A space's pieces where the layout placed them: each icon, and its count beside it."""
    out: list[Item] = []
    for grp in groups:
        out.append(Sprite(grp.x, grp.y, sprites.piece(grp.piece, grp.icon)))
        if grp.count > 1:
            size = layout.count_size(grp.icon)
            out.append(Count(grp.x + grp.icon + 3, grp.y + grp.icon // 2 + 1, str(grp.count), size))
    return out


def items(state: GameState) -> list[Item]:
    """What is drawn over the painted and outlined map, in order: the markers, the pieces,
    the Influence tracks."""
    out: list[Item] = []
    for sid in g.POLYGONS:
        out += _markers(state, sid)
    for groups in layout.layout(state).values():
        out += _pieces(groups)
    x, y, _, _ = g.INFLUENCE_BOX
    out.append(Sprite(x, y, tracks.influence(state)))
    return out


def outline(img: Image.Image, state: GameState, highlight: list[str]) -> None:
    """Outline the spaces touched by the last turn (`highlight`) on the painted map `img`."""
    colours = fills(state)
    for sid in highlight:
        if sid in g.POLYGONS:
            xy, tile, where = painted.outlined(sid, colours)
            img.paste(tile, xy, where)


def draw_map(state: GameState, highlight: list[str]) -> Image.Image:
    """The map of `state` (RGB, MAP_W x MAP_H)."""
    img = painted.painted(fills(state)).copy()
    outline(img, state, highlight)
    for item in items(state):
        item.draw(img, 0, 0)
    return img


def regions(drawn: list[Item]) -> list[tuple[g.Box, list[Item]]]:
    """The items in groups whose boxes do not meet, each group with the box around it: the
    map outside those boxes is the painted map, and each box can be drawn on its own."""
    near = 8  # boxes this close are cheaper drawn as one
    groups: list[tuple[g.Box, list[int]]] = []
    for n, item in enumerate(drawn):
        (x0, y0, x1, y1), members = item.box(), [n]
        merged = True
        while merged:  # a grown box may meet a group it did not meet before
            merged = False
            for i, ((a0, b0, a1, b1), inside) in enumerate(groups):
                if x0 < a1 + near and a0 < x1 + near and y0 < b1 + near and b0 < y1 + near:
                    x0, y0, x1, y1 = min(x0, a0), min(y0, b0), max(x1, a1), max(y1, b1)
                    members = inside + members
                    del groups[i]
                    merged = True
                    break
        groups.append(((x0, y0, x1, y1), members))
    return [(_clip(box), [drawn[n] for n in sorted(members)]) for box, members in groups]


def _clip(box: g.Box) -> g.Box:
    return (max(0, box[0]), max(0, box[1]), min(g.MAP_W, box[2]), min(g.MAP_H, box[3]))
