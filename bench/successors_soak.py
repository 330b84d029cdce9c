"""Successors: many random games, every invariant checked after every step.

    python bench/successors_soak.py [--games 10000] [--seed 0] [--aside 0.03]

Game i (seeds seed..seed+N-1) is played by 3 or 4 players in turn, every decision chosen
uniformly among the legal steps and every chance step dealt from the game's own seeded
stream; before a step, with the probability `--aside`, a random seat takes a random step
aside instead (a gift, an alliance offered, answered or ended, a ransom, a chit played or
armed as a standing order, from the seat's own list). After each step the invariants of
tests/successors_helpers.py hold (the counter mix conserved: map, troops aboard, pool, an
eliminated seat's all in its pool; the chits conserved: cup and hands are the 20; treasuries
never below 0; control consistent with the markers and, at each player turn's start, with
the units: an area one seat alone occupies is its own, unless its units came there since;
at most one place for each leader). A game that crashes, reaches a dead end, or
does not end within 20,000 steps stops the run with its seed. Prints the games, steps,
standing orders fired, battles and CPU seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from results import record  # noqa: E402
from successors_helpers import ControlCheck, invariants, random_playout  # noqa: E402

from rules.successors import GAME, State  # noqa: E402


class Checked:
    """The check after every step: the invariants, and what happened counted."""

    def __init__(self) -> None:
        self.control = ControlCheck()
        self.steps = 0
        self.fired = 0
        self.battles = 0

    def __call__(self, s: State) -> None:
        invariants(s)
        self.control(s)
        self.steps += 1
        for line in s.news:
            if "a standing order" in line:
                self.fired += 1
            elif " wins the battle in " in line or " win the battle in " in line:
                self.battles += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--aside", type=float, default=0.03)
    args = ap.parse_args()
    checked = Checked()
    by_players = dict.fromkeys((3, 4), 0)
    start = time.process_time()
    for seed in range(args.seed, args.seed + args.games):
        players = 3 + seed % 2
        try:
            end = random_playout(players, seed, checked, args.aside)
        except Exception as e:
            raise SystemExit(f"seed {seed} ({players} players): {type(e).__name__}: {e}") from e
        assert GAME.result(end) is not None
        by_players[players] += 1
    cpu = time.process_time() - start
    print(f"games {args.games} (seeds {args.seed}-{args.seed + args.games - 1}): {by_players}")
    print(
        f"steps {checked.steps}, every invariant after each; no crash, no dead end; "
        f"standing orders fired {checked.fired}, battles {checked.battles}; CPU {cpu:.1f} s"
    )
    figures = {"steps": checked.steps, "fired": checked.fired, "battles": checked.battles}
    record(args, {"games_by_players": by_players, **figures, "cpu_seconds": round(cpu, 1)})


if __name__ == "__main__":
    main()
