"""Rajas of the Ganges AI against AI: one level in one seat, another in the others, the tested
seat taking every position of 2- and 4-player games (`--players 2 3 4` for more).

    python bench/rajas_arena.py [--ai greedy] [--vs random] [--games 50] [--seed 1] [--json]
        [--players 2 4] [--seats 1,2] [--iterations 200 | --seconds 1.5]

For each number of players and each seat of the tested level, games seed..seed+N-1 are played
(game g dealt by `random.Random(g)`, each AI with its own generator). Each AI decides from its
seat's view only. A win is a first place, alone or shared (ties are counted apart). Prints the
wins per seat with a 95 % Wilson interval, and the tested level's decision times in CPU ms.
`--seats` narrows the tested seats; `--iterations` (or `--seconds` of CPU) is `hard`'s budget
per step (the bot gives it 1.5 s), each game then reported on stderr as it ends (its seed,
whether the tested seat won, its decisions and their CPU seconds).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from results import record

from ai.budget import MAX_ITERATIONS, Budget
from ai.rajas import choose
from bench.arena_report import report, seat_row
from rules.rajas import GAME, RajasOptions


def play(
    players: int, tested_seat: int, ai: str, vs: str, seed: int, budget: Budget | None = None
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
        a = choose(level, GAME.view(s, seat), seat, gens[seat], budget)
        if level == ai:
            times.append((time.process_time() - c0) * 1000)
        s = GAME.apply(s, a)
    result = GAME.result(s)
    assert result is not None
    won = seats[tested_seat] in result.winners
    return won, won and len(result.winners) > 1, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ai", default="greedy")
    ap.add_argument("--vs", default="random")
    ap.add_argument("--games", type=int, default=50, help="games per seat and player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--seats", default="", help="the tested seats (1 first), by commas: all")
    ap.add_argument("--json", action="store_true")
    budgets = ap.add_mutually_exclusive_group()
    budgets.add_argument("--iterations", type=int, help="hard's iterations a step")
    budgets.add_argument("--seconds", type=float, help="hard's CPU seconds a step")
    args = ap.parse_args()
    budget = None
    if args.iterations is not None:
        budget = Budget(iterations=args.iterations)
    elif args.seconds is not None:
        budget = Budget(iterations=MAX_ITERATIONS, seconds=args.seconds, clock=time.process_time)
    only = {int(x) - 1 for x in args.seats.split(",") if x}
    rows: list[dict[str, object]] = []
    times: list[float] = []
    for players in args.players:
        for seat in range(players):
            if only and seat not in only:
                continue
            wins = shared = 0
            for g in range(args.seed, args.seed + args.games):
                won, tie, t = play(players, seat, args.ai, args.vs, g, budget)
                if budget is not None:
                    print(
                        f"{players} players, seat {seat + 1}, seed {g}: won {won}, "
                        f"{len(t)} decisions, {sum(t) / 1000:.1f} CPU s",
                        file=sys.stderr,
                        flush=True,
                    )
                wins += won
                shared += tie
                times += t
            rows.append(seat_row(players, seat, args.games, wins, shared))
    seeds = range(args.seed, args.seed + args.games)
    record(args, report(args.ai, args.vs, seeds, rows, times, args.json))


if __name__ == "__main__":
    main()
