"""Taj Mahal's board picture: drawn from a view, a PNG of bounded size, blind to hidden cards,
legible on a phone (nothing covers a text, no text smaller than 10 px at 390 px wide)
(bench/board_render.py --game taj_mahal measures its cost)."""

from __future__ import annotations

import io
import random

from PIL import Image
from taj_helpers import arrange, random_game, started

from bot.product import variable
from render.taj_mahal import HEIGHT, WIDTH, board_png, drawn, sheet
from render.taj_mahal.board import SEAT_COLOURS, SEAT_STYLES, _card_label
from render.taj_mahal.layout import Box, Sheet, Text, font, overlap, px
from rules.taj_mahal import GAME, SEATS, State, TajOptions
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


def test_a_seats_own_view_shows_its_hand_and_the_public_view_says_hands_are_hidden() -> None:
    """A trial's "your view" picture was the public board: no card of its hand."""
    s = started(5)
    mine = sheet(GAME.view(s, "blue"))
    words = [t.text for t in mine.texts]
    assert "Your hand:" in words
    labels = sorted(_card_label(s.cards, k) for k in s.hands[0])  # (no special card yet)
    at = words.index("Your hand:") + 1
    assert sorted(words[at : at + len(labels)]) == labels, words
    assert meetings(mine) == []  # nothing covers another on a phone
    public = [t.text for t in sheet(GAME.view(s, None)).texts]
    assert "Your hand:" not in public
    assert "Hands are hidden: each player's count is its c above." in public


def test_board_shows_palaces_in_their_players_colours() -> None:
    s = started(3)
    before = Image.open(io.BytesIO(board_png(GAME.view(s, None)))).convert("RGB")
    c = s.board.cities_of[s.province][1]
    placed = s.clone()
    placed.palace = tuple(0 if i == c else p for i, p in enumerate(s.palace))
    after = Image.open(io.BytesIO(board_png(GAME.view(placed, None)))).convert("RGB")
    x, y = s.board.xy[c]

    assert after.getpixel(px(x, y)) == SEAT_COLOURS["blue"] != before.getpixel(px(x, y))


PHONE = 390  # px: the width a phone shows the picture at
# the suite draws every 14th state of six random games (each from its own step on) and their
# ends; CHAUPAL_WHOLE_GAMES=N draws every 7th state of those and of N more games
WHOLE_GAMES = int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")


def _states_of_random_games() -> list[State]:
    out = []
    every = 7 if WHOLE_GAMES else 14
    for k in range(6 + WHOLE_GAMES):
        end, log = random_game(3 + k % 3, 40 + k)
        s = GAME.new_game(TajOptions(), SEATS[: 3 + k % 3])
        for i, a in enumerate(log):
            s = GAME.apply(s, a)
            if i % every == k % every:
                out.append(s)
        out.append(end)
    return out


def meetings(drawn: Sheet) -> list[str]:
    """Every text that meets another text or a mark (palace, crown, marker). The boxes are
    swept from left to right: a box is compared with those not yet ended on its left (the
    others cannot meet it, nor any box after it), which are every pair `overlap` could find."""
    boxes: list[tuple[Box, Text | None]] = [(t.box, t) for t in drawn.texts]
    boxes += [(m, None) for m in drawn.marks]
    boxes.sort(key=lambda b: b[0][0])
    found: list[str] = []
    open_: list[tuple[Box, Text | None]] = []
    for box, text in boxes:
        open_ = [o for o in open_ if o[0][2] > box[0]]
        for other, other_text in open_:
            if (text is None and other_text is None) or not overlap(box, other):
                continue  # two marks may meet: only a text must stay clear
            if text is None or other_text is None:
                covered = text or other_text
                assert covered is not None
                found.append(f"a mark at {box if text is None else other} covers {covered.text!r}")
            else:
                found.append(f"{other_text.text!r} meets {text.text!r}")
        open_.append((box, text))
    return found


def test_on_a_phone_no_text_is_covered_by_another_text_or_a_palace_or_marker() -> None:
    """Read from the boxes the pen places (`sheet`), which are those it draws (below)."""
    for s in _states_of_random_games():
        assert meetings(sheet(GAME.view(s, None))) == []


def test_the_sheet_is_what_the_picture_draws() -> None:
    """`sheet` places every text and mark as the drawing does, without drawing: the same
    boxes, in the same order, at every stage of a game."""
    end, _ = random_game(4, 2)
    for s in (GAME.new_game(TajOptions(), SEATS[:4]), started(4), end):
        view = GAME.view(s, None)
        assert sheet(view) == drawn(view)[1]


def test_a_text_that_meets_another_or_a_mark_is_found() -> None:
    """The sweep above finds what comparing every pair finds."""
    a = Text((0, 0), "a", 12, False, (0, 0, 10, 10))
    b = Text((0, 0), "b", 12, False, (9, 9, 20, 20))  # meets a at its corner
    c = Text((0, 0), "c", 12, False, (30, 0, 40, 10))  # clear of both
    assert meetings(Sheet(texts=[c, b, a], marks=[])) == ["'a' meets 'b'"]
    marked = meetings(Sheet(texts=[c], marks=[(35, 5, 50, 6), (36, 5, 51, 6)]))
    assert marked == [
        f"a mark at {(35, 5, 50, 6)} covers 'c'",
        f"a mark at {(36, 5, 51, 6)} covers 'c'",
    ]
    assert meetings(Sheet(texts=[a, c], marks=[(11, 0, 29, 10)])) == []


