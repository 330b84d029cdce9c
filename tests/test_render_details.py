"""Board details a player on a phone relies on."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

import render.vijayanagara
from render.vijayanagara import canvas, legend, sprites
from rules import vijayanagara
from rules.vijayanagara.cards import deck_for


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string drawn on an image (the text caches emptied first: a cached mask or tile is
    pasted without drawing its text again)."""
    canvas.clear()
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: object, text: str, *a: object, **k: object) -> None:
        texts.append(text)
        original(self, xy, text, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    return texts


def test_a_long_card_title_is_shown_whole(drawn: list[str]) -> None:
    state = vijayanagara.new_game(7)
    deck = deck_for(state.options)
    longest = max(deck.cards, key=lambda n: len(deck.cards[n].title))
    state.current_card = longest
    render.vijayanagara.board(state)
    words = " ".join(drawn)
    assert deck.cards[longest].title in words.replace("\n", " ") or all(
        w in drawn or any(w in t for t in drawn) for w in deck.cards[longest].title.split()
    )
    assert not any(t.endswith("\u2026") and t[:5] in deck.cards[longest].title for t in drawn)


def test_the_key_explains_the_tints_of_the_provinces_and_rebelling_units(drawn: list[str]) -> None:
    legend.draw_key(Image.new("RGBA", (400, 1200)))
    assert {"Tributary", "Control", "no Control"} <= set(drawn)
    assert "Rebelling" in drawn and "last turn" in drawn


@pytest.mark.parametrize(
    ("obedient", "rebelling"),
    [
        (vijayanagara.Piece.AMIR, vijayanagara.Piece.REBEL_AMIR),
        (vijayanagara.Piece.RAJA, vijayanagara.Piece.REBEL_RAJA),
    ],
)
def test_rebelling_and_obedient_differ_by_their_outline_at_phone_size(
    obedient: vijayanagara.Piece, rebelling: vijayanagara.Piece
) -> None:
    """Not only a small flag: the silhouettes (alpha) differ along the whole edge."""
    size = 20
    a = sprites.piece(obedient, size).getchannel("A")
    b = sprites.piece(rebelling, size).getchannel("A")
    changed = sum(1 for x, y in zip(a.tobytes(), b.tobytes(), strict=True) if abs(x - y) > 96)
    assert changed >= size * 2


def test_the_board_in_words_names_each_space_s_pieces() -> None:
    """A trial's `board` in the terminal named no piece: the words list each space's."""
    from render.vijayanagara.alt_text import alt_text

    said = alt_text(vijayanagara.new_game(1))
    assert "Maharashtra: 4 Amirs." in said and "Andhra: 1 Troop, 1 Qasbah, 2 Rajas." in said
