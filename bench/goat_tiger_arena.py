"""Goat-Tiger AI against AI: one contender as the Goats, the other as the Tigers, then the
other way round, under the same CPU budget a move.

    python bench/goat_tiger_arena.py [--ai search] [--vs hard] [--games 20] [--seed 1]
        [--seconds 0.05] [--max-moves 2000] [--sides goats,tigers] [--json]

The contenders are the levels of ai.goat_tiger (`random`, `easy`, `hard`: its own game-tree
search) and `search`, the one search (ai.search, Information Set MCTS with the plain
capability: random playouts to the end). For each tested side, games seed..seed+N-1 are
played, game g giving each side its own generator (`random.Random(g * 31 + i)`, i the seat's
place); the game has no chance, so the seed is the AIs' only randomness, and a budget of
seconds makes a game depend on the machine's speed too. Our draw rule (docs/goat_tiger.md)
ends every game within rules.goat_tiger.longest_game moves; a draw, or a game stopped sooner
at `--max-moves`, is shared, neither side winning: the report's `shared` counts them. Prints
each tested side's wins with a 95 % Wilson interval and the tested contender's decision times
in CPU ms; each game on stderr as it ends.
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
from ai.goat_tiger import PLAYERS
from ai.search import search
from bench.arena_report import report, seat_row
from rules.goat_tiger import GAME, SEATS, GoatTigerAction, Options, State, longest_game

SEARCH = "search"  # the one search, beside the game's own levels
CONTENDERS = (*PLAYERS, SEARCH)


def step(who: str, view: State, seat: str, r: random.Random, budget: Budget) -> GoatTigerAction:
    """The contender's move for the side to move, from its view."""
    if who == SEARCH:
        return search(GAME, view, seat, r, budget).best
    return PLAYERS[who](view, seat, r, budget)


def play(
    tested: str, ai: str, vs: str, seed: int, budget: Budget, max_moves: int
) -> tuple[str | None, list[float]]:
    """One game: the winning side (None: a draw, or stopped at the bound) and the tested
    side's decision times (CPU ms)."""
    gens = {seat: random.Random(seed * 31 + i) for i, seat in enumerate(SEATS)}
    s = GAME.new_game(Options(), SEATS)
    times: list[float] = []
    for _ in range(max_moves):
        result = GAME.result(s)
        if result is not None:
            return (result.winners[0] if len(result.winners) == 1 else None), times
        seat = GAME.to_move(s)
        assert seat is not None  # no chance in this game
        c0 = time.process_time()
        a = step(ai if seat == tested else vs, GAME.view(s, seat), seat, gens[seat], budget)
        if seat == tested:
            times.append((time.process_time() - c0) * 1000)
        s = GAME.apply(s, a)
    result = GAME.result(s)
    return (None if result is None or len(result.winners) > 1 else result.winners[0]), times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ai", default=SEARCH, choices=CONTENDERS)
    ap.add_argument("--vs", default="hard", choices=CONTENDERS)
    ap.add_argument("--games", type=int, default=20, help="games per tested side")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=0.05, help="CPU seconds a move, each AI")
    ap.add_argument(
        "--max-moves", type=int, default=longest_game(Options()), help="stop a game this long"
    )
    ap.add_argument("--sides", default=",".join(SEATS), help="the tested sides, by commas")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    sides = [x for x in args.sides.split(",") if x]
    if not sides or not set(sides) <= set(SEATS):
        ap.error(f"--sides takes {' and '.join(SEATS)}, by commas")
    if args.games < 1 or args.seconds <= 0 or args.max_moves < 1:
        ap.error("--games, --seconds and --max-moves must be positive")
    budget = Budget(iterations=MAX_ITERATIONS, seconds=args.seconds, clock=time.process_time)
    rows: list[dict[str, object]] = []
    times: list[float] = []
    seeds = range(args.seed, args.seed + args.games)
    for tested in sides:
        wins = draws = 0
        for g in seeds:
            winner, t = play(tested, args.ai, args.vs, g, budget, args.max_moves)
            print(f"{args.ai} as the {tested}, seed {g}: {winner or 'draw'}", file=sys.stderr)
            wins += winner == tested
            draws += winner is None
            times += t
        rows.append(seat_row(2, SEATS.index(tested), args.games, wins, draws))
    record(args, report(args.ai, args.vs, seeds, rows, times, args.json))


if __name__ == "__main__":
    main()
