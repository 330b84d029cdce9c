"""Reaching Discord: what failed, in one line.

Without a route to Discord (a name that does not resolve, a refused connection, Discord's own
outage) the bot tries to log in again with a backoff (bot/discord/discord_client.py: 6 attempts over
31 s), then says what failed in one line and exits non-zero; so too when its gateway was
never reached. While it runs, discord.py reconnects to the gateway with an exponential
backoff (a random wait of at most 1, 2, 4 ... 1024 s); each retry is logged as one line
naming what failed, not as a traceback.
"""

from __future__ import annotations

import logging

import aiohttp
import discord

# What a missing route to Discord raises (aiohttp's connection errors are OSErrors; a
# timeout is a TimeoutError; Discord's 5xx answers, DiscordServerError)
UNREACHABLE: tuple[type[BaseException], ...] = (
    OSError,
    aiohttp.ClientError,
    TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)
# ... and what discord.py retries while it runs (a gateway closed on it, too)
TRANSIENT = (*UNREACHABLE, discord.ConnectionClosed)
MAX_REASON_CHARS = 300


class DiscordUnreachable(Exception):
    """Discord could not be reached; the message says what failed, in one line."""


def what_failed(exc: BaseException) -> str:
    """One line: aiohttp's own ("Cannot connect to host discord.com:443 ssl:default [Name or
    service not known]"), or the exception's name when it has no text (a timeout)."""
    text = " ".join(str(exc).split())
    if not text:
        return "timed out" if isinstance(exc, TimeoutError) else type(exc).__name__
    return text[:MAX_REASON_CHARS]


def unreachable(exc: BaseException | None, what: str = "Discord") -> DiscordUnreachable | None:
    """The one-line error for `exc` when it is a missing route to Discord; None otherwise."""
    if isinstance(exc, DiscordUnreachable):
        return exc
    return no_route(exc, what) if isinstance(exc, UNREACHABLE) else None


def no_route(exc: BaseException, what: str = "Discord") -> DiscordUnreachable:
    return DiscordUnreachable(f"cannot reach {what}: {what_failed(exc)}")


class OneLineNetworkErrors(logging.Filter):
    """A record that carries a network error (discord.py's "Attempting a reconnect in 3.2s")
    is written as one line that ends with what failed, without the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and isinstance(exc, TRANSIENT):
            record.msg, record.args = f"{record.getMessage()} ({what_failed(exc)})", None
            record.exc_info, record.exc_text = None, None
        return True
