"""Consent over the tables' seats, on both backends, as Vijayanagara's (tests/test_seat_consent.py):
a person's seat goes to the computer only at their own request, by a member with Manage
Server, or once the game has waited long for them; a seat the computer holds for someone is
theirs to take back (or to let go); every refusal says who may do it."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import pytest
from bot.tables import Call, TableService, run_command
from bot.tables.lobby import STALL_AFTER

from db import open_store

CH = "620"
ALICE, BOB, CAROL, MANAGER = 41, 42, 43, 44


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(database_url: str, clock: Clock) -> AsyncIterator[TableService]:
    store = await open_store(database_url)
    yield TableService(store, clock=clock)
    await store.close()


async def run(s: TableService, user: int, name: str, *, manager: bool = False, **args: object):  # type: ignore[no-untyped-def]
    (r,) = await run_command(s, name, Call(CH, user, "goat_tiger", args, manager=manager))  # type: ignore[arg-type]
    return r


async def seats(s: TableService) -> dict[str, int]:
    record = await s.store.open_game(CH)
    assert record is not None
    return record.seats


async def seated(s: TableService) -> None:
    assert (await run(s, ALICE, "create", seat="goats")).ok
    assert (await run(s, BOB, "join", seat="tigers")).ok


async def test_a_player_cannot_take_anothers_seat_nor_give_it_to_the_computer(
    service: TableService,
) -> None:
    await seated(service)
    taken = await run(service, CAROL, "join", seat="tigers")
    assert not taken.ok
    assert f"Tigers is taken by <@{BOB}>. Only they can let it go" in taken.text
    assert "Manage Server" in taken.text
    handed = await run(service, ALICE, "ai", seat="tigers", level="random")
    assert not handed.ok and f"Tigers is <@{BOB}>'s seat" in handed.text
    assert f"only at their own request (`/gt ai` by <@{BOB}>)" in handed.text
    assert "Manage Server" in handed.text and "waited 72 hours" in handed.text
    stranger = await run(service, CAROL, "ai", seat="tigers")
    assert not stranger.ok and "creator, a seated player or a member with Manage" in stranger.text
    assert await seats(service) == {"goats": ALICE, "tigers": BOB}


async def test_the_computer_holds_a_seat_for_whoever_gave_it_and_only_they_take_it_back(
    service: TableService,
) -> None:
    await seated(service)
    handed = await run(service, BOB, "ai", seat="tigers", level="random")
    assert handed.ok, handed.text
    assert f"<@{BOB}> takes it back with `/gt join`" in handed.text
    refused = await run(service, CAROL, "join", seat="tigers")
    assert not refused.ok
    assert f"The computer holds Tigers for <@{BOB}>, who alone takes it back" in refused.text
    assert "Manage Server" in refused.text
    assert (await run(service, BOB, "ai", seat="tigers", level="easy")).ok  # another level
    assert not (await run(service, CAROL, "join", seat="tigers")).ok  # still held for Bob
    back = await run(service, BOB, "join")  # no seat named: the one held for them
    assert back.ok and "takes Tigers back" in back.text, back.text
    assert await seats(service) == {"goats": ALICE, "tigers": BOB}


async def test_letting_a_held_seat_go_lets_anyone_take_it_even_in_a_running_game(
    service: TableService,
) -> None:
    await seated(service)
    assert (await run(service, ALICE, "start")).ok
    left = await run(service, BOB, "leave")
    assert not left.ok and "cannot stay empty" in left.text and "`/gt ai" in left.text
    assert (await run(service, BOB, "ai", seat="tigers", level="random")).ok
    let_go = await run(service, BOB, "leave")
    assert let_go.ok and "anyone may take the seat with `/gt join`" in let_go.text
    taken = await run(service, CAROL, "join", seat="tigers")
    assert taken.ok and "over from the computer" in taken.text, taken.text
    assert (await seats(service))["tigers"] == CAROL


async def test_a_server_manager_gives_a_persons_seat_to_the_computer_then_anyone_may_join(
    service: TableService,
) -> None:
    await seated(service)
    r = await run(service, MANAGER, "ai", seat="tigers", level="random", manager=True)
    assert r.ok, r.text
    assert f"(was <@{BOB}>)" in r.text and "Anyone may take it" in r.text
    assert (await run(service, CAROL, "join", seat="tigers")).ok
    assert (await seats(service))["tigers"] == CAROL


async def test_the_computer_may_take_a_seat_the_game_has_waited_on_long(
    service: TableService, clock: Clock
) -> None:
    await seated(service)
    assert (await run(service, ALICE, "start")).ok  # the Goats (Alice) move first
    early = await run(service, BOB, "ai", seat="goats", level="random")
    assert not early.ok and "waited 72 hours" in early.text
    clock.now += STALL_AFTER + 60
    late = await run_command(service, "ai", Call(CH, BOB, "goat_tiger", {"seat": "goats"}))
    assert late[0].ok, late[0].text
    assert f"<@{ALICE}> takes it back with `/gt join`" in late[0].text
    assert len(late) >= 2  # the computer played the Goats' step at once
    record = await service.store.open_game(CH)
    assert record is not None and record.seats["goats"] < 0
    refused = await run(service, CAROL, "join", seat="goats")
    assert not refused.ok and f"for <@{ALICE}>" in refused.text
    assert (await run(service, ALICE, "join", seat="goats")).ok
    assert (await seats(service))["goats"] == ALICE
