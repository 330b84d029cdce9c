"""/vj ai, /vj create ai: and /vj hint through the real discord.py client: the AI's
steps reach the channel by themselves, at its pace, and a hint is private."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_env import B, D, Env, running_bot
from fakes import STRANGER

from bot.table.ai_seats import AI_USERS
from db import Pace
from rules import vijayanagara


@pytest.fixture
async def env(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    migrated_sqlite_bytes: bytes,
):  # type: ignore[no-untyped-def]
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        e.bot.ai_interval = 0.05
        e.service.ai.think_seconds = 0.05
        e.service.ai.hint_seconds = 0.05
        yield e


def told(e: Env, user: int) -> str:
    return "\n".join(m.content for m in e.fake.private_to(user))


async def test_one_person_creates_a_game_with_ais_and_they_move_by_themselves(env: Env) -> None:
    await env.slash(D, "create", ai="easy", seat="D")
    assert "sits as Delhi Sultanate; the easy AI plays Bahmani" in env.fake.visible[-1].content
    await env.slash(STRANGER, "ai", faction="B", level="hard")
    assert "Only the game's creator, a seated player" in told(env, STRANGER)
    await env.slash(D, "ai", faction="B", level="easy", pace=1.0)
    assert "a step every 1 s" in env.fake.visible[-1].content
    await env.slash(D, "ai", faction="V", level="easy", pace=1.0)
    # faster than /vj ai allows, for the test
    await env.service.store.set_pace(1, Pace(seconds=24 * 3600, ai_seconds=0.05))
    await env.slash(D, "start")  # B (an AI) decides first on this deal
    version, state = await env.state()
    assert vijayanagara.prompt(state).faction == vijayanagara.Faction.B
    # nobody types: the client's loop finds the AI's turns due and their steps are posted,
    # until the person's decision (stored before it is announced)
    await env.fake.sent_until(lambda: "Next:** Delhi Sultanate" in env.fake.visible[-1].content)
    after, state = await env.state()
    assert after > version and vijayanagara.prompt(state).faction == vijayanagara.Faction.D
    game = await env.service.store.open_game(str(env.fake_channel))
    assert game is not None
    stored = await env.service.store.actions(game.id)
    assert any(a.user_id == AI_USERS["easy"] for a in stored)
    assert not any(env.fake.pings(u) for u in AI_USERS.values())


async def test_a_hint_is_private_to_the_player_on_turn(env: Env) -> None:
    await env.started()  # B decides first
    await env.slash(D, "hint")
    assert "A hint is for the player whose decision it is now" in told(env, D)
    before = len(env.fake.visible)
    await env.slash(B, "hint")
    assert "Suggested turn for Bahmani Kingdom" in told(env, B)
    assert len(env.fake.visible) == before  # nothing public


async def test_a_hints_play_this_turn_button_plays_the_whole_turn_in_one_press(env: Env) -> None:
    await env.started()  # B decides first
    env.service.ai.hint_seconds = 0.3
    version, state = await env.state()
    await env.slash(B, "hint")
    hint = env.fake.private_to(B)[-1]
    order = hint.content.split("`")[1]
    buttons = [c for row in hint.components for c in row["components"]]
    assert [b["label"] for b in buttons] == ["Play this turn"]
    assert buttons[0]["custom_id"] == f"vj:1:{version}:hint"  # the game and its version
    await env.click(B, hint, buttons[0]["custom_id"])
    after, now = await env.state()
    assert after == version + 1  # the whole turn, stored as one order
    steps = [s for s in order.split(";") if s.strip()]
    assert now.actions_taken >= state.actions_taken + len(steps)
    await env.click(B, hint, buttons[0]["custom_id"])  # a second press plays nothing
    assert (await env.state())[0] == after
    assert "ask for a new one with `/vj hint`" in told(env, B)  # as typed on Discord
