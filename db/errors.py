"""Storage errors."""

from __future__ import annotations


class StorageError(Exception):
    """Base class of the storage errors."""


class StaleAction(StorageError):
    """The game changed since it was read: nothing was written (optimistic concurrency)."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"game {game_id} is at version {actual}, not {expected}: "
            "someone else moved first, nothing was stored"
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class GameExists(StorageError):
    """The channel already has an open (lobby or active) game."""

    def __init__(self, channel_id: str, game_id: int | None = None) -> None:
        super().__init__(f"channel {channel_id} already has an open game")
        self.channel_id = channel_id
        self.game_id = game_id


class GameNotFound(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game with id {game_id}")
        self.game_id = game_id


class UnreadableRow(StorageError):
    """A stored row that does not read (its JSON is broken): the game it belongs to does not
    load, but nothing else is affected."""
