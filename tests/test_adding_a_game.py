"""Adding a game, shown: Counting (tests/counting_game.py), a game written on the core alone
with its rules reference, registers itself in a registry of its own (the bot's games and
it) and is played whole through the table and through Discord's real client, touching no
shared file: its command group, its seats, its orders in the plain notation (a step's
JSON), its end, its records and its export all come from the core and the registration."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from counting_game import ENTRY as COUNTING
from discord_env import Env, running_bot
from discord_fake import CHANNEL
from fakes import FakeRenderer, Seeds
from table_helpers import choices, on_turn

from bot.table.games.entry import build_registry
from bot.table.registry import ENTRIES
from bot.table.service import GameService
from bot.terminal.local import amain

HOSTED = build_registry(*ENTRIES, COUNTING)
CH = "count"
ALICE, BOB = 31, 32


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "count.sqlite3"), FakeRenderer(), registry=HOSTED, seed_source=Seeds()
    )
    try:
        yield s
    finally:
        await s.close()


async def test_a_game_on_the_core_alone_is_played_whole_through_the_table(
    svc: GameService,
) -> None:
    assert (await svc.lobby.create(CH, ALICE, kind="counting", seat="first")).ok
    assert (await svc.lobby.join(CH, BOB, "second", kind="counting")).ok
    started = await svc.lobby.start(CH, ALICE, kind="counting")
    assert started.ok and "First" in started.text
    refused = await svc.moves.play(CH, ALICE, "count two", kind="counting")
    assert not refused.ok and "is not a step of Counting" in refused.text
    while (turn := await on_turn(svc, CH)) is not None:
        _, user = turn
        said = await choices(svc, CH, user, "counting")
        assert said, "the plain menu lists every legal step"
        reply = await svc.moves.play(CH, user, said[-1], kind="counting")
        assert reply.ok, reply.text
    record = await svc.store.latest_game(CH)
    assert record is not None and record.status == "finished" and record.kind == "counting"
    assert "says 10 and wins" in reply.text
    topics = svc.views.rules_topic(None, kind="counting")
    assert "play" in topics.text and "target" in topics.text
    exported = await svc.transfer.export(CH, kind="counting")
    assert exported.ok and exported.file is not None
    assert json.loads(exported.file.data)["game"] == "counting"
    stats = await svc.club.stats(ALICE, kind="counting")
    assert "Wins by seat" in stats.text and "First" in stats.text


async def test_a_game_not_in_a_tables_registry_is_refused_there_naming_the_games(
    tmp_path: Path,
) -> None:
    svc = await GameService.open(str(tmp_path / "bot.sqlite3"), FakeRenderer())
    try:
        refused = await svc.lobby.create(CH, ALICE, kind="counting")
        assert not refused.ok and "goat_tiger" in refused.text
    finally:
        await svc.close()


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Env]:
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, games=HOSTED) as e:
        yield e


async def ct(env: Env, user: int, command: str, **options: object) -> None:
    env.fake.slash(user, command, group="ct", **options)  # type: ignore[arg-type]
    await env.fake.settle()


async def test_a_game_on_the_core_alone_is_played_whole_on_discord(env: Env) -> None:
    groups = {c["name"]: c for c in env.fake.commands}
    assert {"vj", "gt", "tm", "ct"} <= set(groups)
    assert "Counting" in groups["ct"]["description"]
    await ct(env, ALICE, "create", seat="first")
    await ct(env, BOB, "join", seat="second")
    await ct(env, ALICE, "start")
    assert "The game begins" in env.fake.visible[-1].content
    while (turn := await on_turn(env.service, str(CHANNEL))) is not None:
        _, user = turn
        said = await choices(env.service, str(CHANNEL), user, "counting")
        await ct(env, user, "play", order=said[0])
    last = env.fake.visible[-1].content
    assert "The game is over" in last and "wins" in last
    record = await env.service.store.latest_game(str(CHANNEL))
    assert record is not None and record.kind == "counting" and record.status == "finished"
    assert await env.service.store.owed_announcements(ignore_backoff=True, grace=0) == []


async def test_a_game_on_the_core_alone_is_played_whole_in_the_terminal(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = ["--game", "counting", "--db", str(tmp_path / "t.sqlite3")]
    argv += ["--boards", str(tmp_path / "boards"), "--play", "first"]
    lines = ["help", '{"by":3}', *['{"by":1}'] * 10, "status", "quit"]
    await amain(argv, lines, out, FakeRenderer(), games=HOSTED)
    text = out.getvalue()
    assert "Terminal client for Counting" in text
    assert "the easy AI" in text  # the free seat went to the game's one level
    assert "is not a step of Counting" in text  # `by 3` is no step: the plain notation says so
    assert "says 10 and wins" in text
