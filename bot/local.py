"""The terminal client: play a whole game without Discord, through the same GameService.

    python -m bot.local [--db FILE] [--boards DIR] [--seed N] [--timurs-shadow]

You sit as all three factions. Type an order (`pass`, `command; march; ...`) or prefix it with
the faction that should be deciding (`as D: march; move 2 troop from delhi to malwa; done`).
Other commands: status, board, log [n], undo, give B 2 resources, card N, export FILE,
help, quit. Each board image is written to the boards folder.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from db.models import MAX_ID

from .renderer import Renderer
from .reply import Reply
from .service import MAX_DECK_BYTES, MAX_IMPORT_BYTES, GameService

LOCAL_USER = 1
CHANNEL = "local"
COMMAND_WORDS = {
    "status", "board", "log", "undo", "give", "card", "help", "export", "join", "leave",
    "start", "create", "abort", "resign", "play",
}  # fmt: skip
HELP = __doc__ or ""


def read_capped(path: Path, limit: int) -> bytes:
    """A file's bytes, at most limit + 1 of them (the service refuses what is over)."""
    with path.open("rb") as f:
        return f.read(limit + 1)


def seed_arg(text: str) -> int:
    """`--seed`: a whole number the database can hold (0 to 2**63-1)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > MAX_ID:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_ID}")
    return int(text)


class LocalClient:
    def __init__(
        self, service: GameService, boards: Path, out: TextIO, channel: str = CHANNEL
    ) -> None:
        self.service = service
        self.boards = boards
        self.out = out
        self.channel = channel
        self.board_count = 0

    async def emit(self, reply: Reply) -> None:
        """Show a reply; an announcement shown here is delivered (the terminal is the channel)."""
        self.show(reply)
        if reply.announcement is not None:
            await self.service.delivered(reply.announcement)

    def show(self, reply: Reply) -> None:
        text = reply.text.replace("**", "")
        prefix = "! " if not reply.ok else ""
        for line in text.split("\n"):
            print(f"{prefix}{line}", file=self.out)
        if reply.image is not None:
            self.boards.mkdir(parents=True, exist_ok=True)
            self.board_count += 1
            name = f"board-{reply.version if reply.version is not None else 0:05d}.png"
            path = self.boards / name
            path.write_bytes(reply.image)
            print(f"[board: {path}]", file=self.out)
        if reply.file is not None:
            path = Path(reply.file.filename)
            path.write_bytes(reply.file.data)
            print(f"[saved: {path}]", file=self.out)

    async def begin(self, seed: int | None, timurs_shadow: bool, deck: bytes | None = None) -> None:
        game = await self.service.store.open_game(self.channel)
        if game is not None and game.status == "active":
            print(f"Continuing game {game.id}.", file=self.out)
            await self.emit(await self.service.status(self.channel))
            return
        if game is None:
            created = await self.service.create(
                self.channel, LOCAL_USER, timurs_shadow=timurs_shadow, seed=seed, deck=deck
            )
            await self.emit(created)
            if not created.ok:
                raise SystemExit(2)
        for f in ("D", "B", "V"):
            joined = await self.service.join(self.channel, LOCAL_USER, f)
            if joined.announcement is not None:  # not shown: the start says who sits where
                await self.service.delivered(joined.announcement)
        await self.emit(await self.service.start(self.channel, LOCAL_USER))

    async def line(self, line: str) -> bool:
        """Handle one input line; False to stop."""
        text = line.strip()
        if not text or text.startswith("#"):
            return True
        word = text.split()[0].lower()
        if word in ("quit", "exit", "q"):
            return False
        if word == "help":
            print(HELP, file=self.out)
            await self.emit(self.service.help())
            return True
        if word == "export" and len(text.split()) > 1:
            reply = await self.service.export(self.channel)
            if reply.file is not None:
                Path(text.split(maxsplit=1)[1]).write_bytes(reply.file.data)
                print(f"[saved: {text.split(maxsplit=1)[1]}]", file=self.out)
            else:
                await self.emit(reply)
            return True
        if word == "import" and len(text.split()) > 1:
            try:
                data = read_capped(Path(text.split(maxsplit=1)[1]), MAX_IMPORT_BYTES)
            except OSError as e:
                print(f"! cannot read that file: {e.strerror or e}", file=self.out)
                return True
            await self.emit(await self.service.import_game(self.channel, LOCAL_USER, data))
            return True
        if re.match(r"^as\s+\w+\s*:", text, re.IGNORECASE) or word in COMMAND_WORDS:
            await self.emit(
                await self.service.command(self.channel, LOCAL_USER, text, is_manager=True)
            )
        else:
            await self.emit(await self.service.play(self.channel, LOCAL_USER, text))
        return True

    async def run(self, lines: Iterable[str]) -> None:
        for line in lines:
            if not await self.line(line):
                break
            game = await self.service.store.latest_game(self.channel)
            if game is not None and game.status == "finished":
                print("The game is over. Bye.", file=self.out)
                break


def _stdin_lines() -> Iterator[str]:
    while True:
        try:
            yield input("> ")
        except EOFError:
            return


async def amain(
    argv: list[str] | None = None,
    lines: Iterable[str] | None = None,
    out: TextIO | None = None,
    renderer: Renderer | None = None,
) -> None:
    p = argparse.ArgumentParser(prog="vijayanagara-local", description="Play in the terminal.")
    p.add_argument("--db", default="./vijayanagara-local.sqlite3", help="SQLite file")
    p.add_argument("--boards", default="./boards", help="folder for the board images")
    p.add_argument("--seed", type=seed_arg, default=None, help="seed of a new game")
    p.add_argument("--timurs-shadow", action="store_true", help="the Timur's Shadow variant")
    p.add_argument(
        "--deck", type=Path, default=None, help="another deck file (YAML) for a new game"
    )
    args = p.parse_args(argv)
    try:
        deck = read_capped(args.deck, MAX_DECK_BYTES) if args.deck is not None else None
    except OSError as e:
        p.error(f"cannot read the deck file: {e.strerror or e}")
    service = await GameService.open(
        args.db, renderer, mention_fn=lambda uid: "you", guard_repeats=False
    )
    client = LocalClient(service, Path(args.boards), out or sys.stdout)
    try:
        await client.begin(args.seed, args.timurs_shadow, deck)
        await client.run(_stdin_lines() if lines is None else lines)
    finally:
        await service.close()


def main(argv: list[str] | None = None) -> None:
    asyncio.run(amain(argv))


if __name__ == "__main__":
    main()
