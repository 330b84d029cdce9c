"""The bot without a route to Discord: at the start (one line, a non-zero exit), and during a
gateway outage (a stop still closes the database before `docker stop` kills the process).
The real discord.py runs against the fake Discord; its reconnect waits are set by the test
(discord.py's ExponentialBackoff), so nothing waits on the real clock."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import discord.backoff
import pytest
from discord_env import bot_command
from discord_fake import BOT_TOKEN, FakeDiscord
from fakes import FakeRenderer

import bot.discord.discord_client
from bot.discord.connection import DiscordUnreachable, OneLineNetworkErrors
from bot.discord.main import build, serve
from bot.discord.settings import Settings


class Backoff:
    """discord.py's reconnect waits, chosen by the test: each retry waits `delay` seconds;
    `waiting` is set once the client has started a wait."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, delay: float) -> None:
        self.delay = delay
        self.waiting = asyncio.Event()
        monkeypatch.setattr(discord.backoff.ExponentialBackoff, "delay", lambda _: self.next())

    def next(self) -> float:
        self.waiting.set()
        return self.delay


class Pauses:
    """The waits between login attempts, taken at once; Discord is reachable again after
    `until_reachable` of them (None: never)."""

    def __init__(self, fake: FakeDiscord, until_reachable: int | None = None) -> None:
        self.fake = fake
        self.until_reachable = until_reachable
        self.taken: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.taken.append(seconds)
        if len(self.taken) == self.until_reachable:
            self.fake.unreachable = None


@dataclass
class Served:
    fake: FakeDiscord
    stop: asyncio.Event
    task: asyncio.Task[None]
    closed: asyncio.Event  # the database was closed


@asynccontextmanager
async def serving(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fake: FakeDiscord,
    *,
    stop_within: float,
    pauses: Pauses | None = None,
) -> AsyncIterator[Served]:
    monkeypatch.setattr(aiohttp, "ClientSession", fake.session_factory)
    settings = Settings(discord_token=BOT_TOKEN, chaupal_db=str(tmp_path / "bot.sqlite3"))
    service, bot = await build(settings, FakeRenderer())
    bot.pause = pauses or Pauses(fake)
    closed = asyncio.Event()
    close = service.close

    async def closing() -> None:
        await close()
        closed.set()

    monkeypatch.setattr(service, "close", closing)
    stop = asyncio.Event()
    task = asyncio.create_task(serve(service, bot, BOT_TOKEN, stop=stop, stop_within=stop_within))
    try:
        yield Served(fake, stop, task, closed)
    finally:
        if not task.done():
            task.cancel()
            await asyncio.wait({task})


