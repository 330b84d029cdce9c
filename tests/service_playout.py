"""Games played through the bot's service, a random legal order at a time (the slim state
tests and bench/state_size.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

from fakes import SEATS

from bot.table.pipeline import typed_order
from bot.table.reply import Reply
from bot.table.service import GameService
from db.models import GameRecord
from rules import vijayanagara
from rules.vijayanagara.game import GAME

D = SEATS[vijayanagara.Faction.D]


async def seat_and_start(svc: GameService, channel: str, seed: int) -> list[Reply]:
    """Create the game, seat D, B and V (fakes.SEATS) and start it; the replies."""
    replies = [await svc.lobby.create(channel, D, seed=seed, kind="vijayanagara")]
    for f, uid in SEATS.items():
        replies.append(await svc.lobby.join(channel, uid, f.value))
    replies.append(await svc.lobby.start(channel, D))
    return replies


async def play_random_orders(
    svc: GameService,
    channel: str,
    r: random.Random,
    stop: Callable[[vijayanagara.GameState], bool] = lambda state: False,
) -> tuple[list[Reply], vijayanagara.GameState | None]:
    """Random legal orders by whoever decides, until the game ends (then None) or `stop`
    holds for its state (then that state); the replies."""
    replies: list[Reply] = []
    while (game := await svc.store.open_game(channel)) is not None:
        state = await svc.loader.state_of(game)
        if stop(state):
            return replies, state
        action = r.choice(vijayanagara.legal_actions(state))
        faction = vijayanagara.decider(state)
        assert faction is not None
        order = typed_order(GAME, state, action)
        reply = await svc.moves.play(channel, SEATS[faction], order, expected_version=game.version)
        assert reply.ok, reply.text
        replies.append(reply)
    return replies, None


async def play_to_the_end(svc: GameService, channel: str, seed: int) -> GameRecord:
    """A whole game; every announcement is then marked posted, as the Discord adapter does.
    The finished game."""
    replies = await seat_and_start(svc, channel, seed)
    replies += (await play_random_orders(svc, channel, random.Random(seed)))[0]
    for reply in replies:
        if reply.announcement is not None:
            await svc.outbox.delivered(reply.announcement)
    game = await svc.store.latest_game(channel)
    assert game is not None and game.status == "finished"
    return game
