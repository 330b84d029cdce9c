"""The one search (ai.search) measured: iterations per CPU-second for each game, from
positions of random games, searched as the game's `hard` searches.

    python bench/search.py [--positions 6] [--seconds 0.5] [--seed 1]

For each game, `--positions` positions are taken from random games (seeds seed, seed+1, ...:
one position a game, at a point spread from the opening to the end), and the search runs for
`--seconds` of CPU time from the view of the seat to move there. Taj Mahal: the tree search
(Information Set MCTS, ai.search.ismcts) with greedy's playouts, as its `hard`; Goat-Tiger:
the tree search with random playouts to the end; Vijayanagara: the tree search with
ai.vijayanagara.ismcts's playouts and evaluation, as the arena's `search` plays; Rajas of the
Ganges: its `hard`, the comparison over common futures (ai.search.common), whose iterations are
futures, each playing out greedy's 3 best steps. Prints each game's iterations per CPU-second,
median and lowest, and the iterations of the shortest search.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from results import record

import ai.rajas
import rules.goat_tiger
import rules.rajas
import rules.taj_mahal
import rules.vijayanagara.game
from ai.budget import MAX_ITERATIONS, Budget
from ai.search import Decision, search
from ai.search.ismcts import Evaluation, Policy
from ai.taj_mahal import greedy
from ai.vijayanagara import ismcts
from rules.game import Game

Searcher = Callable[[Any, str, random.Random, Budget], Decision[Any]]


def tree(
    g: Game[Any, Any, Any, Any],
    policy: Policy[Any, Any] | None,
    evaluation: Callable[[Any], Evaluation[Any]] | None,
) -> Searcher:
    """The tree search of game `g`, with a playout policy and the evaluation of a view's
    futures (None: the game's own)."""

    def run(view: Any, seat: str, rng: random.Random, budget: Budget) -> Decision[Any]:
        judge = None if evaluation is None else evaluation(view)
        return search(g, view, seat, rng, budget, policy=policy, evaluation=judge)

    return run


# each game with the search its `hard` (or, for Vijayanagara, the arena's `search`) runs
GAMES: dict[str, tuple[Game[Any, Any, Any, Any], Searcher]] = {
    "taj_mahal": (rules.taj_mahal.GAME, tree(rules.taj_mahal.GAME, greedy.step, None)),
    "goat_tiger": (rules.goat_tiger.GAME, tree(rules.goat_tiger.GAME, None, None)),
    "vijayanagara": (
        rules.vijayanagara.game.GAME,
        tree(rules.vijayanagara.game.GAME, ismcts.policy, ismcts.evaluation),
    ),
    "rajas": (rules.rajas.GAME, ai.rajas.hard.decide),
}


def position(g: Game[Any, Any, Any, Any], seed: int, share: float) -> tuple[Any, str] | None:
    """A state of a random game `share` of the way to its end, where a seat decides (the
    opening's, share 0, found without playing the game to its end)."""
    rng = random.Random(seed)
    info = g.info
    states = [g.new_game(info.options(), info.seats_for(info.min_players))]
    while g.result(states[-1]) is None and len(states) < 2000:
        s = states[-1]
        if share == 0 and (seat := deciding(g, s)) is not None:
            return s, seat
        if g.to_move(s) is None:
            states.append(g.apply(s, g.deal(s, rng.randrange)))
        else:
            states.append(g.apply(s, rng.choice(g.legal_actions(s))))
    for s in states[int(share * (len(states) - 1)) :]:
        if (seat := deciding(g, s)) is not None:
            return s, seat
    return None


def deciding(g: Game[Any, Any, Any, Any], s: Any) -> str | None:
    """The seat to move in `s`, when it has a choice."""
    seat = g.to_move(s)
    return seat if seat is not None and len(g.legal_actions(s)) > 1 else None


def measure(gid: str, positions: int, seconds: float, seed: int) -> tuple[list[float], int]:
    g, searcher = GAMES[gid]
    rates, fewest = [], MAX_ITERATIONS
    for k in range(positions):
        found = position(g, seed + k, k / max(positions, 2))
        if found is None:
            continue
        s, seat = found
        budget = Budget(iterations=MAX_ITERATIONS, seconds=seconds, clock=time.process_time)
        c0 = time.process_time()
        d = searcher(g.view(s, seat), seat, random.Random(k), budget)
        rates.append(d.iterations / (time.process_time() - c0))
        fewest = min(fewest, d.iterations)
    return rates, fewest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{args.positions} positions a game, {args.seconds} CPU s a search")
    out = {}
    for gid in GAMES:
        rates, fewest = measure(gid, args.positions, args.seconds, args.seed)
        out[gid] = {
            "iterations_per_cpu_second_median": statistics.median(rates),
            "iterations_per_cpu_second_lowest": min(rates),
            "fewest_iterations": fewest,
        }
        print(
            f"{gid}: iterations per CPU-second median {statistics.median(rates):,.0f}, "
            f"lowest {min(rates):,.0f}; fewest iterations in a search {fewest:,}"
        )
    record(args, out)


if __name__ == "__main__":
    main()
