"""Benches run as `python bench/<script> ARGS` runs them, each in a fork of one Python process
that has already imported the libraries they share: the program's rules, ai and db packages
and the third-party ones. A bench's tiny run in the tests is mostly Python's start and these
imports (about a CPU-second each); a fork starts at once, and the bench's own process is
otherwise what a command line gives it: `sys.argv`, `sys.path` with bench/ first, the
environment (no PYTHONPATH), the working directory, its output on its own files, its exit
status (an uncaught exception prints its traceback and exits 1, as Python does).

The process has also drawn one Vijayanagara board: the one-time work of its renderer (the map,
its fonts and masks), which every bench that draws does before it measures, is done once.

A bench's own worker processes (`sys.executable bench/<script> --worker ...`, started in this
tree's folder) are forks of it too, and so are the processes multiprocessing starts for a
bench there (the AI worker pool's fork server, the resource tracker: `python -c "from
multiprocessing..."`): a bench's `sys.executable` (multiprocessing's too) is a small launcher
that hands its command, folder, environment, open files and ignored signals to this process
and exits as the fork exits. Any other command (another tree's worker, a build) the launcher
runs with the real Python.

bench/render.py is also a top-level `render` on the path a bench starts with: which one a real
run gets is decided by its `sys.path` when it first imports `render` or `bot` (which imports
`render`). Those are shared too, imported from this tree; so a fork checks, at its first
import statement of either, that its `sys.path` at that time finds this tree's `render`, not
bench/render.py, and fails with the ImportError a real run would end with otherwise.

Run as a program (tests/test_bench.py starts it), it reads one request a line on its standard
input (JSON: script, args, env, stdout and stderr files) and answers each, once the bench's
process and every fork it had made have ended, with a line `{"returncode": N, "cpu": SECONDS}`
(the CPU of the bench and of those forks).
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import fcntl
import gc
import importlib
import importlib.machinery
import json
import multiprocessing.spawn
import os
import runpy
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import types
from pathlib import Path
from typing import Any, TextIO

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / "bench"
# what the benches import and a fork shares
SHARED = (
    "asyncio",
    "sqlite3",
    "pydantic",
    "yaml",
    "PIL.Image",
    "PIL.ImageDraw",
    "PIL.ImageFont",
    "aiosqlite",
    "rules.capabilities",
    "rules.vijayanagara",
    "rules.vijayanagara.game",
    "rules.taj_mahal",
    "rules.goat_tiger",
    "rules.rajas",
    "rules.successors",
    "ai.budget",
    "ai.search",
    "ai.vijayanagara",
    "ai.taj_mahal",
    "ai.goat_tiger",
    "ai.rajas",
    "ai.successors",
    "db",
    "render.pictures",
    "bot.table.registry",
    "bot.table.renderer",
    "bot.table.service",
    "bot.table.pipeline",
    "bot.table.exports",
    "bot.table.ai_worker",
    "bot.discord.front_end",
)
SHADOWED = ("render", "bot")  # imports that find bench/render.py where bench/ comes first
MAX_FILES = 64  # the most open files a launcher hands over (with more: the real Python)

# the launcher a bench has as sys.executable: a bench script of this tree run in this tree's
# folder, or one of multiprocessing's own processes a bench starts there (its fork server,
# its resource tracker, a spawned child: `python -c "from multiprocessing..."`), becomes a
# fork with the launcher's open files at their numbers and its ignored signals ignored;
# anything else, the real Python
LAUNCHER = """#!{python} -IS
import json, os, signal, socket, sys
python, bench, repo, address = {python!r}, {bench!r}, {repo!r}, {address!r}
flags = {flags!r}  # the options this process's flags give (-B ...): a fork's flags too
args = sys.argv[1:]
n = len(flags) + 1
if args[:n] == [*flags, "-c"] and args[n:] and args[n].startswith("from multiprocessing."):
    argv = ["-c", *args[n:]]
