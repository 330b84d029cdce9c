"""The tables in the terminal: one person against the computer, in one command
(`python -m bot.local --game goat_tiger --play goats`), reading lines with the same command
table as Discord. A line is a command (`status`, `board`, `undo`, `help` ...) or else an order
to play. Boards and exports are written to a folder."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from ai.registry import levels
from db import SQLiteStore

from ..reply import Reply
from ..terminal_io import after_shown, read_capped
from .commands import BY_NAME, Call, file_params, run_command
from .loading import TableError, table_game
from .lobby import seat_named
from .service import TableService

HUMAN = 1  # the terminal's player
MAX_LINE = 500


def split_game(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The `--game ID` of a command line (None: none given) and the rest of it."""
    rest: list[str] = []
    kind: str | None = None
    args = list(argv)
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--game" and i + 1 < len(args):
            kind, i = args[i + 1], i + 2
            continue
        if a.startswith("--game="):
            kind = a.split("=", 1)[1]
        else:
            rest.append(a)
        i += 1
    return kind, rest


class Terminal:
    def __init__(self, service: TableService, kind: str, boards: Path, out: TextIO) -> None:
        self.service = service
        self.kind = kind
        self.boards = boards
        self.out = out
        self.channel = f"local-{kind}"
        self.saved = last_picture(boards, kind)  # a new session numbers on, overwriting none
        self.turn_text = ""  # the turn's message as last shown (its edits show their new lines)

    async def show(self, replies: Iterable[Reply]) -> None:
        """Print the replies; the terminal is the channel, so an announcement printed here is
        delivered, and a turn's edit or closing prints only what it adds."""
        for r in replies:
            text = r.text
            if r.announcement is not None:
                if r.edit:
                    text = after_shown(self.turn_text, r.text)
                elif r.close_text is not None:
                    text = after_shown(self.turn_text, r.close_text) + "\n" + r.text
                self.turn_text = r.text
            self.out.write(text.strip("\n").replace(f"<@{HUMAN}>", "you") + "\n")
            if r.buttons:
                self.out.write("  choices: " + ", ".join(b.label for b in r.buttons) + "\n")
            if r.image is not None:
                self.saved += 1
                path = self.boards / f"{self.kind}-{self.saved:04d}.png"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(r.image)
                self.out.write(f"  (picture: {path})\n")
            if r.file is not None:
                path = self.boards / r.file.filename
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(r.file.data)
                self.out.write(f"  (file: {path})\n")
            if r.announcement is not None:
                await self.service.delivered(r.announcement)

    async def command(
        self, name: str, files: Mapping[str, bytes] | None = None, /, **args: str | int | None
    ) -> list[Reply]:
        call = Call(self.channel, HUMAN, self.kind, args, files=files or {})
        replies = await run_command(self.service, name, call)
        await self.show(replies)
        return replies

    async def begin(
        self,
        play: str,
        ai_level: str,
        options: str | None,
        files: Mapping[str, bytes] | None = None,
    ) -> None:
        g = table_game(self.kind)
        if await self.service.games.open(self.channel) is not None:
            self.out.write(f"Your {g.info.title} game goes on.\n")
            if files:
                self.out.write("(--file is for a new game: `abort` this one to start one.)\n")
            await self.command("status")
            return
        try:
            seat = seat_named(g, play)
        except TableError as e:
            self.out.write(f"{e}\n")
            return
        await self.command("create", files, options=options, seat=seat)
        if await self.service.games.open(self.channel) is None:
            return  # the refusal was shown
        others = [s for s in g.info.seats if s != seat][: g.info.max_players - 1]
        for other in others[: max(g.info.min_players - 1, len(others))]:
            await self.command("ai", seat=other, level=ai_level)
        await self.command("start")

    async def run(self, lines: Iterable[str]) -> None:
        """A line is a command and its argument, or else an order. A line that starts with
        `play` is an order whole when the player's own steps start with that word too (Taj
        Mahal's `play red vizier`): what a hint prints is typed as it is printed."""
        for raw in lines:
            line = raw.strip()[:MAX_LINE]
            if not line:
                continue
            if line in ("quit", "exit"):
                break
            word, _, rest = line.partition(" ")
            command = BY_NAME.get(word.lower())
            if command is None:
                await self.command("play", order=line)
                continue
            if command.name == "play" and await self.service.choices(
                self.channel, HUMAN, self.kind, f"{word} "
            ):  # the player's own steps start with that word: the line is one of them
                await self.command("play", order=line)
                continue
            values = rest.split(None, max(len(command.params) - 1, 0)) if rest else []
            args: dict[str, str | int | None] = {}
            for p, v in zip(command.params, values, strict=False):
                args[p.name] = int(v) if p.number and v.isdigit() else v
            await self.command(command.name, **args)


def last_picture(boards: Path, kind: str) -> int:
    """The highest number of the pictures of `kind` already in the folder (0: none)."""
    numbers = [
        int(p.stem.rsplit("-", 1)[1])
        for p in boards.glob(f"{kind}-*.png")
        if p.stem.rsplit("-", 1)[1].isdigit()
    ]
    return max(numbers, default=0)


async def amain(
    kind: str, argv: Sequence[str], lines: Iterable[str] | None, out: TextIO | None
) -> None:
    stream = out or sys.stdout
    p = argparse.ArgumentParser(
        prog=f"python -m bot.local --game {kind}", description="Play against the computer."
    )
    p.add_argument("--db", default="tables.sqlite3", help="SQLite file")
    p.add_argument("--boards", default="boards", help="folder for board pictures and exports")
    p.add_argument("--play", required=False, default=None, help="your seat, by name")
    p.add_argument("--level", default=None, help="the computer's level")
    p.add_argument("--options", default=None, help="the game's options as name=value pairs")
    p.add_argument(
        "--file",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="a component file of your own for a new game (Taj Mahal: cards=, board=)",
    )
    args = p.parse_args(list(argv))
    try:
        g = table_game(kind)
    except TableError as e:
        p.error(str(e))
    limits = {f.name: f.upload for f in file_params(kind)}
    files: dict[str, bytes] = {}
    for given in args.file:
        name, eq, path = str(given).partition("=")
        if not eq or name not in limits:
            p.error(f"--file takes NAME=PATH, NAME one of: {', '.join(limits) or 'none'}")
        try:
            files[name] = read_capped(Path(path), limits[name])
        except OSError as e:
            p.error(f"--file {name}: {e.strerror or e}: {path}")
    level = args.level or levels(kind)[0]
    if level not in levels(kind):
        p.error(f"no level {level!r}: choose one of {', '.join(levels(kind))}")
    store = await SQLiteStore.open(args.db)
    try:
        terminal = Terminal(TableService(store), kind, Path(args.boards), stream)
        await terminal.begin(args.play or g.info.seats[0], level, args.options, files)
        await terminal.run(_stdin() if lines is None else lines)
    finally:
        await store.close()


def _stdin() -> Iterable[str]:
    while True:
        try:
            yield input("> ")
        except EOFError:
            return
