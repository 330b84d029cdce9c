"""Vijayanagara's pictures as the registry calls them: the board of a view (the spaces its
turn touched outlined), its alt text, and the VP chart of a whole game (5.0)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.vijayanagara import Faction, GameState, vp_by_card

from ..pictures import Names, Pictures
from .alt_text import alt_text
from .compose import board
from .vp_chart import vp_chart


def _factions(names: Names | None) -> dict[Faction, str] | None:
    return {Faction(seat): name for seat, name in names.items()} if names else None


def _board(view: GameState, names: Names | None) -> bytes:
    return board(view, view.turn_touched or None, _factions(names))


def _alt(view: GameState, names: Names | None) -> str:
    return alt_text(view, _factions(names))


def _chart(views: Sequence[GameState]) -> bytes:
    return vp_chart(vp_by_card(views))


PICTURES: Pictures[GameState] = Pictures(_board, _alt, _chart)
