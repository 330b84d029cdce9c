"""Reminders over days, on both backends with an injected clock: nobody sleeps."""

from __future__ import annotations

import asyncio
import datetime as dt
import zoneinfo
from collections.abc import AsyncIterator

import pytest
from fakes import SEATS, FakeRenderer, Seeds, seeds_of
from test_service import CH, current, seated, who

from bot.discord.front_end import DISCORD
from bot.table.reminders import CHANNEL_NOTICE, DEFAULT_PACE, REMINDER, SNOOZE, STALLED
from bot.table.service import GameService
from bot.terminal.local import text_command
from rules import vijayanagara

HOUR = 3600.0
START = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC).timestamp()  # a Monday, noon UTC


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * HOUR


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def svc(database_url: str, clock: Clock) -> AsyncIterator[GameService]:
    # abandoned games are never archived here (tests/test_rematch_and_seats.py: they are)
    s = await GameService.open(
        database_url,
        FakeRenderer(),
        clock=clock,
        abandon_after=0,
        seed_source=Seeds(),
        front=DISCORD,
    )
    yield s
    await s.close()


async def due_texts(svc: GameService) -> list[tuple[int, str, list[int]]]:
    """Claim what is due, 'post' it, report it sent: (stage, text, pinged)."""
    out = []
    for due in await svc.club.due_reminders():
        out.append((due.job.stage, due.reply.text, due.reply.mentions))
        await svc.reminders.sent(due.job)
    return out


async def move(svc: GameService) -> None:
    version, st = await current(svc)
    a = vijayanagara.legal_actions(st)[0]
    order = vijayanagara.describe(st, a) + ("; confirm" if vijayanagara.idle_note(st, a) else "")
    r = await svc.moves.play(CH, who(st), order, expected_version=version)
    assert r.ok, r.text


async def test_a_wait_escalates_reminder_channel_notice_stall_then_silence(
    svc: GameService, clock: Clock
) -> None:
    await seated(svc)
    _, st = await current(svc)
    waiting = who(st)
    assert await due_texts(svc) == []  # nothing before the pace has run out
    clock.advance(23.9)
    assert await due_texts(svc) == []
    clock.advance(0.2)
    [(stage, text, pinged)] = await due_texts(svc)
    assert stage == REMINDER and pinged == [waiting]
    assert f"<t:{int(START)}:R>" in text  # since when, in each reader's own terms
    assert await due_texts(svc) == []  # once
    clock.advance(24)
    [(stage, text, pinged)] = await due_texts(svc)
    others = sorted(set(SEATS.values()) - {waiting})
    assert stage == CHANNEL_NOTICE and pinged == [waiting, *others]
    clock.advance(24)
    [(stage, text, pinged)] = await due_texts(svc)
    assert stage == STALLED and "stalled" in text and pinged == []
    for _ in range(5):  # then silence
        clock.advance(24 * 7)
        assert await due_texts(svc) == []


async def test_a_move_resumes_the_reminders_for_whoever_is_on_turn(
    svc: GameService, clock: Clock
) -> None:
    await seated(svc)
    clock.advance(24 * 3)
    assert [s for s, _, _ in await due_texts(svc)] == [REMINDER]  # overdue: one at a time
    clock.advance(24 * 3)
    await due_texts(svc)
    await due_texts(svc)  # stalled now
    await move(svc)  # the game wakes up
    _, st = await current(svc)
    job = await svc.store.reminder((await svc.store.open_game(CH)).id)  # type: ignore[union-attr]
    assert job is not None and job.user_id == who(st) and job.stage == 0
    assert job.due_at == clock.now + DEFAULT_PACE
    clock.advance(24)
    [(stage, _, pinged)] = await due_texts(svc)
    assert stage == REMINDER and pinged == [who(st)]


async def test_a_finished_or_aborted_game_reminds_nobody(svc: GameService, clock: Clock) -> None:
    await seated(svc)
    assert (await svc.lobby.abort(CH, SEATS[vijayanagara.Faction.D])).ok
    clock.advance(24 * 10)
    assert await due_texts(svc) == []


async def test_the_pace_sets_the_interval_and_is_bounded(svc: GameService, clock: Clock) -> None:
    await seated(svc)
    d = SEATS[vijayanagara.Faction.D]
    for bad in (0, 10_000):
        r = await svc.club.pace(CH, d, bad)
        assert not r.ok and "from 1 to 336" in r.text
    stranger = await svc.club.pace(CH, 999, 6)
    assert not stranger.ok and "seated player" in stranger.text
    assert (await svc.club.pace(CH, d, 6, is_manager=True)).ok  # stricter: a manager sets it
    assert "after 6 hours" in (await svc.club.pace(CH, d)).text
    clock.advance(5.9)
    assert await due_texts(svc) == []
    clock.advance(0.2)
    assert [s for s, _, _ in await due_texts(svc)] == [REMINDER]
    clock.advance(6)
    assert [s for s, _, _ in await due_texts(svc)] == [CHANNEL_NOTICE]


