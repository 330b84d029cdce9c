"""A new game (create, import, rematch) is stored with its announcement and its first wait in
one transaction: a process that dies at any write of the command leaves either nothing (the
channel is free) or the whole game, owed to the channel, seated, and waited for. On both
backends, with the crash injected before each write the command makes."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from fakes import SEATS, FakeRenderer
from test_reminders import Clock
from test_service import seated

from bot.reply import Reply
from bot.service import GameService
from db import GameRecord, Store
from rules import vijayanagara

F = vijayanagara.Faction
D, B, V = SEATS[F.D], SEATS[F.B], SEATS[F.V]
CH = "chan-1"
# the Store methods that write (a crash is injected before one of them runs)
WRITES = frozenset(
    {
        "create_game",
        "import_game",
        "update_game",
        "append_actions",
        "fill_log",
        "set_pace",
        "put_server_settings",
    }
)


class Crash(BaseException):
    """The process dies here: no handler of the bot's catches it."""


class CrashingStore:
    """The real store, until the process dies as its write number `survives + 1` begins."""

    def __init__(self, store: Store, survives: int) -> None:
        self.store = store
        self.left = survives
        self.crashed = False

    def __getattr__(self, name: str) -> Any:
        real = getattr(self.store, name)
        if name not in WRITES:
            return real

        async def write(*args: Any, **kwargs: Any) -> Any:
            if self.left == 0:
                self.crashed = True
                raise Crash(name)
            self.left -= 1
            return await real(*args, **kwargs)

        return write


Command = Callable[[GameService], Awaitable[object]]


async def crash_and_restart(database_url: str, command: Command, survives: int) -> GameService:
    """Run `command` on a service whose process dies after `survives` writes; then the
    restarted service on the same database (the caller closes it)."""
    real = await GameService.open(database_url, FakeRenderer(), clock=Clock())
    crashing = CrashingStore(real.store, survives)
    dying = GameService(crashing, FakeRenderer(), clock=Clock())  # type: ignore[arg-type]
    with contextlib.suppress(Crash):
        await command(dying)
    dying.ai.close()
    await real.close()
    return await GameService.open(database_url, FakeRenderer(), clock=Clock())


async def announced(svc: GameService, game: GameRecord) -> str:
    """The text the restarted bot owes the channel for the game as it stands."""
    owed = {
        (o.game_id, o.version): reply.text
        for o, reply in await svc.owed(limit=100, ignore_backoff=True)
    }
    assert (game.id, game.version) in owed, f"game {game.id} is stored but never announced"
    return owed[(game.id, game.version)]


@pytest.mark.parametrize("survives", [0, 1, 2])
async def test_a_crash_while_creating_leaves_the_channel_free_or_the_game_announced(
    database_url: str, survives: int
) -> None:
    svc = await crash_and_restart(database_url, lambda s: s.create(CH, D), survives)
    try:
        game = await svc.store.open_game(CH)
        if game is None:  # nothing was stored: the channel is free
            assert (await svc.create(CH, D)).ok
        else:
            assert f"game {game.id}" in await announced(svc, game)
    finally:
        await svc.close()


@pytest.mark.parametrize("survives", [0, 1, 2])
async def test_a_crash_during_a_rematch_leaves_no_seatless_lobby(
    database_url: str, survives: int
) -> None:
    first = await GameService.open(database_url, FakeRenderer(), clock=Clock())
    assert (await first.create(CH, D)).ok
    for f, uid in SEATS.items():
        assert (await first.join(CH, uid, f.value)).ok
    assert (await first.abort(CH, D)).ok
    await first.close()

    svc = await crash_and_restart(database_url, lambda s: s.rematch(CH, D), survives)
    try:
        game = await svc.store.open_game(CH)
        if game is None:  # nothing was stored: the rematch can be called again
            assert (await svc.rematch(CH, D)).ok
        else:
            assert game.seats == {"B": D, "V": B, "D": V}  # rotated, as the rematch said
            assert f"Rematch of game {game.id - 1}: game {game.id}" in await announced(svc, game)
    finally:
        await svc.close()


@pytest.mark.parametrize("survives", [0, 1, 2])
async def test_a_crash_during_an_import_leaves_no_unannounced_or_unawaited_game(
    database_url: str, survives: int
) -> None:
    first = await GameService.open(database_url, FakeRenderer(), clock=Clock())
    await seated(first)
    export = await first.export(CH)
    assert export.file is not None
    await first.close()

    data = export.file.data

    async def importing(s: GameService) -> Reply:
        return await s.import_game("chan-2", D, data, claim="D B V")

    svc = await crash_and_restart(database_url, importing, survives)
    try:
        game = await svc.store.open_game("chan-2")
        if game is None:  # nothing was stored: the upload can be tried again
            assert (await importing(svc)).ok
        else:
            assert game.status == "active"
            assert f"Imported game {game.id}" in await announced(svc, game)
            state = await svc.state_of(game)
            decider = vijayanagara.decider(state)
            assert decider is not None
            job = await svc.store.reminder(game.id)
            assert job is not None, "the imported game waits for nobody: no reminder ever comes"
            assert (job.user_id, job.version) == (game.seats[decider.value], game.version)
    finally:
        await svc.close()


async def test_an_imported_game_reminds_whoever_it_waits_for(database_url: str) -> None:
    svc = await GameService.open(database_url, FakeRenderer(), clock=Clock())
    try:
        await seated(svc)
        export = await svc.export(CH)
        assert export.file is not None
        assert (await svc.import_game("chan-2", D, export.file.data, claim="D B V")).ok
        game = await svc.store.open_game("chan-2")
        assert game is not None
        job = await svc.store.reminder(game.id)
        assert job is not None and job.user_id == D and job.due_at > job.since
        # B decides first in this game (seated): with B's seat left free, nobody is reminded
        assert (await svc.import_game("chan-3", D, export.file.data, claim="D V")).ok
        free = await svc.store.open_game("chan-3")
        assert free is not None and "B" not in free.seats
        assert vijayanagara.decider(await svc.state_of(free)) == F.B
        assert await svc.store.reminder(free.id) is None
    finally:
        await svc.close()