else:
    argv = [os.path.abspath(args[0]) if args else "", *args[1:]]
    if os.path.dirname(argv[0]) != bench:
        os.execv(python, [python, *args])
if os.path.realpath(os.getcwd()) != repo:
    os.execv(python, [python, *args])
fds = []
for name in os.listdir("/proc/self/fd"):
    try:
        os.fstat(int(name))
    except OSError:  # the listing's own
        continue
    fds.append(int(name))
if len(fds) > {max_files}:
    os.execv(python, [python, *args])
ignored = [int(n) for n in signal.valid_signals() if signal.getsignal(n) == signal.SIG_IGN]
request = {{"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "fds": fds}}
data = json.dumps(request | {{"ignored": ignored}}).encode()
s = socket.socket(socket.AF_UNIX)
s.connect(address)
socket.send_fds(s, [len(data).to_bytes(8, "big")], fds)
s.sendall(data)
status = int(s.makefile().readline())
if status < 0:
    signal.signal(-status, signal.SIG_DFL)
    os.kill(os.getpid(), -status)
os._exit(status)
"""


def preload() -> None:
    sys.path.insert(0, str(REPO))  # for `render`, as a bench that finds it has its path
    for name in SHARED:
        importlib.import_module(name)
    sys.path.remove(str(REPO))
    # and Vijayanagara's board drawn once: its one-time work (the map, fonts, masks), which
    # each bench that draws does before it measures, done once for all
    vijayanagara = importlib.import_module("rules.vijayanagara")
    importlib.import_module("render.vijayanagara").board(vijayanagara.new_game(1))


def checking_the_first_shadowed_import() -> None:
    """Python's import statement, checking at the first of `render` or `bot` that this
    process's `sys.path` finds this tree's `render` there (as a real run would need)."""
    real = builtins.__import__
    package = REPO / "render" / "__init__.py"

    def checked(name: str, *args: Any, **kwargs: Any) -> Any:
        level = args[3] if len(args) > 3 else kwargs.get("level", 0)
        if level == 0 and name.split(".")[0] in SHADOWED:
            builtins.__import__ = real
            found = importlib.machinery.PathFinder.find_spec("render", sys.path)
            if found is not None and Path(found.origin or "").resolve() != package:
                raise ImportError(f"`render` is {found.origin} on this sys.path: {sys.path}")
        return real(name, *args, **kwargs)

    builtins.__import__ = checked


def become(argv: list[str], launcher: str) -> None:
    """In a fork: run the script `argv[0]` as `python argv...` runs it, or the code of
    `python -c CODE args...`; exit as it exits."""
    sys.argv = list(argv)
    sys.executable = launcher
    multiprocessing.spawn.set_executable(launcher)  # as it takes sys.executable at its import
    checking_the_first_shadowed_import()
    try:
        if argv[0] == "-c":
            sys.path[0] = ""  # the working folder, as for `python -c`
            sys.argv = ["-c", *argv[2:]]
            main = types.ModuleType("__main__")
            sys.modules["__main__"] = main
            exec(compile(argv[1], "<string>", "exec"), vars(main))
        else:
            sys.path[0] = str(Path(argv[0]).parent)
            runpy.run_path(argv[0], run_name="__main__")
        code = 0
    except SystemExit as e:  # as Python ends on it
        if e.code is None or isinstance(e.code, int):
            code = e.code or 0
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except BaseException:  # its traceback, and status 1
        sys.excepthook(*sys.exc_info())
        code = 1
    # Python's exit up to its last step: threads joined, atexit's functions run, the streams
    # flushed; not then every module torn down, a walk over the whole shared heap
    threading._shutdown()  # type: ignore[attr-defined]
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def received(conn: socket.socket) -> tuple[dict[str, Any], dict[int, int]]:
    """A launcher's command, and its open files: each one's number there, and here."""
    head, fds, _, _ = socket.recv_fds(conn, 8, MAX_FILES)
    size = int.from_bytes(head, "big")
    data = b""
    while len(data) < size:
        data += conn.recv(size - len(data))
    command = json.loads(data)
    return command, dict(zip(command["fds"], fds, strict=True))


def with_files_at(files: dict[int, int]) -> None:
    """In a fork: each file at its number (the number it had there: the file here)."""
    above = 1 + max(files)
    moved = {n: fcntl.fcntl(fd, fcntl.F_DUPFD, above) for n, fd in files.items()}
    for fd in files.values():
        os.close(fd)
    for n, fd in moved.items():
        os.dup2(fd, n)  # inheritable, as a process started with them has them
        os.close(fd)


def serve() -> None:
    sys.path[0] = str(BENCH)  # as every bench starts
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):
        os.dup2(null, fd)
    preload()
    gc.collect()
    gc.freeze()  # a fork's collections neither walk nor copy what they share
    home = tempfile.mkdtemp(prefix="bench-forks-")
    try:
        serve_in(home, requests, replies, null)
    finally:
        shutil.rmtree(home, ignore_errors=True)  # only here: the forks never return


def serve_in(home: str, requests: TextIO, replies: TextIO, null: int) -> None:
    """Launch the benches asked for on `requests` (their launcher and socket in `home`), and
    answer each with its exit status and CPU time on `replies`."""
    address = os.path.join(home, "socket")
    launcher = os.path.join(home, "python")
    Path(launcher).write_text(
        LAUNCHER.format(
            python=sys.executable,
            bench=str(BENCH),
            repo=os.path.realpath(REPO),
            address=address,
            max_files=MAX_FILES,
            flags=subprocess._args_from_interpreter_flags(),  # type: ignore[attr-defined]
        )
    )
    os.chmod(launcher, 0o755)
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(address)
    listener.listen(16)
    replies.write("ready\n")
    replies.flush()
    bench: int | None = None  # the bench being run, its exit status, the CPU of its forks
    ended: int | None = None
    cpu = 0.0
    launched: dict[int, socket.socket] = {}  # a worker's fork: its launcher's connection

    def fork(command: dict[str, Any], files: dict[int, int]) -> int:
        pid = os.fork()
        if pid == 0:
            requests.close()
            replies.close()
            listener.close()
            for conn in launched.values():
                conn.close()
            os.close(null)
            with_files_at(files)
            for signum in command.get("ignored", ()):
                signal.signal(signum, signal.SIG_IGN)
            os.chdir(command["cwd"])
            os.environ.clear()
            os.environ.update(command["env"])
            become(command["argv"], launcher)
        for fd in files.values():
            os.close(fd)
        return pid

    watched: list[Any] = [requests, listener]
    while True:
        ready, _, _ = select.select(watched, [], [], 0.02)
        if requests in ready:
            line = requests.readline()
            if not line:
                break
            request = json.loads(line)
            files = {0: os.open(os.devnull, os.O_RDONLY)}
            for fd, name in ((1, "stdout"), (2, "stderr")):
                files[fd] = os.open(str(request[name]), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            env = dict(os.environ) | dict(request["env"])
            argv = [str(BENCH / request["script"]), *request["args"]]
            command = {"argv": argv, "cwd": str(REPO), "env": env}
            bench, ended, cpu = fork(command, files), None, 0.0
        if listener in ready:
            conn, _ = listener.accept()
            launched[fork(*received(conn))] = conn
        while True:  # the processes that ended
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            cpu += usage.ru_utime + usage.ru_stime  # with the processes it waited for
            code = os.waitstatus_to_exitcode(status)
            if pid in launched:
                conn = launched.pop(pid)
                with contextlib.suppress(OSError):  # its launcher may be gone (killed)
                    conn.sendall(f"{code}\n".encode())
                conn.close()
            elif pid == bench:
                ended = code
        # the bench's answer once it and every process it had forked here have ended (its
        # pool's fork server ends just after it): all their CPU is counted
        if bench is not None and ended is not None and not launched:
            replies.write(json.dumps({"returncode": ended, "cpu": round(cpu, 3)}) + "\n")
            replies.flush()
            bench = None


if __name__ == "__main__":
    serve()
