"""The terminal client's input and output (bot.terminal.local): the terminal is the channel, printed
once, so a turn's edit shows only its new lines; a file named on the command line is read
only up to the size the service accepts; lines are edited and recalled with the arrow keys;
Ctrl-C at the prompt clears the line, and at any other moment stops the work under way; keys
typed while the program works are kept for the prompt, not echoed amid its lines."""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import select
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

from rules.capabilities import narration_of
from rules.game import Game


def after_shown(shown: str, text: str, rules: Game[Any, Any, Any, Any]) -> str:
    """The lines of `text` after those it shares with what was `shown` (from the start). A
    line shown that `text` merged more of the same into ("D loses 2 Troops in Malwa." for
    "D loses 1 Troop in Malwa.") goes on as what was added ("D loses 1 Troop in Malwa."), as
    the game's `rules` recap it (its narration's `line_added`); where what was added is the
    next line shown (two lines told as one once the second was over), nothing is."""
    old, new = shown.split("\n"), text.split("\n")
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    rest = new[same:]
    if rest and same < len(old) and (added := narration_of(rules).line_added(old[same], rest[0])):
        if old[same + 1 : same + 2] == [added]:
            return after_shown("\n".join(old[same + 2 :]), "\n".join(rest[1:]), rules)
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


_termios: ModuleType | None
try:
    import termios as _termios
except ImportError:  # Windows: no terminal modes to set; the echo stays as it is
    _termios = None


