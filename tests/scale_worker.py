"""One bot process of the multi-process tests (tests/test_scale_out.py): what each runs, in a
process of its own forked from a server process that imported this module once (`processes`),
so that a process costs a fork, not a fresh interpreter importing every game again. Each says
what it did as lines sent on `out`, the write end of a pipe.

`moves(out, URL, SEED, STEPS, CHANNELS)`: a GameService on the shared database makes STEPS
legal moves on the shared games (each chosen for the version it read, so moves from other
processes make some stale), and after each runs one outbox round; sends one line per
acknowledged move ({"move": [channel, version]}) and per announcement it delivered
({"delivered": [game, version]}).
`claim(out, URL)`: claims every owed announcement for a 1-second lease, sends them, then hangs
(to be killed mid-delivery)."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import sys
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext

from fakes import SEATS, FakeRenderer

from bot.table.ai_seats import program_modules
from bot.table.pipeline import typed_order
from bot.table.service import GameService
from db import open_store
from rules import vijayanagara
from rules.vijayanagara.game import GAME

PRELOAD = ["bot.table.service", "bot.table.pipeline", "db", "rules.vijayanagara.game"]


def processes() -> BaseContext:
    """Processes forked from multiprocessing's fork server, which imports the bot's table and
    every game once, when it starts (as the AI's worker pool has it: program_modules, and what
    a worker of this module runs); a process then costs a fork, not a fresh interpreter
    importing them all again. The server imports only installed modules (it does not run
    with the tests' path): each process imports this module itself, a few milliseconds."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([*program_modules(sys.modules["__main__"]), *PRELOAD])
    return context


def run_moves(out: Connection, url: str, seed: int, steps: int, channels: list[str]) -> None:
    asyncio.run(moves(out, url, seed, steps, channels))


def run_claim(out: Connection, url: str) -> None:
    asyncio.run(claim(out, url))


async def deliver_round(svc: GameService, out: Connection) -> None:
    for owed, _reply in await svc.outbox.owed(grace=0):
        out.send({"delivered": [owed.game_id, owed.version]})
        await svc.outbox.delivered((owed.game_id, owed.version))


async def moves(out: Connection, url: str, seed: int, steps: int, channels: list[str]) -> None:
    svc = await GameService.open(url, FakeRenderer())
    r = random.Random(seed)
    try:
        for _ in range(steps):
            channel = r.choice(channels)
            game = await svc.store.open_game(channel)
            if game is None:  # over
                continue
            state = await svc.loader.state_of(game)
            action = r.choice(vijayanagara.legal_actions(state))
            order = typed_order(GAME, state, action)
            faction = vijayanagara.prompt(state).faction
            assert faction is not None
            reply = await svc.moves.play(
                channel, SEATS[faction], order, expected_version=game.version
            )
            if reply.ok:
                out.send({"move": [channel, reply.version]})
            await deliver_round(svc, out)
        await deliver_round(svc, out)
    finally:
        await svc.close()


async def claim(out: Connection, url: str) -> None:
    store = await open_store(url)
    owed = await store.owed_announcements(limit=100, grace=0, lease=1.0)
    out.send({"claimed": [[o.game_id, o.version] for o in owed]})
    await asyncio.sleep(3600)  # mid-delivery, until killed
