"""Consent over seats and pace, on both backends: a person's seat goes to an AI only at their
request, by a server manager, or once the game's reminders gave up on them; a seat an AI holds
for someone is theirs to take back; a stricter pace in a running game waits for every seated
person's agreement (kept over a restart) or a server manager."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fakes import SEATS, STRANGER, FakeRenderer, Seeds
from test_reminders import Clock
from test_service import CH, current, seated

from bot.discord.front_end import DISCORD
from bot.table.ai_seats import AI_USERS
from bot.table.service import GameService
from rules import vijayanagara

F = vijayanagara.Faction
D, B, V = SEATS[F.D], SEATS[F.B], SEATS[F.V]
EASY = AI_USERS["easy"]
DAY = 24.0  # hours, as the test clock advances


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def svc(database_url: str, clock: Clock) -> AsyncIterator[GameService]:
    s = await GameService.open(
        database_url,
        FakeRenderer(),
        clock=clock,
        abandon_after=10 * 86400,
        seed_source=Seeds(),
        front=DISCORD,
    )
    yield s
    await s.close()


async def seats(svc: GameService) -> dict[str, int]:
    game = await svc.store.open_game(CH)
    assert game is not None
    return game.seats


async def off_turn(svc: GameService) -> F:
    _, st = await current(svc)
    return next(f for f in vijayanagara.PLAYERS if f != vijayanagara.prompt(st).faction)


# --- seats ---------------------------------------------------------------------------------


async def test_a_player_cannot_take_anothers_seat_through_an_ai(svc: GameService) -> None:
    await seated(svc)
    taken = await svc.ai.seat(CH, B, "V", "easy")
    assert not taken.ok
    assert f"Vijayanagara Empire is <@{V}>'s seat" in taken.text
    assert "only at their own request" in taken.text and "Manage Server" in taken.text
    grabbed = await svc.lobby.join(CH, B, "V")
    assert not grabbed.ok and "Manage Server" in grabbed.text and "`/vj club seat`" in grabbed.text
    assert await seats(svc) == {"D": D, "B": B, "V": V}


async def test_an_ai_holds_a_seat_for_the_person_who_asked_and_only_they_take_it_back(
    svc: GameService,
) -> None:
    await seated(svc)
    handed = await svc.ai.seat(CH, V, "V", "easy")
    assert handed.ok, handed.text
    assert f"<@{V}> takes the seat back with `/vj join`" in handed.text
    for other in (B, STRANGER):
        refused = await svc.lobby.join(CH, other, "V")
        assert not refused.ok
        assert f"The easy AI holds Vijayanagara Empire for <@{V}>" in refused.text
        assert "Manage Server" in refused.text
    # another level keeps the seat held for them
    assert (await svc.ai.seat(CH, B, "V", "hard")).ok
    assert not (await svc.lobby.join(CH, STRANGER, "V")).ok
    back = await svc.lobby.join(CH, V, "V")
    assert back.ok, back.text
    assert (await seats(svc))["V"] == V


async def test_leaving_a_held_seat_lets_anyone_take_it(svc: GameService) -> None:
    await seated(svc)
    assert (await svc.ai.seat(CH, V, "V", "easy")).ok
    let_go = await svc.lobby.leave(CH, V)
    assert let_go.ok, let_go.text
    assert "anyone may take it with `/vj join`" in let_go.text
    assert (await seats(svc))["V"] == EASY  # the AI plays on
    taken = await svc.lobby.join(CH, STRANGER, "V")
    assert taken.ok, taken.text
    assert (await seats(svc))["V"] == STRANGER


async def test_a_server_manager_replaces_a_person_by_an_ai_and_then_anyone_may_join(
    svc: GameService,
) -> None:
    await seated(svc)
    r = await svc.ai.seat(CH, STRANGER, "V", "easy", is_manager=True)
    assert r.ok, r.text
    assert f"(was <@{V}>)" in r.text and "Anyone may take the seat" in r.text
    assert (await svc.lobby.join(CH, B, "V")).ok
    assert (await seats(svc))["V"] == B


async def test_an_ai_may_replace_a_person_once_the_stall_rules_gave_up_on_them(
    svc: GameService, clock: Clock
) -> None:
    await seated(svc)
    _, st = await current(svc)
    on_turn = vijayanagara.prompt(st).faction
    assert on_turn is not None
    idle = SEATS[on_turn]
    other = SEATS[await off_turn(svc)]
    stages = []
    for _ in range(3):  # the reminder, the channel notice, the stall notice
        early = await svc.ai.seat(CH, other, on_turn.value, "easy")
        assert not early.ok and "stalled" in early.text
        clock.advance(DAY)
        [due] = await svc.club.due_reminders()
        stages.append(due.job.stage)
        await svc.reminders.sent(due.job)
    assert stages == [0, 1, 2]
    r = await svc.ai.seat(CH, other, on_turn.value, "easy")
    assert r.ok, r.text
    assert f"<@{idle}> takes the seat back" in r.text
    assert not (await svc.lobby.join(CH, other, on_turn.value)).ok
    assert (await svc.lobby.join(CH, idle, on_turn.value)).ok


async def test_an_ais_own_seat_or_a_free_one_is_open_to_anyone(svc: GameService) -> None:
    assert (await svc.lobby.create(CH, D, kind="vijayanagara")).ok
    assert (await svc.lobby.join(CH, D, "D")).ok
    assert (await svc.ai.seat(CH, D, "B", "easy")).ok  # a free seat
    assert (await svc.lobby.join(CH, STRANGER, "B")).ok


# --- pace ----------------------------------------------------------------------------------


async def test_one_player_cannot_tighten_a_running_games_pace_alone(
    database_url: str, clock: Clock
) -> None:
    svc = await GameService.open(
        database_url, FakeRenderer(), clock=clock, seed_source=Seeds(), front=DISCORD
    )
    try:
        await seated(svc)
        game = await svc.store.open_game(CH)
        assert game is not None
        asked = await svc.club.pace(CH, D, 1, "pass")
        assert asked.ok and not asked.ephemeral, asked.text  # said in public
        assert "proposes a stricter pace" in asked.text
        assert sorted(asked.mentions) == sorted([B, V])
        [agree] = asked.buttons
        pace = await svc.reminders.pace(game.id)
        assert (pace.seconds, pace.deadline) == (24 * 3600, "nothing")  # not yet
        stranger = await svc.press(CH, STRANGER, agree.custom_id)
        assert not stranger.ok and "you have no seat" in stranger.text
        assert f"<@{D}>" in stranger.text and "Manage Server" in stranger.text
        again = await svc.press(CH, D, agree.custom_id)
        assert again.ok and again.ephemeral and "already agreed" in again.text
        half = await svc.press(CH, B, agree.custom_id)
        assert half.ok and f"Waiting for <@{V}>" in half.text
    finally:
        await svc.close()
    # the proposal and its agreements outlive a restart
    svc = await GameService.open(
        database_url, FakeRenderer(), clock=clock, seed_source=Seeds(), front=DISCORD
    )
    try:
        shown = await svc.club.pace(CH, V)
        assert f"Proposed: 1 hour, then the seat passes; waiting for <@{V}>" in shown.text
        done = await svc.press(CH, V, agree.custom_id)
        assert done.ok and not done.ephemeral and "Every seated player agreed" in done.text
        pace = await svc.reminders.pace(game.id)
        assert (pace.seconds, pace.deadline, pace.proposal) == (3600, "pass", None)
        late = await svc.press(CH, B, agree.custom_id)
        assert not late.ok and "no longer open" in late.text
    finally:
        await svc.close()


async def test_loosening_is_free_and_a_server_manager_sets_any_pace(svc: GameService) -> None:
    await seated(svc)
    game = await svc.store.open_game(CH)
    assert game is not None
    looser = await svc.club.pace(CH, D, 48)
    assert looser.ok and "set the pace" in looser.text and not looser.buttons
    assert (await svc.reminders.pace(game.id)).seconds == 48 * 3600
    assert (await svc.club.pace(CH, D, 2)).buttons  # stricter: a proposal
    by_manager = await svc.club.pace(CH, STRANGER, 1, "pass", is_manager=True)
    assert by_manager.ok and "the pending proposal is withdrawn" in by_manager.text
    pace = await svc.reminders.pace(game.id)
    assert (pace.seconds, pace.deadline, pace.proposal) == (3600, "pass", None)
    refused = await svc.club.pace(CH, STRANGER, 10)
    assert not refused.ok and "Manage Server" in refused.text


async def test_the_same_command_agrees_and_a_lobbys_pace_is_free(svc: GameService) -> None:
    assert (await svc.lobby.create(CH, D, kind="vijayanagara")).ok
    assert (await svc.lobby.join(CH, D, "D")).ok
    assert (await svc.club.pace(CH, D, 1, "pass")).text.startswith(f"<@{D}> set the pace")
    await svc.lobby.abort(CH, D)
    await seated(svc)
    game = await svc.store.open_game(CH)
    assert game is not None
    for uid in (D, B):
        assert (await svc.club.pace(CH, uid, 2)).buttons
    done = await svc.club.pace(CH, V, 2)
    assert "Every seated player agreed" in done.text
    assert (await svc.reminders.pace(game.id)).seconds == 2 * 3600
