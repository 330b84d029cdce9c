"""A bench's figures as data: each run adds one JSON line to bench/results.jsonl (what ran with
its arguments, the commit, the machine, the figures), besides what the bench prints. A bench
calls `record(args, figures)` once its figures are known; bench/runs.py compares two runs and
remakes the docs' tables from these lines.

A line: `bench` (the script's name), `args` (its parsed arguments, defaults included, so that
runs compare by what ran, however it was typed; options that only choose the output, and a
worker's internal ones, are left out), `command` (as typed), `commit` and `dirty` (tracked
files changed beside it; `against_commit` too for `--against REV`, or the commit a folder
REV holds), `cores`, `cpu`, `python`, `load` (the 1-minute load average when the bench
began: the machine is shared), `when` (UTC) and `figures`. CHAUPAL_BENCH_RESULTS names
another file (the tests' runs go to their own).
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import inspect
import json
import math
import os
import platform
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results.jsonl"
# output options, and the internal ones of a bench's own worker processes
NOT_WHAT_RAN = frozenset(
    {"json", "log", "out", "summarize", "worker", "how", "tree", "tree_run", "channels"}
)
LOAD_AT_START = os.getloadavg()[0]  # the bench imports this module before it measures


def results_file() -> Path:
    return Path(os.environ.get("CHAUPAL_BENCH_RESULTS") or RESULTS)


def plain(value: object) -> object:
    """An argument's value as JSON holds it."""
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return plain(dataclasses.asdict(value))
    if hasattr(value, "model_dump"):  # a pydantic model
        return plain(value.model_dump(mode="json"))
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset | range):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return [plain(v) for v in items]
    if isinstance(value, float) and not math.isfinite(value):
        return None  # JSON has no NaN nor infinity
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def masked(value: object) -> object:
    """A database URL's password left out (`--database postgresql://user:password@host/db`)."""
    if isinstance(value, str):
        return re.sub(r"(://[^:/@\s]*:)[^@\s]*@", r"\1***@", value)
    return value


def git(*args: str, tree: Path = REPO) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(tree), *args], capture_output=True, text=True)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def source() -> dict[str, object]:
    """The commit measured, and whether tracked files beside the results differ from it."""
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/*.jsonl")
    return {"commit": git("rev-parse", "HEAD"), "dirty": None if changed is None else bool(changed)}


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def line_of(
    args: argparse.Namespace | Mapping[str, object], figures: Mapping[str, object], bench: str
) -> dict[str, object]:
    given = vars(args) if isinstance(args, argparse.Namespace) else dict(args)
    what = {k: masked(plain(v)) for k, v in sorted(given.items()) if k not in NOT_WHAT_RAN}
    typed = Path(sys.argv[0]).stem == bench  # else its main was called in another program
    command = shlex.join(["python", f"bench/{bench}.py", *sys.argv[1:]]) if typed else None
    line: dict[str, object] = {"bench": bench, "args": what, "command": masked(command), **source()}
    against = what.get("against")
    if isinstance(against, str) and Path(against).is_dir():  # another tree: its commit
        line["against_commit"] = git("rev-parse", "HEAD", tree=Path(against))
    elif isinstance(against, str):
        line["against_commit"] = git("rev-parse", f"{against}^{{commit}}")
    return line | {
        "cores": os.cpu_count(),
        "cpu": cpu_model(),
        "python": platform.python_version(),
        "load": round(LOAD_AT_START, 2),
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "figures": plain(figures),
    }


def record(
    args: argparse.Namespace | Mapping[str, object],
    figures: Mapping[str, object],
    bench: str | None = None,
) -> None:
    """Add the run's line to the results file (`bench`: by default, the script that calls)."""
    if bench is None:
        frame = inspect.currentframe()
        caller = frame.f_back if frame is not None else None
        bench = Path(caller.f_code.co_filename).stem if caller is not None else "unknown"
    line = json.dumps(line_of(args, figures, bench), ensure_ascii=False, allow_nan=False)
    path = results_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as f:
        f.write(line + "\n")
    print(f"results: a line added to {path}", file=sys.stderr)


def runs(path: Path | None = None) -> Iterator[dict[str, object]]:
    """The recorded runs, oldest first (a line that is not a run's JSON is skipped, said so)."""
    path = path or results_file()
    if not path.exists():
        return
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        try:
            run = json.loads(text)
        except json.JSONDecodeError as e:
            print(f"{path}:{n}: not JSON ({e.msg}): skipped", file=sys.stderr)
            continue
        if isinstance(run, dict) and {"bench", "args", "figures"} <= run.keys():
            yield run
        else:
            print(f"{path}:{n}: not a bench's run: skipped", file=sys.stderr)
