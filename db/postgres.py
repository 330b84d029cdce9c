"""The PostgreSQL store: asyncpg, a connection pool, the same contract as the SQLite store.

Every write is one transaction on a pooled connection. Per-game serialisation, across
processes: a write first locks the game's row (its version bump, UPDATE ... WHERE version =
..., or a SELECT ... FOR UPDATE), so a second writer of the same game waits, then finds the
version the first one wrote and gets StaleAction, never a silent overwrite. Writes to
different games run side by side. Owed announcements are claimed with FOR UPDATE SKIP LOCKED
plus a lease, so several bot processes never take the same one.
The queries are db/sql_store.py's; this module holds what is PostgreSQL's own.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache

import asyncpg

from .errors import StorageError
from .models import GameRecord, LogLines
from .schema import migrations
from .sql_store import (
    Append,
    Conn,
    Dialect,
    Part,
    Row,
    SQLStore,
    announcement_parts,
    reminder_part,
    snapshot_part,
)

# The time of the statement, not of each row: the rows one claim takes run out together.
POSTGRES = Dialect(
    now="statement_timestamp()",
    # a timestamp as the text the SQLite store keeps (ISO 8601, UTC, milliseconds)
    timestamp="to_char({} AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')",
    later="statement_timestamp() + make_interval(secs => {})",
    for_update=" FOR UPDATE",
    unclaimed="NULL",
)
_OWED_COLUMNS = (
    "o.game_id, o.version, o.channel_id, o.text, o.mentions, o.board, o.attempts, "
    f"{POSTGRES.ts('o.created_at')}, o.edit, o.close_text, o.deciding, o.created_at AS created"
)
# Migrations run one process at a time (several bot processes may start together).
_MIGRATION_LOCK = 0x76_6A_6D_69_67  # "vjmig"


async def _session_kept(conn: asyncpg.Connection) -> None:
    """A connection going back to the pool needs nothing reset but an open transaction, which
    asyncpg rolls back before calling this: the store sets no session setting, listens to
    nothing, opens no cursor and holds no session lock (the migrations' lock is a
    transaction's). asyncpg's default reset would cost a round trip on every release."""


def _has_statements(sql: str) -> bool:
    return any(line.strip() and not line.strip().startswith("--") for line in sql.splitlines())


@lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """The statement with PostgreSQL's placeholders: each `?` becomes $1, $2, ... in turn
    (no statement of the store has a `?` inside a quoted string)."""
    parts = sql.split("?")
    return "".join(f"{p}${i}" for i, p in enumerate(parts[:-1], 1)) + parts[-1]


class PostgresConn:
    """A pooled connection, as db/sql_store.py's `Conn`."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: object) -> int:
        status: str = await self._conn.execute(numbered(sql), *args)
        return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0  # "UPDATE 1"

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._conn.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        rows: list[Row] = await self._conn.fetch(numbered(sql), *args)
        return rows

    async def fetchrow(self, sql: str, *args: object) -> Row | None:
        row: Row | None = await self._conn.fetchrow(numbered(sql), *args)
        return row


class PostgresStore(SQLStore):
    dialect = POSTGRES

    def __init__(self, pool: asyncpg.Pool, dsn: str) -> None:
        super().__init__()
        self._pool = pool
        self.dsn = dsn

    @classmethod
    async def open(cls, dsn: str, *, min_size: int = 1, max_size: int = 10) -> PostgresStore:
        try:
            pool = await asyncpg.create_pool(
                dsn, min_size=min_size, max_size=max_size, reset=_session_kept
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            where = re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", dsn)  # never the password
            raise StorageError(f"cannot connect to PostgreSQL at {where}: {e}") from e
        try:
            store = cls(pool, dsn)
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            value = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(value)

    async def _migrate(self) -> None:
        """The pending migrations and their version rows as one transaction (PostgreSQL's
        DDL is transactional), under a transaction's advisory lock so concurrent starts
        migrate once and the lock ends with the transaction, whatever happens."""
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY)"
            )
            current = int(
                await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            )
            for number, sql in migrations("postgresql"):
                if number <= current:
                    continue
                if _has_statements(sql):  # (asyncpg fails on a comment alone)
                    await conn.execute(sql)
                await conn.execute("INSERT INTO schema_version VALUES ($1)", number)

    async def count_games(self) -> int:
        return int(await self._pool.fetchval("SELECT COUNT(*) FROM games"))

    def transaction(self) -> AbstractAsyncContextManager[asyncpg.Connection]:
        """A raw transaction, for bulk work outside the contract (db/copy.py)."""
        return self._raw_tx()

    @asynccontextmanager
    async def _raw_tx(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield conn

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Conn]:
        async with self._pool.acquire() as conn:
            yield PostgresConn(conn)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Conn]:
        """One transaction (COMMIT, or ROLLBACK on any error)."""
        async with self._raw_tx() as conn:
            yield PostgresConn(conn)

    def _is_duplicate(self, error: Exception) -> bool:
        return isinstance(error, asyncpg.UniqueViolationError)

    # --- a move's rows in one statement ----------------------------------------------------

    async def _append_rows(
        self, conn: Conn, game: GameRecord, stored: GameRecord, req: Append
    ) -> None:
        """The rows `SQLStore._append_rows` writes, as the parts of one statement (one round
        trip, not one per table): each part changes rows no other part touches, so they may
        run in any order. A finished game's results, once a game, take a statement more, and so do the lines a
        move showed a seat alone (a few a game turn, in games with hidden hands)."""
        parts = [_steps(game, req)]
        if req.snapshot is not None:
            parts.append(snapshot_part(req.game_id, req.snapshot))
        if req.log is not None:
            parts += _lines(req.game_id, req.log)
        if req.announcement is not None:
            parts += announcement_parts(POSTGRES, stored, req.announcement)
        if req.reminder is not None and stored.status == "active":
            parts.append(reminder_part(stored, req.reminder))
        sql = ", ".join(f"p{i} AS ({part})" for i, (part, _) in enumerate(parts))
        await conn.execute(f"WITH {sql} SELECT 1", *(a for _, args in parts for a in args))
        if req.result is not None:
            await self._put_result(conn, req.game_id, req.result)
        # only a move that showed a seat something
        await self._put_all_seat_notes(conn, req, stored.version)

    # --- claims of due work ------------------------------------------------------------------

    async def _claim_owed(
        self, conn: Conn, limit: int, grace: float, ignore_backoff: bool, lease: float
    ) -> list[Row]:
        """SKIP LOCKED: rows another process is claiming right now are passed over, not
        waited for; the lease keeps them from being claimed again once it has committed."""
        rows = await conn.fetch(
            "WITH due AS (SELECT game_id, version FROM outbox "
            "WHERE (next_attempt_at <= statement_timestamp() OR ?) "
            "AND (claimed_until IS NULL OR claimed_until <= statement_timestamp()) "
            "AND (attempts > 0 OR created_at <= statement_timestamp() - make_interval(secs => ?)) "
            "ORDER BY created_at, game_id, version LIMIT ? FOR UPDATE SKIP LOCKED) "
            f"UPDATE outbox o SET claimed_until = {POSTGRES.later.format('?')} "
            "FROM due WHERE o.game_id = due.game_id AND o.version = due.version "
            f"RETURNING {_OWED_COLUMNS}",
            ignore_backoff,
            grace,
            limit,
            max(0.0, lease),
        )
        return sorted(rows, key=lambda r: (r[11], r[0], r[1]))  # created, game, version

    async def _claim_due(
        self, conn: Conn, now: float, limit: int, lease: float, ai: str
    ) -> list[Row]:
        """SKIP LOCKED plus the lease, as the outbox."""
        rows = await conn.fetch(
            "WITH due AS (SELECT game_id FROM jobs j WHERE due_at <= ? AND claimed_until <= ?"
            f"{ai} ORDER BY due_at, game_id LIMIT ? FOR UPDATE SKIP LOCKED) "
            "UPDATE jobs j SET claimed_until = ? FROM due, games g "
            "WHERE j.game_id = due.game_id AND g.id = j.game_id "
            f"RETURNING {self.JOB_COLUMNS}",
            now,
            now,
            limit,
            lease,
        )
        return sorted(rows, key=lambda r: (r[6], r[0]))  # due_at, game

    async def _claim_directs(self, conn: Conn, now: float, limit: int, lease: float) -> list[Row]:
        """SKIP LOCKED plus the lease, as the outbox."""
        rows = await conn.fetch(
            "WITH due AS (SELECT game_id, user_id FROM owed_directs "
            "WHERE due_at <= ? AND claimed_until <= ? "
            "ORDER BY due_at, game_id, user_id LIMIT ? FOR UPDATE SKIP LOCKED) "
            "UPDATE owed_directs d SET claimed_until = ? FROM due "
            "WHERE d.game_id = due.game_id AND d.user_id = due.user_id "
            f"RETURNING {self.DIRECT_COLUMNS}",
            now,
            now,
            limit,
            lease,
        )
        return sorted(rows, key=lambda r: (r[5], r[0], r[1]))  # due_at, game, person


