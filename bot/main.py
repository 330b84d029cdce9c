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

from .discord_client import VijayanagaraBot
from .log_redaction import configure_logging
from .renderer import Renderer
from .service import GameService
from .settings import MissingToken, Settings

log = logging.getLogger("bot")


async def build(
    settings: Settings, renderer: Renderer | None = None
) -> tuple[GameService, VijayanagaraBot]:
    service = await GameService.open(settings.vijayanagara_db, renderer)
    log.info("database: %s", settings.vijayanagara_db)
    return service, VijayanagaraBot(service)


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
    settings = Settings()
    configure_logging(settings.log_level)
    try:
        settings.token()
    except MissingToken as e:
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    try:
        asyncio.run(run(settings))
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
