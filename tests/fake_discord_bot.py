"""`chaupal-bot` as a process against the fake Discord (for the signal and token tests).

Environment: the bot's own (DISCORD_TOKEN, CHAUPAL_DB, LOG_LEVEL), plus FAKE_SCRIPT:
`create` sends `/vj create` once connected and holds every Discord call from then on until the
bot starts closing, printing `IN FLIGHT` when the first is held: a stop signal sent after that
line finds the reply in flight. FAKE_UNREACHABLE: "dns" or "refused", no route to Discord;
"gateway": its REST API answers but its gateway refuses connections. Prints `READY` once
connected and, at exit, the channel's public messages as JSON lines.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import aiohttp
from discord_fake import FakeDiscord, FakeGateway, FakeResponse

import bot.discord.discord_client
from bot.discord.discord_client import ChaupalBot
from bot.discord.main import main

fake = FakeDiscord()
unreachable = os.environ.get("FAKE_UNREACHABLE")
if unreachable:
    bot.discord.discord_client.LOGIN_FIRST_WAIT = 0.0  # its retries wait on no real clock
    fake.unreachable = "refused" if unreachable == "gateway" else unreachable
    fake.gateway_only = unreachable == "gateway"
aiohttp.ClientSession = fake.session_factory  # type: ignore[assignment, misc]
_send = FakeGateway.send_str
_handle = FakeDiscord.handle
_close = ChaupalBot.close
holding = False
closing = asyncio.Event()


async def send_str(self: FakeGateway, data: str, compress: int | None = None) -> None:
    global holding
    await _send(self, data, compress)
    if json.loads(data)["op"] == 2 and self.identified.is_set():
        print("READY", flush=True)
        if os.environ.get("FAKE_SCRIPT") == "create":
            holding = True
            fake.slash(101, "create")


async def handle(self: FakeDiscord, method: str, url: str, kw: dict[str, Any]) -> FakeResponse:
    global holding
    if holding:
        holding = False
        print("IN FLIGHT", flush=True)
        await closing.wait()
    return await _handle(self, method, url, kw)


async def close(self: ChaupalBot) -> None:
    closing.set()
    await _close(self)


FakeGateway.send_str = send_str  # type: ignore[method-assign]
FakeDiscord.handle = handle  # type: ignore[method-assign]
ChaupalBot.close = close  # type: ignore[method-assign]


@atexit.register
def report() -> None:
    for m in fake.visible:
        print(json.dumps({"content": m.content}), flush=True)


if __name__ == "__main__":  # the AI pool's server imports this module too
    main()
