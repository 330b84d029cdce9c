"""Successors' map picture: our drawing of our map (every area and sea placed, no box on
another, each box on exactly its area's seas, every border traced by eye: no link under or
close by a third box, none leaving a box beside another, crossing or running alongside
another); a picture of each kind of state legible on a phone (render.successors.legible: no
text covering another or leaving its box, no text under 10 px at 390 px wide, at most twice
as tall as wide) in a PNG of at most 150 KB; the same picture for the public and for a seat, whatever the hands hold;
alt text naming every area where something stands and every treasury; an owner's map with
areas our drawing does not know, placed by their links (bench/successors_render.py draws and
checks the states of whole games, and measures the cost)."""

from __future__ import annotations

import io
import itertools
import math
import random
from collections.abc import Iterator
from functools import cache

import pytest
import yaml
from PIL import Image
from successors_helpers import (
    BLUE,
    SEATS,
    allied,
    fleets,
    leader_at,
    moving,
    order,
    put,
    random_playout,
    started,
)

from render.goat_tiger.layout import segment_meets_box
from render.rajas.layout import font, overlap
from render.successors import PICTURES, WIDTH, board_png, packed, picture
from render.successors.board import PALETTE, Sheet, phase_of, scores
from render.successors.layout import (
    PHONE,
    box_meets_polygon,
    line_at,
    map_layout,
    meets,
    segments_cross,
)
from render.successors.legible import faults
from rules.successors import GAME, SuccessorsOptions, open_homes, standard_parts
from rules.successors.components import MAP_FILE, load_map_text
from rules.successors.result import half_points
from rules.successors.state import CAPTIVE, INVASION, MERC, REVOLT, WHITE, State

OURS = standard_parts().map


# --- our drawing of our map ------------------------------------------------------------------


def test_every_area_and_sea_of_our_map_has_its_place_in_the_drawing() -> None:
    lay = map_layout(OURS)
    assert lay.guessed == ()
    assert len(lay.areas) == OURS.land and len(lay.seas) == OURS.areas - OURS.land
    assert lay.coasts == ()  # every coast lies on its sea


def test_no_box_meets_another_and_every_box_lies_in_the_picture() -> None:
    boxes = [p.box for p in map_layout(OURS).areas]
    for b in boxes:
        assert b[0] >= 0 and b[2] <= WIDTH
    for (i, a), (j, b) in itertools.combinations(enumerate(boxes), 2):
        assert not meets(a, b, 8), (OURS.ids[i], OURS.ids[j])


# A reader traces a border by eye from box to box: the part of its line outside its two boxes
# is what they see. A line passes a third box CLEAR of it (a line grazing a box reads as a
# border of its area); links leaving one box leave it APART (about two line widths at 390 px
# wide) or PARTED by a clear angle; no two borders cross on our map; two borders keep
# ALONGSIDE apart beyond their first BESIDE pixels out of a shared box, where their exits part.
APART, PARTED, ALONGSIDE, BESIDE, CLEAR = 14, 30, 10, 24, 10


def test_a_link_runs_under_no_third_box_nor_close_by() -> None:
    lay = map_layout(OURS)
    pairs = [(a, b) for a in range(OURS.land) for b in OURS.adjacent[a] if a < b]
    assert len(pairs) == len(lay.links) == 60
    for (a, b), line in zip(pairs, lay.links, strict=True):
        for c, place in enumerate(lay.areas):
            if c not in (a, b):
                crossed = any(
                    segment_meets_box(p, q, place.box, CLEAR) for p, q in itertools.pairwise(line)
                )
                assert not crossed, (OURS.ids[a], OURS.ids[b], OURS.ids[c])


def test_links_leaving_one_box_leave_it_apart_or_at_clearly_different_angles() -> None:
    seen = _seen_links()
    for a in range(OURS.land):
        exits = [(b, line[:2]) for (c, b), line in seen.items() if c == a]
        exits += [(b, line[:-3:-1]) for (b, c), line in seen.items() if c == a]
        for (b, (p, q)), (c, (r, s)) in itertools.combinations(exits, 2):
            parted = _dist(p, r) >= APART or _angle(p, q, r, s) >= PARTED
            assert parted, (OURS.ids[a], OURS.ids[b], OURS.ids[c])


def test_no_two_borders_cross() -> None:
    for (one, line), (other, line2) in itertools.combinations(_seen_links().items(), 2):
        for (p, q), (r, s) in itertools.product(_segments(line), _segments(line2)):
            assert not segments_cross(p, q, r, s), [OURS.ids[k] for k in (*one, *other)]


