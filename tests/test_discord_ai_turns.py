"""An AI's turn in the channel, through the real discord.py client against the fake Discord:
one public message per AI turn, edited in place as each step is stored; its steps as short
lines and one line saying why at its end; no `Next:` line for an AI's decision; the person
pinged once each time the decision comes back to them, on the newest message (the one with
the buttons); and a step whose edit fails still reaches the channel.

The AI steps are taken the way the client's AI loop takes them (`AiSeats.move`, then the
client's delivery), one at a time, so the channel can be checked after each step. A bounded
sample of cards runs by default; CHAUPAL_WHOLE_GAMES=N plays N whole games (`@pytest.mark.slow`)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from discord_env import D, Env, running_bot
from fakes import seeds_of

from bot.product import variable
from bot.table.ai_users import is_ai
from bot.table.pipeline import typed_order
from db import GameRecord, Pace
from rules import vijayanagara
from rules.capabilities import turns_of
from rules.vijayanagara.game import GAME

# the AI thinks in threads: this file tests what the table says of its steps, not its processes

SAMPLE_CARDS = 5
WHOLE_GAMES = int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")
AIS = (vijayanagara.Faction.B, vijayanagara.Faction.V)
NEVER = 10**6  # seconds: the AI loop never finds a turn due; the test takes the steps


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes):  # type: ignore[no-untyped-def]
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        e.service.ai.think_seconds = 0.02
        yield e


@dataclass
class Channel:
    """What the channel showed while the AIs played."""

    ai_turn_messages: Counter[tuple[vijayanagara.Faction | None, int | None]] = field(
        default_factory=Counter
    )
    ai_turns: set[tuple[vijayanagara.Faction | None, int | None]] = field(default_factory=set)
    ended_ai_turns: int = 0
    handbacks: int = 0
    ai_steps: int = 0
    ai_lines: list[str] = field(default_factory=list)  # what the AI steps wrote in the log


async def game_now(env: Env) -> tuple[GameRecord, vijayanagara.GameState]:
    store, channel = env.service.store, str(env.fake_channel)
    game = await store.open_game(channel) or await store.latest_game(channel)
    assert game is not None
    return game, await env.service.loader.state_of(game)


async def log_size(env: Env, game: GameRecord) -> int:
    return len(await env.service.store.log_lines(game.id))


async def new_game_with_two_ais(env: Env) -> None:
    await env.slash(D, "create", ai="easy", seat="D")
    game, _ = await game_now(env)
    await env.service.store.set_pace(game.id, Pace(seconds=24 * 3600, ai_seconds=NEVER))
    await env.slash(D, "start")


def ai_decides(game: GameRecord, state: vijayanagara.GameState) -> bool:
    f = vijayanagara.decider(state)
    return f is not None and is_ai(game.seats.get(f.value))


async def ai_step(env: Env, seen: Channel, *, edits_fail: bool = False) -> None:
    """One AI step as the client's AI loop takes it, checked against the channel
    (`edits_fail`: the turn's message cannot be edited, so the turn is posted anew)."""
    game, before = await game_now(env)
    lines_before = await log_size(env, game)
    ids = {m.id for m in env.fake.visible}
    since = len(env.fake.notified)
    reply = await env.service.ai.move(str(env.fake_channel))
    assert reply is not None and reply.announcement is not None
    assert env.service.ai.deliver is not None
    await env.service.ai.deliver(reply, str(env.fake_channel))
    await env.fake.settle()
    game, after = await game_now(env)
    seen.ai_steps += 1
    lines = await env.service.store.log_lines(game.id, lines_before)
    seen.ai_lines += [x for x in lines if not re.match(r"^Card \d+: ", x)]
    new = [m for m in env.fake.visible if m.id not in ids]
    pings = env.fake.notified[since:]
    key_b, key_a = turns_of(GAME).turn(before), turns_of(GAME).turn(after)
    owner = key_b[0]
    if owner is not None and is_ai(game.seats.get(owner)):
        seen.ai_turns.add(key_b)
        if key_a != key_b or after.game_over:
            seen.ended_ai_turns += 1
    if not after.game_over and ai_decides(game, after):
        assert pings == [], [m.content for m in new]
        if key_a == key_b and not edits_fail:
            # the AI's turn goes on: its message is edited in place
            assert new == [], [m.content for m in new]
        seen.ai_turn_messages[key_a] += len(new)
    elif not after.game_over and vijayanagara.decider(after) == vijayanagara.Faction.D:
        # the decision comes back to the person: one new message, with the buttons, that
        # pings them once
        seen.handbacks += 1
        assert len(new) == 1, [m.content for m in new]
        assert pings == [(D, new[0].id)]
        assert new[0].id == env.fake.visible[-1].id and new[0].custom_ids
        assert "**Next:** Delhi Sultanate" in new[0].content
    assert [m.id for m in env.fake.visible if m.custom_ids] in ([], [env.fake.visible[-1].id])


async def person_step(env: Env) -> None:
    """The person plays the first choice that does something, by its button on the newest
    message (typed when it has none)."""
    version, state = await env.state()
    legal = vijayanagara.legal_actions(state)
    i = next((k for k, a in enumerate(legal) if not vijayanagara.idle_note(state, a)), 0)
    newest = env.fake.visible[-1]
    button = next((c for c in newest.custom_ids if c.endswith(f":{version}:a{i}")), None)
    if button is not None and not vijayanagara.idle_note(state, legal[i]):
        await env.click(D, newest, button)
    else:
        order = "again: " + typed_order(GAME, state, legal[i])
        if vijayanagara.idle_note(state, legal[i]):
            order += "; confirm"
        await env.slash(D, "play", order=order)
    told = [m.content for m in env.fake.private_to(D)][-1:]
    assert (await game_now(env))[0].version > version, told  # (the game may have ended)


async def play(env: Env, cards: int | None) -> Channel:
    seen = Channel()
    await new_game_with_two_ais(env)
    first = (await game_now(env))[1].current_card
    while True:
        game, state = await game_now(env)
        if state.game_over or (cards is not None and len(state.discards) >= cards):
            break
        if ai_decides(game, state):
            await ai_step(env, seen)
        else:
            await person_step(env)
    assert first is not None
    return seen


def check_channel(env: Env, seen: Channel) -> None:
    channel = "\n".join(m.content for m in env.fake.visible)
    # every AI step's lines reached the channel (a run of the same counted event told once)
    missing = [x for x in vijayanagara.merged_lines(seen.ai_lines) if x not in channel]
    assert missing == [], missing
    # one message per AI turn (the start message opens the first one)
    assert seen.ai_turns and all(n <= 1 for n in seen.ai_turn_messages.values())
    assert sum(seen.ai_turn_messages.values()) <= len(seen.ai_turns)
    # each AI turn that ended says why, once
    assert channel.count("_Why: ") == seen.ended_ai_turns > 0
    # no `Next:` line for an AI's decision
    for f in AIS:
        name = vijayanagara.FACTION_NAMES[f]
        assert f"**Next:** {name}" not in channel
        assert f"**Next:** Mongols (decided by {f.value})" not in channel
    # the person pinged exactly once per hand-back, never the AIs
    assert len(env.fake.pings(D)) >= seen.handbacks > 0


async def test_an_ai_turn_is_one_message_with_its_steps_and_why(env: Env) -> None:
    seen = await play(env, SAMPLE_CARDS)
    check_channel(env, seen)
    # far fewer public messages than AI steps (was one or more per step)
    assert len(env.fake.visible) < seen.ai_steps / 2


async def test_an_ai_step_whose_edit_fails_still_reaches_the_channel(env: Env) -> None:
    await new_game_with_two_ais(env)  # B, an AI, decides first: the start opens its turn
    seen = Channel()
    start = env.fake.visible[-1]
    env.fake.fail("PATCH", rf"^/channels/\d+/messages/{start.id}$", 503, 999)
    game, state = await game_now(env)
    key = turns_of(GAME).turn(state)
    while ai_decides(game, state) and turns_of(GAME).turn(state) == key:
        await ai_step(env, seen, edits_fail=True)
        game, state = await game_now(env)
    channel = "\n".join(m.content for m in env.fake.visible)
    missing = [x for x in seen.ai_lines if x not in channel]
    assert seen.ai_lines and missing == [], missing
    assert start.content == env.fake.messages[start.id].content  # never edited
    # posted anew once, then that message is edited: not a message per step
    assert len(env.fake.visible) <= 4
    assert await env.service.store.owed_announcements(grace=0, ignore_backoff=True) == []


@pytest.mark.slow
@pytest.mark.skipif(WHOLE_GAMES == 0, reason="set CHAUPAL_WHOLE_GAMES=N to play whole games")
@pytest.mark.parametrize("game", range(max(1, WHOLE_GAMES)))
async def test_whole_games_with_two_ais_read_one_message_per_ai_turn(env: Env, game: int) -> None:
    seeds_of(env.service).next = 100 + game
    seen = await play(env, None)
    check_channel(env, seen)
