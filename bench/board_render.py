"""A game's board picture: CPU ms and bytes per board, over whole random games.

    python bench/board_render.py --game GAME [--games 6] [--every 10] [--out PATH]

Games 0..N-1 of any registered game (its player counts in turn, random steps, chance dealt by
`random.Random(k)`); the public view of every `--every`th position is drawn by the game's
registered pictures, once before the timing (what a renderer keeps is kept, as in the bot), and
each must be a PNG: `--every 1` draws every state of those games, of which the suite draws a
sample (tests/test_conformance.py). Goals: Taj Mahal at most 15 ms CPU and 100 KB per board,
Rajas of the Ganges 12 ms and 120 KB. `--out` saves the picture of a position in the middle of
the last game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from results import record

from bot.table.loading import AnyGame
from bot.table.registry import registry

GOALS = {"taj_mahal": "15 ms, 100 KB", "rajas": "12 ms, 120 KB"}
PNG = b"\x89PNG\r\n\x1a\n"


def views(g: AnyGame, k: int, every: int) -> list[object]:
    """The public views of every `every`th position of game k."""
    rng = random.Random(k)
    span = g.info.max_players - g.info.min_players + 1
    s = g.new_game(g.info.options(), g.info.seats_for(g.info.min_players + k % span))
    out = [g.view(s, None)]
    while g.result(s) is None:
        step = g.deal(s, rng.randrange) if g.chance(s) else rng.choice(g.legal_actions(s))
        s = g.apply(s, step)
        out.append(g.view(s, None))
    return out[::every]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(g.info.id for g in registry().games()))
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    g, draw = registry().game(args.game), registry().pictures(args.game).board
    shown = [v for k in range(args.games) for v in views(g, k, args.every)]
    draw(shown[0], None)
    times, sizes = [], []
    for v in shown:
        c0 = time.process_time()
        png = draw(v, None)
        times.append((time.process_time() - c0) * 1000)
        if not png.startswith(PNG):
            raise SystemExit(f"board {len(sizes)}: not a PNG picture")
        sizes.append(len(png))
    times.sort()
    goal = f" (goal {GOALS[args.game]})" if args.game in GOALS else ""
    print(f"{g.info.title}: boards {len(shown)}{goal}")
    print(
        f"cpu ms  p50 {times[len(times) // 2]:.1f}  p95 {times[int(len(times) * 0.95)]:.1f}  "
        f"max {times[-1]:.1f}"
    )
    print(f"bytes   mean {sum(sizes) // len(sizes)}  max {max(sizes)}")
    record(
        args,
        {
            "boards": len(shown),
            "cpu_ms_p50": times[len(times) // 2],
            "cpu_ms_p95": times[int(len(times) * 0.95)],
            "cpu_ms_max": times[-1],
            "bytes_mean": sum(sizes) // len(sizes),
            "bytes_max": max(sizes),
        },
    )
    if args.out:
        args.out.write_bytes(draw(shown[-len(shown) // (2 * args.games) - 1], None))
        print(f"saved {args.out}")


if __name__ == "__main__":
    main()
