"""Every game through the real discord.py library (its HTTP layer faked): each game has its
own slash group built from the one command table; a whole Goat-Tiger game is played by slash
commands and buttons; refusals are private; a click on an old turn's button is refused; a
command of another game's group is told which game the channel holds; the outbox delivers a
Goat-Tiger announcement as it does Vijayanagara's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL
from table_helpers import choices, on_turn

from bot.table.ai_users import is_ai
from bot.table.commands import commands
from db import Pace

ALICE, BOB, CAROL = 21, 22, 23
NEVER = 10**6  # seconds: the AI loop never finds a turn due; the test takes the steps


@pytest.fixture
async def env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes
) -> AsyncIterator[Env]:
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        e.service.ai.think_seconds = 0.02
        yield e


@pytest.fixture
async def env_by_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes
) -> AsyncIterator[Env]:
    """`env`, with the outbox flushed only by the test (its own rounds an hour apart)."""
    db = tmp_path / "bot.sqlite3"
    async with running_bot(
        db, monkeypatch, migrated=migrated_sqlite_bytes, outbox_interval=3600
    ) as e:
        e.service.ai.think_seconds = 0.02
        yield e


async def gt(env: Env, user: int, command: str, **options: object) -> None:
    env.fake.slash(user, command, group="gt", **options)  # type: ignore[arg-type]
    await env.fake.settle()


def told(env: Env, user: int) -> str:
    return "\n".join(m.content for m in env.fake.private_to(user))


async def test_each_game_has_its_group_with_the_common_commands(env: Env) -> None:
    groups = {c["name"]: c for c in env.fake.commands}
    assert {"vj", "gt", "tm"} <= set(groups)
    for name, kind in (("gt", "goat_tiger"), ("tm", "taj_mahal")):
        group = groups[name]
        table = {c.name for c in commands(kind) if not c.club} | {"club"}
        assert {c["name"] for c in group["options"]} == table
        assert len(group["options"]) <= 25
        assert all(c["description"] for c in group["options"])
        assert group.get("contexts") == [0] or group.get("dm_permission") is False
    assert "tiebreak" in {c["name"] for c in groups["gt"]["options"]}
    assert "tiebreak" not in {c["name"] for c in groups["tm"]["options"]}
    play = next(c for c in groups["gt"]["options"] if c["name"] == "play")
    (order,) = play["options"]
    assert order["name"] == "order" and order["required"] and order["autocomplete"]


async def test_only_a_game_with_a_pass_offers_a_deadline_that_passes(env: Env) -> None:
    """Vijayanagara's seat out of time may be made to pass; in Goat-Tiger and Taj Mahal every
    decision is the player's own: their `club pace` has no deadline, and one typed is refused."""
    groups = {c["name"]: c for c in env.fake.commands}

    def pace_options(group: str) -> set[str]:
        club = next(c for c in groups[group]["options"] if c["name"] == "club")
        pace = next(c for c in club["options"] if c["name"] == "pace")
        return {o["name"] for o in pace["options"]}

    assert pace_options("vj") == {"hours", "deadline"}
    assert pace_options("gt") == pace_options("tm") == {"hours"}
    await gt(env, ALICE, "create", seat="goats")
    refused = await env.service.club.pace(str(CHANNEL), ALICE, deadline="pass")
    assert not refused.ok and "every decision is the player's own" in refused.text
    shown = await env.service.club.pace(str(CHANNEL), ALICE)
    assert "passes" not in shown.text


async def ai_step(env: Env) -> None:
    """The computer's next step, as the client's AI loop takes it."""
    reply = await env.service.ai.move(str(CHANNEL))
    assert reply is not None and env.service.ai.deliver is not None
    await env.service.ai.deliver(reply, str(CHANNEL))
    await env.fake.settle()


