"""A stored game that no longer loads, through the real discord.py (its HTTP faked), for every
game on both backends: each command in its channel answers which game is broken and why (never
an "interaction failed" or a generic failure), `abort` ends it, and another channel's game is
unaffected."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL

from bot.discord.discord_client import FAILED
from bot.table.registry import game, games, registry
from rules.capabilities import notation_of

ALICE = 41
OTHER = CHANNEL + 7
ALL = [g.info.id for g in games()]


@pytest.fixture
async def env(database_url: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Env]:
    db: Path | str = database_url
    async with running_bot(db, monkeypatch) as e:
        e.service.ai.think_seconds = 0.02
        e.service.ai.hint_seconds = 0.05
        yield e


async def started(env: Env, channel: int, kind: str) -> int:
    """A game of `kind`, its fewest players' seats Alice's, started; its id."""
    svc, g = env.service, game(kind)
    seats = g.info.seats[: g.info.min_players]
    assert (await svc.lobby.create(str(channel), ALICE, kind=kind, seat=seats[0])).ok
    for seat in seats[1:]:
        assert (await svc.lobby.join(str(channel), ALICE, seat, kind=kind)).ok
    assert (await svc.lobby.start(str(channel), ALICE, kind=kind)).ok
    record = await svc.store.open_game(str(channel))
    assert record is not None
    if not record.actions:  # nothing dealt: a step, so the log has an entry to copy
        state = await svc.loader.state_of(record)
        seat = g.to_move(state)
        assert seat is not None
        order = notation_of(g).describe(g.view(state, seat), g.legal_actions(state)[0])
        assert (await svc.moves.play(str(channel), ALICE, order, kind=kind, as_faction=seat)).ok
    return record.id


async def break_it(env: Env, game_id: int) -> None:
    """The log's first entry again at its end (it no longer applies), and the bot's memory of
    the game dropped, as a restart would."""
    store = env.service.store
    entries = await store.actions(game_id)
    async with store._tx() as conn:  # the test plays the saboteur
        await conn.execute(
            "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
            game_id,
            len(entries) + 1,
            json.dumps(entries[0].action),
        )
    env.service.loader.forget(game_id)


async def said(
    env: Env, command: str, group: str, channel: int = CHANNEL, **options: object
) -> str:
    inter = env.fake.slash(ALICE, command, group=group, channel=channel, **options)  # type: ignore[arg-type]
    await env.fake.settle()
    return "\n".join(m.content for m in env.fake.seen_by(inter))


@pytest.mark.parametrize("kind", ALL)
async def test_every_command_in_a_broken_games_channel_says_which_game_and_why(
    env: Env, kind: str
) -> None:
    g = game(kind)
    group = registry().command(g.info.id)
    broken = await started(env, CHANNEL, kind)
    other = await started(env, OTHER, kind)
    await break_it(env, broken)
    for command, options in (
        ("status", {}),
        ("board", {}),
        ("log", {}),
        ("options", {}),
        ("hint", {}),
        ("undo", {}),
        ("play", {"order": "anything"}),
    ):
        text = await said(env, command, group, **options)
        assert f"Game {broken} ({g.info.title}) cannot be loaded" in text, (command, text)
        assert f"`/{group} abort` ends it" in text and FAILED not in text
    completion = env.fake.autocomplete(ALICE, "play", "order", "", group=group)
    await env.fake.settle()
    assert completion.choices == []  # no choices, and no failure
    elsewhere = await said(env, "status", group, channel=OTHER)
    assert f"Game {other} is under way" in elsewhere and "cannot be loaded" not in elsewhere
    ended = await said(env, "abort", group)
    assert f"Game {broken} ended by" in ended, ended
    record = await env.service.store.get_game(other)
    assert record.status == "active"


async def test_a_refusal_that_escapes_its_reply_is_still_said_not_a_failure(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The client's last net: a refusal raised past the service's own replies (a command that
    does not catch it) reaches its sender in its own words, not as "Something went wrong"."""
    from bot.table.refusal import ServiceError

    async def refused(*args: object, **kwargs: object) -> None:
        raise ServiceError("Game 9 (Taj Mahal) cannot be loaded: a test says so.")

    monkeypatch.setattr(env.service.views, "status", refused)
    text = await said(env, "status", "tm")
    assert "Game 9 (Taj Mahal) cannot be loaded: a test says so." in text and FAILED not in text
