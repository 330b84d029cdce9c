"""Goat-Tiger: every level of ai.goat_tiger against every level, as the Goats and as the
Tigers, with fixed seeds: how the games end under our draw rule, and how long they last.

    python bench/goat_tiger_ends.py [--games 1000] [--seed 1] [--levels random,easy,hard]
        [--jobs 1] [--json]

For each pair (the Goats' level, the Tigers' level), games seed..seed+N-1 are played, game g
giving each side its own generator (`random.Random(g * 31 + i)`, i the side's place). The
AIs play without a clock (a budget of iterations only), so a game is the same on any
machine. A game runs until the rules end it; the rules bound its length (longest_game: at
most QUIET_MOVES_TO_DRAW moves between two captures or placements), and a game that passes
that bound is counted as not ended (the goal: none). Prints, per pair: the Goats' wins (the
Tigers trapped), the Tigers' (five captures, or the Goats without a move), the draws by
repetition and by the cap, the mean and longest game in moves, the longest run of moves
without a capture or a placement that still ended in a capture or a trap (what a smaller
cap would have cut), and the CPU seconds; each pair's line in order, as soon as it is done.
The run's figures are added to bench/results.jsonl (bench/results.py).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from results import record

from ai.budget import Budget
from ai.goat_tiger import PLAYERS
from rules.goat_tiger import GAME, GOATS, SEATS, Capture, Options, State, longest_game

NO_CLOCK = Budget(iterations=1000)  # the levels search to their depth: no clock, no noise


@dataclass
class Game:
    """One game's end: how it ended ("goats", "tigers", "repetition", "quiet", or "unended"),
    its length, and the longest run of quiet moves that ended in a capture or a trap."""

    end: str
    moves: int
    longest_decisive_run: int


def play(goats: str, tigers: str, seed: int) -> Game:
    gens = {seat: random.Random(seed * 31 + i) for i, seat in enumerate(SEATS)}
    levels = {GOATS: goats, "tigers": tigers}
    st: State = GAME.new_game(Options(), SEATS)
    longest = 0
    for _ in range(longest_game(st.options) + 1):
        seat = GAME.to_move(st)
        if seat is None:
            break
        before = len(st.quiet)
        a = PLAYERS[levels[seat]](st, seat, gens[seat], NO_CLOCK)
        st = GAME.apply(st, a)
        if isinstance(a, Capture) or st.winner is not None:
            longest = max(longest, before + (0 if isinstance(a, Capture) else 1))
    if not st.over:
        return Game("unended", st.moves, longest)
    return Game(st.drawn or str(st.winner), st.moves, longest)


@dataclass
class Pair:
    goats: str
    tigers: str
    games: int
    ends: dict[str, int] = field(default_factory=dict)
    mean_moves: float = 0.0
    longest_game: int = 0
    longest_decisive_run: int = 0
    cpu_seconds: float = 0.0


def run_pair(goats: str, tigers: str, seeds: range) -> Pair:
    c0 = time.process_time()
    games = [play(goats, tigers, g) for g in seeds]
    ends = Counter(g.end for g in games)
    return Pair(
        goats,
        tigers,
        len(games),
        {k: ends[k] for k in ("goats", "tigers", "repetition", "quiet", "unended")},
        sum(g.moves for g in games) / len(games),
        max(g.moves for g in games),
        max(g.longest_decisive_run for g in games),
        time.process_time() - c0,
    )


def line(p: Pair) -> str:
    e = p.ends
    return (
        f"Goats {p.goats:6} v Tigers {p.tigers:6}: {p.games} games: Goats won {e['goats']}, "
        f"Tigers won {e['tigers']}, drawn by repetition {e['repetition']}, by the cap "
        f"{e['quiet']}, not ended {e['unended']}; moves mean {p.mean_moves:.1f}, longest "
        f"{p.longest_game}; longest quiet run before a capture or trap "
        f"{p.longest_decisive_run}; CPU {p.cpu_seconds:.1f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per pair of levels")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default=",".join(PLAYERS), help="the levels, by commas")
    ap.add_argument("--jobs", type=int, default=1, help="pairs played at once (processes)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    levels = [x for x in args.levels.split(",") if x]
    if not levels or not set(levels) <= set(PLAYERS):
        ap.error(f"--levels takes {', '.join(PLAYERS)}, by commas")
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be positive")
    seeds = range(args.seed, args.seed + args.games)
    pairs = [(g, t) for g in levels for t in levels]
    bound = longest_game(Options())
    print(f"seeds {seeds.start}-{seeds.stop - 1}; a game lasts at most {bound} moves")
    done: list[Pair] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_pair, g, t, seeds) for g, t in pairs]
        for f in futures:
            done.append(f.result())
            print(line(done[-1]), flush=True)
    total = Counter[str]()
    for p in done:
        total.update(p.ends)
    games = sum(p.games for p in done)
    longest = max(p.longest_game for p in done)
    print(
        f"all: {games} games, {games - total['unended']} ended (won {total['goats']} + "
        f"{total['tigers']}, drawn {total['repetition']} + {total['quiet']}); longest game "
        f"{longest} moves"
    )
    figures = {
        "games": games,
        "ends": dict(total),
        "longest_game": longest,
        "bound": bound,
        "longest_decisive_run": max(p.longest_decisive_run for p in done),
        "cpu_seconds": round(sum(p.cpu_seconds for p in done), 1),
        "pairs": [asdict(p) for p in done],
    }
    if args.json:
        print(json.dumps(figures))
    record(args, figures)


if __name__ == "__main__":
    main()
