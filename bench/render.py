"""Render benchmark: CPU time and PNG size of render.board over ~50 states of several games.

    python bench/render.py [--games N] [--per-game K] [--rounds R] [--against REV]

The states: K states spread evenly over each of N seeded random games, from the setup to the
end (every phase: cards, Commands, Decrees, Events, battles, Mongol invasions, the final
scores). They are drawn in an interleaved order (a state of each game in turn), as a server
with several games would, so the base-map cache misses as it would there. Each state is drawn
R times; a state's time is its least CPU time (time.process_time), the figures are the median
and the 95th percentile over the states. Goal: at most 12 ms CPU (median and p95) and
100 KB per board (every one of the sample).

With --against REV, the same games (same seeds and actions) are replayed and drawn by revision
REV's rules/ and render/ (taken with `git archive` into a temporary folder; or a folder REV
holding another tree, as it is), in the same run, rounds alternating between the two trees; the
figures are given as ratios.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

from results import record
from revision import against_tree

REPO = Path(__file__).resolve().parents[1]


def states(games: int, per_game: int) -> list[object]:
    """The states to draw, interleaved across games (imports the `rules` on sys.path)."""
    vijayanagara = _package("rules")

    picked: list[list[object]] = []
    for seed in range(1, games + 1):
        pick = random.Random(seed)
        state = vijayanagara.new_game(seed)
        history = [state]
        while per_game > 1 and not state.game_over:  # one state a game: its setup alone
            state = vijayanagara.apply(state, pick.choice(vijayanagara.legal_actions(state)))
            history.append(state)
        last = len(history) - 1
        spread = max(1, per_game - 1)
        picked.append([history[round(i * last / spread)] for i in range(per_game)])
    return [game[i] for i in range(per_game) for game in picked]


def _package(name: str) -> ModuleType:
    """Vijayanagara's package of `rules` or `render`: `<name>.vijayanagara`, or in revisions
    before the games' subpackages `<name>` itself (by name: this script is called render.py)."""
    try:
        return importlib.import_module(f"{name}.vijayanagara")
    except ModuleNotFoundError:
        return importlib.import_module(name)


def worker(root: str, games: int, per_game: int, rounds: int) -> None:
    """Draw the states with the tree at `root`; print one JSON line per round."""
    sys.path.insert(0, root)
    render = _package("render")
    if not str(Path(render.__file__ or "?").resolve()).startswith(str(Path(root).resolve())):
        raise SystemExit(f"render was imported from {render.__file__}, not from {root}")
    todo = states(games, per_game)
    render.board(todo[0])  # one-time work: fonts, masks, the palette, the static layers
    for _ in range(rounds):
        cpu: list[float] = []
        size: list[int] = []
        for state in todo:
            c0 = time.process_time()
            png: bytes = render.board(state)
            cpu.append(time.process_time() - c0)
            size.append(len(png))
        print(json.dumps({"cpu": cpu, "size": size}), flush=True)


def run(root: Path, args: argparse.Namespace, rounds: int) -> list[dict[str, list[float]]]:
    cmd = [sys.executable, __file__, "--worker", str(root)]
    cmd += ["--games", str(args.games), "--per-game", str(args.per_game), "--rounds", str(rounds)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=root)
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


KEYS = ("cpu_ms_median", "cpu_ms_p95", "png_kb_median", "png_kb_max")


def figures(results: list[dict[str, list[float]]]) -> tuple[float, float, float, float]:
    """Median and 95th percentile of each state's least CPU ms, median and largest KB."""
    n = len(results[0]["cpu"])
    best = [min(r["cpu"][i] for r in results) * 1000 for i in range(n)]
    sizes = [s / 1024 for s in results[0]["size"]]
    p95 = statistics.quantiles(best, n=20, method="inclusive")[-1] if n > 1 else best[0]
    return statistics.median(best), p95, statistics.median(sizes), max(sizes)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--per-game", type=int, default=10)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--against", metavar="REV", help="another git revision to compare with")
    p.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker(args.worker, args.games, args.per_game, args.rounds)
        return
    n = args.games * args.per_game
    print(f"states: {n} ({args.games} games x {args.per_game}), rounds: {args.rounds}")
    if not args.against:
        ms, p95, kb, kb_max = figures(run(REPO, args, args.rounds))
        print(f"CPU per board: median {ms:.1f} ms, p95 {p95:.1f} ms   (goal <= 12)")
        print(f"PNG: median {kb:.0f} KB, max {kb_max:.1f} KB   (goal <= 100)")
        record(args, dict(zip(KEYS, (ms, p95, kb, kb_max), strict=True)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        other = against_tree(args.against, Path(tmp), "rules", "render")
        here: list[dict[str, list[float]]] = []
        there: list[dict[str, list[float]]] = []
        for _ in range(args.rounds):  # alternate, so that a busy spell hits both trees
            here += run(REPO, args, 1)
            there += run(other, args, 1)
    a, b = figures(here), figures(there)
    print(f"{'':14}{'this tree':>12}{args.against:>14}{'ratio':>8}")
    rows = ("CPU ms", "CPU ms (p95)", "PNG KB", "PNG KB (max)")
    for name, x, y in zip(rows, a, b, strict=True):
        print(f"{name:14}{x:12.1f}{y:14.1f}{x / y:8.2f}")
    this, other_tree = dict(zip(KEYS, a, strict=True)), dict(zip(KEYS, b, strict=True))
    record(
        args,
        {"this": this, "other": other_tree, "ratio": {k: this[k] / other_tree[k] for k in KEYS}},
    )


if __name__ == "__main__":
    main()
