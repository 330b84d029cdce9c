"""Choosing the backend: one setting names the database (DATABASE_URL)."""

from __future__ import annotations

from pathlib import Path

from .errors import StorageError
from .store import Store

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def is_postgres(database: str) -> bool:
    return database.startswith(POSTGRES_SCHEMES)


def sqlite_path(database: str) -> str:
    """The file a SQLite database setting names: `sqlite:///path` or a plain path."""
    if database.startswith(SQLITE_SCHEME):
        return database[len(SQLITE_SCHEME) :]
    if "://" in database:
        raise StorageError(
            f"unknown database URL scheme in {database.split('://', 1)[0]!r}: use "
            "postgresql://user:password@host/dbname, sqlite:///path/to/file.sqlite3 or a path"
        )
    return database


async def open_store(database: str | Path) -> Store:
    """The store `database` names: a postgresql:// URL, or else a SQLite file (a path or a
    sqlite:/// URL)."""
    text = str(database)
    if is_postgres(text):
        from .postgres import PostgresStore  # asyncpg is loaded only when it is used

        return await PostgresStore.open(text)
    from .sqlite import SQLiteStore

    return await SQLiteStore.open(sqlite_path(text))