def test_two_borders_never_run_alongside_each_other() -> None:
    seen = _seen_links()
    for one, other in itertools.combinations(seen, 2):
        line, line2 = seen[one], seen[other]
        shared = set(one) & set(other)
        if shared:  # drop the first stretch out of the shared box, where their exits part
            line = _trimmed(line if one[0] in shared else line[::-1])
            line2 = _trimmed(line2 if other[0] in shared else line2[::-1])
        for (p, q), (r, s) in itertools.product(_segments(line), _segments(line2)):
            near = min(_to_segment(p, r, s), _to_segment(q, r, s), _to_segment(r, p, q))
            near = min(near, _to_segment(s, p, q))
            assert near >= ALONGSIDE, [OURS.ids[k] for k in (*one, *other)]


Point = tuple[float, float]


def _seen_links() -> dict[tuple[int, int], list[Point]]:
    """Each link's line outside its two boxes, from the first area to the second."""
    lay = map_layout(OURS)
    pairs = [(a, b) for a in range(OURS.land) for b in OURS.adjacent[a] if a < b]
    seen = {}
    for (a, b), line in zip(pairs, lay.links, strict=True):
        out = _out_of(list(line), lay.areas[a].box)
        seen[a, b] = _out_of(out[::-1], lay.areas[b].box)[::-1]
    return seen


def _out_of(line: list[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """The line from where it leaves the box it starts in."""
    for k, (p, q) in enumerate(_segments(line)):
        d = (q[0] - p[0], q[1] - p[1])
        t = min(
            (box[2 + i] - p[i]) / d[i] if d[i] > 0 else (box[i] - p[i]) / d[i]
            for i in (0, 1)
            if d[i]
        )
        if t <= 1:
            return [(p[0] + t * d[0], p[1] + t * d[1]), *line[k + 1 :]]
    raise AssertionError("a link that never leaves its box")


def _trimmed(line: list[Point]) -> list[Point]:
    """The line without its first BESIDE pixels."""
    left = BESIDE
    for k, (p, q) in enumerate(_segments(line)):
        if _dist(p, q) > left:
            t = left / _dist(p, q)
            return [(p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])), *line[k + 1 :]]
        left -= _dist(p, q)
    return line[-1:]


def _segments(line: list[Point]) -> list[tuple[Point, Point]]:
    return list(itertools.pairwise(line))


def _dist(p: Point, q: Point) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


def _angle(p: Point, q: Point, r: Point, s: Point) -> float:
    """The angle in degrees between the directions p to q and r to s."""
    turn = math.atan2(s[1] - r[1], s[0] - r[0]) - math.atan2(q[1] - p[1], q[0] - p[0])
    return math.degrees(abs((turn + math.pi) % (2 * math.pi) - math.pi))


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return _dist(p, (a[0] + t * dx, a[1] + t * dy))


def test_a_box_touches_exactly_the_seas_its_area_borders() -> None:
    lay = map_layout(OURS)
    for a, place in enumerate(lay.areas):
        for k, sea in enumerate(lay.seas):
            touches = box_meets_polygon(place.box, sea.outline)
            assert touches == (OURS.land + k in OURS.seas[a]), (OURS.ids[a], OURS.ids[k])


def test_no_box_covers_a_seas_name_and_fleets_or_the_players_table() -> None:
    lay = map_layout(OURS)
    for place in lay.areas:
        assert not meets(place.box, lay.panel, 4)
        for sea in lay.seas:
            assert not meets(place.box, sea.reserved, 4)


# --- a picture of each kind of state ---------------------------------------------------------

KINDS = (
    "setup rolls",
    "setup home",
    "setup buys",
    "Events",
    "Revenue",
    "Purchases",
    "Movement",
    "Combat",
    "at sea",
    "battle",
    "revolt",
    "invasion",
    "mercenaries",
    "captive",
    "alliance",
    "out",
    "3 players, mid-game",
    "4 players, mid-game",
    "over, 3 players",
    "over, 4 players",
)


