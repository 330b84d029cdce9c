import asyncio
import functools
import gc
import os
import py_compile
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

from ahead import do_ahead, jobs_of
from pg_server import PgServer, find_bin_dir

BACKENDS = ["sqlite", "postgresql"]
RAM = Path("/dev/shm")
RAM_NEEDED = 2 * 1024**3  # bytes free on it, or the disk it is


def _temporary_files_in_memory() -> None:
    """Temporary folders (tmp_path, the PostgreSQL server's) on the machine's RAM filesystem
    when it has one with room, unless TMPDIR says where: SQLite's files stay real files, but
    its flush to the device at each commit costs nothing there. No test can tell the
    difference: a killed process loses nothing either way."""
    if "TMPDIR" in os.environ or not RAM.is_dir() or not os.access(RAM, os.W_OK):
        return
    free = os.statvfs(RAM)
    if free.f_bavail * free.f_frsize >= RAM_NEEDED:
        os.environ["TMPDIR"] = str(RAM)  # for the worker processes too
        tempfile.tempdir = str(RAM)


def _bytecode_cached() -> None:
    """Compiled modules kept in __pycache__ (ignored by git) even where the machine sets
    PYTHONDONTWRITEBYTECODE: the suite starts dozens of Python processes (a worker per core,
    the bot, the terminal, the copy command), and without the cache each one compiles every
    module it imports again, and pytest rewrites every test module again: about 0.4 s a
    process, 4 s a worker."""
    if sys.dont_write_bytecode:  # pytest and its plugins were imported without writing theirs
        _write_bytecode_of(list(sys.modules.values()))
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # for the processes the tests start
    sys.dont_write_bytecode = False


def _write_bytecode_of(modules: list[object]) -> None:
    """The compiled files of modules imported while none were written (about 190 of them,
    0.8 CPU s): without them each worker compiles pytest, its plugins and hypothesis again."""
    for module in modules:
        spec = getattr(module, "__spec__", None)
        source, cached = getattr(spec, "origin", None), getattr(spec, "cached", None)
        if source and cached and source.endswith(".py") and not os.path.exists(cached):
            py_compile.compile(source, cfile=cached, quiet=2)


def _bench_runs_recorded_nowhere() -> None:
    """A bench a test runs (tests/test_bench.py, the arena's mains in tests/test_ai.py) adds
    no line to bench/results.jsonl, which holds the runs people made: a test that reads its
    run's line names a file of its own."""
    os.environ["CHAUPAL_BENCH_RESULTS"] = os.devnull  # for the processes the tests start too


def _cores() -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return cores or 1


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` starts a worker per core the suite may use. A worker more (tried: it was to
    take the core left idle while a test waits on a process or the database) costs more than
    it gains: on two cores, three workers took 1-13 % more CPU than two (seven pairs of runs)
    and no less wall time, each worker importing and collecting everything, and three busy
    processes on two cores each running slower."""
    return _cores()


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Before xdist starts its workers (its own sessionstart comes last), what each would do
    first in a fresh clone is done once here (tests/ahead.py)."""
    config = session.config
    if config.pluginmanager.getplugin("dsession") is not None:
        do_ahead(config, jobs_of(config), _cores())


def pytest_collection_finish(session: pytest.Session) -> None:
    """What every test shares (modules, the games' data, collected items) is frozen out of
    the garbage collector's sight: a full collection of a worker's heap no longer walks
    those hundreds of thousands of objects, only what the tests made since. Full collections
    come a tenth as often: they cost about 3.5 s of CPU a run at Python's default, and the
    garbage the tests leave is collected by the younger generations or by the next one."""
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, old * 10)


_temporary_files_in_memory()
_bytecode_cached()
_bench_runs_recorded_nowhere()
# No example is timed on the wall clock (speed is bench/'s to measure): with a test per core
# and a shared machine, an example's wall time says little.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.fixture(autouse=True, scope="session")
def _ai_thinks_in_threads() -> Iterator[None]:
    """The AI of a service a test builds (the terminal's, the bot's) thinks in threads of the
    test's process, unless the test asks for `ai_in_processes`: a test of what the table says
    and does with the AI's steps saves the pool's fork server (the whole program imported
    again, a CPU-second or two) and each step's trip to a worker. Set once for the session,
    not at each test. The programs a test starts as processes (the bot, the terminal) think
    in their real workers."""
    from fakes import ai_in_threads  # the program: imported by the workers, never the controller

    with ai_in_threads():
        yield


@pytest.fixture
def ai_in_processes() -> Iterator[None]:
    """The AI thinks in its real worker processes, forked from their server, as in the bot:
    for the tests whose point they are (the pool, its workers, Ctrl-C reaching them)."""
    from fakes import ai_in_processes as ai_in_worker_processes

    with ai_in_worker_processes():
        yield


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One real PostgreSQL server for the whole test session."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.skip(
            "no PostgreSQL server binaries (initdb, pg_ctl) on PATH or in "
            "/usr/lib/postgresql/*/bin: the PostgreSQL backend is not tested"
        )
    server = PgServer(bin_dir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(pg_server: PgServer) -> AsyncIterator[str]:
    """A fresh, empty database on the session's server (a schema of its own), dropped after
    the test."""
    url = await pg_server.fresh_database()
    yield url
    await pg_server.drop_database(url)


@pytest.fixture
async def migrated_postgres_url(pg_server: PgServer) -> AsyncIterator[str]:
    """A PostgreSQL database as the store leaves a new one on its first open (migrated, every
    table empty), emptied after the test for the next one (PgServer.migrated_database)."""
    url = await pg_server.migrated_database()
    yield url
    await pg_server.recycle(url)


@pytest.fixture
def migrated_sqlite_path(tmp_path: Path) -> Path:
    """A new SQLite file as the store leaves one on its first open (migrated, every table
    empty), copied from one made once per worker."""
    path = tmp_path / "test.sqlite3"
    path.write_bytes(_migrated_sqlite_file())
    return path


@pytest.fixture(scope="session")
def migrated_sqlite_bytes() -> bytes:
    """What `migrated_sqlite_path` holds, for a test that starts many sessions on new files
    (a fuzz of the terminal: written where each session's database goes)."""
    return _migrated_sqlite_file()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest) -> str:
    """The database of a test run against each backend: a SQLite file or a PostgreSQL
    database, each as new (`migrated_sqlite_path`, `migrated_postgres_url`; a test of the
    migrations themselves opens a file of its own, or takes `postgres_url`, an empty schema)."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("migrated_sqlite_path"))
    url: str = request.getfixturevalue("migrated_postgres_url")
    return url


@functools.cache
def _migrated_sqlite_file() -> bytes:
    """A SQLite file as the store leaves a new one on its first open (every migration run,
    every table empty), made once per worker: running the migrations costs ~7 ms a file.
    Closed, its write-ahead log is folded into the file, so the bytes are the whole of it."""
    from db import SQLiteStore

    async def make(path: Path) -> None:
        await (await SQLiteStore.open(path)).close()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "migrated.sqlite3"
        asyncio.run(make(path))
        return path.read_bytes()
