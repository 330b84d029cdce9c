"""Taj Mahal through the real discord.py library (its HTTP layer faked): the channel reads like
the game's record, one message per turn (a withdrawal and its palaces and cards are one
message, edited), a header and the board at each visit, the board after each withdrawal,
pings only to the person who decides next, and buttons on the newest message only.

The computer's steps are taken the way the client's AI loop takes them (`AiSeats.move`, then
the client's delivery), one at a time."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL, Message
from fakes import seeds_of
from table_helpers import choices, open_game

from db import Pace
from rules.taj_mahal import GAME, State
from rules.taj_mahal.notation import card_name

# the AI thinks in threads: this file tests what the table says of its steps, not its processes

ALICE = 21  # blue; the two other seats are the computer's
NEVER = 10**6  # seconds: the AI loop never finds a turn due; the test takes the steps
BLUE = "• Blue: "
STEP = re.compile(r"^• (\w+): ")


@pytest.fixture
async def env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes
) -> AsyncIterator[Env]:
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        seeds_of(e.service).next = 5
        yield e


async def tm(env: Env, user: int, command: str, **options: object) -> None:
    env.fake.slash(user, command, group="tm", **options)  # type: ignore[arg-type]
    await env.fake.settle()


async def state(env: Env) -> tuple[int, State]:
    found = await open_game(env.service, str(CHANNEL))
    assert found is not None and isinstance(found[1], State)
    return found[0].version, found[1]


async def started(env: Env) -> None:
    await tm(env, ALICE, "create", seat="blue")
    await tm(env, ALICE, "ai", seat="orange", level="greedy")
    await tm(env, ALICE, "ai", seat="brown", level="greedy")
    record = await env.service.store.open_game(str(CHANNEL))
    assert record is not None
    await env.service.store.set_pace(record.id, Pace(seconds=24 * 3600, ai_seconds=NEVER))
    await tm(env, ALICE, "start")


async def ai_step(env: Env) -> None:
    """The computer's next step, as the client's AI loop takes it."""
    reply = await env.service.ai.move(str(CHANNEL))
    assert reply is not None and env.service.ai.deliver is not None
    await env.service.ai.deliver(reply, str(CHANNEL))
    await env.fake.settle()


async def play_visits(env: Env, visits: int) -> None:
    """Alice plays (withdrawing often) and the computer its seats until `visits` visits are
    over."""
    pick = random.Random(7)
    for _ in range(600):
        _, now = await state(env)
        if now.visit >= visits:
            return
        if GAME.to_move(now) != "blue":
            await ai_step(env)
            continue
        offered = await choices(env.service, str(CHANNEL), ALICE, "taj_mahal")
        withdraw = [c for c in offered if c.endswith(" withdraw")]
        order = withdraw[0] if withdraw and pick.random() < 0.4 else pick.choice(offered)
        await tm(env, ALICE, "play", order=order)
    raise AssertionError("the visits did not end")


def steps_of(m: Message) -> list[str]:
    return [line for line in m.content.split("\n") if STEP.match(line)]


async def test_the_channel_reads_like_the_games_record(env: Env) -> None:
    await started(env)
    await play_visits(env, 3)
    visible = env.fake.visible
    turns = [m for m in visible if steps_of(m)]
    assert turns
    for m in turns:  # one message per turn: the steps of one seat
        assert len({STEP.match(line).group(1) for line in steps_of(m)}) == 1, m.content  # type: ignore[union-attr]
        first = steps_of(m)[0]
        # a withdrawal's palaces and cards are in the message of its withdraw, never apart
        assert not re.match(r"^• \w+: (palace|crown|take) ", first), m.content
    ours = [m for m in turns if steps_of(m)[0].startswith(BLUE)]
    assert any(f"{BLUE}withdraw" in m.content and f"{BLUE}take" in m.content for m in ours)
    # a header opens each visit, with the board; the board follows each withdrawal
    headers = [m for m in visible if "**Visit " in m.content]
    assert [re.findall(r"\*\*Visit (\d+) of 12", m.content) for m in headers] == [
        ["1"],
        ["2"],
        ["3"],
        ["4"],
    ]
    assert all("board.png" in m.files for m in headers)
    for i, m in enumerate(visible[:-1]):
        if any(re.match(r"^• \w+: take ", line) for line in steps_of(m)):
            assert "board.png" in visible[i + 1].files, visible[i + 1].content
    # a board goes only with the moments the game names: a card played that hands the
    # decision on, after no withdrawal, is no such moment
    took = [any(re.match(r"^• \w+: take ", x) for x in steps_of(m)) for m in visible]
    plain = [
        m
        for i, m in enumerate(visible[1:], start=1)
        if steps_of(m)
        and all(re.match(r"^• \w+: play ", x) for x in steps_of(m))
        and "**Visit " not in m.content
        and not took[i - 1]
    ]
    assert plain and all("board.png" not in m.files for m in plain)
    # Alice is pinged only by messages that hand her the decision: each at most once, and
    # each such message holds her turn (or is the newest, her turn to come)
    pinged = [m.id for m in env.fake.pings(ALICE)]
    assert len(pinged) == len(set(pinged))
    assert set(pinged) <= {m.id for m in ours} | {visible[-1].id}
    assert len(pinged) < sum(len(steps_of(m)) for m in ours)  # not once a step
    # only the newest message carries buttons
    assert [m for m in visible if m.custom_ids] in ([], [visible[-1]])


async def test_my_hand_answers_privately_and_its_buttons_play(env: Env) -> None:
    await started(env)
    version, _ = await state(env)
    newest = env.fake.visible[-1]
    assert newest.custom_ids == ["vj:1:hand"]  # of the game: a hidden step changes it not
    assert "Your hand" not in "\n".join(m.content for m in env.fake.visible)
    await env.click(ALICE, newest, newest.custom_ids[0])
    mine = env.fake.private_to(ALICE)[-1]
    assert "Your hand (6 cards):" in mine.content and mine.custom_ids
    assert all(c.startswith(f"vj:1:{version}:") for c in mine.custom_ids)
    pressed = mine.custom_ids[0]
    await env.click(ALICE, mine, pressed)
    assert mine.custom_ids == []  # one press per answer
    assert f"{BLUE}play " in "\n".join(m.content for m in env.fake.visible)
    assert env.fake.visible[-1].custom_ids == ["vj:1:hand"]
    await env.click(ALICE, mine, pressed)  # a client still showing it
    assert "moved on since" in env.fake.private_to(ALICE)[-1].content
    # the command answers the same, privately
    await tm(env, ALICE, "hand")
    assert "Your hand (" in env.fake.private_to(ALICE)[-1].content


async def test_a_card_drawn_is_named_to_its_drawer_alone_and_counted_in_the_channel(
    env: Env,
) -> None:
    await started(env)
    _, before = await state(env)
    await tm(env, ALICE, "play", order="withdraw")  # before playing a card: draws one
    _, after = await state(env)
    (drawn,) = [k for k in after.hands[0] if after.hands[0].count(k) > before.hands[0].count(k)]
    name = card_name(after.cards, drawn)
    channel = "\n".join(m.content for m in env.fake.visible)
    assert "Blue draws a card from the deck" in channel and name not in channel
    assert f"You drew {name} from the deck." in env.fake.private_to(ALICE)[-1].content


async def test_a_spectator_reading_the_channel_later_finds_each_withdrawals_winnings_and_points(
    env: Env,
) -> None:
    """What stays in the channel (each message as last edited, no prompt of the moment) says
    who won what in every withdrawal, its points, and the trades at each visit's end."""
    await started(env)
    await play_visits(env, 2)
    lines = [x for m in env.fake.visible for x in m.content.split("\n")]
    withdrew = [re.match(r"^• (\w+): withdraw: (wins .*|before playing.*)$", x) for x in lines]
    seats = [m.group(1) for m in withdrew if m]
    assert len(seats) == 2 * 3  # each seat once a visit
    scored = [
        re.match(r"^• (\w+) scores (no points|\d+ points?) for this withdrawal", x) for x in lines
    ]
    assert sorted(m.group(1) for m in scored if m) == sorted(seats)
    assert sum(x.startswith("• Visit ") and x.endswith(" ends.") for x in lines) == 2


async def test_a_card_drawn_by_a_button_press_is_named_to_the_presser_alone(env: Env) -> None:
    """A button's press has no private receipt to edit: the drawn card comes in a private
    follow-up to the presser."""
    await started(env)
    newest = env.fake.visible[-1]
    await env.click(ALICE, newest, newest.custom_ids[0])  # My hand
    mine = env.fake.private_to(ALICE)[-1]
    buttons = [b for row in mine.components for b in row["components"]]
    withdraw = next(b["custom_id"] for b in buttons if b.get("label") == "withdraw")
    _, before = await state(env)
    await env.click(ALICE, mine, withdraw)
    _, after = await state(env)
    (drawn,) = [k for k in after.hands[0] if after.hands[0].count(k) > before.hands[0].count(k)]
    told = f"You drew {card_name(after.cards, drawn)} from the deck."
    assert told in env.fake.private_to(ALICE)[-1].content
    assert all(told not in m.content for m in env.fake.visible)