def kinds_of(s: State) -> Iterator[str]:
    """What a picture of the state shows that another kind's does not: the setup's chooser
    or buyer, the phase, a force at sea, a battle, each marker, mercenaries, a captive
    leader, an alliance, an eliminated seat, the middle of a game and its end, by players."""
    if s.phase == "over":
        yield f"over, {s.players} players"
        return
    if s.phase == "setup":
        top = s.frames[-1][0]
        yield {"home_roll": "setup rolls", "home": "setup home", "buy": "setup buys"}[top]
        return
    yield phase_of(s) or "between"
    if s.turn == s.parts.setup.turns // 2:
        yield f"{s.players} players, mid-game"
    force, units = s.force, s.units
    if force is not None and force.fleets:
        yield "at sea"
    if s.battle is not None:
        yield "battle"
    if REVOLT in s.markers:
        yield "revolt"
    if INVASION in s.markers:
        yield "invasion"
    mercs = range(MERC * 4, (MERC + s.players) * 4)
    if any(row[c] for row in units for c in mercs):
        yield "mercenaries"
    if any(at >= CAPTIVE for at in s.leaders):
        yield "captive"
    if s.alliances:
        yield "alliance"
    if s.out:
        yield "out"


@cache
def kinds() -> dict[str, State]:
    """The first state of each kind in random games of 3 and 4 players in turn (the game's
    own random play, a seeded dealer, a step aside now and then: gifts, alliances, chits),
    as many games as it takes to meet every kind (the states of whole games are the
    bench's: bench/successors_render.py)."""
    first: dict[str, State] = {}

    def note(s: State) -> None:
        for kind in kinds_of(s):
            first.setdefault(kind, s)

    note(GAME.new_game(GAME.info.options(), SEATS[:3]))  # the rolls for the choice of homes
    for seed in range(1, 9):
        random_playout(3 + (seed + 1) % 2, seed, note, aside_rate=0.05)
        if set(KINDS) <= first.keys():
            break
    return {kind: first[kind] for kind in KINDS if kind in first}


@cache
def drawn(kind: str) -> tuple[Image.Image, Sheet]:
    return picture(GAME.view(kinds()[kind], None))


def test_random_games_meet_every_kind_of_state() -> None:
    assert tuple(kinds()) == KINDS


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_state_reads_on_a_phone_in_a_png_of_at_most_150_kb(kind: str) -> None:
    img, drawn_sheet = drawn(kind)
    assert faults(img, drawn_sheet, map_layout(OURS)) == []
    png = packed.encode(img, PALETTE)
    assert len(png) <= 150_000
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG" and im.size == img.size and im.size[0] == WIDTH
        assert im.convert("RGB").getpixel((2, 2)) == (246, 239, 224)


def test_every_fault_is_told() -> None:
    """A text over another, over a swatch, across a box's edge, off the picture or too small;
    a picture too tall."""
    lay = map_layout(OURS)
    x0, y0, _, _ = lay.areas[0].box
    over = [line_at(x0 - 8, y0 + 6, "Across"), line_at(x0 - 4, y0 + 6, "Over")]
    small, off = line_at(20, 5, "tiny", 18), line_at(-5, 5, "off")
    swatch = (over[1].box[0], over[1].box[1], over[1].box[0] + 4, over[1].box[1] + 4)
    told = faults(Image.new("P", (WIDTH, 2 * WIDTH + 1)), Sheet([*over, small, off], [swatch]), lay)
    assert told[0] == f"{WIDTH} by {2 * WIDTH + 1} px: more than twice as tall as wide"
    for words in (
        "'Across' covers 'Over'",
        "'Over' covers a mark",
        f"'Across' crosses the edge of {lay.areas[0].box}",
        "'tiny' is 9 px on a phone",
        "'off' leaves the picture",
    ):
        assert words in told, (words, told)
    assert faults(*drawn("setup rolls"), lay) == []


def test_every_text_reads_on_a_phone() -> None:
    texts = drawn("over, 4 players")[1].texts
    smallest = min(texts, key=lambda t: t.size)
    assert smallest.size * PHONE / WIDTH >= 10
    _, top, _, bottom = font(smallest.size).getbbox("H")
    assert (bottom - top) * PHONE / WIDTH >= 7


def test_every_area_shows_its_name_as_players_type_it_its_value_symbol_and_port() -> None:
    lay = map_layout(OURS)
    texts = drawn("setup rolls")[1].texts
    for a, place in enumerate(lay.areas):
        inside = [t.text for t in texts if overlap(t.box, place.box)]
        lines = " ".join(inside[: len(place.names)])
        assert lines == OURS.names[a], (lines, OURS.names[a])
        assert inside[len(place.names)] == str(OURS.value[a])
        assert inside[len(place.names) + 1] == "LICE"[OURS.symbol[a]]
        assert ("⚓" in inside) == (OURS.coast[a] == 2), OURS.names[a]


