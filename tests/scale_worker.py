"""One bot process of the multi-process tests (tests/test_scale_out.py), run as a script.

`moves URL SEED STEPS CHANNEL...`: a GameService on the shared database makes STEPS legal moves
on the shared games (each chosen for the version it read, so moves from other processes make
some stale), and after each runs one outbox round; prints one JSON line per acknowledged move
({"move": [channel, version]}) and per announcement it delivered ({"delivered": [game,
version]}).
`claim URL`: claims every owed announcement for a 1-second lease, prints them, then hangs (to
be killed mid-delivery)."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fakes import SEATS, FakeRenderer

from bot.table.pipeline import typed_order
from bot.table.service import GameService
from db import open_store
from rules import vijayanagara
from rules.vijayanagara.game import GAME


def emit(**line: object) -> None:
    print(json.dumps(line), flush=True)


async def deliver_round(svc: GameService) -> None:
    for owed, _reply in await svc.outbox.owed(grace=0):
        emit(delivered=[owed.game_id, owed.version])
        await svc.outbox.delivered((owed.game_id, owed.version))


async def moves(url: str, seed: int, steps: int, channels: list[str]) -> None:
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
                emit(move=[channel, reply.version])
            await deliver_round(svc)
        await deliver_round(svc)
    finally:
        await svc.close()


async def claim(url: str) -> None:
    store = await open_store(url)
    owed = await store.owed_announcements(limit=100, grace=0, lease=1.0)
    emit(claimed=[[o.game_id, o.version] for o in owed])
    await asyncio.sleep(3600)  # mid-delivery, until killed


if __name__ == "__main__":
    if sys.argv[1] == "moves":
        asyncio.run(moves(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]))
    else:
        asyncio.run(claim(sys.argv[2]))
