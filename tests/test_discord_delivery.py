"""Every stored move reaches the channel and pings whoever acts next, whatever goes wrong:
the real discord.py client against a fake Discord that enforces the interaction rules."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import discord
import pytest
from discord_env import B, D, Env, V, running_bot
from discord_fake import CHANNEL, DEFAULT_APP_PERMISSIONS, FakeDiscord, Interaction, Message

from rules import vijayanagara

NOTHING_STORED = "nothing was stored"


class NoBackoff:
    """asyncio as discord.py's webhooks see it, but a sleep yields at once: the backoff before
    it retries a 5xx (1 s, then 3 s) is its own, and what is tested is that the retry comes
    and the move is announced, not how long discord.py waits for it."""

    sleep_for_real = staticmethod(asyncio.sleep)

    def __getattr__(self, name: str) -> object:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: object = None) -> object:
        return await self.sleep_for_real(0, result)


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(discord.webhook.async_, "asyncio", NoBackoff())
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        yield e


@pytest.fixture
async def env_by_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes
):  # type: ignore[no-untyped-def]
    """`env`, with the outbox flushed only by the test (its own rounds an hour apart)."""
    monkeypatch.setattr(discord.webhook.async_, "asyncio", NoBackoff())
    db = tmp_path / "bot.sqlite3"
    async with running_bot(
        db, monkeypatch, migrated=migrated_sqlite_bytes, outbox_interval=3600
    ) as e:
        yield e


def pinged_once(fake: FakeDiscord, user: int, since: int = 0) -> Message:
    """The one message since the `since`-th notification that notified `user`."""
    pings = [fake.messages[m] for u, m in fake.notified[since:] if u == user]
    assert len(pings) == 1, [p.content for p in pings]
    return pings[0]


def no_unknown_interaction(fake: FakeDiscord) -> None:
    late = [r.path for r in fake.requests if r.path.endswith("/callback") and r.status == 404]
    assert not late, late


def told(fake: FakeDiscord, user: int) -> str:
    return "\n".join(m.content for m in fake.private_to(user))


async def b_passes(env: Env) -> None:
    """B, first on card 1 of seed 1, passes; the next faction to decide is pinged."""
    await env.slash(B, "pass")


async def next_player(env: Env) -> int:
    _, state = await env.state()
    f = vijayanagara.prompt(state).faction
    assert f is not None
    return {vijayanagara.Faction.D: D, vijayanagara.Faction.B: B, vijayanagara.Faction.V: V}[f]


async def test_the_start_pings_the_first_player_with_the_board(env: Env) -> None:
    start = await env.started()
    assert pinged_once(env.fake, B) is start
    assert start.files == ["board.png"] and start.custom_ids
    no_unknown_interaction(env.fake)


async def while_the_board_takes(env: Env, seconds: float, inter: Interaction) -> None:
    """The bot handles `inter` while drawing the board takes `seconds` (on Discord's clock:
    the bot has already deferred and no longer counts time)."""
    if seconds:
        await env.fake.until(lambda: env.renderer.waiting.is_set() and inter.response is not None)
        assert inter.response in (5, 6)  # deferred while the board is drawn
        env.fake.advance(seconds)
        env.renderer.release()
    await env.fake.settle()


@pytest.mark.parametrize("render_seconds", [0.0, 2.6])
async def test_a_hand_off_pings_the_next_player_fast_or_slow(
    env: Env, render_seconds: float
) -> None:
    await env.started()
    if render_seconds:
        env.renderer.hold()
    since = len(env.fake.notified)
    await while_the_board_takes(env, render_seconds, env.fake.slash(B, "pass"))
    nxt = await next_player(env)
    msg = pinged_once(env.fake, nxt, since)
    assert "board.png" in msg.files and not msg.ephemeral
    assert "✓" in told(env.fake, B)  # the sender's private receipt
    no_unknown_interaction(env.fake)


@pytest.mark.parametrize("render_seconds", [0.0, 2.6])
async def test_a_button_hand_off_pings_the_next_player(env: Env, render_seconds: float) -> None:
    start = await env.started()
    if render_seconds:
        env.renderer.hold()
    since = len(env.fake.notified)
    pass_button = next(
        cid for cid, label in zip(start.custom_ids, _labels(start), strict=True) if label == "pass"
    )
    await while_the_board_takes(env, render_seconds, env.fake.click(B, start, pass_button))
    nxt = await next_player(env)
    assert "board.png" in pinged_once(env.fake, nxt, since).files
    assert start.custom_ids == []  # the clicked message loses its buttons
    no_unknown_interaction(env.fake)


def _labels(msg: Message) -> list[str]:
    return [c["label"] for row in msg.components for c in row.get("components", [])]


@pytest.mark.parametrize(
    ("method", "path", "status", "times"),
    [
        ("POST", r"^/webhooks/", 403, 1),  # the upload refused
        ("POST", r"^/webhooks/", 503, 1),  # a 5xx (discord.py retries once)
        ("POST", r"^/webhooks/", None, 9),  # the connection drops, every time
        ("POST", r"^/webhooks/", 401, 9),  # the interaction token is dead
        ("PATCH", r"^/webhooks/", None, 9),  # the receipt cannot be written
    ],
    ids=["upload-403", "5xx", "timeout", "dead-token", "receipt-fails"],
)
async def test_a_stored_move_is_announced_whatever_fails(
    env: Env, method: str, path: str, status: int | None, times: int
) -> None:
    await env.started()
    version, _ = await env.state()
    since = len(env.fake.notified)
    env.fake.fail(method, path, status, times)
    await b_passes(env)
    after, _ = await env.state()
    assert after == version + 1  # stored
    nxt = await next_player(env)
    msg = pinged_once(env.fake, nxt, since)
    assert "passes" in msg.content or "Pass" in msg.content or "pass" in msg.content
    if status == 403:
        assert msg.files == [] and "Attach Files" in msg.content
    assert NOTHING_STORED not in told(env.fake, B)
    assert await env.service.store.owed_announcements(grace=0) == []


async def test_an_announcement_that_cannot_go_out_is_kept_and_delivered_later(
    env_by_hand: Env,
) -> None:
    await env_by_hand.started()
    since = len(env_by_hand.fake.notified)
    env_by_hand.fake.fail("POST", r"^/webhooks/", None, 99)
    env_by_hand.fake.fail("POST", r"^/channels/", 503, 99)
    await b_passes(env_by_hand)
    nxt = await next_player(env_by_hand)
    assert [u for u, _ in env_by_hand.fake.notified[since:]] == []
    owed = await env_by_hand.service.store.owed_announcements(ignore_backoff=True, lease=0)
    assert len(owed) == 1 and owed[0].attempts == 1
    assert await env_by_hand.service.store.owed_announcements() == []  # it waits before a retry
    env_by_hand.fake.faults.clear()
    await env_by_hand.service.store.announcement_failed(owed[0].game_id, owed[0].version, 0)
    assert await env_by_hand.bot.flush_outbox() == 1
    pinged_once(env_by_hand.fake, nxt, since)
    assert await env_by_hand.service.store.owed_announcements(grace=0) == []


async def test_an_announcement_owed_at_a_crash_is_delivered_after_the_restart(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On either backend (DATABASE_URL): what the first run owed, the next one delivers."""
    db = database_url
    async with running_bot(db, monkeypatch, outbox_interval=3600) as env:
        await env.started()
        env.fake.fail("POST", r"^/webhooks/", None, 99)
        env.fake.fail("POST", r"^/channels/", None, 99)
        await b_passes(env)
        nxt = await next_player(env)
    fake = FakeDiscord()
    async with running_bot(db, monkeypatch, fake) as env2:
        await fake.until(lambda: bool(fake.notified))
        pinged_once(fake, nxt)
        assert await env2.service.store.owed_announcements(grace=0) == []


