"""The terminal client's input and output (bot.local): the terminal is the channel, printed
once, so a turn's edit shows only its new lines; a file named on the command line is read
only up to the size the service accepts."""

from __future__ import annotations

from pathlib import Path

from rules.vijayanagara import line_added


def after_shown(shown: str, text: str) -> str:
    """The lines of `text` after those it shares with what was `shown` (from the start). A
    line shown that `text` merged more of the same into ("D loses 2 Troops in Malwa." for
    "D loses 1 Troop in Malwa.") goes on as what was added ("D loses 1 Troop in Malwa.")."""
    old, new = shown.split("\n"), text.split("\n")
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    rest = new[same:]
    if rest and same < len(old) and (added := line_added(old[same], rest[0])):
        rest[0] = added
    return "\n".join(rest)


def read_capped(path: Path, limit: int) -> bytes:
    """A file's bytes, at most limit + 1 of them (the service refuses what is over)."""
    with path.open("rb") as f:
        return f.read(limit + 1)
