"""Each game's `hard` at the bot's pace: its steps and its hints as the bot gets them, through
the AI's worker pool (bot.table.ai_seats: the same pool of processes, the same `think` and
`advise` of bot.table.ai_worker, the same budgets: THINK_SECONDS of CPU a step, HINT_SECONDS
of wall time a hint, counted from the request). The goal: a step's p95 at most 2 s, a hint
within 3 s.

    python bench/pace.py [--games taj_mahal,rajas,vijayanagara,goat_tiger] [--steps 20]
        [--hints 10] [--seed 1] [--players P] [--think 1.5] [--hint 3.0]

The positions are fixed: decisions spread over seeded games played by the game's middle level
(`greedy` or `easy`; game `seed`, `seed`+1, ...; every few decisions with a choice, from the
opening to the end), the game's fewest players unless `--players` says. Each is sent to the
pool alone, one after the other, after the pool is started as the bot starts it
(AiSeats.warm's call). Prints, for each game's steps and hints, the CPU time in the worker
(process_time) and the wall time the bot waited, at the median, p95 and the most. A step's
budget is of CPU time, so on a loaded machine its wall time grows and its CPU time does not;
a hint's is of wall time, so it keeps to it and sees fewer futures. `--think` and `--hint` set
other budgets (a quick check of the bench itself).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import Executor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from results import record

from ai.budget import Budget
from bot.table.ai_seats import HINT_SECONDS, THINK_SECONDS, default_workers, worker_pool
from bot.table.ai_worker import advise, think
from bot.table.registry import registry

REGISTRY = registry()
GAMES = ("taj_mahal", "rajas", "vijayanagara", "goat_tiger")
EVERY = 7  # one decision in so many, to spread the positions over the games
MIDDLE = ("greedy", "easy")  # the level whose games give the positions
MAX_STEPS = 5_000  # a game longer than this gives no more positions (Goat-Tiger can cycle)

Position = tuple[object, str]  # a seat's view, and the seat


def positions(gid: str, count: int, seed: int, players: int) -> list[Position]:
    """`count` decisions with a choice, from seeded games of the game's middle level."""
    g = REGISTRY.game(gid)
    level = next(lv for lv in MIDDLE if lv in REGISTRY.levels(gid))
    player = REGISTRY.player(gid, level)
    out: list[Position] = []
    game = seed
    while len(out) < count:
        dealer, r = random.Random(game), random.Random(game + 1)
        s = g.new_game(g.info.options(), g.info.seats_for(players))
        seen = 0
        for _ in range(MAX_STEPS):
            seat = g.to_move(s)
            if g.result(s) is not None or len(out) == count:
                break
            if seat is None:
                s = g.apply(s, g.deal(s, dealer.randrange))
                continue
            view = g.view(s, seat)
            if len(g.legal_actions(s)) > 1:
                seen += 1
                if seen % EVERY == 0:
                    out.append((view, seat))
            s = g.apply(s, player(view, seat, r, Budget(iterations=20)))
        game += 2
    return out


def timed_step(gid: str, view: object, seat: str, seed: str, seconds: float) -> float:
    """In a worker: `hard`'s step as the bot asks for it; the worker's CPU seconds."""
    c0 = time.process_time()
    think(REGISTRY.player(gid, "hard"), view, seat, seed, seconds)
    return time.process_time() - c0


def timed_hint(gid: str, view: object, seat: str, seed: str, until: float) -> float:
    """In a worker: the hint as the bot asks for it; the worker's CPU seconds."""
    c0 = time.process_time()
    advise(REGISTRY.adviser(gid), view, seat, seed, until)
    return time.process_time() - c0


def spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"p50": statistics.median(ordered), "p95": p95, "max": ordered[-1]}


def figures(name: str, values: dict[str, float]) -> str:
    return f"{name} p50 {values['p50']:.3f} s, p95 {values['p95']:.3f} s, max {values['max']:.3f} s"


def measure(
    pool: Executor, gid: str, found: list[Position], steps: int, a: argparse.Namespace
) -> dict[str, dict[str, dict[str, float]]]:
    """Print the steps' and the hints' CPU and wall times in the pool; those figures."""
    out = {}
    for what, cases in (("steps", found[:steps]), ("hints", found[steps:])):
        cpu: list[float] = []
        wall: list[float] = []
        for i, (view, seat) in enumerate(cases):
            w0 = time.perf_counter()
            if what == "steps":
                job = pool.submit(timed_step, gid, view, seat, f"pace:{i}", a.think)
            else:
                job = pool.submit(
                    timed_hint, gid, view, seat, f"hint:{i}", time.monotonic() + a.hint
                )
            cpu.append(job.result())
            wall.append(time.perf_counter() - w0)
        out[what] = {"cpu": spread(cpu), "wall": spread(wall)}
        said = figures("CPU", out[what]["cpu"]) + "; " + figures("wall", out[what]["wall"])
        print(f"{gid} {what} ({len(cpu)}): {said}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default=",".join(GAMES), help="game ids, by commas")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--hints", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, help="players (default: each game's fewest)")
    ap.add_argument("--think", type=float, default=THINK_SECONDS, help="a step's CPU seconds")
    ap.add_argument("--hint", type=float, default=HINT_SECONDS, help="a hint's wall seconds")
    a = ap.parse_args()
    gids = a.games.split(",")
    unknown = [gid for gid in gids if gid not in GAMES]
    if unknown or a.steps < 1 or a.hints < 1:
        ap.error(f"games are {', '.join(GAMES)} (not {', '.join(unknown)}); steps, hints >= 1")
    workers = default_workers()
    print(
        f"seeds from {a.seed}: {a.steps} steps at {a.think} CPU s, {a.hints} hints at "
        f"{a.hint} wall s, {workers} workers"
    )
    out: dict[str, object] = {"workers": workers}
    with worker_pool(workers) as pool:
        w0 = time.perf_counter()
        started = [pool.submit(time.process_time) for _ in range(workers)]  # as warm()'s
        cpu = max(job.result() for job in started)  # a worker's own CPU, its start included
        out["pool_start_wall"] = time.perf_counter() - w0
        out["worker_first_call_cpu"] = cpu
        print(
            f"the pool's start: wall {out['pool_start_wall']:.3f} s, a worker's CPU at its "
            f"first call at most {cpu:.3f} s"
        )
        for gid in gids:
            info = REGISTRY.game(gid).info
            players = info.min_players if a.players is None else a.players
            if not info.min_players <= players <= info.max_players:
                ap.error(f"{info.title} takes {info.min_players} to {info.max_players} players")
            found = positions(gid, a.steps + a.hints, a.seed, players)
            print(f"{info.title}, {players} players:")
            out[gid] = measure(pool, gid, found, a.steps, a)
    record(a, out)


if __name__ == "__main__":
    main()
