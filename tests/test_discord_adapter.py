"""The Discord adapter with fakes of discord.py's Interaction: no network."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands
from fakes import SEATS, STRANGER, FakeRenderer
from fakes_discord import FakeAttachment, FakeInteraction

import bot.discord_adapter as adapter
import rules
from bot.discord_adapter import VijayanagaraBot, VjGroup, handle_component
from bot.reply import Reply
from bot.service import GameService
from bot.settings import MissingToken, Settings

D, B, V = SEATS[rules.Faction.D], SEATS[rules.Faction.B], SEATS[rules.Faction.V]
EXPECTED = {
    "create", "join", "leave", "start", "play", "pass", "event", "command", "decree", "done",
    "undo", "give", "board", "status", "log", "card", "help", "export", "import", "abort", "verify",
    "resign",
}  # fmt: skip


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(str(tmp_path / "d.sqlite3"), FakeRenderer(), seed_source=lambda: 12)
    yield s
    await s.close()


@pytest.fixture
def group(svc: GameService) -> VjGroup:
    return VjGroup(svc)


async def call(group: VjGroup, cmd_name: str, inter: FakeInteraction, **kwargs: Any) -> None:
    cmd = group.get_command(cmd_name)
    assert isinstance(cmd, app_commands.Command), cmd_name
    await cmd.callback(group, inter, **kwargs)  # type: ignore[arg-type]


async def started(group: VjGroup) -> FakeInteraction:
    await call(group, "create", FakeInteraction(D))
    for f, uid in SEATS.items():
        await call(group, "join", FakeInteraction(uid), faction=f.value)
    inter = FakeInteraction(D)
    await call(group, "start", inter)
    return inter


async def test_command_tree_has_the_vj_group(svc: GameService) -> None:
    client = VijayanagaraBot(svc, sync=False)
    vj = client.tree.get_command("vj")
    assert isinstance(vj, app_commands.Group)
    names = {c.name for c in vj.commands}
    assert names == EXPECTED
    for c in vj.commands:
        assert c.description
    assert not client.intents.message_content and not client.intents.members
    assert not client.intents.presences
    payload = vj.to_dict(client.tree)  # serialisable as Discord wants it
    assert payload["name"] == "vj"


async def test_start_posts_the_board_and_buttons(group: VjGroup) -> None:
    inter = await started(group)
    last = inter.messages[-1]
    assert "board.png" in last.filenames
    assert not last.ephemeral
    assert last.custom_ids and all(i.startswith("vj:") for i in last.custom_ids)
    assert f"<@{B}>" in inter.text  # B acts first on seed 12


async def test_errors_are_ephemeral(group: VjGroup) -> None:
    await started(group)
    inter = FakeInteraction(D)  # not D's turn
    await call(group, "play", inter, order="pass")
    assert inter.messages[0].ephemeral and "not your turn" in inter.text
    inter = FakeInteraction(STRANGER)
    await call(group, "join", inter, faction="D")
    assert inter.messages[0].ephemeral and "taken" in inter.text


async def test_play_and_autocomplete(group: VjGroup) -> None:
    await started(group)
    choices = await group.play_autocomplete(FakeInteraction(B), "pa")  # type: ignore[arg-type]
    assert [c.value for c in choices] == ["pass"]
    allc = await group.play_autocomplete(FakeInteraction(B), "")  # type: ignore[arg-type]
    assert 1 < len(allc) <= 25
    inter = FakeInteraction(B)
    await call(group, "pass", inter)
    assert not inter.messages[0].ephemeral and "board.png" in inter.messages[-1].filenames
    cards = await group.card_autocomplete(FakeInteraction(B), "capital")  # type: ignore[arg-type]
    assert cards and cards[0].value == "1"
    inter = FakeInteraction(STRANGER)
    await call(group, "card", inter, number="1")
    assert "Capital Relocated" in inter.text


async def test_shortcut_command_autocomplete(group: VjGroup) -> None:
    await started(group)
    inter = FakeInteraction(B)
    await call(group, "command", inter, name=None)
    assert not inter.messages[0].ephemeral, inter.text
    names = await group.command_autocomplete(FakeInteraction(B), "")  # type: ignore[arg-type]
    assert names and all(" " not in c.value for c in names)


async def test_abort_needs_creator_or_manage_server(group: VjGroup, svc: GameService) -> None:
    await started(group)
    inter = FakeInteraction(B)
    await call(group, "abort", inter)
    assert inter.messages[0].ephemeral and "Manage Server" in inter.text
    inter = FakeInteraction(STRANGER, manage_guild=True)
    await call(group, "resign", inter)
    assert not inter.messages[0].ephemeral and "ended" in inter.text
    assert await svc.store.open_game("4242") is None


async def test_buttons_and_stale_clicks(group: VjGroup, svc: GameService) -> None:
    start = await started(group)
    ids = start.messages[-1].custom_ids
    click = FakeInteraction(B, custom_id=ids[0])
    assert await handle_component(svc, click)  # type: ignore[arg-type]
    assert not click.messages[0].ephemeral, click.text
    again = FakeInteraction(B, custom_id=ids[0])
    assert await handle_component(svc, again)  # type: ignore[arg-type]
    assert again.messages[0].ephemeral and "older position" in again.text
    other = FakeInteraction(B, custom_id="someone-else:1")
    assert not await handle_component(svc, other)  # type: ignore[arg-type]
    assert other.sent == []


async def test_buttons_work_after_restart(tmp_path: Path) -> None:
    path = str(tmp_path / "restart.sqlite3")
    s1 = await GameService.open(path, FakeRenderer(), seed_source=lambda: 12)
    start = await started(VjGroup(s1))
    ids = start.messages[-1].custom_ids
    await s1.close()
    s2 = await GameService.open(path, FakeRenderer())
    click = FakeInteraction(B, custom_id=ids[0])
    assert await handle_component(s2, click)  # type: ignore[arg-type]
    assert not click.messages[0].ephemeral, click.text
    await s2.close()


async def test_slow_work_is_deferred(
    group: VjGroup, svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(group)
    monkeypatch.setattr(adapter, "DEFER_AFTER", 0.01)

    def slow(state: rules.GameState, highlight: list[str] | None = None) -> bytes:
        import time

        time.sleep(0.1)
        return b"png"

    svc.renderer = slow
    inter = FakeInteraction(B)
    await call(group, "board", inter)
    assert inter.sent[0].kind == "defer"
    assert inter.sent[-1].kind == "followup" and "board.png" in inter.sent[-1].filenames
    # an error after a deferral is still private
    inter = FakeInteraction(D)

    async def slow_error() -> Reply:
        await asyncio.sleep(0.05)
        return Reply.error("no")

    await adapter.respond(inter, slow_error())  # type: ignore[arg-type]
    kinds = [s.kind for s in inter.sent]
    assert kinds == ["defer", "delete", "followup"] and inter.sent[-1].ephemeral


async def test_long_text_is_batched(svc: GameService) -> None:
    inter = FakeInteraction(D)
    text = "\n".join(f"line {i} " + "x" * 80 for i in range(100))
    await adapter.send_reply(inter, Reply(text=text, image=b"png"))  # type: ignore[arg-type]
    msgs = inter.messages
    assert 2 <= len(msgs) <= 6
    assert all(len(m.content or "") <= 2000 for m in msgs)
    assert "board.png" in msgs[-1].filenames and not msgs[0].filenames


async def test_export_and_import_files(group: VjGroup) -> None:
    await started(group)
    inter = FakeInteraction(B)
    await call(group, "export", inter)
    files = inter.messages[-1].kwargs["files"]
    assert files[0].filename.endswith(".json")
    data = files[0].fp.read()
    inter = FakeInteraction(D, channel_id=777)
    await call(group, "import", inter, file=FakeAttachment(data))
    assert "Imported" in inter.text and not inter.messages[0].ephemeral
    inter = FakeInteraction(D, channel_id=778)
    await call(group, "import", inter, file=FakeAttachment(b"nope"))
    assert inter.messages[0].ephemeral and "not an exported" in inter.text


async def test_verify_shows_the_commitment_while_the_game_runs(group: VjGroup) -> None:
    await started(group)
    inter = FakeInteraction(V)
    await call(group, "verify", inter)
    assert "Commitment (SHA-256 of the secret)" in inter.text
    assert "stays hidden until the game is over" in inter.text


def test_settings_missing_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(MissingToken, match="DISCORD_TOKEN is not set"):
        Settings().token()
    monkeypatch.setenv("DISCORD_TOKEN", "sekrit-token")
    monkeypatch.setenv("VIJAYANAGARA_DB", "/tmp/x.sqlite3")
    s = Settings()
    assert s.token() == "sekrit-token" and s.vijayanagara_db == "/tmp/x.sqlite3"
    assert "sekrit" not in repr(s) and "sekrit" not in str(s.model_dump())


def test_main_without_token_exits_clearly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.main import main

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(SystemExit) as e:
        main()
    assert e.value.code == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err
