"""Orders typed whole through a step the table takes unasked (the only legal one, forced by
the rules): the typed step it already took is noted as taken, not refused, and the order goes
on; a step still legal is a choice and is played."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import SEATS, FakeRenderer
from rules_helpers import P, pieces

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


async def test_the_first_cards_mongol_command_taken_unasked_is_told_and_not_played_twice(
    svc: GameService,
) -> None:
    """2.4.1, 3.5.3: seed 9's first card is a Mongol Invasion whose Command 1 only Amass could
    be. The start's message says it was taken; `amass; plunder; select mountain passes` typed
    for it then reads its `amass` as that one and plays the Plunder as Command 2, its only
    space taken unasked too (a trial's `amass` played as Command 2 and its Plunder was
    lost, cut off by the next card, as it had not seen the first taken)."""
    d, b = SEATS[vijayanagara.Faction.D], SEATS[vijayanagara.Faction.B]
    assert (await svc.lobby.create(CH, d, seed=9, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    started = await svc.lobby.start(CH, d)
    taken = (
        "Mongol Command 1 of 2 is Amass, unasked: the only one possible (2.4.1); not offered "
        "now: advance needs Invaders in the Mountain Passes or Punjab; plunder needs Invaders "
        "on the map."
    )
    assert f"• {taken}" in started.text, started.text
    reply = await svc.moves.play(CH, b, "amass; plunder; select mountain passes")
    assert reply.ok, reply.text
    assert f"Step 1 (`amass`) was not needed, already taken: {taken}" in reply.text
    assert "Mongols Attack and Plunder in Mountain Passes" in reply.text
    assert "Step 3 (`select mountain passes`) was not needed, already taken" in reply.text
    assert "Not played" not in reply.text


async def test_a_step_taken_unasked_but_legal_again_alone_is_played(svc: GameService) -> None:
    """2.4.1: `amass` alone after Command 1 was taken as Amass is a choice of Command 2
    (nothing after it plays further without it): played."""
    d, b = SEATS[vijayanagara.Faction.D], SEATS[vijayanagara.Faction.B]
    assert (await svc.lobby.create(CH, d, seed=9, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, d)).ok
    reply = await svc.moves.play(CH, b, "amass")
    assert reply.ok, reply.text
    assert "already taken" not in reply.text
    state = await state_now(svc)  # 3 more in the Passes: beyond four move on (3.5.1)
    assert pieces(state, "mountain_passes")[P.MONGOL] == 4
    assert pieces(state, "punjab")[P.MONGOL] == 2


async def test_a_command_on_no_space_is_not_asked_about_when_every_command_is_alike(
    svc: GameService,
) -> None:
    """2.3.3: Bahmani, with no Resources, must choose a Command where none has a space: each
    is marked, and the one typed is played without the question asked where a better
    choice exists (a trial was asked to confirm its Rally, the Commands all alike)."""
    state = await played_to(svc, 11, 56)
    prompt = vijayanagara.prompt(state).text
    assert prompt.startswith("Bahmani Kingdom decides — Choose a Command: rally (no space")
    legal = vijayanagara.legal_actions(state)
    assert len(legal) > 1 and all(vijayanagara.idle_note(state, a) for a in legal)
    reply = await svc.moves.play(CH, SEATS[vijayanagara.Faction.B], "rally")
    assert reply.ok, reply.text
    assert "B Rally done (no spaces)" in reply.public_text
