"""Vijayanagara's Goat-Tiger tiebreak (5.0, 5.5) on the one service: the tied factions of a
finished game play the Goat-Tiger game in the same channel, sides drawn from the game's
secret, and the winner takes first place in the record; with three tied, the final against
the one who waited opens by itself when the first game ends."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fakes import FakeRenderer
from table_helpers import choices, on_turn, open_game, run

from bot.table.ai_users import AI_USERS, is_ai
from bot.table.commands import find
from bot.table.reply import Reply
from bot.table.service import GameService
from db import NewAction
from db.models import GameResult, SeatResult

CH = "700"
DELHI, BAHMANI = 31, 32
VIJAYANAGARA_AI = AI_USERS["hard"]
GT = "goat_tiger"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "tb.sqlite3"),
        FakeRenderer(),
        clock=lambda: 2000.0,
        ai_executor=ThreadPoolExecutor(1),
    )
    s.ai.think_seconds = 0.02  # a small budget for the hard level
    yield s
    await s.close()


async def tied_game(s: GameService, places: dict[str, int]) -> int:
    """A finished Vijayanagara game whose record has these places (D, B, V)."""
    users = {"D": DELHI, "B": BAHMANI, "V": VIJAYANAGARA_AI}
    g = await s.store.create_game(
        CH, 1, {}, DELHI, secret="ab" * 32, seats=users, kind="vijayanagara"
    )
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


async def play_out(s: GameService, seed: int = 1) -> list[Reply]:
    """The channel's Goat-Tiger game played to its end (not the game that may open after
    it): each person plays a step offered (drawn by `seed`), each AI its own; the replies of
    the moves."""
    pick = random.Random(seed)
    playing = await s.store.open_game(CH)
    assert playing is not None
    replies: list[Reply] = []
    for _ in range(1000):
        now = await s.store.open_game(CH)
        turn = await on_turn(s, CH)
        if turn is None or now is None or now.id != playing.id:
            return replies
        _, user = turn
        if is_ai(user):
            moved = await s.ai.move(CH)
            assert moved is not None
            replies.append(moved)
            continue
        offered = await choices(s, CH, user, GT)
        reply = await run(s, CH, user, "play", GT, order=pick.choice(offered))
        assert reply.ok, reply.text
        replies.append(reply)
    pytest.fail("the tiebreak did not end")


async def places_of(s: GameService, game_id: int) -> dict[str, int]:
    (record,) = [r for r in await s.store.results(channel_id=CH) if r.game_id == game_id]
    return {seat.faction: seat.place for seat in record.seats}


async def test_a_tie_is_played_off_and_the_record_says_who_won(service: GameService) -> None:
    vj = await tied_game(service, {"D": 3, "B": 1, "V": 1})
    r = await run(service, CH, DELHI, "tiebreak", GT)
    assert not r.ok and "Only the tied players (Bahmani Kingdom, Vijayanagara Empire)" in r.text
    r = await run(service, CH, BAHMANI, "tiebreak", GT)
    assert r.ok and "ended tied" in r.text and "Bahmani" in r.text
    (start,) = r.then  # the game starts at once: its seats are taken
    assert "The game begins" in start.text
    found = await open_game(service, CH)
    assert found is not None and found[0].kind == GT and found[0].status == "active"
    assert set(found[0].seats.values()) == {BAHMANI, VIJAYANAGARA_AI}
    replies = await play_out(service)
    assert "by the Goat-Tiger tiebreak" in replies[-1].text
    places = await places_of(service, vj)
    assert sorted(places.values()) == [1, 2, 3] and places["D"] == 3
    again = await run(service, CH, BAHMANI, "tiebreak", GT)  # it is over: played once
    assert not again.ok and "follows a finished Vijayanagara game" in again.text


async def test_three_tied_play_a_first_game_then_its_winner_plays_the_third(
    service: GameService,
) -> None:
    vj = await tied_game(service, {"D": 1, "B": 1, "V": 1})
    r = await run(service, CH, DELHI, "tiebreak", GT)
    assert r.ok and "plays the winner" in r.text, r.text
    first = await open_game(service, CH)
    assert first is not None
    replies = await play_out(service)
    ended = replies[-1]
    assert "wins the first game of the tiebreak and plays" in ended.text
    assert "rematch" not in ended.text and ended.buttons == []  # the final is the next game
    (opened,) = ended.then  # the final opens by itself, after the first game's end
    assert opened.announcement is not None and opened.announcement[0] != first[0].id
    assert "The final of game" in opened.text
    (start,) = opened.then
    assert "The game begins" in start.text
    assert set((await places_of(service, vj)).values()) == {1}  # undecided until the final
    replies = await play_out(service)
    assert "by the Goat-Tiger tiebreak" in replies[-1].text and replies[-1].then == []
    assert sorted((await places_of(service, vj)).values()) == [1, 2, 2]
    latest = await service.store.latest_game(CH)
    assert latest is not None and latest.status == "finished" and latest.kind == GT


async def test_no_tie_no_tiebreak(service: GameService) -> None:
    await tied_game(service, {"D": 1, "B": 2, "V": 3})
    r = await run(service, CH, DELHI, "tiebreak", GT)
    assert not r.ok and "without a tie" in r.text
    assert find("taj_mahal", "tiebreak") is None  # only the Goat-Tiger group has it
    assert find("vijayanagara", "tiebreak") is None


async def test_a_rematch_of_a_tiebreak_game_breaks_no_tie(service: GameService) -> None:
    vj = await tied_game(service, {"D": 3, "B": 1, "V": 1})
    assert (await run(service, CH, BAHMANI, "tiebreak", GT)).ok
    await play_out(service)
    places = await places_of(service, vj)
    rematch = await run(service, CH, BAHMANI, "rematch", GT, club=True, seating="same")
    assert rematch.ok, rematch.text
    assert (await run(service, CH, BAHMANI, "start", GT)).ok
    replies = await play_out(service)
    assert not any("tiebreak" in r.text for r in replies)
    assert await places_of(service, vj) == places
