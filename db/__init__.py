"""Storage that never loses a move: games, the append-only action log, snapshots.

`Store` is the interface; `SQLiteStore` (aiosqlite, WAL, synchronous=FULL; the embedded
default) and `PostgresStore` (asyncpg; db/postgres.py, imported on use) implement it, both
with the queries of db/sql_store.py, and `open_store` picks one from a database URL.
This package stores JSON text and imports nothing of ours but the `rules` models it names.
"""

from .backend import open_store
from .errors import GameExists, GameNotFound, StaleAction, StorageError
from .models import (
    FIRST_GAME,
    Announcement,
    DeckFile,
    ExportedFairness,
    GameAtTurn,
    GameExport,
    GameRecord,
    GameResult,
    GameSecret,
    LogLines,
    NewAction,
    OwedAnnouncement,
    OwedDirect,
    Pace,
    PaceProposal,
    Reminder,
    ReminderPlan,
    SeatResult,
    ServerSettings,
    Snapshot,
    Status,
    StoredAction,
    TurnMessage,
    UserPrefs,
)
from .sqlite import SQLiteStore
from .store import ENDED_STATUSES, OPEN_STATUSES, STATUSES, NewGameAnnouncement, Store

__all__ = [
    "ENDED_STATUSES",
    "FIRST_GAME",
    "OPEN_STATUSES",
    "STATUSES",
    "Announcement",
    "DeckFile",
    "ExportedFairness",
    "GameAtTurn",
    "GameExists",
    "GameExport",
    "GameNotFound",
    "GameRecord",
    "GameResult",
    "GameSecret",
    "LogLines",
    "NewAction",
    "NewGameAnnouncement",
    "OwedAnnouncement",
    "OwedDirect",
    "Pace",
    "PaceProposal",
    "Reminder",
    "ReminderPlan",
    "SQLiteStore",
    "SeatResult",
    "ServerSettings",
    "Snapshot",
    "StaleAction",
    "Status",
    "StorageError",
    "Store",
    "StoredAction",
    "TurnMessage",
    "UserPrefs",
    "open_store",
]
