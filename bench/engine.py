"""Engine speed on one core: full random games per second and actions per second.

python bench/engine.py [games]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rules.new_game(0)  # load the data files before timing
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        r = random.Random(seed)
        state = rules.new_game(seed)
        while not state.game_over:
            state = rules.apply(state, r.choice(rules.legal_actions(state)))
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"games: {games}, actions: {actions}, seconds: {elapsed:.2f}")
    print(f"games/s: {games / elapsed:.2f}")
    print(f"actions/s: {actions / elapsed:.0f}")
    print(f"mean actions/game: {actions / games:.0f}")


if __name__ == "__main__":
    main()
