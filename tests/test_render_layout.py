"""The board at phone width: no piece or count covers a label, a scoreboard strip in large
type, the panel and the key in type a phone can read (what is drawn, as drawn), the player to
act named, and alt text for screen readers."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from PIL import Image, ImageFont

from render.vijayanagara import (
    alt_text,
    board,
    fastdraw,
    geometry,
    image,
    layout,
    legend,
    palette,
    theme,
)
from render.vijayanagara.canvas import Canvas
from render.vijayanagara.compose import board_palette
from render.vijayanagara.panel import draw_panel
from rules import vijayanagara

READABLE = 10.0  # px of type on a phone (390 px wide)


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int  # the font's, px on the board
    box: tuple[int, int, int, int] | None  # where it lies, when known
    on: Image.Image  # the image drawn on

    def on_phone(self) -> float:
        return geometry.on_phone(self.size)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every line of text the drawing code draws, with its font (the panel's, through
    Canvas.text; the key's and the map's, through fastdraw.Draw.text)."""
    out: list[Drawn] = []
    panel_text = Canvas.text
    panel_box = Canvas.box
    map_text = fastdraw.Draw.text

    def on_canvas(
        self: Canvas,
        xy: tuple[float, float],
        text: str,
        font: ImageFont.FreeTypeFont,
        *a: object,
        **k: object,
    ) -> tuple[int, int, int, int]:
        box = panel_text(self, xy, text, font, *a, **k)  # type: ignore[arg-type]
        out.append(Drawn(text, int(font.size), box, self.img))
        return box

    def on_draw(
        self: fastdraw.Draw,
        xy: object,
        text: str,
        fill: object = None,
        font: ImageFont.FreeTypeFont | None = None,
        *a: object,
        **k: object,
    ) -> None:
        assert font is not None
        out.append(Drawn(text, int(font.size), None, self._target))
        map_text(self, xy, text, fill, font, *a, **k)

    def box_on_canvas(
        self: Canvas, xy: tuple[int, int], w: int, h: int, *a: object, **k: object
    ) -> None:
        panel_box(self, xy, w, h, *a, **k)  # type: ignore[arg-type]
        out.append(Drawn("", 0, (xy[0], xy[1], xy[0] + w + 1, xy[1] + h + 1), self.img))

    monkeypatch.setattr(Canvas, "text", on_canvas)
    monkeypatch.setattr(Canvas, "box", box_on_canvas)
    monkeypatch.setattr(fastdraw.Draw, "text", on_draw)
    yield out


def _states(games: int = 8, every: int = 7) -> list[vijayanagara.GameState]:
    out = []
    for seed in range(games):
        r = random.Random(seed)
        st = vijayanagara.new_game(seed)
        step = 0
        while not st.game_over:
            st = vijayanagara.apply(st, r.choice(vijayanagara.legal_actions(st)))
            step += 1
            if step % every == 0:
                out.append(st)
    return out


@pytest.fixture(scope="module")
def states() -> list[vijayanagara.GameState]:
    found = _states()
    assert len(found) >= 200
    return found


