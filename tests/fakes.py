"""Fakes shared by the bot tests: a renderer that records its calls, seat ids."""

from __future__ import annotations

from collections.abc import Mapping

from rules import vijayanagara

PNG = b"\x89PNG\r\n\x1a\nfake-board"
SEATS: dict[vijayanagara.Faction, int] = {
    vijayanagara.Faction.D: 101,
    vijayanagara.Faction.B: 202,
    vijayanagara.Faction.V: 303,
}
STRANGER = 999


class FakeRenderer:
    """A renderer that records what it was asked to draw: for a Vijayanagara view, its steps
    taken and the spaces its turn touched (what the real board outlines)."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, list[str] | None]] = []
        self.names: list[Mapping[str, str] | None] = []  # the players named on each board
        self.views: list[object] = []

    def __call__(self, kind: str, view: object, names: Mapping[str, str] | None = None) -> bytes:
        if isinstance(view, vijayanagara.GameState):
            self.calls.append((view.actions_taken, view.turn_touched or None))
        else:
            self.calls.append((0, None))
        self.views.append(view)
        self.names.append(names)
        return PNG
