"""The channel reads like a game record: games played one step per interaction,
with buttons and typed orders, through the real discord.py client against the fake Discord.

One message per faction turn, kept up to date by edits (which notify nobody); a new message,
which pings exactly the next player when that is another person, only at a hand-off or a card
reveal; a header with the
board at every card reveal; buttons only on the newest message; the current decision within
the last three messages. A bounded sample runs by default (one game, its first cards); set
CHAUPAL_WHOLE_GAMES=N to play N whole games (`@pytest.mark.slow`)."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from discord_env import Env, running_bot
from discord_fake import Message
from fakes import SEATS

from bot.product import variable
from bot.table.pipeline import typed_order
from db import GameRecord
from rules import vijayanagara
from rules.vijayanagara.game import GAME

SAMPLE_CARDS = 6  # cards played by the default (bounded) test
WHOLE_GAMES = int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")


@dataclass
class Record:
    """What the channel showed, card by card."""

    per_card: list[int] = field(default_factory=list)  # new public messages per card
    reveals: int = 0
    handoffs: int = 0
    steps: int = 0


async def game_now(env: Env) -> tuple[GameRecord, vijayanagara.GameState]:
    """The channel's game, also once it is over."""
    store, channel = env.service.store, str(env.fake_channel)
    game = await store.open_game(channel) or await store.latest_game(channel)
    assert game is not None
    return game, await env.service.loader.state_of(game)


def public_ids(env: Env) -> list[int]:
    return [m.id for m in env.fake.visible]


def with_buttons(env: Env) -> list[Message]:
    return [m for m in env.fake.visible if m.custom_ids]


async def one_step(env: Env, r: random.Random) -> None:
    """The decider picks a random legal step and sends it: by a button of the newest
    message, or typed with `/vj play`."""
    version, state = await env.state()
    legal = vijayanagara.legal_actions(state)
    i = r.randrange(len(legal))
    action = legal[i]
    decider = vijayanagara.decider(state)
    assert decider is not None
    user = SEATS[decider]
    newest = env.fake.visible[-1]
    wanted = f":{version}:a{i}"
    button = next((c for c in newest.custom_ids if c.endswith(wanted)), None)
    if button is not None and not vijayanagara.idle_note(state, action) and r.random() < 0.5:
        await env.click(user, newest, button)
        order = button
    else:
        # `again:` says a repeat is meant (amass twice is no double submit)
        order = "again: " + typed_order(GAME, state, action)
        await env.slash(user, "play", order=order)
    after = (await game_now(env))[0].version
    told = [m.content for m in env.fake.private_to(user)][-1:]
    assert after > version, f"{order} was not played: {told}"


async def play_and_watch(env: Env, seed: int, cards: int | None) -> Record:
    """Play from the start until `cards` cards have ended (None: the whole game), checking
    every step; return the counts."""
    r = random.Random(seed)
    await env.started()
    rec = Record()
    on_card = 1  # the start message opens card 1
    while True:
        _, before = await game_now(env)
        if before.game_over or (cards is not None and len(rec.per_card) >= cards):
            return rec
        seen = set(public_ids(env))
        since = len(env.fake.notified)
        await one_step(env, r)
        rec.steps += 1
        game, after = await game_now(env)
        new = [m for m in env.fake.visible if m.id not in seen]
        pings = env.fake.notified[since:]
        new_card = after.current_card != before.current_card
        handoff = (
            after.game_over
            or new_card
            or vijayanagara.decider(after) != vijayanagara.decider(before)
        )
        if handoff:
            rec.handoffs += 1
            # a new message, pinging exactly the next player when the decision passes to
            # another person (the same person going on is not notified again)
            assert len(new) == 1, [m.content for m in new]
            nxt, was = vijayanagara.decider(after), vijayanagara.decider(before)
            if nxt is not None and was is not None and SEATS[nxt] != SEATS[was]:
                assert pings == [(SEATS[nxt], new[0].id)], (pings, new[0].content)
            else:
                assert pings == [], (pings, new[0].content)
        else:
            # the turn's message was edited: no new message, nobody notified
            assert new == [] and pings == [], [m.content for m in new]
        if new_card:
            rec.reveals += 1
            rec.per_card.append(on_card)
            on_card = 0
            header = new[-1]
            assert f"**Card {after.current_card} · " in header.content
            assert header.files == ["board.png"]
            if before.current_card is not None:
                assert f"_Card {before.current_card}" in header.content  # the recap
        on_card += len(new)
        # buttons only on the newest message of the game
        assert all(m.id == env.fake.visible[-1].id for m in with_buttons(env))
        # a returning player finds the current decision within the last 3 messages
        if not after.game_over:
            nxt_line, _ = env.service.texts.prompt_text(game, after)
            last = [m.content for m in env.fake.visible[-3:]]
            assert any(nxt_line in c for c in last), (nxt_line, last)


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes):  # type: ignore[no-untyped-def]
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        yield e


async def test_step_by_step_play_reads_like_a_game_record(env: Env) -> None:
    rec = await play_and_watch(env, seed=5, cards=SAMPLE_CARDS)
    assert rec.reveals >= SAMPLE_CARDS and rec.steps > rec.handoffs
    assert statistics.median(rec.per_card) <= 3, rec.per_card


