"""Rajas of the Ganges' board picture: a PNG of bounded size for 2 to 4 players, legible on a
phone (no text smaller than 10 px at 390 px wide, nothing covering a text), every worker and
boat drawn, and alt text that tells each player's race (bench/board_render.py --game rajas measures its
cost)."""

from __future__ import annotations

import io
import random
from functools import cache

from PIL import Image

from render.rajas import PICTURES, WIDTH, board_png, height, sheet
from render.rajas.layout import PHONE, font, overlap
from rules.rajas import GAME, SEATS, RajasOptions, State
from rules.rajas.engine import gap


def _positions(players: int, seed: int, every: int) -> list[State]:
    """A random game's positions every `every` steps, and its end."""
    rng = random.Random(seed)
    s = GAME.new_game(RajasOptions(), SEATS[:players])
    out = [s]
    steps = 0
    while GAME.result(s) is None:
        chance = GAME.chance(s) is not None
        a = GAME.deal(s, rng.randrange) if chance else rng.choice(GAME.legal_actions(s))
        s = GAME.apply(s, a)
        steps += 1
        if steps % every == 0:
            out.append(s)
    out.append(s)
    return out


@cache
def positions() -> tuple[State, ...]:
    return tuple(p for n in (2, 3, 4) for p in _positions(n, 7 + n, 45))


def test_board_is_a_png_of_at_most_120_kb_for_every_number_of_players() -> None:
    for s in positions()[::4]:
        png = board_png(s)
        assert len(png) <= 120_000
        with Image.open(io.BytesIO(png)) as im:
            assert im.format == "PNG" and im.size == (WIDTH, height(s))


def test_no_text_covers_another_text_or_a_worker_or_boat_in_any_position() -> None:
    for s in positions():
        drawn = sheet(s)
        texts = drawn.texts
        for k, t in enumerate(texts):
            x0, y0, x1, y1 = t.box
            assert x0 >= 0 and y0 >= 0 and x1 <= WIDTH and y1 <= height(s), t.text
            for u in texts[k + 1 :]:
                assert not overlap(t.box, u.box), (t.text, u.text)
            for m in drawn.marks:
                assert not overlap(t.box, m), (t.text, m)


def test_every_text_reads_on_a_phone() -> None:
    texts = sheet(positions()[-1]).texts
    smallest = min(texts, key=lambda t: t.size)
    assert smallest.size * PHONE / WIDTH >= 10
    _, top, _, bottom = font(smallest.size).getbbox("H")
    assert (bottom - top) * PHONE / WIDTH >= 7


def test_every_worker_out_and_every_boat_on_the_river_is_drawn() -> None:
    for s in positions():
        workers = sum(len(w) for w in s.spaces)
        assert len(sheet(s).marks) == len(s.seats) + workers + len(s.seats)


def test_the_race_shows_each_players_gap_left_to_cross() -> None:
    s = positions()[5]
    words = {t.text for t in sheet(s).texts}
    for i in range(len(s.seats)):
        g = gap(s, i)
        assert (f"{-g} to cross" if g < 0 else f"crossed, {g} past") in words


def test_every_quarry_top_tile_shows_its_cost() -> None:
    s = positions()[2]
    costs = [t.text.split()[0] for t in sheet(s).texts if t.text[:1].isdigit()]
    for top in s.tops:
        if top >= 0:
            assert str(s.tiles.tiles[top].cost) in costs


def test_alt_text_names_each_player_with_their_race_by_the_names_at_the_table() -> None:
    s = positions()[3]
    text = PICTURES.alt_text(s, {s.seats[0]: "Asha"})
    assert "round" in text and "Asha" in text
    for i, seat in enumerate(s.seats[1:], start=1):
        assert seat.capitalize() in text
        assert f"fame {s.fame[i]}, money {s.money[i]}" in text


def test_the_picture_depends_on_the_view_alone() -> None:
    s = positions()[4]
    again = GAME.state_from_json(GAME.state_to_json(s))
    assert board_png(s) == board_png(again)


def test_each_province_shows_the_special_yields_around_its_edge() -> None:
    s = positions()[-1]
    codes = {"die": "D", "upgrade": "U", "money": "+5"}
    texts = sheet(s).texts
    panels = min(t.box[1] for t in texts if t.text.startswith(f"{s.seats[0].capitalize()}: "))
    shown = [t.text for t in texts if t.text in codes.values() and t.box[1] > panels]
    for kind, value in s.board.yields.values():
        assert kind in codes and (kind != "money" or value == 5)
    expected = [codes[kind] for kind, _ in s.board.yields.values()] * len(s.seats)
    assert sorted(shown) == sorted(expected)


def test_alt_text_speaks_of_the_terminals_you_and_of_empty_hands_in_plain_english() -> None:
    s = positions()[3]
    mover = GAME.to_move(s)
    assert mover is not None
    names = dict.fromkeys(s.seats, "you")  # the terminal names every seat "you"
    text = PICTURES.alt_text(s, names)
    assert f"{mover.capitalize()} (you) places." in text and "you places" not in text
    assert "dice no dice" not in text and "1 tiles" not in text
    i = s.seats.index(mover)
    bare = GAME.state_from_json(GAME.state_to_json(s))
    bare.dice = tuple(() if k == i else d for k, d in enumerate(bare.dice))
    assert f"{mover.capitalize()} (you): fame" in PICTURES.alt_text(bare, names)
    assert "; no dice." in PICTURES.alt_text(bare, names)
