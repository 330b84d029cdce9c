"""Rajas of the Ganges' board picture: a PNG of bounded size for 2 to 4 players, at most twice as
tall as it is wide (a chat's preview shrinks a taller one to a strip) and legible on a phone (no
text smaller than 10 px at 390 px wide, no road thinner than 3 px, nothing covering a text);
every worker and boat drawn where it is and nowhere else; each action space labelled with the
words an order names it by and each province cell readable by its column and row as orders
name it; the race's bars saying what they measure; the end naming the winner and why; alt text
that tells each player's race (bench/board_render.py --game rajas measures its cost)."""

from __future__ import annotations

import io
import random
import re
from functools import cache

from PIL import Image
from rajas_helpers import order, put, started, with_dice

import render.rajas.board as drawing
from render.rajas import PICTURES, WIDTH, board_png, height, sheet
from render.rajas.layout import PHONE, Box, Sheet, Text, overlap
from rules.rajas import GAME, NO, SEATS, RajasOptions, State, notation
from rules.rajas.components import standard_texts
from rules.rajas.engine import crossed, gap
from rules.rajas.result import race_words, verdict
from rules.rajas.state import AREAS, HARBOUR, QUARRY, Place


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
    """Games of 2, 3 and 4 players: the setup, every 45th step (the start, the middle) and
    the end."""
    return tuple(p for n in (2, 3, 4) for p in _positions(n, 7 + n, 45))


@cache
def _sheets() -> dict[int, Sheet]:
    """The sheet of each of `positions`, placed once for every check that reads it."""
    return {id(s): sheet(s) for s in positions()}


def sheet_of(s: State) -> Sheet:
    """`sheet(s)`: kept for one of `positions`, placed afresh for another state."""
    kept = _sheets().get(id(s))
    return sheet(s) if kept is None else kept


def playing() -> list[State]:
    return [s for s in positions() if s.phase == "play"]


def ends() -> list[State]:
    return [s for s in positions() if s.phase == "over"]


def _phone(px: float) -> float:
    return px * PHONE / WIDTH


def test_board_is_a_png_of_at_most_120_kb_for_every_number_of_players() -> None:
    for s in positions()[::4]:
        png = board_png(s)
        assert len(png) <= 120_000
        with Image.open(io.BytesIO(png)) as im:
            assert im.format == "PNG" and im.size == (WIDTH, height(s))


def test_every_picture_is_at_most_twice_as_tall_as_it_is_wide() -> None:
    """2, 3 and 4 players, at the setup, the start, the middle and the end of a game."""
    for players in (2, 3, 4):
        games = [s for s in positions() if len(s.seats) == players]
        assert {s.phase for s in games} == {"setup", "play", "over"}
        for s in games:
            assert height(s) <= 2 * WIDTH, (players, s.phase, height(s))


def test_no_text_covers_another_text_a_mark_or_a_road_in_any_position() -> None:
    for s in positions():
        drawn = sheet_of(s)
        texts = drawn.texts
        for k, t in enumerate(texts):
            x0, y0, x1, y1 = t.box
            assert x0 >= 0 and y0 >= 0 and x1 <= WIDTH and y1 <= height(s), t.text
            for u in texts[k + 1 :]:
                assert not overlap(t.box, u.box), (t.text, u.text)
            for m in (*drawn.marks, *drawn.roads):
                assert not overlap(t.box, m), (t.text, m)
        for k, m in enumerate(drawn.marks):
            assert not any(overlap(m, n) for n in drawn.marks[k + 1 :]), m


def test_every_text_reads_on_a_phone() -> None:
    """No text under 10 px at 390 px wide, in any position."""
    sizes = {t.size for s in positions() for t in sheet_of(s).texts}
    assert _phone(min(sizes)) >= 10


