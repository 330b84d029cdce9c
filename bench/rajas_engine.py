"""Rajas of the Ganges' engine: random full games per CPU-second, and that every game ends.

    python bench/rajas_engine.py [--games N] [--json]

Game k (0 <= k < N, default 1,000) has 2, 3 or 4 players (2 + k mod 3) and is played through
the Game protocol: chance steps dealt by `random.Random(k)`, every decision chosen uniformly
among `legal_actions` by the same generator. A game that raises, runs past a bound of steps,
or ends without a ranking is counted (and the first few listed). Time is CPU time
(time.process_time) of the whole loop, data files loaded before. Goal: at least 300 games per
CPU-second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GOAL = 300
MAX_STEPS = 20_000


def play(k: int) -> tuple[int, int, bool]:
    """Game k: its steps, its rounds, and whether it ended with a ranking."""
    from rules.rajas import GAME, RajasOptions

    uniform = random.Random(k).random

    def below(n: int) -> int:
        return int(uniform() * n)

    s = GAME.new_game(RajasOptions(), GAME.info.seats_for(2 + k % 3))
    steps = 0
    chance, deal, legal, apply = GAME.chance, GAME.deal, GAME.legal_actions, GAME.apply
    while s.phase != "over" and steps < MAX_STEPS:
        if chance(s) is None:
            actions = legal(s)
            a = actions[int(uniform() * len(actions))]
        else:
            a = deal(s, below)
        s = apply(s, a)
        steps += 1
    return steps, s.round, GAME.result(s) is not None


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=1_000)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = p.parse_args()
    play(0)  # load the data files before timing
    crashes: list[str] = []
    unended = steps = rounds = 0
    c0 = time.process_time()
    for k in range(args.games):
        try:
            n, r, ended = play(k)
        except Exception:
            crashes.append(f"game {k}: {traceback.format_exc(limit=3)}")
            continue
        steps += n
        rounds += r
        unended += not ended
    cpu = max(time.process_time() - c0, 1e-9)
    played = max(args.games - len(crashes), 1)
    figures = {
        "cpu_seconds": round(cpu, 3),
        "crashes": len(crashes),
        "unended": unended,
        "games_per_cpu_second": round(args.games / cpu, 1),
        "steps_per_game": round(steps / played, 1),
        "rounds_per_game": round(rounds / played, 1),
        "us_per_step": round(cpu / max(steps, 1) * 1e6, 2),
    }
    if args.json:
        print(json.dumps({"games": args.games, **figures}))
    else:
        for key, value in figures.items():
            print(f"{key:22} {value}")
        print(f"{'goal':22} >= {GOAL} games per CPU-second")
    for c in crashes[:3]:
        print(c, file=sys.stderr)
    if crashes or unended:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
