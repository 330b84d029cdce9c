"""AI against AI: one level in one seat, another in the other two, the tested seat rotating
through Delhi, Bahmani and Vijayanagara (or only the seats `--seats` names: `--seats B`
measures one faction with the whole sample).

python -m bench.arena --ai hard --vs random --games 30 --seed 1 --json [--jobs 2]
    [--seconds 1.0] [--iterations 5000] [--seats DBV]

Prints one JSON object: games and wins per seat of the tested level (a win: first in
rules.ranking, ties broken as 5.0 breaks them) and its decision times in CPU milliseconds
(p50, p95, max). Game k is dealt by the seeded dealer of seed S+k; the AIs play on their own
determinized copies, so they never see that dealer's future.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ai  # noqa: E402
import rules  # noqa: E402
from ai.budget import MAX_ITERATIONS  # noqa: E402

MAX_STEPS = 20_000


@dataclass(frozen=True)
class Match:
    game: int
    seed: int
    tested: rules.Faction
    ai: ai.Level
    vs: ai.Level
    iterations: int
    seconds: float | None


def play(m: Match) -> tuple[str, bool, list[float]]:
    """One game; returns the tested seat, whether it won, and its decision times (ms)."""
    levels = {f: (m.ai if f == m.tested else m.vs) for f in rules.PLAYERS}
    gens = {f: random.Random(m.seed * 7 + i) for i, f in enumerate(rules.PLAYERS)}
    budget = ai.Budget(iterations=m.iterations, seconds=m.seconds, clock=time.process_time)
    state = rules.new_game(m.seed)
    times: list[float] = []
    for _ in range(MAX_STEPS):
        if state.game_over:
            break
        seat = rules.prompt(state).faction
        assert seat is not None  # the seeded dealer resolves chance itself
        start = time.process_time()
        action = ai.decide(state, levels[seat], gens[seat], budget)
        if seat == m.tested:
            times.append((time.process_time() - start) * 1000)
        state = rules.apply(state, action)
    else:
        raise RuntimeError(f"game {m.game} did not end in {MAX_STEPS} steps")
    return m.tested.value, rules.ranking(state)[0] == m.tested, times


def seats_of(text: str) -> tuple[rules.Faction, ...]:
    """The tested seats from letters (`B`, `DV`), each once, in the order given."""
    letters = text.strip().upper()
    known = {f.value for f in rules.PLAYERS}
    if not letters or not set(letters) <= known or len(set(letters)) != len(letters):
        raise argparse.ArgumentTypeError(
            f"--seats takes each of {', '.join(sorted(known))} at most once, got {text!r}"
        )
    return tuple(rules.Faction(c) for c in letters)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__)
    p.add_argument("--ai", type=ai.level_of, required=True, help="the level under test")
    p.add_argument("--vs", type=ai.level_of, required=True, help="the level in the other seats")
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--seconds", type=float, default=1.0, help="hard: CPU seconds per decision")
    p.add_argument("--iterations", type=int, default=20_000, help="hard: searches at most")
    p.add_argument("--seats", type=seats_of, default=rules.PLAYERS, help="tested seats: DBV")
    p.add_argument("--json", action="store_true", help="print only the JSON object")
    args = p.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        p.error("--games and --jobs must be at least 1")
    if args.seconds <= 0 or not 1 <= args.iterations <= MAX_ITERATIONS:
        p.error(f"--seconds must be positive and --iterations 1 to {MAX_ITERATIONS}")
    matches = [
        Match(
            k,
            args.seed + k,
            args.seats[k % len(args.seats)],
            args.ai,
            args.vs,
            args.iterations,
            args.seconds,
        )
        for k in range(args.games)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play, matches))
    seats = {f.value: {"games": 0, "wins": 0} for f in rules.PLAYERS}
    times: list[float] = []
    for seat, won, t in results:
        seats[seat]["games"] += 1
        seats[seat]["wins"] += int(won)
        times.extend(t)
    out = {
        "ai": args.ai,
        "vs": args.vs,
        "games": args.games,
        "seats": seats,
        "decision_ms": {
            "p50": round(percentile(times, 0.5), 1),
            "p95": round(percentile(times, 0.95), 1),
            "max": round(max(times, default=0.0), 1),
        },
    }
    print(json.dumps(out))
    if not args.json:
        print(f"{len(times)} decisions, {time.perf_counter() - start:.1f} s wall", file=sys.stderr)


if __name__ == "__main__":
    main()
