"""What every worker would do first in a fresh clone, done once before xdist starts them.

In a fresh clone nothing is cached, and each worker does the same work at the same moment:
pytest rewrites every test module's asserts (so that a failure shows its values), Python
compiles every module the program and its libraries import, Hypothesis reads the constants of
every local module (to draw examples from them) and builds its table of Unicode characters.
Each caches what it made (__pycache__, .hypothesis/), so a second run skips it. Here the
controller does each once, the work dealt over a process per core, largest first, and the
workers find the caches written. In a fresh clone they begin collecting some 6 s sooner; the
CPU is about the same (the workers, started a little apart, had shared part of it).

pytest and Hypothesis offer no public call for this, so their own functions are used; where a
later version changes them, that part is skipped and the workers do it as they always did.
"""

import contextlib
import hashlib
import importlib.metadata
import importlib.util
import os
import py_compile
import re
import types
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

DISTRIBUTION = "chaupal"
# a job's rough cost per byte of its file, compiling being 1 (measured on this suite)
REWRITE_COST, CONSTANTS_COST = 13, 3
CHARMAP_COST = 600_000  # about as long as compiling 0.6 MB of source


@dataclass(frozen=True)
class Job:
    """One piece of the work: `kind` done to `path` (none for the Unicode table)."""

    kind: str  # "rewrite", "compile", "constants", "charmap"
    path: Path | None
    cost: int


def modules_rewritten(config: pytest.Config) -> list[Path]:
    """The files pytest collects from the command line's paths (or testpaths) whose asserts
    it rewrites: test modules by the python_files patterns, and conftest.py files."""
    patterns = [*config.getini("python_files"), "conftest.py"]
    found: set[Path] = set()
    for arg in config.args:
        path = config.rootpath / arg.split("::")[0]
        if path.is_file():
            found.add(path)
        elif path.is_dir():
            found.update(f for p in patterns for f in path.rglob(p) if f.is_file())
    return sorted(found, key=lambda f: -f.stat().st_size)


def jobs_of(config: pytest.Config) -> list[Job]:
    """The whole work of a run: the test modules rewritten; the project's other modules and
    its libraries' compiled; every local module's constants read; the Unicode table."""
    rewritten = modules_rewritten(config)
    local = list(_local_sources(config.rootpath))
    skip = set(rewritten)
    compiled = [f for f in local if f not in skip] + list(_library_sources(DISTRIBUTION))
    return (
        [Job("rewrite", f, REWRITE_COST * _size(f)) for f in rewritten]
        + [Job("compile", f, _size(f)) for f in compiled if not _compiled_fresh(f)]
        + [Job("constants", f, CONSTANTS_COST * _size(f)) for f in local]
        + [Job("charmap", None, CHARMAP_COST)]
    )


def do_ahead(config: pytest.Config, jobs: list[Job], processes: int) -> None:
    """The jobs done over `processes` forks of this process (which holds pytest's
    configuration), each fork given its share, the costliest jobs dealt first."""
    if not jobs:
        return
    children = []
    for share in _shares(jobs, processes):
        pid = os.fork()
        if pid == 0:
            try:
                # a fork only fills caches: Hypothesis' warning that a plugin touches its
                # storage before the session starts is for work done in every process
                warnings.simplefilter("ignore")
                with contextlib.suppress(Exception):
                    _do_each(config, share)
            finally:
                os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)


def _shares(jobs: list[Job], processes: int) -> list[list[Job]]:
    """The jobs split into at most `processes` shares of about equal cost: each job, the
    costliest first, goes to the share that costs least so far."""
    shares: list[list[Job]] = [[] for _ in range(max(1, min(processes, len(jobs))))]
    loads = [0] * len(shares)
    for job in sorted(jobs, key=lambda j: -j.cost):
        k = loads.index(min(loads))
        shares[k].append(job)
        loads[k] += job.cost
    return shares


