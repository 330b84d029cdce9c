"""The closing chart: victory points card by card (5.0), drawn for the end of a game."""

from __future__ import annotations

import io
import random

from PIL import Image

from render.vijayanagara.vp_chart import HEIGHT, WIDTH, vp_chart
from rules import vijayanagara
from rules.vijayanagara.history import vp_by_card


def _states(seed: int) -> list[vijayanagara.GameState]:
    r = random.Random(seed)
    states = [vijayanagara.new_game(seed)]
    while not states[-1].game_over:
        states.append(
            vijayanagara.apply(states[-1], r.choice(vijayanagara.legal_actions(states[-1])))
        )
    return states


def test_one_point_per_card_revealed_then_the_final_score() -> None:
    states = _states(3)
    points = vp_by_card(states)
    cards = [p.card for p in points[:-1]]
    assert cards == list(dict.fromkeys(s.current_card for s in states if s.current_card))
    assert points[-1].card is None and points[-1].vp == vijayanagara.score(states[-1])
    assert points[0].vp == {
        vijayanagara.Faction.D: 18,
        vijayanagara.Faction.B: 0,
        vijayanagara.Faction.V: 0,
    }  # 2.1


def test_the_chart_is_a_small_png_with_a_line_per_faction() -> None:
    png = vp_chart(vp_by_card(_states(4)))
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.size == (WIDTH, HEIGHT) and len(png) < 60_000
    colours = {img.getpixel((x, y)) for x in range(0, WIDTH, 2) for y in range(0, HEIGHT, 2)}
    assert (44, 44, 48) in colours and (28, 168, 160) in colours  # Delhi's and Bahmani's lines


def test_a_game_with_no_card_yet_still_draws() -> None:
    assert vp_chart([]).startswith(b"\x89PNG")