def test_every_road_reads_on_a_phone() -> None:
    """A province tile's road bars and a top tile's shape: at least 3 px wide and 4 px long
    at 390 px wide."""
    roads = [r for s in positions() for r in sheet_of(s).roads]
    assert roads
    for x0, y0, x1, y1 in roads:
        short, long = sorted((x1 - x0, y1 - y0))
        assert _phone(short) >= 3 and _phone(long) >= 4, (x0, y0, x1, y1)


def test_every_worker_out_and_every_boat_on_the_river_is_drawn() -> None:
    """A mark a player (the race's swatch), a worker and a boat."""
    for s in positions():
        workers = sum(len(w) for w in s.spaces)
        assert len(sheet_of(s).marks) == len(s.seats) + workers + len(s.seats)


def test_a_picture_shows_only_its_own_position_whatever_was_drawn_before() -> None:
    """The boats at the river's start, a worker, a die or a tile of the position that drew
    the board's fixed parts first are not on a later picture: each picture is the same drawn
    first or after another."""
    for players in (2, 4):
        games = [s for s in positions() if len(s.seats) == players]
        first, later = games[1], games[-2]
        drawing._BASES.clear()
        fresh = board_png(later)
        drawing._BASES.clear()
        board_png(first)
        assert board_png(later) == fresh


def test_the_picture_depends_on_the_view_alone() -> None:
    s = positions()[4]
    again = GAME.state_from_json(GAME.state_to_json(s))
    assert board_png(s) == board_png(again)


# --- one vocabulary ----------------------------------------------------------------------------


def _order_word(s: State, area: int) -> str:
    """The area as a placement order names it (before its payment)."""
    return notation.describe(s, Place(AREAS[area], ())).split(" with")[0]


def test_every_action_space_is_labelled_with_the_words_of_its_order() -> None:
    """`quarry`, `assorted market`, `outer terrace`, `great mogul`; a terrace or a balcony
    by `terrace` or `balcony` on a space of its colour (`terrace blue`); and every space of
    the board's side is drawn."""
    for s in (positions()[1], positions()[-2]):
        side = s.board.sides[len(s.seats)]
        places = sheet_of(s).places
        for p in places:
            said = p.label if p.fill == "slot" else f"{p.label} {p.fill}"
            assert said == _order_word(s, p.area), (said, AREAS[p.area])
        counts = {a: sum(p.area == a for p in places) for a in range(len(AREAS))}
        assert counts[QUARRY] == len(side.quarry) and counts[HARBOUR] == len(side.harbour)
        assert all(counts[a] >= 1 for a in range(len(AREAS)))


def _label_over(texts: list[Text], box: Box, above: bool) -> str:
    """The axis label of a cell: the nearest text above its column, or left of its row."""
    if above:
        found = [t for t in texts if t.box[3] <= box[1] and box[0] < t.box[0] < t.box[2] < box[2]]
        return max(found, key=lambda t: t.box[3]).text
    found = [t for t in texts if t.box[2] <= box[0] and box[1] < t.box[1] < t.box[3] < box[3]]
    return min(found, key=lambda t: t.box[0]).text


def test_each_province_cell_reads_by_its_column_letter_and_row_number_as_orders_name_it() -> None:
    s = positions()[-1]
    drawn = sheet(s)
    axis = [t for t in drawn.texts if len(t.text) == 1 and t.text in "abcdefghi123456789"]
    cells = drawn.cells
    assert len(cells) == len(s.seats) * s.board.columns * s.board.rows
    for c in cells:
        letter = _label_over(axis, c.box, above=True)
        number = _label_over(axis, c.box, above=False)
        assert letter + number == notation.cell_name(s, c.cell)


def test_the_rules_reference_says_how_cells_are_named() -> None:
    text = GAME.reference.rules_reference("quarry")  # type: ignore[attr-defined]
    assert "column letter" in text and "row number" in text and "build at b2" in text


# --- the race and the result -------------------------------------------------------------------