async def test_quiet_hours_hold_a_reminder_until_they_end(svc: GameService, clock: Clock) -> None:
    await seated(svc)
    _, st = await current(svc)
    waiting = who(st)
    # quiet from 10 to 14 in Kolkata (UTC+5:30): the reminder is due at noon UTC = 17:30 there;
    # so use quiet hours that cover 17:30 Kolkata: 17-20, ending 14:30 UTC
    bad_zone = await svc.club.me(waiting, time_zone="Mars/Olympus")
    assert not bad_zone.ok and "Unknown time zone" in bad_zone.text
    bad_quiet = await svc.club.me(waiting, quiet="25-3")
    assert not bad_quiet.ok and "0 to 23" in bad_quiet.text
    r = await svc.club.me(waiting, time_zone="Asia/Kolkata", quiet="17-20")
    assert r.ok and "17:00 to 20:00" in r.text and "Asia/Kolkata" in r.text
    clock.advance(24)
    assert await due_texts(svc) == []  # held back: 17:30 in Kolkata
    clock.advance(2.4)
    assert await due_texts(svc) == []
    clock.advance(0.2)  # 20:06 in Kolkata
    [(stage, _, pinged)] = await due_texts(svc)
    assert stage == REMINDER and pinged == [waiting]
    end = dt.datetime.fromtimestamp(clock.now, zoneinfo.ZoneInfo("Asia/Kolkata"))
    assert end.hour == 20


async def test_snooze_is_for_the_player_on_turn_and_holds_the_next_reminder(
    svc: GameService, clock: Clock
) -> None:
    await seated(svc)
    _, st = await current(svc)
    waiting = who(st)
    clock.advance(24)
    [due] = await svc.reminders.due()
    await svc.reminders.sent(due.job)
    [button] = due.reply.buttons
    other = next(u for u in SEATS.values() if u != waiting)
    refused = await svc.press(CH, other, button.custom_id)
    assert not refused.ok and "on turn" in refused.text
    other_seat = next(f for f in vijayanagara.PLAYERS if SEATS[f] == other)
    assert (await svc.lobby.leave(CH, other, other_seat.value)).ok  # the game's version moves on
    assert (await svc.lobby.join(CH, other, other_seat.value)).ok
    r = await svc.press(CH, waiting, button.custom_id)  # the wait did not: snooze still works
    assert r.ok and r.ephemeral and "Snoozed" in r.text
    clock.advance(SNOOZE / HOUR - 0.1)
    assert await due_texts(svc) == []
    clock.advance(24)
    assert [s for s, _, _ in await due_texts(svc)] == [CHANNEL_NOTICE]


async def test_a_restart_in_between_loses_or_doubles_nothing(
    database_url: str, clock: Clock
) -> None:
    first = await GameService.open(database_url, FakeRenderer(), clock=clock, seed_source=Seeds())
    await seated(first)
    clock.advance(24)
    claimed = await first.reminders.due()
    assert len(claimed) == 1
    await first.close()  # died after claiming, before posting
    second = await GameService.open(database_url, FakeRenderer(), clock=clock, seed_source=Seeds())
    try:
        assert await due_texts(second) == []  # the claim's lease still holds
        clock.advance(0.1)  # the lease (120 s) ran out: taken again, once
        assert [s for s, _, _ in await due_texts(second)] == [REMINDER]
        assert await due_texts(second) == []
        clock.advance(24)
        assert [s for s, _, _ in await due_texts(second)] == [CHANNEL_NOTICE]
    finally:
        await second.close()


async def test_two_services_on_one_database_send_each_reminder_once(
    database_url: str, clock: Clock
) -> None:
    a = await GameService.open(database_url, FakeRenderer(), clock=clock, seed_source=Seeds())
    b = await GameService.open(database_url, FakeRenderer(), clock=clock, seed_source=Seeds())
    try:
        for i in range(3):
            await seated(a, channel=f"chan-{i}")
        sent: list[tuple[int, int]] = []
        for _ in range(4):
            clock.advance(24)
            for _ in range(2):  # both processes look at the same moment
                claims = await asyncio.gather(
                    a.club.due_reminders(), b.club.due_reminders(), a.club.due_reminders()
                )
                for s, dues in zip((a, b, a), claims, strict=True):
                    for due in dues:
                        sent.append((due.job.game_id, due.job.stage))
                        await s.reminders.sent(due.job)
        assert sorted(sent) == sorted(
            (g, stage) for g in {g for g, _ in sent} for stage in (0, 1, 2)
        )
        assert len(sent) == 9
    finally:
        await a.close()
        await b.close()


async def test_the_pace_from_a_text_line(svc: GameService) -> None:
    await seated(svc)
    d = SEATS[vijayanagara.Faction.D]
    assert (await text_command(svc, CH, d, "club pace 48")).ok
    assert "after 48 hours" in (await text_command(svc, CH, d, "club pace")).text
    bad = await text_command(svc, CH, d, "club pace lots")
    assert not bad.ok and "1 to 336" in bad.text


