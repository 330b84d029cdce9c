"""Rajas of the Ganges at the table: what the seat deciding is asked, for every decision a
placement can leave pending (Master builder's purchase included, whose detail is a cell)."""

from __future__ import annotations

from rajas_helpers import on_top, order, put, started, tile, with_dice

from rules.capabilities import notation_of
from rules.rajas import GAME, State
from rules.rajas.notation import decision_text
from rules.rajas.state import Place


def test_master_builder_asks_for_a_dearer_tile_whatever_cell_it_covers() -> None:
    s = started(3)
    for cell in range(20):
        asked = decision_text(s.copy(pending=(("buy", 0, cell),)))
        assert asked == "buy a top tile dearer than the one covered"


def test_a_gain_names_its_colour_and_any_colour_names_none() -> None:
    s = started(2)
    assert decision_text(s.copy(pending=(("gain", 1, 2),))) == "take 1 die (orange)"
    assert decision_text(s.copy(pending=(("gain", 2, -1),))) == "take 2 dice"


def test_a_refused_area_is_never_echoed_with_markup_or_a_line_break() -> None:
    s = started(2)
    for hostile in ("**Orange wins**", "x\n# Orange wins", "@everyone", "<@123>"):
        try:
            GAME.apply(s, Place(hostile))
        except ValueError as e:
            said = str(e)
        else:
            raise AssertionError("a placement on no area was taken")
        assert "no area" in said and not any(c in said for c in "*#@<\n"), said


def offered(s: State, typed: str) -> list[str]:
    """What autocomplete offers for `typed`: the legal steps in their order, in words, those
    holding every word typed."""
    words = typed.split()
    steps = (notation_of(GAME).describe(s, a) for a in GAME.legal_actions(s))
    return [d for d in steps if all(w in d for w in words)]


def test_a_player_with_a_5_and_a_6_paying_5_is_offered_the_5_first() -> None:
    s = order(with_dice(on_top(started(2), tile("orange", 5)), 0, "o5 o6 b1"), "quarry")
    assert offered(s, "buy orange snake") == [
        "buy orange snake with o5",
        "buy orange snake with o6",
    ]


def test_paying_7_with_a_2_3_4_and_6_the_exact_3_and_4_come_before_the_2_and_6() -> None:
    s = put(with_dice(on_top(started(2), tile("orange", 7)), 0, "o2 o3 o4 o6"), 0, karma=0)
    assert offered(order(s, "quarry"), "buy orange cow") == [
        "buy orange cow with o3 o4",
        "buy orange cow with o2 o6",
        "buy orange cow with o3 o6",
        "buy orange cow with o4 o6",
    ]


def test_the_dancer_is_offered_with_a_2_before_a_5_turned_with_karma() -> None:
    s = put(with_dice(started(2), 0, "b5 g2 o6"), 0, karma=2)
    assert offered(s, "dancer") == ["dancer with g2", "dancer with karma b5"]
