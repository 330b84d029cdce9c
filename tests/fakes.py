"""Fakes shared by the bot tests: a renderer that records its calls, seat ids."""

from __future__ import annotations

from rules import vijayanagara

PNG = b"\x89PNG\r\n\x1a\nfake-board"
SEATS: dict[vijayanagara.Faction, int] = {
    vijayanagara.Faction.D: 101,
    vijayanagara.Faction.B: 202,
    vijayanagara.Faction.V: 303,
}
STRANGER = 999


class FakeRenderer:
    def __init__(self) -> None:
        self.calls: list[tuple[int, list[str] | None]] = []
        self.names: list[
            dict[vijayanagara.Faction, str] | None
        ] = []  # the players named on each board

    def __call__(
        self,
        state: vijayanagara.GameState,
        highlight: list[str] | None = None,
        names: dict[vijayanagara.Faction, str] | None = None,
    ) -> bytes:
        self.calls.append((state.actions_taken, highlight))
        self.names.append(names)
        return PNG
