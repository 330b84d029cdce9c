"""Rajas of the Ganges AI against AI: one level in one seat, another in the others, the tested
seat taking every position of 2- and 4-player games (`--players 2 3 4` for more).

    python bench/rajas_arena.py [--ai greedy] [--vs random] [--games 50] [--seed 1] [--json]

For each number of players and each seat of the tested level, games seed..seed+N-1 are played
(game g dealt by `random.Random(g)`, each AI with its own generator). Each AI decides from its
seat's view only. A win is a first place, alone or shared (ties are counted apart). Prints the
wins per seat with a 95 % Wilson interval, and the tested level's decision times in CPU ms.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.rajas import choose
from rules.rajas import GAME, RajasOptions


def play(
    players: int, tested_seat: int, ai: str, vs: str, seed: int
) -> tuple[bool, bool, list[float]]:
    """One game: whether the tested seat placed first, whether it shared it, decision ms."""
    dealer = random.Random(seed)
    seats = GAME.info.seats_for(players)
    gens = {seat: random.Random(seed * 31 + i) for i, seat in enumerate(seats)}
    s = GAME.new_game(RajasOptions(), seats)
    times: list[float] = []
    while GAME.result(s) is None:
        seat = GAME.to_move(s)
        if seat is None:
            s = GAME.apply(s, GAME.deal(s, dealer.randrange))
            continue
        level = ai if seat == seats[tested_seat] else vs
        c0 = time.process_time()
        a = choose(level, GAME.view(s, seat), seat, gens[seat])
        if level == ai:
            times.append((time.process_time() - c0) * 1000)
        s = GAME.apply(s, a)
    result = GAME.result(s)
    assert result is not None
    won = seats[tested_seat] in result.winners
    return won, won and len(result.winners) > 1, times


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(centre - half, 3), round(centre + half, 3)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ai", default="greedy")
    ap.add_argument("--vs", default="random")
    ap.add_argument("--games", type=int, default=50, help="games per seat and player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    times: list[float] = []
    for players in args.players:
        for seat in range(players):
            wins = shared = 0
            for g in range(args.seed, args.seed + args.games):
                won, tie, t = play(players, seat, args.ai, args.vs, g)
                wins += won
                shared += tie
                times += t
            low, high = wilson(wins, args.games)
            rows.append(
                {"players": players, "seat": seat + 1, "games": args.games, "wins": wins,
                 "shared": shared, "rate": round(wins / args.games, 3), "interval95": [low, high]}
            )  # fmt: skip
    times.sort()
    out = {
        "ai": args.ai,
        "vs": args.vs,
        "seeds": [args.seed, args.seed + args.games - 1],
        "seats": rows,
        "overall": round(sum(r["wins"] for r in rows) / sum(r["games"] for r in rows), 3),
        "decision_ms": {
            "p50": round(times[len(times) // 2], 3),
            "p95": round(times[int(len(times) * 0.95)], 3),
            "max": round(times[-1], 3),
        },
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.ai} against {args.vs}, seeds {args.seed}-{args.seed + args.games - 1}")
    for r in rows:
        print(
            f"  {r['players']} players, seat {r['seat']}: {r['wins']}/{r['games']} "
            f"({r['rate']:.0%}, 95% {r['interval95'][0]:.0%}-{r['interval95'][1]:.0%}, shared {r['shared']})"
        )
    print(f"  overall {out['overall']:.1%}; decision CPU ms {out['decision_ms']}")


if __name__ == "__main__":
    main()
