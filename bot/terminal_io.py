"""What both terminal clients (bot.local and bot.tables.terminal) share: the terminal is the
channel, printed once, so a turn's edit shows only its new lines; a file named on the
command line is read only up to the size the service accepts."""

from __future__ import annotations

from pathlib import Path


def after_shown(shown: str, text: str) -> str:
    """The lines of `text` after those it shares with what was `shown` (from the start)."""
    old, new = shown.split("\n"), text.split("\n")
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    return "\n".join(new[same:])


def read_capped(path: Path, limit: int) -> bytes:
    """A file's bytes, at most limit + 1 of them (the service refuses what is over)."""
    with path.open("rb") as f:
        return f.read(limit + 1)
