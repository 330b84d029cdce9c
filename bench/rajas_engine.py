"""Rajas of the Ganges' engine: random full games per CPU-second, and that every game ends.

    python bench/rajas_engine.py [--games N] [--rounds R] [--against REV] [--json]

Game k (0 <= k < N, default 1,000) has 2, 3 or 4 players (2 + k mod 3), played at random
through the Game protocol; how it is measured and compared: bench/engine_games.py. Goal: at
least 300 games per CPU-second.
"""

from __future__ import annotations

from engine_games import EngineBench, main

BENCH = EngineBench(
    package="rules.rajas",
    options="RajasOptions",
    players=lambda k: 2 + k % 3,
    goal=300,
    length="round",
    script=__file__,
)

if __name__ == "__main__":
    main(BENCH, __doc__ or "")
