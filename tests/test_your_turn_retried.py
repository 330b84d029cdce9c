"""A "Your turn" direct message, or a reminder's, that Discord failed to deliver, through the
real discord.py library (its HTTP layer faked): a player who relies on direct messages (the
channel muted on their phone) is told all the same, later, by the outbox's round; a restart
between keeps it; never once the game has moved past that decision; never again once the
person refused it (closed direct messages); and given up after a bounded number of tries, in
the log."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from discord_env import B, D, Env, running_bot
from discord_fake import BOT_TOKEN, CHANNEL, FakeDiscord
from test_reminders import Clock

from bot.table.outbox import DIRECT_ATTEMPTS, DIRECT_FIRST_WAIT

BOB = 31  # seated nowhere; asked for direct messages
DM_OPEN = r"^/users/@me/channels$"  # the first direct message to a person opens their channel


def your_turn(fake: FakeDiscord, user: int) -> list[str]:
    return [m.content for m in fake.direct_to(user) if m.content.startswith("Your turn in <#")]


def dm_tries(fake: FakeDiscord) -> int:
    return sum(1 for r in fake.requests if r.method == "POST" and r.path == "/users/@me/channels")


@contextlib.asynccontextmanager
async def b_asked_for_direct_messages(
    db: Path | str, monkeypatch: pytest.MonkeyPatch, fake: FakeDiscord | None = None
) -> AsyncIterator[tuple[Env, Clock]]:
    """The bot on `db`, its outbox's rounds run by the test alone; the service's clock starts
    at the real time (a round a bot runs as it starts finds nothing due) and moves when the
    test says. B (who decides first) and Bob asked for direct messages."""
    async with running_bot(db, monkeypatch, fake, outbox_interval=3600) as env:
        clock = Clock()
        clock.now = time.time()
        env.service.reminders.clock = clock
        await env.slash(B, "club me", direct_messages=True)
        await env.slash(BOB, "club me", direct_messages=True)
        yield env, clock


async def test_a_your_turn_discord_failed_to_send_is_sent_by_the_next_round_after_its_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start's "Your turn" to B fails (the connection drops): it goes out once,
    DIRECT_FIRST_WAIT seconds later, the very message B would have had at once; and the
    channel and its pings are the same as when it went at once."""
    async with b_asked_for_direct_messages(tmp_path / "a.sqlite3", monkeypatch) as (env, clock):
        await env.started()
        sent_at_once = your_turn(env.fake, B)
        public = [m.content for m in env.fake.visible], len(env.fake.pings(B))
    assert len(sent_at_once) == 1
    async with b_asked_for_direct_messages(tmp_path / "b.sqlite3", monkeypatch) as (env, clock):
        env.fake.fail("POST", DM_OPEN, None, 1)
        await env.started()
        assert your_turn(env.fake, B) == []
        clock.now += DIRECT_FIRST_WAIT - 1
        assert await env.bot.flush_directs() == 0
        clock.now += 1
        assert await env.bot.flush_directs() == 1
        assert your_turn(env.fake, B) == sent_at_once
        clock.now += 24 * 3600
        assert await env.bot.flush_directs() == 0  # once
        assert ([m.content for m in env.fake.visible], len(env.fake.pings(B))) == public


