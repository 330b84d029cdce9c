"""The SQLite store on aiosqlite: a database the store before it left opens and plays on; a
read never waits for the writer; writes made together in one transaction keep apart."""

from __future__ import annotations

import asyncio
import gzip
import random
import shutil
import sqlite3
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.table.registry import game
from bot.table.renderer import Names
from bot.table.service import GameService
from db import GameExists, GameNotFound, ServerSettings, StaleAction, Store
from db.copy import copy_database
from db.sql_store import Conn
from db.sqlite import SQLiteStore
from rules import vijayanagara
from rules.capabilities import turns_of
from rules.vijayanagara.engine import decider

FIXTURES = Path(__file__).parent / "fixtures"
SEATS = {vijayanagara.Faction.D: 1, vijayanagara.Faction.B: 2, vijayanagara.Faction.V: 3}
CHANNEL = "old-driver"


def no_pictures(kind: str, view: object, names: Names | None = None) -> bytes:
    return b"png"


@pytest.fixture(params=["sqlite", "postgresql"])
async def old_database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """The fixture: a Vijayanagara game of three seats, 24 moves in, its pace set, stored by
    the store of revision e12e1f5 (statements on sqlite3 on the event loop, before aiosqlite
    came back) through its GameService; on PostgreSQL, as moving up takes it along."""
    path = tmp_path / "old.sqlite3"
    with gzip.open(FIXTURES / "sqlite3_driver_e12e1f5.sqlite3.gz") as src, path.open("wb") as out:
        shutil.copyfileobj(src, out)
    if request.param == "sqlite":
        yield str(path)
    else:
        url = await request.getfixturevalue("pg_server").fresh_database()
        await copy_database(path, url, game)
        yield url


async def play_a_move(svc: GameService, r: random.Random) -> None:
    game = await svc.store.open_game(CHANNEL)
    assert game is not None
    st = await svc.loader.state_of(game)
    a = r.choice(vijayanagara.legal_actions(st))
    seat = decider(st)
    assert seat is not None
    order = vijayanagara.describe(st, a)
    if vijayanagara.idle_note(st, a):  # a Command that does nothing needs `confirm`
        order += "; confirm"
    reply = await svc.moves.play(CHANNEL, SEATS[seat], order, expected_version=game.version)
    assert reply.ok, reply.text


async def test_a_game_the_store_before_aiosqlite_stored_opens_and_plays_on(
    old_database: str,
) -> None:
    svc = await GameService.open(old_database, no_pictures)
    try:
        game = await svc.store.open_game(CHANNEL)
        assert game is not None and game.status == "active" and game.actions == 24
        pace = await svc.store.pace(game.id)
        assert pace is not None and pace.seconds == 7200
        r = random.Random(8)
        for _ in range(12):
            await play_a_move(svc, r)
        after = await svc.store.open_game(CHANNEL)
        assert after is not None and after.version == game.version + 12
        stored = await svc.store.actions(game.id)
        assert [a.seq for a in stored] == list(range(1, after.actions + 1))
        assert (await svc.store.turn_message(game.id)) is not None
    finally:
        await svc.close()
    again = await GameService.open(old_database, no_pictures)  # and replays after a restart
    try:
        game = await again.store.open_game(CHANNEL)
        assert game is not None and game.version == after.version
        await play_a_move(again, random.Random(9))
    finally:
        await again.close()


async def test_a_read_never_waits_for_the_writer(tmp_path: Path) -> None:
    """Another process holds the file's write lock, so the store's writer waits for it (up to
    busy_timeout): reads go on meanwhile, on their own connections (WAL)."""
    path = tmp_path / "busy.sqlite3"
    s = await SQLiteStore.open(path)
    g = await s.create_game("c1", 1, {}, creator=1, kind="vijayanagara")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process is writing
    waiting = asyncio.create_task(s.put_server_settings(ServerSettings(guild_id="g1")))
    try:
        read = await asyncio.wait_for(s.get_game(g.id), timeout=5)
        assert read.id == g.id and not waiting.done()
        assert (await asyncio.wait_for(s.open_game("c1"), timeout=5)) == read
    finally:
        other.execute("COMMIT")
        await waiting
        other.close()
    assert (await s.server_settings("g1")).guild_id == "g1"
    await s.close()