async def test_a_whole_goat_tiger_game_on_discord(env: Env) -> None:
    await gt(env, ALICE, "create", seat="goats")
    await gt(env, BOB, "join", side="tigers")
    await gt(env, BOB, "play", order="place 1")  # not started
    assert "has not started" in told(env, BOB)
    await gt(env, BOB, "leave")
    await gt(env, ALICE, "ai", side="tigers", level="easy")  # the creator seats the AI
    record = await env.service.store.open_game(str(CHANNEL))
    assert record is not None
    await env.service.store.set_pace(record.id, Pace(seconds=24 * 3600, ai_seconds=NEVER))
    await gt(env, ALICE, "start")
    start = env.fake.visible[-1]
    assert "The game begins" in start.content and "commitment" not in start.content  # nothing dealt
    assert start.custom_ids
    await gt(env, BOB, "play", order="place 1")
    assert "no seat" in told(env, BOB)
    assert not any("no seat" in m.content for m in env.fake.visible)
    # an autocomplete for the one on turn lists their steps
    inter = env.fake.autocomplete(ALICE, "play", "order", "", group="gt")
    await env.fake.settle()
    assert inter.choices
    # the first steps by buttons, then by /gt play; an old button is refused
    first = env.fake.visible[-1]
    pressed = first.custom_ids[0]
    await env.click(ALICE, first, pressed)
    assert first.custom_ids == []  # only the newest message has buttons
    await env.click(ALICE, first, pressed)  # a client that still shows the old button
    assert "moved on since" in told(env, ALICE)
    steps = 1
    while (turn := await on_turn(env.service, str(CHANNEL))) is not None:
        _, user = turn
        if is_ai(user):
            await ai_step(env)
        else:
            said = await choices(env.service, str(CHANNEL), user, "goat_tiger")
            await gt(env, user, "play", order=said[0])
        steps += 1
        assert steps < 400
    assert "The game is over" in env.fake.visible[-1].content
    buttoned = [m for m in env.fake.visible if m.custom_ids]
    assert buttoned == [env.fake.visible[-1]]  # the game is over: only its Rematch
    assert [c.split(":")[-1] for c in buttoned[0].custom_ids] == ["rematch"]
    record = await env.service.store.latest_game(str(CHANNEL))
    assert record is not None and record.kind == "goat_tiger" and record.status == "finished"
    assert await env.service.store.owed_announcements(ignore_backoff=True, grace=0) == []
    env.fake.slash(CAROL, "club verify", group="gt")
    await env.fake.settle()
    assert "log holds no deal" in env.fake.visible[-1].content


async def test_a_command_of_another_games_group_is_told_which_game_the_channel_holds(
    env: Env,
) -> None:
    await gt(env, ALICE, "create")
    await gt(env, ALICE, "status")
    assert "Goat-Tiger" in told(env, ALICE)
    env.fake.slash(ALICE, "status", group="tm")
    await env.fake.settle()
    assert "use `/gt`, not `/tm`" in told(env, ALICE)
    await env.slash(ALICE, "join", faction="D")  # /vj leaves the Goat-Tiger game alone
    assert "use `/gt`, not `/vj`" in told(env, ALICE)
    game = await env.service.store.open_game(str(CHANNEL))
    assert game is not None and game.kind == "goat_tiger" and game.seats == {}


async def test_a_goat_tiger_announcement_that_cannot_go_out_is_delivered_by_the_outbox(
    env_by_hand: Env,
) -> None:
    """Every game shares the outbox: a start that could not be posted is posted by the
    outbox loop later, with its board, buttons and ping, and the loop goes on."""
    await gt(env_by_hand, ALICE, "create", seat="goats")
    await gt(env_by_hand, BOB, "join", side="tigers")
    env_by_hand.fake.fail("POST", r"^/webhooks/", None, 99)
    env_by_hand.fake.fail("POST", r"^/channels/", 503, 99)
    since = len(env_by_hand.fake.notified)
    await gt(env_by_hand, ALICE, "start")
    assert not any("The game begins" in m.content for m in env_by_hand.fake.visible)
    store = env_by_hand.service.store
    (owed,) = await store.owed_announcements(ignore_backoff=True, lease=0)
    env_by_hand.fake.faults.clear()
    await store.announcement_failed(owed.game_id, owed.version, 0)
    drawn = env_by_hand.renderer.calls
    assert await env_by_hand.bot.flush_outbox() == 1
    assert env_by_hand.renderer.calls == drawn + 1  # the outbox drew the game's board for it
    start = env_by_hand.fake.visible[-1]
    assert "The game begins" in start.content and "board.png" in start.files
    assert start.custom_ids and all(c.startswith(f"vj:{owed.game_id}:") for c in start.custom_ids)
    assert [u for u, _ in env_by_hand.fake.notified[since:]] == [ALICE]
    assert await store.owed_announcements(ignore_backoff=True, grace=0) == []
