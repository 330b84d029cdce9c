"""The store's queries, written once for both backends over a small dialect layer.

`SQLStore` implements the `Store` contract in SQL that SQLite and PostgreSQL both read, with
`?` placeholders. A backend (db/sqlite.py, db/postgres.py) supplies what differs: a `Conn`
that runs a statement (PostgreSQL's numbers the placeholders `$1, $2, ...`), how a read and a
write transaction get their connection (or run a whole body where it lives), a `Dialect`
(the clock, timestamps read as text, row locks), which error is a duplicate, and the claims
of due work (PostgreSQL's SKIP LOCKED).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence, Set
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from . import rows as from_row
from .errors import GameExists, GameNotFound, StaleAction, StorageError
from .export import export_game
from .models import (
    Announcement,
    DeckFile,
    GameAtTurn,
    GameExport,
    GameRecord,
    GameResult,
    GameSecret,
    LogLines,
    NewAction,
    OwedAnnouncement,
    OwedDirect,
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
from .store import (
    ENDED_STATUSES,
    OPEN_STATUSES,
    OUTBOX_LEASE,
    SEAT_NOTE_CHARS,
    SEAT_NOTES_KEPT,
    NewGameAnnouncement,
)

Row = from_row.Row
T = TypeVar("T")
NO_END = 2**62  # an upper bound no seq or line number reaches
# A channel's open game, its statuses written out as the index of open games by channel has
# them (db/migrations/001_init.sql), so that every plan of the statement uses that index: with
# parameters there, PostgreSQL's generic plan of a prepared statement reads every game (its
# custom plans, made anew at each execution, do not), and SQLite finds the index only once it
# re-plans for the values bound.
OPEN_IN_CHANNEL = "channel_id = ? AND status IN ({})".format(
    ", ".join(f"'{status}'" for status in OPEN_STATUSES)
)
GAME_COLUMNS = 12  # a game's columns, as from_row.game reads them
PACE_COLUMNS = 6  # a pace's, as from_row.pace reads them


class Conn(Protocol):
    """One connection, inside a transaction or a read; statements use `?` placeholders."""

    async def execute(self, sql: str, *args: object) -> int:
        """Run a statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...

    async def fetch(self, sql: str, *args: object) -> list[Row]: ...

    async def fetchrow(self, sql: str, *args: object) -> Row | None: ...


@dataclass(frozen=True)
class Dialect:
    """The SQL fragments the backends spell differently."""

    now: str  # the current time, as a timestamp column stores it
    timestamp: str  # a timestamp column ({}) read as ISO 8601 text (UTC, milliseconds)
    later: str  # the current time plus a parameter's seconds ({} is the placeholder)
    for_update: str  # locks the rows a SELECT reads until the transaction ends
    unclaimed: str  # outbox.claimed_until of an entry nobody holds

    def ts(self, column: str) -> str:
        return self.timestamp.format(column)


@dataclass(frozen=True)
class Append:
    """One append_actions call (SQLite commits several in one transaction)."""

    game_id: int
    expected_version: int
    actions: list[NewAction]
    snapshot: Snapshot | None
    status: Status | None
    announcement: Announcement | None
    reminder: ReminderPlan | None
    result: GameResult | None
    log: LogLines | None
    seat_notes: Mapping[str, Sequence[str]] | None = None


