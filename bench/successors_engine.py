"""Successors' engine: random full games per CPU-second, and that every game ends.

    python bench/successors_engine.py [--games N] [--rounds R] [--against REV] [--json]

Game k (0 <= k < N, default 1,000) has 3 or 4 players (3 + k mod 2), played at random through
the Game protocol (no step aside: the soak plays those); how it is measured and compared:
bench/engine_games.py. Goal: at least 150 games per CPU-second in pure Python.
"""

from __future__ import annotations

from engine_games import EngineBench, main

BENCH = EngineBench(
    package="rules.successors",
    options="SuccessorsOptions",
    players=lambda k: 3 + k % 2,
    goal=150,
    length="turn",
    script=__file__,
)

if __name__ == "__main__":
    main(BENCH, __doc__ or "")
