"""The terminal client's input and output (bot.terminal.local): the terminal is the channel, printed
once, so a turn's edit shows only its new lines; a file named on the command line is read
only up to the size the service accepts; lines are edited and recalled with the arrow keys;
Ctrl-C at the prompt clears the line, and while a line is worked on stops it after the step
under way."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rules.capabilities import narration_of
from rules.game import Game


def after_shown(shown: str, text: str, rules: Game[Any, Any, Any, Any]) -> str:
    """The lines of `text` after those it shares with what was `shown` (from the start). A
    line shown that `text` merged more of the same into ("D loses 2 Troops in Malwa." for
    "D loses 1 Troop in Malwa.") goes on as what was added ("D loses 1 Troop in Malwa."), as
    the game's `rules` recap it (its narration's `line_added`)."""
    old, new = shown.split("\n"), text.split("\n")
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    rest = new[same:]
    if rest and same < len(old) and (added := narration_of(rules).line_added(old[same], rest[0])):
        rest[0] = added
    return "\n".join(rest)


def read_capped(path: Path, limit: int) -> bytes:
    """A file's bytes, at most limit + 1 of them (the service refuses what is over)."""
    with path.open("rb") as f:
        return f.read(limit + 1)


HISTORY_LENGTH = 500  # lines the arrow keys recall


def line_editing() -> bool:
    """Line editing and history for input() (the arrow keys, no stray `^[[A`), where Python
    has readline; False where it has not (input() then reads plain lines)."""
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline
        return False
    readline.set_history_length(HISTORY_LENGTH)
    return True


def at_the_prompt() -> None:
    """Ctrl-C at the prompt raises KeyboardInterrupt in input(), which clears the line (the
    event loop's own handler would only cancel the session's next step, silently)."""
    with contextlib.suppress(ValueError):  # not the main thread: its signals are not ours
        signal.signal(signal.SIGINT, signal.default_int_handler)


@contextlib.contextmanager
def ctrl_c(stop: Callable[[], None], wanted: bool = True) -> Iterator[None]:
    """While a line is worked on, Ctrl-C calls `stop`: the work ends after the step under way,
    so nothing is left half stored; then Ctrl-C is the prompt's again."""
    loop = asyncio.get_running_loop()
    try:
        if wanted:
            loop.add_signal_handler(signal.SIGINT, stop)
    except (NotImplementedError, RuntimeError, ValueError):  # Windows, not the main thread
        wanted = False
    if not wanted:
        yield
        return
    try:
        yield
    finally:
        loop.remove_signal_handler(signal.SIGINT)
