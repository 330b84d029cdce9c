"""A database as an older bot left it: the schema of the migrations up to `last` alone, then
the rows that bot stored, for a test that opens it with today's store (which migrates it)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
from pg_server import PgServer

from db.schema import migrations


def sqlite_before(path: Path, last: int, rows: str) -> str:
    """An SQLite file of migrations 1..`last` holding `rows` (SQL); its path."""
    conn = sqlite3.connect(path)
    try:
        for number, sql in migrations("sqlite"):
            if number > last:
                break
            conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        conn.executescript(rows)
    finally:
        conn.close()
    return str(path)


async def postgresql_before(pg_server: PgServer, last: int, rows: str) -> str:
    """A fresh PostgreSQL database of migrations 1..`last` holding `rows` (SQL), its games'
    id sequence past the ids the rows gave; its URL."""
    url = await pg_server.fresh_database()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY)")
        for number, sql in migrations("postgresql"):
            if number > last:
                break
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_version VALUES ($1)", number)
        await conn.execute(rows)
        await conn.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))"
        )
    finally:
        await conn.close()
    return url
