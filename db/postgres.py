"""The PostgreSQL store: asyncpg, a connection pool, the same contract as the SQLite store.

Every write is one transaction on a pooled connection. Per-game serialisation, across
processes: a write first locks the game's row (SELECT ... FOR UPDATE), so a second writer of
the same game waits, then reads the version the first one wrote and gets StaleAction, never a
silent overwrite. Writes to different games run side by side. Owed announcements are claimed
with FOR UPDATE SKIP LOCKED plus a lease, so several bot processes never take the same one.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import asyncpg

from . import rows as from_row
from .errors import GameExists, GameNotFound, StaleAction, StorageError
from .export import export_game
from .models import (
    Announcement,
    DeckFile,
    GameExport,
    GameRecord,
    GameResult,
    GameSecret,
    LogLines,
    NewAction,
    OwedAnnouncement,
    Pace,
    Reminder,
    ReminderPlan,
    ServerSettings,
    Snapshot,
    Status,
    StoredAction,
    TurnMessage,
    UserPrefs,
    group_results,
)
from .schema import migrations
from .store import ENDED_STATUSES, OPEN_STATUSES, OUTBOX_LEASE


def _ts(column: str) -> str:
    """A timestamp as the text the SQLite store keeps (ISO 8601, UTC, milliseconds)."""
    return f"to_char({column} AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"


_GAME_COLUMNS = (
    "id, channel_id, seed, options, seats, status, version, creator, "
    f"{_ts('created_at')}, {_ts('updated_at')}, "
    "(SELECT COALESCE(MAX(seq), 0) FROM actions a WHERE a.game_id = games.id)"
)
_OWED_COLUMNS = (
    "o.game_id, o.version, o.channel_id, o.text, o.mentions, o.board, o.attempts, "
    f"{_ts('o.created_at')}, o.edit, o.close_text, o.created_at AS created"
)
# Migrations run one process at a time (several bot processes may start together).
_MIGRATION_LOCK = 0x76_6A_6D_69_67  # "vjmig"


def _has_statements(sql: str) -> bool:
    return any(line.strip() and not line.strip().startswith("--") for line in sql.splitlines())


class PostgresStore:
    def __init__(self, pool: asyncpg.Pool, dsn: str) -> None:
        self._pool = pool
        self.dsn = dsn

    @classmethod
    async def open(cls, dsn: str, *, min_size: int = 1, max_size: int = 10) -> PostgresStore:
        try:
            pool = await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size)
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
        """Each migration and its version row in one transaction (PostgreSQL's DDL is
        transactional), under an advisory lock so concurrent starts migrate once."""
        async with self._pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY)"
                )
                current = int(
                    await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
                )
                for number, sql in migrations("postgresql"):
                    if number <= current:
                        continue
                    async with conn.transaction():
                        if _has_statements(sql):  # (asyncpg fails on a comment alone)
                            await conn.execute(sql)
                        await conn.execute("INSERT INTO schema_version VALUES ($1)", number)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)

    async def count_games(self) -> int:
        return int(await self._pool.fetchval("SELECT COUNT(*) FROM games"))

    def transaction(self) -> AbstractAsyncContextManager[asyncpg.Connection]:
        """A raw transaction, for bulk work outside the contract (db/copy.py)."""
        return self._tx()

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction (COMMIT, or ROLLBACK on any error)."""
        async with self._pool.acquire() as conn, conn.transaction():
            yield conn

    async def _fetch_game(self, conn: asyncpg.Connection, game_id: int) -> GameRecord:
        row = await conn.fetchrow(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        if row is None:
            raise GameNotFound(game_id)
        return from_row.game(row)

    async def _lock_game(self, conn: asyncpg.Connection, game_id: int) -> None:
        """Hold the game's row until the transaction ends: the per-game serialisation."""
        if await conn.fetchval("SELECT id FROM games WHERE id = $1 FOR UPDATE", game_id) is None:
            raise GameNotFound(game_id)

    # --- reads -------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._pool.acquire() as conn:
            return await self._fetch_game(conn, game_id)

    async def open_game(self, channel_id: str) -> GameRecord | None:
        row = await self._pool.fetchrow(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status = ANY($2)",
            channel_id,
            list(OPEN_STATUSES),
        )
        return None if row is None else from_row.game(row)

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        row = await self._pool.fetchrow(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return None if row is None else from_row.game(row)

    async def actions(self, game_id: int, after: int = 0) -> list[StoredAction]:
        rows = await self._pool.fetch(
            f"SELECT seq, action, faction, user_id, {_ts('created_at')} FROM actions "
            "WHERE game_id = $1 AND seq > $2 ORDER BY seq",
            game_id,
            after,
        )
        return [from_row.stored_action(r) for r in rows]

    async def latest_snapshot(self, game_id: int, at_most: int | None = None) -> Snapshot | None:
        row = await self._pool.fetchrow(
            "SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq <= $2 "
            "ORDER BY seq DESC LIMIT 1",
            game_id,
            at_most if at_most is not None else 2**62,
        )
        return None if row is None else Snapshot(seq=row[0], state=row[1])

    async def secret(self, game_id: int) -> GameSecret:
        row = await self._pool.fetchrow(
            "SELECT secret, dealt_from FROM games WHERE id = $1", game_id
        )
        if row is None:
            raise GameNotFound(game_id)
        return GameSecret(secret=row[0], dealt_from=row[1])

    async def deck_text(self, deck_hash: str) -> str | None:
        text = await self._pool.fetchval("SELECT text FROM decks WHERE hash = $1", deck_hash)
        return None if text is None else str(text)

    async def server_settings(self, guild_id: str) -> ServerSettings:
        row = await self._pool.fetchrow(
            "SELECT organisers, role_id FROM server_settings WHERE guild_id = $1", guild_id
        )
        if row is None:
            return ServerSettings(guild_id=guild_id)
        return ServerSettings(guild_id=guild_id, organisers=row[0], role_id=row[1])

    # --- writes ------------------------------------------------------------------------

    async def _put_deck(self, conn: asyncpg.Connection, deck: DeckFile | None) -> None:
        if deck is not None:
            await conn.execute(
                "INSERT INTO decks (hash, text) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                deck.hash,
                deck.text,
            )

    async def put_server_settings(self, settings: ServerSettings) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO server_settings (guild_id, organisers, role_id) VALUES ($1, $2, $3) "
                "ON CONFLICT (guild_id) DO UPDATE SET organisers = excluded.organisers, "
                "role_id = excluded.role_id, updated_at = clock_timestamp()",
                settings.guild_id,
                settings.organisers,
                settings.role_id,
            )

    async def create_game(
        self,
        channel_id: str,
        seed: int,
        options: dict[str, Any],
        creator: int,
        *,
        deck: DeckFile | None = None,
        secret: str = "",
    ) -> GameRecord:
        try:
            async with self._tx() as conn:
                await self._put_deck(conn, deck)
                game_id = await conn.fetchval(
                    "INSERT INTO games (channel_id, seed, options, creator, secret) "
                    "VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    channel_id,
                    seed,
                    json.dumps(options, sort_keys=True),
                    creator,
                    secret,
                )
                return await self._fetch_game(conn, int(game_id))
        except asyncpg.UniqueViolationError as e:
            raise GameExists(channel_id) from e

    async def _check_version(
        self, conn: asyncpg.Connection, game_id: int, expected: int
    ) -> GameRecord:
        await self._lock_game(conn, game_id)
        game = await self._fetch_game(conn, game_id)
        if game.version != expected:
            raise StaleAction(game_id, expected, game.version)
        return game

    async def _bump(
        self,
        conn: asyncpg.Connection,
        game_id: int,
        expected: int,
        seats: dict[str, int] | None,
        status: Status | None,
    ) -> None:
        sets = ["version = version + 1", "updated_at = clock_timestamp()"]
        args: list[Any] = [game_id, expected]
        if seats is not None:
            args.append(json.dumps(seats, sort_keys=True))
            sets.append(f"seats = ${len(args)}")
        if status is not None:
            args.append(status)
            sets.append(f"status = ${len(args)}")
        done = await conn.execute(
            f"UPDATE games SET {', '.join(sets)} WHERE id = $1 AND version = $2", *args
        )
        if done != "UPDATE 1":  # cannot happen under the row lock; belt and braces
            raise StaleAction(game_id, expected, -1)
        if status in ENDED_STATUSES:  # nobody is waited for any more
            await conn.execute("DELETE FROM jobs WHERE game_id = $1", game_id)

    async def _put_snapshot(
        self, conn: asyncpg.Connection, game_id: int, snapshot: Snapshot
    ) -> None:
        await conn.execute(
            "INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3) "
            "ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state",
            game_id,
            snapshot.seq,
            snapshot.state,
        )

    async def _put_log(self, conn: asyncpg.Connection, game_id: int, log: LogLines) -> None:
        await conn.execute(
            "DELETE FROM log_lines WHERE game_id = $1 AND n >= $2", game_id, log.start
        )
        await conn.executemany(
            "INSERT INTO log_lines (game_id, n, line) VALUES ($1, $2, $3)",
            [(game_id, log.start + i, line) for i, line in enumerate(log.lines)],
        )

    async def log_lines(self, game_id: int, start: int = 0, end: int | None = None) -> list[str]:
        rows = await self._pool.fetch(
            "SELECT line FROM log_lines WHERE game_id = $1 AND n >= $2 AND n < $3 ORDER BY n",
            game_id,
            start,
            2**62 if end is None else end,
        )
        return [r[0] for r in rows]

    async def log_length(self, game_id: int) -> int:
        return int(
            await self._pool.fetchval("SELECT COUNT(*) FROM log_lines WHERE game_id = $1", game_id)
        )

    async def fill_log(self, game_id: int, expected_version: int, log: LogLines) -> bool:
        async with self._tx() as conn:
            await self._lock_game(conn, game_id)
            if (await self._fetch_game(conn, game_id)).version != expected_version:
                return False
            await conn.executemany(
                "INSERT INTO log_lines (game_id, n, line) VALUES ($1, $2, $3) "
                "ON CONFLICT (game_id, n) DO NOTHING",
                [(game_id, log.start + i, line) for i, line in enumerate(log.lines)],
            )
        return True

    async def stored_bytes(self, game_id: int) -> int:
        found: list[from_row.Row] = []
        async with self._pool.acquire() as conn:
            for table, key in [("games", "id"), *((t, "game_id") for t in from_row.GAME_TABLES)]:
                found += await conn.fetch(f"SELECT * FROM {table} WHERE {key} = $1", game_id)
        return from_row.stored_bytes(found)

    async def update_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: dict[str, int] | None = None,
        status: Status | None = None,
        snapshot: Snapshot | None = None,
        announcement: Announcement | None = None,
        reminder: ReminderPlan | None = None,
    ) -> GameRecord:
        async with self._tx() as conn:
            await self._check_version(conn, game_id, expected_version)
            await self._bump(conn, game_id, expected_version, seats, status)
            if snapshot is not None:
                await self._put_snapshot(conn, game_id, snapshot)
            game = await self._fetch_game(conn, game_id)
            if announcement is not None:
                await self._put_announcement(conn, game, announcement)
            if reminder is not None and game.status == "active":
                await self._put_reminder(conn, game, reminder)
            return game

    async def append_actions(
        self,
        game_id: int,
        expected_version: int,
        actions: Sequence[NewAction],
        *,
        snapshot: Snapshot | None = None,
        status: Status | None = None,
        announcement: Announcement | None = None,
        reminder: ReminderPlan | None = None,
        result: GameResult | None = None,
        log: LogLines | None = None,
    ) -> GameRecord:
        async with self._tx() as conn:
            game = await self._check_version(conn, game_id, expected_version)
            starting = game.status == "lobby" and status == "active"
            if game.status != "active" and not starting:
                raise StorageError(f"game {game_id} is {game.status}: no moves can be stored")
            seq = game.actions
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, action, faction, user_id) "
                "VALUES ($1, $2, $3, $4, $5)",
                [
                    (
                        game_id,
                        seq + i + 1,
                        json.dumps(a.action, sort_keys=True),
                        a.faction,
                        a.user_id,
                    )
                    for i, a in enumerate(actions)
                ],
            )
            await self._bump(conn, game_id, expected_version, None, status)
            if snapshot is not None:
                await self._put_snapshot(conn, game_id, snapshot)
            if log is not None:
                await self._put_log(conn, game_id, log)
            stored = await self._fetch_game(conn, game_id)
            if announcement is not None:
                await self._put_announcement(conn, stored, announcement)
            if reminder is not None and stored.status == "active":
                await self._put_reminder(conn, stored, reminder)
            if result is not None:
                await conn.executemany(
                    "INSERT INTO results (game_id, faction, user_id, place, score, finished_at) "
                    "VALUES ($1, $2, $3, $4, $5, $6)",
                    [
                        (game_id, r.faction, r.user_id, r.place, r.score, result.finished_at)
                        for r in result.seats
                    ],
                )
            return stored

    # --- export / import ---------------------------------------------------------------

    async def export_game(self, game_id: int) -> GameExport:
        return await export_game(self, game_id)

    async def import_game(
        self,
        channel_id: str,
        data: GameExport,
        *,
        snapshot: Snapshot | None = None,
        announcement: Announcement | None = None,
        deck: DeckFile | None = None,
        secret: str = "",
        log: LogLines | None = None,
    ) -> GameRecord:
        options: dict[str, Any] = {"timurs_shadow": data.options.timurs_shadow}
        if data.options.deck is not None:
            if deck is None or deck.text != data.options.deck:
                raise StorageError("an imported deck file must be passed as `deck`")
            options["deck_hash"] = deck.hash
        try:
            async with self._tx() as conn:
                await self._put_deck(conn, deck)
                game_id = int(
                    await conn.fetchval(
                        "INSERT INTO games (channel_id, seed, options, seats, status, creator, "
                        "secret, dealt_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
                        "RETURNING id",
                        channel_id,
                        data.seed or 0,
                        json.dumps(options, sort_keys=True),
                        json.dumps(data.seats, sort_keys=True),
                        data.status,
                        data.creator,
                        secret,
                        len(data.actions) if secret else 0,
                    )
                )
                await conn.executemany(
                    "INSERT INTO actions (game_id, seq, action, faction, user_id) "
                    "VALUES ($1, $2, $3, $4, $5)",
                    [
                        (game_id, i + 1, json.dumps(a.action, sort_keys=True), a.faction, a.user_id)
                        for i, a in enumerate(data.actions)
                    ],
                )
                if snapshot is not None:
                    await self._put_snapshot(conn, game_id, snapshot)
                if log is not None:
                    await self._put_log(conn, game_id, log)
                game = await self._fetch_game(conn, game_id)
                if announcement is not None:
                    await self._put_announcement(conn, game, announcement)
                return game
        except asyncpg.UniqueViolationError as e:
            raise GameExists(channel_id) from e

    # --- the outbox --------------------------------------------------------------------

    async def _put_announcement(
        self, conn: asyncpg.Connection, game: GameRecord, a: Announcement
    ) -> None:
        await conn.execute(
            "INSERT INTO outbox (game_id, version, channel_id, text, mentions, board, edit, "
            "close_text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
            "ON CONFLICT (game_id, version) DO UPDATE SET "
            "channel_id = excluded.channel_id, text = excluded.text, "
            "mentions = excluded.mentions, board = excluded.board, edit = excluded.edit, "
            "close_text = excluded.close_text, attempts = 0, "
            "next_attempt_at = clock_timestamp(), created_at = clock_timestamp(), "
            "claimed_until = NULL",
            game.id,
            game.version,
            game.channel_id,
            a.text,
            json.dumps(a.mentions),
            a.board,
            a.edit,
            a.close_text,
        )
        if a.body is None:
            return
        if a.edit:
            await conn.execute(
                "UPDATE turn_messages SET body = $1 WHERE game_id = $2", a.body, game.id
            )
        else:  # a new turn; the previous message's id stays until the new one is posted
            await conn.execute(
                "INSERT INTO turn_messages (game_id, turn_version, body) VALUES ($1, $2, $3) "
                "ON CONFLICT (game_id) DO UPDATE SET turn_version = excluded.turn_version, "
                "body = excluded.body",
                game.id,
                game.version,
                a.body,
            )

    async def announce(self, game_id: int, version: int, announcement: Announcement) -> None:
        async with self._tx() as conn:
            game = await self._fetch_game(conn, game_id)
            await self._put_announcement(
                conn, game.model_copy(update={"version": version}), announcement
            )

    async def owed_announcements(
        self,
        limit: int = 20,
        grace: float = 0.0,
        *,
        ignore_backoff: bool = False,
        lease: float = OUTBOX_LEASE,
    ) -> list[OwedAnnouncement]:
        """SKIP LOCKED: rows another process is claiming right now are passed over, not
        waited for; the lease keeps them from being claimed again once it has committed."""
        async with self._tx() as conn:
            rows = await conn.fetch(
                "WITH due AS (SELECT game_id, version FROM outbox "
                "WHERE (next_attempt_at <= clock_timestamp() OR $1) "
                "AND (claimed_until IS NULL OR claimed_until <= clock_timestamp()) "
                "AND (attempts > 0 OR created_at <= clock_timestamp() - make_interval(secs => $2)) "
                "ORDER BY created_at, game_id, version LIMIT $3 FOR UPDATE SKIP LOCKED) "
                "UPDATE outbox o SET claimed_until = clock_timestamp() + make_interval(secs => $4) "
                "FROM due WHERE o.game_id = due.game_id AND o.version = due.version "
                f"RETURNING {_OWED_COLUMNS}",
                ignore_backoff,
                max(0.0, grace),
                limit,
                max(0.0, lease),
            )
        rows = sorted(rows, key=lambda r: (r["created"], r[0], r[1]))
        return [from_row.owed(r) for r in rows]

    async def announcement_delivered(self, game_id: int, version: int) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "DELETE FROM outbox WHERE game_id = $1 AND version = $2", game_id, version
            )

    async def announcement_failed(
        self, game_id: int, version: int, retry_in: float, text: str | None = None
    ) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE outbox SET attempts = attempts + 1, "
                "next_attempt_at = clock_timestamp() + make_interval(secs => $1), "
                "text = COALESCE($2, text), claimed_until = NULL "
                "WHERE game_id = $3 AND version = $4",
                max(0.0, retry_in),
                text,
                game_id,
                version,
            )

    # --- the turn message (migration 005) ---------------------------------------------------

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        async with self._pool.acquire() as conn:
            row = await conn.fetchrow(
                "SELECT turn_version, body, message_id, message_version FROM turn_messages "
                "WHERE game_id = $1",
                game_id,
            )
        return None if row is None else from_row.turn_message(row)

    async def turn_message_posted(self, game_id: int, version: int, message_id: int) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE turn_messages SET message_id = $1, message_version = $2 WHERE game_id = $3",
                str(message_id),
                version,
                game_id,
            )

    # --- reminders (migration 007) ---------------------------------------------------------

    async def _put_reminder(
        self, conn: asyncpg.Connection, game: GameRecord, plan: ReminderPlan
    ) -> None:
        if plan.user_id is None:
            await conn.execute("DELETE FROM jobs WHERE game_id = $1", game.id)
            return
        await conn.execute(
            "INSERT INTO jobs (game_id, version, user_id, stage, since, due_at, claimed_until) "
            "VALUES ($1, $2, $3, 0, $4, $5, 0) ON CONFLICT (game_id) DO UPDATE SET "
            "version = excluded.version, user_id = excluded.user_id, stage = 0, "
            "since = excluded.since, due_at = excluded.due_at, claimed_until = 0",
            game.id,
            game.version,
            plan.user_id,
            plan.since,
            plan.due_at,
        )

    async def pace(self, game_id: int) -> Pace | None:
        row = await self._pool.fetchrow(
            "SELECT seconds, deadline, ai_seconds FROM paces WHERE game_id = $1", game_id
        )
        return None if row is None else Pace(seconds=row[0], deadline=row[1], ai_seconds=row[2])

    async def set_pace(self, game_id: int, pace: Pace, due_at: float | None = None) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO paces (game_id, seconds, deadline, ai_seconds) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (game_id) DO UPDATE SET seconds = excluded.seconds, "
                "deadline = excluded.deadline, ai_seconds = excluded.ai_seconds",
                game_id,
                pace.seconds,
                pace.deadline,
                pace.ai_seconds,
            )
            if due_at is not None:
                await conn.execute(
                    "UPDATE jobs SET due_at = $1, claimed_until = 0 WHERE game_id = $2",
                    due_at,
                    game_id,
                )

    async def reminder(self, game_id: int) -> Reminder | None:
        row = await self._pool.fetchrow(
            "SELECT j.game_id, g.channel_id, j.version, j.user_id, j.stage, j.since, j.due_at "
            "FROM jobs j JOIN games g ON g.id = j.game_id WHERE j.game_id = $1",
            game_id,
        )
        return None if row is None else from_row.reminder(row)

    async def due_reminders(
        self, now: float, limit: int = 20, *, lease: float = OUTBOX_LEASE, ai_only: bool = False
    ) -> list[Reminder]:
        """SKIP LOCKED plus the lease, as the outbox."""
        ai = " AND user_id < 0" if ai_only else ""
        async with self._tx() as conn:
            rows = await conn.fetch(
                "WITH due AS (SELECT game_id FROM jobs WHERE due_at <= $1 AND claimed_until <= $1"
                f"{ai} ORDER BY due_at, game_id LIMIT $2 FOR UPDATE SKIP LOCKED) "
                "UPDATE jobs j SET claimed_until = $3 FROM due, games g "
                "WHERE j.game_id = due.game_id AND g.id = j.game_id "
                "RETURNING j.game_id, g.channel_id, j.version, j.user_id, j.stage, j.since, "
                "j.due_at",
                now,
                limit,
                now + max(0.0, lease),
            )
        return sorted((from_row.reminder(r) for r in rows), key=lambda r: (r.due_at, r.game_id))

    async def reminder_sent(
        self, game_id: int, version: int, stage: int, next_due: float | None
    ) -> None:
        async with self._tx() as conn:
            if next_due is None:
                await conn.execute(
                    "DELETE FROM jobs WHERE game_id = $1 AND version = $2 AND stage = $3",
                    game_id,
                    version,
                    stage,
                )
            else:
                await conn.execute(
                    "UPDATE jobs SET stage = stage + 1, due_at = $1, claimed_until = 0 "
                    "WHERE game_id = $2 AND version = $3 AND stage = $4",
                    next_due,
                    game_id,
                    version,
                    stage,
                )

    async def reminder_later(self, game_id: int, version: int, due_at: float) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE jobs SET due_at = $1, claimed_until = 0 WHERE game_id = $2 AND version = $3",
                due_at,
                game_id,
                version,
            )

    # --- players' preferences (migration 008) ----------------------------------------------

    async def user_prefs(self, user_id: int) -> UserPrefs:
        row = await self._pool.fetchrow(
            "SELECT time_zone, quiet_from, quiet_to, direct_messages FROM user_prefs "
            "WHERE user_id = $1",
            user_id,
        )
        return from_row.user_prefs(user_id, row)

    async def put_user_prefs(self, prefs: UserPrefs) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO user_prefs (user_id, time_zone, quiet_from, quiet_to, "
                "direct_messages) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE "
                "SET time_zone = excluded.time_zone, quiet_from = excluded.quiet_from, "
                "quiet_to = excluded.quiet_to, direct_messages = excluded.direct_messages",
                prefs.user_id,
                prefs.time_zone,
                prefs.quiet_from,
                prefs.quiet_to,
                prefs.direct_messages,
            )

    # --- records of finished games (migration 008) -----------------------------------------

    async def results(
        self,
        *,
        channel_id: str | None = None,
        user_id: int | None = None,
        limit: int = 20,
        newest_first: bool = True,
    ) -> list[GameResult]:
        order = "DESC" if newest_first else "ASC"
        where: list[str] = ["TRUE"]
        args: list[Any] = []
        if channel_id is not None:
            args.append(channel_id)
            where.append(f"g.channel_id = ${len(args)}")
        if user_id is not None:
            args.append(user_id)
            where.append(f"r.game_id IN (SELECT game_id FROM results WHERE user_id = ${len(args)})")
        args.append(limit)
        rows = await self._pool.fetch(
            "SELECT r.game_id, g.channel_id, r.finished_at, r.faction, r.user_id, r.place, "
            "r.score FROM results r JOIN games g ON g.id = r.game_id WHERE r.game_id IN "
            "(SELECT r.game_id FROM results r JOIN games g ON g.id = r.game_id "
            f"WHERE {' AND '.join(where)} GROUP BY r.game_id "
            f"ORDER BY MAX(r.finished_at) {order}, r.game_id {order} LIMIT ${len(args)}) "
            f"ORDER BY r.finished_at {order}, r.game_id {order}, r.place",
            *args,
        )
        return group_results([tuple(r) for r in rows])
