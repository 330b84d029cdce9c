"""A new game (create, create with AI seats, import, rematch) is stored with its announcement,
its seats and its first wait in one transaction: a process that dies at any write of the
command leaves either nothing (the channel is free) or the whole game, owed to the channel,
seated, and waited for. On both backends: each command runs once whole, counting its writes
(every write of the store is one transaction, `SQLStore._writing`), then once for each of them with
the process dying as that write begins."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from fakes import SEATS, FakeRenderer, Seeds
from test_reminders import Clock
from test_service import seated

from bot.table.ai_users import AI_USERS
from bot.table.reply import Reply
from bot.table.service import GameService
from db import GameRecord
from db.sql_store import SQLStore
from rules import vijayanagara

F = vijayanagara.Faction
D, B, V = SEATS[F.D], SEATS[F.B], SEATS[F.V]
CH = "chan-1"
GUILD = "guild-1"


class Crash(BaseException):
    """The process dies here: no handler of the bot's catches it."""


class Writes:
    """Counts the store's writes as they begin; the process dies as number `survives + 1`
    begins (never, for None)."""

    def __init__(self, store: SQLStore, survives: int | None) -> None:
        self.store, self.real = store, store._writing
        self.count = 0

        async def writing(body: Callable[[Any], Coroutine[Any, Any, Any]]) -> Any:
            if self.count == survives:
                raise Crash(f"write {self.count + 1}")
            self.count += 1
            return await self.real(body)

        store._writing = writing  # type: ignore[method-assign]

    def stop(self) -> None:
        self.store._writing = self.real  # type: ignore[method-assign]


Command = Callable[[GameService, str], Awaitable[object]]
Check = Callable[[GameService, str], Awaitable[None]]


async def run(database_url: str, command: Command, channel: str, survives: int | None) -> int:
    """Run `command` in `channel`, the process dying as write `survives + 1` begins (None:
    it lives); the number of writes it began."""
    svc = await GameService.open(database_url, FakeRenderer(), clock=Clock(), seed_source=Seeds())
    store = svc.store
    assert isinstance(store, SQLStore)
    writes = Writes(store, survives)
    try:
        with contextlib.suppress(Crash):
            await command(svc, channel)
    finally:
        writes.stop()  # what the dead process left is what the restarted one finds
        await svc.close()
    return writes.count


async def every_crash(
    database_url: str,
    command: Command,
    check: Check,
    setup: Callable[[GameService, str], Awaitable[None]] | None = None,
) -> None:
    """`command` whole, then dying at each of its writes, each in a channel of its own; the
    restarted bot `check`s each channel."""

    async def prepared(channel: str) -> str:
        if setup is not None:
            svc = await GameService.open(
                database_url, FakeRenderer(), clock=Clock(), seed_source=Seeds()
            )
            try:
                await setup(svc, channel)
            finally:
                await svc.close()
        return channel

    writes = await run(database_url, command, await prepared("whole"), None)
    assert writes >= 1
    channels = ["whole"]
    for survives in range(writes):
        channels.append(await prepared(f"crash-{survives}"))
        assert await run(database_url, command, channels[-1], survives) == survives
    svc = await GameService.open(database_url, FakeRenderer(), clock=Clock(), seed_source=Seeds())
    try:
        for channel in channels:
            await check(svc, channel)
    finally:
        await svc.close()


async def announced(svc: GameService, game: GameRecord) -> str:
    """The text the restarted bot owes the channel for the game as it stands."""
    owed = {
        (o.game_id, o.version): reply.text
        for o, reply in await svc.outbox.owed(limit=100, ignore_backoff=True)
    }
    assert (game.id, game.version) in owed, f"game {game.id} is stored but never announced"
    return owed[(game.id, game.version)]


async def test_a_crash_while_creating_leaves_the_channel_free_or_the_game_announced(
    database_url: str,
) -> None:
    async def creating(s: GameService, channel: str) -> Reply:
        return await s.lobby.create(channel, D, guild=GUILD, kind="vijayanagara")

    async def check(svc: GameService, channel: str) -> None:
        game = await svc.store.open_game(channel)
        if game is None:  # nothing was stored: the channel is free
            assert (await creating(svc, channel)).ok
        else:
            assert f"game {game.id}" in await announced(svc, game)

    await every_crash(database_url, creating, check)


