"""The SQLite store: aiosqlite, WAL, synchronous=FULL, foreign keys on, numbered migrations.

One writer connection and a reader connection (or more), each on its own aiosqlite thread
(db/sqlite_conn.py). Writes queue for the writer, which takes all that are waiting as one
transaction in one trip to its thread (group commit: one fsync for many games). Writes use
BEGIN IMMEDIATE, so a second process writing the same file waits (busy_timeout) and then sees
the version the first one wrote: it gets StaleAction, never a silent overwrite. A read is one
trip to the least busy reader, or goes with the reads waiting for it; in WAL mode it never
waits for the writer. The queries are
db/sql_store.py's; this module holds what is SQLite's own.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from .schema import migrations, sqlite_schema
from .sql_store import Conn, Dialect, Row, SQLStore
from .sqlite_conn import AsyncConn, Reader, Worker, Write, fetch, read, transaction

T = TypeVar("T")
_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
SQLITE = Dialect(
    now=_NOW,
    timestamp="{}",  # stored as that text already
    later="strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('%+.3f seconds', {}))",
    for_update="",  # BEGIN IMMEDIATE serialises every write to the file
    unclaimed="''",
)
READERS = 1  # reader connections (threads) of a store on a file: more only contend for the GIL


class SQLiteStore(SQLStore):
    dialect = SQLITE

    def __init__(self, writer: Worker, readers: list[Worker], path: str) -> None:
        super().__init__()
        self._writer_conn = writer
        # (":memory:" is one connection's own database: it is read on the writer)
        self._readers = [Reader(w) for w in readers or [writer]]
        self._conn = AsyncConn(writer)  # raw statements, for tests and tools
        self.path = path
        self._lock = asyncio.Lock()  # the writer's transactions, one at a time
        self._queue: list[Write] = []
        self._writer: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls, path: str | Path, busy_timeout_ms: int = 10_000, readers: int = READERS
    ) -> SQLiteStore:
        path = str(path)
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        writer = await Worker.connect(path, busy_timeout_ms, reader=False)
        opened: list[Worker] = []
        try:
            await _migrate(writer)  # (before the readers: they read the migrated file)
            for _ in range(readers if path != ":memory:" else 0):
                opened.append(await Worker.connect(path, busy_timeout_ms, reader=True))
        except BaseException:
            for worker in [writer, *opened]:
                await worker.close()
            raise
        return cls(writer, opened, path)

    async def close(self) -> None:
        if self._writer is not None and not self._writer.done():
            await self._writer
        workers = [r.worker for r in self._readers] + [self._writer_conn]
        for worker in {id(w): w for w in workers}.values():
            await worker.close()

    async def pragma(self, name: str) -> Any:
        row = await self._conn.fetchrow(f"PRAGMA {name}")
        return None if row is None else row[0]

    # --- reads: to the least busy reader, one trip each or many a trip --------------------

    def _reader(self) -> Reader:
        return min(self._readers, key=lambda r: r.load)

    async def _all(self, sql: str, *args: object) -> list[Row]:
        return await self._reader().run(partial(fetch, sql, args))

    async def _reading(self, body: Callable[[Conn], Coroutine[Any, Any, T]]) -> T:
        return await self._reader().run(partial(read, body))

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Conn]:
        yield AsyncConn(self._reader().worker)

    # --- writes: group commit ----------------------------------------------------------------

    async def _writing(self, body: Callable[[Conn], Coroutine[Any, Any, T]]) -> T:
        """Group commit: writes that arrive while the writer is busy wait, and are then made
        together in one transaction (each in its own savepoint, so a write that fails leaves
        the others), one trip to the writer's thread and one fsync for all. A caller is
        answered only after its COMMIT; one that gives up before its write is made leaves
        nothing, one that gives up later leaves its write made."""
        answer: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append(Write(body, answer))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        return await answer

    async def _write_batches(self) -> None:
        while self._queue:
            batch = [w for w in self._queue if not w.abandoned]
            self._queue = []
            if not batch:
                continue
            try:
                async with self._lock:
                    results = await self._writer_conn.run(partial(transaction, batch))
            except Exception as e:  # the BEGIN or the COMMIT failed: nothing was stored
                for w in batch:
                    if not w.answer.done():
                        w.answer.set_exception(e)
                continue
            for w, res in zip(batch, results, strict=True):
                if w.answer.done():  # the caller gave up; the write stands
                    continue
                if isinstance(res, BaseException):
                    w.answer.set_exception(res)
                else:
                    w.answer.set_result(res)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Conn]:
        """A raw write transaction, a trip per statement: for tests and tools (the store's
        own writes go through `_writing`)."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._writer_conn.run(_roll_back)
                raise
            await self._writer_conn.run(_commit)

    def _is_duplicate(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)

    # --- claims of due work ------------------------------------------------------------------

    async def _claim_owed(
        self, conn: Conn, limit: int, grace: float, ignore_backoff: bool, lease: float
    ) -> list[Row]:
        """In the write transaction (BEGIN IMMEDIATE: another process on the same file waits,
        then sees the claims)."""
        rows = await conn.fetch(
            "SELECT game_id, version, channel_id, text, mentions, board, attempts, "
            "created_at, edit, close_text, deciding FROM outbox "
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

    async def _claim_directs(self, conn: Conn, now: float, limit: int, lease: float) -> list[Row]:
        rows = await conn.fetch(
            f"SELECT {self.DIRECT_COLUMNS} FROM owed_directs d "
            "WHERE due_at <= ? AND claimed_until <= ? ORDER BY due_at, game_id, user_id LIMIT ?",
            now,
            now,
            limit,
        )
        await conn.executemany(
            "UPDATE owed_directs SET claimed_until = ? WHERE game_id = ? AND user_id = ?",
            [(lease, r[0], r[1]) for r in rows],
        )
        return rows


def _commit(raw: sqlite3.Connection) -> None:
    """COMMIT; one that fails (a full disk) leaves the transaction open: it is rolled back,
    so that the next write starts cleanly."""
    try:
        raw.execute("COMMIT")
    except BaseException:
        _roll_back(raw)
        raise


def _roll_back(raw: sqlite3.Connection) -> None:
    if raw.in_transaction:
        raw.execute("ROLLBACK")


async def _migrate(writer: Worker) -> None:
    """The pending migrations, each with its version bump, as one transaction (one fsync): a
    crash leaves the old version intact. A new file (no table, version 0) is made by the
    schema script of every migration (db/schema.py)."""
    current, objects = (await writer.run(partial(fetch, _STANDING, ())))[0]
    steps: list[str] = []
    if current == 0 and objects == 0:
        current, script = sqlite_schema()
        steps.append(f"{script}\nPRAGMA user_version = {current};")
    steps += [
        f"{sql}\nPRAGMA user_version = {number};"
        for number, sql in migrations()
        if number > current
    ]
    if steps:
        script = "BEGIN IMMEDIATE;\n" + "\n".join(steps) + "\nCOMMIT;"
        await writer.run(partial(_run_script, script))


# the file's migration number, and how many objects its schema has (0: a new file)
_STANDING = "SELECT user_version, (SELECT count(*) FROM sqlite_master) FROM pragma_user_version"


def _run_script(script: str, raw: sqlite3.Connection) -> None:
    raw.executescript(script)
