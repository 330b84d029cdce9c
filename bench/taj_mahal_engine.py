"""Taj Mahal's engine: random full games per CPU-second, and that every game ends.

    python bench/taj_mahal_engine.py [--games N] [--rounds R] [--against REV] [--compiled] [--json]

Game k (0 <= k < N, default 10,000) has 3, 4 or 5 players (3 + k mod 3) and is played through
the Game protocol: chance steps dealt by `random.Random(k)`, every decision chosen uniformly
among `legal_actions` by the same generator (an index is `int(random() * n)`: uniform to within
n / 2**53, and cheaper than `randrange` and `choice`, which are the bench's and not the engine's). A game that raises, or ends without a winner,
is counted (and the first few listed). Time is CPU time (time.process_time) of the whole loop,
data files loaded before; a tree's figure is its best round. Goal: at least 1,000 games per
CPU-second.

With --against REV, the same games are played by revision REV's rules/ (taken with `git
archive` into a temporary folder; or a folder REV holding another tree, as it is) in a
subprocess of the same run, rounds alternating between the two trees, and the figures are given
with their ratio. Both trees must play the same games (the same number of steps), or the
comparison is refused.

With --compiled, this tree is measured as the compiled build (setup.py with CHAUPAL_MYPYC=1: the
Docker image's engine), built with mypyc into a temporary copy first (about 20 CPU-seconds, not
timed; it needs the dev extras' mypy and a C compiler). The worker checks that the engine it
plays is the compiled one. With --against, the other tree stays pure Python, so the ratio is
what compiling gives on top of any change between the trees; both must play the same games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from results import record
from revision import against_tree

REPO = Path(__file__).resolve().parents[1]
GOAL = 1_000


def play(k: int) -> tuple[int, bool]:
    """Game k: its steps, and whether it ended with a winner."""
    from rules.taj_mahal import GAME, TajOptions

    uniform = random.Random(k).random  # a float in [0, 1): cheaper than randrange and choice

    def below(n: int) -> int:
        return int(uniform() * n)

    s = GAME.new_game(TajOptions(), GAME.info.seats_for(3 + k % 3))
    steps = 0
    chance, deal, legal, apply = GAME.chance, GAME.deal, GAME.legal_actions, GAME.apply
    while s.phase != "over":
        if chance(s) is None:
            actions = legal(s)
            a = actions[int(uniform() * len(actions))]
        else:
            a = deal(s, below)
        s = apply(s, a)
        steps += 1
    result = GAME.result(s)
    return steps, result is not None and bool(result.winners)


def worker(root: str, games: int) -> None:
    """Play the games with the tree at `root`; print one JSON line."""
    sys.path.insert(0, root)
    from rules import vijayanagara

    if not str(Path(vijayanagara.__file__ or "?").resolve()).startswith(str(Path(root).resolve())):
        raise SystemExit(f"rules was imported from {vijayanagara.__file__}, not from {root}")
    from rules.taj_mahal import engine

    compiled = not (engine.__file__ or "").endswith(".py")
    play(0)  # load the data files before timing
    crashes: list[str] = []
    no_winner = steps = 0
    c0 = time.process_time()
    for k in range(games):
        try:
            n, won = play(k)
        except Exception:
            crashes.append(f"game {k}: {traceback.format_exc(limit=3)}")
            continue
        steps += n
        no_winner += not won
    cpu = time.process_time() - c0
    out = {
        "cpu": cpu,
        "steps": steps,
        "crashes": len(crashes),
        "without_winner": no_winner,
        "compiled": compiled,
    }
    print(json.dumps(out), flush=True)
    for c in crashes[:3]:
        print(c, file=sys.stderr)


def run(root: Path, games: int) -> dict[str, float]:
    cmd = [sys.executable, __file__, "--worker", str(root), "--games", str(games)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=root)
    sys.stderr.write(out.stderr)
    result: dict[str, float] = json.loads(out.stdout.splitlines()[-1])
    return result


def compile_tree(into: Path) -> None:
    """This tree's rules/ built as setup.py builds it with CHAUPAL_MYPYC=1, in `into`."""
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, into / name)
    shutil.copytree(REPO / "rules", into / "rules", ignore=shutil.ignore_patterns("__pycache__"))
    build = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=into,
        env={**os.environ, "CHAUPAL_MYPYC": "1"},
        capture_output=True,
        text=True,
    )
    if build.returncode != 0:
        raise SystemExit(
            f"the compiled build failed:\n{build.stdout[-2000:]}{build.stderr[-2000:]}"
        )


def figures(results: list[dict[str, float]], games: int) -> dict[str, float]:
    cpu = min(r["cpu"] for r in results)
    steps = results[0]["steps"]
    return {
        "compiled": results[0]["compiled"],
        "cpu_seconds": round(cpu, 3),
        "crashes": max(r["crashes"] for r in results),
        "without_winner": max(r["without_winner"] for r in results),
        "games_per_cpu_second": round(games / cpu, 1),
        "steps_per_game": round(steps / games, 1),
        "steps_per_cpu_second": round(steps / cpu),
        "us_per_step": round(cpu / steps * 1e6, 2),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--against", metavar="REV", help="another git revision to compare with")
    p.add_argument("--compiled", action="store_true", help="this tree built with mypyc")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker(args.worker, args.games)
        return
    here: list[dict[str, float]] = []
    there: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as built:
        other = against_tree(args.against, Path(tmp), "rules") if args.against else Path(tmp)
        tree = REPO
        if args.compiled:
            compile_tree(Path(built))
            tree = Path(built)
        for _ in range(args.rounds):  # alternate, so that a busy spell hits both trees
            here.append(run(tree, args.games))
            if args.against:
                there.append(run(other, args.games))
            if args.compiled and not here[-1]["compiled"]:
                raise SystemExit("the compiled build's engine was not the one played")
    a = figures(here, args.games)
    b = figures(there, args.games) if there else None
    if b is not None and here[0]["steps"] != there[0]["steps"]:
        raise SystemExit(
            f"the trees played different games: {here[0]['steps']} and {there[0]['steps']} steps"
        )
    out: dict[str, object] = {"games": args.games, "rounds": args.rounds, "this": a}
    if b is not None:
        out |= {
            "against": args.against,
            "other": b,
            "ratio": round(b["cpu_seconds"] / a["cpu_seconds"], 3),
        }
    record(args, out)
    if args.json:
        print(json.dumps(out))
    elif b is None:
        for key, value in a.items():
            print(f"{key:22} {value}")
        print(f"{'goal':22} >= {GOAL} games per CPU-second")
    else:
        print(f"games: {args.games}, rounds: {args.rounds} (best of)")
        print(f"{'':22}{'this tree':>12}{args.against:>14}{'ratio':>8}")
        for key in ("games_per_cpu_second", "steps_per_cpu_second"):
            print(f"{key:22}{a[key]:12.1f}{b[key]:14.1f}{a[key] / b[key]:8.2f}")
        for key in ("us_per_step", "crashes", "without_winner", "compiled"):
            print(f"{key:22}{a[key]!s:>12}{b[key]!s:>14}")
        print(f"{'goal':22} >= {GOAL} games per CPU-second")
    if a["crashes"] or a["without_winner"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
