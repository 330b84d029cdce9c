"""A server's records count the games stored before their server was noted.

Migration 012 began noting each game's server (a player's history and stats are per server)
but could not know the server of the games stored before it; the bot asks the chat for the
server of each such game's channel when a server's records are read (`_place_channels`). The
old database is made as the code before migration 012 made it: the schema of migrations
001-011 alone, with finished games and their records in it; on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from fakes import SEATS, FakeRenderer
from old_schema import postgresql_before, sqlite_before
from pg_server import PgServer

from bot.table.parts import ChatHooks
from bot.table.service import GameService
from rules import vijayanagara

BEFORE = 11  # the last migration before the games' servers were noted
D = SEATS[vijayanagara.Faction.D]
SERVERS = {"c-one": "g1", "c-two": "g2", "c-three": "g1"}  # what the chat says; c-gone: nothing

_OLD_ROWS = "".join(
    f"""
INSERT INTO games (id, channel_id, seed, seats, status, version, creator, secret)
    VALUES ({n}, '{channel}', 7, '{{"B": 202, "D": 101, "V": 303}}', 'finished', 5, 101, 'ab');
INSERT INTO results (game_id, faction, user_id, place, score, finished_at)
    VALUES ({n}, 'D', 101, {1 if n % 2 else 2}, 30, {100.0 + n}),
           ({n}, 'B', 202, {2 if n % 2 else 1}, 20, {100.0 + n}),
           ({n}, 'V', 303, 3, 10, {100.0 + n});
"""
    for n, channel in enumerate(["c-one", "c-two", "c-three", "c-gone"], start=1)
)


async def _check(database: str) -> None:
    asked: list[str] = []

    async def chat_says(channel: str) -> str | None:
        asked.append(channel)
        return SERVERS.get(channel)

    svc = await GameService.open(database, FakeRenderer(), chat=ChatHooks(channel_server=chat_says))
    try:
        one = (await svc.club.history("c-one", D, guild="g1")).text
        assert "Game 1 in channel c-one" in one and "Game 3 in channel c-three" in one, one
        assert one.count("• Game") == 2  # not game 2 (another server), nor 4 (unknown)
        # asked in c-one, the bot knows its server; each of the others is asked once
        assert sorted(asked) == ["c-gone", "c-three", "c-two"]
        two = (await svc.club.history("c-two", D, guild="g2")).text
        assert two.count("• Game") == 1 and "Game 2 in channel c-two" in two, two
        assert "No finished games" in (await svc.club.history("c-x", D, guild="g3")).text
        stats = (await svc.club.stats(D, guild="g1", kind="vijayanagara")).text
        assert "(2 finished games)" in stats and "2 wins in 2 seats" in stats, stats
        stats = (await svc.club.stats(D, guild="g2", kind="vijayanagara")).text
        assert "(1 finished game)" in stats and "0 wins in 1 seat" in stats, stats
        everywhere = (
            await svc.club.stats(D, kind="vijayanagara")
        ).text  # where there are no servers (the terminal)
        assert "(4 finished games)" in everywhere, everywhere
        assert len(asked) == 3  # a channel the chat could not place is not asked again
    finally:
        await svc.close()


async def test_old_games_on_sqlite_count_on_their_own_server_only(tmp_path: Path) -> None:
    await _check(sqlite_before(tmp_path / "old.sqlite3", BEFORE, _OLD_ROWS))


async def test_old_games_on_postgresql_count_on_their_own_server_only(
    pg_server: PgServer,
) -> None:
    await _check(await postgresql_before(pg_server, BEFORE, _OLD_ROWS))