@pytest.mark.parametrize("kind", ["4 players, mid-game", "captive", "alliance", "out"])
def test_the_players_table_shows_each_treasury_chits_held_and_points(kind: str) -> None:
    s = kinds()[kind]
    view = GAME.view(s, None)
    texts = [t.text for t in drawn(kind)[1].texts]
    for seat in range(s.players):
        if seat not in s.out:
            chits = f"{view.hand_sizes[seat]} chit{'' if view.hand_sizes[seat] == 1 else 's'}"
            assert any(t.startswith(f"{s.money[seat]} T, {chits}, ") for t in texts)
    assert ("out" in texts and "eliminated" in texts) == bool(s.out)
    captive = any(at >= CAPTIVE for at in s.leaders)
    assert any(t.startswith("leader held by ") for t in texts) == captive
    assert captive or kind != "captive"
    assert any("allied with " in t for t in texts) == bool(s.alliances)


def test_the_stacks_show_every_unit_and_leader_by_colour_and_type() -> None:
    """The words on the map add up to every unit, fleet and leader of the view (the areas
    written out below the map included)."""
    for kind, s in kinds().items():
        drawn_sheet = drawn(kind)[1]
        texts = [w for t in drawn_sheet.texts for w in t.text.split("\u2009")]
        shown = sum(1 for t in texts if t == "★")
        on_map = sum(1 for at in s.leaders if 0 <= at < OURS.areas)
        assert shown >= on_map or drawn_sheet.overflow
        units = sum(
            int(t[:-1]) for t in texts if len(t) > 1 and t[-1] in "LICE" and t[:-1].isdigit()
        )
        force = s.force
        aboard = sum(g[3] for g in force.groups) if force is not None and force.fleets else 0
        total = sum(sum(row) for row in s.units) + aboard
        assert units == total or drawn_sheet.overflow, kind


# --- hidden stays hidden ---------------------------------------------------------------------


def test_a_seats_picture_is_the_publics_whatever_the_hands_hold() -> None:
    s = kinds()["4 players, mid-game"]
    assert any(s.hands)
    public = board_png(GAME.view(s, None))
    for seat in s.seats:
        assert board_png(GAME.view(s, seat)) == public
    other = s.clone()
    chits = sorted([*s.cup, *(c for h in s.hands for c in h)])
    random.Random(3).shuffle(chits)
    hands, k = [], 0
    for h in s.hands:
        hands.append(tuple(sorted(chits[k : k + len(h)])))
        k += len(h)
    other.hands, other.cup = tuple(hands), tuple(sorted(chits[k:]))
    other.orders = tuple(() for _ in s.seats)
    assert board_png(GAME.view(other, None)) == public
    assert PICTURES.alt_text(GAME.view(other, None), None) == PICTURES.alt_text(
        GAME.view(s, None), None
    )


def test_the_picture_depends_on_the_view_alone() -> None:
    s = kinds()["battle"]
    again = GAME.state_from_json(GAME.state_to_json(s))
    assert board_png(GAME.view(s, None)) == board_png(GAME.view(again, None))


# --- alt text --------------------------------------------------------------------------------


def test_the_board_in_words_tells_a_seat_without_a_home_what_status_tells() -> None:
    """A trial read "0 Talents ... leader not yet placed" in the board's words at the setup,
    and "no home yet (5 Talents to spend there)" in `status`."""
    s = GAME.new_game(SuccessorsOptions(), SEATS[:3])
    dealer = random.Random(3)
    while GAME.chance(s) is not None:
        s = GAME.apply(s, GAME.deal(s, dealer.randrange))
    text = PICTURES.alt_text(GAME.view(s, None), None)
    assert text.count("no home yet (5 Talents to spend there)") == 3, text
    assert "not yet placed" not in text


def test_alt_text_names_every_area_where_something_stands_and_every_treasury() -> None:
    for s in kinds().values():
        text = PICTURES.alt_text(GAME.view(s, None), {s.seats[0]: "Asha"})
        assert "Asha" in text
        for seat in range(s.players):
            if seat not in s.out:
                talents = f"{s.money[seat]} Talent{'' if s.money[seat] == 1 else 's'}"
                assert talents in text
        for a in range(OURS.areas):
            here = (a < OURS.land and any(s.units[a])) or any(s.fleets[a])
            here = here or a in s.leaders
            if here:
                assert OURS.names[a] in text, OURS.names[a]


