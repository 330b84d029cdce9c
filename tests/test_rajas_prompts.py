"""Rajas of the Ganges at the table: what the seat deciding is asked, for every decision a
placement can leave pending (Master builder's purchase included, whose detail is a cell)."""

from __future__ import annotations

from rajas_helpers import started

from rules.rajas import GAME
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