def _steps(game: GameRecord, req: Append) -> Part:
    """The steps, numbered after the log's last."""
    return (
        "INSERT INTO actions (game_id, seq, action, faction, user_id, move) "
        "SELECT ?, ? + i, a, f, u, ?::bigint FROM unnest(?::text[], ?::text[], ?::bigint[]) "
        "WITH ORDINALITY AS t(a, f, u, i)",
        [
            req.game_id,
            game.actions,
            game.actions + 1,  # one append is one order
            [json.dumps(a.action, sort_keys=True) for a in req.actions],
            [a.faction for a in req.actions],
            [a.user_id for a in req.actions],
        ],
    )


def _lines(game_id: int, log: LogLines) -> list[Part]:
    """The lines from `log.start` on, as `SQLStore._put_log` leaves them: written over what
    was there, and none kept past them."""
    return [
        (
            "INSERT INTO log_lines (game_id, n, line) "
            "SELECT ?, ? + i - 1, line FROM unnest(?::text[]) WITH ORDINALITY AS t(line, i) "
            "ON CONFLICT (game_id, n) DO UPDATE SET line = excluded.line",
            [game_id, log.start, list(log.lines)],
        ),
        (
            "DELETE FROM log_lines WHERE game_id = ? AND n >= ?",
            [game_id, log.start + len(log.lines)],
        ),
    ]
