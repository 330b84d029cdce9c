"""SQLite connections on aiosqlite's threads, used in whole units of work.

aiosqlite gives each connection its own thread and runs what it is given there, in order;
every trip there and back costs tens of microseconds, and more while the event loop is busy.
So the store sends a whole unit of work in one trip: a write transaction with every statement
of every write waiting for it (db/sql_store.py's bodies, run here to their end), or a read.

A body is a coroutine function over `Conn`; on the thread it gets a `SyncConn`, whose methods
never wait, so the coroutine runs to its end at its first step (`finished`).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar, cast

import aiosqlite

from .sql_store import Conn, Row

T = TypeVar("T")
Body = Callable[[Conn], Coroutine[Any, Any, T]]


def finished(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never waits to its end, here and now."""
    try:
        coro.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coro.close()
    raise RuntimeError("a unit of work on a SQLite thread waited: it may only run statements")


class SyncConn:
    """A sqlite3 connection as `Conn`, on its own thread: every call is done when it returns."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    async def execute(self, sql: str, *args: object) -> int:
        return self._raw.execute(sql, args).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        self._raw.executemany(sql, rows)

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        # every row read, so that the statement is reset and holds no read transaction open
        return self._raw.execute(sql, args).fetchall()

    async def fetchrow(self, sql: str, *args: object) -> Row | None:
        rows = await self.fetch(sql, *args)  # (the store's single-row reads are by key)
        return rows[0] if rows else None


@dataclass
class Write:
    """A write waiting for the writer: its body, its caller's answer, and whether the caller
    gave up before the write was made (then it is not made)."""

    body: Body[Any]
    answer: asyncio.Future[Any]
    abandoned: bool = field(default=False)

    def __post_init__(self) -> None:
        self.answer.add_done_callback(self._given_up)

    def _given_up(self, answer: asyncio.Future[Any]) -> None:
        if answer.cancelled():
            self.abandoned = True  # (read on the writer's thread)


def transaction(batch: Sequence[Write], raw: sqlite3.Connection) -> list[object]:
    """On the writer's thread: one transaction (BEGIN IMMEDIATE, which waits up to
    busy_timeout while another process writes the file), each write in its own savepoint, so
    that a write that fails leaves the others; one COMMIT (one fsync) for all. Each write's
    result or exception, in order (None for one abandoned). A write alone (the usual case)
    needs no savepoint: when it fails, the transaction is rolled back, which leaves the same."""
    raw.execute("BEGIN IMMEDIATE")
    conn = SyncConn(raw)
    results: list[object] = []
    try:
        if len(batch) == 1:
            results.append(_alone(raw, conn, batch[0]))
        else:
            for write in batch:
                results.append(None if write.abandoned else _one_write(raw, conn, write.body))
        if raw.in_transaction:
            raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:  # (a COMMIT that fails leaves it open)
            raw.execute("ROLLBACK")
        raise
    return results


def _alone(raw: sqlite3.Connection, conn: SyncConn, write: Write) -> object:
    """A batch's only write, in the transaction itself: rolled back when it fails (or was
    abandoned), its exception its result."""
    if write.abandoned:
        raw.execute("ROLLBACK")
        return None
    try:
        return finished(write.body(conn))
    except Exception as e:
        raw.execute("ROLLBACK")
        return e


def _one_write(raw: sqlite3.Connection, conn: SyncConn, body: Body[Any]) -> object:
    raw.execute("SAVEPOINT one_write")
    try:
        result: object = finished(body(conn))
    except Exception as e:
        raw.execute("ROLLBACK TO one_write")
        result = e
    raw.execute("RELEASE one_write")
    return result


def read(body: Body[T], raw: sqlite3.Connection) -> T:
    """On a reader's thread: the body's statements in one read transaction (one snapshot of
    the file, whatever is committed meanwhile)."""
    raw.execute("BEGIN")
    try:
        return finished(body(SyncConn(raw)))
    finally:
        raw.execute("COMMIT")  # (a read transaction: it writes nothing, waits for nothing)


def fetch(sql: str, args: Sequence[object], raw: sqlite3.Connection) -> list[Row]:
    """On a reader's thread: one statement's rows (its own snapshot)."""
    return raw.execute(sql, args).fetchall()


class Worker:
    """One aiosqlite connection: `run` calls a function with the sqlite3 connection on the
    connection's thread, one trip there and back. aiosqlite keeps that primitive private
    (`_execute`); it is the one every call of aiosqlite makes."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._execute: Callable[..., Awaitable[Any]] = conn._execute
        self.busy = 0  # calls sent and not yet answered

    @classmethod
    async def connect(cls, path: str, busy_timeout_ms: int, *, reader: bool) -> Worker:
        """The connection opened and configured on its thread, in one trip."""
        conn = aiosqlite.Connection(partial(_connected, path, busy_timeout_ms, reader), 64)
        return cls(await conn)

    async def run(self, call: Callable[[sqlite3.Connection], T]) -> T:
        """`call` on the thread; a caller that gives up leaves it running to its end there."""
        self.busy += 1
        try:
            return cast(T, await self._execute(self._with_connection, call))
        finally:
            self.busy -= 1

    def _with_connection(self, call: Callable[[sqlite3.Connection], T]) -> T:
        return call(self._conn._conn)  # (on the thread)

    async def close(self) -> None:
        await self._conn.close()


