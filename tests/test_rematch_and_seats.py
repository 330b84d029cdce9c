"""Rematch, substitutes and abandoned games, on both backends (a rematch after a whole game
on SQLite only)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import SEATS, STRANGER, FakeRenderer, Seeds
from test_records import finished
from test_reminders import Clock
from test_service import current, seated, who

from bot.table.service import GameService
from rules import vijayanagara

F = vijayanagara.Faction
D, B, V = SEATS[F.D], SEATS[F.B], SEATS[F.V]
CH = "chan-1"
DAY = 24.0


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def svc(database_url: str, clock: Clock) -> AsyncIterator[GameService]:
    s = await GameService.open(
        database_url, FakeRenderer(), clock=clock, abandon_after=10 * 86400, seed_source=Seeds()
    )
    yield s
    await s.close()


# A rematch's tests start after a whole game, on SQLite only: a rematch's database calls
# (the last game read, the new one stored with its seats and announcement) run on both
# backends in test_new_game_crash (a crash at each of them), and a whole game's in
# test_service's whole game of orders. The game is played once per process: each test gets
# a copy of its database file.
FINISHED: dict[str, bytes] = {}


@pytest.fixture
async def after_a_whole_game(
    migrated_sqlite_path: Path, tmp_path: Path, clock: Clock
) -> AsyncIterator[GameService]:
    """The service on a copy of a SQLite file where seed 11's game, seated by SEATS, was
    played to its end in CH (test_records.finished)."""
    if "file" not in FINISHED:
        first = await GameService.open(
            str(migrated_sqlite_path), FakeRenderer(), clock=Clock(), seed_source=Seeds()
        )
        await finished(first, CH, SEATS, 11)
        await first.close()  # (its write-ahead log folded into the file)
        FINISHED["file"] = migrated_sqlite_path.read_bytes()
    path = tmp_path / "finished.sqlite3"
    path.write_bytes(FINISHED["file"])
    s = await GameService.open(
        str(path), FakeRenderer(), clock=clock, abandon_after=10 * 86400, seed_source=Seeds()
    )
    yield s
    await s.close()


async def test_a_rematch_rotates_the_seats_and_keeps_the_options(
    after_a_whole_game: GameService,
) -> None:
    svc = after_a_whole_game
    last = await svc.store.latest_game(CH)
    assert last is not None
    r = await svc.club.rematch(CH, B)
    assert r.ok, r.text
    assert sorted(r.mentions) == sorted({D, B, V})
    game = await svc.store.open_game(CH)
    assert game is not None and game.id != last.id and game.status == "lobby"
    assert game.seats == {"B": D, "V": B, "D": V}  # D's player plays B, B's V, V's D
    assert game.options == last.options
    assert (await svc.lobby.start(CH, B)).ok  # everyone is seated: it starts
    again = await svc.club.rematch(CH, B)
    assert not again.ok and "not" in again.text  # the channel's game is running


async def test_a_rematch_may_keep_or_reopen_the_seats(after_a_whole_game: GameService) -> None:
    svc = after_a_whole_game
    assert (await svc.club.rematch(CH, D, seating="same")).ok
    game = await svc.store.open_game(CH)
    assert game is not None and game.seats == {"D": D, "B": B, "V": V}
    assert (await svc.lobby.abort(CH, D)).ok
    assert (await svc.club.rematch(CH, D, seating="choose")).ok
    game = await svc.store.open_game(CH)
    assert game is not None and game.seats == {}


async def test_a_rematch_is_refused_with_a_reason(after_a_whole_game: GameService) -> None:
    svc = after_a_whole_game
    none = await svc.club.rematch("chan-without-a-game", D)
    assert not none.ok and "has none" in none.text
    stranger = await svc.club.rematch(CH, STRANGER)
    assert not stranger.ok and "Only a player of game" in stranger.text
    bad = await svc.club.rematch(CH, D, seating="shuffle")
    assert not bad.ok and "rotate, same, choose" in bad.text


async def test_a_server_manager_moves_a_seat_and_the_reminders_follow(
    svc: GameService, clock: Clock
) -> None:
    await seated(svc)
    _, st = await current(svc)
    on_turn = vijayanagara.prompt(st).faction
    assert on_turn is not None
    refused = await svc.club.seat(CH, D, on_turn.value, STRANGER)
    assert not refused.ok and "Manage Server" in refused.text
    bad = await svc.club.seat(CH, D, "X", STRANGER, is_manager=True)
    assert not bad.ok and "not a faction" in bad.text
    r = await svc.club.seat(CH, 999, on_turn.value, STRANGER, is_manager=True)
    assert r.ok and r.mentions == [STRANGER] and "their decision now" in r.text
    game = await svc.store.open_game(CH)
    assert game is not None and game.seats[on_turn.value] == STRANGER
    clock.advance(DAY)
    [due] = await svc.club.due_reminders()
    assert due.job.user_id == STRANGER and due.reply.mentions == [STRANGER]
    _, st = await current(svc)
    assert (
        await svc.moves.play(
            CH, STRANGER, vijayanagara.describe(st, vijayanagara.legal_actions(st)[0])
        )
    ).ok


async def test_an_abandoned_game_is_announced_then_archived(svc: GameService, clock: Clock) -> None:
    await seated(svc)
    stages = []
    for _ in range(12):
        clock.advance(DAY)
        for due in await svc.club.due_reminders():
            stages.append((round((clock.now - due.job.since) / 86400), due.job.stage))
            await svc.reminders.sent(due.job)
    # reminder, channel notice, stall; a warning 3 days before the 10th day; then archived
    assert stages == [(1, 0), (2, 1), (3, 2), (7, 3)]
    game = await svc.store.latest_game(CH)
    assert game is not None and game.status == "aborted"
    owed = "\n".join(reply.text for _, reply in await svc.outbox.owed())
    assert "will be archived" not in owed  # the warning was posted, not owed
    assert f"Game {game.id} archived: no move for 10 days" in owed
    assert "secret" in owed.lower()  # like an abort: every die and card can be checked


async def test_a_move_before_the_archive_keeps_the_game(svc: GameService, clock: Clock) -> None:
    await seated(svc)
    clock.advance(9 * DAY)
    for _ in range(4):
        for due in await svc.club.due_reminders():
            await svc.reminders.sent(due.job)
    version, st = await current(svc)
    order = vijayanagara.describe(st, vijayanagara.legal_actions(st)[0])
    assert (await svc.moves.play(CH, who(st), order, expected_version=version)).ok
    clock.advance(2 * DAY)
    for due in await svc.club.due_reminders():
        await svc.reminders.sent(due.job)
    game = await svc.store.open_game(CH)
    assert game is not None and game.status == "active"


async def test_a_seat_change_off_turn_does_not_save_an_abandoned_game(
    svc: GameService, clock: Clock
) -> None:
    """Joining or leaving another seat changes the game's version, not the wait."""
    await seated(svc)
    _, st = await current(svc)
    off_turn = next(f for f in vijayanagara.PLAYERS if f != vijayanagara.prompt(st).faction)
    clock.advance(2 * DAY)
    for due in await svc.club.due_reminders():
        await svc.reminders.sent(due.job)
    assert (await svc.lobby.leave(CH, SEATS[off_turn], off_turn.value)).ok
    assert (await svc.lobby.join(CH, STRANGER, off_turn.value)).ok
    for _ in range(10):
        clock.advance(DAY)
        for due in await svc.club.due_reminders():
            await svc.reminders.sent(due.job)
    game = await svc.store.latest_game(CH)
    assert game is not None and game.status == "aborted"
