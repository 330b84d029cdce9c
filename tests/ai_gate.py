"""A stand-in for the AI worker's `think` that shows which searches run at the same time,
without timing anything: each search appends `start <seed>` to a log file, waits until the
test opens the gate, then thinks as the real one does. The test passes the folder bound to it
(`functools.partial(gated_think, folder)`), which pickles to the worker processes with the call."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from ai.players import Player
from bot.table.ai_worker import think

SAFETY = 120.0  # seconds: only so that a broken test fails instead of hanging


def gated_think(
    folder: Path,
    player: Player[object, object],
    view: object,
    seat: str,
    seed: str,
    seconds: float,
) -> object:
    with (folder / "log").open("a", encoding="utf-8") as f:
        f.write(f"start {seed}\n")
    deadline = time.monotonic() + SAFETY
    while not (folder / "open").exists():
        if time.monotonic() > deadline:
            raise TimeoutError("the test never opened the gate")
        time.sleep(0.01)
    return think(player, view, seat, seed, seconds)


def log_lines(folder: Path) -> list[str]:
    log = folder / "log"
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


async def until_started(folder: Path, count: int) -> list[str]:
    """The log once `count` searches have started (AssertionError if they never do)."""
    deadline = time.monotonic() + SAFETY
    while len(lines := log_lines(folder)) < count:
        assert time.monotonic() < deadline, f"only {len(lines)} searches ever ran at once"
        await asyncio.sleep(0.02)
    return lines


def open_gate(folder: Path) -> None:
    with (folder / "log").open("a", encoding="utf-8") as f:
        f.write("open\n")
    (folder / "open").touch()
