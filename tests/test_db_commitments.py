"""Migration 014: commitments name the game. A game dealt from its start that began before it
posted the secret's SHA-256 alone; the bot keeps showing that one for it, and every other game
(a lobby not started yet, a game whose first entries came from elsewhere, every new game)
posts and shows the commitment that names the game. The old database is made by migrations
001-013 alone; on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
from pathlib import Path

from fakes import FakeRenderer
from old_schema import postgresql_before, sqlite_before
from pg_server import PgServer

from bot.table.service import GameService
from rules.dealing import commitment

BEFORE = 13
SECRET = bytes(range(32))
_OLD_ROWS = "".join(
    f"""
INSERT INTO games (id, channel_id, seed, seats, status, version, creator, secret, dealt_from)
    VALUES ({n}, 'c{n}', 0, '{{"B": 202, "D": 101, "V": 303}}', '{status}', 1, 101,
            '{SECRET.hex()}', {dealt_from});"""
    for n, status, dealt_from in [(1, "active", 0), (2, "lobby", 0), (3, "active", 4)]
)


async def _check(database: str) -> None:
    svc = await GameService.open(database, FakeRenderer())
    try:
        shown = {n: (await svc.transfer.verify(f"c{n}")).text for n in (1, 2, 3)}
        assert f"`{hashlib.sha256(SECRET).hexdigest()}`" in shown[1], shown[1]
        assert "(SHA-256 of the secret)" in shown[1]
        assert f"`{commitment(SECRET, 2, 0)}`" in shown[2], shown[2]
        assert f"`{commitment(SECRET, 3, 4)}`" in shown[3], shown[3]
        assert (await svc.store.secret(1)).commitment_names_game is False
        assert (await svc.store.secret(2)).commitment_names_game is True
        created = await svc.store.create_game(
            "c9", 0, {}, creator=1, secret="ab", kind="vijayanagara"
        )
        assert (await svc.store.secret(created.id)).commitment_names_game is True
    finally:
        await svc.close()


async def test_sqlite_games_keep_the_commitment_they_posted(tmp_path: Path) -> None:
    await _check(sqlite_before(tmp_path / "old.sqlite3", BEFORE, _OLD_ROWS))


async def test_postgresql_games_keep_the_commitment_they_posted(pg_server: PgServer) -> None:
    await _check(await postgresql_before(pg_server, BEFORE, _OLD_ROWS))