def test_mercenaries_are_named_apart_in_the_maps_text_and_its_legend() -> None:
    """The map's text listed a seat's mercenaries as its own units ("Macedonia (leader, 3
    levy, 3 cav, 2 inf)"), and the legend said only "edged: mercenaries"."""
    s = put(put(started(3), "egy", BLUE, levy=3), "egy", MERC + BLUE, inf=2)
    assert "Blue controls Egypt (leader, 3 levy, 2 mercenary inf)" in PICTURES.alt_text(
        GAME.view(s, None), None
    )
    s = order(
        moving(fleets(s, "egy", BLUE)),
        "take 1 fleet at Egypt, embark 1 merc inf at Egypt, sail to Egyptian Sea",
    )
    at_sea = "At sea: Egyptian Sea (Blue 1 fleet; Blue's mercenaries 1 inf)"
    assert at_sea in PICTURES.alt_text(GAME.view(s, None), None)
    legend = " ".join(t.text for t in picture(GAME.view(s, None))[1].texts)
    assert "white: rebels; white edged in a player's colour: its mercenaries" in legend


def test_points_now_are_the_rules_half_points() -> None:
    for s in kinds().values():
        assert scores(s) == [half_points(s, k) for k in range(s.players)]


# --- positions built for a case --------------------------------------------------------------


def test_a_crowded_area_is_written_out_below_the_map() -> None:
    s = started(4)
    s = put(s, "syr", 0, levy=3, inf=4, cav=2, el=1)
    s = put(s, "syr", 1, levy=2, inf=3, cav=1)
    s = put(s, "syr", MERC + 2, inf=2)
    s = put(s, "syr", WHITE, levy=2)
    s = fleets(leader_at(s, 0, "syr"), "cys", 1, 3)
    view = GAME.view(s, None)
    img, drawn_sheet = picture(view)
    assert drawn_sheet.overflow == ["Syria"]
    lines = [t.text for t in drawn_sheet.texts]
    assert any(t.startswith("Syria: Blue ★ 3L 4I 2C 1E") for t in lines)
    assert "+" in lines and "3F" in lines
    assert faults(img, drawn_sheet, map_layout(OURS)) == []


def test_many_crowded_areas_keep_the_picture_within_twice_its_width() -> None:
    s = started(4)
    crowded = ["mac", "gre", "thr", "car", "cil", "syr", "cyp", "mes", "med", "sus", "per"]
    for where in crowded:
        for seat in range(4):
            s = put(s, where, seat, levy=1, inf=1)
    view = GAME.view(s, None)
    img, drawn_sheet = picture(view)
    assert img.size[1] <= 2 * WIDTH
    named = {OURS.names[OURS.index[x]] for x in crowded}
    assert set(drawn_sheet.overflow) <= named and len(drawn_sheet.overflow) >= 8
    lines = [t.text for t in drawn_sheet.texts]
    last = next(t for t in lines if t.startswith("Also crowded: "))
    written = [t.split(":")[0] for t in lines if t.endswith("Yellow 1L 1I")]
    assert written and all(name in written or name in last for name in drawn_sheet.overflow)
    assert faults(img, drawn_sheet, map_layout(OURS)) == []
    assert all(OURS.names[OURS.index[x]] in PICTURES.alt_text(view, None) for x in crowded)


def test_long_names_of_players_are_cut_to_fit() -> None:
    s = started(4)
    names = {seat: "Antigonus the One-Eyed of Phrygia" for seat in s.seats}
    img, drawn_sheet = picture(GAME.view(s, None), names)
    assert faults(img, drawn_sheet, map_layout(OURS)) == []
    assert any(t.text.endswith("…") for t in drawn_sheet.texts)


# --- an owner's map --------------------------------------------------------------------------


def _with_more(text: str) -> str:
    """Our map with two areas and a sea our drawing does not know: Rhodes, an island port on
    a new Rhodian Sea between the Aegean and the Cyprian Sea, and Pisidia inland between
    Greater Phrygia and Lycia."""
    data = yaml.load(text, Loader=yaml.CSafeLoader)
    areas = {a["id"]: a for a in data["areas"]}
    data["areas"].append(
        {"id": "rho", "name": "Rhodes", "value": 2, "terrain": "normal", "coast": "port",
         "symbol": "inf", "seas": ["rhs"], "adjacent": []}
    )  # fmt: skip
    data["areas"].append(
        {"id": "pis", "name": "Pisidia", "value": 2, "terrain": "rough", "coast": "inland",
         "symbol": "levy", "seas": [], "adjacent": ["phr", "lyc"]}
    )  # fmt: skip
    areas["phr"]["adjacent"].append("pis")
    areas["lyc"]["adjacent"].append("pis")
    areas["car"]["seas"].append("rhs")
    data["seas"].append({"id": "rhs", "name": "Rhodian Sea", "adjacent": ["aeg", "cys"]})
    for sea in data["seas"]:
        if sea["id"] in ("aeg", "cys"):
            sea["adjacent"].append("rhs")
    return str(yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False))


