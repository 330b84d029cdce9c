"""Taj Mahal's `hard` at the bot's pace: its steps and its hints as the bot gets them, through
the AI's worker pool (bot.table.ai_seats: the same pool of processes, the same `think` and
`advise` of bot.table.ai_worker, the same budgets: THINK_SECONDS of CPU a step, HINT_SECONDS
of wall time a hint, counted from the request).

    python bench/taj_mahal_pace.py [--steps 20] [--hints 10] [--seed 1] [--players 3]
        [--think 1.5] [--hint 3.0]

The positions are fixed: decisions spread over seeded games of greedy players (game `seed`,
`seed`+1, ...; every few decisions with a choice, from the opening to the end). Each is sent
to the pool alone, one after the other, after a first call that starts the pool. Prints, for
the steps and for the hints, the CPU time in the worker (process_time) and the wall time the
bot waited, at the median, p95 and the most, and the hints' futures (the search's
iterations). A step's budget is of CPU time, so on a loaded machine its wall time grows and
its CPU time does not; a hint's is of wall time, so it keeps to it and sees fewer futures.
`--think` and `--hint` set other budgets (a quick check of the bench itself).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.players import Advice
from ai.taj_mahal import greedy
from bot.table.ai_seats import (
    HINT_SECONDS,
    THINK_SECONDS,
    default_workers,
    worker_processes,
)
from bot.table.ai_worker import advise, think
from bot.table.registry import registry
from rules.taj_mahal import GAME, State, TajOptions, View

REGISTRY = registry()
HARD = REGISTRY.player(GAME.info.id, "hard")
ADVISER = REGISTRY.adviser(GAME.info.id)
EVERY = 7  # one decision in so many, to spread the positions over the games


def positions(count: int, seed: int, players: int) -> list[tuple[State, str]]:
    """`count` decisions with a choice, from seeded games of greedy players."""
    out: list[tuple[State, str]] = []
    game = seed
    while len(out) < count:
        dealer, r = random.Random(game), random.Random(game + 1)
        s = GAME.new_game(TajOptions(), GAME.info.seats_for(players))
        seen = 0
        while GAME.result(s) is None and len(out) < count:
            seat = GAME.to_move(s)
            if seat is None:
                s = GAME.apply(s, GAME.deal(s, dealer.randrange))
                continue
            if len(GAME.legal_actions(s)) > 1:
                seen += 1
                if seen % EVERY == 0:
                    out.append((s, seat))
            s = GAME.apply(s, greedy.choose(GAME.view(s, seat), r))
        game += 2
    return out


def timed_step(view: View, seat: str, seed: str, seconds: float) -> float:
    """In a worker: `hard`'s step as the bot asks for it; the worker's CPU seconds."""
    c0 = time.process_time()
    think(HARD, view, seat, seed, seconds)
    return time.process_time() - c0


def timed_hint(view: View, seat: str, seed: str, until: float) -> tuple[Advice, float]:
    """In a worker: the hint as the bot asks for it, and the worker's CPU seconds."""
    c0 = time.process_time()
    found = advise(ADVISER, view, seat, seed, until)
    return found, time.process_time() - c0


def figures(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name} p50 {statistics.median(ordered):.3f} s, p95 {p95:.3f} s, max {ordered[-1]:.3f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--hints", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--think", type=float, default=THINK_SECONDS, help="a step's CPU seconds")
    ap.add_argument("--hint", type=float, default=HINT_SECONDS, help="a hint's wall seconds")
    args = ap.parse_args()
    found = positions(args.steps + args.hints, args.seed, args.players)
    workers = default_workers()
    print(
        f"{args.players} players, seeds from {args.seed}: {args.steps} steps at "
        f"{args.think} CPU s, {args.hints} hints at {args.hint} wall s, {workers} workers"
    )
    with ProcessPoolExecutor(max_workers=workers, mp_context=worker_processes()) as pool:
        w0 = time.perf_counter()
        pool.submit(sum, [1]).result()
        print(f"the pool's start: wall {time.perf_counter() - w0:.3f} s")
        cpu: list[float] = []
        wall: list[float] = []
        for i, (s, seat) in enumerate(found[: args.steps]):
            w0 = time.perf_counter()
            cpu.append(
                pool.submit(timed_step, GAME.view(s, seat), seat, f"pace:{i}", args.think).result()
            )
            wall.append(time.perf_counter() - w0)
        print(f"steps ({len(cpu)}): " + figures("CPU", cpu) + "; " + figures("wall", wall))
        hint_cpu: list[float] = []
        hint_wall: list[float] = []
        futures: list[int] = []
        for i, (s, seat) in enumerate(found[args.steps :]):
            w0 = time.perf_counter()
            job: Any = pool.submit(
                timed_hint, GAME.view(s, seat), seat, f"hint:{i}", time.monotonic() + args.hint
            )
            advice, used = job.result()
            hint_wall.append(time.perf_counter() - w0)
            hint_cpu.append(used)
            said = re.search(r"of ([\d,]+) futures", advice.summary)
            if said:
                futures.append(int(said.group(1).replace(",", "")))
        print(
            f"hints ({len(hint_cpu)}): "
            + figures("CPU", hint_cpu)
            + "; "
            + figures("wall", hint_wall)
        )
        if futures:
            print(
                f"hints' futures: median {statistics.median(futures):,.0f}, fewest {min(futures):,}"
            )


if __name__ == "__main__":
    main()
