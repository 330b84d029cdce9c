"""Fakes shared by the bot tests: a renderer that records its calls, seat ids."""

from __future__ import annotations

import rules

PNG = b"\x89PNG\r\n\x1a\nfake-board"
SEATS: dict[rules.Faction, int] = {rules.Faction.D: 101, rules.Faction.B: 202, rules.Faction.V: 303}
STRANGER = 999


class FakeRenderer:
    def __init__(self) -> None:
        self.calls: list[tuple[int, list[str] | None]] = []
        self.names: list[dict[rules.Faction, str] | None] = []  # the players named on each board

    def __call__(
        self,
        state: rules.GameState,
        highlight: list[str] | None = None,
        names: dict[rules.Faction, str] | None = None,
    ) -> bytes:
        self.calls.append((state.actions_taken, highlight))
        self.names.append(names)
        return PNG
