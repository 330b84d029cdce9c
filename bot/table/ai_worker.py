"""What an AI seat's worker process runs: one decision or one hint, for any game, on the seat's
own view of the game (what a player at the table sees), within a budget of seconds: of CPU time
for a decision (an AI seat plays as well on a busy machine as on an idle one), of wall time for
a hint (a person is waiting for it: on a busy machine it samples fewer futures, never later).

The player or adviser comes with the call (a module's function, or a picklable object), taken
from the registry of the table that asks, so a worker thinks for any game that table hosts.
Kept apart from bot.table.ai_seats so a worker process imports little beyond the games.
"""

from __future__ import annotations

import atexit
import gc
import os
import random
import signal
import time
from collections.abc import Callable

from ai.budget import MAX_ITERATIONS, Budget
from ai.players import Advice, Adviser, Player, StepExplainer

MIN_HINT_SECONDS = 0.05  # what a hint thinks for even when its time is up (a legal step)

# A process that thinks or asks for thoughts (the AI's fork server, which preloads this module;
# the bot; the terminal) ends without walking its heap: frozen at exit, the games' data and the
# libraries are left out of the interpreter's last collections, which would free nothing of
# them the process's end does not (a quarter CPU-second a process, the fork server's included,
# which the program's end waits for). Every atexit function and stream flush still runs.
atexit.register(gc.freeze)


def budget(seconds: float, clock: Callable[[], float] = time.process_time) -> Budget:
    return Budget(iterations=MAX_ITERATIONS, seconds=seconds, clock=clock)


def think(
    player: Player[object, object], view: object, seat: str, seed: str, seconds: float
) -> object:
    """The step `player` (an AI level of the game) plays for `seat`, decided from the seat's
    own view."""
    return player(view, seat, random.Random(seed), budget(seconds))


def think_and_explain(
    player: Player[object, object],
    explain: StepExplainer[object, object],
    view: object,
    seat: str,
    seed: str,
    seconds: float,
    level: str,
) -> tuple[object, str | None]:
    """`think`, and the why of the turn that step is, as the game's `explain` says it."""
    action = think(player, view, seat, seed, seconds)
    return action, explain(view, action, seat, level)


def advise(adviser: Adviser[object], view: object, seat: str, seed: str, until: float) -> Advice:
    """The game's hint for `seat` (Vijayanagara: the whole decision up to the next hand-off,
    beside the runner-up and Pass), ready by `until` on the machine's monotonic clock (one
    clock for every process): the time the player asked plus the hint's seconds, so a worker
    that had to start, or waited for another search, leaves the hint less time, not the
    player a longer wait."""
    left = max(until - time.monotonic(), MIN_HINT_SECONDS)
    return adviser(view, seat, random.Random(seed), budget(left, time.monotonic))


def ignore_interrupts() -> None:
    """A worker's start: Ctrl-C at a terminal reaches its whole process group, the workers
    too; the parent owns it (it gives up what it waits for), so a worker ignores it and the
    pool lives on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def ready() -> int:
    """Nothing to think: a worker answers it once it has started (its process id)."""
    return os.getpid()
