"""`vijayanagara-bot`: run the Discord bot with settings from the environment."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from .settings import MissingToken, Settings

log = logging.getLogger("bot")


async def run(settings: Settings) -> None:
    from .discord_adapter import VijayanagaraBot
    from .service import GameService

    token = settings.token()
    service = await GameService.open(settings.vijayanagara_db)
    log.info("database: %s", settings.vijayanagara_db)
    bot = VijayanagaraBot(service)
    try:
        async with bot:
            await bot.start(token)
    finally:
        await service.close()


def main() -> None:
    settings = Settings()
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        settings.token()
    except MissingToken as e:
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(settings))


if __name__ == "__main__":
    main()