async def owed_texts(svc: GameService) -> list[str]:
    return [reply.text for _, reply in await svc.outbox.owed()]


async def test_a_deadline_passes_for_the_seat_where_a_pass_is_allowed(
    svc: GameService, clock: Clock
) -> None:
    await seated(svc)
    d = SEATS[vijayanagara.Faction.D]
    bad = await svc.club.pace(CH, d, deadline="resign")
    assert not bad.ok and "nothing, pass" in bad.text
    assert (await svc.club.pace(CH, d, 24, "pass", is_manager=True)).ok
    version, st = await current(svc)
    waiting, faction = who(st), vijayanagara.prompt(st).faction
    assert vijayanagara.Choose(option="pass") in vijayanagara.legal_actions(st)
    clock.advance(24.1)
    assert await due_texts(svc) == []  # no reminder: the seat passed instead
    after_version, after = await current(svc)
    assert after_version == version + 1
    assert who(after) != waiting  # the decision moved on
    announced = "\n".join(await owed_texts(svc))  # stored, then announced (the outbox)
    assert f"{vijayanagara.FACTION_NAMES[faction]} passed automatically after 24 hours" in announced
    game = await svc.store.open_game(CH)
    assert game is not None
    job = await svc.store.reminder(game.id)
    assert job is not None and job.user_id == who(after) and job.stage == REMINDER


async def test_without_a_pass_allowed_the_deadline_only_reminds(
    svc: GameService, clock: Clock
) -> None:
    await seated(svc)
    d = SEATS[vijayanagara.Faction.D]
    assert (await svc.club.pace(CH, d, 24, "pass", is_manager=True)).ok
    version, st = await current(svc)
    command = vijayanagara.Choose(option="command")
    assert command in vijayanagara.legal_actions(st)
    assert (
        await svc.moves.play(
            CH, who(st), vijayanagara.describe(st, command), expected_version=version
        )
    ).ok
    version, st = await current(svc)
    assert vijayanagara.Choose(option="pass") not in vijayanagara.legal_actions(st)
    clock.advance(24.1)
    assert [s for s, _, _ in await due_texts(svc)] == [REMINDER]
    assert (await current(svc))[0] == version  # nothing was played


# who is pinged is the table's choice, the moves' database calls those of every move (both
# backends: test_service's whole game of orders): on SQLite only
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_notice_only_when_the_decision_passes_to_another_person(
    svc: GameService,
) -> None:
    """One friend holds two seats: passing the decision between them pings nobody."""
    seeds_of(svc).next = 12
    d, solo = SEATS[vijayanagara.Faction.D], SEATS[vijayanagara.Faction.B]
    assert (await svc.lobby.create(CH, d, kind="vijayanagara")).ok
    assert (await svc.lobby.join(CH, d, "D")).ok
    assert (await svc.lobby.join(CH, solo, "B")).ok
    assert (await svc.lobby.join(CH, solo, "V")).ok
    assert (await svc.lobby.start(CH, d)).ok
    seen = 0
    for _ in range(60):
        version, st = await current(svc)
        f = vijayanagara.prompt(st).faction
        assert f is not None
        before = d if f == vijayanagara.Faction.D else solo
        a = vijayanagara.legal_actions(st)[0]
        order = vijayanagara.describe(st, a) + (
            "; confirm" if vijayanagara.idle_note(st, a) else ""
        )
        r = await svc.moves.play(CH, before, order, expected_version=version)
        assert r.ok, r.text
        _, after = await current(svc)
        g = vijayanagara.prompt(after).faction
        if g is None:
            break
        now = d if g == vijayanagara.Faction.D else solo
        if now == before:
            assert r.mentions == []
            seen += 1
        elif r.close_text is not None or not r.edit:
            assert r.mentions == [now]
    assert seen  # the two-seat hand-off happened and pinged nobody


async def test_a_seat_on_turn_left_and_taken_moves_the_wait_to_its_new_holder(
    svc: GameService, clock: Clock
) -> None:
    await seated(svc)
    _, st = await current(svc)
    waiting, faction = who(st), vijayanagara.prompt(st).faction
    assert faction is not None
    game = await svc.store.open_game(CH)
    assert game is not None
    assert (await svc.lobby.leave(CH, waiting, faction.value)).ok
    assert await svc.store.reminder(game.id) is None  # a free seat is reminded of nothing
    clock.advance(24 * 5)
    assert await due_texts(svc) == []
    assert (await svc.lobby.join(CH, 4242, faction.value)).ok
    job = await svc.store.reminder(game.id)
    assert job is not None and job.user_id == 4242 and job.since == clock.now
    clock.advance(24)
    [(stage, _, pinged)] = await due_texts(svc)
    assert stage == REMINDER and pinged == [4242]
