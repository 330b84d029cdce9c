"""A Province's markers as cached sprites (RGBA): the Prosperity coin (1.3.1) and the
Tributary (1.6) or Control (1.7) badge, drawn once and pasted on every board."""

from __future__ import annotations

from functools import cache

from PIL import Image

from . import fastdraw, theme

COIN = 22  # the coin's diameter
COIN_TYPE = 15
BADGE_TYPE = 15  # the badge's text
BADGE_H = 22


@cache
def coin(prosperity: int) -> Image.Image:
    """The gold coin showing a Province's Prosperity."""
    img = Image.new("RGBA", (COIN + 1, COIN + 1), (0, 0, 0, 0))
    d = fastdraw.Draw(img)
    d.ellipse((0, 0, COIN, COIN), fill=theme.GOLD, outline=(120, 88, 20), width=2)
    c = COIN / 2
    d.text((c, c + 1), f"{prosperity}", font=theme.bold(COIN_TYPE), fill=theme.INK, anchor="mm")
    return img


def badge_width(text: str) -> int:
    return int(theme.bold(BADGE_TYPE).getlength(text)) + 12


@cache
def badge(text: str, fill: theme.RGB, ink: theme.RGB, edge: theme.RGB) -> Image.Image:
    """A rounded badge with its words ("TRIBUTARY", "B CONTROL")."""
    w = badge_width(text)
    img = Image.new("RGBA", (w + 1, BADGE_H + 1), (0, 0, 0, 0))
    d = fastdraw.Draw(img)
    d.rounded_rectangle((0, 0, w, BADGE_H), radius=5, fill=fill, outline=edge, width=2)
    d.text((w / 2, BADGE_H / 2 + 1), text, font=theme.bold(BADGE_TYPE), fill=ink, anchor="mm")
    return img
