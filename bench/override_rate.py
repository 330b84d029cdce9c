"""How often `hard` overrules `easy`'s step, for several override floors, at a budget.

    python bench/override_rate.py [--seat V] [--seconds 1.5] [--seed 11003] [--games 1]
        [--iterations N] [--decisions N]

Plays games with `easy` in every seat but one, where `hard` decides (with today's floor,
`ai.vijayanagara.hard.OVERRIDE`). It prints the median number of futures the search saw at that seat's
decisions with a choice, and in how many of them each floor would have let another step overrule
`easy`'s (the gain must also pass CONFIDENCE standard errors). More futures shrink the errors
but not the playouts' bias, so at a larger budget the floor decides more often.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.budget import Budget  # noqa: E402, I001
from ai.vijayanagara import decide  # noqa: E402
from rules import vijayanagara  # noqa: E402
from ai.budget import MAX_ITERATIONS  # noqa: E402
from ai.vijayanagara import hard  # noqa: E402
from bench.arena import generators  # noqa: E402
from results import record  # noqa: E402

FLOORS = (0.25, 0.5, 0.75, 1.0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seat", type=vijayanagara.Faction, default=vijayanagara.Faction.V)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=11003)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=MAX_ITERATIONS, help="searches at most")
    parser.add_argument("--decisions", type=int, help="stop after this many of the seat's")
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0 or not 1 <= args.iterations <= MAX_ITERATIONS:
        parser.error(
            f"--games must be at least 1, --seconds positive, --iterations 1 to {MAX_ITERATIONS}"
        )
    budget = Budget(iterations=args.iterations, seconds=args.seconds, clock=time.process_time)
    decisions = 0
    futures: list[int] = []
    overruled = dict.fromkeys(FLOORS, 0)
    for seed in range(args.seed, args.seed + args.games):
        gens = generators(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over and decisions != args.decisions:
            seat = vijayanagara.prompt(state).faction
            assert seat is not None  # the seeded dealer resolves chance itself
            if seat != args.seat or len(vijayanagara.legal_actions(state)) == 1:
                state = vijayanagara.apply(state, decide(state, "easy", gens[seat], budget))
                continue
            found = hard.search(state, gens[seat], budget)
            decisions += 1
            futures.append(found.iterations)
            for floor in FLOORS:
                overruled[floor] += any(g.overrules(floor) for g in found.gains)
            state = vijayanagara.apply(state, found.action)
    if not decisions:
        print(f"{args.seat.value} had no decision with a choice in these games")
        return
    print(
        f"{args.seat.value} at {args.seconds} s, seeds {args.seed}-{args.seed + args.games - 1}: "
        f"{decisions} decisions, futures per decision median {statistics.median_low(futures)}"
    )
    for floor, n in overruled.items():
        print(f"  floor {floor}: easy's step overruled in {n} of {decisions}")
    record(
        args,
        {
            "decisions": decisions,
            "futures_median": statistics.median_low(futures),
            "overruled": {str(floor): n for floor, n in overruled.items()},
        },
    )


if __name__ == "__main__":
    main()
