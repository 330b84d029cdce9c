"""`vijayanagara-bot` as a process against the fake Discord (for the signal and token tests).

Environment: the bot's own (DISCORD_TOKEN, VIJAYANAGARA_DB, LOG_LEVEL), plus FAKE_SCRIPT:
`create` sends `/vj create` once connected, with every Discord call slowed to 1 s so it is
still in flight when the test signals the process. FAKE_UNREACHABLE: "dns" or "refused", no
route to Discord; "gateway": its REST API answers but its gateway refuses connections. Prints `READY` once connected and, at exit,
the channel's public messages as JSON lines.
"""

from __future__ import annotations

import atexit
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import aiohttp
from discord_fake import FakeDiscord, FakeGateway

import bot.discord_client
from bot.main import main

fake = FakeDiscord()
unreachable = os.environ.get("FAKE_UNREACHABLE")
if unreachable:
    bot.discord_client.LOGIN_FIRST_WAIT = 0.0  # its retries wait on no real clock
    fake.unreachable = "refused" if unreachable == "gateway" else unreachable
    fake.gateway_only = unreachable == "gateway"
aiohttp.ClientSession = fake.session_factory  # type: ignore[assignment, misc]
_send = FakeGateway.send_str


async def send_str(self: FakeGateway, data: str, compress: int | None = None) -> None:
    await _send(self, data, compress)
    if json.loads(data)["op"] == 2 and self.identified.is_set():
        print("READY", flush=True)
        if os.environ.get("FAKE_SCRIPT") == "create":
            fake.latency = 1.0
            fake.slash(101, "create")


FakeGateway.send_str = send_str  # type: ignore[method-assign]


@atexit.register
def report() -> None:
    for m in fake.visible:
        print(json.dumps({"content": m.content}), flush=True)


main()
