"""Who may abort a game, through the real discord.py library (its HTTP layer faked), for every
game's group, in the lobby and running: the game's creator, a member with Manage Server, a
member with the server's organiser role; never a seated player who is not its creator, nor a
stranger, whose refusal only they see (docs/playing.md, "Permissions")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL, GUILD, ROLE

from bot.table.registry import game
from db import ServerSettings

CREATOR, PLAYER, SECOND, MANAGER, ORGANISER, STRANGER = 31, 32, 33, 34, 35, 36
GROUPS = {"goat_tiger": "gt", "taj_mahal": "tm", "vijayanagara": "vj"}


@pytest.fixture
async def env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes
) -> AsyncIterator[Env]:
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        e.fake.member_roles[ORGANISER] = [ROLE]
        yield e


async def slash(env: Env, kind: str, user: int, command: str, **options: str) -> None:
    env.fake.slash(user, command, group=GROUPS[kind], manage_guild=user == MANAGER, **options)
    await env.fake.settle()


async def a_game(env: Env, kind: str, *, running: bool) -> None:
    """CREATOR's game, PLAYER (and SECOND, where more are needed) seated, started when
    `running`; organising is then the role's."""
    await env.service.store.put_server_settings(ServerSettings(guild_id=str(GUILD)))
    info = game(kind).info
    await slash(env, kind, CREATOR, "create", seat=info.seats[0])
    for user, seat in zip((PLAYER, SECOND), info.seats[1 : info.min_players], strict=False):
        await slash(env, kind, user, "join", **{info.seat_word: seat})
    if running:
        await slash(env, kind, CREATOR, "start")
    record = await env.service.store.open_game(str(CHANNEL))
    assert record is not None and record.status == ("active" if running else "lobby")
    settings = {"guild_id": str(GUILD), "organisers": "role", "role_id": ROLE}
    await env.service.store.put_server_settings(ServerSettings.model_validate(settings))


def told(env: Env, user: int) -> str:
    return "\n".join(m.content for m in env.fake.private_to(user))


@pytest.mark.parametrize("running", [False, True], ids=["lobby", "running"])
@pytest.mark.parametrize("kind", list(GROUPS))
async def test_only_the_creator_a_manager_or_an_organiser_aborts_on_discord(
    env: Env, kind: str, running: bool
) -> None:
    for allowed in (CREATOR, MANAGER, ORGANISER):
        await a_game(env, kind, running=running)
        for refused in (PLAYER, STRANGER):
            posted = len(env.fake.visible)
            await slash(env, kind, refused, "abort")
            assert "You may not abort a game here" in told(env, refused)
            assert len(env.fake.visible) == posted  # nothing said in the channel
            assert await env.service.store.open_game(str(CHANNEL)) is not None
        await slash(env, kind, allowed, "abort")
        assert f"ended by <@{allowed}> without a result" in env.fake.visible[-1].content, told(
            env, allowed
        )
        assert await env.service.store.open_game(str(CHANNEL)) is None