class SQLStore(ABC):
    """Every method of the Store contract but the claims of due work, once for both
    backends. Every write is a body over `Conn` that `_writing` runs as one transaction (a
    backend may make several writes' bodies in one, each in a savepoint), every read one
    `_reading`: a body only runs statements, so that a backend may run it whole where its
    connection lives (SQLite: on the connection's thread, in one trip). A write's version
    check locks the game's row where the backend does not serialise whole writes
    (`Dialect.for_update`)."""

    dialect: Dialect

    def __init__(self) -> None:
        d = self.dialect
        self._game_columns = (
            "id, channel_id, seed, options, seats, status, version, creator, "
            f"{d.ts('created_at')}, {d.ts('updated_at')}, "
            "(SELECT COALESCE(MAX(seq), 0) FROM actions a WHERE a.game_id = games.id), kind"
        )
        self._select_game = f"SELECT {self._game_columns} FROM games"
        self._select_open = f"{self._select_game} WHERE {OPEN_IN_CHANNEL}"
        # a game with its pace and its turn message, in one statement (a round trip each on
        # PostgreSQL); each joined table's game_id says whether it has a row
        self._select_at_turn = (
            f"SELECT {self._game_columns}, p.game_id, {self._PACE_COLUMNS}, "
            f"t.game_id, {self._TURN_COLUMNS} FROM games "
            "LEFT JOIN paces p ON p.game_id = games.id "
            "LEFT JOIN turn_messages t ON t.game_id = games.id"
        )

    # --- what each backend supplies --------------------------------------------------------

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def _read(self) -> AbstractAsyncContextManager[Conn]:
        """A connection to read with."""

    @abstractmethod
    def _tx(self) -> AbstractAsyncContextManager[Conn]:
        """One write transaction (COMMIT, or ROLLBACK on any error)."""

    async def _reading(self, body: Callable[[Conn], Coroutine[Any, Any, T]]) -> T:
        """`body` on a connection to read with (SQLite: in one trip to a reader's thread)."""
        async with self._read() as conn:
            return await body(conn)

    async def _writing(self, body: Callable[[Conn], Coroutine[Any, Any, T]]) -> T:
        """`body` as one write transaction (SQLite: in one trip to the writer's thread)."""
        async with self._tx() as conn:
            return await body(conn)

    @abstractmethod
    def _is_duplicate(self, error: Exception) -> bool:
        """Whether the error is a unique constraint refusing a row."""

    @abstractmethod
    async def _claim_owed(
        self, conn: Conn, limit: int, grace: float, ignore_backoff: bool, lease: float
    ) -> list[Row]:
        """Claim the owed announcements due now (as owed_announcements says), in order;
        their columns as from_row.owed reads them."""

    @abstractmethod
    async def _claim_due(
        self, conn: Conn, now: float, limit: int, lease: float, ai: str
    ) -> list[Row]:
        """Claim the jobs due at `now` (`ai`: a condition on j.user_id or ''), in order of
        due time and game; their columns as from_row.reminder reads them."""

    @abstractmethod
    async def _claim_directs(self, conn: Conn, now: float, limit: int, lease: float) -> list[Row]:
        """Claim the owed direct messages due at `now`, in order of due time; their columns
        as from_row.owed_direct reads them (`DIRECT_COLUMNS`)."""

    # --- helpers ---------------------------------------------------------------------------

    async def _one(self, sql: str, *args: object) -> Row | None:
        """The first row one statement reads."""
        rows = await self._all(sql, *args)  # (the store's single-row reads are by key)
        return rows[0] if rows else None

    async def _all(self, sql: str, *args: object) -> list[Row]:
        """The rows one statement reads."""
        return await self._reading(lambda conn: conn.fetch(sql, *args))

    async def _fetch_game(self, conn: Conn, game_id: int) -> GameRecord:
        row = await conn.fetchrow(f"{self._select_game} WHERE id = ?", game_id)
        if row is None:
            raise GameNotFound(game_id)
        return from_row.game(row)

    async def _version_of(self, conn: Conn, game_id: int) -> GameRecord:
        """The game as it stands, its row locked until the transaction ends where the backend
        needs that for the per-game serialisation."""
        if self.dialect.for_update:
            locked = await conn.fetchrow(
                f"SELECT id FROM games WHERE id = ?{self.dialect.for_update}", game_id
            )
            if locked is None:
                raise GameNotFound(game_id)
        return await self._fetch_game(conn, game_id)

    async def _check_version(self, conn: Conn, game_id: int, expected: int) -> GameRecord:
        game = await self._version_of(conn, game_id)
        if game.version != expected:
            raise StaleAction(game_id, expected, game.version)
        return game

    # --- reads -----------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameRecord:
        return await self._reading(lambda conn: self._fetch_game(conn, game_id))

    async def open_game(self, channel_id: str) -> GameRecord | None:
        row = await self._one(self._select_open, channel_id)
        return None if row is None else from_row.game(row)

    async def open_game_at_turn(self, channel_id: str) -> GameAtTurn | None:
        # one statement: its own snapshot, no read transaction around it
        row = await self._one(f"{self._select_at_turn} WHERE {OPEN_IN_CHANNEL}", channel_id)
        return None if row is None else self._at_turn(row)

    async def game_at_turn(self, game_id: int) -> GameAtTurn:
        async def read(conn: Conn) -> GameAtTurn:
            row = await conn.fetchrow(f"{self._select_at_turn} WHERE games.id = ?", game_id)
            if row is None:
                raise GameNotFound(game_id)
            job = await conn.fetchrow(f"{self._SELECT_JOB} WHERE j.game_id = ?", game_id)
            return self._at_turn(row, None if job is None else from_row.reminder(job))

        return await self._reading(read)

    def _at_turn(self, row: Row, reminder: Reminder | None = None) -> GameAtTurn:
        """The game with its pace and turn message, from a row of `_select_at_turn`."""
        values = tuple(row)
        paced, turned = GAME_COLUMNS, GAME_COLUMNS + 1 + PACE_COLUMNS
        return GameAtTurn(
            game=from_row.game(values[:GAME_COLUMNS]),
            pace=None if values[paced] is None else from_row.pace(values[paced + 1 : turned]),
            turn_message=(
                None if values[turned] is None else from_row.turn_message(values[turned + 1 :])
            ),
            reminder=reminder,
        )

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        row = await self._one(
            f"{self._select_game} WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel_id
        )
        return None if row is None else from_row.game(row)

    async def actions(self, game_id: int, after: int = 0) -> list[StoredAction]:
        rows = await self._all(
            f"SELECT seq, action, faction, user_id, {self.dialect.ts('created_at')}, move "
            "FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            game_id,
            after,
        )
        return [from_row.stored_action(r) for r in rows]

    async def latest_snapshot(self, game_id: int, at_most: int | None = None) -> Snapshot | None:
        row = await self._one(
            "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? "
            "ORDER BY seq DESC LIMIT 1",
            game_id,
            NO_END if at_most is None else at_most,
        )
        return None if row is None else Snapshot(seq=row[0], state=row[1])

    async def secret(self, game_id: int) -> GameSecret:
        row = await self._one(
            "SELECT secret, dealt_from, commitment_names_game FROM games WHERE id = ?", game_id
        )
        if row is None:
            raise GameNotFound(game_id)
        return GameSecret(secret=row[0], dealt_from=row[1], commitment_names_game=bool(row[2]))

    async def deck_text(self, deck_hash: str) -> str | None:
        row = await self._one("SELECT text FROM decks WHERE hash = ?", deck_hash)
        return None if row is None else str(row[0])

    async def server_settings(self, guild_id: str) -> ServerSettings:
        row = await self._one(
            "SELECT organisers, role_id FROM server_settings WHERE guild_id = ?", guild_id
        )
        if row is None:
            return ServerSettings(guild_id=guild_id)
        return ServerSettings(guild_id=guild_id, organisers=row[0], role_id=row[1])

    async def log_lines(self, game_id: int, start: int = 0, end: int | None = None) -> list[str]:
        rows = await self._all(
            "SELECT line FROM log_lines WHERE game_id = ? AND n >= ? AND n < ? ORDER BY n",
            game_id,
            start,
            NO_END if end is None else end,
        )
        return [r[0] for r in rows]

    async def log_length(self, game_id: int) -> int:
        row = await self._one("SELECT COUNT(*) FROM log_lines WHERE game_id = ?", game_id)
        return 0 if row is None else int(row[0])

    async def stored_bytes(self, game_id: int) -> int:
        async def read(conn: Conn) -> list[Row]:
            found: list[Row] = []
            for table, key in [("games", "id"), *((t, "game_id") for t in from_row.GAME_TABLES)]:
                found += await conn.fetch(f"SELECT * FROM {table} WHERE {key} = ?", game_id)
            return found

        return from_row.stored_bytes(await self._reading(read))

    # --- writes ----------------------------------------------------------------------------

    async def _put_deck(self, conn: Conn, deck: DeckFile | None) -> None:
        if deck is not None:
            await conn.execute(
                "INSERT INTO decks (hash, text) VALUES (?, ?) ON CONFLICT DO NOTHING",
                deck.hash,
                deck.text,
            )

    async def put_server_settings(self, settings: ServerSettings) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO server_settings (guild_id, organisers, role_id) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET organisers = excluded.organisers, "
                f"role_id = excluded.role_id, updated_at = {self.dialect.now}",
                settings.guild_id,
                settings.organisers,
                settings.role_id,
            )

        await self._writing(write)

    async def create_game(
        self,
        channel_id: str,
        seed: int,
        options: dict[str, Any],
        creator: int,
        *,
        deck: DeckFile | None = None,
        secret: str = "",
        seats: dict[str, int] | None = None,
        announcement: NewGameAnnouncement | None = None,
        kind: str,
        files: Sequence[DeckFile] = (),
    ) -> GameRecord:
        async def write(conn: Conn) -> GameRecord:
            await self._put_deck(conn, deck)
            for f in files:
                await self._put_deck(conn, f)
            game_id = await self._insert_game(
                conn,
                channel_id=channel_id,
                seed=seed,
                options=json.dumps(options, sort_keys=True),
                seats=json.dumps(seats or {}, sort_keys=True),
                creator=creator,
                secret=secret,
                kind=kind,
            )
            game = await self._fetch_game(conn, game_id)
            if announcement is not None:
                await self._put_announcement(conn, game, announcement(game))
            return game

        return await self._new_game(channel_id, write)

    async def _new_game(
        self, channel_id: str, write: Callable[[Conn], Coroutine[Any, Any, GameRecord]]
    ) -> GameRecord:
        """The transaction that adds a game to the channel; GameExists when the channel has
        an open one."""
        try:
            return await self._writing(write)
        except Exception as e:
            if self._is_duplicate(e):
                raise GameExists(channel_id) from e
            raise

    async def _insert_game(self, conn: Conn, **values: object) -> int:
        """A new games row; its id."""
        marks = ", ".join("?" for _ in values)
        row = await conn.fetchrow(
            f"INSERT INTO games ({', '.join(values)}) VALUES ({marks}) RETURNING id",
            *values.values(),
        )
        if row is None:  # RETURNING always gives the row it inserted
            raise StorageError("the new game's id was not returned")
        return int(row[0])

    async def _bump(
        self,
        conn: Conn,
        game_id: int,
        expected: int,
        *,
        seats: dict[str, int] | None = None,
        status: Status | None = None,
        options: dict[str, Any] | None = None,
        moving: bool = False,
    ) -> GameRecord:
        """The game's next version with these changes, in one statement that also checks the
        version and locks the row until the transaction ends (each statement is a round trip
        on PostgreSQL). The game as it leaves it, its moves as they stand then. StaleAction or
        GameNotFound when the version is not `expected`; `moving` (an append): StorageError
        for a game that takes no moves, as it stands."""
        sets = ["version = version + 1", f"updated_at = {self.dialect.now}"]
        args: list[object] = []
        for column, value in (("seats", seats), ("options", options)):
            if value is not None:
                sets.append(f"{column} = ?")
                args.append(json.dumps(value, sort_keys=True))
        if status is not None:
            sets.append("status = ?")
            args.append(status)
        where = "id = ? AND version = ?"
        args += [game_id, expected]
        if moving:  # an active game, or the lobby its first move starts
            where += " AND status IN (?, ?)"
            args += ["active", "lobby" if status == "active" else "active"]
        row = await conn.fetchrow(
            f"UPDATE games SET {', '.join(sets)} WHERE {where} RETURNING {self._game_columns}",
            *args,
        )
        if row is None:  # why not, as the game stands: its version, or (moving) its status
            game = await self._check_version(conn, game_id, expected)
            raise StorageError(f"game {game_id} is {game.status}: no moves can be stored")
        if status in ENDED_STATUSES:  # nobody is waited for any more
            await conn.execute("DELETE FROM jobs WHERE game_id = ?", game_id)
        return from_row.game(row)

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
        options: dict[str, Any] | None = None,
    ) -> GameRecord:
        async def write(conn: Conn) -> GameRecord:
            game = await self._bump(
                conn, game_id, expected_version, seats=seats, status=status, options=options
            )
            if snapshot is not None:
                await self._put_snapshot(conn, game_id, snapshot)
            if announcement is not None:
                await self._put_announcement(conn, game, announcement)
            if reminder is not None and game.status == "active":
                await self._put_reminder(conn, game, reminder)
            return game

        return await self._writing(write)

    async def _put_snapshot(self, conn: Conn, game_id: int, snapshot: Snapshot) -> None:
        await _run(conn, snapshot_part(game_id, snapshot))

    async def _put_log(self, conn: Conn, game_id: int, log: LogLines) -> None:
        await conn.execute("DELETE FROM log_lines WHERE game_id = ? AND n >= ?", game_id, log.start)
        await conn.executemany(
            "INSERT INTO log_lines (game_id, n, line) VALUES (?, ?, ?)",
            [(game_id, log.start + i, line) for i, line in enumerate(log.lines)],
        )

    async def fill_log(self, game_id: int, expected_version: int, log: LogLines) -> bool:
        async def write(conn: Conn) -> bool:
            if (await self._version_of(conn, game_id)).version != expected_version:
                return False
            await conn.executemany(
                "INSERT INTO log_lines (game_id, n, line) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, n) DO NOTHING",
                [(game_id, log.start + i, line) for i, line in enumerate(log.lines)],
            )
            return True

        return await self._writing(write)

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
        seat_notes: Mapping[str, Sequence[str]] | None = None,
    ) -> GameRecord:
        return await self._append(
            Append(
                game_id,
                expected_version,
                list(actions),
                snapshot,
                status,
                announcement,
                reminder,
                result,
                log,
                seat_notes,
            )
        )

    async def _append(self, req: Append) -> GameRecord:
        """One append in its own transaction."""
        return await self._writing(lambda conn: self._append_one(conn, req))

    async def _append_one(self, conn: Conn, req: Append) -> GameRecord:
        game = await self._bump(
            conn, req.game_id, req.expected_version, status=req.status, moving=True
        )
        stored = game.model_copy(update={"actions": game.actions + len(req.actions)})
        await self._append_rows(conn, game, stored, req)
        return stored

    async def _append_rows(
        self, conn: Conn, game: GameRecord, stored: GameRecord, req: Append
    ) -> None:
        """An append's rows, after its version bump (`game` as the bump left it, `stored`
        with the new steps counted): its steps, snapshot, lines, announcement, reminder and
        result, a statement each."""
        await conn.executemany(
            "INSERT INTO actions (game_id, seq, action, faction, user_id, move) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (
                    req.game_id,
                    game.actions + i + 1,
                    json.dumps(a.action, sort_keys=True),
                    a.faction,
                    a.user_id,
                    game.actions + 1,  # one append is one order
                )
                for i, a in enumerate(req.actions)
            ],
        )
        if req.snapshot is not None:
            await self._put_snapshot(conn, req.game_id, req.snapshot)
        if req.log is not None:
            await self._put_log(conn, req.game_id, req.log)
        if req.announcement is not None:
            await self._put_announcement(conn, stored, req.announcement)
        if req.reminder is not None and stored.status == "active":
            await self._put_reminder(conn, stored, req.reminder)
        if req.result is not None:
            await self._put_result(conn, req.game_id, req.result)
        await self._put_all_seat_notes(conn, req, stored.version)

    async def _put_all_seat_notes(self, conn: Conn, req: Append, version: int) -> None:
        """The move's lines for each seat; a move that ends the game leaves none kept (no
        hand is looked at after the end)."""
        if req.status in ENDED_STATUSES:
            await conn.execute("DELETE FROM seat_notes WHERE game_id = ?", req.game_id)
            return
        for faction, lines in (req.seat_notes or {}).items():
            await self._put_seat_notes(conn, req.game_id, version, faction, lines)

    @staticmethod
    async def _put_seat_notes(
        conn: Conn, game_id: int, version: int, faction: str, lines: Sequence[str]
    ) -> None:
        """A seat's new lines after those it keeps, then only the latest SEAT_NOTES_KEPT; not
        yet sent to its player."""
        kept = [line[:SEAT_NOTE_CHARS] for line in lines if line][-SEAT_NOTES_KEPT:]
        if not kept:
            return
        row = await conn.fetchrow(
            "SELECT COALESCE(MAX(n), 0) FROM seat_notes WHERE game_id = ? AND faction = ?",
            game_id,
            faction,
        )
        last = int(row[0]) if row is not None else 0
        await conn.executemany(
            "INSERT INTO seat_notes (game_id, faction, n, line, version, sent) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (game_id, faction, last + i, line, version, False)
                for i, line in enumerate(kept, start=1)
            ],
        )
        await conn.execute(
            "DELETE FROM seat_notes WHERE game_id = ? AND faction = ? AND n <= ?",
            game_id,
            faction,
            last + len(kept) - SEAT_NOTES_KEPT,
        )

    async def _put_result(self, conn: Conn, game_id: int, result: GameResult) -> None:
        await conn.executemany(
            "INSERT INTO results (game_id, faction, user_id, place, score, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (game_id, r.faction, r.user_id, r.place, r.score, result.finished_at)
                for r in result.seats
            ],
        )

    async def adopt_secret(
        self,
        game_id: int,
        expected_version: int,
        *,
        secret: str,
        log: Sequence[NewAction],
        snapshot: Snapshot | None = None,
    ) -> GameRecord:
        async def write(conn: Conn) -> GameRecord:
            game = await self._check_version(conn, game_id, expected_version)
            if game.status not in OPEN_STATUSES:
                raise StorageError(f"game {game_id} is {game.status}: it deals nothing more")
            row = await conn.fetchrow("SELECT secret FROM games WHERE id = ?", game_id)
            if row is None or row[0]:
                raise StorageError(f"game {game_id} already has a secret")
            # the one rewrite of a log: the same steps, with the seed's outcomes written in
            await conn.execute("DELETE FROM actions WHERE game_id = ?", game_id)
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, action, faction, user_id, move) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        i,
                        json.dumps(a.action, sort_keys=True),
                        a.faction,
                        a.user_id,
                        a.move,
                    )
                    for i, a in enumerate(log, start=1)
                ],
            )
            await conn.execute("DELETE FROM snapshots WHERE game_id = ?", game_id)
            if snapshot is not None:
                await self._put_snapshot(conn, game_id, snapshot)
            await conn.execute(
                "UPDATE games SET secret = ?, dealt_from = ? WHERE id = ?",
                secret,
                len(log),
                game_id,
            )
            return await self._bump(conn, game_id, expected_version)

        return await self._writing(write)

    # --- export / import -------------------------------------------------------------------

    async def export_game(self, game_id: int) -> GameExport:
        return await export_game(self, game_id)

    async def import_game(
        self,
        channel_id: str,
        data: GameExport,
        *,
        snapshot: Snapshot | None = None,
        announcement: NewGameAnnouncement | None = None,
        reminder: ReminderPlan | None = None,
        files: Sequence[DeckFile] = (),
        options: dict[str, Any] | None = None,
        secret: str = "",
        log: LogLines | None = None,
    ) -> GameRecord:
        """`options`: as the game's record keeps them (its files named by their keys; the
        export's own when None); `files`: the texts of its component files."""

        async def write(conn: Conn) -> GameRecord:
            for f in files:
                await self._put_deck(conn, f)
            game_id = await self._insert_game(
                conn,
                channel_id=channel_id,
                seed=data.seed or 0,
                options=json.dumps(data.options if options is None else options, sort_keys=True),
                seats=json.dumps(data.seats, sort_keys=True),
                status=data.status,
                creator=data.creator,
                secret=secret,
                dealt_from=len(data.actions) if secret else 0,
                kind=data.game,
            )
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, action, faction, user_id, move) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        i + 1,
                        json.dumps(a.action, sort_keys=True),
                        a.faction,
                        a.user_id,
                        a.move,
                    )
                    for i, a in enumerate(data.actions)
                ],
            )
            if snapshot is not None:
                await self._put_snapshot(conn, game_id, snapshot)
            if log is not None:
                await self._put_log(conn, game_id, log)
            game = await self._fetch_game(conn, game_id)
            if announcement is not None:
                await self._put_announcement(conn, game, announcement(game))
            if reminder is not None and game.status == "active":
                await self._put_reminder(conn, game, reminder)
            return game

        return await self._new_game(channel_id, write)

    # --- the outbox ------------------------------------------------------------------------

    async def _put_announcement(self, conn: Conn, game: GameRecord, a: Announcement) -> None:
        """A new entry, or the entry of that version written afresh (a new first attempt)."""
        for part in announcement_parts(self.dialect, game, a):
            await _run(conn, part)

    async def owed_announcements(
        self,
        limit: int = 20,
        grace: float = 0.0,
        *,
        ignore_backoff: bool = False,
        lease: float = OUTBOX_LEASE,
    ) -> list[OwedAnnouncement]:
        """Claimed for `lease` seconds in the same transaction, so that another process
        passes them over (each backend claims its own way: `_claim_owed`)."""
        rows = await self._writing(
            lambda conn: self._claim_owed(conn, limit, max(0.0, grace), ignore_backoff, lease)
        )
        return [from_row.owed(r) for r in rows]

    async def announcement_delivered(self, game_id: int, version: int) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "DELETE FROM outbox WHERE game_id = ? AND version = ?", game_id, version
            )

        await self._writing(write)

    async def announcement_failed(
        self, game_id: int, version: int, retry_in: float, text: str | None = None
    ) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "UPDATE outbox SET attempts = attempts + 1, "
                f"next_attempt_at = {self.dialect.later.format('?')}, "
                f"text = COALESCE(?, text), claimed_until = {self.dialect.unclaimed} "
                "WHERE game_id = ? AND version = ?",
                max(0.0, retry_in),
                text,
                game_id,
                version,
            )

        await self._writing(write)

    # --- the turn message (migration 005) --------------------------------------------------

    _TURN_COLUMNS = "t.turn_version, t.body, t.message_id, t.message_version, t.newest_id"
    _SELECT_TURN = f"SELECT {_TURN_COLUMNS} FROM turn_messages t"

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        row = await self._one(f"{self._SELECT_TURN} WHERE game_id = ?", game_id)
        return None if row is None else from_row.turn_message(row)

    async def turn_message_posted(self, game_id: int, version: int, message_id: int) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "UPDATE turn_messages SET message_id = ?, message_version = ?, newest_id = ? "
                "WHERE game_id = ?",
                str(message_id),
                version,
                str(message_id),
                game_id,
            )

        await self._writing(write)

    async def newest_message_posted(self, game_id: int, message_id: int) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "UPDATE turn_messages SET newest_id = ? WHERE game_id = ?",
                str(message_id),
                game_id,
            )

        await self._writing(write)

    # --- reminders (migration 007) ---------------------------------------------------------

    async def _put_reminder(self, conn: Conn, game: GameRecord, plan: ReminderPlan) -> None:
        await _run(conn, reminder_part(game, plan))

    _PACE_COLUMNS = (
        "p.seconds, p.deadline, p.ai_seconds, p.proposed_seconds, p.proposed_deadline, p.agreed"
    )
    _SELECT_PACE = f"SELECT {_PACE_COLUMNS} FROM paces p"

    async def pace(self, game_id: int) -> Pace | None:
        row = await self._one(f"{self._SELECT_PACE} WHERE game_id = ?", game_id)
        return None if row is None else from_row.pace(row)

    async def set_pace(self, game_id: int, pace: Pace, due_at: float | None = None) -> None:
        p = pace.proposal

        async def write(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO paces (game_id, seconds, deadline, ai_seconds, proposed_seconds, "
                "proposed_deadline, agreed) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET seconds = excluded.seconds, "
                "deadline = excluded.deadline, ai_seconds = excluded.ai_seconds, "
                "proposed_seconds = excluded.proposed_seconds, "
                "proposed_deadline = excluded.proposed_deadline, agreed = excluded.agreed",
                game_id,
                pace.seconds,
                pace.deadline,
                pace.ai_seconds,
                None if p is None else p.seconds,
                None if p is None else p.deadline,
                None if p is None else json.dumps(list(p.agreed)),
            )
            if due_at is not None:
                await conn.execute(
                    "UPDATE jobs SET due_at = ?, claimed_until = 0 WHERE game_id = ?",
                    due_at,
                    game_id,
                )

        await self._writing(write)

    # the columns from_row.reminder reads, from the job and its game
    JOB_COLUMNS = "j.game_id, g.channel_id, j.version, j.user_id, j.stage, j.since, j.due_at"

    _SELECT_JOB = f"SELECT {JOB_COLUMNS} FROM jobs j JOIN games g ON g.id = j.game_id"

    async def reminder(self, game_id: int) -> Reminder | None:
        row = await self._one(f"{self._SELECT_JOB} WHERE j.game_id = ?", game_id)
        return None if row is None else from_row.reminder(row)

    async def due_reminders(
        self, now: float, limit: int = 20, *, lease: float = OUTBOX_LEASE, ai_only: bool = False
    ) -> list[Reminder]:
        """Claimed as the outbox's entries are (`_claim_due`)."""
        ai = " AND j.user_id < 0" if ai_only else ""
        rows = await self._writing(
            lambda conn: self._claim_due(conn, now, limit, now + max(0.0, lease), ai)
        )
        return [from_row.reminder(r) for r in rows]

    async def reminder_sent(
        self, game_id: int, version: int, stage: int, next_due: float | None
    ) -> None:
        async def write(conn: Conn) -> None:
            if next_due is None:
                await conn.execute(
                    "DELETE FROM jobs WHERE game_id = ? AND version = ? AND stage = ?",
                    game_id,
                    version,
                    stage,
                )
            else:
                await conn.execute(
                    "UPDATE jobs SET stage = stage + 1, due_at = ?, claimed_until = 0 "
                    "WHERE game_id = ? AND version = ? AND stage = ?",
                    next_due,
                    game_id,
                    version,
                    stage,
                )

        await self._writing(write)

    async def reminder_later(self, game_id: int, version: int, due_at: float) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "UPDATE jobs SET due_at = ?, claimed_until = 0 WHERE game_id = ? AND version = ?",
                due_at,
                game_id,
                version,
            )

        await self._writing(write)

    # --- direct messages Discord failed to deliver (migration 019) --------------------------

    # the columns from_row.owed_direct reads, of the table named `d`
    DIRECT_COLUMNS = "d.game_id, d.user_id, d.version, d.text, d.attempts, d.due_at"

    async def owe_direct(
        self, game_id: int, version: int, user_id: int, text: str, due_at: float
    ) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO owed_directs (game_id, user_id, version, text, due_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET "
                "version = excluded.version, text = excluded.text, attempts = 1, "
                "due_at = excluded.due_at, claimed_until = 0 "
                "WHERE owed_directs.version <= excluded.version",
                game_id,
                user_id,
                version,
                text,
                due_at,
            )

        await self._writing(write)

    async def due_directs(
        self, now: float, limit: int = 20, *, lease: float = OUTBOX_LEASE
    ) -> list[OwedDirect]:
        """Claimed as the reminders' jobs are (`_claim_directs`)."""
        rows = await self._writing(
            lambda conn: self._claim_directs(conn, now, limit, now + max(0.0, lease))
        )
        return [from_row.owed_direct(r) for r in rows]

    async def direct_later(self, game_id: int, version: int, user_id: int, due_at: float) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "UPDATE owed_directs SET attempts = attempts + 1, due_at = ?, claimed_until = 0 "
                "WHERE game_id = ? AND user_id = ? AND version = ?",
                due_at,
                game_id,
                user_id,
                version,
            )

        await self._writing(write)

    async def direct_done(self, game_id: int, version: int, user_id: int) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "DELETE FROM owed_directs WHERE game_id = ? AND user_id = ? AND version = ?",
                game_id,
                user_id,
                version,
            )

        await self._writing(write)

    # --- seat holds, channels' servers (migration 012) ---------------------------------------

    async def seat_holds(self, game_id: int) -> dict[str, int]:
        rows = await self._all("SELECT faction, user_id FROM seat_holds WHERE game_id = ?", game_id)
        return {str(r[0]): int(r[1]) for r in rows}

    async def put_seat_hold(self, game_id: int, faction: str, user_id: int | None) -> None:
        async def write(conn: Conn) -> None:
            if user_id is None:
                await conn.execute(
                    "DELETE FROM seat_holds WHERE game_id = ? AND faction = ?", game_id, faction
                )
                return
            await conn.execute(
                "INSERT INTO seat_holds (game_id, faction, user_id) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, faction) DO UPDATE SET user_id = excluded.user_id",
                game_id,
                faction,
                user_id,
            )

        await self._writing(write)

    async def put_channel_server(self, channel_id: str, guild_id: str) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO channel_servers (channel_id, guild_id) VALUES (?, ?) "
                "ON CONFLICT (channel_id) DO NOTHING",
                channel_id,
                guild_id,
            )

        await self._writing(write)

    async def unplaced_channels(self, limit: int = 100) -> list[str]:
        rows = await self._all(
            "SELECT g.channel_id FROM games g WHERE g.id IN (SELECT game_id FROM results) "
            "AND g.channel_id NOT IN (SELECT channel_id FROM channel_servers) "
            "GROUP BY g.channel_id ORDER BY MIN(g.id) LIMIT ?",
            limit,
        )
        return [str(r[0]) for r in rows]

    # --- players' preferences (migration 008) ----------------------------------------------

    async def user_prefs(self, user_id: int) -> UserPrefs:
        row = await self._one(
            "SELECT time_zone, quiet_from, quiet_to, direct_messages FROM user_prefs "
            "WHERE user_id = ?",
            user_id,
        )
        return from_row.user_prefs(user_id, row)

    async def put_user_prefs(self, prefs: UserPrefs) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO user_prefs (user_id, time_zone, quiet_from, quiet_to, "
                "direct_messages) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "time_zone = excluded.time_zone, quiet_from = excluded.quiet_from, "
                "quiet_to = excluded.quiet_to, direct_messages = excluded.direct_messages",
                prefs.user_id,
                prefs.time_zone,
                prefs.quiet_from,
                prefs.quiet_to,
                prefs.direct_messages,
            )

        await self._writing(write)

    # --- what a move showed one seat alone (migration 016) ---------------------------------

    async def seat_notes(self, game_id: int, faction: str) -> list[tuple[int, str]]:
        rows = await self._all(
            "SELECT n, line FROM seat_notes WHERE game_id = ? AND faction = ? ORDER BY n",
            game_id,
            faction,
        )
        return [(int(r[0]), str(r[1])) for r in rows]

    async def seat_notes_seen(self, game_id: int, faction: str, through: int) -> None:
        async def write(conn: Conn) -> None:
            await conn.execute(
                "DELETE FROM seat_notes WHERE game_id = ? AND faction = ? AND n <= ?",
                game_id,
                faction,
                through,
            )

        await self._writing(write)

    async def unsent_seat_notes(self, game_id: int, version: int) -> dict[str, list[str]]:
        rows = await self._all(
            "SELECT faction, line FROM seat_notes WHERE game_id = ? AND version = ? "
            "AND NOT sent ORDER BY faction, n",
            game_id,
            version,
        )
        out: dict[str, list[str]] = {}
        for r in rows:
            out.setdefault(str(r[0]), []).append(str(r[1]))
        return out

    async def seat_notes_sent(self, game_id: int, version: int) -> set[str]:
        async def write(conn: Conn) -> set[str]:
            rows = await conn.fetch(
                "UPDATE seat_notes SET sent = ? WHERE game_id = ? AND version = ? AND NOT sent "
                "RETURNING faction",
                True,
                game_id,
                version,
            )
            return {str(r[0]) for r in rows}

        return await self._writing(write)

    async def release_seat_notes(self, game_id: int, version: int, factions: Set[str]) -> None:
        async def write(conn: Conn) -> None:
            await conn.executemany(
                "UPDATE seat_notes SET sent = ? WHERE game_id = ? AND version = ? AND faction = ?",
                [(False, game_id, version, f) for f in sorted(factions)],
            )

        await self._writing(write)

    # --- records of finished games (migration 008) -----------------------------------------

    async def break_tie(self, game_id: int, winner: str, tied: Sequence[str]) -> None:
        async def write(conn: Conn) -> None:
            await conn.executemany(
                "UPDATE results SET place = 2 WHERE game_id = ? AND faction = ? AND place = 1",
                [(game_id, seat) for seat in tied if seat != winner],
            )

        await self._writing(write)

    async def results(
        self,
        *,
        channel_id: str | None = None,
        user_id: int | None = None,
        guild_id: str | None = None,
        kind: str | None = None,
        limit: int = 20,
        newest_first: bool = True,
    ) -> list[GameResult]:
        order = "DESC" if newest_first else "ASC"
        where: list[str] = ["1 = 1"]
        args: list[object] = []
        if channel_id is not None:
            where.append("g.channel_id = ?")
            args.append(channel_id)
        if user_id is not None:
            where.append("r.game_id IN (SELECT game_id FROM results WHERE user_id = ?)")
            args.append(user_id)
        if guild_id is not None:
            where.append(
                "g.channel_id IN (SELECT channel_id FROM channel_servers WHERE guild_id = ?)"
            )
            args.append(guild_id)
        if kind is not None:
            where.append("g.kind = ?")
            args.append(kind)
        rows = await self._all(
            "SELECT r.game_id, g.channel_id, r.finished_at, r.faction, r.user_id, r.place, "
            "r.score, g.kind FROM results r JOIN games g ON g.id = r.game_id WHERE r.game_id IN "
            "(SELECT r.game_id FROM results r JOIN games g ON g.id = r.game_id "
            f"WHERE {' AND '.join(where)} GROUP BY r.game_id "
            f"ORDER BY MAX(r.finished_at) {order}, r.game_id {order} LIMIT ?) "
            f"ORDER BY r.finished_at {order}, r.game_id {order}, r.place",
            *args,
            limit,
        )
        return group_results([tuple(r) for r in rows])


