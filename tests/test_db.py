"""The storage contract (run against every Store implementation), plus crash and concurrency
tests for SQLite."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import (
    Announcement,
    GameExists,
    GameExport,
    NewAction,
    Snapshot,
    SQLiteStore,
    StaleAction,
    StorageError,
    Store,
    TurnMessage,
)
from db.sqlite import migrations

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=["sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    s = await SQLiteStore.open(tmp_path / "t.sqlite3")
    yield s
    await s.close()


def act(n: int) -> NewAction:
    return NewAction(action={"type": "choose", "option": f"o{n}"}, faction="D", user_id=7)


async def active_game(store: Store, channel: str = "c1") -> int:
    g = await store.create_game(channel, 42, {"timurs_shadow": True}, creator=1)
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


async def test_create_and_one_open_game_per_channel(store: Store) -> None:
    g = await store.create_game("c1", 5, {}, creator=9)
    assert (g.status, g.version, g.seed, g.creator, g.actions) == ("lobby", 0, 5, 9, 0)
    with pytest.raises(GameExists):
        await store.create_game("c1", 6, {}, creator=9)
    other = await store.create_game("c2", 6, {}, creator=9)  # another channel is fine
    assert other.id != g.id
    assert (await store.open_game("c1")) == g
    await store.update_game(g.id, 0, status="aborted")
    assert await store.open_game("c1") is None
    again = await store.create_game("c1", 7, {}, creator=9)  # after abort, a new one
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


async def test_append_needs_an_active_game(store: Store) -> None:
    g = await store.create_game("c1", 5, {}, creator=9)
    with pytest.raises(StorageError):
        await store.append_actions(g.id, g.version, [act(1)])


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
    assert data.seed == 42 and data.options.model_dump() == {"timurs_shadow": True, "deck": None}
    assert data.seats == {"D": 1, "B": 2, "V": 3}
    text = data.model_dump_json()
    back = GameExport.model_validate_json(text)
    with pytest.raises(GameExists):  # c1 still has its open game
        await store.import_game("c1", back)
    new = await store.import_game("c9", back)
    assert new.actions == 2 and new.status == "active" and new.seats == data.seats
    assert [a.action for a in await store.actions(new.id)] == [a.action for a in data.actions]


async def test_log_is_append_only(tmp_path: Path) -> None:
    s = await SQLiteStore.open(tmp_path / "a.sqlite3")
    gid = await active_game(s)
    g = await s.get_game(gid)
    await s.append_actions(gid, g.version, [act(1)])
    import aiosqlite

    async with aiosqlite.connect(tmp_path / "a.sqlite3") as raw:
        with pytest.raises(Exception, match="append-only"):
            await raw.execute("UPDATE actions SET action = 'x'")
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
    from db import SQLiteStore, NewAction, Snapshot

    async def main():
        s = await SQLiteStore.open(sys.argv[1])
        g = await s.create_game("crash", 1, {}, creator=1)
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
async def test_kill_loses_nothing_acknowledged(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite3"
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
    s = await SQLiteStore.open(path)
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


async def test_the_turn_message_survives_a_restart_and_follows_new_and_edit(
    tmp_path: Path,
) -> None:
    """Migration 005: a new announcement opens a turn (the previous message's id stays until
    the new one is posted, so it can be closed); an edit extends the turn's text."""
    path = tmp_path / "turn.sqlite3"
    s = await SQLiteStore.open(path)
    gid = await active_game(s)
    g = await s.get_game(gid)
    g = await s.append_actions(
        gid, g.version, [act(1)], announcement=Announcement(text="a\nNext", body="a")
    )
    opened = g.version
    turn = await s.turn_message(gid)
    assert turn is not None and turn.body == "a" and not turn.posted
    await s.turn_message_posted(gid, opened, 555)
    g = await s.append_actions(
        gid,
        g.version,
        [act(2)],
        announcement=Announcement(text="a\nb\nNext", body="a\nb", edit=True),
    )
    owed = {o.version: o for o in await s.owed_announcements(grace=0, ignore_backoff=True)}
    assert owed[g.version].edit and not owed[opened].edit
    await s.close()
    s = await SQLiteStore.open(path)  # a restart
    turn = await s.turn_message(gid)
    assert turn == TurnMessage(
        turn_version=opened, body="a\nb", message_id=555, message_version=opened
    )
    assert turn.posted
    g = await s.get_game(gid)
    g = await s.append_actions(
        gid,
        g.version,
        [act(3)],
        announcement=Announcement(text="Next", body="", close_text="a\nb\nc"),
    )
    turn = await s.turn_message(gid)
    assert turn is not None and turn.turn_version == g.version and turn.message_id == 555
    assert not turn.posted  # the old message is still known, to be closed
    owed = {o.version: o for o in await s.owed_announcements(grace=0, ignore_backoff=True)}
    assert owed[g.version].close_text == "a\nb\nc"
    await s.close()
