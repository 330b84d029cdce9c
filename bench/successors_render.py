"""Successors' map picture: CPU ms and PNG bytes per picture, over states of random games,
every picture checked for legibility on a phone.

    python bench/successors_render.py [--games 6] [--every 10] [--aside 0.05] [--rounds 3]
                                      [--out PATH]

Games 0..N-1 of 3 and 4 players in turn, each played by the game's own random play (every
decision uniform among `legal_actions`, every chance step dealt by `random.Random(10_000 +
k)`, as the conformance suite plays them; before a step, with probability `--aside`, a random
seat takes a random step aside: a gift, an alliance, a chit played or armed); the public view
of every `--every`th state, and of each game's end, is drawn by render.successors once before
the timing (what the renderer keeps is kept, as in the bot) and checked: no fault
render.successors.legible finds (a text over another or a mark, across a box's edge, off the
picture or under 10 px on a phone; a picture more than twice as tall as wide) and at most 150
KB; then drawn `--rounds` times, a picture's time being its least CPU time
(time.process_time). Goal: at most 12 ms CPU and 150 KB a picture. `--every 1` draws and
checks every state of those games.

The machine is shared: the same run also draws Rajas of the Ganges' boards (their goal is also
12 ms) the same way, every 25th state of two random games, at most as many as Successors'
pictures (32 boards unless fewer pictures), and prints the ratio of the two medians, a figure
that the load on the machine moves less. `--out` saves the picture of a state in the middle of the last game. The
figures are recorded in bench/results.jsonl (bench/results.py); the run exits 1 when a picture
fails its check.
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

from results import record

from render.rajas import board_png as rajas_png
from render.successors import board_png, picture
from render.successors.board import PALETTE
from render.successors.layout import map_layout
from render.successors.legible import faults
from render.successors.packed import encode
from rules.rajas import GAME as RAJAS
from rules.rajas import SEATS as RAJAS_SEATS
from rules.rajas import RajasOptions
from rules.rajas import State as RajasState
from rules.successors import GAME, View
from rules.successors.aside import options as steps_aside

GOAL_MS, GOAL_KB = 12.0, 150
T = TypeVar("T")


def views(k: int, every: int, aside: float) -> list[View]:
    """The public view of every `every`th state of random game k, and of its end."""
    pick, dealer = random.Random(k), random.Random(10_000 + k)
    players = 3 + k % 2
    s = GAME.new_game(GAME.info.options(), GAME.info.seats[:players])
    out, steps = [GAME.view(s, None)], 0
    while GAME.result(s) is None:
        if GAME.chance(s) is not None:
            a = GAME.deal(s, dealer.randrange)
        elif (
            aside and pick.random() < aside and (others := steps_aside(s, pick.randrange(players)))
        ):
            a = pick.choice(others)
        else:
            a = pick.choice(GAME.legal_actions(s))
        s = GAME.apply(s, a)
        steps += 1
        if steps % every == 0:
            out.append(GAME.view(s, None))
    return out if steps % every == 0 else [*out, GAME.view(s, None)]


def checked(shown: Sequence[View]) -> tuple[list[int], list[str]]:
    """Each picture's PNG bytes, and what makes any of them hard to read or too big."""
    sizes, told = [], []
    for n, v in enumerate(shown):
        img, sheet = picture(v)
        sizes.append(len(encode(img, PALETTE)))
        found = faults(img, sheet, map_layout(v.state.parts.map))
        if sizes[-1] > GOAL_KB * 1000:
            found.append(f"{sizes[-1]} bytes")
        told += [f"picture {n} (game turn {v.state.turn}): {fault}" for fault in found]
    return sizes, told


def rajas_states(games: int, every: int, most: int) -> list[RajasState]:
    """Every `every`th state of random games 0..games-1, the first `most` of them."""
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
                if len(out) == most:
                    return out
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


def spread(ms: list[float]) -> dict[str, float]:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return {"p50": round(statistics.median(ms), 2), "p95": round(p95, 2), "max": round(ms[-1], 2)}


def said(ms: dict[str, float]) -> str:
    return "  ".join(f"{k} {v:.1f}" for k, v in ms.items())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--aside", type=float, default=0.05)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    shown = [v for k in range(args.games) for v in views(k, args.every, args.aside)]
    sizes, told = checked(shown)
    ms = spread(timed(board_png, shown, args.rounds))
    print(
        f"Successors: {len(shown)} pictures of {args.games} games (goal {GOAL_MS:g} ms, {GOAL_KB} KB)"
    )
    print(f"cpu ms  {said(ms)}")
    print(f"KB      mean {statistics.mean(sizes) / 1000:.1f}  max {max(sizes) / 1000:.1f}")
    print(
        f"legible on a phone: {len(shown) - len({t.split(':')[0] for t in told})} of {len(shown)}"
    )
    for fault in told[:20]:
        print(f"  {fault}")
    reference = rajas_states(2, 25, most=len(shown))
    rajas = spread(timed(rajas_png, reference, args.rounds))
    print(f"Rajas of the Ganges in the same run: boards {len(reference)}, cpu ms {said(rajas)}")
    ratio = ms["p50"] / rajas["p50"]
    print(f"median Successors / median Rajas: {ratio:.2f}")
    record(
        args,
        {
            "pictures": len(shown),
            "cpu_ms": ms,
            "kb_mean": round(statistics.mean(sizes) / 1000, 1),
            "kb_max": round(max(sizes) / 1000, 1),
            "faults": len(told),
            "rajas_boards": len(reference),
            "rajas_cpu_ms": rajas,
            "ratio_to_rajas": round(ratio, 3),
        },
    )
    if args.out:
        args.out.write_bytes(board_png(shown[-len(shown) // (2 * args.games) - 1]))
        print(f"saved {args.out}")
    if told:
        raise SystemExit(f"{len(told)} faults in the pictures")


if __name__ == "__main__":
    main()
