"""The SQLite store: the standard sqlite3 module, WAL, synchronous=FULL, foreign keys on,
numbered migrations.

One connection per store; an asyncio lock serialises transactions on it. Writes use
BEGIN IMMEDIATE, so a second process writing the same file waits (busy_timeout) and then sees
the version the first one wrote: it gets StaleAction, never a silent overwrite. The queries
are db/sql_store.py's; this module holds what is SQLite's own.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from .models import GameRecord
from .schema import migrations
from .sql_store import Append, Conn, Dialect, Row, SQLStore

T = TypeVar("T")
_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
SQLITE = Dialect(
    now=_NOW,
    timestamp="{}",  # stored as that text already
    later="strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('%+.3f seconds', {}))",
    for_update="",  # BEGIN IMMEDIATE serialises every write to the file
    unclaimed="''",
)


class SQLiteConn:
    """The store's one sqlite3 connection, as db/sql_store.py's `Conn`.

    What may wait goes to the connection's own thread, so the event loop never does:
    connecting, COMMIT (the fsync of synchronous=FULL), migrations, closing, and BEGIN
    IMMEDIATE when another process is writing the file (it then waits up to busy_timeout). A
    call a cancelled caller leaves on the thread runs to its end; a transaction it leaves open
    is rolled back after it.
    The rest runs where it is called: in WAL mode a reader never waits for a writer, and
    inside BEGIN IMMEDIATE this connection holds the file's write lock, so a statement only
    computes (a few microseconds, where a trip to a thread and back costs about forty). One
    thread, so calls on it run in the order they were made."""

    def __init__(self, path: str, busy_timeout_ms: int) -> None:
        self._path = path
        self._busy_timeout_ms = busy_timeout_ms
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._conn: sqlite3.Connection | None = None
        self._last: Future[Any] | None = None  # the newest call on the thread (any result)

    def _connect(self) -> sqlite3.Connection:
        # autocommit (isolation_level None): transactions are the store's own BEGIN ... COMMIT
        conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    async def open(self) -> None:
        self._conn = await self._in_thread(self._connect)

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RuntimeError("the SQLite connection is closed")
        return self._conn

    async def _in_thread(self, call: Callable[[], T]) -> T:
        """`call` on the connection's thread. Cancelled, the call still runs to its end."""
        future = self._thread.submit(call)
        self._last = future
        return await asyncio.wrap_future(future)

    async def _settled(self) -> None:
        """Wait for a call a cancelled caller left running on the thread, so that the
        connection is never used from two threads at once."""
        last = self._last
        if last is not None and not last.done():
            await asyncio.wait([asyncio.wrap_future(last)])

    async def execute(self, sql: str, *args: object) -> int:
        await self._settled()
        return self._connection().execute(sql, args).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._settled()
        self._connection().executemany(sql, rows)

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        await self._settled()
        return self._connection().execute(sql, args).fetchall()

    async def fetchrow(self, sql: str, *args: object) -> Row | None:
        rows = await self.fetch(sql, *args)  # (the store's single-row reads are by key)
        return rows[0] if rows else None

    async def begin(self) -> None:
        """BEGIN IMMEDIATE: taken on the event loop when no other process is writing the file
        (the lock is free at once), else waited for on the thread, up to busy_timeout."""
        await self._settled()
        conn = self._connection()
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as e:
            if e.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                raise
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
        try:
            await self._in_thread(lambda: self._connection().execute("BEGIN IMMEDIATE"))
        except asyncio.CancelledError:
            self._end_what_was_left_open()  # the BEGIN goes on waiting, then opens it
            raise

    async def commit(self) -> None:
        """COMMIT, on the thread (its fsync). A COMMIT that fails (a full disk) leaves the
        transaction open: it is rolled back, so that the next write starts cleanly."""
        try:
            await self._in_thread(lambda: self._connection().execute("COMMIT"))
        except BaseException:
            self._end_what_was_left_open()  # (cancelled: the COMMIT ran on; nothing is open)
            raise

    async def rollback(self) -> None:
        """ROLLBACK: in WAL mode it writes nothing and waits for nothing."""
        await self._settled()
        self._connection().execute("ROLLBACK")

    def _end_what_was_left_open(self) -> None:
        """Roll back a transaction left open, on the thread after the call that left it."""

        def roll_back() -> None:
            conn = self._conn
            if conn is not None and conn.in_transaction:
                conn.execute("ROLLBACK")

        self._last = self._thread.submit(roll_back)

    async def script(self, sql: str) -> None:
        """A script (executescript: it commits first), on the thread."""
        await self._in_thread(lambda: self._connection().executescript(sql))

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            await self._settled()
            await asyncio.wrap_future(self._thread.submit(conn.close))
        self._thread.shutdown(wait=False)


class SQLiteStore(SQLStore):
    dialect = SQLITE

    def __init__(self, conn: SQLiteConn, path: str) -> None:
        super().__init__()
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._queue: list[tuple[Append, asyncio.Future[GameRecord]]] = []
        self._writer: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str | Path, busy_timeout_ms: int = 10_000) -> SQLiteStore:
        path = str(path)
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        conn = SQLiteConn(path, busy_timeout_ms)
        try:
            await conn.open()
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
        row = await self._conn.fetchrow(f"PRAGMA {name}")
        return None if row is None else row[0]

    async def _migrate(self) -> None:
        async with self._lock:
            current = int(await self.pragma("user_version"))
            steps = [
                f"{sql}\nPRAGMA user_version = {number};"
                for number, sql in migrations()
                if number > current
            ]
            if steps:
                # the pending migrations, each with its version bump, as one transaction (one
                # fsync): a crash leaves the old version intact
                await self._conn.script("BEGIN IMMEDIATE;\n" + "\n".join(steps) + "\nCOMMIT;")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Conn]:
        async with self._lock:
            yield self._conn

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Conn]:
        """One write transaction (BEGIN IMMEDIATE ... COMMIT, ROLLBACK on any error)."""
        async with self._lock:
            await self._conn.begin()
            try:
                yield self._conn
            except BaseException:
                await self._conn.rollback()
                raise
            await self._conn.commit()

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