async def test_a_typed_step_inside_a_turn_edits_the_turn_message_and_pings_nobody(
    env: Env,
) -> None:
    start = await env.started()
    b = SEATS[vijayanagara.Faction.B]
    await env.slash(b, "play", order="command")
    await env.slash(b, "play", order="rally")
    edited = env.fake.messages[start.id]
    assert env.fake.visible[-1].id == start.id  # no new public message
    # a step that writes no log line is told in words, not in the notation
    assert "• B chooses a Command without a Decree (2.3.3)." in edited.content
    assert "Rally" in edited.content
    assert edited.custom_ids  # the turn message keeps the (new) buttons
    assert [u for u, m in env.fake.notified if m == start.id] == [b]  # the start's ping only
    receipts = [m.content for m in env.fake.private_to(b)]
    assert receipts and all(c.startswith("✓") for c in receipts)


async def test_a_hand_off_closes_the_turn_message_and_takes_its_buttons(env: Env) -> None:
    start = await env.started()
    await env.click(SEATS[vijayanagara.Faction.B], start, _button(start, "pass"))
    closed = env.fake.messages[start.id]
    assert closed.custom_ids == [] and "Bahmani Kingdom Passes" in closed.content
    assert "**Next:**" not in closed.content  # the record, not a stale prompt
    newest = env.fake.visible[-1]
    assert newest.id != start.id and newest.custom_ids and "**Next:**" in newest.content


async def test_status_and_board_are_private_unless_asked_public(env: Env) -> None:
    start = await env.started()
    count = len(env.fake.visible)
    await env.slash(SEATS[vijayanagara.Faction.D], "status")
    await env.slash(SEATS[vijayanagara.Faction.D], "board")
    assert len(env.fake.visible) == count
    assert len(env.fake.private_to(SEATS[vijayanagara.Faction.D])) >= 2
    await env.slash(SEATS[vijayanagara.Faction.D], "board", public=True)
    await env.slash(SEATS[vijayanagara.Faction.D], "status", public=True)
    assert len(env.fake.visible) == count + 2
    # a public answer is the game's newest message: it takes the one button row
    assert [m.id for m in env.fake.visible if m.custom_ids] == [env.fake.visible[-1].id]
    assert start.custom_ids == []


async def test_an_edit_owed_at_a_restart_is_delivered_to_the_turn_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch) as env:
        start = await env.started()
        fake = env.fake
        b = SEATS[vijayanagara.Faction.B]
        fake.fail("PATCH", rf"^/(channels/\d+|webhooks/\d+/[^/]+)/messages/{start.id}$", None, 99)
        await env.slash(b, "play", order="command")
        version, _ = await env.state()
        owed = await env.service.store.owed_announcements(grace=0, ignore_backoff=True)
        assert [(o.version, o.edit) for o in owed] == [(version, True)]
    fake.faults.clear()
    async with running_bot(db, monkeypatch, fake) as env:
        await fake.until(lambda: "begins" in fake.messages[start.id].content, timeout=10)
        assert fake.visible[-1].id == start.id  # edited, not posted anew
        assert await env.service.store.owed_announcements(grace=0, ignore_backoff=True) == []


def _button(msg: Message, label: str) -> str:
    labels = [c["label"] for row in msg.components for c in row.get("components", [])]
    return next(cid for cid, lab in zip(msg.custom_ids, labels, strict=True) if lab == label)


@pytest.mark.slow
@pytest.mark.skipif(WHOLE_GAMES == 0, reason="set CHAUPAL_WHOLE_GAMES=N to play whole games")
@pytest.mark.parametrize("seed", range(max(1, WHOLE_GAMES)))
async def test_whole_games_step_by_step_read_like_a_game_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    async with running_bot(tmp_path / f"game{seed}.sqlite3", monkeypatch) as env:
        rec = await play_and_watch(env, seed=seed, cards=None)
    assert statistics.median(rec.per_card) <= 3, rec.per_card
    print(
        f"seed {seed}: {rec.steps} steps, {sum(rec.per_card)} public messages, "
        f"{rec.reveals} cards, median {statistics.median(rec.per_card)} per card "
        f"(max {max(rec.per_card)}), {rec.handoffs} hand-offs"
    )


async def test_a_confirm_button_on_a_private_question_is_used_once(env: Env) -> None:
    """A Command on no space asks privately with a Confirm button; after the click the
    question loses its button and the channel shows the step."""
    d = SEATS[vijayanagara.Faction.D]
    # the rules' seeded game 7: D first, and no space qualifies for its Attack
    assert (
        await env.service.lobby.create(str(env.fake_channel), d, seed=7, kind="vijayanagara")
    ).ok
    for f, uid in SEATS.items():
        await env.slash(uid, "join", faction=f.value)
    await env.slash(d, "start")
    start = env.fake.visible[-1]
    await env.click(d, start, _button(start, "command"))
    turn = env.fake.messages[start.id]
    await env.click(d, turn, _button(turn, "attack (no space qualifies, ends at once)"))
    question = next(m for m in env.fake.private_to(d) if m.custom_ids)
    assert "Press Confirm" in question.content
    await env.click(d, question, question.custom_ids[0])
    assert env.fake.messages[question.id].custom_ids == []
    assert "D Attack done (no spaces)" in env.fake.messages[start.id].content
    assert [m.id for m in env.fake.visible if m.custom_ids] == [env.fake.visible[-1].id]


def _labels(msg: Message) -> list[str]:
    return [c["label"] for row in msg.components for c in row.get("components", [])]