def test_an_owners_map_with_other_areas_draws_them_by_their_links() -> None:
    options = SuccessorsOptions(map_file=_with_more(MAP_FILE.text()))
    s = GAME.new_game(options, SEATS[:3])
    lay = map_layout(s.parts.map)
    assert set(lay.guessed) == {"rho", "pis", "rhs"}
    boxes = [p.box for p in lay.areas]
    for a, b in itertools.combinations(boxes, 2):
        assert not meets(a, b)
    assert len(lay.coasts) == 2  # Rhodes and Caria to the Rhodian Sea
    view = GAME.view(s, None)
    img, drawn_sheet = picture(view)
    assert faults(img, drawn_sheet, lay) == []
    words = " ".join(t.text for t in drawn_sheet.texts)
    assert "Rhodes" in words and "Pisidia" in words and "placed by its" in words


def test_a_map_our_drawing_does_not_know_at_all_is_laid_out_by_its_links() -> None:
    data = yaml.load(MAP_FILE.text(), Loader=yaml.CSafeLoader)
    rename = {a["id"]: f"z{a['id']}" for a in (*data["areas"], *data["seas"])}
    for a in data["areas"]:
        a["id"] = rename[a["id"]]
        a["seas"] = [rename[x] for x in a["seas"]]
        a["adjacent"] = [rename[x] for x in a["adjacent"]]
    for sea in data["seas"]:
        sea["id"] = rename[sea["id"]]
        sea["adjacent"] = [rename[x] for x in sea["adjacent"]]
    data["areas"][1]["name"] = "Peloponnesus" + "o" * 28  # an owner's 40 letters
    m = load_map_text(yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False))
    lay = map_layout(m)
    assert [t.text for t in lay.areas[1].names] == ["Peloponnesus" + "o" * 10, "o" * 18]
    assert len(lay.guessed) == m.areas
    placed = [p.box for p in lay.areas] + [s.reserved for s in lay.seas] + [lay.panel]
    for a, b in itertools.combinations(placed, 2):
        assert not meets(a, b)
    assert all(b[0] >= 0 and b[2] <= WIDTH for b in placed)


def test_the_setup_and_the_end_are_drawn() -> None:
    first, last = kinds()["setup rolls"], kinds()["over, 3 players"]
    assert GAME.result(last) is not None
    for s in (first, last):
        assert board_png(GAME.view(s, None)).startswith(b"\x89PNG")
    assert "Setting up" in PICTURES.alt_text(GAME.view(first, None), None)
    assert "wins with" in PICTURES.alt_text(GAME.view(last, None), None)


def test_the_header_speaks_to_the_person_at_the_keyboard_as_you() -> None:
    """The terminal names its player "you": the header's verb agrees ("you choose a home",
    "you win"), as it does with a seat's name ("Red chooses a home")."""
    for kind, said in (("setup home", "Setting up: you choose a home"), ("setup buys", "you buy")):
        s = kinds()[kind]
        you = {s.seats[s.frames[-1][1]]: "you"}
        assert said in PICTURES.alt_text(GAME.view(s, None), you)
    last = kinds()["over, 3 players"]
    best = GAME.result(last)
    assert best is not None
    alt = PICTURES.alt_text(GAME.view(last, None), {best.places[0][0]: "you"})
    assert "Game over: you win with" in alt