# --- a write's statements, each with its parameters (PostgreSQL joins a move's in one) ------

Part = tuple[str, list[object]]


async def _run(conn: Conn, part: Part) -> None:
    await conn.execute(part[0], *part[1])


def snapshot_part(game_id: int, snapshot: Snapshot) -> Part:
    return (
        "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state",
        [game_id, snapshot.seq, snapshot.state],
    )


def announcement_parts(d: Dialect, game: GameRecord, a: Announcement) -> list[Part]:
    """The outbox's entry of the game's version (a new first attempt), and the turn
    message's body: edited, or a new turn's (the previous message's id stays until the new
    one is posted)."""
    parts: list[Part] = [
        (
            "INSERT INTO outbox (game_id, version, channel_id, text, mentions, board, edit, "
            "close_text, deciding) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, version) DO UPDATE SET "
            "channel_id = excluded.channel_id, text = excluded.text, "
            "mentions = excluded.mentions, board = excluded.board, edit = excluded.edit, "
            "deciding = excluded.deciding, "
            f"close_text = excluded.close_text, attempts = 0, next_attempt_at = {d.now}, "
            f"created_at = {d.now}, claimed_until = {d.unclaimed}",
            [
                game.id,
                game.version,
                game.channel_id,
                a.text,
                json.dumps(a.mentions),
                a.board,
                a.edit,
                a.close_text,
                json.dumps(a.deciding),
            ],
        )
    ]
    if a.body is not None and a.edit:
        parts.append(("UPDATE turn_messages SET body = ? WHERE game_id = ?", [a.body, game.id]))
    elif a.body is not None:
        parts.append(
            (
                "INSERT INTO turn_messages (game_id, turn_version, body) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET turn_version = excluded.turn_version, "
                "body = excluded.body",
                [game.id, game.version, a.body],
            )
        )
    return parts


def reminder_part(game: GameRecord, plan: ReminderPlan) -> Part:
    """The job that waits for `plan`'s person (none: nobody to remind)."""
    if plan.user_id is None:
        return ("DELETE FROM jobs WHERE game_id = ?", [game.id])
    return (
        "INSERT INTO jobs (game_id, version, user_id, stage, since, due_at, claimed_until) "
        "VALUES (?, ?, ?, 0, ?, ?, 0) ON CONFLICT (game_id) DO UPDATE SET "
        "version = excluded.version, user_id = excluded.user_id, stage = 0, "
        "since = excluded.since, due_at = excluded.due_at, claimed_until = 0",
        [game.id, game.version, plan.user_id, plan.since, plan.due_at],
    )
