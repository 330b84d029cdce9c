"""Whole games of every registered game in the terminal client, as a person at the keyboard
types them: every seat the person's, each step one of the legal ones (a seeded choice), with
the lines a newcomer tries along the way; what the terminal printed, for the tests of its
words (test_terminal_words, test_named_commands)."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import io
import json
import os
import random
import tempfile
from functools import cache
from pathlib import Path

import pytest
from fakes import FakeRenderer, ai_in_threads
from successors_helpers import short_setup_text

from bot.discord.front_end import DISCORD
from bot.table.commands import help_reply
from bot.table.pipeline import typed_order
from bot.table.registry import game
from bot.table.reply import Reply
from bot.table.service import GameService
from bot.terminal.front_end import terminal_table
from bot.terminal.local import CHANNEL, DEFAULT_GAME, LocalClient

MAX_STEPS = 1500  # a game that has not ended by then is left there (its texts are kept)
# a game's shortest form, where its files allow one: the same rules in fewer turns
SHORTEST = {"successors": {"setup": short_setup_text().encode()}}
LOOKS = ("status", "options", "log 5", "board", "rules", "undo", "hint")
BEFORE = ("help", "status", "options", "rules", "club pace", "verify", "export", "hint")
AFTER = ("status", "verify", "club verify", "export", "create", "log 3", "new", "abort", "yes")


def channel_of(kind: str) -> str:
    return CHANNEL if kind == DEFAULT_GAME else f"{CHANNEL}-{kind}"


class ServiceTexts(LocalClient):
    """The same session driven through a service set up as the Discord bot's: it keeps what
    the service says, as Discord would show it, instead of printing it in terminal words."""

    said: list[str]

    def show(self, reply: Reply) -> None:
        for text in (reply.text, reply.close_text, reply.receipt):
            if text:
                self.said.append(text)
        if reply.menu is not None:
            self.said += [label for label, _ in reply.menu.options]


async def terminal_game(kind: str, folder: Path, seed: int) -> str:
    """One whole game of `kind` typed at the terminal; its output."""
    service = await terminal_table(str(folder / f"{kind}-{seed}.sqlite3"), FakeRenderer())
    out = io.StringIO()
    client = LocalClient(service, folder / "boards", out, channel_of(kind), kind)
    await _session(client, kind, seed)
    return out.getvalue()


async def service_game(kind: str, folder: Path, seed: int) -> list[str]:
    """The same game through a service set up as Discord's: every text it answered with."""
    service = await GameService.open(
        str(folder / f"{kind}-{seed}-d.sqlite3"), FakeRenderer(), front=DISCORD
    )
    client = ServiceTexts(service, folder / "boards-d", io.StringIO(), channel_of(kind), kind)
    client.said = [help_reply(service, kind).text]
    await _session(client, kind, seed)
    return client.said


async def _session(client: LocalClient, kind: str, seed: int) -> None:
    client.service.ai.hint_seconds = 0.02
    try:
        with contextlib.chdir(client.boards.parent):  # where `export` writes its file
            # a secret deals, as for a person; the choices are seeded
            await client.begin(None, files=SHORTEST.get(kind, {}))
            await _type(client, kind, seed)
    finally:
        await client.service.close()


async def _type(client: LocalClient, kind: str, seed: int) -> None:
    """Types one line at a time, each answered before the next is chosen."""
    r = random.Random(seed)
    g = game(kind)
    for line in BEFORE:
        await _say(client, line)
    for step in range(MAX_STEPS):
        record = await client.service.store.open_game(client.channel)
        if record is None or record.status != "active":
            break
        state = await client.service.loader.state_of(record)
        seat = client.service.loader.rules_of(record).to_move(state)
        if seat is None:
            break
        if step % 97 == 5:
            line = LOOKS[(step // 97) % len(LOOKS)]
            await _say(client, line)
        line = f"as {seat}: {typed_order(g, state, r.choice(g.legal_actions(state)))}"
        await _say(client, line)
    for line in AFTER:
        await _say(client, line)


async def _say(client: LocalClient, line: str) -> None:
    client.say(f"> {line}")
    await client.run([line])


async def answered(kind: str, lines: list[str], seed: int | None) -> list[tuple[str, str]]:
    """Each line typed in the terminal client at a new game of `kind` (dealt by `seed`, every
    seat the person's), with what the terminal printed for it alone."""
    with tempfile.TemporaryDirectory() as folder:
        service = await terminal_table(str(Path(folder) / f"{kind}.sqlite3"), FakeRenderer())
        out = io.StringIO()
        client = LocalClient(service, Path(folder) / "boards", out, channel_of(kind), kind)
        said = []
        try:
            with contextlib.chdir(folder):
                await client.begin(seed)
                for line in lines:
                    start = len(out.getvalue())
                    await client.run([line])
                    said.append((line, out.getvalue()[start:]))
        finally:
            await service.close()
    return said


Played = tuple[tuple[str, ...], str]


def played_in_the_run(tmp_path_factory: pytest.TempPathFactory, kind: str) -> Played:
    """`played`, once per run: the suite's worker processes share each game's texts (in a
    file of the run's temporary folder, which they all share), the first to need a game
    plays it while the others wait for its file; in one process, `played`."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return played(kind)
    shared = tmp_path_factory.getbasetemp().parent / "whole-games"
    shared.mkdir(exist_ok=True)
    return played_once(shared, kind)


@cache
def played_once(shared: Path, kind: str) -> Played:
    """`played`, or what another process that played it left in the folder `shared`."""
    with (shared / f"{kind}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # till the process that plays it has written it
        said = shared / f"{kind}.json"
        if said.exists():
            discord, terminal = json.loads(said.read_text(encoding="utf-8"))
            return tuple(discord), terminal
        texts = played(kind)
        said.write_text(json.dumps(texts), encoding="utf-8")
        return texts


@cache
def played(kind: str) -> Played:
    """One whole game of `kind` (seeded), once per test process: what the service said as
    Discord shows it, and the terminal's output. Its hints think in threads of this process
    (as every test's AI does unless it asks for its processes: conftest)."""
    with (
        tempfile.TemporaryDirectory() as folder,
        ai_in_threads(),
    ):
        discord = asyncio.run(service_game(kind, Path(folder), 1))
        terminal = asyncio.run(terminal_game(kind, Path(folder), 1))
    return tuple(discord), terminal
