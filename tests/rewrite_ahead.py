"""The test modules' asserts rewritten once, before xdist starts its workers.

pytest rewrites each test module's asserts (so that a failure shows its values) and caches the
result in __pycache__. In a fresh clone there is no cache yet, and every worker collects every
module at the same moment: each rewrites all of them, about 7 s of CPU a worker for this suite.
Here the controller does it once, split over a process per core, and the workers find the cache
written. pytest offers no public call for this, so the rewrite's own functions are used; where a
later pytest changes them, nothing is rewritten ahead and the workers rewrite as they always did.
"""

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path

import pytest


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


def rewrite_ahead(config: pytest.Config, files: list[Path], processes: int) -> None:
    """Each file's rewritten code cached as pytest caches it, the files dealt largest first
    over `processes` forks of this process (which holds pytest's configuration)."""
    if config.getoption("assertmode") != "rewrite" or not files:
        return
    children = []
    for k in range(min(processes, len(files))):
        pid = os.fork()
        if pid == 0:
            try:
                with contextlib.suppress(Exception):
                    _rewrite_each(config, files[k::processes])
            finally:
                os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)


def _rewrite_each(config: pytest.Config, files: Iterable[Path]) -> None:
    from _pytest.assertion import assertstate_key
    from _pytest.assertion.rewrite import (
        PYC_TAIL,
        _read_pyc,
        _rewrite_test,
        _write_pyc,
        get_cache_dir,
        try_makedirs,
    )

    state = config.stash[assertstate_key]
    for fn in files:
        cache = get_cache_dir(fn)
        pyc = cache / (fn.name[:-3] + PYC_TAIL)
        if not try_makedirs(cache) or _read_pyc(fn, pyc) is not None:
            continue
        try:
            source, code = _rewrite_test(fn, config)
        except SyntaxError:
            continue  # the worker that collects it reports it
        _write_pyc(state, code, source, pyc)