def test_the_race_shows_each_players_gap_left_to_cross_and_what_its_bars_measure() -> None:
    s = playing()[3]
    words = [t.text for t in sheet(s).texts]
    assert "bars: fame to cross, fewer is better" in words
    for i in range(len(s.seats)):
        g = gap(s, i)
        assert (f"{-g} to cross" if g < 0 else f"crossed, {g} past") in words


def test_the_final_picture_names_the_winner_why_and_how_each_race_ended() -> None:
    for s in ends():
        result = GAME.result(s)
        assert result is not None
        who, why = verdict(s)
        words = [t.text for t in sheet(s).texts]
        assert who.startswith(result.winners[0].capitalize())
        assert any(w.endswith(who) for w in words) and why in words
        for i in range(len(s.seats)):
            assert race_words(crossed(s, i), gap(s, i)) in words
        first = [w for w in words if w.startswith("1. ")]
        assert first == [f"1. {result.winners[0].capitalize()}"]


def _the_example() -> State:
    """End of the game, the text's example: Rajesh (red) money 65 fame 30, then Leila
    (yellow) money 52 fame 37: both 2 past, Rajesh first."""
    s = started(2)
    s = put(put(put(with_dice(s, 0, ""), 0, money=63), 0, fame=30), 0, money_bonus=4)
    s = order(s, "outer terrace, done")
    s = put(put(put(with_dice(s, 1, "b1"), 1, money=52), 1, fame=35), 1, money_bonus=4)
    return order(s, "great mogul with b1")


def test_the_result_in_words_names_the_winner_and_why() -> None:
    s = _the_example()
    result = GAME.result(s)
    assert result is not None
    assert result.text == "Red wins: as far past as Yellow, and crossed first (2 fame points past)"
    lone = put(with_dice(started(2), 1, "g1"), 1, fame=30, money=65, money_bonus=4)
    lone = order(put(lone, 0, placed=3).copy(turn=1), "great mogul with g1")
    ranked = GAME.result(lone)
    assert ranked is not None
    assert ranked.text == "Yellow wins: the only player whose markers crossed (5 fame points past)"


def test_a_players_race_at_the_end_is_said_as_a_spectator_reads_it() -> None:
    assert race_words(False, -42) == "42 fame spaces short of crossing"
    assert race_words(True, 5) == "markers crossed, 5 fame points past"
    assert race_words(True, 1) == "markers crossed, 1 fame point past"
    assert race_words(True, 0) == "markers met exactly"


def test_at_the_end_a_players_markers_crossed_exactly_when_its_gap_is_not_negative() -> None:
    """What lets the table say a result's score in words (the score is the gap alone)."""
    for s in ends():
        for i in range(len(s.seats)):
            assert crossed(s, i) == (gap(s, i) >= 0)


def test_the_result_reads_the_same_in_the_channel_the_terminal_and_the_alt_text() -> None:
    """The table's result lines (the channel's and the terminal's) and the picture's alt
    text say each race in the same words, and the winner with the same sentence."""
    from bot.table.table_texts import TableTexts

    for s in (*ends(), _the_example()):
        result = GAME.result(s)
        assert result is not None
        lines = TableTexts.ranking_lines(GAME, result)  # type: ignore[arg-type]
        alt = PICTURES.alt_text(s, None)
        assert result.text in alt
        for line, (i, seat) in zip(lines, _ranked(s, result.places), strict=True):
            said = race_words(crossed(s, i), gap(s, i))
            assert line.endswith(f"{seat.capitalize()} — {said}") and said in alt
            assert "-" not in line.split("—")[1]


def _ranked(s: State, places: tuple[tuple[str, ...], ...]) -> list[tuple[int, str]]:
    return [(s.seats.index(seat), seat) for tied in places for seat in tied]


