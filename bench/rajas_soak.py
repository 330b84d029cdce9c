"""Rajas of the Ganges: many random games, every invariant checked after every step.

    python bench/rajas_soak.py [--games 10000] [--seed 0]

Game i (seeds seed..seed+N-1) is played by 2, 3 or 4 players in turn, every other one with
dice rolled when needed (the online convention), every step chosen uniformly among the legal
steps and every chance step dealt from the game's own seeded stream. After each step the
invariants of tests/rajas_helpers.py hold (dice conserved: supply + statues = 48; money, fame,
karma and upgrades within their tracks; tiles and workers conserved; one boat a space). A
game that crashes, or does not end within 5,000 steps, stops the run with its seed. Prints
the games, steps and CPU seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from rajas_helpers import invariants, random_playout  # noqa: E402
from results import record  # noqa: E402

from rules.rajas import GAME, RajasOptions, State  # noqa: E402


class Checked:
    """The check after every step: the invariants, and the steps counted."""

    def __init__(self) -> None:
        self.steps = 0

    def __call__(self, s: State) -> None:
        invariants(s)
        self.steps += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    checked = Checked()
    by_players = dict.fromkeys((2, 3, 4), 0)
    start = time.process_time()
    for seed in range(args.seed, args.seed + args.games):
        players = 2 + seed % 3
        options = RajasOptions(roll_when_needed=seed % 2 == 1)
        try:
            end = random_playout(players, seed, checked, options)
        except Exception as e:
            raise SystemExit(f"seed {seed} ({players} players): {type(e).__name__}: {e}") from e
        assert GAME.result(end) is not None
        by_players[players] += 1
    cpu = time.process_time() - start
    print(f"games {args.games} (seeds {args.seed}-{args.seed + args.games - 1}): {by_players}")
    print(
        f"steps {checked.steps}, every invariant after each; no crash, no dead end; CPU {cpu:.1f} s"
    )
    record(args, {"games_by_players": by_players, "steps": checked.steps, "cpu_seconds": cpu})


if __name__ == "__main__":
    main()
