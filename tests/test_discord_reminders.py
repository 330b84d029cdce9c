"""Reminders through the real discord.py client against the fake Discord: posted
once in the game's channel with a snooze button, privately too for a player who asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_env import B, D, Env, V, running_bot
from discord_fake import CHANNEL
from fakes import STRANGER
from test_reminders import Clock


def told(e: Env, user: int) -> str:
    return "\n".join(m.content for m in e.fake.private_to(user))


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes):  # type: ignore[no-untyped-def]
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        clock = Clock()
        e.service.reminders.clock = clock
        yield e, clock


async def test_a_reminder_is_posted_once_and_the_player_can_snooze_it(
    env: tuple[Env, Clock],
) -> None:
    e, clock = env
    await e.started()  # B decides first
    clock.advance(24)
    assert await e.bot.flush_reminders() == 1
    assert await e.bot.flush_reminders() == 0
    await e.fake.settle()
    reminder = e.fake.visible[-1]
    assert "waiting for your decision" in reminder.content
    assert e.fake.pings(B)[-1] is reminder
    [snooze] = [c for c in reminder.custom_ids if c.endswith(":snooze")]
    await e.click(B, reminder, snooze)
    assert "Snoozed" in "\n".join(m.content for m in e.fake.private_to(B))


async def test_a_player_who_asked_gets_turn_notices_and_reminders_by_direct_message(
    env: tuple[Env, Clock],
) -> None:
    e, clock = env
    await e.slash(B, "club me", direct_messages=True)
    await e.started()  # pings B in the channel, and privately
    dms = e.fake.direct_to(B)
    assert len(dms) == 1 and "Your turn in" in dms[0].content
    clock.advance(24)
    # the client's background loop (every 0.2 s here) finds it due and posts it
    await e.fake.until(lambda: len(e.fake.direct_to(B)) == 2)
    assert "waiting for your decision" in e.fake.visible[-1].content
    assert "waiting for your decision" in e.fake.direct_to(B)[-1].content


async def test_club_commands_through_discord(env: tuple[Env, Clock]) -> None:
    e, _ = env
    await e.slash(D, "club history")
    assert "No finished games here yet" in told(e, D)
    await e.started()
    await e.slash(D, "club seat", faction="V", users={"user": STRANGER})
    assert "Only a member with Manage Server" in told(e, D)
    await e.slash(D, "club seat", faction="V", users={"user": STRANGER}, manage_guild=True)
    moved = e.fake.visible[-1]
    assert "passes from" in moved.content and e.fake.pings(STRANGER)[-1] is moved
    await e.slash(D, "club pace", hours=12, deadline="pass", manage_guild=True)
    assert "after 12 hours" in e.fake.visible[-1].content
    await e.slash(D, "club stats")
    assert "0 finished games" in told(e, D)


async def test_a_stricter_pace_takes_effect_when_every_seated_player_presses_agree(
    env: tuple[Env, Clock],
) -> None:
    e, _ = env
    await e.started()
    game = await e.service.store.open_game(str(CHANNEL))
    assert game is not None
    await e.slash(D, "club pace", hours=1, deadline="pass")
    proposal = e.fake.visible[-1]
    assert "proposes a stricter pace" in proposal.content
    assert e.fake.pings(B)[-1] is proposal and e.fake.pings(V)[-1] is proposal
    [agree] = [c for c in proposal.custom_ids if ":pace-" in c]
    assert (await e.service.reminders.pace(game.id)).seconds == 24 * 3600  # not yet
    await e.click(STRANGER, proposal, agree)
    assert "you have no seat" in told(e, STRANGER)
    await e.click(B, proposal, agree)
    assert f"Waiting for <@{V}>" in e.fake.visible[-1].content
    await e.click(V, proposal, agree)
    assert "Every seated player agreed" in e.fake.visible[-1].content
    pace = await e.service.reminders.pace(game.id)
    assert (pace.seconds, pace.deadline) == (3600, "pass")


async def test_a_game_in_its_own_thread_is_pinned_and_kept_alive(
    env: tuple[Env, Clock],
) -> None:
    e, _ = env
    await e.slash(D, "create", thread=True)
    [thread] = e.fake.threads
    assert f"<#{thread}>" in told(e, D)
    opening = [m for m in e.fake.visible if m.channel_id == thread]
    assert len(opening) == 1 and "New game" in opening[0].content
    assert e.fake.pins == [(thread, opening[0].id)]
    assert not [m for m in e.fake.visible if m.channel_id == CHANNEL]  # nothing in the parent
    game = await e.service.store.open_game(str(thread))
    assert game is not None
    e.fake.archive(thread)
    await e.fake.until(lambda: not e.fake.threads[thread]["thread_metadata"]["archived"])
    assert (await e.service.lobby.abort(str(thread), D)).ok
    e.fake.archive(thread)  # the game is over: the thread may rest
    await e.fake.settle()  # the bot has handled the update
    assert e.fake.threads[thread]["thread_metadata"]["archived"]
