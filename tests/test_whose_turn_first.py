"""Whose turn it is comes first, in every game: an order sent again while an AI holds the turn
is told whose turn it is, never taken for a double submit (which would invite `again:`, an
order then refused); an order sent out of turn is told whose turn it is even when the game
would not read it for a seat not on turn. The repeat guard refuses only an order that would
be played again."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fakes import FakeRenderer, Seeds

from bot.discord.front_end import DISCORD
from bot.table.ai_users import is_ai, seat_levels
from bot.table.pipeline import typed_order
from bot.table.registry import games
from bot.table.service import GameService

KINDS = [g.info.id for g in games()]
PERSON = 7
CH = "whose-turn"
SEED = 5
MAX_STEPS = 200  # a person's steps before an AI's turn comes (far fewer in every game)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(  # as the bot is: the repeat guard on
        str(tmp_path / "t.sqlite3"),
        FakeRenderer(),
        ai_executor=ThreadPoolExecutor(1),
        front=DISCORD,
        seed_source=Seeds(SEED),  # the same games every run
    )
    s.ai.think_seconds = 0.02
    yield s
    await s.close()


async def ai_on_turn(service: GameService) -> bool:
    game = await service.store.open_game(CH)
    assert game is not None and game.status == "active"
    return is_ai(service.texts.waiting_for(game, await service.loader.state_of(game)))


async def order_that_hands_to_an_ai(service: GameService) -> str:
    """The person plays legal steps, one order each, until an AI's turn: the last order."""
    while await ai_on_turn(service):  # the AI may start
        assert await service.ai.move(CH) is not None
    last = ""
    for _ in range(MAX_STEPS):
        game = await service.store.open_game(CH)
        assert game is not None
        state = await service.loader.state_of(game)
        g = service.loader.rules_of(game)
        order = typed_order(g, state, g.legal_actions(state)[0])
        reply = await service.moves.play(CH, PERSON, f"again: {order}" if order == last else order)
        assert reply.ok, reply.text
        last = order
        if await ai_on_turn(service):
            return order
    raise AssertionError("no AI's turn came")


@pytest.mark.parametrize("kind", KINDS)
async def test_an_order_sent_again_while_an_ai_holds_the_turn_is_told_whose_turn_it_is(
    service: GameService, kind: str
) -> None:
    level = seat_levels(kind)[0]
    assert (await service.lobby.create(CH, PERSON, kind=kind, ai=level)).ok
    assert (await service.lobby.start(CH, PERSON, kind=kind)).ok
    order = await order_that_hands_to_an_ai(service)
    again = await service.moves.play(CH, PERSON, order)
    assert not again.ok
    assert "it is not your turn" in again.text and "must decide" in again.text, again.text
    assert "double submit" not in again.text and "again:" not in again.text
    assert "not an order I can read" not in again.text
    if kind != "vijayanagara":  # (where a faction trades at any time, its order is read)
        other = await service.moves.play(CH, PERSON, "no such order")  # whose turn, first
        assert "it is not your turn" in other.text, other.text


async def test_a_repeat_the_rules_refuse_is_told_the_rule_not_taken_for_a_double_submit(
    service: GameService,
) -> None:
    """One person holds both sides of the Goat-Tiger game: `place 7`, then `place 7` again
    on the Tigers' turn is refused by the rules (it is the Goats' step; the point is taken),
    not answered with `again: place 7`, an order the rules would refuse as well."""
    assert (await service.lobby.create(CH, PERSON, kind="goat_tiger", seat="goats")).ok
    assert (await service.lobby.join(CH, PERSON, "tigers", kind="goat_tiger")).ok
    assert (await service.lobby.start(CH, PERSON, kind="goat_tiger")).ok
    assert (await service.moves.play(CH, PERSON, "place 7")).ok
    repeat = await service.moves.play(CH, PERSON, "place 7")
    assert not repeat.ok
    assert "double submit" not in repeat.text and "again:" not in repeat.text, repeat.text
