"""`chaupal-bot`: run the Discord bot with settings from the environment.

SIGTERM (docker stop) and SIGINT (Ctrl-C) both close it cleanly: replies in flight finish,
the gateway disconnects, the database is closed, within 9 s even in a gateway outage. Without
a route to Discord it says what failed in one line and exits 1 (bot/discord/connection.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..product import by_old_name, notice
from .settings import MissingToken, Settings

if TYPE_CHECKING:
    from ..table.games.entry import Registry
    from ..table.parts import ChatHooks
    from ..table.renderer import Renderer
    from ..table.service import GameService
    from .discord_client import ChaupalBot

# discord.py, the games and the storage are imported where they are first needed, once the
# settings and the token are checked: a command refused for a missing token, in a script or a
# container's restart loop, answers in a tenth of the time (a second of imports saved).

log = logging.getLogger("bot")

# `docker stop` sends SIGTERM and kills the process 10 s later: the client is stopped within
# this many seconds, so that the database is closed before.
STOP_WITHIN = 9.0
GATEWAY_GRACE = 1.0  # seconds the client's task has to end by itself once it is closed


async def build(
    settings: Settings,
    renderer: Renderer | None = None,
    *,
    seed_source: Callable[[], int] | None = None,
    games: Registry | None = None,
) -> tuple[GameService, ChaupalBot]:
    """The service and its client. `seed_source`: a fixed seed per new game (tests); `games`:
    the games hosted (None: the bot's). A setting the service refuses (a pool of one worker)
    closes the database again."""
    from db import open_store

    from ..table.registry import hosted
    from ..table.service import GameService
    from .front_end import discord_front

    table = hosted(games)
    shard_count, shard_ids = settings.shards()  # checked before the database is opened
    store = await open_store(settings.database())
    log.info("database: %s", settings.database_for_log())

    def service(chat: ChatHooks) -> GameService:
        return GameService(
            store,
            renderer,
            abandon_after=settings.abandon_days * 86400,
            ai_workers=settings.ai_workers,
            seed_source=seed_source,
            chat=chat,
            registry=table,
            front=discord_front(table),
        )

    try:
        bot = client(service, shard_count, shard_ids)
    except BaseException:
        await store.close()
        raise
    return bot.service, bot


def client(
    service: Callable[[ChatHooks], GameService],
    shard_count: int | None,
    shard_ids: list[int] | None,
) -> ChaupalBot:
    from .discord_client import ChaupalBot, ShardedChaupalBot

    if shard_count is None:
        return ChaupalBot(service)
    if shard_ids is None:  # every shard in this one process
        shard_ids = list(range(shard_count))
    log.info("shards %s of %d", ",".join(map(str, shard_ids)), shard_count)
    return ShardedChaupalBot(service, shard_count=shard_count, shard_ids=shard_ids)


async def serve(
    service: GameService,
    bot: ChaupalBot,
    token: str,
    *,
    stop: asyncio.Event | None = None,
    stop_within: float = STOP_WITHIN,
) -> None:
    """Run until the gateway closes or a stop signal arrives (or `stop` is set); always close
    the database. A stop ends the client within `stop_within` seconds, even in the middle of a
    gateway outage (discord.py waits out its reconnect backoff otherwise). DiscordUnreachable
    when Discord cannot be reached."""
    from .connection import unreachable

    loop = asyncio.get_running_loop()
    stop = stop or asyncio.Event()
    signals = (signal.SIGTERM, signal.SIGINT)
    for sig in signals:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    running = asyncio.create_task(bot.start(token), name="vj-gateway")
    stopping = asyncio.create_task(stop.wait(), name="vj-stop")
    try:
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            log.info("stop signal: closing")
    finally:
        stopping.cancel()
        try:
            await close_within(bot, running, stop_within)
        finally:
            for sig in signals:
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.remove_signal_handler(sig)
            await service.close()
            log.info("closed the database")
    failure = None if running.cancelled() else running.exception()
    if failure is not None and not stop.is_set():
        raise unreachable(failure) or failure


async def close_within(bot: ChaupalBot, running: asyncio.Task[None], within: float) -> None:
    """Close the client (replies in flight get their time: bot.close) and end its task, both
    within `within` seconds: what is still running then (a reconnect's backoff, a connection
    attempt to an unreachable gateway) is cancelled."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    closing = asyncio.ensure_future(bot.close())
    await asyncio.wait({closing}, timeout=within)
    if not running.done():  # a connected gateway ends at once; a reconnect's wait does not
        await asyncio.wait({running}, timeout=max(0.0, min(GATEWAY_GRACE, deadline - loop.time())))
    late = [task for task in (closing, running) if not task.done()]
    for task in late:
        task.cancel()
    if late:
        log.info("the Discord client was still waiting (to reconnect, or to connect): cancelled")
        await asyncio.wait(late)


async def run(settings: Settings) -> None:
    service, bot = await build(settings)
    warming = asyncio.create_task(service.ai.warm(), name="vj-ai-warm")  # while logging in
    try:
        await serve(service, bot, settings.token())
    finally:
        warming.cancel()


def main() -> None:
    try:
        settings = Settings()  # a bad SHARD_COUNT is refused here
        for line in settings.notices():  # a setting read under its old name
            notice(line)
        settings.token()
        settings.shards()
    except (MissingToken, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    run_checked(settings)


def run_checked(settings: Settings) -> None:
    """The bot on settings already checked, until it stops; each failure it cannot get past
    said in a line, with the exit status for it."""
    import discord

    from db import StorageError

    from .connection import DiscordUnreachable, OneLineNetworkErrors
    from .log_redaction import configure_logging

    configure_logging(settings.log_level).addFilter(OneLineNetworkErrors())
    try:
        asyncio.run(run(settings))
    except StorageError as e:  # e.g. PostgreSQL unreachable or refusing the login
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    except discord.LoginFailure:
        print(
            "error: Discord refused the bot token in DISCORD_TOKEN (401 Unauthorized). Copy a "
            "fresh one from the Developer Portal (Bot → Reset Token) and start again.",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    except DiscordUnreachable as e:  # no route to Discord (DNS, a refused connection)
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(1) from None
    except discord.PrivilegedIntentsRequired:
        print("error: Discord asks for privileged intents this bot does not use.", file=sys.stderr)
        raise SystemExit(2) from None


main_by_old_name = by_old_name("vijayanagara-bot", main)

if __name__ == "__main__":
    main()
