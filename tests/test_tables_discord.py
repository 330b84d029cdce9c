"""The tables through the real discord.py library (its HTTP layer faked): each game on the
Game protocol has its own slash group built from the one command table; a whole Goat-Tiger
game is played by slash commands and buttons; refusals are private; a click on an old turn's
button is refused; `/vj` is as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot.tables import COMMANDS
from discord_env import Env, running_bot
from discord_fake import CHANNEL

ALICE, BOB, CAROL = 21, 22, 23


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch) as e:
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
        assert {c["name"] for c in group["options"]} == {c.name for c in COMMANDS if c.of(kind)}
        assert len(group["options"]) <= 25
        assert all(c["description"] for c in group["options"])
        assert group.get("contexts") == [0] or group.get("dm_permission") is False
    assert "tiebreak" in {c["name"] for c in groups["gt"]["options"]}
    assert "tiebreak" not in {c["name"] for c in groups["tm"]["options"]}
    play = next(c for c in groups["gt"]["options"] if c["name"] == "play")
    (order,) = play["options"]
    assert order["name"] == "order" and order["required"] and order["autocomplete"]


async def test_a_whole_goat_tiger_game_on_discord(env: Env) -> None:
    env.bot.tables.service.lobby.secret_source = lambda: bytes([2]) * 32  # the AI: fixed
    await gt(env, ALICE, "create", seat="goats")
    await gt(env, BOB, "join", seat="tigers")
    await gt(env, BOB, "play", order="a1")  # not started
    assert "has not started" in told(env, BOB)
    await gt(env, BOB, "leave")
    await gt(env, ALICE, "ai", seat="tigers", level="easy")  # the creator seats the AI
    await gt(env, ALICE, "start")
    start = env.fake.visible[-1]
    assert "SHA-256" in start.content and start.custom_ids
    await gt(env, BOB, "play", order="a1")
    assert "no seat" in told(env, BOB)
    assert not any("no seat" in m.content for m in env.fake.visible)
    # an autocomplete for the one on turn lists their steps; for the other, nothing
    inter = env.fake.autocomplete(ALICE, "play", "order", "", group="gt")
    await env.fake.settle()
    assert inter.choices
    other = env.fake.autocomplete(CAROL, "play", "order", "", group="gt")
    await env.fake.settle()
    assert other.choices == []
    # the first steps by buttons, then by /gt play; an old button is refused
    first = env.fake.visible[-1]
    pressed = first.custom_ids[0]
    await env.click(ALICE, first, pressed)
    assert first.custom_ids == []  # only the newest message has buttons
    await env.click(ALICE, first, pressed)  # a client that still shows the old button
    assert "earlier turn" in told(env, ALICE)
    steps = 1
    while True:
        table = await env.bot.tables.service.games.open(str(CHANNEL))
        if table is None:
            break
        seat = table.to_move()
        assert seat is not None
        user = table.user_of(seat)
        assert user is not None
        said = await env.bot.tables.service.choices(str(CHANNEL), user, "goat_tiger", "")
        await gt(env, user, "play", order=said[0])
        steps += 1
        assert steps < 400
    assert "Game over" in env.fake.visible[-1].content
    buttoned = [m for m in env.fake.visible if m.custom_ids]
    assert buttoned == []  # the game is over: no message keeps a button
    assert await env.service.store.latest_game(str(CHANNEL)) is None  # /vj sees none of it
    record = await env.bot.tables.service.store.latest_game(str(CHANNEL))
    assert record is not None and record.kind == "goat_tiger" and record.status == "finished"
    assert await env.bot.tables.service.store.owed_announcements(ignore_backoff=True, grace=0) == []
    await gt(env, CAROL, "verify")
    assert "holds no deal, so there is nothing to check" in told(env, CAROL)


async def test_vj_in_a_channel_with_another_game_is_told_which(env: Env) -> None:
    await gt(env, ALICE, "create")
    await gt(env, ALICE, "status")
    assert "Goat-Tiger" in "\n".join(m.content for m in env.fake.visible) or "Goat" in told(
        env, ALICE
    )
    env.fake.slash(ALICE, "status", group="tm")
    await env.fake.settle()
    assert "use `/gt`, not `/tm`" in told(env, ALICE)
    await env.slash(ALICE, "join", faction="D")  # /vj leaves the Goat-Tiger game alone
    game = await env.bot.tables.service.store.open_game(str(CHANNEL))
    assert game is not None and game.kind == "goat_tiger" and game.seats == {}


async def test_a_tables_announcement_that_cannot_go_out_is_delivered_by_the_outbox(
    env: Env,
) -> None:
    """The tables share Vijayanagara's outbox: a start that could not be posted is posted by
    the outbox loop later, with its board, buttons and ping, and the loop goes on."""
    await gt(env, ALICE, "create", seat="goats")
    await gt(env, BOB, "join", seat="tigers")
    env.fake.fail("POST", r"^/webhooks/", None, 99)
    env.fake.fail("POST", r"^/channels/", 503, 99)
    env.bot.outbox_interval = 3600  # only the explicit flush below
    since = len(env.fake.notified)
    await gt(env, ALICE, "start")
    assert not any("SHA-256" in m.content for m in env.fake.visible)
    store = env.bot.tables.service.store
    (owed,) = await store.owed_announcements(ignore_backoff=True, lease=0)
    env.fake.faults.clear()
    await store.announcement_failed(owed.game_id, owed.version, 0)
    drawn = env.renderer.calls
    assert await env.bot.flush_outbox() == 1
    assert env.renderer.calls == drawn  # its board is the Goat-Tiger game's, not Vijayanagara's
    start = env.fake.visible[-1]
    assert "SHA-256" in start.content and "board.png" in start.files
    assert start.custom_ids and all(c.startswith("tb:goat_tiger:") for c in start.custom_ids)
    assert [u for u, _ in env.fake.notified[since:]] == [ALICE]
    assert await store.owed_announcements(ignore_backoff=True, grace=0) == []
