"""Colours and fonts of the board image (the fonts ship in render/fonts/, DejaVu licence)."""

from __future__ import annotations

from functools import cache
from importlib import resources

from PIL import ImageFont

from rules.vijayanagara import Faction

RGB = tuple[int, int, int]

SEA: RGB = (168, 199, 214)
BEYOND: RGB = (201, 192, 172)
PANEL: RGB = (246, 240, 226)
PANEL_LINE: RGB = (196, 182, 152)
INK: RGB = (40, 34, 28)
MUTED: RGB = (112, 100, 84)
BORDER: RGB = (92, 74, 52)
LAND: RGB = (246, 238, 214)  # a Province with neither marker
MONGOL_LAND: RGB = (205, 170, 120)  # Mountain Passes and Punjab: light brown (1.3.2)
DELHI_LAND: RGB = (226, 206, 160)
VINDHYA: RGB = (150, 120, 86)
HIGHLIGHT: RGB = (230, 60, 140)
REBEL: RGB = (214, 40, 40)
GOLD: RGB = (214, 170, 52)
WHITE: RGB = (255, 255, 255)
# Every colour above, kept exact by the board's fixed palette (render/vijayanagara/palette.py).
NAMED: tuple[RGB, ...] = (
    SEA,
    BEYOND,
    PANEL,
    PANEL_LINE,
    INK,
    MUTED,
    BORDER,
    LAND,
    MONGOL_LAND,
    DELHI_LAND,
    VINDHYA,
    HIGHLIGHT,
    REBEL,
    GOLD,
    WHITE,
)

# Faction colours (1.4): Delhi black/grey, Bahmani turquoise, Vijayanagara yellow, Mongols red.
FACTION: dict[Faction, RGB] = {
    Faction.D: (44, 44, 48),
    Faction.B: (28, 168, 160),
    Faction.V: (242, 196, 28),
    Faction.M: (200, 38, 38),
}
# Text that reads on top of the faction colour.
ON_FACTION: dict[Faction, RGB] = {
    Faction.D: WHITE,
    Faction.B: WHITE,
    Faction.V: INK,
    Faction.M: WHITE,
}
# Province tints by Control (1.7), light enough for pieces and names on top.
CONTROL_TINT: dict[Faction, RGB] = {
    Faction.D: (190, 188, 184),
    Faction.B: (156, 220, 212),
    Faction.V: (250, 226, 130),
}
TRIBUTARY_TINT: RGB = (238, 208, 182)
# The panel's tags: Eligible, Ineligible, Acted (2.3), the Dynasty (2.7).
GREEN: RGB = (40, 120, 60)
BRICK: RGB = (150, 60, 50)
STONE: RGB = (206, 196, 176)
MAROON: RGB = (120, 40, 40)
NAMED += (TRIBUTARY_TINT, GREEN, BRICK, STONE, MAROON)
SHORT: dict[Faction, str] = {
    Faction.D: "Delhi",
    Faction.B: "Bahmani",
    Faction.V: "Vijayanagara",
    Faction.M: "Mongols",
}


# Type sizes, px on the board. A phone shows the board 390 px wide (geometry.PHONE_WIDTH), at
# 0.39 of its size: SMALL, the least type of the panel and the key, reads there as 10 px.
SMALL = 26
STRIP = 28  # the scoreboard's names, margins to the lead and Resources: 11 px on a phone
HEAD = 32  # the line of who is to act
SCORE = 52  # a Faction's VP in the scoreboard
CITY = 13  # a City's name on the map


def _path(name: str) -> str:
    return str(resources.files("render").joinpath("fonts", name))


@cache
def sans(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(_path("DejaVuSans.ttf"), size)


@cache
def bold(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(_path("DejaVuSans-Bold.ttf"), size)


@cache
def serif(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(_path("DejaVuSerif-Bold.ttf"), size)
