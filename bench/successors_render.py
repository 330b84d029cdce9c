"""Successors' map picture: CPU ms and PNG bytes per picture, over states of random games.

    python bench/successors_render.py [--games 6] [--every 10] [--rounds 3] [--out PATH]

Games 0..N-1 of 3 and 4 players in turn, each played by the game's own random play (every
decision uniform among `legal_actions`, every chance step dealt by `random.Random(10_000 +
k)`, as the conformance suite plays them); the public view of every `--every`th state is drawn
by render.successors (once before the timing: what the renderer keeps is kept, as in the bot),
then `--rounds` times, a picture's time being its least CPU time (time.process_time). Goal: at
most 12 ms CPU and 150 KB a picture.

The machine is shared: the same run also draws Rajas of the Ganges' boards (their goal is also
12 ms) the same way, and prints the ratio of the two medians, a figure that the load on the
machine moves less. `--out` saves the picture of a state in the middle of the last game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from render.rajas import board_png as rajas_png
from render.successors import board_png
from rules.rajas import GAME as RAJAS
from rules.rajas import SEATS as RAJAS_SEATS
from rules.rajas import RajasOptions
from rules.rajas import State as RajasState
from rules.successors import GAME, View

GOAL_MS, GOAL_KB = 12.0, 150
T = TypeVar("T")


def views(k: int, every: int) -> list[View]:
    """The public view of every `every`th state of random game k, and of its end."""
    pick, dealer = random.Random(k), random.Random(10_000 + k)
    s = GAME.new_game(GAME.info.options(), GAME.info.seats[: 3 + k % 2])
    out, steps = [GAME.view(s, None)], 0
    while GAME.result(s) is None:
        chance = GAME.chance(s) is not None
        a = GAME.deal(s, dealer.randrange) if chance else pick.choice(GAME.legal_actions(s))
        s = GAME.apply(s, a)
        steps += 1
        if steps % every == 0:
            out.append(GAME.view(s, None))
    return [*out, GAME.view(s, None)]


def rajas_states(games: int, every: int) -> list[RajasState]:
    out: list[RajasState] = []
    for k in range(games):
        rng = random.Random(k)
        s = RAJAS.new_game(RajasOptions(), RAJAS_SEATS[: 2 + k % 3])
        steps = 0
        while RAJAS.result(s) is None:
            chance = RAJAS.chance(s) is not None
            a = RAJAS.deal(s, rng.randrange) if chance else rng.choice(RAJAS.legal_actions(s))
            s = RAJAS.apply(s, a)
            steps += 1
            if steps % every == 0:
                out.append(s)
    return out


def timed(draw: Callable[[T], bytes], items: Sequence[T], rounds: int) -> list[float]:
    """Each item's least CPU ms over the rounds (the rounds interleaved)."""
    best = [float("inf")] * len(items)
    for _ in range(rounds):
        for i, item in enumerate(items):
            c0 = time.process_time()
            draw(item)
            best[i] = min(best[i], (time.process_time() - c0) * 1000)
    return best


def figures(ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return f"p50 {statistics.median(ms):.1f}  p95 {p95:.1f}  max {ms[-1]:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    shown = [v for k in range(args.games) for v in views(k, args.every)]
    sizes = [len(board_png(v)) for v in shown]
    ms = timed(board_png, shown, args.rounds)
    print(
        f"Successors: {len(shown)} pictures of {args.games} games (goal {GOAL_MS:g} ms, {GOAL_KB} KB)"
    )
    print(f"cpu ms  {figures(ms)}")
    print(f"KB      mean {statistics.mean(sizes) / 1000:.1f}  max {max(sizes) / 1000:.1f}")
    reference = rajas_states(2, 25)
    rajas = timed(rajas_png, reference, args.rounds)
    print(f"Rajas of the Ganges in the same run: boards {len(reference)}, cpu ms {figures(rajas)}")
    ratio = statistics.median(ms) / statistics.median(rajas)
    print(f"median Successors / median Rajas: {ratio:.2f}")
    if args.out:
        args.out.write_bytes(board_png(shown[-len(shown) // (2 * args.games) - 1]))
        print(f"saved {args.out}")


if __name__ == "__main__":
    main()
