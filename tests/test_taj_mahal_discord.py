"""Taj Mahal through the real discord.py library (its HTTP layer faked): the channel reads like
the game's record, one message per turn (a withdrawal and its palaces and cards are one
message, edited), a header and the board at each visit, the board after each withdrawal,
pings only to the person who decides next, and buttons on the newest message only."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL, Message

ALICE = 21  # blue; the two other seats are the computer's
BLUE = f"Blue (<@{ALICE}>)"
STEP = re.compile(r"^(\w+) \((?:<@\d+>|AI, \w+)\): ")


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch) as e:
        yield e


async def tm(env: Env, user: int, command: str, **options: object) -> None:
    env.fake.slash(user, command, group="tm", **options)  # type: ignore[arg-type]
    await env.fake.settle()


async def started(env: Env) -> None:
    env.bot.tables.service.lobby.secret_source = lambda: bytes([5]) * 32
    await tm(env, ALICE, "create", seat="blue")
    await tm(env, ALICE, "ai", seat="orange", level="random")
    await tm(env, ALICE, "ai", seat="brown", level="random")
    await tm(env, ALICE, "start")


async def play_visits(env: Env, visits: int) -> None:
    """Alice plays (withdrawing often) until `visits` visits are over."""
    pick = random.Random(7)
    service = env.bot.tables.service
    for _ in range(400):
        table = await service.games.open(str(CHANNEL))
        assert table is not None
        if table.state.visit >= visits:  # type: ignore[attr-defined]
            return
        assert table.to_move() == "blue"
        choices = await service.choices(str(CHANNEL), ALICE, "taj_mahal", "")
        order = "withdraw" if "withdraw" in choices and pick.random() < 0.4 else None
        await tm(env, ALICE, "play", order=order or pick.choice(choices))
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
        assert not re.match(r"^\w+ \(.*\): (palace|crown|take) ", first), m.content
    ours = [m for m in turns if steps_of(m)[0].startswith(BLUE)]
    assert any(f"{BLUE}: withdraw" in m.content and f"{BLUE}: take" in m.content for m in ours)
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
        if any(re.match(r"^\w+ \(.*\): take ", line) for line in steps_of(m)):
            assert "board.png" in visible[i + 1].files, visible[i + 1].content
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
    newest = env.fake.visible[-1]
    assert newest.custom_ids == ["tb:taj_mahal:1:hand"]
    assert "Your hand" not in "\n".join(m.content for m in env.fake.visible)
    await env.click(ALICE, newest, newest.custom_ids[0])
    mine = env.fake.private_to(ALICE)[-1]
    assert "Your hand (6 cards):" in mine.content and mine.custom_ids
    table = await env.bot.tables.service.games.open(str(CHANNEL))
    assert table is not None
    version = table.record.version
    assert all(c.startswith(f"tb:taj_mahal:1:{version}:") for c in mine.custom_ids)
    pressed = mine.custom_ids[0]
    await env.click(ALICE, mine, pressed)
    assert mine.custom_ids == []  # one press per answer
    assert f"{BLUE}: play " in "\n".join(m.content for m in env.fake.visible)
    assert env.fake.visible[-1].custom_ids == ["tb:taj_mahal:1:hand"]
    await env.click(ALICE, mine, pressed)  # a client still showing it
    assert "earlier turn" in env.fake.private_to(ALICE)[-1].content
    # the command answers the same, privately
    await tm(env, ALICE, "hand")
    assert "Your hand (" in env.fake.private_to(ALICE)[-1].content
