"""The terminal client: play a whole game without Discord, through the same GameService.

    python -m bot.local [--db FILE] [--boards DIR] [--seed N] [--timurs-shadow]

You sit as all three factions. Type an order (`pass`, `command; march; ...`) or prefix it with
the faction that should be deciding (`as D: march; move 2 troop from delhi to malwa; done`).
Other commands: status, board, log [n], undo, give B 2 resources, card N, export FILE,
verify, help, quit. Each board image is written to the boards folder.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from .renderer import Renderer
from .reply import Reply
from .service import GameService

LOCAL_USER = 1
CHANNEL = "local"
COMMAND_WORDS = {
    "status", "board", "log", "undo", "give", "card", "help", "export", "join", "leave",
    "start", "create", "abort", "resign", "play", "verify",
}  # fmt: skip
HELP = __doc__ or ""


class LocalClient:
    def __init__(
        self, service: GameService, boards: Path, out: TextIO, channel: str = CHANNEL
    ) -> None:
        self.service = service
        self.boards = boards
        self.out = out
        self.channel = channel
        self.board_count = 0

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

    async def begin(self, seed: int | None, timurs_shadow: bool, deck: str | None = None) -> None:
        game = await self.service.store.open_game(self.channel)
        if game is not None and game.status == "active":
            print(f"Continuing game {game.id}.", file=self.out)
            self.show(await self.service.status(self.channel))
            return
        if game is None:
            created = await self.service.create(
                self.channel, LOCAL_USER, timurs_shadow=timurs_shadow, seed=seed, deck=deck
            )
            self.show(created)
            if not created.ok:
                raise SystemExit(2)
        for f in ("D", "B", "V"):
            await self.service.join(self.channel, LOCAL_USER, f)
        self.show(await self.service.start(self.channel, LOCAL_USER))

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
            self.show(self.service.help())
            return True
        if word == "export" and len(text.split()) > 1:
            reply = await self.service.export(self.channel)
            if reply.file is not None:
                Path(text.split(maxsplit=1)[1]).write_bytes(reply.file.data)
                print(f"[saved: {text.split(maxsplit=1)[1]}]", file=self.out)
            else:
                self.show(reply)
            return True
        if word == "import" and len(text.split()) > 1:
            data = Path(text.split(maxsplit=1)[1]).read_bytes()
            self.show(await self.service.import_game(self.channel, LOCAL_USER, data))
            return True
        if re.match(r"^as\s+\w+\s*:", text, re.IGNORECASE) or word in COMMAND_WORDS:
            self.show(await self.service.command(self.channel, LOCAL_USER, text, is_manager=True))
        else:
            self.show(await self.service.play(self.channel, LOCAL_USER, text))
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
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="a fixed seed for a new game: its secret (which deals the dice and cards) "
        "is then derived from it, for repeatable tests rather than fair play",
    )
    p.add_argument("--timurs-shadow", action="store_true", help="the Timur's Shadow variant")
    p.add_argument(
        "--deck", type=Path, default=None, help="another deck file (YAML) for a new game"
    )
    args = p.parse_args(argv)
    deck = args.deck.read_text(encoding="utf-8") if args.deck is not None else None
    service = await GameService.open(args.db, renderer, mention_fn=lambda uid: "you")
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