def _connected(path: str, busy_timeout_ms: int, reader: bool) -> sqlite3.Connection:
    """On the connection's thread: the file opened in autocommit (isolation_level None: the
    transactions are the store's own BEGIN ... COMMIT) and configured; closed again if it
    cannot be."""
    raw = sqlite3.connect(path, isolation_level=None)
    try:
        _configure(busy_timeout_ms, reader, raw)
    except BaseException:
        raw.close()
        raise
    return raw


def _configure(busy_timeout_ms: int, reader: bool, raw: sqlite3.Connection) -> None:
    raw.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    if reader:  # the writer made the file WAL; a reader only reads
        raw.execute("PRAGMA query_only = ON")
        return
    raw.execute("PRAGMA journal_mode = WAL")
    raw.execute("PRAGMA synchronous = FULL")
    raw.execute("PRAGMA foreign_keys = ON")


class Reader:
    """A reader connection. A read sent while the reader is idle goes at once; reads that
    arrive while it is busy wait, and go together in its next trip (under load, many reads
    a trip)."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self._waiting: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]] = []
        self._trips: asyncio.Task[None] | None = None

    @property
    def load(self) -> int:
        return self.worker.busy + len(self._waiting)

    async def run(self, call: Callable[[sqlite3.Connection], T]) -> T:
        if self.load == 0:
            return await self.worker.run(call)
        answer: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append((call, answer))
        if self._trips is None or self._trips.done():
            self._trips = asyncio.create_task(self._go())
        return await answer

    async def _go(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                outcomes = await self.worker.run(partial(_each, [call for call, _ in batch]))
            except Exception as e:  # (the connection is gone)
                outcomes = [(False, e)] * len(batch)
            for (_, answer), (ok, value) in zip(batch, outcomes, strict=True):
                if answer.done():  # the caller gave up
                    continue
                if ok:
                    answer.set_result(value)
                else:
                    answer.set_exception(value)


def _each(
    calls: Sequence[Callable[[sqlite3.Connection], Any]], raw: sqlite3.Connection
) -> list[tuple[bool, Any]]:
    """On a reader's thread: each call's result (True) or exception (False)."""
    outcomes: list[tuple[bool, Any]] = []
    for call in calls:
        try:
            outcomes.append((True, call(raw)))
        except Exception as e:
            outcomes.append((False, e))
    return outcomes


class AsyncConn:
    """The writer as `Conn`, each statement one trip: for raw work outside the store's
    writes (tests, tools), never on a move's path."""

    def __init__(self, worker: Worker) -> None:
        self._worker = worker

    async def execute(self, sql: str, *args: object) -> int:
        return await self._worker.run(lambda raw: raw.execute(sql, args).rowcount)

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._worker.run(lambda raw: raw.executemany(sql, rows))

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        return await self._worker.run(partial(fetch, sql, args))

    async def fetchrow(self, sql: str, *args: object) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None