def test_on_a_phone_the_smallest_text_is_at_least_10_px_tall() -> None:
    s, _ = random_game(5, 8)
    drawn = sheet(GAME.view(s, None))
    size = min(t.size for t in drawn.texts)
    assert size * PHONE / WIDTH >= 10
    # and its ink as drawn: a capital letter of the smallest font is 7 px high on the phone
    _, top, _, bottom = font(size).getbbox("H")
    assert (bottom - top) * PHONE / WIDTH >= 7


def test_each_player_has_a_colour_and_a_shape_of_its_own() -> None:
    assert len({c for c, _ in SEAT_STYLES.values()}) == len(SEAT_STYLES) == len(SEATS)
    assert len({shape for _, shape in SEAT_STYLES.values()}) == len(SEATS)


def test_the_same_view_gives_the_same_picture() -> None:
    s, _ = random_game(4, 9)
    assert board_png(GAME.view(s, None)) == board_png(GAME.view(s, None))


def test_every_card_on_the_board_is_labelled_with_the_words_an_order_names_it_by() -> None:
    """A card in the supply or among those played reads back as that card from its colour
    (its box's) and its label: `take red v+m`, `GM` the Grand Mogul (not a General and a
    Monk), a special card by its name (`special change`)."""
    from render.taj_mahal.board import _card_label
    from rules.taj_mahal.notation import read_card

    cards = standard_cards()
    for k, kind in enumerate(cards.kinds):
        label = _card_label(cards, k)
        said = label if kind.effect is not None else f"{kind.colour} {label}"
        assert read_card(cards, said) == k, said
    s = started(4)
    words = {t.text for t in sheet(GAME.view(s, None)).texts}
    assert {_card_label(s.cards, k) for k in s.supply} <= words


def test_the_end_names_the_winner_with_points_and_lead_in_the_result_picture_and_alt_text() -> None:
    """A spectator reads who won, with how many points and how far ahead: in the table's
    result, as the picture's title and in its alt text."""
    from render.taj_mahal import PICTURES

    end, _ = random_game(4, 2)
    result = GAME.result(end)
    assert result is not None
    first, second = sorted(end.scores, reverse=True)[:2]
    winner = result.winners[0].capitalize()
    assert result.text.startswith(f"{winner} wins with {first} points, {first - second} ahead of")
    view = GAME.view(end, None)
    assert result.text in {t.text for t in sheet(view).texts}
    assert result.text in PICTURES.alt_text(view, None)


def test_the_board_in_words_names_each_players_palaces_as_the_roads_join_them() -> None:
    """A trial planned its connections from the picture alone: the words name each palace
    with its province, the chains the roads make (Influence points 3: a city holding two
    players' palaces carries both chains), the empty cities one road away, and the bonus
    tiles still on cities."""
    from render.taj_mahal import PICTURES

    s = started(3)
    board = s.board
    city = {name: board.city_titles.index(name) for name in ("Kabul", "Ghazni", "Multan", "Lahore")}
    palace = [-1] * len(board.city_ids)
    crown = [-1] * len(board.city_ids)
    palace[city["Kabul"]] = palace[city["Multan"]] = palace[city["Lahore"]] = 0
    palace[city["Ghazni"]] = 1
    crown[city["Ghazni"]] = 0  # Blue's crown palace beside Orange's palace
    placed = arrange(s, palace=tuple(palace), crown_palace=tuple(crown))

    words = PICTURES.alt_text(GAME.view(placed, None), None)

    blue = words[words.index("Blue's palaces") : words.index("Orange's palaces")]
    assert "Kabul, crown palace Ghazni (Kabul), Multan (Multan): joined, 2 provinces" in blue
    assert "; Lahore (Lahore)." in blue
    assert "Empty cities by road: Jalalabad, Peshawar, Baramulla" in blue
    assert "Orange's palaces: Ghazni (Kabul). Empty cities by road: Peshawar." in words
    assert "Brown: no palace." in words
    assert "Bonus tiles on cities:" in words and "Provinces still to visit, in order:" in words


def test_each_province_still_to_visit_shows_its_tiles_goods_as_set_up_face_up() -> None:
    """A trial could not plan for matching goods: the province tiles lie face up from the
    setup, so the picture dots each one's goods by its visit number and the words list them."""
    from render.taj_mahal import PICTURES
    from render.taj_mahal.board import GOOD

    s = started(3)
    drawn_sheet = sheet(GAME.view(s, None))
    shown = sum(len(s.board.province_tiles[i]) for i in range(s.visit + 1, 12))
    dots = [m for m in drawn_sheet.marks if (m[2] - m[0], m[3] - m[1]) == (GOOD, GOOD)]
    assert len(dots) == shown
    words = PICTURES.alt_text(GAME.view(s, None), None)
    last = s.province_order[11]
    goods = " and ".join(s.board.province_tiles[11])
    assert f"{s.board.province_titles[last]} ({goods})." in words


def test_a_players_influence_tiles_never_read_as_the_moguls_label() -> None:
    """A trial read "GM*" (a General and a Monk tile, a special card) as the Grand Mogul's
    label, "GM" in the legend: each kind of tile stands apart."""
    s = arrange(started(3), influence=((0, 1, 1, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    texts = [t.text for t in sheet(GAME.view(s, None)).texts]
    assert "G M" in texts and "GM" not in texts
