"""The bot as `bot/discord/main.py` builds and serves it, against the fake Discord
(discord_fake.py)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import threading
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from discord_fake import BOT_TOKEN, FakeDiscord, Interaction, Message
from fakes import PNG, SEATS, Seeds

from bot.discord.discord_client import ChaupalBot
from bot.discord.main import build, serve
from bot.discord.settings import Settings
from bot.table.games.entry import Registry
from bot.table.service import GameService
from rules import vijayanagara

D, B, V = (
    SEATS[vijayanagara.Faction.D],
    SEATS[vijayanagara.Faction.B],
    SEATS[vijayanagara.Faction.V],
)
HELD_AT_MOST = 60.0  # seconds: only so that a broken test fails instead of hanging


class SlowRenderer:
    """A renderer that can be held, as a big board holds its worker thread: while held, a call
    waits in its thread until the test releases it, so the test says when the board is ready
    instead of sleeping."""

    def __init__(self) -> None:
        self.calls = 0
        self.names: Mapping[str, str] | None = None  # the players named on the last board
        self.waiting = threading.Event()  # a call is held
        self._open = threading.Event()
        self._open.set()

    def hold(self) -> None:
        self.waiting.clear()
        self._open.clear()

    def release(self) -> None:
        self._open.set()

    def __call__(self, kind: str, view: object, names: Mapping[str, str] | None = None) -> bytes:
        self.calls += 1
        self.names = names
        if not self._open.is_set():
            self.waiting.set()
            if not self._open.wait(HELD_AT_MOST):
                raise TimeoutError("the test never released the renderer")
        return PNG


@dataclass
class Env:
    fake: FakeDiscord
    service: GameService
    bot: ChaupalBot
    renderer: SlowRenderer
    task: asyncio.Task[None]

    async def slash(self, user: int, command: str, **options: object) -> Interaction:
        inter = self.fake.slash(user, command, **options)  # type: ignore[arg-type]
        await self.fake.settle()
        return inter

    async def click(self, user: int, message: Message, custom_id: str) -> Interaction:
        inter = self.fake.click(user, message, custom_id)
        await self.fake.settle()
        return inter

    async def select(
        self, user: int, message: Message, custom_id: str, values: list[str]
    ) -> Interaction:
        inter = self.fake.select(user, message, custom_id, values)
        await self.fake.settle()
        return inter

    async def started(self) -> Message:
        """A game created, three seats taken, started: the start message (B acts first)."""
        await self.slash(D, "create")
        for f, uid in SEATS.items():
            await self.slash(uid, "join", faction=f.value)
        await self.slash(D, "start")
        return self.fake.visible[-1]

    async def state(self) -> tuple[int, vijayanagara.GameState]:
        game = await self.service.store.open_game(str(self.fake_channel))
        assert game is not None
        return game.version, await self.service.loader.state_of(game)

    @property
    def fake_channel(self) -> int:
        from discord_fake import CHANNEL

        return CHANNEL


@asynccontextmanager
async def running_bot(
    db: Path | str,
    monkeypatch: pytest.MonkeyPatch,
    fake: FakeDiscord | None = None,
    *,
    shard_count: int | None = None,
    shard_ids: str | None = None,
    games: Registry | None = None,
    migrated: bytes | None = None,
    outbox_interval: float = 0.2,
) -> AsyncIterator[Env]:
    """Start the bot the way `chaupal-bot` does, on `db` (a SQLite file, or a
    postgresql:// URL as DATABASE_URL), with Discord faked; `shard_count`/`shard_ids` as
    SHARD_COUNT/SHARD_IDS would set them; `games`: the games hosted (None: the bot's);
    `migrated`: a new SQLite file's bytes (conftest's `migrated_sqlite_bytes`), written at
    `db` first so that the bot does not run the migrations again; `outbox_interval`: the
    seconds between the outbox's rounds (a test that flushes it by hand gives hours, from the
    start: a change made later waits out the round already asleep)."""
    if migrated is not None:
        Path(db).write_bytes(migrated)
    fake = fake or FakeDiscord()
    monkeypatch.setattr(aiohttp, "ClientSession", fake.session_factory)
    shards = {"shard_count": shard_count, "shard_ids": shard_ids}
    if str(db).startswith("postgresql://"):
        settings = Settings(discord_token=BOT_TOKEN, database_url=str(db), **shards)  # type: ignore[arg-type]
    else:
        settings = Settings(discord_token=BOT_TOKEN, chaupal_db=str(db), **shards)  # type: ignore[arg-type]
    renderer = SlowRenderer()
    known = len(fake.gateways)  # a fake shared with an earlier bot holds its connections
    service, bot = await build(settings, renderer, seed_source=Seeds(12), games=games)  # B first
    bot.outbox_interval = outbox_interval
    bot.ai_interval = 0.1  # the loop that finds AI turns due looks every 0.1 s, not every 1 s
    task = asyncio.create_task(serve(service, bot, settings.token()))
    await fake.until(lambda: any(g.identified.is_set() for g in fake.gateways[known:]))
    await fake.settle()  # READY read and handled
    env = Env(fake, service, bot, renderer, task)
    try:
        yield env
    finally:
        renderer.release()  # (a failed test leaves no call held)
        if not bot.is_closed():
            await bot.close()
        await asyncio.wait_for(task, 10)
        await asyncio.sleep(0)  # (a task cancelled by the close ends at its next turn)
        left = [t for t in asyncio.all_tasks() if _runs_for(t, bot) and not t.done()]
        assert not left, f"the closed bot still runs {left}"  # e.g. one that dispatches later


def _runs_for(task: asyncio.Task[Any], bot: ChaupalBot) -> bool:
    """A task of the bot's discord.py connection state (its wait before `ready`): a closed
    bot leaves none, or it dispatches to a client that has no loop any more."""
    frame = getattr(task.get_coro(), "cr_frame", None)
    return frame is not None and frame.f_locals.get("self") is bot._connection


BOT_SETTINGS = ("DISCORD_TOKEN", "CHAUPAL_DB", "VIJAYANAGARA_DB", "DATABASE_URL", "LOG_LEVEL")


def bot_command(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, **env: str
) -> tuple[int | str | None, str]:
    """`chaupal-bot` as its installed command runs it (bot.discord.main.main), in this process
    against `fake`, with the environment `env` (the bot's settings not given are unset): its
    exit status and what it printed on stderr, its log included (its AI's pool, which it
    starts at once, of threads, as every test's). The root logger's handlers, which main()
    replaces, are put back after."""
    from bot.discord.main import main

    monkeypatch.setattr(aiohttp, "ClientSession", fake.session_factory)
    for name in (*BOT_SETTINGS, "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    err = io.StringIO()
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    try:
        with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as stop:
            main()
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in saved[0]:
            root.addHandler(handler)
        root.setLevel(saved[1])
    return stop.value.code, err.getvalue()
