"""What the table is told of the terminal when the terminal client builds it: a command is
named as the terminal reads it (`verify`, `join FACTION`, `new` for a new game), a message
may be any length (the terminal prints it whole), the one person at the keyboard is "you"."""

from __future__ import annotations

import re

from ..table.ai_seats import HINT_SECONDS, THINK_SECONDS
from ..table.front_end import FrontEnd
from ..table.games.entry import Registry
from ..table.renderer import Renderer
from ..table.service import GameService

# the commands the terminal has its own words for (an order is typed as it is)
OWN_NAMES = {"create": "new", "import": "import FILE", "export": "export FILE"}


def terminal_command(kind: str, words: str) -> str:
    """`club replay game:3` as the terminal reads it: `replay 3` (a value left out: its
    name, `join FACTION`); `play order: pass`: `pass`; the game's commands as a whole: the
    flag that picks the game."""
    if not words.strip():
        return f"--game {kind}"
    name, _, rest = words.removeprefix("club ").partition(" ")
    if name == "play" and rest.startswith("order:"):
        return rest.removeprefix("order:").strip()
    if name in OWN_NAMES:
        return OWN_NAMES[name]
    values = [v or p.upper() for p, v in re.findall(r"(\w+):(\S*)", rest)]
    return " ".join([name, *values])


TERMINAL = FrontEnd(command=terminal_command, mention=lambda uid: "you", place="database")


async def terminal_table(
    database: str,
    renderer: Renderer | None = None,
    games: Registry | None = None,
    ai_seconds: tuple[float, float] = (THINK_SECONDS, HINT_SECONDS),
) -> GameService:
    """The table as the terminal client plays it, on `database`, hosting `games` (None: the
    bot's), its AIs thinking `ai_seconds` (a hard AI's step, a hint's turn)."""
    return await GameService.open(
        database,
        renderer,
        registry=games,
        ai_seconds=ai_seconds,
        see_all_hint="type `options` to see them all",
        name_players=False,
        guard_repeats=False,
        rematch_line=None,  # the client says it, with `export`, once the game is over
        display_name=lambda uid: "you",  # the board names the player to act
        front=TERMINAL,
    )
