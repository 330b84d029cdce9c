"""Vijayanagara's Goat-Tiger tiebreak (5.0, 5.5) at the tables: the tied factions of a
finished game play the Goat-Tiger game in the same channel, sides drawn from the game's
secret, and the winner takes first place in the record."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot.tables import Call, TableService, run_command

from db import NewAction, SQLiteStore
from db.models import GameResult, SeatResult

CH = "700"
DELHI, BAHMANI = 31, 32
VIJAYANAGARA_AI = -3


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = await SQLiteStore.open(tmp_path / "tb.sqlite3")
    yield TableService(store, clock=lambda: 2000.0)
    await store.close()


async def tied_game(s: TableService, places: dict[str, int]) -> int:
    """A finished Vijayanagara game whose record has these places (D, B, V)."""
    users = {"D": DELHI, "B": BAHMANI, "V": VIJAYANAGARA_AI}
    g = await s.store.create_game(CH, 1, {}, DELHI, secret="ab" * 32, seats=users)
    g = await s.store.update_game(g.id, g.version, status="active")
    result = GameResult(
        game_id=g.id,
        finished_at=1.0,
        seats=[
            SeatResult(faction=f, user_id=u, place=places[f], score=20) for f, u in users.items()
        ],
    )
    await s.store.append_actions(
        g.id, g.version, [NewAction(action={"type": "pass"})], status="finished", result=result
    )
    return g.id


async def test_a_tie_is_played_off_and_the_record_says_who_won(service: TableService) -> None:
    vj = await tied_game(service, {"D": 3, "B": 1, "V": 1})
    (r,) = await run_command(service, "tiebreak", Call(CH, DELHI, "goat_tiger", {}))
    assert not r.ok and "Only the tied players (Bahmani Kingdom, Vijayanagara Empire)" in r.text
    replies = await run_command(service, "tiebreak", Call(CH, BAHMANI, "goat_tiger", {}))
    assert "ended tied" in replies[0].text and "Bahmani" in replies[0].text
    table = await service.games.open(CH)
    assert table is not None and table.record.kind == "goat_tiger"
    assert set(table.record.seats.values()) == {BAHMANI, VIJAYANAGARA_AI}
    for _ in range(300):
        table = await service.games.open(CH)
        if table is None:
            break
        said = await service.choices(CH, BAHMANI, "goat_tiger", "")
        replies = await run_command(
            service, "play", Call(CH, BAHMANI, "goat_tiger", {"order": said[0]})
        )
    else:
        pytest.fail("the tiebreak did not end")
    assert "by the Goat-Tiger tiebreak" in replies[-1].text
    (record,) = [r for r in await service.store.results(channel_id=CH) if r.game_id == vj]
    places = {s.faction: s.place for s in record.seats}
    assert sorted(places.values()) == [1, 2, 3] and places["D"] == 3


async def test_no_tie_no_tiebreak(service: TableService) -> None:
    await tied_game(service, {"D": 1, "B": 2, "V": 3})
    (r,) = await run_command(service, "tiebreak", Call(CH, DELHI, "goat_tiger", {}))
    assert not r.ok and "without a tie" in r.text
    (r,) = await run_command(service, "tiebreak", Call(CH, DELHI, "taj_mahal", {}))
    assert not r.ok and "No command" in r.text
