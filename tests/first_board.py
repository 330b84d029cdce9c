"""A fresh interpreter's first Vijayanagara board, asked once per test process: what
importing the rules and starting a game loaded (before anything else of ours is imported),
the memory the first board keeps, and that board's bytes. Three tests need a clean process
for these (tests/test_render_layering.py, test_render.py, test_render_cost.py); one
process answers them all, each a second of CPU to start and draw."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_BOARD = """
import ctypes, gc, hashlib, json, sys
from pathlib import Path

from rules import vijayanagara
vijayanagara.new_game(1)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {"PIL", "discord", "render", "db", "bot"})

def rss_kb():
    status = Path("/proc/self/status")
    if not status.exists():
        return None
    gc.collect()
    try:  # what malloc holds freed is not kept: without it, RSS moved with the argv's length
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

from render.vijayanagara import board
state = vijayanagara.new_game(7)
before = rss_kb()
png = board(state)
after = rss_kb()
kept = None if before is None or after is None else after - before
print(json.dumps({"loaded": loaded, "kept_kb": kept, "sha256": hashlib.sha256(png).hexdigest()}))
"""


@dataclass(frozen=True)
class FirstBoard:
    loaded: list[str]  # PIL, discord or our modules other than rules, after `rules` alone
    kept_kb: int | None  # RSS the first board added, freed heap handed back (None: no /proc)
    sha256: str  # of the PNG of new_game(7)'s board


@functools.cache
def first_board() -> FirstBoard:
    done = subprocess.run(
        [sys.executable, "-c", FIRST_BOARD], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return FirstBoard(**json.loads(done.stdout))