async def test_a_restart_between_the_failure_and_the_retry_still_tells_the_player(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot stops with B's "Your turn" owed; the next one, on the same database, sends it
    once it is due (on either backend)."""
    fake = FakeDiscord()
    async with b_asked_for_direct_messages(database_url, monkeypatch, fake) as (env, clock):
        fake.fail("POST", DM_OPEN, None, 1)
        await env.started()
        failed_at = clock.now
    assert your_turn(fake, B) == []
    async with b_asked_for_direct_messages(database_url, monkeypatch, fake) as (env, clock):
        assert await env.bot.flush_directs() == 0  # not due yet
        clock.now = failed_at + DIRECT_FIRST_WAIT
        assert await env.bot.flush_directs() == 1
    [turn] = your_turn(fake, B)
    assert f"**Next:** Bahmani Kingdom <@{B}>" in turn


async def pass_(env: Env) -> None:
    await env.slash(B, "pass")


async def seat_to_bob(env: Env) -> None:
    await env.slash(D, "club seat", faction="B", manage_guild=True, users={"user": BOB})


@pytest.mark.parametrize("moved_on", [pass_, seat_to_bob], ids=["B passed", "B's seat to Bob"])
async def test_no_stale_your_turn_once_the_game_moved_past_the_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moved_on: Callable[[Env], Awaitable[None]]
) -> None:
    """B's "Your turn" failed; before its retry B plays (Pass), or a server manager gives B's
    seat to Bob: the decision it announced is past, so B is never sent it (Bob is told his
    own turn by the seat's change)."""
    async with b_asked_for_direct_messages(tmp_path / "bot.sqlite3", monkeypatch) as (env, clock):
        env.fake.fail("POST", DM_OPEN, None, 1)
        await env.started()
        await moved_on(env)
        bob_told = your_turn(env.fake, BOB)
        clock.now += 24 * 3600
        assert await env.bot.flush_directs() == 0
        assert your_turn(env.fake, B) == [] and your_turn(env.fake, BOB) == bob_told
        assert await env.service.store.due_directs(clock.now) == []  # dropped


async def test_a_refused_your_turn_is_not_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B closed their direct messages (Discord answers 403): one try, never another."""
    async with b_asked_for_direct_messages(tmp_path / "bot.sqlite3", monkeypatch) as (env, clock):
        env.fake.fail("POST", DM_OPEN, 403, 1)
        await env.started()
        for _ in range(3):
            clock.now += 24 * 3600
            assert await env.bot.flush_directs() == 0
        assert dm_tries(env.fake) == 1 and your_turn(env.fake, B) == []


async def test_a_your_turn_that_keeps_failing_is_tried_a_bounded_number_of_times_then_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord keeps failing B's direct messages: each try waits twice the one before,
    DIRECT_ATTEMPTS tries in all (the last about an hour after the first), then it is given
    up, in the log, which holds no token."""
    caplog.set_level(logging.INFO, logger="bot")
    async with b_asked_for_direct_messages(tmp_path / "bot.sqlite3", monkeypatch) as (env, clock):
        env.fake.fail("POST", DM_OPEN, None, 99)
        await env.started()
        started = clock.now
        wait = DIRECT_FIRST_WAIT
        for tries in range(2, DIRECT_ATTEMPTS + 1):
            clock.now += wait - 1
            assert await env.bot.flush_directs() == 0 and dm_tries(env.fake) == tries - 1
            clock.now += 1
            assert await env.bot.flush_directs() == 0 and dm_tries(env.fake) == tries
            wait *= 2
        assert 3600 <= clock.now - started <= 2 * 3600
        clock.now += 7 * 24 * 3600
        assert await env.bot.flush_directs() == 0 and dm_tries(env.fake) == DIRECT_ATTEMPTS
        tokens = [BOT_TOKEN, *env.fake.interactions]
    [given_up] = [r.getMessage() for r in caplog.records if "given up" in r.getMessage()]
    assert f"owed to {B} given up after {DIRECT_ATTEMPTS} attempts" in given_up
    ours = [r.getMessage() for r in caplog.records if r.name.startswith("bot.")]
    assert not any(token in line for token in tokens for line in ours)


def reminded(fake: FakeDiscord, user: int) -> list[str]:
    return [m.content for m in fake.direct_to(user) if "waiting for your decision" in m.content]


async def test_a_reminder_discord_failed_to_send_by_direct_message_is_sent_again(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B's "Your turn" went out; a day later the reminder is posted in the channel, but its
    direct message fails: it goes out DIRECT_FIRST_WAIT seconds later, once, the same text
    (on either backend)."""
    async with b_asked_for_direct_messages(database_url, monkeypatch) as (env, clock):
        await env.started()
        assert len(your_turn(env.fake, B)) == 1
        env.fake.fail("POST", rf"^/channels/{env.fake.dm_channels[B]}/messages$", None, 1)
        clock.now += 24 * 3600
        assert await env.bot.flush_reminders() == 1
        assert "waiting for your decision" in env.fake.visible[-1].content
        assert reminded(env.fake, B) == []
        clock.now += DIRECT_FIRST_WAIT
        assert await env.bot.flush_directs() == 1
        [reminder] = reminded(env.fake, B)
        assert reminder.startswith(env.fake.visible[-1].content)
        assert f"(<#{CHANNEL}>)" in reminder
        clock.now += 24 * 3600
        assert await env.bot.flush_directs() == 0  # once


async def test_a_failed_reminder_is_not_sent_once_its_player_has_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reminder's direct message failed; B plays before its retry: never sent."""
    async with b_asked_for_direct_messages(tmp_path / "bot.sqlite3", monkeypatch) as (env, clock):
        await env.started()
        env.fake.fail("POST", rf"^/channels/{env.fake.dm_channels[B]}/messages$", None, 1)
        clock.now += 24 * 3600
        assert await env.bot.flush_reminders() == 1
        await pass_(env)
        clock.now += DIRECT_FIRST_WAIT
        assert await env.bot.flush_directs() == 0
        assert reminded(env.fake, B) == []
