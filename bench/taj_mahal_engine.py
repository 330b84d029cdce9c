"""Taj Mahal's engine: random full games per CPU-second, and that every game ends.

    python bench/taj_mahal_engine.py [--games N] [--rounds R] [--against REV] [--compiled] [--json]

Game k (0 <= k < N, default 10,000) has 3, 4 or 5 players (3 + k mod 3), played at random
through the Game protocol; how it is measured and compared, and what --compiled measures (the
Docker image's engine, built with mypyc): bench/engine_games.py. Goal: at least 1,000 games
per CPU-second.
"""

from __future__ import annotations

from engine_games import EngineBench, main

BENCH = EngineBench(
    package="rules.taj_mahal",
    options="TajOptions",
    players=lambda k: 3 + k % 3,
    goal=1_000,
    length=None,
    script=__file__,
    games=10_000,
    compiled="rules.taj_mahal.engine",
)

if __name__ == "__main__":
    main(BENCH, __doc__ or "")
