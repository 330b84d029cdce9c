"""The one table of the tables' commands: the Discord adapter builds each game's slash group
from it, the terminal client reads its lines with it, and the help text lists it. A command
is written once for every game; `kind` picks the game."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from rules.game import component_files
from rules.vijayanagara import tiebreak

from ..reply import Reply
from .loading import AnyGame, TableError, table_game
from .service import TableService

Complete = Literal["order", "seat", "level", "topic"]


@dataclass(frozen=True)
class Param:
    name: str
    description: str
    required: bool = False
    complete: Complete | None = None
    number: bool = False  # an integer rather than a text
    upload: int = 0  # a file (Discord: an attachment) of at most this many bytes; 0: not one


@dataclass(frozen=True)
class Call:
    channel: str
    user: int
    kind: str
    args: Mapping[str, str | int | None]
    manager: bool = False  # the caller has Manage Server on the channel's server
    files: Mapping[str, bytes] = field(default_factory=dict)  # uploads, by their param's name

    def text(self, name: str) -> str | None:
        v = self.args.get(name)
        return None if v is None else str(v)


Run = Callable[[TableService, Call], Awaitable[list[Reply]]]


@dataclass(frozen=True)
class TableCommand:
    name: str
    description: str
    run: Run
    params: tuple[Param, ...] = ()
    changes: bool = False  # stores a change (its replies are announcements)
    only: str | None = None  # the one game that has it (None: every game)
    aliases: tuple[str, ...] = ()  # other names the terminal reads (Discord: the name only)

    def of(self, kind: str) -> bool:
        return self.only is None or self.only == kind

    def params_of(self, kind: str) -> tuple[Param, ...]:
        """Its parameters for one game: `create` takes the game's component files too."""
        if self.name != "create":
            return self.params
        return self.params + file_params(kind)


def file_params(kind: str) -> tuple[Param, ...]:
    """A file a player may upload for each component file of the game's options."""
    files = component_files(table_game(kind).info.options).values()
    return tuple(Param(f.name, f.description, upload=f.max_chars) for f in files)


def _one(
    f: Callable[[TableService, Call], Awaitable[Reply]],
) -> Run:
    async def run(s: TableService, c: Call) -> list[Reply]:
        return [await f(s, c)]

    return run


async def _rules(s: TableService, c: Call) -> Reply:
    return s.rules(c.kind, c.text("topic"))


async def _help(s: TableService, c: Call) -> Reply:
    return Reply(text=help_text(c.kind), ephemeral=True)


def _log(s: TableService, c: Call) -> Awaitable[Reply]:
    last = c.args.get("last")
    return s.log(c.channel, c.user, c.kind, int(last) if isinstance(last, int) else 20)


SEAT = Param("seat", "a seat, by its name", complete="seat")

