"""Taj Mahal's board picture: drawn from a view, a PNG of bounded size, blind to hidden cards
(bench/taj_mahal_render.py measures its cost)."""

from __future__ import annotations

import io
import random

from PIL import Image
from taj_helpers import random_game, started

from render.taj_mahal import HEIGHT, WIDTH, board_png
from render.taj_mahal.board import SEAT_COLOURS, _px
from rules.taj_mahal import GAME, SEATS, TajOptions
from rules.taj_mahal.components import standard_cards

NORMAL_KINDS = [k for k, kind in enumerate(standard_cards().kinds) if kind.effect is None]


def test_board_is_a_png_of_at_most_100_kb_at_every_stage() -> None:
    s0 = GAME.new_game(TajOptions(), SEATS[:5])
    end, _ = random_game(5, 3)
    for s in (s0, started(5), end):
        png = board_png(GAME.view(s, None))
        assert len(png) <= 100_000
        with Image.open(io.BytesIO(png)) as im:
            assert im.format == "PNG" and im.size == (WIDTH, HEIGHT)


def test_board_of_the_public_view_is_the_same_whatever_the_hands_hold() -> None:
    s = started(4)
    rng = random.Random(1)
    other = s.clone()
    other.hands = tuple(tuple(sorted(rng.choice(NORMAL_KINDS) for _ in h)) for h in s.hands)
    assert board_png(GAME.view(s, None)) == board_png(GAME.view(other, None))


def test_board_shows_palaces_in_their_players_colours() -> None:
    s = started(3)
    before = Image.open(io.BytesIO(board_png(GAME.view(s, None)))).convert("RGB")
    c = s.board.cities_of[s.province][1]
    placed = s.clone()
    placed.palace = tuple(0 if i == c else p for i, p in enumerate(s.palace))
    after = Image.open(io.BytesIO(board_png(GAME.view(placed, None)))).convert("RGB")
    x, y = s.board.xy[c]

    assert after.getpixel(_px(x, y)) == SEAT_COLOURS["blue"] != before.getpixel(_px(x, y))
