"""The log a player reads (`log`) tells the game's lines as the announcements told them, for
every game: random games through the service, the channel rebuilt from the replies as Discord
shows it (a new message, an edit of the turn message, the closing of the last one), and the
log read every few steps. Each line the log shows is a line a message said, in the same order
(a stage's opening line is said as the message's headline instead), and no run of lines the
announcements tell once ("D loses 3 Troops in Mountain Passes.") is shown line by line."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import FakeRenderer, Seeds, seeds_of

from bot.discord.front_end import DISCORD
from bot.table.commands import Call, find
from bot.table.pipeline import typed_order
from bot.table.registry import game
from bot.table.reply import Reply
from bot.table.service import GameService
from bot.table.views import MAX_LOG_LINES
from bot.terminal.terminal_io import after_shown
from rules.capabilities import narration_of

CH = "650"
READ_EVERY = 40  # steps between two reads of the log (each writes fewer than 200 lines)
MAX_STEPS = 2_000
GAMES = {"vijayanagara": (20, 26), "taj_mahal": (1, 3), "goat_tiger": (1, 3)}  # kind: seeds


class Channel:
    """The channel's public messages as Discord shows them (the lines the log reads at the
    start put after the first)."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def take(self, reply: Reply) -> None:
        if reply.edit and self.messages:
            self.messages[-1] = reply.text
            return
        if self.messages and reply.close_text is not None:
            self.messages[-1] = reply.close_text
        self.messages.append(reply.text)

    def said(self) -> list[str]:
        return [x[2:] for m in self.messages for x in m.split("\n") if x.startswith("• ")]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "log.sqlite3"),
        FakeRenderer(),
        clock=lambda: 1.0,
        seed_source=Seeds(),
        front=DISCORD,
    )
    yield s
    await s.close()


async def read_log(svc: GameService, kind: str) -> list[str]:
    """The log as a player reads it, its longest window."""
    command = find(kind, "log")
    assert command is not None
    r = await command.run(svc, Call(CH, 1, kind, {"lines": MAX_LOG_LINES}))
    assert r.ok, r.text
    return r.text.split("\n")[1:]  # below "The last N lines of the log:"


def check_as_announced(kind: str, log: list[str], said: list[str]) -> None:
    """The log's lines are the last lines the channel was told, line for line, but for a
    stage's opening line that the stage's message says in its headline instead."""
    g = game(kind)
    assert narration_of(g).merge_lines(list(log)) == log, "a run the announcements tell once"
    told = set(said)
    shown = [line for line in log if not narration_of(g).opens_stage(line) or line in told]
    assert shown, "an empty log"
    assert said[-len(shown) :] == shown


@pytest.mark.parametrize(
    ("kind", "seed"), [(k, s) for k, seeds in GAMES.items() for s in range(*seeds)]
)
async def test_the_log_tells_each_line_as_the_announcements_did(
    service: GameService, kind: str, seed: int
) -> None:
    seeds_of(service).next = seed
    g = game(kind)
    seats = g.info.seats[: g.info.min_players]
    users = {s: n for n, s in enumerate(seats, start=1)}
    assert (await service.lobby.create(CH, 1, kind=kind, seat=seats[0])).ok
    for s in seats[1:]:
        assert (await service.lobby.join(CH, users[s], s, kind=kind)).ok
    channel = Channel()
    channel.take(await service.lobby.start(CH, 1, kind=kind))
    # what the setup and the first deals wrote: the start's headline tells it
    channel.messages.append("\n".join(f"• {x}" for x in await read_log(service, kind)))
    pick = random.Random(seed)
    for step in range(1, MAX_STEPS):
        record = await service.store.open_game(CH)
        if record is None:
            break
        state = await service.loader.state_of(record)
        g = service.loader.rules_of(record)
        order = typed_order(g, state, pick.choice(g.legal_actions(state)))
        seat = g.to_move(state)
        assert seat is not None
        reply = await service.moves.play(
            CH, users[seat], order, kind=kind, expected_version=record.version
        )
        assert reply.ok, reply.text
        channel.take(reply)
        if step % READ_EVERY == 0:
            check_as_announced(kind, await read_log(service, kind), channel.said())
    else:
        pytest.fail(f"no end in {MAX_STEPS} steps")
    check_as_announced(kind, await read_log(service, kind), channel.said())


def test_a_run_carried_into_the_next_message_prints_in_the_terminal_as_what_was_added() -> None:
    """A full turn's message is closed without the run the new message goes on with; the
    terminal, printed once, shows the new message's run as what it adds to what it showed."""
    shown = "• V Rally done.\n• D loses 2 Troops in Delhi.\n**Next:** D — remove 1 piece."
    closed = "• V Rally done."
    new = "• D loses 3 Troops in Delhi.\n• Plunder: Delhi Resources 4 -> 3."
    printed = after_shown(shown, f"{closed}\n{new}", game("vijayanagara"))
    assert printed == "• D loses 1 Troop in Delhi.\n• Plunder: Delhi Resources 4 -> 3."