class TypedAhead:
    """The terminal's echo, off while the program works and on at the prompt: a line typed
    while the AIs play is kept by the terminal for the next prompt, where readline shows it
    as it reads it, instead of appearing amid the AIs' lines (a trial's did). Does nothing
    where the input is not a terminal; the echo is put back when the session ends."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.tty = False
        if _termios is not None:
            with contextlib.suppress(_termios.error, OSError, ValueError):  # a pipe, a file
                _termios.tcgetattr(fd)
                self.tty = True
        if self.tty:
            atexit.register(self.on)

    def _echo(self, on: bool) -> None:
        t = _termios
        if not self.tty or t is None:
            return
        with contextlib.suppress(t.error, OSError):
            attrs = t.tcgetattr(self.fd)
            attrs[3] = attrs[3] | t.ECHO if on else attrs[3] & ~t.ECHO
            t.tcsetattr(self.fd, t.TCSANOW, attrs)  # (what was typed stays)

    def on(self) -> None:
        self._echo(True)

    def off(self) -> None:
        self._echo(False)


class CtrlC:
    """Ctrl-C at a terminal, for a whole session: at the prompt it cancels the line being
    typed (`read_line`: input() raises KeyboardInterrupt, readline clears the line); at any
    other moment it calls `stop`, which asks the work under way to stop (a line's AI steps
    after the one under way, a thought in a worker given up). Never KeyboardInterrupt in
    the middle of the work: nothing is left half stored, and the session goes on."""

    def __init__(self, stop: Callable[[], None]) -> None:
        """`stop` runs in the signal handler, between two steps of whatever the program was
        doing: it only notes the request and hands the rest to the event loop."""
        self.stop = stop

    def _heard(self, signum: int, frame: FrameType | None) -> None:
        self.stop()

    def hear(self) -> None:
        """From now on, Ctrl-C calls `stop` (on the main thread; elsewhere signals are not
        ours to set)."""
        with contextlib.suppress(ValueError):
            signal.signal(signal.SIGINT, self._heard)

    def read_line(self, prompt: str) -> str:
        """A line typed at the prompt; Ctrl-C meanwhile raises KeyboardInterrupt, at once,
        whichever thread of the program the signal reached (`_Nudge`). Whatever happens,
        Ctrl-C calls `stop` again once the prompt is left."""
        try:
            nudge = _Nudge()
        except ValueError:  # off the main thread, signals are not ours to set (or no threads')
            return input(prompt)
        try:
            # the only handler that may run after another raised, as input() lets it
            signal.signal(signal.SIGINT, signal.default_int_handler)
            nudge.start()
            return input(prompt)
        finally:
            try:  # the nudges' SIGINTs wait from now (one just before may raise: it is set)
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            finally:
                nudge.end()
                while signal.SIGINT in signal.sigpending():
                    signal.sigwait({signal.SIGINT})  # a nudge's, dropped
                self.hear()
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    @staticmethod
    def close() -> None:
        """The session is over: Ctrl-C interrupts the program again."""
        with contextlib.suppress(ValueError):
            signal.signal(signal.SIGINT, signal.default_int_handler)


NUDGE_EVERY = 0.05  # seconds between two SIGINTs to the main thread until it leaves the prompt


class _Nudge:
    """While the main thread waits in readline for a key (input()), a Ctrl-C must wake it:
    readline returns at a signal only if the signal interrupts its wait (select). Linux may
    deliver the terminal's SIGINT to any thread of the program (the database's, the worker
    pool's), whose handler only notes it; and one that comes after the prompt is written,
    before the wait begins, interrupts nothing. Either way the line would be cancelled only
    at the next key. So each signal handled also writes its number to a pipe (the wakeup fd,
    from whichever thread), and a thread of its own, woken by a SIGINT's, sends SIGINT to the
    main thread, again every NUDGE_EVERY seconds, until the prompt is left (`end`). Made on
    the main thread (ValueError elsewhere)."""

    def __init__(self) -> None:
        if not hasattr(signal, "pthread_kill"):  # Windows: input() returns at Ctrl-C there
            raise ValueError("no threads' signals")
        self.woken, self.wake = os.pipe()
        self.stop_r, self.stop_w = os.pipe()
        os.set_blocking(self.wake, False)
        try:
            self.before = signal.set_wakeup_fd(self.wake, warn_on_full_buffer=False)
        except ValueError:
            self._close()
            raise
        self.main = threading.get_ident()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="ctrl-c at the prompt", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        while not self.done.is_set():
            ready, _, _ = select.select([self.woken, self.stop_r], [], [])
            if self.woken not in ready:
                continue
            if signal.SIGINT not in os.read(self.woken, 512):
                continue
            while not self.done.is_set():  # until the main thread leaves the prompt
                signal.pthread_kill(self.main, signal.SIGINT)
                self.done.wait(NUDGE_EVERY)

    def end(self) -> None:
        """The prompt is left: no more SIGINTs (those sent reach the main thread before this
        returns), the wakeup fd as it was."""
        self.done.set()
        os.write(self.stop_w, b"x")
        if self.thread.is_alive():
            self.thread.join()
        signal.set_wakeup_fd(self.before)
        self._close()

    def _close(self) -> None:
        for fd in (self.woken, self.wake, self.stop_r, self.stop_w):
            os.close(fd)


DATABASE_NOTE = ".database"  # in a database's boards folder: the path of that database
MAX_NAMESAKES = 100  # databases of one name whose boards share a --boards folder


def boards_folder(boards: Path, database: str) -> Path:
    """The folder of one database's board pictures, under `boards`: named after the database
    file (`vijayanagara-local` for ./vijayanagara-local.sqlite3), so two databases never mix
    their games' pictures (each numbers its games from 1). A database of the same name
    elsewhere takes `NAME-2`, `NAME-3`...: each folder notes its database's path."""
    name = re.sub(r"[^\w.-]", "_", Path(database).stem).strip("._") or "database"
    path = str(Path(database).resolve())
    for n in range(1, MAX_NAMESAKES):
        folder = boards / (name if n == 1 else f"{name}-{n}")
        note = folder / DATABASE_NOTE
        try:
            if note.read_text(encoding="utf-8").strip() == path:
                return folder
        except FileNotFoundError:
            if not folder.exists() or not any(folder.iterdir()):
                _note(note, path)
                return folder
        except (OSError, UnicodeDecodeError):  # not ours to read: taken
            continue
    return boards / name


def _note(note: Path, path: str) -> None:
    """Claim a boards folder for a database (if it can be written: a picture that cannot
    says so when it is written)."""
    with contextlib.suppress(OSError):
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(path + "\n", encoding="utf-8")
