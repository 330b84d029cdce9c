"""Rajas of the Ganges's board picture: CPU ms and bytes per board, over whole random games.

    python bench/rajas_render.py [--games 6] [--every 10] [--out board.png]

Games 0..N-1 (2, 3 and 4 players in turn, random steps dealt by `random.Random(k)`); the public
view of every `every`-th state is drawn (the first picture of a board file is drawn before
timing: its measures are kept). Goals: at most 12 ms CPU and 120 KB per board. `--out` saves the
picture of a position in the middle of the last game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from render.rajas import board_png
from rules.rajas import GAME, RajasOptions, State


def states(k: int) -> list[State]:
    rng = random.Random(k)
    s = GAME.new_game(RajasOptions(), GAME.info.seats_for(2 + k % 3))
    out = [s]
    while GAME.result(s) is None:
        s = GAME.apply(
            s, GAME.deal(s, rng.randrange) if GAME.chance(s) else rng.choice(GAME.legal_actions(s))
        )
        out.append(s)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    views = [GAME.view(s, None) for k in range(args.games) for s in states(k)[:: args.every]]
    board_png(views[0])
    times, sizes = [], []
    for v in views:
        c0 = time.process_time()
        png = board_png(v)
        times.append((time.process_time() - c0) * 1000)
        sizes.append(len(png))
    times.sort()
    print(f"boards {len(views)}")
    print(
        f"cpu ms  p50 {times[len(times) // 2]:.1f}  p95 {times[int(len(times) * 0.95)]:.1f}  max {times[-1]:.1f}"
    )
    print(f"bytes   mean {sum(sizes) // len(sizes)}  max {max(sizes)}")
    if args.out:
        args.out.write_bytes(board_png(views[-len(views) // (2 * args.games) - 1]))
        print(f"saved {args.out}")


if __name__ == "__main__":
    main()