def test_alt_text_names_each_player_with_their_race_by_the_names_at_the_table() -> None:
    s = playing()[3]
    text = PICTURES.alt_text(s, {s.seats[0]: "Asha"})
    assert "round" in text and f"{s.seats[0].capitalize()} (Asha): fame" in text
    for i, seat in enumerate(s.seats[1:], start=1):
        assert seat.capitalize() in text
        assert f"fame {s.fame[i]}, money {s.money[i]}" in text
    assert " 1 tiles" not in " ".join(PICTURES.alt_text(p, None) for p in positions())


def test_the_rivers_karma_and_dice_spaces_show_that_they_give_two() -> None:
    """A trial read the river's "K" and "D" as one karma and one die: they give 2 (River
    action, its earnings)."""
    from render.rajas.spaces import river_label

    board = positions()[0].board
    labels = [river_label(board, p)[0] for p in range(1, board.final + 1)]
    earns = [sp.earn for sp in board.river]
    assert {labels[k] for k, e in enumerate(earns) if e == "karma"} == {"2K"}
    assert {labels[k] for k, e in enumerate(earns) if e == "dice"} == {"2D"}
    assert "2K 2 karma, 2D 2 dice" in " ".join(drawing.LEGEND)
    # a trial learnt what "+5" on an edge was only from an AI's log line
    assert "(on an edge: a yield for a road reaching it; +5 5 money)" in " ".join(drawing.LEGEND)


def test_each_province_shows_the_special_yields_around_its_edge() -> None:
    s = positions()[-1]
    codes = {"die": "D", "upgrade": "U", "money": "+5"}
    drawn = sheet(s)
    top = min(c.box[1] for c in drawn.cells)
    shown = [t.text for t in drawn.texts if t.text in codes.values() and t.box[1] > top - 30]
    for kind, value in s.board.yields.values():
        assert kind in codes and (kind != "money" or value == 5)
    expected = [codes[kind] for kind, _ in s.board.yields.values()] * len(s.seats)
    assert sorted(shown) == sorted(expected)


def test_every_quarry_top_tile_shows_its_cost() -> None:
    s = positions()[2]
    costs = [t.text.split()[0] for t in sheet(s).texts if t.text[:1].isdigit()]
    for top in s.tops:
        if top >= 0:
            assert str(s.tiles.tiles[top].cost) in costs


def _owners_largest_board() -> str:
    """A board file with as much as the loader takes: two quarry rows of 8, a harbour of 8,
    8 spaces in each market, 10 on the outer terrace, a river of 40 and a province of 9 by 9."""
    text, _ = standard_texts()
    river = "\n".join(["    - {earn: money, value: 3}"] * 39 + ["    - {earn: fame, value: 6}"])
    edges = "    - {column: 0, row: 0, side: N, yield: upgrade}\n"
    edges += "    - {column: 8, row: 8, side: E, yield: money, value: 5}\n"
    for old, new in (
        (
            "quarry: [[1, 1, 2, 2], [3, 3, 4, 4]]",
            "quarry: [[1, 1, 2, 2, 3, 3, 4, 4], [1, 2, 3, 4, 1, 2, 3, 4]]",
        ),
        ("harbour: [[0, 1, 1, 2]]", "harbour: [[0, 1, 1, 2, 2, 1, 1, 2]]"),
        (
            "assorted_market: 2\n    goods_market: 4\n    outer_terrace: 5",
            "assorted_market: 8\n    goods_market: 8\n    outer_terrace: 10",
        ),
        (
            "columns: 5\n  rows: 4\n  residence: {column: 2,",
            "columns: 9\n  rows: 9\n  residence: {column: 4,",
        ),
    ):
        assert old in text
        text = text.replace(old, new, 1)
    text = re.sub(r"  spaces:\n(    - .*\n)+", f"  spaces:\n{river}\n", text)
    return re.sub(r"  yields:\n(    - .*\n)+", f"  yields:\n{edges}", text)