async def test_a_crash_while_creating_with_ais_leaves_no_game_without_its_ai_seats(
    database_url: str,
) -> None:
    async def creating(s: GameService, channel: str) -> Reply:
        return await s.lobby.create(
            channel, B, guild=GUILD, ai="easy", seat="B", kind="vijayanagara"
        )

    async def check(svc: GameService, channel: str) -> None:
        game = await svc.store.open_game(channel)
        if game is None:  # nothing was stored: the channel is free
            assert (await creating(svc, channel)).ok
            return
        easy = AI_USERS["easy"]
        assert game.seats == {"D": easy, "B": B, "V": easy}, game.seats
        text = await announced(svc, game)
        assert f"game {game.id}" in text and "the easy AI plays" in text, text

    await every_crash(database_url, creating, check)


async def test_a_crash_during_a_rematch_leaves_no_seatless_lobby(database_url: str) -> None:
    async def ended(s: GameService, channel: str) -> None:
        assert (await s.lobby.create(channel, D, kind="vijayanagara")).ok
        for f, uid in SEATS.items():
            assert (await s.lobby.join(channel, uid, f.value)).ok
        assert (await s.lobby.abort(channel, D)).ok

    async def rematch(s: GameService, channel: str) -> Reply:
        return await s.club.rematch(channel, D)

    async def check(svc: GameService, channel: str) -> None:
        game = await svc.store.open_game(channel)
        if game is None:  # nothing was stored: the rematch can be called again
            assert (await rematch(svc, channel)).ok
        else:
            assert game.seats == {"B": D, "V": B, "D": V}  # rotated, as the rematch said
            text = await announced(svc, game)
            assert f"Rematch of game {game.id - 1}: game {game.id}" in text

    await every_crash(database_url, rematch, check, setup=ended)


async def test_a_crash_during_an_import_leaves_no_unannounced_or_unawaited_game(
    database_url: str,
) -> None:
    first = await GameService.open(database_url, FakeRenderer(), clock=Clock(), seed_source=Seeds())
    await seated(first)
    export = await first.transfer.export(CH)
    assert export.file is not None
    await first.close()
    data = export.file.data

    async def importing(s: GameService, channel: str) -> Reply:
        return await s.transfer.import_game(channel, D, data, claim="D B V", guild=GUILD)

    async def check(svc: GameService, channel: str) -> None:
        game = await svc.store.open_game(channel)
        if game is None:  # nothing was stored: the upload can be tried again
            assert (await importing(svc, channel)).ok
            return
        assert game.status == "active"
        assert f"Imported game {game.id}" in await announced(svc, game)
        decider = vijayanagara.decider(await svc.loader.state_of(game))
        assert decider is not None
        job = await svc.store.reminder(game.id)
        assert job is not None, "the imported game waits for nobody: no reminder ever comes"
        assert (job.user_id, job.version) == (game.seats[decider.value], game.version)

    await every_crash(database_url, importing, check)


async def test_an_imported_game_reminds_whoever_it_waits_for(database_url: str) -> None:
    svc = await GameService.open(database_url, FakeRenderer(), clock=Clock(), seed_source=Seeds())
    try:
        await seated(svc)
        export = await svc.transfer.export(CH)
        assert export.file is not None
        assert (await svc.transfer.import_game("chan-2", D, export.file.data, claim="D B V")).ok
        game = await svc.store.open_game("chan-2")
        assert game is not None
        job = await svc.store.reminder(game.id)
        assert job is not None and job.user_id == D and job.due_at > job.since
        # B decides first in this game (seated): with B's seat left free, nobody is reminded
        assert (await svc.transfer.import_game("chan-3", D, export.file.data, claim="D V")).ok
        free = await svc.store.open_game("chan-3")
        assert free is not None and "B" not in free.seats
        assert vijayanagara.decider(await svc.loader.state_of(free)) == F.B
        assert await svc.store.reminder(free.id) is None
    finally:
        await svc.close()
