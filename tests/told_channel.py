"""A random game played through the service, the channel rebuilt from its replies as Discord
shows it (a new message, an edit of the turn message, the closing of the last one), and the
log a player reads (`log`) compared with it: for tests/test_log_as_announced.py and
bench/log_as_announced.py."""

from __future__ import annotations

import dataclasses
import difflib
import random
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fakes import FakeRenderer, Seeds, seeds_of

from bot.discord.front_end import DISCORD
from bot.table.ai_users import is_ai, seat_levels
from bot.table.commands import Call, find
from bot.table.front_end import FrontEnd
from bot.table.games.entry import Registry, build_registry
from bot.table.loading import AnyGame
from bot.table.log_reading import ai_seats, replayed
from bot.table.pipeline import typed_order
from bot.table.registry import ENTRIES, game
from bot.table.reply import Reply
from bot.table.service import GameService
from bot.table.table_texts import TableTexts
from bot.table.textlog import told_messages
from bot.table.views import MAX_LOG_LINES
from db import GameRecord, StoredAction
from rules.capabilities import narration_of, turns_of

CH = "650"
MAX_STEPS = 3_000


class Channel:
    """The channel's public messages as Discord shows them, after what the setup told (the
    start's headline says it in the channel; the log tells its lines)."""

    def __init__(self, opening: list[str]) -> None:
        self.opening = opening
        self.messages: list[str] = []
        self.merged: set[tuple[str, ...]] = set()  # messages found to tell no run line by line
        self.answered = False  # an AI seat stepped aside at once (an offer, an answer)

    def take(self, reply: Reply) -> None:
        """The reply, then what it announces after it (an AI seat's answer at once)."""
        if reply.edit and self.messages:
            self.messages[-1] = reply.text
        else:
            if self.messages and reply.close_text is not None:
                self.messages[-1] = reply.close_text
            self.messages.append(reply.text)
        for then in reply.then:
            self.answered = True
            self.take(then)

    def said(self) -> list[str]:
        """The lines of steps, and the end's line (`The game is over.` and the result, set
        off as the front end sets it off), as the log ends with it."""
        ended = [x.replace("**", "") for m in self.messages[-1:] for x in m.split("\n")]
        over = [x for x in ended if x.startswith(OVER)]
        return self.opening + [line for m in self.told() for line in m] + over

    def told(self) -> list[list[str]]:
        """Each message's lines of steps (those that start with a bullet), the empty left out."""
        out = [[x[2:] for x in m.split("\n") if x.startswith("• ")] for m in self.messages]
        return [m for m in out if m]

    def parts(self) -> list[list[str]]:
        """Each message's runs of lines of steps between its other lines (an AI's header
        inside a turn): what the announcements merge apart."""
        out: list[list[str]] = []
        for m in self.messages:
            run: list[str] = []
            for x in [*m.split("\n"), ""]:
                if x.startswith("• "):
                    run.append(x[2:])
                elif run:
                    out.append(run)
                    run = []
        return out

    def messages_of_steps(self, kind: str) -> list[list[str]]:
        """`told`, without a stage's opening line (which a headline may say instead)."""
        return _without_openings(kind, self.told())


OVER = TableTexts.over_line(None)


def _without_openings(kind: str, messages: list[list[str]]) -> list[list[str]]:
    stage_line = narration_of(game(kind)).stage_line
    out = [[line for line in m if stage_line(line) != "opens"] for m in messages]
    return [m for m in out if m]


def log_messages(
    g: AnyGame, record: GameRecord, state: object, stored: list[StoredAction], opening: int
) -> list[list[str]]:
    """The game's log from its setup, message by message as the log tells it, without the
    setup's `opening` lines and a stage's opening line."""
    _, steps = replayed(g, state, stored, True, ai_seats(record))
    messages = told_messages(g, steps)
    return _without_openings(g.info.id, [messages[0][opening:], *messages[1:]])


