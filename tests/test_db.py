"""The storage contract (run against every Store implementation: SQLite and PostgreSQL), plus
crash and concurrency tests for SQLite (tests/test_postgres.py has PostgreSQL's)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from db import (
    Announcement,
    DeckFile,
    GameExists,
    GameExport,
    GameNotFound,
    GameRecord,
    GameSecret,
    LogLines,
    NewAction,
    OwedAnnouncement,
    Pace,
    PaceProposal,
    ReminderPlan,
    ServerSettings,
    Snapshot,
    SQLiteStore,
    StaleAction,
    StorageError,
    Store,
    open_store,
)
from db.export import ExportError, parse_export
from db.postgres import PostgresConn, PostgresStore, numbered
from db.sql_store import OPEN_IN_CHANNEL, SQLStore
from db.sqlite import migrations
from db.store import SEAT_NOTES_KEPT

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    """The contract runs against each backend (conftest.database_url)."""
    s = await open_store(database_url)
    yield s
    await s.close()


def act(n: int) -> NewAction:
    return NewAction(action={"type": "choose", "option": f"o{n}"}, faction="D", user_id=7)


async def active_game(store: Store, channel: str = "c1") -> int:
    g = await store.create_game(
        channel, 42, {"timurs_shadow": True}, creator=1, kind="vijayanagara"
    )
    g = await store.update_game(
        g.id,
        g.version,
        seats={"D": 1, "B": 2, "V": 3},
        status="active",
        snapshot=Snapshot(seq=0, state="{}"),
    )
    return g.id


async def test_store_is_a_store(store: Store) -> None:
    assert isinstance(store, Store)


async def test_pragmas_and_migrations(tmp_path: Path) -> None:
    s = await SQLiteStore.open(tmp_path / "p.sqlite3")
    try:
        assert await s.pragma("journal_mode") == "wal"
        assert await s.pragma("synchronous") == 2  # FULL
        assert await s.pragma("foreign_keys") == 1
        assert await s.pragma("user_version") == len(migrations())
    finally:
        await s.close()
    s = await SQLiteStore.open(tmp_path / "p.sqlite3")  # re-opening does not re-migrate
    assert await s.pragma("user_version") == len(migrations())
    await s.close()


def schema_of(path: Path) -> tuple[int, list[tuple[str, str, str, str]]]:
    """A SQLite file's migration number and every object of its schema, as SQLite keeps it."""
    raw = sqlite3.connect(path)
    try:
        objects = raw.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        ).fetchall()
        return raw.execute("PRAGMA user_version").fetchone()[0], objects
    finally:
        raw.close()


def migrated_one_by_one(path: Path, up_to: int) -> Path:
    """A file made by running the numbered migrations 1 to `up_to` in turn, as an old file
    took them."""
    raw = sqlite3.connect(path, isolation_level=None)
    for number, sql in migrations()[:up_to]:
        raw.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
    raw.close()
    return path


async def test_a_new_file_gets_the_schema_every_migration_makes_from_the_schema_script(
    tmp_path: Path,
) -> None:
    """A new file is made by the schema script (cheaper than replaying each table rebuild):
    the same tables, indexes and triggers, the same statements, as the migrations run one by
    one make, at the last migration's number."""
    every = schema_of(migrated_one_by_one(tmp_path / "old.sqlite3", len(migrations())))
    await (await SQLiteStore.open(tmp_path / "new.sqlite3")).close()
    assert schema_of(tmp_path / "new.sqlite3") == every


async def test_create_and_one_open_game_per_channel(store: Store) -> None:
    g = await store.create_game("c1", 5, {}, creator=9, kind="vijayanagara")
    assert (g.status, g.version, g.seed, g.creator, g.actions) == ("lobby", 0, 5, 9, 0)
    with pytest.raises(GameExists):
        await store.create_game("c1", 6, {}, creator=9, kind="vijayanagara")
    other = await store.create_game(
        "c2", 6, {}, creator=9, kind="vijayanagara"
    )  # another channel is fine
    assert other.id != g.id
    assert (await store.open_game("c1")) == g
    await store.update_game(g.id, 0, status="aborted")
    assert await store.open_game("c1") is None
    again = await store.create_game(
        "c1", 7, {}, creator=9, kind="vijayanagara"
    )  # after abort, a new one
    assert (await store.latest_game("c1")) == again


async def test_append_checks_the_version(store: Store) -> None:
    gid = await active_game(store)
    g = await store.get_game(gid)
    g2 = await store.append_actions(gid, g.version, [act(1), act(2)])
    assert g2.version == g.version + 1 and g2.actions == 2
    with pytest.raises(StaleAction):
        await store.append_actions(gid, g.version, [act(3)])
    assert (await store.get_game(gid)).actions == 2
    got = await store.actions(gid)
    assert [a.seq for a in got] == [1, 2]
    assert got[0].action == {"type": "choose", "option": "o1"}
    assert (got[0].faction, got[0].user_id) == ("D", 7)
    assert [a.seq for a in await store.actions(gid, after=1)] == [2]


