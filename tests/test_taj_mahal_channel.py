"""Taj Mahal's channel reads like a game record: each visit opens with its header (the
province, the court, the supply), once, in order, in a message of its own."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot.tables import Call, TableService, run_command

from db import SQLiteStore

CH = "710"
USERS = (31, 32, 33)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = await SQLiteStore.open(tmp_path / "channel.sqlite3")
    yield TableService(store, clock=lambda: 1000.0)
    await store.close()


async def run(s: TableService, user: int, name: str, **args: object) -> list[object]:
    return await run_command(s, name, Call(CH, user, "taj_mahal", args))  # type: ignore[arg-type]


async def test_each_visit_opens_with_its_header_once_and_in_order(service: TableService) -> None:
    pick = random.Random(4)
    await run(service, USERS[0], "create", seat=None)
    table = await service.games.open(CH)
    assert table is not None
    for user, seat in zip(USERS, table.info.seats, strict=False):
        await run(service, user, "join", seat=seat)
    public: list[str] = []
    turns = 0
    for r in await run(service, USERS[0], "start"):
        public.append(r.text)  # type: ignore[attr-defined]
    while (table := await service.games.open(CH)) is not None and table.to_move() is not None:
        seat = table.to_move()
        assert seat is not None
        user = table.user_of(seat)
        assert user is not None
        choices = await service.choices(CH, user, "taj_mahal", "")
        replies = await run(service, user, "play", order=pick.choice(choices))
        assert [getattr(r, "ephemeral", False) for r in replies][:1] == [False]
        # each new message (an edit repeats the turn's message so far, header and all)
        public += [r.text for r in replies if not r.ephemeral and not r.edit]  # type: ignore[attr-defined]
        turns += 1
        assert turns < 1000
    headers = [int(m) for text in public for m in re.findall(r"\*\*Visit (\d+) of 12:", text)]
    assert headers == list(range(1, 13))  # every visit, once, in order; the 12th in Agra
    assert "Agra" in next(t for t in public if "**Visit 12 of 12:" in t)
    assert "Court:" in public[0] and "Supply:" in public[0]  # the start opens visit 1
