"""Successors' turn message that fills up mid-turn and goes on in a new one: the closed
message keeps no line the next step takes back (a halt once its seat moves another force),
so the channel and the log a player reads (`/sc log`) tell the same lines."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from successors_helpers import BLUE, moving, put, started
from told_channel import CH, Channel, service

from bot.discord.front_end import DISCORD
from bot.table.front_end import FrontEnd
from rules.successors import Successors

PEOPLE = {"blue": 1, "red": 2, "green": 3}
ORDERS = (
    "take 1 levy at Egypt",
    "march to Arabia",
    "halt",
    "take 1 levy at Egypt; march to Coele-Syria; march to Phoenicia",
)
HALT = "• Blue's force halts in Arabia"


async def alice_moves_two_levies_apart(folder: Path, front: FrontEnd) -> list[list[str]]:
    """Alice (Blue) marches a levy to Arabia, halts it, then sends another to Phoenicia in
    one order: the messages the
    channel holds after each step, oldest first."""
    svc = await service(folder, front)
    try:
        assert (await svc.lobby.create(CH, 1, kind="successors", seat="blue")).ok
        for seat in ("red", "green"):
            assert (await svc.lobby.join(CH, PEOPLE[seat], seat, kind="successors")).ok
        channel = Channel([])
        channel.take(await svc.lobby.start(CH, 1, kind="successors"))
        seen = []
        for order in ORDERS:
            reply = await svc.moves.play(CH, 1, order, kind="successors")
            assert reply.ok, reply.text
            channel.take(reply)
            seen.append(list(channel.messages))
        return seen
    finally:
        await svc.close()


async def test_a_halt_left_at_the_foot_of_a_full_message_is_taken_back_as_the_log_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The message is just long enough for Alice's halt; her next order fills it, so it goes
    on in a new one. The full message closes on the march, the halt dropped as the log
    drops it once Blue takes another force (the new message tells that force's march)."""
    built = moving(put(started(3), "egy", BLUE, levy=3))
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    unbounded = dataclasses.replace(DISCORD, message_limit=None)
    *_, halted, taken = await alice_moves_two_levies_apart(tmp_path / "a", unbounded)
    assert HALT in halted[-1] and HALT not in taken[-1]  # one message: the halt is no news
    assert len(taken[-1]) > len(halted[-1])
    short = dataclasses.replace(DISCORD, message_limit=len(halted[-1]))
    *_, messages = await alice_moves_two_levies_apart(tmp_path / "b", short)
    closed, new = messages[-2:]
    assert HALT not in closed, closed
    assert closed.endswith("• Blue marches 1 levy from Egypt to Arabia"), closed
    assert new.startswith("• Blue marches 1 levy from Egypt through Coele-Syria to Phoenicia"), new


async def test_a_halt_that_fills_the_message_goes_on_with_its_march_and_is_taken_back_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The message holds Alice's march but not her halt: the halt opens a new message with
    the march it ends (told once, moved there whole), so when she moves another force the
    halt is taken back as the log takes it back, never left as a message's first line."""
    built = moving(put(started(3), "egy", BLUE, levy=3))
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    unbounded = dataclasses.replace(DISCORD, message_limit=None)
    _, marched, halted, _ = await alice_moves_two_levies_apart(tmp_path / "a", unbounded)
    assert len(halted[-1]) > len(marched[-1])
    short = dataclasses.replace(DISCORD, message_limit=len(marched[-1]))
    *_, messages = await alice_moves_two_levies_apart(tmp_path / "b", short)
    told = [x for m in messages for x in m.split("\n")]
    assert HALT not in told, messages
    assert told.count("• Blue marches 1 levy from Egypt to Arabia") == 1, messages
