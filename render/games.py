"""Every game's pictures, registered by game id (render.registry): import this module, then
ask `render.registry.pictures_for(game_id)`."""

from __future__ import annotations

from rules.goat_tiger import TITLES, end_text
from rules.goat_tiger import State as GoatTigerState
from rules.taj_mahal import View as TajView
from rules.vijayanagara import Faction, GameState, vp_by_card

from . import goat_tiger, taj_mahal
from .registry import Names, Pictures, register
from .vijayanagara import alt_text as vijayanagara_alt_text
from .vijayanagara import board as vijayanagara_board
from .vijayanagara.vp_chart import vp_chart


def _factions(names: Names | None) -> dict[Faction, str] | None:
    return {Faction(seat): name for seat, name in names.items()} if names else None


def _vijayanagara(view: GameState, names: Names | None) -> bytes:
    """The spaces the turn so far touched are outlined."""
    return vijayanagara_board(view, view.turn_touched or None, _factions(names))


def _vijayanagara_alt(view: GameState, names: Names | None) -> str:
    return vijayanagara_alt_text(view, _factions(names))


def _goat_tiger_alt(view: GoatTigerState, names: Names | None) -> str:
    if view.winner is not None:
        return f"The Goat-Tiger board: {end_text(view)}"
    return (
        f"The Goat-Tiger board: {view.captured} Goats captured, "
        f"{TITLES[view.to_move]} to move."
    )


def _taj_mahal_alt(view: TajView, names: Names | None) -> str:
    s = view.state
    scores = ", ".join(f"{seat} {score}" for seat, score in zip(s.seats, s.scores, strict=True))
    return f"The Taj Mahal board, visit {s.visit + 1}: scores {scores}."


register(
    "vijayanagara",
    Pictures(_vijayanagara, _vijayanagara_alt, lambda views: vp_chart(vp_by_card(views))),
)
register("goat_tiger", Pictures(lambda v, names: goat_tiger.board(v), _goat_tiger_alt))
register("taj_mahal", Pictures(lambda v, names: taj_mahal.board_png(v), _taj_mahal_alt))
