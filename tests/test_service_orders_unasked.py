"""Orders typed whole through a step the table takes unasked (the only legal one, forced by
the rules): the typed step it already took is noted as taken, not refused, and the order goes
on; a step still legal is a choice and is played."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import SEATS, FakeRenderer

from bot.discord.front_end import DISCORD
from bot.table.service import GameService
from rules import vijayanagara

CH = "unasked"


@pytest.fixture
async def svc(migrated_sqlite_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(migrated_sqlite_path), FakeRenderer(), guard_repeats=False, front=DISCORD
    )
    yield s
    await s.close()


async def state_now(svc: GameService) -> vijayanagara.GameState:
    game = await svc.store.open_game(CH)
    assert game is not None
    return await svc.loader.state_of(game)


async def played_to(svc: GameService, seed: int, steps: int) -> vijayanagara.GameState:
    """A game of `seed` played `steps` random steps on, each typed as an order."""
    d = SEATS[vijayanagara.Faction.D]
    assert (await svc.lobby.create(CH, d, seed=seed, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, d)).ok
    r, state = random.Random(seed), await state_now(svc)
    for _ in range(steps):
        a = r.choice(vijayanagara.legal_actions(state))
        order = vijayanagara.describe(state, a)
        order += "; confirm" if vijayanagara.idle_note(state, a) else ""
        decider = vijayanagara.decider(state)
        assert decider is not None
        assert (reply := await svc.moves.play(CH, SEATS[decider], order)).ok, reply.text
        state = await state_now(svc)
    return state


async def test_a_limited_rebel_typed_whole_with_its_only_province_plays_on(
    svc: GameService,
) -> None:
    """`limited; rebel; select maharashtra`, Maharashtra the only Province Rebel can act
    in: the table selects it after `rebel`, and the typed `select maharashtra` is noted as
    taken already (with the rule), not refused for landing on the next decision."""
    state = await played_to(svc, 4, 64)
    b = SEATS[vijayanagara.Faction.B]
    hints = [name for name, _ in await svc.autocomplete.legal_orders(CH, b, "limited; rebel; ")]
    assert hints and "limited; rebel; select maharashtra" not in hints  # taken: not offered
    whole = "limited; rebel; select maharashtra; "  # typed anyway: the hints go on past it
    after = [name for name, _ in await svc.autocomplete.legal_orders(CH, b, whole)]
    assert after and all(name.startswith(whole) for name in after)
    reply = await svc.moves.play(CH, b, "limited; rebel; select maharashtra")
    assert reply.ok, reply.text
    assert (
        "Step 3 (`select maharashtra`) was not needed, already taken: B Limited Rebel selects "
        "Maharashtra unasked: the only step it can take, and it must act (2.3.5)."
    ) in reply.text, reply.text
    assert (await state_now(svc)).actions_taken == state.actions_taken + 2
