"""A stored move's notices to its players, through the real discord.py library (its HTTP
layer faked), whatever fails: "your turn" by direct message goes to whom the announcement
asks to decide, never to whom its text happens to name; the lines a move showed one seat
alone (a chit drawn for it) reach its player by direct message once, a retried
announcement's included; and a look at one's hand that never arrived removes none of them."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from discord_env import B, D, Env, running_bot
from discord_fake import CHANNEL, FakeDiscord
from test_successors_discord import ALICE, GREEN_ENDS_THE_TURN, PEOPLE, Drawn, green_moves_last

from bot.discord.discord_delivery import direct_notices
from bot.table.pipeline import announced
from bot.table.reply import Reply
from db import GameRecord
from rules.successors import Successors

Command = Callable[..., Awaitable[None]]
CHIT = "You draw chit 15"  # what Blue's draw shows Alice alone
BOB = PEOPLE["red"]


def your_turn(fake: FakeDiscord, user: int) -> list[str]:
    return [m.content for m in fake.direct_to(user) if "Your turn in" in m.content]


# --- who is told "your turn" -----------------------------------------------------------------


async def test_your_turn_goes_to_whom_the_next_line_asks_whatever_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Vijayanagara's first decision offers Commands, each with its effect in a line below the
    `Next:` line: B, who asked for direct messages, is told it is their turn all the same, and
    a message that names someone else who asked for them (another's mention typed in the
    text, a display name) tells that person nothing. A seat on turn moved to someone else
    tells them it is theirs."""
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch) as env:
        await env.slash(B, "club me", direct_messages=True)
        await env.slash(BOB, "club me", direct_messages=True)
        await env.started()
        [turn] = your_turn(env.fake, B)
        assert f"**Next:** Bahmani Kingdom <@{B}>" in turn
        game = await env.service.store.open_game(str(env.fake_channel))
        assert game is not None
        await direct_notices(env.bot, env.service, quoting(game, BOB), env.fake_channel)
        assert your_turn(env.fake, BOB) == []
        assert len(your_turn(env.fake, B)) == 2  # the start's, and this message's
        await env.slash(D, "club seat", faction="B", manage_guild=True, users={"user": BOB})
        [turn] = your_turn(env.fake, BOB)  # the seat on turn passed to Bob: his decision now
        assert turn.endswith(f"to <@{BOB}> (moved by <@{D}>). It is their decision now.")


def quoting(game: GameRecord, user: int) -> Reply:
    """An announcement that pings `user` for a step made for them and asks B to decide, with
    `user`'s mention in its `Next:` line (as a typed text or a display name would put it)."""
    reply = announced(
        game, f"• a gift for <@{user}>\n**Next:** Bahmani <@{B}> — answer <@{user}>'s offer"
    )
    reply.mentions, reply.deciding = [user, B], [B]
    return reply


# --- a seat's lines, by direct message and in the hand ---------------------------------------


@contextlib.asynccontextmanager
async def green_about_to_deal(
    db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[Env, Command]]:
    """Three people at Successors, Green's last step of game turn 2 next (it deals each seat
    a chit: Blue's is 15); Alice asked for direct messages; the outbox is flushed only by
    the test. `db`: a SQLite file or a PostgreSQL database."""
    built = green_moves_last()
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    drawn = Drawn({"blue": 15, "red": 7, "green": 9})
    monkeypatch.setattr(Successors, "deal", staticmethod(drawn.deal))
    async with running_bot(db, monkeypatch, outbox_interval=3600) as env:

        async def sc(user: int, command: str, **options: object) -> None:
            env.fake.slash(user, command, group="sc", **options)  # type: ignore[arg-type]
            await env.fake.settle()

        await sc(ALICE, "club me", direct_messages=True)
        await sc(ALICE, "create", seat="blue")
        await sc(PEOPLE["red"], "join", seat="red")
        await sc(PEOPLE["green"], "join", seat="green")
        await sc(ALICE, "start")
        yield env, sc


def discord_down(fake: FakeDiscord) -> None:
    """Every message fails: the channel's, the interaction's, the direct ones."""
    for path in (r"^/webhooks/", r"^/channels/", r"^/users/@me/channels"):
        fake.fail("POST", path, None, 99)


async def retried(env: Env) -> None:
    """The outbox's next round, due now."""
    for owed in await env.service.store.owed_announcements(ignore_backoff=True, lease=0):
        await env.service.store.announcement_failed(owed.game_id, owed.version, 0)
    assert await env.bot.flush_outbox() == 1


async def test_a_retried_announcement_sends_the_seats_lines_it_owed_once(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord is down as Green's step is stored: neither the channel nor Alice's direct
    message goes out. The outbox's retry, once Discord is back, sends her chit and her turn
    in one direct message (on either backend)."""
    async with green_about_to_deal(database_url, monkeypatch) as (env, sc):
        discord_down(env.fake)
        await sc(PEOPLE["green"], "play", order=GREEN_ENDS_THE_TURN)
        assert env.fake.direct_to(ALICE) == []
        env.fake.faults.clear()
        await retried(env)
        [dm] = [m.content for m in env.fake.direct_to(ALICE)]
        assert dm.startswith("For your eyes only, as Blue in <#") and CHIT in dm
        assert "\nYour turn in <#" in dm
        assert await env.service.store.owed_announcements(ignore_backoff=True) == []


async def test_a_first_delivery_that_sent_the_seats_lines_leaves_none_to_the_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The channel fails but Alice's direct message goes out with her chit: the retry that
    posts the turn tells her only that it is her turn (her chit is not sent twice)."""
    async with green_about_to_deal(tmp_path / "bot.sqlite3", monkeypatch) as (env, sc):
        env.fake.fail("POST", r"^/webhooks/", None, 99)
        env.fake.fail("POST", rf"^/channels/{CHANNEL}/", None, 99)
        env.fake.fail("PATCH", rf"^/channels/{CHANNEL}/", None, 99)
        await sc(PEOPLE["green"], "play", order=GREEN_ENDS_THE_TURN)
        env.fake.faults.clear()
        await retried(env)
        first, turn = [m.content for m in env.fake.direct_to(ALICE)]
        assert CHIT in first and CHIT not in turn and turn.startswith("Your turn in <#")


async def test_a_look_at_the_hand_that_never_arrived_keeps_its_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's first look at her hand after her chit was drawn fails to reach her (Discord
    fails the response): her next look says the chit first, and the one after no more."""
    async with green_about_to_deal(tmp_path / "bot.sqlite3", monkeypatch) as (env, sc):
        await sc(PEOPLE["green"], "play", order=GREEN_ENDS_THE_TURN)
        shown = len(env.fake.private_to(ALICE))
        env.fake.fail("POST", r"/callback$", None, 1)
        env.fake.fail("PATCH", r"^/webhooks/", None, 9)
        await sc(ALICE, "hand")
        [failed] = [m.content for m in env.fake.private_to(ALICE)[shown:]]
        assert failed.startswith("Something went wrong")  # her hand did not reach her
        await sc(ALICE, "hand")
        assert env.fake.private_to(ALICE)[-1].content.startswith(
            f"**Since your last look:**\n• {CHIT}"
        )
        await sc(ALICE, "hand")
        assert "Since your last look" not in env.fake.private_to(ALICE)[-1].content
