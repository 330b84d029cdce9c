"""The numbered migrations, one SQL file per number and backend.

Both backends run the same numbers in the same order: `migrations/NNN_name.sql` for SQLite and
`migrations/postgresql/NNN_name.sql`, its twin for PostgreSQL (the dialects differ in ids,
timestamps and triggers, so each number has one file per backend rather than one portable
file). A migration added for one backend must be added for the other under the same number.
"""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable
from typing import Literal

from .errors import StorageError

Dialect = Literal["sqlite", "postgresql"]


def migrations(dialect: Dialect = "sqlite") -> list[tuple[int, str]]:
    """The migrations shipped as package data for `dialect`: (number, SQL), in order."""
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
    return out
