"""Several bot processes on one database: concurrent moves on shared games are each
stored once, and each owed announcement is delivered by exactly one process, even when the
process that claimed it is killed. Run against both backends; PostgreSQL is the one meant for
several processes (SQLite serialises them on its file lock). The processes are forked from a
server that imported the bot once (tests/scale_worker.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections import Counter
from multiprocessing.connection import Connection

import pytest
from fakes import FakeRenderer, Seeds
from scale_worker import processes, run_claim, run_moves
from test_db import once_the_lease_ends
from test_service import B_FIRST, seated

from bot.table.service import GameService
from db import Announcement, NewAction, StaleAction, open_store
from db.postgres import PostgresStore
from rules import vijayanagara

CHANNELS = ["shared-1", "shared-2"]
PROCESSES = 3
STEPS = 25


def heard(out: Connection) -> list[dict[str, list[object]]]:
    """Every line a process sent on `out`, until it ended."""
    lines = []
    with contextlib.suppress(EOFError):
        while True:
            lines.append(out.recv())
    return lines


async def run_workers(*args: tuple[object, ...]) -> list[list[dict[str, list[object]]]]:
    """A process per `args` (scale_worker.moves), side by side; what each sent."""
    context = processes()
    started = []
    for arg in args:
        out, into = context.Pipe(duplex=False)
        proc = context.Process(target=run_moves, args=(into, *arg))  # type: ignore[attr-defined]
        proc.start()
        into.close()  # the process holds the write end: its end is the pipe's end
        started.append((proc, out))
    lines = await asyncio.gather(*(asyncio.to_thread(heard, out) for _, out in started))
    for proc, _ in started:
        await asyncio.to_thread(proc.join)
        assert proc.exitcode == 0
    return lines


async def test_three_processes_moving_on_shared_games_lose_and_double_nothing(
    database_url: str,
) -> None:
    svc = await GameService.open(database_url, FakeRenderer(), seed_source=Seeds())
    try:
        start = {}
        for ch in CHANNELS:
            await seated(svc, B_FIRST, ch)
            game = await svc.store.open_game(ch)
            assert game is not None
            start[ch] = (game.version, game.actions)
        for owed, _ in await svc.outbox.owed(grace=0):  # the start's announcements: out of the way
            await svc.outbox.delivered((owed.game_id, owed.version))

        lines = await run_workers(
            *((database_url, seed, STEPS, CHANNELS) for seed in range(PROCESSES))
        )
        acked = [tuple(x["move"]) for out in lines for x in out if "move" in x]
        delivered = [tuple(x["delivered"]) for out in lines for x in out if "delivered" in x]
        while left := await svc.outbox.owed(limit=1000, grace=0):  # whatever the last rounds left
            for owed, _ in left:
                delivered.append((owed.game_id, owed.version))
                await svc.outbox.delivered((owed.game_id, owed.version))

        assert len(acked) >= STEPS  # the processes really interleaved and moved
        assert len(set(acked)) == len(acked)  # no version acknowledged twice
        for ch in CHANNELS:
            game = await svc.store.latest_game(ch)
            assert game is not None
            versions = sorted(v for c, v in acked if c == ch)
            # every version after the start is one acknowledged move: none lost, none doubled
            assert versions == list(range(start[ch][0] + 1, game.version + 1))
            # and the log is a game: it replays to the state the service holds
            log = [
                vijayanagara.action_from_json(a.action) for a in await svc.store.actions(game.id)
            ]
            assert [a.seq for a in await svc.store.actions(game.id)] == list(
                range(1, game.actions + 1)
            )
            state = await svc.loader.state_of(game)
            assert vijayanagara.replay(None, None, log).model_dump_json() == state.model_dump_json()
        counts = Counter(delivered)
        assert all(n == 1 for n in counts.values()), counts.most_common(3)
        ids = {
            ch: (await svc.store.open_game(ch) or await svc.store.latest_game(ch))
            for ch in CHANNELS
        }
        moves = {(ids[c].id, v) for c, v in acked if ids[c]}
        assert set(counts) <= moves
        # each move announced once, but an edit of a turn's message that a later move of the
        # same game superseded before it went out, which is dropped (the later one carries it)
        for game_id, version in moves - set(counts):
            assert any(g == game_id and v > version for g, v in counts), (game_id, version)
    finally:
        await svc.close()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
async def test_announcements_a_killed_process_claimed_are_delivered_by_another(
    database_url: str,
) -> None:
    store = await open_store(database_url)
    try:
        g = await store.create_game("killed", 1, {}, creator=1, kind="vijayanagara")
        g = await store.update_game(g.id, g.version, seats={"D": 1}, status="active")
        owed_keys = set()
        for _ in range(3):
            g = await store.update_game(
                g.id, g.version, announcement=rules_free_announcement(g.version + 1)
            )
            owed_keys.add((g.id, g.version))
        context = processes()
        out, into = context.Pipe(duplex=False)
        proc = context.Process(target=run_claim, args=(into, database_url))  # type: ignore[attr-defined]
        proc.start()
        into.close()
        claimed = (await asyncio.to_thread(out.recv))["claimed"]
        assert {tuple(k) for k in claimed} == owed_keys
        os.kill(proc.pid, signal.SIGKILL)
        await asyncio.to_thread(proc.join)
        assert proc.exitcode == -signal.SIGKILL
        assert await store.owed_announcements(grace=0) == []  # still under the dead one's lease
        again = await once_the_lease_ends(store)
        assert {(o.game_id, o.version) for o in again} == owed_keys
    finally:
        await store.close()


def rules_free_announcement(n: int) -> Announcement:
    return Announcement(text=f"change {n}")


async def test_postgres_migrations_match_sqlite_and_run_once(postgres_url: str) -> None:
    from db.schema import migrations

    assert [n for n, _ in migrations("postgresql")] == [n for n, _ in migrations("sqlite")]
    first, second = await asyncio.gather(
        PostgresStore.open(postgres_url), PostgresStore.open(postgres_url)
    )  # two processes starting together migrate once
    assert await first.schema_version() == len(migrations("postgresql"))
    await first.close()
    await second.close()


async def test_postgres_log_is_append_only(postgres_url: str) -> None:
    import asyncpg

    store = await PostgresStore.open(postgres_url)
    g = await store.create_game("c", 1, {}, creator=1, kind="vijayanagara")
    g = await store.update_game(g.id, g.version, seats={"D": 1}, status="active")
    await store.append_actions(g.id, g.version, [NewAction(action={"type": "pass"})])
    await store.close()
    conn = await asyncpg.connect(postgres_url)
    try:
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await conn.execute("UPDATE actions SET action = 'x'")
    finally:
        await conn.close()


async def test_postgres_two_stores_race_one_wins(postgres_url: str) -> None:
    """Two processes' pools append to one game at the same version: the row lock makes the
    second wait, then see the new version: exactly one is stored."""
    a, b = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    g = await a.create_game("race", 1, {}, creator=1, kind="vijayanagara")
    g = await a.update_game(g.id, g.version, seats={"D": 1}, status="active")
    results = await asyncio.gather(
        *(
            s.append_actions(g.id, g.version, [NewAction(action={"type": "pass", "n": i})])
            for i, s in enumerate([a, b, a, b])
        ),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleAction) for r in results) == 3
    assert (await b.get_game(g.id)).actions == 1
    await a.close()
    await b.close()