def test_an_owners_largest_board_is_drawn_with_nothing_covered_or_cut_off() -> None:
    """Spaces that do not fit a row go on in the next, a wide province stands alone."""
    rng = random.Random(1)
    s = GAME.new_game(RajasOptions(board_file=_owners_largest_board()), SEATS[:4])
    for _ in range(300):
        if GAME.result(s) is not None:
            break
        chance = GAME.chance(s) is not None
        s = GAME.apply(
            s, GAME.deal(s, rng.randrange) if chance else rng.choice(GAME.legal_actions(s))
        )
    drawn = sheet(s)
    assert len(drawn.cells) == 4 * 81 and sum(p.area == QUARRY for p in drawn.places) == 16
    for k, t in enumerate(drawn.texts):
        assert t.box[0] >= 0 and t.box[2] <= WIDTH and t.box[3] <= height(s), t.text
        assert not any(overlap(t.box, u.box) for u in drawn.texts[k + 1 :]), t.text
        assert not any(overlap(t.box, m) for m in (*drawn.marks, *drawn.roads)), t.text


def test_alt_text_speaks_of_the_terminals_you_and_of_empty_hands_in_plain_english() -> None:
    s = positions()[3]
    mover = GAME.to_move(s)
    assert mover is not None
    names = dict.fromkeys(s.seats, "you")  # the terminal names every seat "you"
    text = PICTURES.alt_text(s, names)
    assert f"{mover.capitalize()} (you) to place." in text and "you places" not in text
    assert "dice no dice" not in text and "1 tiles" not in text
    i = s.seats.index(mover)
    bare = GAME.state_from_json(GAME.state_to_json(s))
    bare.dice = tuple(() if k == i else d for k, d in enumerate(bare.dice))
    assert f"{mover.capitalize()} (you): fame" in PICTURES.alt_text(bare, names)
    assert "; no dice." in PICTURES.alt_text(bare, names)


def test_the_board_in_words_has_what_a_player_plans_with() -> None:
    """A trial could plan only with the picture: the words name each province's tiles with
    their roads as turned and what they hold, the quarry's top tiles, the river's earnings."""
    from rajas_helpers import on_top, tile

    s = on_top(started(2), tile("orange", 9))
    grid = list(s.province[0])
    grid[s.board.columns + 1] = tile("blue", 3) * 4 + 1  # b2, turned 90
    s = put(s, 0, province=tuple(grid))
    text = PICTURES.alt_text(s, None)
    placed = s.tiles.tiles[tile("blue", 3)]
    turned = " ".join(side for k, side in enumerate("NESW") if placed.turned(1) >> k & 1)
    assert (
        f"Red's province: b2 roads {turned}" in text and "Yellow's province: no tile yet." in text
    )
    assert "Quarry top tiles: " in text and "orange cow 9: roads " in text
    assert "River spaces: 1 (3 money); 2 (2 karma);" in text and " fame to cross" not in text
    named = PICTURES.alt_text(s, {"red": "you", "yellow": "Asha"})  # (a trial read "Red (you)'s")
    assert "Red's province (yours): b2" in named and "Yellow's province (Asha's): no" in named


def _inside(text: Text, box: Box) -> bool:
    return box[0] <= text.box[0] and text.box[2] <= box[2] and box[1] <= text.box[1] <= box[3]


def test_each_river_space_shows_its_number_as_the_texts_count_it() -> None:
    """A trial counted cells to find "river space 7" (the start is 0)."""
    from render.rajas.layout import MARGIN, RIGHT
    from render.rajas.spaces import GAP, RIVER_H, RIVER_PER_ROW, RIVER_ROW

    s = positions()[0]
    drawn = sheet(s).texts
    top = next(t for t in drawn if t.text == "start").box[1] - 2  # its label 2 px in
    pitch = (RIGHT - MARGIN + GAP) // RIVER_PER_ROW
    for p in range(1, s.board.final + 1):
        row, col = divmod(p, RIVER_PER_ROW)
        x, y = MARGIN + col * pitch, top + row * RIVER_ROW
        space = (x, y, x + pitch - GAP, y + RIVER_H)
        assert any(t.text == str(p) and _inside(t, space) for t in drawn), p


