"""Taj Mahal's engine: random full games per CPU-second, and that every game ends.

    python bench/taj_mahal_engine.py [--games N] [--json]

Game k (0 <= k < N, default 10,000) has 3, 4 or 5 players (3 + k mod 3) and is played through
the Game protocol: chance steps dealt by `random.Random(k)`, every decision chosen uniformly
among `legal_actions` by the same generator. A game that raises, or ends without a winner,
is counted (and the first few listed). Time is CPU time (time.process_time) of the whole loop,
data files loaded before. Goal: at least 1,000 games per CPU-second.
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

from rules.taj_mahal import GAME, TajOptions


def play(k: int) -> tuple[int, bool]:
    """Game k: its steps, and whether it ended with a winner."""
    rng = random.Random(k)
    s = GAME.new_game(TajOptions(), GAME.info.seats_for(3 + k % 3))
    steps = 0
    chance, deal, legal, apply = GAME.chance, GAME.deal, GAME.legal_actions, GAME.apply
    while s.phase != "over":
        a = deal(s, rng.randrange) if chance(s) is not None else rng.choice(legal(s))
        s = apply(s, a)
        steps += 1
    result = GAME.result(s)
    return steps, result is not None and bool(result.winners)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    play(0)  # load the data files before timing
    crashes: list[str] = []
    no_winner = steps = 0
    c0 = time.process_time()
    for k in range(args.games):
        try:
            n, won = play(k)
        except Exception:
            crashes.append(f"game {k}: {traceback.format_exc(limit=3)}")
            continue
        steps += n
        no_winner += not won
    cpu = time.process_time() - c0
    out = {
        "games": args.games,
        "crashes": len(crashes),
        "without_winner": no_winner,
        "cpu_seconds": round(cpu, 2),
        "games_per_cpu_second": round(args.games / cpu, 1),
        "steps_per_game": round(steps / max(1, args.games - len(crashes)), 1),
        "steps_per_cpu_second": round(steps / cpu),
    }
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:22} {value}")
    for c in crashes[:3]:
        print(c, file=sys.stderr)
    if crashes or no_winner:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