async def test_a_stop_during_a_gateway_outage_closes_the_database_in_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Connected; then Discord drops the gateway and refuses every reconnect, and the client
    waits out its backoff (an hour here, as deep in an outage). A stop signal then ends it
    within the stop budget and closes the database (discord.py's wait is cancelled)."""
    backoff = Backoff(monkeypatch, 3600.0)
    fake = FakeDiscord()
    async with serving(tmp_path, monkeypatch, fake, stop_within=0.2) as served:
        await fake.until(lambda: fake.gateway is not None and fake.gateway.identified.is_set())
        gateway = fake.gateway
        assert gateway is not None
        fake.unreachable = "refused"
        gateway.close_code = 1006  # dropped by Discord's side: the client reconnects
        gateway.queue.put_nowait(aiohttp.WSMessage(aiohttp.WSMsgType.CLOSED, None, None))
        await asyncio.wait_for(backoff.waiting.wait(), 5)  # it waits to reconnect
        assert fake.refused >= 1
        await asyncio.sleep(0)  # (into the wait itself)
        served.stop.set()
        # the budget is 0.2 s; 5 s only bounds a failure (the old code waited the hour out)
        await asyncio.wait_for(served.task, 5)
        assert served.closed.is_set()


async def test_a_stop_while_connected_closes_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeDiscord()
    async with serving(tmp_path, monkeypatch, fake, stop_within=5.0) as served:
        await fake.until(lambda: fake.gateway is not None and fake.gateway.identified.is_set())
        served.stop.set()
        await asyncio.wait_for(served.task, 5)
        assert served.closed.is_set()
        gateway = fake.gateway
        assert gateway is not None and gateway.close_code == 1000  # disconnected, not cut


async def test_a_gateway_never_reached_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord's API answers but its gateway refuses every connection from the start:
    discord.py fails at its first retry (it resumes a session that never was); the bot says
    what failed instead, and closes the database."""
    Backoff(monkeypatch, 0.0)
    fake = FakeDiscord()
    fake.unreachable, fake.gateway_only = "refused", True
    async with serving(tmp_path, monkeypatch, fake, stop_within=5.0) as served:
        with pytest.raises(DiscordUnreachable) as e:
            await asyncio.wait_for(served.task, 5)
        assert str(e.value) == (
            "cannot reach Discord's gateway: Cannot connect to host gateway.discord.gg:443 "
            "ssl:default [Connection refused]"
        )
        assert served.closed.is_set()


async def test_the_bot_logs_in_once_discord_can_be_reached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord's name does not resolve yet (a container's network coming up): the login is
    tried again after 1 s, then 2 s, and the bot runs."""
    fake = FakeDiscord()
    fake.unreachable = "dns"
    pauses = Pauses(fake, until_reachable=2)
    async with serving(tmp_path, monkeypatch, fake, stop_within=5.0, pauses=pauses) as served:
        await fake.until(lambda: fake.gateway is not None and fake.gateway.identified.is_set())
        assert pauses.taken == [1.0, 2.0]
        served.stop.set()
        await asyncio.wait_for(served.task, 5)
    retries = [r.getMessage() for r in caplog.records if "trying again" in r.getMessage()]
    assert retries[0] == (
        "cannot reach Discord: Cannot connect to host discord.com:443 ssl:default [Name or "
        "service not known]; trying again in 1 s (attempt 1 of 6)"
    )
    assert len(retries) == 2


async def test_the_login_gives_up_after_six_attempts_over_half_a_minute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeDiscord()
    fake.unreachable = "refused"
    pauses = Pauses(fake)
    async with serving(tmp_path, monkeypatch, fake, stop_within=5.0, pauses=pauses) as served:
        with pytest.raises(DiscordUnreachable) as e:
            await asyncio.wait_for(served.task, 5)
        assert str(e.value) == (
            "cannot reach Discord: Cannot connect to host discord.com:443 ssl:default "
            "[Connection refused] (tried 6 times)"
        )
        assert pauses.taken == [1.0, 2.0, 4.0, 8.0, 16.0]
        assert fake.refused == 6
        assert served.closed.is_set()


def test_a_reconnect_is_logged_in_one_line_that_says_what_failed() -> None:
    try:
        raise _refused()
    except aiohttp.ClientError:
        record = logging.LogRecord(
            "discord.client", logging.ERROR, __file__, 1, "Attempting a reconnect in %.2fs",
            (1.5,), sys.exc_info(),
        )  # fmt: skip
    assert OneLineNetworkErrors().filter(record)
    line = logging.Formatter("%(message)s").format(record)
    assert line == (
        "Attempting a reconnect in 1.50s (Cannot connect to host gateway.discord.gg:443 "
        "ssl:default [Connection refused])"
    )


def _refused() -> aiohttp.ClientConnectorError:
    from discord_fake import _no_route

    return _no_route("refused", "gateway.discord.gg")


@pytest.mark.parametrize(
    ("how", "reason"), [("dns", "Name or service not known"), ("refused", "Connection refused")]
)
def test_no_route_to_discord_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str, reason: str
) -> None:
    """`chaupal-bot` with a token but no route to Discord: one line, exit 1 (it printed
    a 78-line aiohttp traceback). Its login retries wait on no real clock."""
    fake = FakeDiscord()
    fake.unreachable = how
    monkeypatch.setattr(bot.discord.discord_client, "LOGIN_FIRST_WAIT", 0.0)
    status, err = bot_command(
        fake,
        monkeypatch,
        DISCORD_TOKEN=BOT_TOKEN,
        CHAUPAL_DB=str(tmp_path / "proc.sqlite3"),
        LOG_LEVEL="INFO",
    )
    assert status == 1, err
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert errors == [
        "error: cannot reach Discord: Cannot connect to host discord.com:443 ssl:default "
        f"[{reason}] (tried 6 times)"
    ]
    assert "closed the database" in err
