"""`vijayanagara-bot`: run the Discord bot with settings from the environment.

SIGTERM (docker stop) and SIGINT (Ctrl-C) both close it cleanly: replies in flight finish,
the gateway disconnects, the database is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import discord

from db import StorageError

from .discord_client import ShardedVijayanagaraBot, VijayanagaraBot
from .log_redaction import configure_logging
from .renderer import Renderer
from .service import GameService
from .settings import MissingToken, Settings

log = logging.getLogger("bot")


async def build(
    settings: Settings, renderer: Renderer | None = None
) -> tuple[GameService, VijayanagaraBot]:
    shard_count, shard_ids = settings.shards()  # checked before the database is opened
    service = await GameService.open(
        settings.database(),
        renderer,
        abandon_after=settings.abandon_days * 86400,
        ai_workers=settings.ai_workers,
    )
    log.info("database: %s", settings.database_for_log())
    if shard_count is None:
        return service, VijayanagaraBot(service)
    if shard_ids is None:  # every shard in this one process
        shard_ids = list(range(shard_count))
    log.info("shards %s of %d", ",".join(map(str, shard_ids)), shard_count)
    return service, ShardedVijayanagaraBot(service, shard_count=shard_count, shard_ids=shard_ids)


async def serve(service: GameService, bot: VijayanagaraBot, token: str) -> None:
    """Run until the gateway closes or a stop signal arrives; always close the database."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    signals = (signal.SIGTERM, signal.SIGINT)
    for sig in signals:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token), name="vj-gateway")
            stopping = asyncio.create_task(stop.wait(), name="vj-stop")
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if stopping.done():
                log.info("stop signal: closing")
                await bot.close()
            stopping.cancel()
            await running
    finally:
        for sig in signals:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)
        await service.close()
        log.info("closed the database")


async def run(settings: Settings) -> None:
    service, bot = await build(settings)
    await serve(service, bot, settings.token())


def main() -> None:
    try:
        settings = Settings()  # a bad SHARD_COUNT is refused here
        settings.token()
        settings.shards()
    except (MissingToken, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    configure_logging(settings.log_level)
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
    except discord.PrivilegedIntentsRequired:
        print("error: Discord asks for privileged intents this bot does not use.", file=sys.stderr)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