def _meet(a: layout.Box, b: layout.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _within(a: layout.Box, b: layout.Box) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def test_no_piece_or_count_covers_a_label_or_another_piece(
    states: list[vijayanagara.GameState],
) -> None:
    for st in states:
        labels = layout.obstacles(layout.markers(st))  # names, markers, Cities, key, tracks
        placed = [grp.box for groups in layout.layout(st).values() for grp in groups]
        for box in placed:
            hit = [lab for lab in labels if _meet(box, lab)]
            assert not hit, (box, hit)
        for i, a in enumerate(placed):
            assert not any(_meet(a, b) for b in placed[i + 1 :])


def test_no_label_covers_another_or_a_city() -> None:
    """Names, every badge a Province can show (Tributary, each Control), City dots and names,
    the key and the tracks: none covers another."""
    texts = [None, "TRIBUTARY", *(f"{f.value} CONTROL" for f in vijayanagara.PLAYERS)]
    fixed = [*layout.city_boxes(), geometry.KEY_BOX, geometry.INFLUENCE_BOX]
    names = [(sid, box) for sid in geometry.POLYGONS for box in layout.name_boxes(sid)]
    for sid, box in names:
        assert not any(_meet(box, f) for f in fixed), sid
        assert not any(_meet(box, b) for other, b in names if other != sid), sid
    for sid in geometry.POLYGONS:
        for text in texts:
            mine = layout.marker_box(sid, text)
            if mine is None:
                continue
            assert not any(_meet(mine, f) for f in fixed), (sid, text)
            assert not any(_meet(mine, b) for _, b in names), (sid, text)
            for other in geometry.POLYGONS:
                theirs = [layout.marker_box(other, t) for t in texts] if other != sid else []
                assert not any(b and _meet(mine, b) for b in theirs), (sid, other)


def test_every_piece_stays_inside_its_space(states: list[vijayanagara.GameState]) -> None:
    for st in states[::5]:
        for sid, groups in layout.layout(st).items():
            grid = layout._free(sid, ())
            for grp in groups:
                assert grid.clear(grp.box), (sid, grp)
            assert sum(grp.count for grp in groups) == sum(st.spaces[sid].pieces.values())


def test_a_crowded_space_shrinks_its_icons_rather_than_cover_its_name() -> None:
    st = vijayanagara.new_game(1)
    for piece in (vijayanagara.Piece.TROOP, vijayanagara.Piece.GOVERNOR, vijayanagara.Piece.QASBAH):
        st.spaces["gondwana"].pieces[piece] = 3
    st.spaces["gondwana"].pieces[vijayanagara.Piece.AMIR] = 4
    groups = layout.layout(st)["gondwana"]
    assert len(groups) == 4
    labels = layout.label_boxes("gondwana", layout.marker_text(st, "gondwana"))
    assert not any(_meet(g.box, lab) for g in groups for lab in labels)


def test_a_cramped_province_shrinks_its_icons_further_rather_than_cover_its_control() -> None:
    """A trial's Karnataka held five kinds of piece: drawn at its centre, a Troop covered its
    "V CONTROL" badge. Smaller icons, in any width of rows, come before that."""
    st = vijayanagara.new_game(1)
    pieces = st.spaces["karnataka"].pieces
    pieces.clear()
    p = vijayanagara.Piece
    pieces.update({p.TROOP: 2, p.AMIR: 1, p.FORT: 1, p.REBEL_RAJA: 4, p.TEMPLE: 1})
    st.spaces["karnataka"].control = vijayanagara.Faction.V
    layout.FALLBACKS.clear()
    groups = layout.layout(st)["karnataka"]
    assert layout.FALLBACKS == [] and len(groups) == 5
    labels = layout.obstacles(layout.markers(st))
    assert not any(_meet(grp.box, lab) for grp in groups for lab in labels)
    grid = layout._free("karnataka", ())
    assert all(grid.clear(grp.box) for grp in groups)


def _panels(states: list[vijayanagara.GameState]) -> list[vijayanagara.GameState]:
    """States whose panels show every part: a card of each kind, the longest title, Stay
    Eligible, the forks taken, the end of a game."""
    picked = states[::6]
    deck = vijayanagara.deck_for(picked[0].options)
    for number, card in deck.cards.items():
        st = picked[0].clone()
        st.current_card = number
        picked.append(st)
        del card
    return picked + [s for s in states if s.game_over]


def test_every_text_of_the_panel_reads_at_phone_width(
    states: list[vijayanagara.GameState], drawn: list[Drawn]
) -> None:
    pal = board_palette()  # as board() draws it
    for st in _panels(states):
        draw_panel(st, {vijayanagara.Faction.D: "Alice", vijayanagara.Faction.B: "Bob"}, pal)
    texts = [d for d in drawn if d.text]
    small = [d for d in texts if d.on_phone() < READABLE]
    assert texts and not small, small[:5]


def test_no_two_texts_of_the_panel_overlap_and_each_lies_on_its_box_or_clear_of_all(
    states: list[vijayanagara.GameState], drawn: list[Drawn]
) -> None:
    pal = board_palette()  # as board() draws it
    for st in _panels(states):
        drawn.clear()
        draw_panel(st, {f: "Ramachandra" for f in vijayanagara.PLAYERS}, pal)
        texts = [(d.text, d.box) for d in drawn if d.text and d.box is not None]
        shapes = [d.box for d in drawn if not d.text and d.box is not None]
        assert len(texts) > 20 and shapes
        for i, (a, p) in enumerate(texts):
            assert p is not None
            for b, q in texts[i + 1 :]:
                assert q is not None and not _meet(p, q), (a, b, st.current_card)
            for q in shapes:
                assert not _meet(p, q) or _within(p, q), (a, q, st.current_card)


def test_the_scoreboard_strip_shows_vp_the_margin_and_resources_large(drawn: list[Drawn]) -> None:
    st = vijayanagara.new_game(2)
    st.resources[vijayanagara.Faction.B] = 17
    draw_panel(st)
    sizes = {(d.text, d.size) for d in drawn}
    scores = vijayanagara.score(st)
    for f in vijayanagara.PLAYERS:
        gap = scores[f] - max(v for k, v in scores.items() if k != f)
        margin = f"+{gap} lead" if gap > 0 else ("tied" if gap == 0 else f"{-gap} behind")
        for text in (theme.SHORT[f], f"{scores[f]}", margin, f"{st.resources[f]} Res"):
            found = [size for t, size in sizes if t == text]
            assert found and max(geometry.on_phone(n) for n in found) >= 10.5, (text, found)


def test_a_faction_card_captions_its_available_pieces_and_its_cavalry(drawn: list[Drawn]) -> None:
    """A trial could only guess that "⛺2" and "◉3" were Available pieces (1.4) and Cavalry
    (1.10): each cell says so, readable on a phone, above the counts."""
    st = vijayanagara.new_game(2)
    draw_panel(st)
    for caption in ("Available", "Cavalry"):
        found = [d for d in drawn if d.text == caption and d.box is not None]
        assert len(found) == len(vijayanagara.PLAYERS), caption
        assert all(d.on_phone() >= READABLE for d in found), caption
    cavalry = {f"{st.cavalry.get(f, 0)}" for f in vijayanagara.PLAYERS}
    captions = [d.box for d in drawn if d.text in ("Available", "Cavalry") and d.box]
    counts = [d.box for d in drawn if d.text in cavalry and d.box and d.box[1] > 80]
    assert counts and max(b[3] for b in captions) < min(b[1] for b in counts)


def test_a_two_digit_score_never_touches_the_factions_name(
    drawn: list[Drawn], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial read "Vijayanagara10": a long name beside a two-digit score is drawn smaller."""
    F = vijayanagara.Faction
    monkeypatch.setattr(vijayanagara, "score", lambda st: {F.D: 16, F.B: 10, F.V: 10})
    draw_panel(vijayanagara.new_game(2))
    for f in vijayanagara.PLAYERS:
        (name,) = [d.box for d in drawn if d.text == theme.SHORT[f] and d.box is not None]
        scores = [d.box for d in drawn if d.text in ("10", "16") and d.box is not None]
        own = min((b for b in scores if b[0] > name[0] and b[1] < name[3]), key=lambda b: b[0])
        assert own[0] - name[2] >= 6, (f, name, own)  # a gap, not touching


def test_the_line_of_who_is_to_act_names_the_player(drawn: list[Drawn]) -> None:
    st = vijayanagara.new_game(2)
    to_act = vijayanagara.prompt(st).faction
    assert to_act is not None
    draw_panel(st, {to_act: "Alice"})
    assert any(d.text == f"{vijayanagara.FACTION_NAMES[to_act]} (Alice) to act" for d in drawn)


def test_the_key_reads_at_phone_width(drawn: list[Drawn]) -> None:
    """Its labels (the sample of the Prosperity coin is the map's marker, drawn apart)."""
    key = Image.new("RGBA", (geometry.MAP_W, geometry.MAP_H))
    legend.draw_key(key)
    labels = [d for d in drawn if d.on is key]
    assert {"Troop", "Rebelling", "Tributary", "Prosperity", "last turn"} <= {
        d.text for d in labels
    }
    small = [d for d in labels if d.on_phone() < READABLE]
    assert not small, small


def test_a_board_is_at_most_100_kb(states: list[vijayanagara.GameState]) -> None:
    for st in states[::25]:
        png = board(st)
        assert Image.open(io.BytesIO(png)).size == (geometry.WIDTH, geometry.HEIGHT)
        assert len(png) <= 100_000


def test_a_board_from_its_cached_parts_is_the_whole_board_on_the_palette(
    states: list[vijayanagara.GameState],
) -> None:
    """board() puts the PNG together from maps and tiles kept on the palette and the boxes
    drawn over the map: pixel for pixel the whole drawing (image()) mapped onto the palette."""
    pal = board_palette()
    for st in states[::18]:
        got = Image.open(io.BytesIO(board(st)))
        want = palette.to_palette(image(st), pal)
        assert got.tobytes() == want.tobytes()


def test_alt_text_says_who_leads_the_card_and_whose_turn(
    states: list[vijayanagara.GameState],
) -> None:
    st = states[40]
    text = alt_text(st)
    assert text.startswith("Vijayanagara board.")
    assert "VP" in text and f"Card {st.current_card}" in text and "To act:" in text
    assert all(len(alt_text(s)) <= 1024 for s in states[::10])


def test_alt_text_counts_agree_with_their_nouns() -> None:
    st = vijayanagara.new_game(2)
    st.resources[vijayanagara.Faction.V] = 1
    assert "1 Resource." in alt_text(st)


def _tied_end(resources_too: bool) -> vijayanagara.GameState:
    """A finished game: Bahmani and Vijayanagara at 2 VP each, Delhi at 0; equal in Resources
    too or not."""
    from rules_helpers import B, D, V, blank

    s = blank()
    for p in vijayanagara.board().provinces:
        s.spaces[p].tributary = False
    vijayanagara.forces.refresh(s)
    s.influence = {B: 2, V: 2}
    s.resources = {D: 1, B: 5 if resources_too else 7, V: 5}
    s.game_over = True
    return s


def test_alt_text_at_the_end_says_the_result_as_the_table_does() -> None:
    """Where Resources broke a tie in VP, the alt text names the winner and why, in the
    table's words, not "tied on VP"."""
    from rules.vijayanagara.game import GAME

    for resources_too in (False, True):
        st = _tied_end(resources_too)
        result = GAME.result(st)
        assert result is not None
        assert alt_text(st).startswith(f"Vijayanagara board. Game over: {result.text}.")


def test_the_final_panel_names_a_tie_in_vp_and_resources_as_a_tie(drawn: list[Drawn]) -> None:
    draw_panel(_tied_end(resources_too=True))
    said = {d.text for d in drawn}
    assert "Bahmani and Vijayanagara tie" in said and not any(t.endswith(" wins") for t in said)
    drawn.clear()
    draw_panel(_tied_end(resources_too=False))
    assert "Bahmani Kingdom wins" in {d.text for d in drawn}
