"""What would make a picture hard to read on a phone, in words: the tests hold the pictures of
one state of each kind to it, bench/successors_render.py the states of whole games."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from ..rajas.layout import Box, Text, overlap
from .board import Sheet
from .layout import PHONE, WIDTH, MapLayout

LEAST_PX = 10  # the smallest text on the phone


def faults(img: Image.Image, sheet: Sheet, lay: MapLayout) -> list[str]:
    """Each text that covers another or a mark (a swatch), leaves the picture, crosses the
    edge of an area's box or of the players' table, or is smaller than 10 px on the phone;
    a picture more than twice as tall as wide."""
    w, h = img.size
    out = [f"{w} by {h} px: more than twice as tall as wide"] if h > 2 * w else []
    boxes = [p.box for p in lay.areas] + [lay.panel]
    for t in sheet.texts:
        x0, y0, x1, y1 = t.box
        if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
            out.append(f"{t.text!r} leaves the picture")
        if t.size * PHONE / WIDTH < LEAST_PX:
            out.append(f"{t.text!r} is {t.size * PHONE / WIDTH:g} px on a phone")
        out += [f"{t.text!r} covers a mark" for m in sheet.marks if overlap(t.box, m)]
        out += [f"{t.text!r} crosses the edge of {b}" for b in boxes if _crosses(t.box, b)]
    return out + _covering(sheet.texts)


def _crosses(t: Box, b: Box) -> bool:
    """Part of the text inside the box and part outside."""
    inside = b[0] <= t[0] and t[2] <= b[2] and b[1] <= t[1] and t[3] <= b[3]
    return not inside and overlap(t, b)


def _covering(texts: Sequence[Text]) -> list[str]:
    """Each pair of texts of which one covers the other (a sweep along x)."""
    out = []
    order = sorted(texts, key=lambda t: t.box[0])
    for k, t in enumerate(order):
        for u in order[k + 1 :]:
            if u.box[0] >= t.box[2]:
                break
            if overlap(t.box, u.box):
                out.append(f"{t.text!r} covers {u.text!r}")
    return out
