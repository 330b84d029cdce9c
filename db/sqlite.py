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
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from .errors import GameExists, GameNotFound, StaleAction, StorageError
from .models import (
    ExportedAction,
    ExportedFairness,
    GameExport,
    GameRecord,
    GameSecret,
    NewAction,
    Snapshot,
    Status,
    StoredAction,
)
from .store import OPEN_STATUSES

_GAME_COLUMNS = (
    "id, channel_id, seed, options, seats, status, version, creator, created_at, updated_at, "
    "(SELECT COALESCE(MAX(seq), 0) FROM actions a WHERE a.game_id = games.id)"
)
_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"


def migrations() -> list[tuple[int, str]]:
    """The numbered migrations shipped as package data: (number, SQL), in order."""
    out: list[tuple[int, str]] = []
    for entry in resources.files("db").joinpath("migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            out.append((int(name[:3]), entry.read_text(encoding="utf-8")))
    out.sort()
    numbers = [n for n, _ in out]
    if numbers != list(range(1, len(out) + 1)):
        raise StorageError(f"migrations must be numbered 001, 002, ... without gaps: {numbers}")
    return out


def _row_to_game(row: sqlite3.Row | tuple[Any, ...]) -> GameRecord:
    return GameRecord(
        id=row[0],
        channel_id=row[1],
        seed=row[2],
        options=json.loads(row[3]),
        seats=json.loads(row[4]),
        status=row[5],
        version=row[6],
        creator=row[7],
        created_at=row[8],
        updated_at=row[9],
        actions=row[10],
    )


@dataclass
class _Append:
    game_id: int
    expected_version: int
    actions: list[NewAction]
    snapshot: Snapshot | None
    status: Status | None
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
        return _row_to_game(tuple(row))

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
        return None if row is None else _row_to_game(tuple(row))

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        async with (
            self._lock,
            self._conn.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (channel_id,),
            ) as c,
        ):
            row = await c.fetchone()
        return None if row is None else _row_to_game(tuple(row))

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
        return [
            StoredAction(
                seq=r[0], action=json.loads(r[1]), faction=r[2], user_id=r[3], created_at=r[4]
            )
            for r in rows
        ]

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

    async def create_game(
        self,
        channel_id: str,
        seed: int,
        options: dict[str, Any],
        creator: int,
        *,
        secret: str = "",
    ) -> GameRecord:
        try:
            async with self._tx() as conn:
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

    async def update_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: dict[str, int] | None = None,
        status: Status | None = None,
        snapshot: Snapshot | None = None,
    ) -> GameRecord:
        async with self._tx() as conn:
            await self._check_version(conn, game_id, expected_version)
            await self._bump(conn, game_id, expected_version, seats, status)
            if snapshot is not None:
                await self._put_snapshot(conn, game_id, snapshot)
            return await self._fetch_game(conn, game_id)

    async def _put_snapshot(
        self, conn: aiosqlite.Connection, game_id: int, snapshot: Snapshot
    ) -> None:
        await conn.execute(
            "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
            (game_id, snapshot.seq, snapshot.state),
        )

    async def append_actions(
        self,
        game_id: int,
        expected_version: int,
        actions: Sequence[NewAction],
        *,
        snapshot: Snapshot | None = None,
        status: Status | None = None,
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
        return game.model_copy(
            update={
                "version": game.version + 1,
                "actions": seq + len(req.actions),
                "status": req.status or game.status,
            }
        )

    # --- export / import ---------------------------------------------------------------

    async def export_game(self, game_id: int) -> GameExport:
        game = await self.get_game(game_id)
        acts = await self.actions(game_id)
        secret = await self.secret(game_id)
        fairness = (
            ExportedFairness(game_id=game_id, secret=secret.secret, dealt_from=secret.dealt_from)
            if secret.secret and game.status == "finished"
            else None
        )
        return GameExport(
            format_version=2 if secret.secret else 1,
            seed=None if secret.secret else game.seed,  # only games before chance entries
            fairness=fairness,
            options=game.options,
            seats=game.seats,
            status=game.status,
            creator=game.creator,
            actions=[
                ExportedAction(action=a.action, faction=a.faction, user_id=a.user_id) for a in acts
            ],
        )

    async def import_game(
        self,
        channel_id: str,
        data: GameExport,
        *,
        snapshot: Snapshot | None = None,
        secret: str = "",
    ) -> GameRecord:
        try:
            async with self._tx() as conn:
                cur = await conn.execute(
                    "INSERT INTO games (channel_id, seed, options, seats, status, creator, "
                    "secret, dealt_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        channel_id,
                        data.seed or 0,
                        json.dumps(data.options, sort_keys=True),
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
                return await self._fetch_game(conn, game_id)
        except sqlite3.IntegrityError as e:
            if "games_one_open_per_channel" in str(e) or "UNIQUE" in str(e):
                raise GameExists(channel_id) from e
            raise


async def open_store(path: str | Path) -> SQLiteStore:
    return await SQLiteStore.open(path)
