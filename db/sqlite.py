"""The SQLite store: aiosqlite, WAL, synchronous=FULL, foreign keys on, numbered migrations.

One connection per store; an asyncio lock serialises transactions on it. Writes use
BEGIN IMMEDIATE, so a second process writing the same file waits (busy_timeout) and then sees
the version the first one wrote: it gets StaleAction, never a silent overwrite. The queries
are db/sql_store.py's; this module holds what is SQLite's own.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .models import GameRecord
from .schema import migrations
from .sql_store import Append, Conn, Dialect, Row, SQLStore

_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
SQLITE = Dialect(
    now=_NOW,
    timestamp="{}",  # stored as that text already
    later="strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('%+.3f seconds', {}))",
    for_update="",  # BEGIN IMMEDIATE serialises every write to the file
    unclaimed="''",
)


class SQLiteConn:
    """The store's one connection, as db/sql_store.py's `Conn`."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: object) -> int:
        cur = await self._conn.execute(sql, args)  # (closing it would cost another hop)
        return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, args))  # one trip to its thread

    async def fetchrow(self, sql: str, *args: object) -> Row | None:
        rows = await self.fetch(sql, *args)  # (the store's single-row reads are by key)
        return rows[0] if rows else None


class SQLiteStore(SQLStore):
    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        super().__init__()
        self._conn = conn
        self._one_conn = SQLiteConn(conn)
        self.path = path
        self._lock = asyncio.Lock()
        self._queue: list[tuple[Append, asyncio.Future[GameRecord]]] = []
        self._writer: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str | Path, busy_timeout_ms: int = 10_000) -> SQLiteStore:
        path = str(path)
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = FULL")
            await conn.execute("PRAGMA foreign_keys = ON")
            store = cls(conn, path)
            await store._migrate()
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        if self._writer is not None and not self._writer.done():
            await self._writer
        await self._conn.close()

    async def pragma(self, name: str) -> Any:
        async with self._conn.execute(f"PRAGMA {name}") as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def _migrate(self) -> None:
        async with self._lock:
            current = int(await self.pragma("user_version"))
            for number, sql in migrations():
                if number <= current:
                    continue
                # executescript commits; run the migration and its version bump as one script
                # inside an explicit transaction so a crash leaves the old version intact.
                await self._conn.executescript(
                    f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
                )

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Conn]:
        async with self._lock:
            yield self._one_conn

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Conn]:
        """One write transaction (BEGIN IMMEDIATE ... COMMIT, ROLLBACK on any error)."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._one_conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    def _is_duplicate(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)

    # --- group commit ------------------------------------------------------------------------

    async def _append(self, req: Append) -> GameRecord:
        """Group commit: appends that arrive while a commit is being synced wait and are then
        written together in one transaction (each in its own savepoint, with its own version
        check), so one fsync serves many games. A caller is answered only after its COMMIT."""
        future: asyncio.Future[GameRecord] = asyncio.get_running_loop().create_future()
        self._queue.append((req, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        return await future

    async def _write_batches(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            results: list[GameRecord | BaseException] = []
            try:
                async with self._tx() as conn:
                    for req, _ in batch:
                        await conn.execute("SAVEPOINT append_one")
                        try:
                            rec = await self._append_one(conn, req)
                        except Exception as e:
                            await conn.execute("ROLLBACK TO append_one")
                            await conn.execute("RELEASE append_one")
                            results.append(e)
                        else:
                            await conn.execute("RELEASE append_one")
                            results.append(rec)
            except Exception as e:  # the COMMIT (or BEGIN) failed: nothing was stored
                for _, future in batch:
                    if not future.done():
                        future.set_exception(e)
                continue
            for (_, future), res in zip(batch, results, strict=True):
                if future.done():  # the caller was cancelled; the write stands
                    continue
                if isinstance(res, BaseException):
                    future.set_exception(res)
                else:
                    future.set_result(res)

    # --- claims of due work ------------------------------------------------------------------

    async def _claim_owed(
        self, conn: Conn, limit: int, grace: float, ignore_backoff: bool, lease: float
    ) -> list[Row]:
        """In the write transaction (BEGIN IMMEDIATE: another process on the same file waits,
        then sees the claims)."""
        rows = await conn.fetch(
            "SELECT game_id, version, channel_id, text, mentions, board, attempts, "
            "created_at, edit, close_text FROM outbox "
            f"WHERE (next_attempt_at <= {_NOW} OR ?) AND claimed_until <= {_NOW} AND "
            "(attempts > 0 OR created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)) "
            "ORDER BY created_at, game_id, version LIMIT ?",
            ignore_backoff,
            f"-{grace:.3f} seconds",
            limit,
        )
        await conn.executemany(
            f"UPDATE outbox SET claimed_until = {SQLITE.later.format('?')} "
            "WHERE game_id = ? AND version = ?",
            [(max(0.0, lease), r[0], r[1]) for r in rows],
        )
        return rows

    async def _claim_due(
        self, conn: Conn, now: float, limit: int, lease: float, ai: str
    ) -> list[Row]:
        rows = await conn.fetch(
            f"SELECT {self.JOB_COLUMNS} FROM jobs j JOIN games g ON g.id = j.game_id "
            f"WHERE j.due_at <= ? AND j.claimed_until <= ?{ai} "
            "ORDER BY j.due_at, j.game_id LIMIT ?",
            now,
            now,
            limit,
        )
        await conn.executemany(
            "UPDATE jobs SET claimed_until = ? WHERE game_id = ?", [(lease, r[0]) for r in rows]
        )
        return rows