async def test_writes_made_in_one_transaction_each_keep_their_own_outcome(
    tmp_path: Path,
) -> None:
    """Writes that wait for the writer together are made in one transaction, each in its own
    savepoint: one refused (a second open game in a channel, a stale version) changes
    nothing and is told its own reason; the others are stored."""
    s: Store = await SQLiteStore.open(tmp_path / "batch.sqlite3")
    g = await s.create_game("c1", 1, {}, creator=1, kind="vijayanagara")
    outcomes = await asyncio.gather(
        s.create_game("c1", 2, {}, creator=2, kind="vijayanagara"),
        s.put_server_settings(ServerSettings(guild_id="g1", organisers="managers")),
        s.update_game(g.id, g.version + 5, seats={"D": 1}),
        s.create_game("c2", 3, {}, creator=3, kind="vijayanagara"),
        s.update_game(g.id, g.version, seats={"D": 4}),
        return_exceptions=True,
    )
    assert isinstance(outcomes[0], GameExists)
    assert outcomes[1] is None
    assert isinstance(outcomes[2], StaleAction)
    assert not isinstance(outcomes[3], BaseException) and outcomes[3].channel_id == "c2"
    assert (await s.get_game(g.id)).seats == {"D": 4}
    assert (await s.server_settings("g1")).organisers == "managers"
    assert (await s.latest_game("c1")) == await s.get_game(g.id)
    await s.close()


async def test_reads_sent_together_each_get_their_own_answer(tmp_path: Path) -> None:
    """Reads that wait for a busy reader go together in one trip: each is answered with its
    own rows, and one that fails (a game that does not exist) fails alone."""
    s = await SQLiteStore.open(tmp_path / "reads.sqlite3")
    games = [await s.create_game(f"c{i}", i, {}, creator=i, kind="vijayanagara") for i in range(6)]
    missing = max(g.id for g in games) + 1
    asked = [g.id for g in games] * 5 + [missing]
    answers = await asyncio.gather(*(s.get_game(i) for i in asked), return_exceptions=True)
    for game_id, answer in zip(asked, answers, strict=True):
        if game_id == missing:
            assert isinstance(answer, GameNotFound)
        else:
            assert not isinstance(answer, BaseException) and answer.id == game_id
    await s.close()


async def test_a_unit_of_work_that_waits_for_something_is_refused_and_leaves_nothing(
    tmp_path: Path,
) -> None:
    """A write's body runs whole on the writer's thread: one that waits for anything but its
    statements (a coding slip) is refused with the reason, its statements rolled back."""
    s = await SQLiteStore.open(tmp_path / "slip.sqlite3")

    async def waits(conn: Conn) -> None:
        await conn.execute("INSERT INTO server_settings (guild_id) VALUES ('slip')")
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="may only run statements"):
        await s._writing(waits)
    assert await s._conn.fetch("SELECT guild_id FROM server_settings") == []
    await s.put_server_settings(ServerSettings(guild_id="g1"))
    assert (await s.server_settings("g1")).guild_id == "g1"
    await s.close()