def test_two_ais_of_one_level_are_told_apart_and_no_name_is_cut_where_the_table_has_room() -> None:
    """Two seats played by "the greedy AI": the header, the notes and the alt text name a seat
    by its colour (its player beside it where there is room), and the players' table gives a
    name too long to sit beside the figures a line of its own rather than "the gree…". Every
    seat's name goes with its colour there, one AI of a level as two (a trial read "the
    greedy AI" beside "Red (the hard AI)")."""
    last = kinds()["over, 4 players"].clone()
    last.alliances = ()  # no line of the table spent on them or on a captive: room for each name
    last.leaders = tuple(
        h if at >= CAPTIVE else at for at, h in zip(last.leaders, last.homes, strict=True)
    )
    ais = {seat: "the greedy AI" for seat in last.seats[1:]}
    names = {last.seats[0]: "Christopher Robin", **ais}
    img, sheet = picture(GAME.view(last, None), names)
    texts = [t.text for t in sheet.texts]
    assert faults(img, sheet, map_layout(OURS)) == []
    shown = [t for t in texts if t.endswith(("the greedy AI", "greedy AI", "greedy AI)"))]
    assert len(shown) == len(ais) and not any("…" in t for t in shown), shown
    three = kinds()["over, 3 players"]
    long_name = {three.seats[0]: names[last.seats[0]]}
    img, sheet = picture(GAME.view(three, None), long_name)
    assert faults(img, sheet, map_layout(OURS)) == []
    own_line = f"{three.seats[0].capitalize()} ({long_name[three.seats[0]]})"
    assert own_line in [t.text for t in sheet.texts]  # on a line of its own
    two_ais = {seat: "the greedy AI" for seat in three.seats[1:]}
    img, sheet = picture(GAME.view(three, None), {three.seats[0]: "you", **two_ais})
    assert faults(img, sheet, map_layout(OURS)) == []
    for seat in two_ais:  # where the table has room, each beside its colour's name too
        assert f"{seat.capitalize()} (the greedy AI)" in [t.text for t in sheet.texts]
    one_each = dict(zip(three.seats, ("you", "the hard AI", "the greedy AI"), strict=True))
    img, sheet = picture(GAME.view(three, None), one_each)
    for seat, name in list(one_each.items())[1:]:  # an AI alone at its level: its colour too
        assert f"{seat.capitalize()} ({name})" in [t.text for t in sheet.texts]
    four = {seat: "the greedy AI" for seat in last.seats}  # no line to spare for each name
    noted = last.clone()  # a line more for each of three seats: allied, allied, captive
    noted.alliances, noted.leaders = ((0, 1),), (*last.leaders[:2], CAPTIVE, *last.leaders[3:])
    img, sheet = picture(GAME.view(noted, None), four)
    panel = [t.text for t in sheet.texts if overlap(t.box, map_layout(OURS).panel)]
    assert faults(img, sheet, map_layout(OURS)) == [] and not any("…" in t for t in panel), panel
    for seat in last.seats:  # by its colour at least, never "greed…"
        assert any(t.startswith(seat.capitalize()) for t in panel), (seat, panel)
    best = GAME.result(last)
    assert best is not None
    winner = best.places[0][0]
    (header,) = [t for t in texts if t.startswith("Game over: ")]
    assert header.startswith(f"Game over: {winner.capitalize()}")
    alt = PICTURES.alt_text(GAME.view(last, None), names)
    assert f"{winner.capitalize()} ({names[winner]})" in alt
    for seat in ais:
        assert f"{seat.capitalize()} (the greedy AI):" in alt


@pytest.mark.parametrize(
    ("kind", "header"),
    [
        ("setup rolls", "Setting up: rolls for the choice of homes"),
        ("setup home", "Setting up: {} chooses a home"),
        ("setup buys", "Setting up: {} buys"),
    ],
)
def test_the_setups_header_names_who_chooses_a_home_or_buys(kind: str, header: str) -> None:
    s = kinds()[kind]
    who = s.seats[s.frames[-1][1]].capitalize() if "{}" in header else ""
    assert header.format(who) in {t.text for t in drawn(kind)[1].texts}
    assert header.format(who) in PICTURES.alt_text(GAME.view(s, None), None)
    panel = map_layout(OURS).panel
    bold = [t.text for t in drawn(kind)[1].texts if t.bold and overlap(t.box, panel)]
    assert bold == ([who] if who else [])  # the players' table's line of who decides