async def message_mismatch(svc: GameService, kind: str, channel: Channel) -> str | None:
    """Where the log's messages (the whole game's, as `log_messages` cuts them) differ from
    the channel's: a run told once in one and line by line in the other comes from a message
    closed in one and not in the other."""
    record = await svc.store.latest_game(CH)
    assert record is not None
    g = svc.loader.rules_of(record)
    state = await svc.loader.fresh_state(record)
    stored = await svc.store.actions(record.id)
    log = log_messages(g, record, state, stored, len(channel.opening))
    told = channel.messages_of_steps(kind)
    if log == told:
        return None
    at = next((i for i, (a, b) in enumerate(zip(log, told, strict=False)) if a != b), 0)
    return f"message {at + 1}: the channel's {told[at : at + 2]}, the log's {log[at : at + 2]}"


async def read_log(svc: GameService, kind: str, lines: int = MAX_LOG_LINES) -> list[str]:
    """The log as a player reads it, its last `lines` lines."""
    command = find(kind, "log")
    assert command is not None
    r = await command.run(svc, Call(CH, 1, kind, {"lines": lines}))
    assert r.ok, r.text
    return [line for line in r.text.split("\n")[1:] if line]  # below "The last N lines ..."


def mismatch(kind: str, log: list[str], channel: Channel) -> str | None:
    """How the log's lines differ from the last lines the channel was told, line for line
    (but for a stage's opening line that the stage's message says in its headline instead),
    or a message of the channel that tells a run line by line, or None. (Two messages may end
    and begin with lines that one message would tell as one: the log tells them as the
    channel did; so may the lines on either side of an AI's header inside a message.)"""
    g = game(kind)
    for message in channel.parts():
        if tuple(message) in channel.merged:
            continue
        merged = narration_of(g).merge_lines(list(message))
        channel.merged.add(tuple(message))
        if merged != message:
            pairs = enumerate(zip(message, merged, strict=False))
            at = next((i for i, (a, b) in pairs if a != b), len(merged))  # (or merged shorter)
            return f"a run the announcements tell once, line by line: {message[at : at + 4]}"
    said = channel.said()
    told = set(said)
    stage_line = narration_of(g).stage_line
    shown = [line for line in log if stage_line(line) != "opens" or line in told]
    if not shown:
        return "an empty log"
    tail = said[-len(shown) :]
    if tail == shown:
        return None
    diff = difflib.unified_diff(tail, shown, "channel", "log", lineterm="", n=1)
    return "\n".join(list(diff)[:20])


def ai_level(svc: GameService, kind: str) -> str:
    """The first AI level the service's table offers for the game (the cheapest)."""
    return seat_levels(kind, svc.registry)[0]


def random_ais() -> Registry:
    """The bot's games, each with the random AI as its only level (so the table offers it):
    for a check of what the table does with an AI's step, not of what the AI decides."""
    return build_registry(
        *(
            dataclasses.replace(
                e,
                players=dataclasses.replace(
                    e.players, levels={"random": e.players.levels["random"]}
                ),
            )
            for e in ENTRIES
        )
    )


# Discord's words with messages of any length: a message closes only where the rules hand
# off (a full one goes on in another, which says the same lines: checked with DISCORD)
UNBOUNDED = dataclasses.replace(DISCORD, message_limit=None)


async def service(
    folder: Path, front: FrontEnd = DISCORD, registry: Registry | None = None
) -> GameService:
    """The service the games are played through (`registry`: its games, None: the bot's)."""
    s = await GameService.open(
        str(folder / "log.sqlite3"),
        FakeRenderer(),
        clock=lambda: 1.0,
        seed_source=Seeds(),
        front=front,
        ai_executor=ThreadPoolExecutor(1),
        registry=registry,
    )
    s.ai.think_seconds = 0.01
    return s


