"""The tests' PostgreSQL server gives each test a database as new: a schema another test used
is given again only emptied, and only when its shape is a fresh one's."""

from __future__ import annotations

import asyncpg
import pytest
from pg_server import PgServer

from db.postgres import PostgresStore


async def _one_game(url: str, channel: str = "c") -> int:
    store = await PostgresStore.open(url)
    try:
        game = await store.create_game(channel, 1, {}, 1, kind="vijayanagara")
        return game.id
    finally:
        await store.close()


async def test_a_used_schema_comes_back_empty_with_ids_from_one(pg_server: PgServer) -> None:
    url = await pg_server.migrated_database()
    first = await _one_game(url)
    assert await _one_game(url, "d") == first + 1
    await pg_server.recycle(url)
    again = await pg_server.migrated_database()
    assert again == url  # the same schema, given again
    store = await PostgresStore.open(again)
    try:
        assert await store.count_games() == 0
    finally:
        await store.close()
    assert await _one_game(again) == first  # the ids count from the start again
    await pg_server.recycle(again)


@pytest.mark.parametrize(
    "change",
    [
        "ALTER TABLE games ADD COLUMN extra INTEGER",
        "CREATE INDEX games_extra ON games (id, version)",
        "DROP TABLE paces",  # a drop, which the server notes apart
        "CREATE FUNCTION extra() RETURNS integer LANGUAGE sql AS 'SELECT 1'",
        "DELETE FROM schema_version WHERE version = (SELECT MAX(version) FROM schema_version)",
    ],
    ids=["column", "index", "drop", "function", "version"],
)
async def test_a_schema_whose_shape_a_test_changed_is_dropped(
    pg_server: PgServer, change: str
) -> None:
    url = await pg_server.migrated_database()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(change)
    finally:
        await conn.close()
    await pg_server.recycle(url)
    fresh = await pg_server.migrated_database()
    assert fresh != url
    conn = await asyncpg.connect(fresh)
    try:
        left = await conn.fetchval(
            "SELECT count(*) FROM pg_namespace WHERE nspname = $1", url.rsplit("=", 1)[1]
        )
        assert left == 0
    finally:
        await conn.close()
    await pg_server.recycle(fresh)