async def test_a_move_while_the_database_is_locked_is_stored_and_announced(
    env: Env, tmp_path: Path
) -> None:
    await env.started()
    since = len(env.fake.notified)
    other = sqlite3.connect(tmp_path / "bot.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        inter = env.fake.slash(B, "pass")
        await env.fake.until(lambda: inter.response is not None)  # at once, still locked
        assert inter.response == 5
        env.fake.advance(3.2)  # past Discord's 3 s: only follow-ups reach the channel now
    finally:
        other.execute("ROLLBACK")
        other.close()
    await env.fake.settle()
    pinged_once(env.fake, await next_player(env), since)
    no_unknown_interaction(env.fake)


async def test_a_late_event_with_a_slow_board_is_deferred_in_time(env: Env) -> None:
    await env.started()
    env.renderer.hold()
    inter = env.fake.slash(D, "board", age=2.4)  # arrives 2.4 s after its creation
    await while_the_board_takes(env, 1.9, inter)
    no_unknown_interaction(env.fake)
    assert inter.response == 5  # deferred, then edited with the board
    assert any("board.png" in m.files for m in env.fake.seen_by(inter))


async def test_an_import_with_a_slow_download_is_announced(env: Env) -> None:
    await env.started()
    await env.slash(D, "export")
    assert env.fake.visible[-1].files == ["vijayanagara-game-1.json"]
    data = (await env.service.transfer.export(str(CHANNEL))).file
    assert data is not None
    other = CHANNEL + 1
    env.fake.slash(D, "import", channel=other, attachments={"file": ("game.json", data.data, 3.2)})
    await env.fake.settle()
    no_unknown_interaction(env.fake)
    assert any("Imported game" in m.content for m in env.fake.visible if m.channel_id == other)


async def test_a_button_that_fails_answers_privately(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = await env.started()

    async def broken(*args: object) -> object:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(env.service, "press", broken)
    inter = await env.click(B, start, start.custom_ids[0])
    assert inter.response is not None
    assert "went wrong" in told(env.fake, B)


async def test_autocomplete_that_fails_or_hangs_answers_an_empty_list(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    await env.started()

    async def hangs(*args: object, **kwargs: object) -> object:
        await asyncio.Event().wait()  # never set
        return []

    async def fails(*args: object, **kwargs: object) -> object:
        raise sqlite3.OperationalError("database is locked")

    for broken in (hangs, fails):
        monkeypatch.setattr(env.service.autocomplete, "legal_orders", broken)
        inter = env.fake.autocomplete(B, "play", "order", "pa", age=2.4)  # 0.1 s left to answer
        await env.fake.settle()
        assert inter.response == 8 and inter.choices == []
    no_unknown_interaction(env.fake)


async def test_an_error_after_a_delivered_page_keeps_that_page(env: Env) -> None:
    await env.started()
    for _ in range(60):  # a long log: several pages
        version, state = await env.state()
        if state.game_over:
            break
        f = vijayanagara.prompt(state).faction
        assert f is not None
        action = vijayanagara.legal_actions(state)[-1]
        uid = {vijayanagara.Faction.D: D, vijayanagara.Faction.B: B, vijayanagara.Faction.V: V}[f]
        reply = await env.service.moves.play(
            str(CHANNEL), uid, vijayanagara.describe(state, action), expected_version=version
        )
        assert reply.ok, reply.text
    env.fake.fail("POST", r"^/webhooks/", 400, 1)  # the second page is refused
    inter = env.fake.slash(D, "log", lines=200)
    await env.fake.settle()
    first = env.fake.messages[inter.original or 0]
    assert not first.deleted and first.content.startswith("The last")
    assert not any(r.method == "DELETE" for r in env.fake.requests)


async def test_the_board_is_not_uploaded_without_attach_files(env: Env) -> None:
    await env.started()
    env.fake.channel_permissions[CHANNEL] = discord.Permissions(
        DEFAULT_APP_PERMISSIONS.value & ~discord.Permissions(attach_files=True).value
    )
    since, requests = len(env.fake.notified), len(env.fake.requests)
    await b_passes(env)
    msg = pinged_once(env.fake, await next_player(env), since)
    assert msg.files == [] and "Attach Files" in msg.content
    assert not any(r.files for r in env.fake.requests[requests:])


async def test_an_announcement_to_a_channel_gone_for_good_is_dropped_in_the_end(
    env_by_hand: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.discord.discord_client as client

    monkeypatch.setattr(client, "GIVE_UP_AFTER", 3)
    await env_by_hand.started()
    env_by_hand.fake.fail("POST", r"^/webhooks/", None, 99)
    env_by_hand.fake.fail("POST", r"^/channels/", 404, 99)  # Unknown Channel, every time
    await b_passes(env_by_hand)
    for attempt in (2, 3):
        (owed,) = await env_by_hand.service.store.owed_announcements(ignore_backoff=True, lease=0)
        assert owed.attempts == attempt - 1
        await env_by_hand.bot.flush_outbox(ignore_backoff=True)
    assert await env_by_hand.service.store.owed_announcements(ignore_backoff=True, lease=0) == []


def with_buttons(fake: FakeDiscord) -> list[int]:
    """The public messages that carry buttons (ids)."""
    return [m.id for m in fake.visible if m.custom_ids]


def only_the_newest_has_buttons(fake: FakeDiscord) -> None:
    assert with_buttons(fake) == [fake.visible[-1].id], [
        (m.content[:40], bool(m.custom_ids)) for m in fake.visible[-4:]
    ]


async def post_in_between(env: Env, kind: str) -> None:
    """Something public about the game, posted while B is in the middle of its turn."""
    others = {"user": 987654321}
    if kind == "ai":
        await env.slash(V, "ai", faction="V", level="easy")
    elif kind == "join":
        await env.slash(V, "ai", faction="V", level="easy")
        await env.slash(V, "join", faction="V")  # the person takes the seat back
    elif kind == "leave":
        await env.slash(V, "leave", faction="V")
    elif kind == "club seat":
        await env.slash(D, "club seat", faction="V", manage_guild=True, users=others)
    elif kind in PUBLIC_READS:
        await env.slash(V, kind, **PUBLIC_READS[kind])
        assert env.fake.visible[-1].interaction_token is not None  # answered for everyone
    elif kind == "pace proposal":  # a stricter pace waits for every seated player's Agree
        await env.slash(D, "club pace", hours=1, deadline="pass")
        assert "Agree" in _labels(env.fake.visible[-1])[-1]
    else:  # a reminder (the outbox loop's round, done here at once)
        assert kind == "reminder"
        clock = env.service.reminders.clock
        env.service.reminders.clock = lambda: clock() + 25 * 3600
        await env.bot.flush_reminders()
        await env.fake.settle()
        assert "⏰" in env.fake.visible[-1].content
    if kind not in PUBLIC_READS:  # (a public board or status shows the decision too)
        assert "**Next:**" not in env.fake.visible[-1].content  # a notice, not a turn message


# public answers that store nothing, each posted in the game's channel for everyone
PUBLIC_READS: dict[str, dict[str, object]] = {
    "board": {"public": True},
    "status": {"public": True},
    "card": {"number": "12"},
    "export": {},
    "club verify": {},
}
IN_BETWEEN = ["ai", "join", "leave", "club seat", "reminder", *PUBLIC_READS, "pace proposal"]


@pytest.mark.parametrize("kind", IN_BETWEEN)
@pytest.mark.parametrize("by", ["typed", "button"])
async def test_only_the_newest_message_carries_buttons_after_a_post_in_between(
    env: Env, kind: str, by: str
) -> None:
    """A seat change, a reminder, a public answer or a pace proposal in the middle of a
    turn: the turn's next step does not bring the buttons back to the older turn message;
    one message has them, the newest (a pending proposal's Agree with them)."""
    await env.started()
    await env.slash(B, "play", order="command")  # a step inside B's turn: the message edited
    turn = env.fake.visible[-1]
    only_the_newest_has_buttons(env.fake)
    await post_in_between(env, kind)
    only_the_newest_has_buttons(env.fake)
    assert turn.custom_ids == []
    if by == "typed":
        await env.slash(B, "play", order="rally")
    else:
        newest = env.fake.visible[-1]
        rally = next(
            cid
            for cid, label in zip(newest.custom_ids, _labels(newest), strict=True)
            if label == "rally"
        )
        await env.click(B, newest, rally)
    version, _ = await env.state()
    assert "Rally" in env.fake.visible[-1].content  # the step is before the channel
    only_the_newest_has_buttons(env.fake)
    assert f":{version}:" in env.fake.visible[-1].custom_ids[0]  # the current buttons
    agree = [label for label in _labels(env.fake.visible[-1]) if label.startswith("Agree")]
    assert len(agree) == (kind == "pace proposal"), agree  # it stands until settled
    no_unknown_interaction(env.fake)