async def test_each_append_is_one_order_whose_steps_name_its_first(store: Store) -> None:
    """`move`: the seq of the first step of the append (the order) each step came in; an
    export carries it and an import keeps it, as a copy or a log written again does."""
    gid = await active_game(store)
    g = await store.get_game(gid)
    g = await store.append_actions(gid, g.version, [act(1), act(2), act(3)])
    await store.append_actions(gid, g.version, [act(4)])
    assert [(a.seq, a.move) for a in await store.actions(gid)] == [(1, 1), (2, 1), (3, 1), (4, 4)]
    data = await store.export_game(gid)
    assert [a.move for a in data.actions] == [1, 1, 1, 4]
    new = await store.import_game("c9", GameExport.model_validate_json(data.model_dump_json()))
    assert [a.move for a in await store.actions(new.id)] == [1, 1, 1, 4]


async def test_an_export_naming_an_order_that_begins_after_its_step_is_refused() -> None:
    doc = {
        "format_version": 3,
        "seats": {"D": 1},
        "actions": [{"action": {"type": "pass"}, "faction": "D", "move": 2}],
    }
    with pytest.raises(ExportError, match=r"actions.0.move: 2 is not .* \(1 to 1\)"):
        parse_export(json.dumps(doc))


async def test_a_move_reads_its_game_with_its_pace_and_turn_message_in_one_read(
    store: Store,
) -> None:
    """What a move reads first: the channel's open game with its pace and its turn message,
    each as its own read gives it (None for the default pace and before any turn message);
    nothing for a channel whose game is over or that never had one."""
    assert await store.open_game_at_turn("c1") is None
    lobby = await store.create_game("c1", 5, {}, creator=9, kind="vijayanagara")
    found = await store.open_game_at_turn("c1")
    assert found is not None and (found.game, found.pace, found.turn_message) == (
        lobby,
        None,
        None,
    )
    gid = await active_game(store, "c2")
    stricter = PaceProposal(seconds=600, deadline="pass", agreed=(1, 3))
    pace = Pace(seconds=3600, deadline="pass", ai_seconds=2.5, proposal=stricter)
    await store.set_pace(gid, pace)
    g = await store.get_game(gid)
    moved = await store.append_actions(
        gid,
        g.version,
        [act(1)],
        announcement=Announcement(text="D plays.\nNext: B", body="D plays."),
    )
    found = await store.open_game_at_turn("c2")
    assert found is not None
    assert (found.game, found.pace, found.turn_message) == (
        await store.open_game("c2"),
        await store.pace(gid),
        await store.turn_message(gid),
    )
    assert found.game == moved and found.pace == pace
    assert found.turn_message is not None and found.turn_message.body == "D plays."
    await store.append_actions(gid, moved.version, [act(2)], status="finished")
    assert await store.open_game_at_turn("c2") is None
    again = await store.open_game_at_turn("c1")  # another channel's game is its own
    assert again is not None and again.game == lobby and again.pace is None


async def test_a_channels_open_game_is_found_by_its_index_not_by_reading_every_game(
    migrated_sqlite_path: Path,
) -> None:
    """What every move reads first, the channel's open game (with its pace and turn message,
    or alone), is looked up in the index of open games by channel by the statement's plan
    itself, whatever values are bound (db/sql_store.py, OPEN_IN_CHANNEL): its cost does not
    grow with the finished games a database keeps."""
    s = await SQLiteStore.open(migrated_sqlite_path)
    try:
        for sql in (s._select_open, f"{s._select_at_turn} WHERE {OPEN_IN_CHANNEL}"):
            plan = await s._conn.fetch(f"EXPLAIN QUERY PLAN {sql}", "c1")
            steps = " / ".join(str(row[3]) for row in plan)
            assert "USING INDEX games_one_open_per_channel" in steps, steps
            assert "SCAN games" not in steps, steps
    finally:
        await s.close()


async def test_postgresqls_generic_plan_of_that_lookup_uses_the_index_too(
    postgres_url: str,
) -> None:
    """The same lookup on PostgreSQL, as a prepared statement's generic plan (the one a
    connection may keep for good after a few executions) makes it. On a new database: one
    emptied after other tests keeps their tables' pages, and a table of a page or two is
    read whole by any plan."""
    await (await PostgresStore.open(postgres_url)).close()
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("SET plan_cache_mode = force_generic_plan")
        store = PostgresStore.__new__(PostgresStore)
        SQLStore.__init__(store)
        for sql in (store._select_open, f"{store._select_at_turn} WHERE {OPEN_IN_CHANNEL}"):
            await conn.execute(f"PREPARE lookup (text) AS {numbered(sql)}")
            plan = " / ".join(r[0] for r in await conn.fetch("EXPLAIN EXECUTE lookup ('c1')"))
            await conn.execute("DEALLOCATE lookup")
            assert "Index Scan using games_one_open_per_channel on games" in plan, plan
    finally:
        await conn.close()


