"""The numbered migrations, one SQL file per number and backend.

Both backends run the same numbers in the same order: `migrations/NNN_name.sql` for SQLite and
`migrations/postgresql/NNN_name.sql`, its twin for PostgreSQL (the dialects differ in ids,
timestamps and triggers, so each number has one file per backend rather than one portable
file). A migration added for one backend must be added for the other under the same number.
"""

from __future__ import annotations

import functools
from importlib import resources
from importlib.abc import Traversable
from typing import Literal

from .errors import StorageError

Dialect = Literal["sqlite", "postgresql"]


def migrations(dialect: Dialect = "sqlite") -> list[tuple[int, str]]:
    """The migrations shipped as package data for `dialect`: (number, SQL), in order."""
    return list(_shipped(dialect))


@functools.cache
def _shipped(dialect: Dialect) -> tuple[tuple[int, str], ...]:
    """The migrations, read once a process: every store opened reads them (most only to see
    that none is pending), and the files are the installed package's, as it was started."""
    folder: Traversable = resources.files("db").joinpath("migrations")
    if dialect == "postgresql":
        folder = folder.joinpath("postgresql")
    out: list[tuple[int, str]] = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            out.append((int(name[:3]), entry.read_text(encoding="utf-8")))
    out.sort()
    numbers = [n for n, _ in out]
    if numbers != list(range(1, len(out) + 1)):
        raise StorageError(
            f"{dialect} migrations must be numbered 001, 002, ... without gaps: {numbers}"
        )
    return tuple(out)


@functools.cache
def sqlite_schema() -> tuple[int, str]:
    """The SQLite schema as the numbered migrations leave it, as one script, and the number
    of the last: a new file is made by it. Replaying every table rebuild costs a few
    milliseconds a file (SQLite reparses its whole schema at each change), which a test suite
    pays for each of its hundreds of new files; so the migrations run once a process, in
    memory, and SQLite's own record of each object's statement, as last written, run in its
    order, makes the same schema (a new file has no rows for a migration to move)."""
    import sqlite3

    steps = migrations()
    raw = sqlite3.connect(":memory:", isolation_level=None)
    try:
        raw.executescript("\n".join(sql for _, sql in steps))
        objects = raw.execute(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
        ).fetchall()
    finally:
        raw.close()
    return steps[-1][0], "".join(
        f"{sql};\n" for name, sql in objects if not name.startswith("sqlite_")
    )
