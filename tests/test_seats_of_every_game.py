"""Consent over the seats of every game, on both backends, as Vijayanagara's
(tests/test_seat_consent.py), here the Goat-Tiger game's: a person's seat goes to the computer
only at their own request, by a member with Manage Server, or once the game's reminders gave up
on them; a seat the computer holds for someone is theirs to take back (or to let go); every
refusal says who may do it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from fakes import FakeRenderer
from table_helpers import run
from test_reminders import Clock

from bot.discord.front_end import DISCORD
from bot.table.ai_users import is_ai
from bot.table.commands import Value
from bot.table.reply import Reply
from bot.table.service import GameService

CH = "620"
ALICE, BOB, CAROL, MANAGER = 41, 42, 43, 44
GT = "goat_tiger"
DAY = 24.0  # hours, as the test clock advances


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(database_url: str, clock: Clock) -> AsyncIterator[GameService]:
    s = await GameService.open(
        database_url, FakeRenderer(), clock=clock, ai_executor=ThreadPoolExecutor(1), front=DISCORD
    )
    s.ai.think_seconds = 0.02
    yield s
    await s.close()


async def gt(
    s: GameService, user: int, name: str, *, manager: bool = False, **args: Value
) -> Reply:
    return await run(s, CH, user, name, GT, manager=manager, **args)


async def seats(s: GameService) -> dict[str, int]:
    record = await s.store.open_game(CH)
    assert record is not None
    return record.seats


async def seated(s: GameService) -> None:
    assert (await gt(s, ALICE, "create", seat="goats")).ok
    assert (await gt(s, BOB, "join", side="tigers")).ok


async def test_a_player_cannot_take_anothers_seat_nor_give_it_to_the_computer(
    service: GameService,
) -> None:
    await seated(service)
    taken = await gt(service, CAROL, "join", side="tigers")
    assert not taken.ok
    assert f"Tigers is taken by <@{BOB}>. Only they can let it go" in taken.text
    assert "Manage Server" in taken.text
    handed = await gt(service, ALICE, "ai", side="tigers", level="easy")
    assert not handed.ok and f"Tigers is <@{BOB}>'s seat" in handed.text
    assert f"only at their own request (`/gt ai` by <@{BOB}>)" in handed.text
    assert "Manage Server" in handed.text and "stalled waiting for them" in handed.text
    stranger = await gt(service, CAROL, "ai", side="tigers", level="easy")
    assert not stranger.ok and "creator, a seated player or a member with Manage" in stranger.text
    assert await seats(service) == {"goats": ALICE, "tigers": BOB}


async def test_the_computer_holds_a_seat_for_whoever_gave_it_and_only_they_take_it_back(
    service: GameService,
) -> None:
    await seated(service)
    handed = await gt(service, BOB, "ai", side="tigers", level="easy")
    assert handed.ok, handed.text
    assert f"<@{BOB}> takes the seat back with `/gt join`" in handed.text
    refused = await gt(service, CAROL, "join", side="tigers")
    assert not refused.ok
    assert f"The easy AI holds Tigers for <@{BOB}>, who alone takes it back" in refused.text
    assert "Manage Server" in refused.text
    assert (await gt(service, ALICE, "ai", side="tigers", level="hard")).ok  # another level
    assert not (await gt(service, CAROL, "join", side="tigers")).ok  # still held for Bob
    back = await gt(service, BOB, "join")  # no seat named: the one held for them
    assert back.ok and "sits as Tigers" in back.text, back.text
    assert await seats(service) == {"goats": ALICE, "tigers": BOB}


async def test_letting_a_held_seat_go_lets_anyone_take_it_even_in_a_running_game(
    service: GameService,
) -> None:
    await seated(service)
    assert (await gt(service, ALICE, "start")).ok
    assert (await gt(service, BOB, "ai", side="tigers", level="easy")).ok
    let_go = await gt(service, BOB, "leave")
    assert let_go.ok and "anyone may take it with `/gt join`" in let_go.text
    taken = await gt(service, CAROL, "join", side="tigers")
    assert taken.ok and "sits as Tigers" in taken.text, taken.text
    assert (await seats(service))["tigers"] == CAROL


async def test_a_server_manager_gives_a_persons_seat_to_the_computer_then_anyone_may_join(
    service: GameService,
) -> None:
    await seated(service)
    r = await gt(service, MANAGER, "ai", side="tigers", level="easy", manager=True)
    assert r.ok, r.text
    assert f"(was <@{BOB}>)" in r.text and "Anyone may take the seat" in r.text
    assert (await gt(service, CAROL, "join", side="tigers")).ok
    assert (await seats(service))["tigers"] == CAROL


async def test_the_computer_may_take_a_seat_the_game_has_waited_on_long(
    service: GameService, clock: Clock
) -> None:
    await seated(service)
    assert (await gt(service, ALICE, "start")).ok  # the Goats (Alice) move first
    for _ in range(3):  # the reminder, the channel notice, the stall notice
        early = await gt(service, BOB, "ai", side="goats", level="easy")
        assert not early.ok and "stalled waiting for them" in early.text
        clock.advance(DAY)
        [due] = await service.club.due_reminders()
        await service.reminders.sent(due.job)
    late = await gt(service, BOB, "ai", side="goats", level="easy")
    assert late.ok, late.text
    assert f"<@{ALICE}> takes the seat back with `/gt join`" in late.text
    moved = await service.ai.move(CH)  # the computer plays the Goats' step
    assert moved is not None and moved.ok
    assert is_ai((await seats(service))["goats"])
    refused = await gt(service, CAROL, "join", side="goats")
    assert not refused.ok and f"for <@{ALICE}>" in refused.text
    assert (await gt(service, ALICE, "join", side="goats")).ok
    assert (await seats(service))["goats"] == ALICE