async def test_a_move_on_postgresql_is_its_version_check_and_one_statement_for_its_rows(
    migrated_postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move's write on PostgreSQL, whose every statement is a round trip: the version
    bump, then its steps, snapshot, lines, announcement, turn message and reminder in one
    statement; the rows are the contract's (the tests above, on both backends)."""
    store = await open_store(migrated_postgres_url)
    try:
        gid = await active_game(store, "c1")
        g = await store.get_game(gid)
        sent: list[str] = []
        for method in ("execute", "executemany", "fetch", "fetchrow"):
            original = getattr(PostgresConn, method)

            async def counted(self: PostgresConn, sql: str, *args: object, _o=original) -> object:
                sent.append(sql)
                return await _o(self, sql, *args)

            monkeypatch.setattr(PostgresConn, method, counted)
        moved = await store.append_actions(
            gid,
            g.version,
            [act(1), act(2)],
            snapshot=Snapshot(seq=2, state="{}"),
            log=LogLines(start=0, lines=["a", "b"]),
            announcement=Announcement(text="D plays.\nNext: B", body="D plays."),
            reminder=ReminderPlan(user_id=8, since=10.0, due_at=20.0),
        )
        assert [sql.split()[0] for sql in sent] == ["UPDATE", "WITH"], sent
        monkeypatch.undo()
        assert moved.actions == 2 and [a.seq for a in await store.actions(gid)] == [1, 2]
        assert await store.log_lines(gid) == ["a", "b"]
        assert (await store.latest_snapshot(gid)) == Snapshot(seq=2, state="{}")
        turn = await store.turn_message(gid)
        assert turn is not None and (turn.turn_version, turn.body) == (moved.version, "D plays.")
        job = await store.reminder(gid)
        assert job is not None and (job.user_id, job.version, job.due_at) == (
            8,
            moved.version,
            20.0,
        )
    finally:
        await store.close()


async def test_a_game_is_read_by_its_id_with_its_pace_turn_message_and_job_in_one_read(
    store: Store,
) -> None:
    """What a move the bot makes on its own reads (an AI's step, a deadline's pass): the
    game by its id, whatever its status, with its pace, turn message and pending reminder job,
    each as its own read gives it."""
    gid = await active_game(store, "c2")
    pace = Pace(seconds=3600, deadline="pass")
    await store.set_pace(gid, pace)
    g = await store.get_game(gid)
    moved = await store.append_actions(
        gid,
        g.version,
        [act(1)],
        announcement=Announcement(text="D plays.\nNext: B", body="D plays."),
        reminder=ReminderPlan(user_id=8, since=10.0, due_at=20.0),
    )
    found = await store.game_at_turn(gid)
    assert (found.game, found.pace, found.turn_message, found.reminder) == (
        moved,
        pace,
        await store.turn_message(gid),
        await store.reminder(gid),
    )
    assert found.reminder is not None and (found.reminder.user_id, found.reminder.due_at) == (
        8,
        20.0,
    )
    at_turn = await store.open_game_at_turn("c2")  # by its channel: the same, but the job
    assert at_turn is not None and at_turn.reminder is None
    assert (at_turn.game, at_turn.pace, at_turn.turn_message) == (
        found.game,
        found.pace,
        found.turn_message,
    )
    finished = await store.append_actions(gid, moved.version, [act(2)], status="finished")
    over = await store.game_at_turn(gid)
    assert over.game == finished and over.reminder is None and over.pace == pace
    with pytest.raises(GameNotFound):
        await store.game_at_turn(gid + 1000)


async def test_append_needs_an_active_game(store: Store) -> None:
    g = await store.create_game("c1", 5, {}, creator=9, kind="vijayanagara")
    with pytest.raises(StorageError):
        await store.append_actions(g.id, g.version, [act(1)])


async def test_an_append_is_refused_with_the_reason_and_changes_nothing(store: Store) -> None:
    """A missing game, a stale version (checked before the status) and a game that takes no
    more moves are each refused as such; the game stays as it was."""
    gid = await active_game(store)
    g = await store.append_actions(gid, (await store.get_game(gid)).version, [act(1)])
    with pytest.raises(GameNotFound):
        await store.append_actions(gid + 100, 0, [act(2)])
    done = await store.append_actions(gid, g.version, [act(2)], status="finished")
    assert (done.status, done.version, done.actions) == ("finished", g.version + 1, 2)
    assert await store.get_game(gid) == done  # the record an append returns is the stored one
    with pytest.raises(StaleAction):
        await store.append_actions(gid, g.version, [act(3)])
    with pytest.raises(StorageError, match="is finished"):
        await store.append_actions(gid, done.version, [act(3)])
    assert await store.get_game(gid) == done
    assert [a.seq for a in await store.actions(gid)] == [1, 2]


async def test_a_stale_update_is_refused_and_changes_nothing(store: Store) -> None:
    g = await store.create_game("c1", 5, {"a": 1}, creator=9, kind="vijayanagara")
    g2 = await store.update_game(g.id, g.version, seats={"D": 9}, options={"a": 2})
    assert (g2.version, g2.seats, g2.options) == (g.version + 1, {"D": 9}, {"a": 2})
    assert await store.get_game(g.id) == g2  # the record an update returns is the stored one
    with pytest.raises(StaleAction):
        await store.update_game(g.id, g.version, seats={"D": 1}, options={"a": 3}, status="active")
    with pytest.raises(GameNotFound):
        await store.update_game(g.id + 100, 0, status="active")
    assert await store.get_game(g.id) == g2


async def test_a_game_read_again_is_read_as_its_row_now_stands(tmp_path: Path) -> None:
    """A row read before gives its record again only while the row is the same: one changed
    by another writer, even at the same version, reads as it now stands."""
    path = tmp_path / "g.sqlite3"
    store = await SQLiteStore.open(path)
    try:
        g = await store.create_game("c1", 5, {"a": 1}, creator=9, kind="vijayanagara")
        assert await store.open_game("c1") == g
        with sqlite3.connect(path) as other:
            other.execute("UPDATE games SET options = ?, seats = ?", ('{"a": 2}', '{"D": 9}'))
        again = await store.open_game("c1")
        assert again is not None
        assert (again.version, again.options, again.seats) == (g.version, {"a": 2}, {"D": 9})
        assert await store.get_game(g.id) == again
    finally:
        await store.close()


async def test_the_append_that_starts_a_game_is_stored(store: Store) -> None:
    g = await store.create_game("c1", 5, {}, creator=9, kind="vijayanagara")
    started = await store.append_actions(g.id, g.version, [act(1)], status="active")
    assert (started.status, started.version, started.actions) == ("active", g.version + 1, 1)
    assert await store.get_game(g.id) == started


async def test_snapshots(store: Store) -> None:
    gid = await active_game(store)
    g = await store.get_game(gid)
    g = await store.append_actions(gid, g.version, [act(1)], snapshot=Snapshot(seq=1, state="s1"))
    g = await store.append_actions(gid, g.version, [act(2)])
    snap = await store.latest_snapshot(gid)
    assert snap == Snapshot(seq=1, state="s1")
    assert await store.latest_snapshot(gid, at_most=0) == Snapshot(seq=0, state="{}")


async def test_finish_with_the_last_move(store: Store) -> None:
    gid = await active_game(store)
    g = await store.get_game(gid)
    g = await store.append_actions(gid, g.version, [act(1)], status="finished")
    assert g.status == "finished"
    assert await store.open_game("c1") is None


async def test_export_import_round_trip(store: Store) -> None:
    gid = await active_game(store)
    g = await store.get_game(gid)
    await store.append_actions(gid, g.version, [act(1), act(2)])
    data = await store.export_game(gid)
    assert data.seed == 42 and data.options == {"timurs_shadow": True}
    assert data.seats == {"D": 1, "B": 2, "V": 3}
    text = data.model_dump_json()
    back = GameExport.model_validate_json(text)
    with pytest.raises(GameExists):  # c1 still has its open game
        await store.import_game("c1", back)
    new = await store.import_game("c9", back)
    assert new.actions == 2 and new.status == "active" and new.seats == data.seats
    assert [a.action for a in await store.actions(new.id)] == [a.action for a in data.actions]


async def test_a_new_game_is_stored_with_its_seats_announcement_and_wait(store: Store) -> None:
    """create_game and import_game write the game, the announcement it owes (made from its
    record: it names the new id) and its first wait in one transaction."""
    g = await store.create_game(
        "c1",
        5,
        {},
        creator=9,
        seats={"D": 9},
        announcement=lambda game: Announcement(
            text=f"game {game.id} opens", mentions=[9, 4], deciding=[9]
        ),
        kind="vijayanagara",
    )
    assert g.seats == {"D": 9}
    [owed] = await store.owed_announcements(ignore_backoff=True)
    assert (owed.game_id, owed.version, owed.text) == (g.id, g.version, f"game {g.id} opens")
    assert (owed.mentions, owed.deciding) == ([9, 4], [9])  # who decides, kept apart
    await store.announcement_delivered(g.id, g.version)

    def broken(game: GameRecord) -> Announcement:
        raise RuntimeError("the process dies while the game is being stored")

    with pytest.raises(RuntimeError):
        await store.create_game("c2", 5, {}, creator=9, announcement=broken, kind="vijayanagara")
    assert await store.open_game("c2") is None  # nothing half-stored: the channel is free

    gid = await active_game(store, "c3")
    data = await store.export_game(gid)
    plan = ReminderPlan(user_id=2, since=100.0, due_at=200.0)
    with pytest.raises(RuntimeError):
        await store.import_game("c4", data, announcement=broken, reminder=plan)
    assert await store.open_game("c4") is None
    new = await store.import_game(
        "c4", data, announcement=lambda game: Announcement(text=f"{game.id}"), reminder=plan
    )
    job = await store.reminder(new.id)
    assert job is not None and (job.user_id, job.version, job.due_at) == (2, new.version, 200.0)
    assert [(o.game_id, o.text) for o in await store.owed_announcements()] == [
        (new.id, str(new.id))
    ]


async def test_log_is_append_only(tmp_path: Path) -> None:
    s = await SQLiteStore.open(tmp_path / "a.sqlite3")
    gid = await active_game(s)
    g = await s.get_game(gid)
    await s.append_actions(gid, g.version, [act(1)])
    raw = sqlite3.connect(tmp_path / "a.sqlite3")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("UPDATE actions SET action = 'x'")
    raw.close()
    await s.close()


async def test_a_write_waits_for_another_processs_write_then_goes_through(
    tmp_path: Path,
) -> None:
    """The file's write lock is taken at once when it is free; while another process holds
    it, the write waits for it (busy_timeout) off the event loop, which goes on serving."""
    path = tmp_path / "busy.sqlite3"
    s = await SQLiteStore.open(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    write = asyncio.create_task(s.put_server_settings(ServerSettings(guild_id="g1")))
    for _ in range(20):
        await asyncio.sleep(0)  # the loop is free while the write waits
    assert not write.done()
    other.execute("COMMIT")
    await write
    assert other.execute("SELECT guild_id FROM server_settings").fetchall() == [("g1",)]
    other.close()
    await s.close()


async def test_a_commit_that_fails_leaves_the_store_usable(tmp_path: Path) -> None:
    """A COMMIT can fail (a full disk; here a deferred constraint, which SQLite checks at
    COMMIT) and leave its transaction open: the store rolls it back, so the next write starts
    cleanly and the failed one left nothing. (No write of the store's contract can make its
    own COMMIT fail, so this one is made in its transaction by hand.)"""
    s = await SQLiteStore.open(tmp_path / "commit.sqlite3")
    async with s._tx() as conn:
        await conn.execute("CREATE TABLE p (id INTEGER PRIMARY KEY)")
        await conn.execute(
            "CREATE TABLE c (p INTEGER REFERENCES p (id) DEFERRABLE INITIALLY DEFERRED)"
        )
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        async with s._tx() as conn:
            await conn.execute("INSERT INTO c VALUES (5)")
    await s.put_server_settings(ServerSettings(guild_id="g1", organisers="managers"))
    assert (await s.server_settings("g1")).organisers == "managers"
    assert await s._conn.fetch("SELECT * FROM c") == []
    await s.close()


async def test_a_write_cancelled_while_another_process_writes_leaves_the_store_usable(
    tmp_path: Path,
) -> None:
    """A caller gives up (a shutdown, a timeout) while its BEGIN IMMEDIATE waits for another
    process's write: once that write ends, the transaction BEGIN opened is rolled back, so the
    store's next write starts cleanly and the abandoned one left nothing."""
    path = tmp_path / "busy.sqlite3"
    s = await SQLiteStore.open(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process is writing
    waiting = asyncio.create_task(s.put_server_settings(ServerSettings(guild_id="given-up")))
    for _ in range(20):  # until its BEGIN is on the connection's thread, waiting for the lock
        await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    other.execute("COMMIT")  # the other write ends; the abandoned BEGIN now goes through
    await s.put_server_settings(ServerSettings(guild_id="g1", organisers="managers"))
    assert (await s.server_settings("g1")).organisers == "managers"
    rows = other.execute("SELECT guild_id FROM server_settings ORDER BY guild_id").fetchall()
    assert rows == [("g1",)]
    other.close()
    await s.close()


async def test_two_stores_race_one_wins(tmp_path: Path) -> None:
    """Two processes' worth of connections append at the same version: exactly one wins."""
    path = tmp_path / "race.sqlite3"
    a = await SQLiteStore.open(path)
    b = await SQLiteStore.open(path)
    gid = await active_game(a)
    v = (await a.get_game(gid)).version
    results = await asyncio.gather(
        a.append_actions(gid, v, [act(1)]),
        b.append_actions(gid, v, [act(2)]),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleAction) for r in results) == 1
    assert (await b.get_game(gid)).actions == 1
    await a.close()
    await b.close()


CRASH_WRITER = textwrap.dedent(
    """
    import asyncio, sys
    sys.path.insert(0, sys.argv[2])
    from db import open_store, NewAction, Snapshot

    async def main():
        s = await open_store(sys.argv[1])
        g = await s.create_game("crash", 1, {}, creator=1, kind="vijayanagara")
        g = await s.update_game(g.id, g.version, seats={"D": 1}, status="active")
        n = 0
        while True:
            n += 1
            big = "x" * 20000
            acts = [NewAction(action={"type": "choose", "option": f"{n}-{i}"}) for i in range(3)]
            g = await s.append_actions(g.id, g.version, acts,
                                       snapshot=Snapshot(seq=n * 3, state=big))
            print(g.version, g.actions, flush=True)

    asyncio.run(main())
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
async def test_kill_loses_nothing_acknowledged(tmp_path: Path, database_url: str) -> None:
    """A writer killed with SIGKILL mid-stream, on either backend: every move it was told
    was stored is there, and no move is there by halves."""
    path = database_url
    script = tmp_path / "writer.py"
    script.write_text(CRASH_WRITER)
    proc = subprocess.Popen(
        [sys.executable, str(script), str(path), str(ROOT)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    acknowledged = 0
    for _ in range(25):
        line = proc.stdout.readline()
        acknowledged = int(line.split()[1])
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    s = await open_store(path)
    g = await s.open_game("crash")
    assert g is not None
    assert g.actions >= acknowledged
    assert g.actions % 3 == 0  # never half a move
    seqs = [a.seq for a in await s.actions(g.id)]
    assert seqs == list(range(1, g.actions + 1))
    assert g.version == 1 + g.actions // 3
    await s.close()


async def test_group_commit_keeps_each_append_separate(store: Store) -> None:
    """Many games append at once (one commit serves many); a stale one fails alone."""
    ids = [await active_game(store, f"g{i}") for i in range(20)]
    versions = [(await store.get_game(g)).version for g in ids]
    calls = [store.append_actions(g, v, [act(1)]) for g, v in zip(ids, versions, strict=True)]
    calls.append(store.append_actions(ids[0], versions[0], [act(2)]))  # a duplicate: stale
    results = await asyncio.gather(*calls, return_exceptions=True)
    assert sum(isinstance(r, StaleAction) for r in results) == 1
    for g in ids:
        rec = await store.get_game(g)
        assert rec.actions == 1
    ok = [r for r in results if not isinstance(r, BaseException)]
    assert all(r.actions == 1 for r in ok)


# --- the outbox: owed announcements, claimed by one deliverer at a time --------------------


async def owing_game(store: Store, channel: str = "c1") -> tuple[int, int]:
    """An active game whose last change owes an announcement: (game id, version)."""
    gid = await active_game(store, channel)
    g = await store.get_game(gid)
    g = await store.append_actions(
        gid, g.version, [act(1)], announcement=Announcement(text="B passes", mentions=[2])
    )
    return gid, g.version


async def test_an_owed_announcement_is_claimed_by_one_caller(store: Store) -> None:
    gid, version = await owing_game(store)
    (owed,) = await store.owed_announcements(grace=0)
    assert (owed.game_id, owed.version, owed.text, owed.mentions) == (gid, version, "B passes", [2])
    # another process looking now finds nothing: it is being delivered
    assert await store.owed_announcements(grace=0) == []
    assert await store.owed_announcements(grace=0, ignore_backoff=True) == []


async def once_the_lease_ends(store: Store, within: float = 10.0) -> list[OwedAnnouncement]:
    """What another process claims once the claims on them have run out (the database's clock
    says when; asked every 50 ms for at most `within` seconds)."""
    end = time.monotonic() + within
    while not (owed := await store.owed_announcements(grace=0)):
        assert time.monotonic() < end, "the claim never ran out"
        await asyncio.sleep(0.05)
    return owed


async def test_a_claim_runs_out_and_the_announcement_is_claimed_again(store: Store) -> None:
    """The process that claimed it died before delivering: once the lease is over, another
    takes it."""
    gid, version = await owing_game(store)
    assert len(await store.owed_announcements(grace=0, lease=0.2)) == 1
    assert await store.owed_announcements(grace=0) == []
    (again,) = await once_the_lease_ends(store)
    assert (again.game_id, again.version) == (gid, version)


async def test_a_failed_delivery_ends_the_claim_and_waits_its_backoff(store: Store) -> None:
    gid, version = await owing_game(store)
    await store.owed_announcements(grace=0)
    await store.announcement_failed(gid, version, 3600, text="the rest")
    assert await store.owed_announcements(grace=0) == []  # backing off
    (owed,) = await store.owed_announcements(ignore_backoff=True)  # as after a restart
    assert (owed.attempts, owed.text) == (1, "the rest")
    await store.announcement_delivered(gid, version)
    assert await store.owed_announcements(grace=0, ignore_backoff=True, lease=0) == []


async def test_a_young_announcement_is_left_to_the_move_that_stored_it(store: Store) -> None:
    await owing_game(store)
    assert await store.owed_announcements(grace=60) == []
    assert len(await store.owed_announcements(grace=0)) == 1


async def test_concurrent_claims_share_the_outbox_without_overlap(store: Store) -> None:
    for i in range(12):
        await owing_game(store, f"c{i}")
    batches = await asyncio.gather(*(store.owed_announcements(limit=5, grace=0) for _ in range(4)))
    keys = [(o.game_id, o.version) for batch in batches for o in batch]
    assert len(keys) == len(set(keys)) == 12


# --- "Your turn" direct messages Discord failed to deliver, owed (migration 019) ------------


async def test_an_owed_direct_message_waits_its_time_and_is_claimed_by_one_caller(
    store: Store,
) -> None:
    """Due at its time, then claimed: another caller passes it over until the claimer reports
    (a failed send counts an attempt and waits again) or its lease runs out (it died)."""
    gid, version = await owing_game(store)
    await store.owe_direct(gid, version, 2, "Your turn in <#1>", due_at=100.0)
    assert await store.due_directs(99.0) == []
    (owed,) = await store.due_directs(100.0, lease=60)
    assert (owed.game_id, owed.user_id, owed.version) == (gid, 2, version)
    assert (owed.text, owed.attempts) == ("Your turn in <#1>", 1)
    assert await store.due_directs(159.0) == []
    (again,) = await store.due_directs(160.0)  # its claimer died: the lease ran out
    assert again.attempts == 1
    await store.direct_later(gid, version, 2, due_at=300.0)
    assert await store.due_directs(299.0) == []
    (later,) = await store.due_directs(300.0)
    assert later.attempts == 2
    await store.direct_done(gid, version, 2)
    assert await store.due_directs(10_000.0) == []


async def test_a_newer_owed_direct_message_replaces_an_older_never_the_reverse(
    store: Store,
) -> None:
    """A game owes a person one: the newer announcement's, which neither the older one
    stored again nor the older one's late reports touch."""
    gid, version = await owing_game(store)
    await store.owe_direct(gid, version - 1, 2, "older", due_at=50.0)
    await store.owe_direct(gid, version, 2, "newer", due_at=100.0)
    await store.owe_direct(gid, version - 1, 2, "older", due_at=50.0)
    await store.owe_direct(gid, version, 3, "to another", due_at=100.0)
    await store.direct_later(gid, version - 1, 2, due_at=0.0)
    await store.direct_done(gid, version - 1, 2)
    owed = await store.due_directs(100.0)
    assert [(o.user_id, o.version, o.text, o.attempts) for o in owed] == [
        (2, version, "newer", 1),
        (3, version, "to another", 1),
    ]


async def test_concurrent_claims_share_the_owed_direct_messages_without_overlap(
    store: Store,
) -> None:
    gid, version = await owing_game(store)
    for user in range(12):
        await store.owe_direct(gid, version, user, "Your turn", due_at=float(user))
    batches = await asyncio.gather(*(store.due_directs(100.0, limit=5) for _ in range(4)))
    users = [o.user_id for batch in batches for o in batch]
    assert len(users) == len(set(users)) == 12


async def test_server_settings_and_decks(store: Store) -> None:
    assert await store.server_settings("g1") == ServerSettings(guild_id="g1")
    await store.put_server_settings(ServerSettings(guild_id="g1", organisers="role", role_id=5))
    await store.put_server_settings(ServerSettings(guild_id="g1", organisers="managers"))
    assert await store.server_settings("g1") == ServerSettings(guild_id="g1", organisers="managers")
    deck = DeckFile(hash="h1", text="deck text")
    g = await store.create_game(
        "c1", 1, {"deck_hash": "h1"}, creator=1, deck=deck, secret="ab", kind="vijayanagara"
    )
    assert await store.deck_text("h1") == "deck text"
    assert await store.deck_text("nope") is None
    assert await store.secret(g.id) == GameSecret(secret="ab", dealt_from=0)
    with pytest.raises(GameNotFound):
        await store.secret(g.id + 100)
    with pytest.raises(GameNotFound):
        await store.get_game(g.id + 100)


async def test_an_export_reveals_the_secret_only_once_the_game_has_ended(store: Store) -> None:
    g = await store.create_game("c-secret", 0, {}, creator=1, secret="ab" * 32, kind="vijayanagara")
    g = await store.update_game(g.id, g.version, seats={"D": 1}, status="active")
    running = await store.export_game(g.id)
    assert running.fairness is None and running.seed is None
    await store.update_game(g.id, g.version, status="aborted")
    ended = await store.export_game(g.id)
    assert ended.fairness is not None and ended.fairness.secret == "ab" * 32


async def test_the_text_log_is_stored_with_each_move_and_an_undo_rewrites_its_tail(
    store: Store,
) -> None:
    """Migration 009: the log's lines, one row each, written in the move's transaction."""
    gid = await active_game(store)
    g = await store.get_game(gid)
    g = await store.append_actions(
        gid, g.version, [act(1)], log=LogLines(start=0, lines=["a", "b"])
    )
    g = await store.append_actions(gid, g.version, [act(2)], log=LogLines(start=2, lines=["c"]))
    assert await store.log_lines(gid) == ["a", "b", "c"] and await store.log_length(gid) == 3
    # an undo takes back "c" (from line 2 on) and writes its own line there
    g = await store.append_actions(gid, g.version, [act(3)], log=LogLines(start=2, lines=["u"]))
    assert await store.log_lines(gid) == ["a", "b", "u"]
    assert await store.log_lines(gid, 1, 2) == ["b"]
    with pytest.raises(StaleAction):  # a stale move writes no line either
        await store.append_actions(gid, 0, [act(4)], log=LogLines(start=3, lines=["x"]))
    assert await store.log_length(gid) == 3


async def test_filling_the_log_of_a_game_stored_before_adds_only_missing_lines(
    store: Store,
) -> None:
    gid = await active_game(store)
    g = await store.get_game(gid)
    g = await store.append_actions(gid, g.version, [act(1)], log=LogLines(start=1, lines=["b"]))
    assert not await store.fill_log(gid, g.version - 1, LogLines(start=0, lines=["a"]))
    assert await store.log_lines(gid) == ["b"]  # stale: nothing written
    assert await store.fill_log(gid, g.version, LogLines(start=0, lines=["a", "not b", "c"]))
    assert await store.log_lines(gid) == ["a", "b", "c"]  # a stored line is never replaced
    assert (await store.get_game(gid)).version == g.version  # not a move
    assert await store.stored_bytes(gid) > len("abc")


async def test_the_suites_migrated_sqlite_file_is_what_a_first_open_leaves(
    migrated_sqlite_path: Path, tmp_path: Path
) -> None:
    """conftest's copied file stands for a new store's: the same schema, version and mode."""
    fresh = tmp_path / "fresh.sqlite3"
    await (await SQLiteStore.open(fresh)).close()

    def shape(path: Path) -> tuple[object, ...]:
        conn = sqlite3.connect(path)
        try:
            return (
                conn.execute(
                    "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name"
                ).fetchall(),
                conn.execute("PRAGMA user_version").fetchone(),
                conn.execute("PRAGMA journal_mode").fetchone(),
            )
        finally:
            conn.close()

    assert shape(migrated_sqlite_path) == shape(fresh)
    conn = sqlite3.connect(migrated_sqlite_path)
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
    assert tables and all(
        conn.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone() == (0,) for t in tables
    )
    conn.close()


async def test_what_a_move_showed_a_seat_alone_is_kept_until_seen_the_latest_few(
    store: Store,
) -> None:
    """A seat's lines are stored with the move (a move refused stores none), read oldest
    first by its player's look and removed only once that look arrived (up to the last line
    it showed: one kept since stays), and only the latest SEAT_NOTES_KEPT kept."""
    gid = await active_game(store)
    g = await store.get_game(gid)
    g = await store.append_actions(gid, g.version, [act(1)], seat_notes={"B": ["one", "two"]})
    with pytest.raises(StaleAction):
        await store.append_actions(gid, g.version - 1, [act(2)], seat_notes={"B": ["lost"]})
    lines = [f"line {k}" for k in range(SEAT_NOTES_KEPT + 3)]
    g = await store.append_actions(gid, g.version, [act(2)], seat_notes={"B": lines[:5]})
    await store.append_actions(gid, g.version, [act(3)], seat_notes={"B": lines[5:], "V": ["v"]})
    kept = await store.seat_notes(gid, "B")
    assert [line for _, line in kept] == lines[-SEAT_NOTES_KEPT:]
    assert await store.seat_notes(gid, "B") == kept  # a look that never arrived removes none
    g = await store.get_game(gid)
    g = await store.append_actions(gid, g.version, [act(4)], seat_notes={"B": ["later"]})
    await store.seat_notes_seen(gid, "B", kept[-1][0])
    assert [line for _, line in await store.seat_notes(gid, "B")] == ["later"]
    assert [line for _, line in await store.seat_notes(gid, "V")] == ["v"]
    assert await store.seat_notes(gid, "D") == []
    g = await store.append_actions(gid, g.version, [act(5)], seat_notes={"D": ["d"]})
    await store.append_actions(gid, g.version, [act(6)], status="finished")
    assert await store.seat_notes(gid, "D") == []  # no hand is looked at after the end


async def test_a_moves_seat_lines_are_marked_sent_once(store: Store) -> None:
    """The lines a move kept are readable by its version until marked sent; the mark is
    taken once (a second delivery of the same announcement gets no seat) unless given back,
    and a look that removed them leaves nothing to send."""
    gid = await active_game(store)
    g = await store.get_game(gid)
    g = await store.append_actions(gid, g.version, [act(1)], seat_notes={"B": ["b1", "b2"]})
    first = g.version
    g = await store.append_actions(gid, g.version, [act(2)], seat_notes={"V": ["v"], "B": ["b3"]})
    assert await store.unsent_seat_notes(gid, first) == {"B": ["b1", "b2"]}
    assert await store.seat_notes_sent(gid, first) == {"B"}
    assert await store.seat_notes_sent(gid, first) == set()
    assert await store.unsent_seat_notes(gid, first) == {}
    await store.release_seat_notes(gid, first, {"B"})  # Discord failed: the next one sends
    assert await store.seat_notes_sent(gid, first) == {"B"}
    assert await store.unsent_seat_notes(gid, g.version) == {"B": ["b3"], "V": ["v"]}
    await store.seat_notes_seen(gid, "V", (await store.seat_notes(gid, "V"))[-1][0])
    assert await store.seat_notes_sent(gid, g.version) == {"B"}
    assert len(await store.seat_notes(gid, "B")) == 3  # sent lines stay kept for the hand
