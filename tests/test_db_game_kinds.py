"""Migration 013: every game row names its kind, and the record takes any game's seat names.

The old database is made as today's code made it before this migration: the schema built by
migrations 001-012 alone, with a Vijayanagara game and its record in it; opening it with the
store migrates it, on SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from old_schema import postgresql_before, sqlite_before
from pg_server import PgServer

from db import GameResult, NewAction, SQLiteStore, open_store
from db.models import SeatResult
from db.schema import migrations

BEFORE = 12  # the last migration before the games' kinds


_OLD_ROWS = """
INSERT INTO games (id, channel_id, seed, options, seats, status, version, creator, secret)
    VALUES (1, 'c1', 7, '{"timurs_shadow": false}', '{"B": 2, "D": 1, "V": 3}', 'finished',
            5, 1, 'ab');
INSERT INTO actions (game_id, seq, action, faction, user_id)
    VALUES (1, 1, '{"type": "done"}', 'D', 1);
INSERT INTO results (game_id, faction, user_id, place, score, finished_at)
    VALUES (1, 'D', 1, 1, 30, 100.0), (1, 'B', 2, 2, 20, 100.0), (1, 'V', 3, 3, 10, 100.0);
"""


async def _check_migrated(url: str) -> None:
    store = await open_store(url)
    try:
        old = await store.get_game(1)
        assert old.kind == "vijayanagara"
        assert old.seats == {"D": 1, "B": 2, "V": 3}
        assert (await store.actions(1))[0].action == {"type": "done"}
        (record,) = await store.results(channel_id="c1")
        assert [(s.faction, s.place, s.score) for s in record.seats] == [
            ("D", 1, 30),
            ("B", 2, 20),
            ("V", 3, 10),
        ]
        # a game of another kind, seated by its seat names, with a record of its own
        g = await store.create_game(
            "c2", 0, {}, creator=4, kind="goat_tiger", seats={"Goats": 4}, secret="cd"
        )
        assert (g.kind, g.seats) == ("goat_tiger", {"Goats": 4})
        g = await store.update_game(
            g.id, g.version, seats={"Goats": 4, "Tigers": -2}, options={"ai": {"Tigers": "easy"}}
        )
        assert (g.seats, g.options) == ({"Goats": 4, "Tigers": -2}, {"ai": {"Tigers": "easy"}})
        g = await store.update_game(g.id, g.version, seats={"Goats": 4, "Tigers": 5}, options={})
        g = await store.update_game(g.id, g.version, status="active")
        result = GameResult(
            game_id=g.id,
            finished_at=200.0,
            seats=[
                SeatResult(faction="Tigers", user_id=5, place=1, score=1),
                SeatResult(faction="Goats", user_id=4, place=2, score=0),
            ],
        )
        g = await store.append_actions(
            g.id,
            g.version,
            [NewAction(action={"move": "a1"}, faction="Goats", user_id=4)],
            status="finished",
            result=result,
        )
        assert (await store.get_game(g.id)).kind == "goat_tiger"
        (mine,) = await store.results(channel_id="c2")
        assert {s.faction: s.place for s in mine.seats} == {"Tigers": 1, "Goats": 2}
        # a tie for first broken after the game (the Goat-Tiger tiebreak): the record says so
        g3 = await store.create_game(
            "c3", 0, {}, creator=1, seats={"D": 1, "B": 2, "V": 3}, kind="vijayanagara"
        )
        g3 = await store.update_game(g3.id, g3.version, status="active")
        tie = GameResult(
            game_id=g3.id,
            finished_at=300.0,
            seats=[
                SeatResult(faction="D", user_id=1, place=1, score=30),
                SeatResult(faction="B", user_id=2, place=1, score=30),
                SeatResult(faction="V", user_id=3, place=3, score=10),
            ],
        )
        await store.append_actions(
            g3.id, g3.version, [NewAction(action={"type": "done"})], status="finished", result=tie
        )
        await store.break_tie(g3.id, "B", ["D", "B"])
        (broken,) = await store.results(channel_id="c3")
        assert {s.faction: s.place for s in broken.seats} == {"D": 2, "B": 1, "V": 3}
    finally:
        await store.close()


async def test_sqlite_file_of_the_old_schema_migrates(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    await _check_migrated(sqlite_before(path, BEFORE, _OLD_ROWS))
    store = await SQLiteStore.open(path)
    try:
        assert await store.pragma("user_version") == len(migrations())
    finally:
        await store.close()


async def test_postgresql_database_of_the_old_schema_migrates(pg_server: PgServer) -> None:
    await _check_migrated(await postgresql_before(pg_server, BEFORE, _OLD_ROWS))
