"""Taj Mahal's channel reads like a game record: each visit opens with its header (the
province, the court, the supply), once, in order, in a message of its own."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import FakeRenderer
from table_helpers import choices, on_turn, run

from bot.table.service import GameService

CH = "710"
USERS = (31, 32, 33)
TM = "taj_mahal"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "channel.sqlite3"), FakeRenderer(), clock=lambda: 1000.0
    )
    yield s
    await s.close()


async def test_each_visit_opens_with_its_header_once_and_in_order(service: GameService) -> None:
    pick = random.Random(4)
    await run(service, CH, USERS[0], "create", TM)
    for user, seat in zip(USERS, ("blue", "orange", "brown"), strict=True):
        assert (await run(service, CH, user, "join", TM, seat=seat)).ok
    start = await run(service, CH, USERS[0], "start", TM)
    public = [start.text]
    turns = 0
    while (turn := await on_turn(service, CH)) is not None:
        _, user = turn
        r = await run(
            service, CH, user, "play", TM, order=pick.choice(await choices(service, CH, user, TM))
        )
        assert r.ok and not r.ephemeral, r.text
        # each new message (an edit repeats the turn's message so far, header and all)
        if not r.edit:
            public.append(r.text)
        turns += 1
        assert turns < 1000
    headers = [int(m) for text in public for m in re.findall(r"\*\*Visit (\d+) of 12:", text)]
    assert headers == list(range(1, 13))  # every visit, once, in order; the 12th in Agra
    assert "Agra" in next(t for t in public if "**Visit 12 of 12:" in t)
    assert "Court:" in public[0] and "Supply:" in public[0]  # the start opens visit 1
