"""The board at phone width: no piece or count covers a label, a scoreboard strip in large
type, the player to act named, and alt text for screen readers."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render.vijayanagara import alt_text, board, geometry, layout
from rules import vijayanagara

PHONE = 390  # px: the width a phone shows the board at


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


def test_the_scoreboard_and_the_player_to_act_read_at_phone_width() -> None:
    st = vijayanagara.new_game(2)
    png = board(st, names={vijayanagara.Faction.D: "Alice"})
    img = Image.open(io.BytesIO(png))
    assert img.size == (geometry.WIDTH, geometry.HEIGHT) and len(png) <= 100_000
    from render.vijayanagara.panel import STRIP_TYPE

    assert STRIP_TYPE * PHONE / geometry.WIDTH >= 10.5  # px of type on the phone
    assert "Alice" in alt_text(st, {vijayanagara.Faction.D: "Alice"})


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