def _do_each(config: pytest.Config, jobs: Iterable[Job]) -> None:
    makers: dict[str, Callable[[], Callable[[Path | None], None]]] = {
        "rewrite": lambda: _rewriter(config),
        "compile": lambda: _compile,
        "constants": _constants_reader,
        "charmap": lambda: _charmap,
    }
    done: dict[str, Callable[[Path | None], None] | None] = {}
    for job in jobs:
        if job.kind not in done:
            try:
                done[job.kind] = makers[job.kind]()
            except Exception:  # a tool's inner functions changed: its workers do it
                done[job.kind] = None
        if (do := done[job.kind]) is not None:
            with contextlib.suppress(Exception):
                do(job.path)


def _rewriter(config: pytest.Config) -> Callable[[Path | None], None]:
    from _pytest.assertion import assertstate_key
    from _pytest.assertion.rewrite import (
        PYC_TAIL,
        _read_pyc,
        _rewrite_test,
        _write_pyc,
        get_cache_dir,
        try_makedirs,
    )

    if config.getoption("assertmode") != "rewrite":
        raise LookupError("asserts are not rewritten")
    state = config.stash[assertstate_key]

    def rewrite(fn: Path | None) -> None:
        assert fn is not None
        cache = get_cache_dir(fn)
        pyc = cache / (fn.name[:-3] + PYC_TAIL)
        if not try_makedirs(cache) or _read_pyc(fn, pyc) is not None:
            return
        source, code = _rewrite_test(fn, config)  # a SyntaxError: its worker reports it
        _write_pyc(state, code, source, pyc)

    return rewrite


def _compile(fn: Path | None) -> None:
    """The module compiled where and as the import system would write it."""
    assert fn is not None
    mode = py_compile.PycInvalidationMode.TIMESTAMP
    py_compile.compile(str(fn), cfile=_cached(fn), invalidation_mode=mode, quiet=2)


def _constants_reader() -> Callable[[Path | None], None]:
    from hypothesis.configuration import storage_directory
    from hypothesis.internal.constants_ast import constants_from_module

    cache = storage_directory("constants").path

    def read(fn: Path | None) -> None:
        assert fn is not None
        source_hash = hashlib.sha1(fn.read_bytes()).hexdigest()[:16]  # Hypothesis' cache key
        if (cache / source_hash).exists():
            return
        module = types.ModuleType(fn.stem)
        module.__file__ = str(fn)
        constants_from_module(module)  # writes the file read above

    return read


def _charmap(_: Path | None) -> None:
    from hypothesis.internal.charmap import charmap

    charmap()  # cached in .hypothesis/unicode_data


def _local_sources(root: Path) -> Iterator[Path]:
    """The project's Python files (hidden folders, a virtual environment among them, left
    out): the modules Hypothesis counts as local."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
        yield from (Path(folder) / f for f in files if f.endswith(".py"))


def _library_sources(distribution: str) -> Iterator[Path]:
    """The Python files of the libraries `distribution` needs to run, and theirs in turn
    (what a test's imports compile; the test tools the controller has compiled already)."""
    seen: set[str] = set()
    todo = [distribution]
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        todo += [
            re.split(r"[\s<>=!~\[(;]", r, maxsplit=1)[0]
            for r in dist.requires or []
            if ";" not in r
        ]
        if name != distribution:
            yield from (
                Path(str(dist.locate_file(f))) for f in dist.files or [] if f.suffix == ".py"
            )


def _cached(fn: Path) -> str:
    return importlib.util.cache_from_source(str(fn))


def _compiled_fresh(fn: Path) -> bool:
    """Whether a compiled file newer than the source is there already (a warm tree)."""
    try:
        return os.stat(_cached(fn)).st_mtime >= os.stat(fn).st_mtime
    except OSError:
        return False


def _size(fn: Path) -> int:
    try:
        return fn.stat().st_size
    except OSError:
        return 0
