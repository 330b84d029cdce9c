"""The Goat-Tiger board picture explains itself and reads on a phone: a legend for Tigers,
Goats and empty points; every point's number beside it, touching no point, no line and no
other text; no text smaller than 10 px at 390 px wide; what the layout says is what is drawn."""

from __future__ import annotations

import io
import math
import random
from functools import cache

from PIL import Image
from test_goat_tiger_draw import PLACEMENT, ROUND, played, quiet_position

from render.goat_tiger import GOAT, PICTURES, TIGER, board, image
from render.goat_tiger.layout import (
    HEIGHT,
    PHONE,
    WIDTH,
    Sheet,
    boxes_meet,
    disc_meets_box,
    font,
    sheet,
    xy,
)
from rules.goat_tiger import (
    LAYOUT,
    QUIET_MOVES_TO_DRAW,
    Capture,
    Move,
    Options,
    State,
    apply,
    end_text,
    legal_actions,
    new_game,
)


@cache
def states() -> tuple[State, ...]:
    """Positions of random games, every few moves, and each game's end; a handicap game."""
    out: list[State] = []
    for seed in range(4):
        r = random.Random(seed)
        st = new_game(Options() if seed else Options(goats=6, tigers=1))
        while not st.over:
            if st.moves % 9 == 0:
                out.append(st)
            st = apply(st, r.choice(legal_actions(st)))
        out.append(st)
    trapped = State(
        options=Options(goats=6, tigers=1),
        goats=(3, 4, 9, 14, 20, 23),
        tigers=(2,),
        to_move="goats",
    )
    out.append(apply(trapped, Move(origin=9, dest=8)))
    out.extend(drawn())
    return tuple(out)


def drawn() -> list[State]:
    """A game drawn by repetition and one by the cap of moves without a capture or a
    placement (our rule, added to 5.5)."""
    st = played(PLACEMENT + ROUND + ROUND)
    capped = quiet_position(QUIET_MOVES_TO_DRAW - 1)
    return [st, apply(capped, Move(origin=19, dest=13))]


def _near(a: tuple[float, float], b: tuple[float, float], pad: float, box: tuple[int, ...]) -> bool:
    """Whether segment a-b passes within `pad` of the box, by sampling it every pixel (an
    independent check of the layout's own clipping)."""
    if max(a[0], b[0]) < box[0] - pad or min(a[0], b[0]) > box[2] + pad:
        return False
    if max(a[1], b[1]) < box[1] - pad or min(a[1], b[1]) > box[3] + pad:
        return False
    steps = int(math.dist(a, b)) + 1
    for i in range(steps + 1):
        x = a[0] + (b[0] - a[0]) * i / steps
        y = a[1] + (b[1] - a[1]) * i / steps
        if box[0] - pad <= x <= box[2] + pad and box[1] - pad <= y <= box[3] + pad:
            return True
    return False


def _check(drawn: Sheet) -> None:
    texts = drawn.texts
    for i, t in enumerate(texts):
        left, top, right, bottom = t.box
        assert left >= 0 and top >= 0 and right <= WIDTH and bottom <= HEIGHT, t
        for u in texts[i + 1 :]:
            assert not boxes_meet(t.box, u.box), (t.text, u.text)
        for d in drawn.discs:
            assert not disc_meets_box(d, t.box, 2), (t.text, d)
        for a, b in drawn.lines:
            assert not _near(a, b, 2, t.box), (t.text, a, b)


def test_no_text_touches_a_point_a_line_or_another_text_in_any_position() -> None:
    for st in states():
        _check(sheet(st))


def test_every_point_has_its_number_nearer_to_it_than_to_any_other_point() -> None:
    numbers = [t for t in sheet(new_game(Options())).texts if t.role == "number"]
    assert sorted(int(t.text) for t in numbers) == sorted(LAYOUT)
    for t in numbers:
        centre = ((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2)
        nearest = min(LAYOUT, key=lambda p: math.dist(xy(p), centre))
        assert nearest == int(t.text), (t.text, nearest)


def test_every_point_is_labelled_as_orders_name_it() -> None:
    """A point's number on the board is what a move names it by: `place 7` places a Goat on
    the point labelled 7."""
    from rules.goat_tiger import GOATS, Place
    from rules.goat_tiger.notation import parse

    st = new_game(Options())
    for t in (t for t in sheet(st).texts if t.role == "number"):
        assert parse(st, f"place {t.text}", GOATS) == [Place(point=int(t.text))]


def test_every_text_reads_on_a_phone() -> None:
    for st in (states()[0], states()[-1]):
        texts = sheet(st).texts
        assert min(t.size for t in texts) * PHONE / WIDTH >= 10
        # and as inked: a capital of the smallest type stands 7 px on the phone
        smallest = min(texts, key=lambda t: t.size)
        _, top, _, bottom = font(smallest.font, smallest.size).getbbox("H")
        assert (bottom - top) * PHONE / WIDTH >= 7


def test_the_legend_shows_a_tiger_a_goat_and_an_empty_point_by_name() -> None:
    drawn = sheet(new_game(Options()))
    legend = {t.text for t in drawn.texts if t.role == "legend"}
    assert {"Tiger", "Goat", "empty point"} <= legend
    assert any("Numbers name the points" in t for t in legend)
    samples = drawn.discs[len(LAYOUT) :]
    assert [d.kind for d in samples] == ["tiger", "goat", "empty"]
    img = image(new_game(Options())).convert("RGB")
    tiger, goat = samples[0], samples[1]
    assert img.getpixel((round(tiger.x + 12), round(tiger.y))) == TIGER
    assert img.getpixel((round(goat.x + 12), round(goat.y))) == GOAT


def test_the_picture_draws_each_piece_where_the_layout_puts_it() -> None:
    st = apply(
        State(
            options=Options(goats=6),
            goats=(9, 20, 21),
            tigers=(1, 3, 4),
            in_hand=2,
            captured=1,
            to_move="tigers",
        ),
        Capture(origin=3, over=9, dest=15),
    )
    img = image(st).convert("RGB")
    for p in st.tigers:
        x, y = xy(p)
        assert img.getpixel((round(x + 12), round(y))) == TIGER, p
    for p in st.goats:
        x, y = xy(p)
        assert img.getpixel((round(x + 12), round(y))) == GOAT, p


def test_the_ending_is_written_in_full_on_the_board() -> None:
    end = states()[-3]
    status = " ".join(t.text for t in sheet(end).texts if t.role == "status")
    assert status == "The Goats win: the Tigers are trapped, with no move left (5.5)."


def test_a_draw_is_written_in_full_on_the_board_and_in_its_alt_text() -> None:
    for end in drawn():
        said = end_text(end)
        assert said.startswith("Draw: ") and said.endswith("(our rule, added to 5.5).")
        status = " ".join(t.text for t in sheet(end).texts if t.role == "status")
        assert status == said
        assert PICTURES.alt_text(end, None).startswith(f"The Goat-Tiger board: {said} Tigers on")


def test_a_board_is_a_small_png_and_the_same_view_gives_the_same_bytes() -> None:
    st = states()[3]
    png = board(st)
    assert png == board(st) and len(png) <= 60_000
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG" and im.size == (WIDTH, HEIGHT)
    alt = PICTURES.alt_text(st, None)
    assert f"Tigers on {', '.join(map(str, st.tigers))}; Goats on " in alt
    assert alt.endswith(f"; {st.in_hand} Goat{'' if st.in_hand == 1 else 's'} in the supply.")