def test_the_quarry_and_harbour_spaces_say_their_costs_are_money() -> None:
    """A trial read the quarry's "1 2 3 4" and the harbour's "0 1 2" as unlabelled numbers."""
    for s in (p for p in positions() if p.phase == "setup"):
        side = s.board.sides[len(s.seats)]
        drawn = sheet(s)
        for area, costs in ((QUARRY, side.quarry), (HARBOUR, side.harbour)):
            boxes = [p.box for p in drawn.places if p.area == area]
            said = [next(t.text for t in drawn.texts if _inside(t, b)) for b in boxes]
            assert said == [f"{c}m" if c else "free" for c in costs], said
        assert "m money" in " ".join(drawing.LEGEND)


def test_the_tracks_special_spaces_are_shown_with_what_each_gives() -> None:
    """A trial could not see from the picture that money 44 moves the boat or 55 gives two
    dice: each scoring track's special spaces (Bonuses on the scoring tracks) are written."""
    from rules.rajas import TRACK_BONUSES

    texts = [t.text for t in sheet(positions()[0]).texts]
    fame, money = drawing.track_lines()
    assert fame in texts and money in texts
    assert fame == "fame track: 5 U, 15 worker, 24 2K, 31 boat +1 (next free river space)"
    assert money == "money track: 12 boat +1, 20 worker, 33 2D, 44 boat +1, 55 2D"
    assert dict(TRACK_BONUSES)["money"] == (
        (12, "river"),
        (20, "worker"),
        (33, "dice"),
        (44, "river"),
        (55, "dice"),
    )


def test_each_stack_shows_how_many_tiles_it_holds_in_the_picture_and_its_words() -> None:
    """A trial could not tell how many tiles were left in a stack: each face-up tile has the
    stack's count boxed beside it, and the alt text gives it."""
    for s in positions()[::7]:
        texts = [t.text for t in sheet(s).texts]
        alt = PICTURES.alt_text(s, None)
        for k, top in enumerate(s.tops):
            if top != NO:
                left = len(s.stacks[k]) + 1
                assert str(left) in texts
                assert f"({left} left)" in alt
    assert "boxed: tiles left" in " ".join(drawing.LEGEND)


def _every_space_taken(s: State, spaces: Sheet) -> State:
    """`s` with a worker on every action space drawn (one a space, as the rules allow), the
    seats in turn."""
    counts = [sum(p.area == a for p in spaces.places) for a in range(len(AREAS))]
    n = len(s.seats)
    return s.copy(spaces=tuple(tuple(k % n for k in range(c)) for c in counts))


def test_a_worker_on_any_action_space_hides_neither_its_cost_nor_its_label() -> None:
    """A play-test could not read what a quarry or harbour space costs once a worker stood
    on it: with every space of the board taken, each still shows all it prints (its cost, a
    chamber's name and number, a balcony's dice) and its one worker covers none of it nor
    the area's label."""
    for players in (2, 3, 4):
        empty = started(players)
        bare = sheet(empty)
        full = sheet(_every_space_taken(empty, bare))
        assert len(full.places) == len(bare.places)
        for place in full.places:
            printed = [t.box for t in bare.texts if overlap(t.box, place.box)]
            shown = [t.box for t in full.texts if overlap(t.box, place.box)]
            assert shown == printed, (players, place.label, place.box)
            assert printed or place.label == "terrace", place.label  # a colour, no words
            labels = [t.box for t in full.texts if t.text == place.label]
            discs = [m for m in full.marks if overlap(m, place.box)]
            assert len(labels) >= 1 and len(discs) == 1, (place.label, place.box)
            for box in (*shown, *labels):
                assert not overlap(discs[0], box), (players, place.label, box)
