"""The pen that draws Rajas of the Ganges' picture on a palette image and records every text,
mark and road it draws (`Sheet`).

A board's fixed parts (labels, empty spaces, the river, the empty provinces, the legend) are
drawn once per board side and number of players into a base (`fixed` only); each picture
copies the base and draws the rest (`fixed` skipped), so both passes lay out the same."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .layout import MARGIN, TEXT, Box, Sheet, Text, bbox, font

NAMED = {
    "paper": (246, 239, 224),
    "ink": (40, 34, 28),
    "muted": (110, 100, 86),
    "line": (190, 176, 150),
    "slot": (255, 252, 245),
    "river": (170, 205, 230),
    "bridge": (120, 80, 40),
    "cell": (232, 222, 200),
    "residence": (210, 190, 160),
    "road": (60, 52, 44),
    "blue": (90, 150, 230),
    "green": (110, 190, 110),
    "orange": (245, 160, 60),
    "purple": (175, 125, 215),
    "red": (215, 50, 45),
    "yellow": (245, 205, 40),
    "white": (255, 255, 255),
    "black": (25, 25, 25),
}
INDEX = {name: k for k, name in enumerate(NAMED)}
PALETTE = [v for rgb in NAMED.values() for v in rgb]


@lru_cache(maxsize=2048)
def _glyphs(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """A text's ink as a two-level mask (a palette picture takes no shades), made once."""
    left, top, right, bottom = bbox(text, size, bold)
    mask = Image.new("1", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size, bold), fill=1)
    return mask, left, top


def fill_of(seat: str) -> str:
    """A seat's colour in the palette (a seat named otherwise: a plain slot's)."""
    return seat if seat in INDEX else "slot"


class Pen:
    """Draws and records; `y` is where the next section starts."""

    def __init__(self, img: Image.Image, base: bool) -> None:
        self.img = img
        self.d = ImageDraw.Draw(img)
        self.sheet = Sheet()
        self.y = MARGIN
        self.base = base

    def text(self, t: Text, ink: str = "ink", fixed: bool = False) -> Text:
        if fixed == self.base:
            mask, left, top = _glyphs(t.text, t.size, t.bold)
            self.img.paste(INDEX[ink], (t.xy[0] + left, t.xy[1] + top), mask)
            self.sheet.texts.append(t)
        return t

    def write(
        self,
        x: float,
        y: float,
        s: str,
        size: int = TEXT,
        bold: bool = False,
        ink: str = "ink",
        fixed: bool = False,
    ) -> float:
        """`s` with its box's top left at (x, y); returns where its box ends."""
        return self.text(Text.boxed_at(x, y, s, size, bold), ink, fixed).box[2]

    def box(self, b: Box, fill: str, outline: str = "ink", fixed: bool = False) -> None:
        if fixed == self.base:
            self.d.rectangle(b, fill=INDEX[fill], outline=INDEX[outline])

    def mark(self, b: Box, fill: str) -> None:
        """A seat's colour swatch (recorded: no text may cover it)."""
        if not self.base:
            self.d.rectangle(b, fill=INDEX[fill], outline=INDEX["ink"], width=2)
            self.sheet.marks.append(b)

    def disc(self, b: Box, fill: str) -> None:
        """A worker or a boat: drawn on each picture, never into the base."""
        if not self.base:
            self.d.ellipse(b, fill=INDEX[fill], outline=INDEX["ink"], width=2)
            self.sheet.marks.append(b)

    def road(self, b: Box, fixed: bool = False) -> None:
        """A road as a bar (recorded: no text may cover it)."""
        if fixed == self.base:
            self.d.rectangle(b, fill=INDEX["road"])
            self.sheet.roads.append(b)