def counted_trips(store: Store, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The trips to the SQLite reader's and writer's threads from now on, counted by kind."""
    assert isinstance(store, SQLiteStore)
    trips = {"read": 0, "write": 0}
    for kind, worker in (("read", store._readers[0].worker), ("write", store._writer_conn)):

        async def counted(call: object, kind: str = kind, run: object = worker.run) -> object:
            trips[kind] += 1
            return await run(call)  # type: ignore[operator]

        monkeypatch.setattr(worker, "run", counted)
    return trips


async def stage_ended(svc: GameService, before: object) -> bool:
    """Whether the channel's game is now in another stage than at `before` (a move that ends
    a stage reads the stage's lines back, to recap it: one read trip more)."""
    after = await svc.store.open_game(CHANNEL)
    assert after is not None
    g = game("vijayanagara")
    return bool(
        turns_of(g).turn(await svc.loader.state_of(after))[1] != turns_of(g).turn(before)[1]
    )


async def test_a_move_inside_a_stage_costs_one_read_trip_and_one_write_trip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A played order reads its game, pace and turn message in one trip to the reader (a
    stage that ends adds one, to recap it from the log) and stores in one trip to the
    writer."""
    svc = await GameService.open(str(tmp_path / "trips.sqlite3"), no_pictures)
    await svc.lobby.create(CHANNEL, 1, seed=3, kind="vijayanagara")
    for seat, uid in SEATS.items():
        await svc.lobby.join(CHANNEL, uid, seat.value)
    await svc.lobby.start(CHANNEL, 1)
    trips = counted_trips(svc.store, monkeypatch)
    r = random.Random(5)
    seen: set[bool] = set()
    try:
        for _ in range(40):
            before = await svc.store.open_game(CHANNEL)
            assert before is not None
            st = await svc.loader.state_of(before)
            a = r.choice(vijayanagara.legal_actions(st))
            seat = decider(st)
            assert seat is not None
            order = vijayanagara.describe(st, a)
            if vijayanagara.idle_note(st, a):  # a Command that does nothing needs `confirm`
                order += "; confirm"
            trips.update(read=0, write=0)
            reply = await svc.moves.play(
                CHANNEL, SEATS[seat], order, expected_version=before.version
            )
            made = dict(trips)
            assert reply.ok, reply.text
            recap = await stage_ended(svc, st)
            assert made == {"read": 2 if recap else 1, "write": 1}
            seen.add(recap)
        assert seen == {False, True}  # moves inside a stage, and one that ended it
    finally:
        await svc.close()


async def test_an_ai_seats_step_reads_its_game_once_before_thinking_and_once_to_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An AI's step reads the game to think about it, then, under the channel's lock, its game
    with its pace and turn message in one trip (a stage that ends adds one, to recap it), and
    stores in one trip to the writer."""
    with ThreadPoolExecutor(1) as pool:
        svc = await GameService.open(str(tmp_path / "ai.sqlite3"), no_pictures, ai_executor=pool)
        try:
            assert (
                await svc.lobby.create(CHANNEL, 1, seed=3, ai="easy", seat="D", kind="vijayanagara")
            ).ok
            assert (await svc.lobby.start(CHANNEL, 1)).ok
            trips = counted_trips(svc.store, monkeypatch)
            r, steps = random.Random(6), 0
            while steps < 12:
                before = await svc.store.open_game(CHANNEL)
                assert before is not None
                st = await svc.loader.state_of(before)
                if svc.texts.waiting_for(before, st) == 1:
                    await play_a_move(svc, r)
                    continue
                trips.update(read=0, write=0)
                reply = await svc.ai.move(CHANNEL)
                made = dict(trips)
                assert reply is not None and reply.ok, reply
                recap = await stage_ended(svc, st)
                assert made == {"read": 3 if recap else 2, "write": 1}
                steps += 1
        finally:
            await svc.close()


async def test_a_deadlines_pass_reads_its_game_pace_turn_message_and_job_in_one_trip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat whose deadline passes for it: the due job is claimed (a write) and its game and
    the player's settings read for the reminder; the pass then reads the game with its pace,
    turn message and job in one trip, and stores in one trip to the writer."""
    now = [1_000_000.0]
    svc = await GameService.open(
        str(tmp_path / "deadline.sqlite3"), no_pictures, clock=lambda: now[0]
    )
    try:
        await svc.lobby.create(CHANNEL, 1, seed=3, kind="vijayanagara")
        for seat, uid in SEATS.items():
            await svc.lobby.join(CHANNEL, uid, seat.value)
        await svc.lobby.start(CHANNEL, 1)
        assert (await svc.club.pace(CHANNEL, 1, 24, "pass", is_manager=True)).ok
        before = await svc.store.open_game(CHANNEL)
        assert before is not None
        st = await svc.loader.state_of(before)
        assert vijayanagara.Choose(option="pass") in vijayanagara.legal_actions(st)
        now[0] += 24.1 * 3600
        trips = counted_trips(svc.store, monkeypatch)
        assert await svc.club.due_reminders() == []  # no reminder: the seat passed instead
        made = dict(trips)
        after = await svc.store.open_game(CHANNEL)
        assert after is not None and after.version == before.version + 1
        recap = await stage_ended(svc, st)
        assert made == {"read": 2 + 1 + (1 if recap else 0), "write": 1 + 1}
    finally:
        await svc.close()
