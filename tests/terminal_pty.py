"""The terminal client as a person runs it: the real program (`python -m bot.terminal.local`)
on a pseudo-terminal, with its real worker processes, and Ctrl-C sent as a terminal sends it
(SIGINT to the program's whole process group: the program, its forkserver and its workers).
Each wait polls for what the program prints, or for a worker's CPU time to grow (a thought
under way), within a bound; none sleeps a fixed time."""

from __future__ import annotations

import ctypes
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120.0  # seconds a wait may take at the most (a loaded machine; a wait ends sooner)
PROMPT = "> "
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|[\x07\r]")
TICKS = os.sysconf("SC_CLK_TCK")
SYS_TGKILL = {"x86_64": 234, "aarch64": 131}  # the tgkill system call's number


def cpu_ticks(pid: int) -> int:
    """A process's CPU time (user and system), in clock ticks; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def descendants(pid: int) -> dict[int, int]:
    """The processes started by `pid`, and by them in turn (the forkserver, its workers),
    each with its parent."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents.setdefault(ppid, []).append(int(entry.name))
    found: dict[int, int] = {}
    todo = [pid]
    while todo:
        parent = todo.pop()
        for child in parents.get(parent, []):
            found[child] = parent
            todo.append(child)
    return found


class Terminal:
    """One session of the terminal client on a pseudo-terminal, in a folder of its own."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "TERM": "dumb", "COLUMNS": "200", "PYTHONUNBUFFERED": "1"}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.terminal.local", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=folder,
            env=env,
            start_new_session=True,  # its own process group, as a terminal's job is
        )
        os.close(slave)
        self.text = ""  # all it printed, escapes left out
        self.read_to = 0  # what the waits have looked at

    def __enter__(self) -> Terminal:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(WAIT)
        os.close(self.master)

    def _read(self, timeout: float) -> None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the program ended: its side of the terminal is closed
            data = b""
        if not data and self.process.poll() is not None:
            raise AssertionError(f"the program ended ({self.process.returncode}):\n{self.tail()}")
        self.text += ESCAPES.sub("", data.decode(errors="replace"))

    def tail(self, chars: int = 3000) -> str:
        return self.text[-chars:]

    def until(self, pattern: str) -> str:
        """Wait until the program prints `pattern` (a regular expression) after what the last
        wait saw; what it printed up to the match's end."""
        found = re.compile(pattern)
        end = time.monotonic() + WAIT
        while (m := found.search(self.text, self.read_to)) is None:
            if time.monotonic() > end:
                raise AssertionError(f"waited for {pattern!r}:\n{self.tail()}")
            self._read(0.05)
        said, self.read_to = self.text[self.read_to : m.end()], m.end()
        return said

    def prompt(self) -> str:
        """Wait for the prompt at the end of what was printed (the program waits for a line),
        a prompt the last wait has not seen; what it printed until then."""
        end = time.monotonic() + WAIT
        while len(self.text) == self.read_to or not self.text.endswith("\n" + PROMPT):
            if time.monotonic() > end:
                raise AssertionError(f"waited for the prompt:\n{self.tail()}")
            self._read(0.05)
        said, self.read_to = self.text[self.read_to :], len(self.text)
        return said

    def type(self, keys: str) -> None:
        """Keys typed at the prompt (a line ends with "\\r", as Enter sends it)."""
        os.write(self.master, keys.encode())

    def line(self, line: str) -> str:
        """Type a line at the prompt, and wait for it to be read (its echo after a prompt)
        and answered (the next prompt): what it printed. Whatever came before its echo (an
        answer to an earlier Ctrl-C) is passed over."""
        if self.text.endswith(PROMPT, 0, self.read_to):  # a prompt the last wait saw
            self.read_to -= len(PROMPT)
        self.type(line + "\r")
        self.until(re.escape(PROMPT + line) + "\n")
        return self.prompt()

    def ctrl_c(self) -> None:
        """Ctrl-C, as the terminal sends it: SIGINT to the whole process group."""
        os.killpg(self.process.pid, signal.SIGINT)

    def ctrl_c_to_a_thread(self) -> None:
        """SIGINT to one of the program's threads but its main one, as Linux may deliver a
        signal sent to the process (whichever thread does not block it)."""
        main = self.process.pid
        others = [int(t.name) for t in Path(f"/proc/{main}/task").iterdir() if int(t.name) != main]
        assert others, "the program has no thread but its main one"
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.syscall(SYS_TGKILL[os.uname().machine], main, others[0], signal.SIGINT) != 0:
            raise OSError(ctypes.get_errno(), "tgkill")

    def workers(self) -> list[int]:
        """The program's processes but itself: its forkserver, the workers, the tracker."""
        return list(descendants(self.process.pid))

    def pool_workers(self) -> list[int]:
        """The AI's worker processes: those its forkserver forked."""
        return [
            p for p, parent in descendants(self.process.pid).items() if parent != self.process.pid
        ]

    def kill_worker(self) -> None:
        """Kill a worker process, as an out-of-memory killer would, and wait till it is gone."""
        victim = self.pool_workers()[0]
        os.kill(victim, signal.SIGKILL)
        end = time.monotonic() + WAIT
        while True:
            try:
                state = Path(f"/proc/{victim}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                return  # gone
            if state in ("Z", "X"):  # dead (its parent has not reaped it yet)
                return
            if time.monotonic() > end:
                raise AssertionError(f"worker {victim} still runs")
            self._read(0.01)

    def until_thinking(self) -> list[int]:
        """Wait until a worker of the AI's pool is at work (its CPU time grows): a thought
        under way (not the fork server, which may be at work forking one). The workers at
        work."""
        before = {pid: cpu_ticks(pid) for pid in self.pool_workers()}
        end = time.monotonic() + WAIT
        while True:
            now = {pid: cpu_ticks(pid) for pid in self.pool_workers()}
            busy = [pid for pid, ticks in now.items() if ticks > before.get(pid, ticks) + 1]
            if busy:
                return busy
            before = {**now, **before}
            if time.monotonic() > end:
                raise AssertionError(f"no worker started thinking:\n{self.tail()}")
            self._read(0.01)

    @contextmanager
    def thinking_held(self) -> Iterator[None]:
        """Once a thought is under way, the workers at it held (SIGSTOP) until the block ends
        (SIGCONT): a thought that cannot end on its own before what the block does to it,
        however slowly a loaded machine lets the program see a signal."""
        busy = self.until_thinking()
        for pid in busy:
            os.kill(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            for pid in busy:
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)

    def quit(self) -> int:
        """`quit` at the prompt, and the program's exit status."""
        self.type("quit\r")
        end = time.monotonic() + WAIT
        while self.process.poll() is None and time.monotonic() < end:
            try:
                self._read(0.05)
            except AssertionError:
                break
        return self.process.wait(WAIT)
