"""The type and boxes of Rajas of the Ganges' picture: fonts measured once, every text recorded
as the box it inks (`Sheet`), so that a test reads the very boxes drawn."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from PIL import ImageFont

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

WIDTH = 780  # shown at 390 px on a phone: every text is at least 20 px here, 10 px there
PHONE = 390
MARGIN = 10
RIGHT = WIDTH - MARGIN
TEXT = 20  # the smallest text
TITLE = 24
PAD = 2  # a text's box reaches this far beyond its ink


@lru_cache(maxsize=8)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = resources.files("render").joinpath(f"fonts/{name}")
    with resources.as_file(path) as p:
        return ImageFont.truetype(str(p), size)


@lru_cache(maxsize=4096)
def bbox(text: str, size: int, bold: bool = False) -> tuple[int, int, int, int]:
    """The ink of `text` from where it is drawn, measured once."""
    left, top, right, bottom = font(size, bold).getbbox(text)
    return int(left), int(top), int(right), int(bottom)


def width(text: str, size: int = TEXT, bold: bool = False) -> int:
    left, _, right, _ = bbox(text, size, bold)
    return right - left + 2 * PAD


@dataclass(frozen=True, slots=True)
class Text:
    xy: tuple[int, int]  # where it is drawn (the font's left-ascender anchor)
    text: str
    size: int
    bold: bool
    box: Box  # its ink, and the margin around it

    @staticmethod
    def boxed_at(x: float, y: float, text: str, size: int = TEXT, bold: bool = False) -> Text:
        """The text placed on a line whose tallest letters' box starts at (x, y): texts side
        by side share their baseline, whatever letters they hold."""
        left, top, right, bottom = bbox(text, size, bold)
        ox, oy = round(x) - left + PAD, round(y) - bbox("Hd", size, bold)[1] + PAD
        box = (ox + left - PAD, oy + top - PAD, ox + right + PAD, oy + bottom + PAD)
        return Text((ox, oy), text, size, bold, box)

    @staticmethod
    def centred(box: Box, text: str, size: int = TEXT, bold: bool = False) -> Text:
        """The text's ink centred in `box`."""
        left, top, right, bottom = bbox(text, size, bold)
        ox = round((box[0] + box[2] - (right - left)) / 2) - left
        oy = round((box[1] + box[3] - (bottom - top)) / 2) - top
        ink = (ox + left - PAD, oy + top - PAD, ox + right + PAD, oy + bottom + PAD)
        return Text((ox, oy), text, size, bold, ink)


@dataclass(frozen=True, slots=True)
class Place:
    """An action space as drawn: its area (an index of the rules' AREAS), the words the board
    labels it with, and the colour it is filled with (a terrace's, a balcony's given die)."""

    area: int
    label: str
    fill: str
    box: Box


@dataclass(frozen=True, slots=True)
class Cell:
    """A cell of a player's province as drawn (its index on the board, row by row)."""

    seat: int
    cell: int
    box: Box


@dataclass(slots=True)
class Sheet:
    """Every text and mark (boats, workers, colour swatches) a picture draws, as boxes; the
    roads drawn (a tile's bars, a quarry tile's shape); the action spaces and the province
    cells, as boxes with what they are."""

    texts: list[Text] = field(default_factory=list)
    marks: list[Box] = field(default_factory=list)
    roads: list[Box] = field(default_factory=list)
    places: list[Place] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)

    def extend(self, other: Sheet) -> None:
        self.texts.extend(other.texts)
        self.marks.extend(other.marks)
        self.roads.extend(other.roads)
        self.places.extend(other.places)
        self.cells.extend(other.cells)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