async def on_turn(
    svc: GameService, g: AnyGame, record: GameRecord
) -> tuple[GameRecord, object, str, Reply | None]:
    """The game's position and the seat on turn; an AI's step taken when the seat is an
    AI's (its reply), else None for the test to take the person's."""
    state = await svc.loader.state_of(record)
    seat = g.to_move(state)
    assert seat is not None
    if not is_ai(record.seats.get(seat)):
        return record, state, seat, None
    reply = await svc.ai.move(CH)
    assert reply is not None
    return record, state, seat, reply


async def _stepped_aside(
    svc: GameService, g: AnyGame, record: GameRecord, pick: random.Random
) -> Reply | None:
    """A person's step aside at random, as they would type it, or None (none has one)."""
    state = await svc.loader.state_of(record)
    people = [s for s, uid in record.seats.items() if not is_ai(uid)]
    seat = pick.choice(people) if people else None
    steps = list(turns_of(g).steps_aside(state, seat)) if seat is not None else []
    if seat is None or not steps:
        return None
    order = typed_order(g, state, pick.choice(steps))
    reply = await svc.moves.play(
        CH, record.seats[seat], order, kind=g.info.id, expected_version=record.version
    )
    return reply if reply.ok and not reply.ephemeral else None


async def played_and_read(
    svc: GameService,
    kind: str,
    seed: int,
    ais: int,
    read_every: int,
    lines: Iterable[int],
    asides: float = 0.0,
) -> str | None:
    """A random game of `kind` dealt by `seed`, its last `ais` seats held by AIs, the others
    by people who choose at random, and who, before a step with the chance `asides`, take a
    step aside at random (an offer, a gift: `Turns.steps_aside`); the log read every
    `read_every` steps and at the end, `lines` lines each time, and, where messages are of
    any length and nobody steps aside (an AI seat's offer or answer at once included), the
    whole game's log message by message (a step for
    a person by name goes on in a new message that pings them, as a full message goes on:
    the log tells the same lines, not the same messages). The first way the log and the
    channel differ, or None."""
    seeds_of(svc).next = seed
    g = game(kind)
    seats = g.info.seats[: g.info.min_players]
    users = {s: n for n, s in enumerate(seats, start=1)}
    assert (await svc.lobby.create(CH, 1, kind=kind, seat=seats[0])).ok
    for s in seats[1 : len(seats) - ais]:
        assert (await svc.lobby.join(CH, users[s], s, kind=kind)).ok
    for s in seats[len(seats) - ais :]:
        r = await svc.ai.seat(CH, 1, s, ai_level(svc, kind), kind=kind)
        assert r.ok, r.text
    start = await svc.lobby.start(CH, 1, kind=kind)
    assert start.ok, start.text
    channel = Channel(await read_log(svc, kind))
    channel.take(start)
    pick = random.Random(seed)
    for step in range(1, MAX_STEPS):
        record = await svc.store.open_game(CH)
        if record is None:
            break
        if asides and pick.random() < asides:
            aside = await _stepped_aside(svc, g, record, pick)
            if aside is not None:
                channel.take(aside)
                continue
        record, state, seat, reply = await on_turn(svc, g, record)
        if reply is None:
            order = typed_order(g, state, pick.choice(g.legal_actions(state)))
            reply = await svc.moves.play(
                CH, record.seats[seat], order, kind=kind, expected_version=record.version
            )
        assert reply.ok, reply.text
        channel.take(reply)
        if step % read_every == 0:
            for n in lines:
                found = mismatch(kind, await read_log(svc, kind, n), channel)
                if found:
                    return f"step {step}, log of {n} lines: {found}"
    else:
        return f"no end in {MAX_STEPS} steps"
    for n in lines:
        found = mismatch(kind, await read_log(svc, kind, n), channel)
        if found:
            return f"the end, log of {n} lines: {found}"
    if svc.texts.front.message_limit is not None or asides or channel.answered:
        return None  # a message goes on in another: the lines say the same
    return await message_mismatch(svc, kind, channel)
