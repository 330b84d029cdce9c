"""The storage interface: one contract, SQLite today, PostgreSQL later behind the same tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .models import GameExport, GameRecord, GameSecret, NewAction, Snapshot, Status, StoredAction

STATUSES: tuple[Status, ...] = ("lobby", "active", "finished", "aborted")
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "active")


@runtime_checkable
class Store(Protocol):
    """Every write checks the version it read and bumps it; a mismatch raises StaleAction and
    writes nothing. Every write is one transaction."""

    async def close(self) -> None: ...

    async def create_game(
        self,
        channel_id: str,
        seed: int,
        options: dict[str, Any],
        creator: int,
        *,
        secret: str = "",
    ) -> GameRecord:
        """A new lobby game; GameExists when the channel has an open one. `secret` (hex) deals
        its chance outcomes; '' leaves it to the seed (games before chance entries)."""
        ...

    async def secret(self, game_id: int) -> GameSecret:
        """The game's secret: for the dealer and for verifying, never for a player."""
        ...

    async def get_game(self, game_id: int) -> GameRecord:
        """GameNotFound when there is none."""
        ...

    async def open_game(self, channel_id: str) -> GameRecord | None:
        """The channel's lobby or active game, if any."""
        ...

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        """The channel's most recent game in any status."""
        ...

    async def update_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: dict[str, int] | None = None,
        status: Status | None = None,
        snapshot: Snapshot | None = None,
    ) -> GameRecord: ...

    async def append_actions(
        self,
        game_id: int,
        expected_version: int,
        actions: Sequence[NewAction],
        *,
        snapshot: Snapshot | None = None,
        status: Status | None = None,
    ) -> GameRecord:
        """Append after the last seq, in one transaction with the version check. A lobby game
        takes actions only as it starts (status "active": the first card drawn)."""
        ...

    async def actions(self, game_id: int, after: int = 0) -> list[StoredAction]: ...

    async def latest_snapshot(
        self, game_id: int, at_most: int | None = None
    ) -> Snapshot | None: ...

    async def export_game(self, game_id: int) -> GameExport: ...

    async def import_game(
        self,
        channel_id: str,
        data: GameExport,
        *,
        snapshot: Snapshot | None = None,
        secret: str = "",
    ) -> GameRecord:
        """Store a whole game (the caller has checked that it replays), with a fresh secret
        that deals what comes after the imported log."""
        ...