COMMANDS: tuple[TableCommand, ...] = (
    TableCommand(
        "create",
        "Open a game in this channel",
        lambda s, c: s.create(
            c.channel, c.user, c.kind, c.text("options"), c.text("seat"), files=c.files
        ),
        (Param("options", "name=value pairs, e.g. goats=15"), SEAT),
        changes=True,
    ),
    TableCommand(
        "join",
        "Take a seat, or take yours back from the computer",
        lambda s, c: s.join(c.channel, c.user, c.kind, c.text("seat")),
        (SEAT,),
        changes=True,
    ),
    TableCommand(
        "leave",
        "Give up your seat before the start, or one the computer holds for you",
        lambda s, c: s.leave(c.channel, c.user, c.kind),
        changes=True,
    ),
    TableCommand(
        "ai",
        "Give a seat to the computer",
        lambda s, c: s.ai(
            c.channel, c.user, c.kind, c.text("seat") or "", c.text("level"), manager=c.manager
        ),
        (
            Param("seat", "the seat", required=True, complete="seat"),
            Param("level", "how strong", complete="level"),
        ),
        changes=True,
    ),
    TableCommand(
        "start", "Begin the game", lambda s, c: s.start(c.channel, c.user, c.kind), changes=True
    ),
    TableCommand(
        "play",
        "Play a step",
        lambda s, c: s.play(c.channel, c.user, c.kind, c.text("order") or ""),
        (Param("order", "the step (choices follow your typing)", True, "order"),),
        changes=True,
    ),
    TableCommand(
        "undo",
        "Take back your last step",
        lambda s, c: s.undo(c.channel, c.user, c.kind),
        changes=True,
    ),
    TableCommand(
        "abort",
        "End the game without a result (its creator)",
        lambda s, c: s.abort(c.channel, c.user, c.kind),
        changes=True,
    ),
    TableCommand(
        "status", "Seats and whose turn", _one(lambda s, c: s.status(c.channel, c.user, c.kind))
    ),
    TableCommand(
        "board",
        "The board, as everyone sees it",
        _one(lambda s, c: s.board(c.channel, c.user, c.kind)),
    ),
    TableCommand(
        "hand",
        "Your hand, for you alone; on your turn, your steps as buttons",
        _one(lambda s, c: s.hand(c.channel, c.user, c.kind)),
        aliases=("view",),
    ),
    TableCommand(
        "log",
        "The game's steps so far",
        _one(_log),
        (Param("last", "how many steps (at most 40)", number=True),),
    ),
    TableCommand(
        "hint",
        "The computer's suggestion, for you alone",
        _one(lambda s, c: s.hint(c.channel, c.user, c.kind)),
    ),
    TableCommand(
        "export", "The game as a file", _one(lambda s, c: s.export(c.channel, c.user, c.kind))
    ),
    TableCommand(
        "verify",
        "Check every deal against the revealed secret",
        _one(lambda s, c: s.verify(c.channel, c.user, c.kind)),
    ),
    TableCommand(
        "rules",
        "A short rules reference",
        _one(_rules),
        (Param("topic", "a topic", complete="topic"),),
    ),
    TableCommand("help", "These commands", _one(_help)),
    TableCommand(
        "tiebreak",
        "Play off the last Vijayanagara game's tie for first (5.0, 5.5)",
        lambda s, c: s.tiebreak(c.channel, c.user),
        changes=True,
        only=tiebreak.GAME,
    ),
)
BY_NAME: dict[str, TableCommand] = {n: c for c in COMMANDS for n in (c.name, *c.aliases)}


def help_text(kind: str) -> str:
    g: AnyGame = table_game(kind)
    lines = [f"**{g.info.title}**: `/{g.info.command} <command>`"]
    for c in COMMANDS:
        if not c.of(kind):
            continue
        params = " ".join(f"{p.name}:" if p.required else f"[{p.name}:]" for p in c.params_of(kind))
        also = "".join(f" (or `{a}`)" for a in c.aliases)
        lines.append(f"- `{c.name}{' ' + params if params else ''}`{also}: {c.description}")
    return "\n".join(lines)


async def replies(service: TableService, name: str, call: Call) -> AsyncIterator[Reply]:
    """The command's replies, each as soon as its change is stored; after a change, the AI
    seats' steps follow one by one. A refusal is one private error reply that changed
    nothing."""
    command = BY_NAME.get(name)
    if command is None or not command.of(call.kind):
        known = ", ".join(c.name for c in COMMANDS if c.of(call.kind))
        yield Reply.error(f"No command {name[:20]!r}; the commands: {known}.")
        return
    try:
        said = await command.run(service, call)
    except TableError as e:
        yield Reply.error(str(e))
        return
    for reply in said:
        yield reply
    if command.changes:
        async for reply in service.ai_turns(call.channel):
            yield reply


async def run_command(service: TableService, name: str, call: Call) -> list[Reply]:
    """Every reply of the command, the AI seats' steps that follow it included."""
    return [r async for r in replies(service, name, call)]
