"""The side panel: card, eligibility, factions (Resources, VP, Cavalry, Available), Influence."""

from __future__ import annotations

from PIL import Image, ImageDraw

import rules
from rules.model import GameState

from . import geometry as g
from . import theme


def draw_panel(state: GameState) -> Image.Image:
    img = Image.new("RGB", (g.PANEL_W, g.HEIGHT), theme.PANEL)
    d = ImageDraw.Draw(img)
    d.text((24, 20), "VIJAYANAGARA", font=theme.serif(30), fill=theme.INK)
    scores = rules.score(state)
    y = 80
    for f in rules.PLAYERS:
        d.text(
            (24, y),
            f"{theme.SHORT[f]}: {state.resources[f]} Resources, {scores[f]} VP",
            font=theme.bold(18),
            fill=theme.INK,
        )
        y += 30
    d.text((24, y + 10), rules.prompt(state).text[:60], font=theme.sans(14), fill=theme.INK)
    return img
