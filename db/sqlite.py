"""The SQLite store: aiosqlite, WAL, synchronous=FULL, foreign keys on, numbered migrations.

One connection per store; an asyncio lock serialises transactions on it. Writes use
BEGIN IMMEDIATE, so a second process writing the same file waits (busy_timeout) and then sees
the version the first one wrote: it gets StaleAction, never a silent overwrite.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

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

_GAME_COLUMNS = (
    "id, channel_id, seed, options, seats, status, version, creator, created_at, updated_at, "
    "(SELECT COALESCE(MAX(seq), 0) FROM actions a WHERE a.game_id = games.id)"
)
_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"


@dataclass
class _Append:
    game_id: int
    expected_version: int
    actions: list[NewAction]
    snapshot: Snapshot | None
    status: Status | None
    announcement: Announcement | None
    reminder: ReminderPlan | None
    result: GameResult | None
    log: LogLines | None
    future: asyncio.Future[GameRecord]


class SQLiteStore:
    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._queue: list[_Append] = []
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
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction (BEGIN IMMEDIATE ... COMMIT, ROLLBACK on any error)."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def _fetch_game(self, conn: aiosqlite.Connection, game_id: int) -> GameRecord:
        async with conn.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as c:
            row = await c.fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return from_row.game(row)

    # --- reads -------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._lock:
            return await self._fetch_game(self._conn, game_id)

    async def open_game(self, channel_id: str) -> GameRecord | None:
        async with (
            self._lock,
            self._conn.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN (?, ?)",
                (channel_id, *OPEN_STATUSES),
            ) as c,
        ):
            row = await c.fetchone()
        return None if row is None else from_row.game(row)

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        async with (
            self._lock,
            self._conn.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (channel_id,),
            ) as c,
        ):
            row = await c.fetchone()
        return None if row is None else from_row.game(row)

    async def actions(self, game_id: int, after: int = 0) -> list[StoredAction]:
        async with (
            self._lock,
            self._conn.execute(
                "SELECT seq, action, faction, user_id, created_at FROM actions "
                "WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after),
            ) as c,
        ):
            rows = await c.fetchall()
        return [from_row.stored_action(r) for r in rows]

    async def latest_snapshot(self, game_id: int, at_most: int | None = None) -> Snapshot | None:
        limit = at_most if at_most is not None else 2**62
        async with (
            self._lock,
            self._conn.execute(
                "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? "
                "ORDER BY seq DESC LIMIT 1",
                (game_id, limit),
            ) as c,
        ):
            row = await c.fetchone()
        return None if row is None else Snapshot(seq=row[0], state=row[1])

    async def secret(self, game_id: int) -> GameSecret:
        async with (
            self._lock,
            self._conn.execute(
                "SELECT secret, dealt_from FROM games WHERE id = ?", (game_id,)
            ) as c,
        ):
            row = await c.fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return GameSecret(secret=row[0], dealt_from=row[1])

    # --- writes ------------------------------------------------------------------------

    async def deck_text(self, deck_hash: str) -> str | None:
        async with (
            self._lock,
            self._conn.execute("SELECT text FROM decks WHERE hash = ?", (deck_hash,)) as c,
        ):
            row = await c.fetchone()
        return None if row is None else str(row[0])

    async def _put_deck(self, conn: aiosqlite.Connection, deck: DeckFile | None) -> None:
        if deck is not None:
            await conn.execute(
                "INSERT OR IGNORE INTO decks (hash, text) VALUES (?, ?)", (deck.hash, deck.text)
            )

    async def server_settings(self, guild_id: str) -> ServerSettings:
        async with (
            self._lock,
            self._conn.execute(
                "SELECT organisers, role_id FROM server_settings WHERE guild_id = ?", (guild_id,)
            ) as c,
        ):
            row = await c.fetchone()
        if row is None:
            return ServerSettings(guild_id=guild_id)
        return ServerSettings(guild_id=guild_id, organisers=row[0], role_id=row[1])

    async def put_server_settings(self, settings: ServerSettings) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO server_settings (guild_id, organisers, role_id) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET organisers = excluded.organisers, "
                f"role_id = excluded.role_id, updated_at = {_NOW}",
                (settings.guild_id, settings.organisers, settings.role_id),
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
                cur = await conn.execute(
                    "INSERT INTO games (channel_id, seed, options, creator, secret) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (channel_id, seed, json.dumps(options, sort_keys=True), creator, secret),
                )
                game_id = cur.lastrowid
                assert game_id is not None
                return await self._fetch_game(conn, game_id)
        except sqlite3.IntegrityError as e:
            raise GameExists(channel_id) from e

    async def _check_version(
        self, conn: aiosqlite.Connection, game_id: int, expected: int
    ) -> GameRecord:
        game = await self._fetch_game(conn, game_id)
        if game.version != expected:
            raise StaleAction(game_id, expected, game.version)
        return game

    async def _bump(
        self,
        conn: aiosqlite.Connection,
        game_id: int,
        expected: int,
        seats: dict[str, int] | None,
        status: Status | None,
    ) -> None:
        sets = ["version = version + 1", f"updated_at = {_NOW}"]
        args: list[Any] = []
        if seats is not None:
            sets.append("seats = ?")
            args.append(json.dumps(seats, sort_keys=True))
        if status is not None:
            sets.append("status = ?")
            args.append(status)
        cur = await conn.execute(
            f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
            (*args, game_id, expected),
        )
        if cur.rowcount != 1:  # cannot happen under BEGIN IMMEDIATE; belt and braces
            raise StaleAction(game_id, expected, -1)
        if status in ENDED_STATUSES:  # nobody is waited for any more
            await conn.execute("DELETE FROM jobs WHERE game_id = ?", (game_id,))

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

    async def _put_snapshot(
        self, conn: aiosqlite.Connection, game_id: int, snapshot: Snapshot
    ) -> None:
        await conn.execute(
            "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
            (game_id, snapshot.seq, snapshot.state),
        )

    async def _put_log(self, conn: aiosqlite.Connection, game_id: int, log: LogLines) -> None:
        await conn.execute(
            "DELETE FROM log_lines WHERE game_id = ? AND n >= ?", (game_id, log.start)
        )
        await conn.executemany(
            "INSERT INTO log_lines (game_id, n, line) VALUES (?, ?, ?)",
            [(game_id, log.start + i, line) for i, line in enumerate(log.lines)],
        )

    async def log_lines(self, game_id: int, start: int = 0, end: int | None = None) -> list[str]:
        async with (
            self._lock,
            self._conn.execute(
                "SELECT line FROM log_lines WHERE game_id = ? AND n >= ? AND n < ? ORDER BY n",
                (game_id, start, 2**62 if end is None else end),
            ) as c,
        ):
            return [r[0] for r in await c.fetchall()]

    async def log_length(self, game_id: int) -> int:
        async with (
            self._lock,
            self._conn.execute("SELECT COUNT(*) FROM log_lines WHERE game_id = ?", (game_id,)) as c,
        ):
            row = await c.fetchone()
        return int(row[0]) if row is not None else 0

    async def fill_log(self, game_id: int, expected_version: int, log: LogLines) -> bool:
        async with self._tx() as conn:
            if (await self._fetch_game(conn, game_id)).version != expected_version:
                return False
            await conn.executemany(
                "INSERT OR IGNORE INTO log_lines (game_id, n, line) VALUES (?, ?, ?)",
                [(game_id, log.start + i, line) for i, line in enumerate(log.lines)],
            )
        return True

    async def stored_bytes(self, game_id: int) -> int:
        found: list[from_row.Row] = []
        async with self._lock:
            for table, key in [("games", "id"), *((t, "game_id") for t in from_row.GAME_TABLES)]:
                async with self._conn.execute(
                    f"SELECT * FROM {table} WHERE {key} = ?", (game_id,)
                ) as c:
                    found += list(await c.fetchall())
        return from_row.stored_bytes(found)

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
        """Group commit: appends that arrive while a commit is being synced wait and are then
        written together in one transaction (each in its own savepoint, with its own version
        check), so one fsync serves many games. A caller is answered only after its COMMIT."""
        req = _Append(
            game_id,
            expected_version,
            list(actions),
            snapshot,
            status,
            announcement,
            reminder,
            result,
            log,
            asyncio.get_running_loop().create_future(),
        )
        self._queue.append(req)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        return await req.future

    async def _write_batches(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            results: list[GameRecord | BaseException] = []
            try:
                async with self._tx() as conn:
                    for req in batch:
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
                for req in batch:
                    if not req.future.done():
                        req.future.set_exception(e)
                continue
            for req, res in zip(batch, results, strict=True):
                if req.future.done():  # the caller was cancelled; the write stands
                    continue
                if isinstance(res, BaseException):
                    req.future.set_exception(res)
                else:
                    req.future.set_result(res)

    async def _append_one(self, conn: aiosqlite.Connection, req: _Append) -> GameRecord:
        game = await self._check_version(conn, req.game_id, req.expected_version)
        starting = game.status == "lobby" and req.status == "active"
        if game.status != "active" and not starting:
            raise StorageError(f"game {req.game_id} is {game.status}: no moves can be stored")
        seq = game.actions
        await conn.executemany(
            "INSERT INTO actions (game_id, seq, action, faction, user_id) VALUES (?, ?, ?, ?, ?)",
            [
                (
                    req.game_id,
                    seq + i + 1,
                    json.dumps(a.action, sort_keys=True),
                    a.faction,
                    a.user_id,
                )
                for i, a in enumerate(req.actions)
            ],
        )
        await self._bump(conn, req.game_id, req.expected_version, None, req.status)
        if req.snapshot is not None:
            await self._put_snapshot(conn, req.game_id, req.snapshot)
        if req.log is not None:
            await self._put_log(conn, req.game_id, req.log)
        stored = game.model_copy(
            update={
                "version": game.version + 1,
                "actions": seq + len(req.actions),
                "status": req.status or game.status,
            }
        )
        if req.announcement is not None:
            await self._put_announcement(conn, stored, req.announcement)
        if req.reminder is not None and stored.status == "active":
            await self._put_reminder(conn, stored, req.reminder)
        if req.result is not None:
            await conn.executemany(
                "INSERT INTO results (game_id, faction, user_id, place, score, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (req.game_id, r.faction, r.user_id, r.place, r.score, req.result.finished_at)
                    for r in req.result.seats
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
        """The game's options name the deck by its hash; its text goes to the decks table."""
        options: dict[str, Any] = {"timurs_shadow": data.options.timurs_shadow}
        if data.options.deck is not None:
            if deck is None or deck.text != data.options.deck:
                raise StorageError("an imported deck file must be passed as `deck`")
            options["deck_hash"] = deck.hash
        try:
            async with self._tx() as conn:
                await self._put_deck(conn, deck)
                cur = await conn.execute(
                    "INSERT INTO games (channel_id, seed, options, seats, status, creator, "
                    "secret, dealt_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        channel_id,
                        data.seed or 0,
                        json.dumps(options, sort_keys=True),
                        json.dumps(data.seats, sort_keys=True),
                        data.status,
                        data.creator,
                        secret,
                        len(data.actions) if secret else 0,
                    ),
                )
                game_id = cur.lastrowid
                assert game_id is not None
                await conn.executemany(
                    "INSERT INTO actions (game_id, seq, action, faction, user_id) "
                    "VALUES (?, ?, ?, ?, ?)",
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
        except sqlite3.IntegrityError as e:
            if "games_one_open_per_channel" in str(e) or "UNIQUE" in str(e):
                raise GameExists(channel_id) from e
            raise

    # --- the outbox --------------------------------------------------------------------

    async def _put_announcement(
        self, conn: aiosqlite.Connection, game: GameRecord, a: Announcement
    ) -> None:
        await conn.execute(
            "INSERT OR REPLACE INTO outbox (game_id, version, channel_id, text, mentions, board, "
            "edit, close_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.id,
                game.version,
                game.channel_id,
                a.text,
                json.dumps(a.mentions),
                a.board,
                a.edit,
                a.close_text,
            ),
        )
        if a.body is None:
            return
        if a.edit:
            await conn.execute(
                "UPDATE turn_messages SET body = ? WHERE game_id = ?", (a.body, game.id)
            )
        else:  # a new turn; the previous message's id stays until the new one is posted
            await conn.execute(
                "INSERT INTO turn_messages (game_id, turn_version, body) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET turn_version = excluded.turn_version, "
                "body = excluded.body",
                (game.id, game.version, a.body),
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
        """Claims them in the same write transaction (BEGIN IMMEDIATE: another process on the
        same file waits, then sees the claims)."""
        async with self._tx() as conn:
            async with conn.execute(
                "SELECT game_id, version, channel_id, text, mentions, board, attempts, "
                "created_at, edit, close_text FROM outbox "
                f"WHERE (next_attempt_at <= {_NOW} OR ?) AND claimed_until <= {_NOW} AND "
                "(attempts > 0 OR created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)) "
                "ORDER BY created_at, game_id, version LIMIT ?",
                (ignore_backoff, f"-{max(0.0, grace):.3f} seconds", limit),
            ) as c:
                rows = list(await c.fetchall())
            await conn.executemany(
                "UPDATE outbox SET claimed_until = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) "
                "WHERE game_id = ? AND version = ?",
                [(f"+{max(0.0, lease):.3f} seconds", r[0], r[1]) for r in rows],
            )
        return [from_row.owed(r) for r in rows]

    async def announcement_delivered(self, game_id: int, version: int) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "DELETE FROM outbox WHERE game_id = ? AND version = ?", (game_id, version)
            )

    async def announcement_failed(
        self, game_id: int, version: int, retry_in: float, text: str | None = None
    ) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = "
                "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?), text = COALESCE(?, text), "
                "claimed_until = '' "
                "WHERE game_id = ? AND version = ?",
                (f"+{max(0.0, retry_in):.3f} seconds", text, game_id, version),
            )

    # --- the turn message (migration 005) ---------------------------------------------------

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        async with (
            self._lock,
            self._conn.execute(
                "SELECT turn_version, body, message_id, message_version FROM turn_messages "
                "WHERE game_id = ?",
                (game_id,),
            ) as c,
        ):
            row = await c.fetchone()
        return None if row is None else from_row.turn_message(row)

    async def turn_message_posted(self, game_id: int, version: int, message_id: int) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE turn_messages SET message_id = ?, message_version = ? WHERE game_id = ?",
                (str(message_id), version, game_id),
            )

    # --- reminders (migration 007) ---------------------------------------------------------

    async def _put_reminder(
        self, conn: aiosqlite.Connection, game: GameRecord, plan: ReminderPlan
    ) -> None:
        if plan.user_id is None:
            await conn.execute("DELETE FROM jobs WHERE game_id = ?", (game.id,))
            return
        await conn.execute(
            "INSERT INTO jobs (game_id, version, user_id, stage, since, due_at, claimed_until) "
            "VALUES (?, ?, ?, 0, ?, ?, 0) ON CONFLICT (game_id) DO UPDATE SET "
            "version = excluded.version, user_id = excluded.user_id, stage = 0, "
            "since = excluded.since, due_at = excluded.due_at, claimed_until = 0",
            (game.id, game.version, plan.user_id, plan.since, plan.due_at),
        )

    async def pace(self, game_id: int) -> Pace | None:
        async with (
            self._lock,
            self._conn.execute(
                "SELECT seconds, deadline, ai_seconds FROM paces WHERE game_id = ?", (game_id,)
            ) as c,
        ):
            row = await c.fetchone()
        return None if row is None else Pace(seconds=row[0], deadline=row[1], ai_seconds=row[2])

    async def set_pace(self, game_id: int, pace: Pace, due_at: float | None = None) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO paces (game_id, seconds, deadline, ai_seconds) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET seconds = excluded.seconds, "
                "deadline = excluded.deadline, ai_seconds = excluded.ai_seconds",
                (game_id, pace.seconds, pace.deadline, pace.ai_seconds),
            )
            if due_at is not None:
                await conn.execute(
                    "UPDATE jobs SET due_at = ?, claimed_until = 0 WHERE game_id = ?",
                    (due_at, game_id),
                )

    _JOB_COLUMNS = (
        "j.game_id, g.channel_id, j.version, j.user_id, j.stage, j.since, j.due_at "
        "FROM jobs j JOIN games g ON g.id = j.game_id"
    )

    async def reminder(self, game_id: int) -> Reminder | None:
        async with (
            self._lock,
            self._conn.execute(f"SELECT {self._JOB_COLUMNS} WHERE j.game_id = ?", (game_id,)) as c,
        ):
            row = await c.fetchone()
        return None if row is None else from_row.reminder(tuple(row))

    async def due_reminders(
        self, now: float, limit: int = 20, *, lease: float = OUTBOX_LEASE, ai_only: bool = False
    ) -> list[Reminder]:
        """Claimed in the same write transaction (BEGIN IMMEDIATE), as the outbox."""
        ai = " AND j.user_id < 0" if ai_only else ""
        async with self._tx() as conn:
            async with conn.execute(
                f"SELECT {self._JOB_COLUMNS} WHERE j.due_at <= ? AND j.claimed_until <= ?{ai} "
                "ORDER BY j.due_at, j.game_id LIMIT ?",
                (now, now, limit),
            ) as c:
                rows = [tuple(r) for r in await c.fetchall()]
            await conn.executemany(
                "UPDATE jobs SET claimed_until = ? WHERE game_id = ?",
                [(now + max(0.0, lease), r[0]) for r in rows],
            )
        return [from_row.reminder(r) for r in rows]

    async def reminder_sent(
        self, game_id: int, version: int, stage: int, next_due: float | None
    ) -> None:
        async with self._tx() as conn:
            if next_due is None:
                await conn.execute(
                    "DELETE FROM jobs WHERE game_id = ? AND version = ? AND stage = ?",
                    (game_id, version, stage),
                )
            else:
                await conn.execute(
                    "UPDATE jobs SET stage = stage + 1, due_at = ?, claimed_until = 0 "
                    "WHERE game_id = ? AND version = ? AND stage = ?",
                    (next_due, game_id, version, stage),
                )

    async def reminder_later(self, game_id: int, version: int, due_at: float) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE jobs SET due_at = ?, claimed_until = 0 WHERE game_id = ? AND version = ?",
                (due_at, game_id, version),
            )

    # --- players' preferences (migration 008) ----------------------------------------------

    async def user_prefs(self, user_id: int) -> UserPrefs:
        async with (
            self._lock,
            self._conn.execute(
                "SELECT time_zone, quiet_from, quiet_to, direct_messages FROM user_prefs "
                "WHERE user_id = ?",
                (user_id,),
            ) as c,
        ):
            row = await c.fetchone()
        return from_row.user_prefs(user_id, row)

    async def put_user_prefs(self, prefs: UserPrefs) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO user_prefs (user_id, time_zone, quiet_from, quiet_to, "
                "direct_messages) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "time_zone = excluded.time_zone, quiet_from = excluded.quiet_from, "
                "quiet_to = excluded.quiet_to, direct_messages = excluded.direct_messages",
                (
                    prefs.user_id,
                    prefs.time_zone,
                    prefs.quiet_from,
                    prefs.quiet_to,
                    prefs.direct_messages,
                ),
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
        where: list[str] = ["1"]
        args: list[Any] = []
        if channel_id is not None:
            where.append("g.channel_id = ?")
            args.append(channel_id)
        if user_id is not None:
            where.append("r.game_id IN (SELECT game_id FROM results WHERE user_id = ?)")
            args.append(user_id)
        async with (
            self._lock,
            self._conn.execute(
                "SELECT r.game_id, g.channel_id, r.finished_at, r.faction, r.user_id, r.place, "
                "r.score FROM results r JOIN games g ON g.id = r.game_id WHERE r.game_id IN "
                f"(SELECT r.game_id FROM results r JOIN games g ON g.id = r.game_id "
                f"WHERE {' AND '.join(where)} GROUP BY r.game_id "
                f"ORDER BY MAX(r.finished_at) {order}, r.game_id {order} LIMIT ?) "
                f"ORDER BY r.finished_at {order}, r.game_id {order}, r.place",
                (*args, limit),
            ) as c,
        ):
            rows = [tuple(r) for r in await c.fetchall()]
        return group_results(rows)