def test_seats_of_one_player_are_named_alike_in_the_players_table() -> None:
    """A trial's table read "Red" beside "Yellow (the hard AI)" and "Green (the hard AI)": the
    box had lines to spare for two names of three. Every seat of one player is named alike,
    whole where there is room for each, else each shortened alike."""
    for kind in ("4 players, mid-game", "over, 4 players"):
        for pairs in ((), ((1, 3),), ((1, 3), (0, 2))):
            s = kinds()[kind].clone()
            for a, b in pairs:
                s = allied(s, a, b)
            hard = dict(zip(s.seats, ("you", *["the hard AI"] * 3), strict=True))
            img, sheet = picture(GAME.view(s, None), hard)
            panel = [t.text for t in sheet.texts if overlap(t.box, map_layout(OURS).panel)]
            assert faults(img, sheet, map_layout(OURS)) == []
            named = {t for t in panel if t.split(" ")[0].lower() in s.seats[1:]}
            whole = {f"{seat.capitalize()} (the hard AI)" for seat in s.seats[1:]}
            short = {seat.capitalize() for seat in s.seats[1:]}
            assert named in (whole, short), (kind, pairs, named)


def test_a_full_players_table_cuts_no_name_nor_note() -> None:
    """A trial's full table read "greed… 1 T" and "leader held by Yellow; allied…": with no
    row to spare, a name shortens to its colour and a note to its short words."""
    s = allied(allied(kinds()["4 players, mid-game"], 0, 2), 1, 3)
    s.leaders = (CAPTIVE + 1, *s.leaders[1:])
    names = dict(zip(s.seats, ("you", "the hard AI", "the hard AI", "the greedy AI"), strict=True))
    img, sheet = picture(GAME.view(s, None), names)
    panel = [t.text for t in sheet.texts if overlap(t.box, map_layout(OURS).panel)]
    assert faults(img, sheet, map_layout(OURS)) == [] and not any("…" in t for t in panel), panel
    assert "★ held by Red; ally Green" in panel, panel


def test_a_note_too_long_for_its_row_takes_a_row_for_each_part() -> None:
    """A trial read "leader held by Red; allied w…" in the players' table."""
    s = kinds()["captive"].clone()
    seat = next(k for k, at in enumerate(s.leaders) if at >= CAPTIVE)
    others = [k for k in range(s.players) if k != seat and k not in s.out]
    s.alliances = tuple(sorted((min(seat, k), max(seat, k)) for k in others[:2]))
    img, sheet = picture(GAME.view(s, None))
    texts = [t.text for t in sheet.texts]
    assert faults(img, sheet, map_layout(OURS)) == []
    held = [t for t in texts if t.startswith("leader held by ")]
    allied = [t for t in texts if t.startswith("allied with ")]
    assert held and allied and not any("…" in t for t in held + allied), (held, allied)


def test_a_shortened_name_keeps_the_seats_colour() -> None:
    """A trial's table read "the hard AI" for Red (the only hard AI) beside "Yellow" and
    "Green": the table's lines name seats by colour, so a name too long for its row keeps
    the colour and drops the player."""
    s = allied(kinds()["4 players, mid-game"], 0, 2)
    names = dict(
        zip(s.seats, ("the hard AI", "you", "the greedy AI", "the greedy AI"), strict=True)
    )
    img, sheet = picture(GAME.view(s, None), names)
    panel = [t.text for t in sheet.texts if overlap(t.box, map_layout(OURS).panel)]
    assert faults(img, sheet, map_layout(OURS)) == []
    assert not any(t.startswith(("the ", "hard", "greedy")) for t in panel), panel
    red = s.seats[0].capitalize()
    assert any(t == red or t.startswith(f"{red} (") for t in panel), panel


def test_while_homes_are_chosen_the_picture_marks_each_home_still_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A trial found the allowed homes only in the prompt: while homes are chosen, each one
    still open is a dark house on the map (the legend says so), and only those."""
    import render.successors.board as board

    s = kinds()["setup home"]
    view = GAME.view(s, None)
    open_now = open_homes(s)
    assert open_now and {a.area for a in GAME.legal_actions(s)} == {
        s.parts.map.ids[a] for a in open_now
    }
    marked, sheet = picture(view)
    texts = " ".join(t.text for t in sheet.texts)
    assert "a dark house: a home still open to choose" in texts
    monkeypatch.setattr(board, "open_homes", lambda s: ())
    plain = picture(view)[0]
    lay = map_layout(s.parts.map)
    boxes = [lay.areas[a].box for a in open_now]
    differ = [  # on the map (the legend below has a line more)
        (x, y)
        for y in range(lay.bottom)
        for x in range(plain.width)
        if marked.getpixel((x, y)) != plain.getpixel((x, y))
    ]
    assert differ and all(any(_inside(p, b) for b in boxes) for p in differ)
    assert all(any(_inside(p, b) for p in differ) for b in boxes)  # every open home marked


def _inside(p: tuple[int, int], box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]
