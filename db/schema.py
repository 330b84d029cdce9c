"""The numbered migrations, one SQL file per number and backend.

Both backends run the same numbers in the same order: `migrations/NNN_name.sql` for SQLite and
`migrations/postgresql/NNN_name.sql`, its twin for PostgreSQL (the dialects differ in ids,
timestamps and triggers, so each number has one file per backend rather than one portable
file). A migration added for one backend must be added for the other under the same number,
and the SQLite schema script remade (`write_sqlite_schema`; tests/test_db.py says when it is
behind): a new SQLite file starts from it.
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


# A new SQLite file is made from one script of the schema as the numbered migrations leave
# it (written by `write_sqlite_schema`), then the migrations numbered after it: replaying
# every table rebuild costs a few milliseconds a file (SQLite reparses its whole schema at each
# change), which the test suite pays for each of its hundreds of new files.
SQLITE_SCHEMA = "schema_at_{:03d}.sql"


@functools.cache
def sqlite_schema() -> tuple[int, str] | None:
    """The newest SQLite schema script shipped (its migration number, its SQL), or None."""
    folder: Traversable = resources.files("db").joinpath("migrations")
    found = sorted(
        (int(entry.name[10:13]), entry)
        for entry in folder.iterdir()
        if entry.name.startswith("schema_at_") and entry.name.endswith(".sql")
    )
    if not found:
        return None
    number, entry = found[-1]
    return number, entry.read_text(encoding="utf-8")


def sqlite_schema_script(objects: list[tuple[str, str]], number: int) -> str:
    """The script that makes `objects` (sqlite_master's name and SQL of each, in the order of
    its rows) of a file migrated to `number`: SQLite keeps each object's statement as it was
    last written, so running them in that order makes the same schema."""
    head = (
        f"-- The SQLite schema as migrations 001 to {number:03d} leave it, for a new file "
        "(db/schema.py).\n-- Written by db.schema.write_sqlite_schema(); never edited by hand.\n"
    )
    return head + "".join(f"{sql};\n" for name, sql in objects if not name.startswith("sqlite_"))


def write_sqlite_schema() -> None:
    """Write the schema script of today's migrations into db/migrations/."""
    import sqlite3
    from pathlib import Path

    raw = sqlite3.connect(":memory:", isolation_level=None)
    steps = migrations()
    raw.executescript("\n".join(sql for _, sql in steps))
    objects = raw.execute(
        "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
    ).fetchall()
    folder = Path(__file__).parent / "migrations"
    for old in folder.glob("schema_at_*.sql"):
        old.unlink()
    number = steps[-1][0]
    (folder / SQLITE_SCHEMA.format(number)).write_text(sqlite_schema_script(objects, number))
