"""Taj Mahal's board explains itself: its legend shows each mark the map draws beside what it
means (a fortress, a city, a palace on a fortress in its frame, the crown palace, the province
visited now, a province's visit number, the goods by the colours of their dots), drawn as the
map draws them; and a palace on a fortress keeps the fortress's frame, whoever holds it."""

from __future__ import annotations

import io

from PIL import Image
from taj_helpers import started

from render.taj_mahal import board_png, sheet
from render.taj_mahal.board import COMMODITY_COLOURS, LEGEND_Y, MUTED, SEAT_STYLES
from render.taj_mahal.layout import Text, marker
from rules.taj_mahal import GAME, SEATS, State


def picture(s: State) -> Image.Image:
    return Image.open(io.BytesIO(board_png(GAME.view(s, None)))).convert("RGB")


def legend(s: State) -> tuple[list[Text], list[tuple[float, float, float, float]]]:
    drawn = sheet(GAME.view(s, None))
    return (
        [t for t in drawn.texts if t.box[1] >= LEGEND_Y],
        [m for m in drawn.marks if m[1] >= LEGEND_Y],
    )


def key_before(text: Text, marks: list[tuple[float, float, float, float]]) -> tuple[int, int]:
    """The middle of the mark just left of `text` on its line."""
    left = [m for m in marks if m[2] <= text.box[0] and m[1] <= text.box[3] and text.box[1] <= m[3]]
    assert left, f"no mark before {text.text!r}"
    m = max(left, key=lambda m: m[2])
    return round((m[0] + m[2]) / 2), round((m[1] + m[3]) / 2)


def said(texts: list[Text], words: str) -> Text:
    found = [t for t in texts if t.text == words] + [t for t in texts if words in t.text]
    assert found, f"the legend never says {words!r}: {[t.text for t in texts]}"
    return found[0]


def test_the_legend_names_each_goods_colour_beside_a_dot_of_that_colour() -> None:
    s = started(4)
    texts, marks = legend(s)
    img = picture(s)
    for good, colour in COMMODITY_COLOURS.items():
        name = said(texts, good)
        assert img.getpixel(key_before(name, marks)) == colour, good


def test_the_legend_says_a_provinces_number_is_the_visit_it_comes_in() -> None:
    texts, _ = legend(started(3))
    line = said(texts, "the visit it comes in")
    number = [t for t in texts if t.text.isdigit() and t.box[2] <= line.box[0]]
    assert number and number[0].size == line.size + 2 and number[0].bold  # as the map's badges


def test_the_legend_shows_a_framed_palace_is_a_palace_on_a_fortress() -> None:
    s = started(3)
    texts, marks = legend(s)
    img = picture(s)
    line = said(texts, "a palace on a fortress")
    x, y = key_before(line, marks)
    key = next(m for m in marks if m[0] <= x <= m[2] and m[1] <= y <= m[3])
    assert img.getpixel((x, y)) == MUTED  # the palace
    corner = (round(key[0]) + 3, round(key[1]) + 3)
    assert img.getpixel(corner) != MUTED  # inside the frame, outside the palace
    for words in ("fortress", "city", "crown palace", "the province visited now"):
        key_before(said(texts, words), marks)


def test_a_palace_on_a_fortress_keeps_its_frame_whoever_holds_it() -> None:
    s = started(len(SEATS))
    board = s.board
    fortress = next(c for c in range(len(board.city_ids)) if board.fortress[c])
    for seat, name in enumerate(s.seats):
        placed = s.clone()
        placed.palace = tuple(seat if c == fortress else p for c, p in enumerate(s.palace))
        img = picture(placed)
        m = marker(board, fortress)
        colour = SEAT_STYLES[name][0]
        assert img.getpixel((round((m[0] + m[2]) / 2), round((m[1] + m[3]) / 2))) == colour
        inside_frame = (round(m[0]) + 3, round(m[1]) + 3)
        assert img.getpixel(inside_frame) != colour, f"{name}'s palace hides the fortress"


def test_the_legend_says_what_each_sign_of_a_players_row_means() -> None:
    s = started(3)
    drawn = sheet(GAME.view(s, None))
    rows = [t.text for t in drawn.texts if t.box[1] < LEGEND_Y]
    mover = s.seats[s.turn].capitalize()
    assert f"{mover} >" in rows  # the player to act, marked beside the name
    words = " ".join(t.text for t in legend(s)[0])
    for sign in (
        "> acts now",
        "cards in hand with the special ones (5c)",
        "* a special card",
        "province tiles (2p)",
    ):
        assert sign in words, (sign, words)
