"""One game's engine measured: random full games per CPU-second, and that every game ends.
The machinery of the games' engine benches (bench/rajas_engine.py, bench/successors_engine.py,
bench/taj_mahal_engine.py), each of which names its game in an `EngineBench`.

Game k (0 <= k < N) is played through the Game protocol: chance steps dealt by
`random.Random(k)`, every decision chosen uniformly among `legal_actions` by the same
generator. A game that raises, runs past a bound of steps, or ends without a ranking is
counted (and the first few listed). Time is CPU time (time.process_time) of the whole loop,
data files loaded before. Each of R rounds plays the N games in a fresh process; a tree's
figure is its best round, and its spread the worst and the median round.

With --against REV, the same games are played by revision REV's rules/ (taken with `git
archive` into a temporary folder; or a folder REV holding another tree, as it is), rounds
alternating between the two trees, and the figures are given with their ratio. Where both trees play the same games (the same number of steps)
they are compared by games per CPU-second; where a rule differs between them, so do the
games, and they are compared by steps per CPU-second, which is said.

With --compiled (a game whose engine the Docker image compiles), this tree is measured as the
compiled build (setup.py with CHAUPAL_MYPYC=1), built with mypyc into a temporary copy first
(not timed; it needs the dev extras' mypy and a C compiler); the worker checks that the engine
it plays is the compiled one. With --against, the other tree stays pure Python.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from results import record
from revision import against_tree

REPO = Path(__file__).resolve().parents[1]
MAX_STEPS = 20_000
BY_GAMES = ("games_per_cpu_second", "median_round", "worst_round")
BY_STEPS = ("steps_per_cpu_second", "steps_median_round", "steps_worst_round")


@dataclass(frozen=True)
class EngineBench:
    """A game's engine bench: its rules package (`rules.rajas`), its options' class name, the
    players of game k, the goal in games per CPU-second, the state's field a game's length is
    counted by (`round`, `turn`; None: not counted), and the script that runs it (its workers
    run it again); the games a run plays unless told, and the engine module whose compiled
    build `--compiled` measures (None: no such option)."""

    package: str
    options: str
    players: Callable[[int], int]
    goal: int
    length: str | None
    script: str
    games: int = 1_000
    compiled: str | None = None

    @property
    def per_game(self) -> str | None:
        return f"{self.length}s_per_game" if self.length else None


def play(bench: EngineBench, k: int) -> tuple[int, int, bool]:
    """Game k: its steps, its length, and whether it ended with a ranking."""
    rules = importlib.import_module(bench.package)
    game = rules.GAME
    uniform = random.Random(k).random

    def below(n: int) -> int:
        return int(uniform() * n)

    s = game.new_game(getattr(rules, bench.options)(), game.info.seats_for(bench.players(k)))
    steps = 0
    chance, deal, legal, apply = game.chance, game.deal, game.legal_actions, game.apply
    while s.phase != "over" and steps < MAX_STEPS:
        if chance(s) is None:
            actions = legal(s)
            a = actions[int(uniform() * len(actions))]
        else:
            a = deal(s, below)
        s = apply(s, a)
        steps += 1
    length = getattr(s, bench.length) if bench.length else 0
    return steps, length, game.result(s) is not None


def worker(bench: EngineBench, root: str, games: int) -> None:
    """Play the games with the tree at `root`; print one JSON line."""
    sys.path.insert(0, root)
    rules = importlib.import_module(bench.package)
    if not str(Path(rules.__file__ or "?").resolve()).startswith(str(Path(root).resolve())):
        raise SystemExit(f"rules was imported from {rules.__file__}, not from {root}")
    play(bench, 0)  # load the data files before timing
    crashes: list[str] = []
    unended = steps = length = 0
    c0 = time.process_time()
    for k in range(games):
        try:
            n, r, ended = play(bench, k)
        except Exception:
            crashes.append(f"game {k}: {traceback.format_exc(limit=3)}")
            continue
        steps += n
        length += r
        unended += not ended
    cpu = max(time.process_time() - c0, 1e-9)
    out: dict[str, object] = {"cpu": cpu, "steps": steps, "length": length}
    out |= {"crashes": len(crashes), "unended": unended}
    if bench.compiled:
        engine = importlib.import_module(bench.compiled)
        out["compiled"] = not (engine.__file__ or "").endswith(".py")
    print(json.dumps(out), flush=True)
    for c in crashes[:3]:
        print(c, file=sys.stderr)


def run(bench: EngineBench, root: Path, games: int) -> dict[str, float]:
    cmd = [sys.executable, bench.script, "--worker", str(root), "--games", str(games)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=root)
    sys.stderr.write(out.stderr)
    if out.returncode:
        raise SystemExit(f"the worker for {root} failed")
    result: dict[str, float] = json.loads(out.stdout.splitlines()[-1])
    return result


def figures(bench: EngineBench, results: list[dict[str, float]], games: int) -> dict[str, float]:
    rates = sorted(games / r["cpu"] for r in results)
    cpu = min(r["cpu"] for r in results)
    played = max(games - int(results[0]["crashes"]), 1)
    steps = results[0]["steps"]
    step_rates = sorted(steps / r["cpu"] for r in results)
    compiled = {"compiled": results[0]["compiled"]} if "compiled" in results[0] else {}
    return compiled | {
        "cpu_seconds": round(cpu, 3),
        "crashes": max(r["crashes"] for r in results),
        "unended": max(r["unended"] for r in results),
        "games_per_cpu_second": round(rates[-1], 1),
        "median_round": round(statistics.median(rates), 1),
        "worst_round": round(rates[0], 1),
        "steps_per_cpu_second": round(step_rates[-1]),
        "steps_median_round": round(statistics.median(step_rates)),
        "steps_worst_round": round(step_rates[0]),
        "steps_per_game": round(steps / played, 1),
        **({bench.per_game: round(results[0]["length"] / played, 1)} if bench.per_game else {}),
        "us_per_step": round(cpu / max(steps, 1) * 1e6, 2),
    }


def main(bench: EngineBench, doc: str) -> None:
    p = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=bench.games)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--against", metavar="REV", help="another git revision to compare with")
    if bench.compiled:
        p.add_argument("--compiled", action="store_true", help="this tree built with mypyc")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker(bench, args.worker, args.games)
        return
    compiled = bool(getattr(args, "compiled", False))
    here: list[dict[str, float]] = []
    there: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as built:
        other = against_tree(args.against, Path(tmp), "rules") if args.against else Path(tmp)
        tree = compile_tree(Path(built)) if compiled else REPO
        for _ in range(args.rounds):  # alternate, so that a busy spell hits both trees
            here.append(run(bench, tree, args.games))
            if compiled and not here[-1]["compiled"]:
                raise SystemExit("the compiled build's engine was not the one played")
            if args.against:
                there.append(run(bench, other, args.games))
    a = figures(bench, here, args.games)
    b = figures(bench, there, args.games) if there else None
    same = not there or here[0]["steps"] == there[0]["steps"]
    report(bench, args, a, b, same)
    if a["crashes"] or a["unended"]:
        raise SystemExit(1)


def compile_tree(into: Path) -> Path:
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
    return into


def report(
    bench: EngineBench,
    args: argparse.Namespace,
    a: dict[str, float],
    b: dict[str, float] | None,
    same: bool,
) -> None:
    """The figures, recorded and printed; against another tree, their ratios: by games when
    both played the same games, else by steps."""
    keys = BY_GAMES if same else BY_STEPS
    out: dict[str, object] = {"games": args.games, "rounds": args.rounds, "this": a}
    if b is not None:
        ratio = round(a[keys[0]] / b[keys[0]], 3)
        out |= {"against": args.against, "other": b, "ratio": ratio, "by": keys[0]}
    record(args, out, Path(bench.script).stem)
    goal = f"{'goal':22} >= {bench.goal} games per CPU-second"
    if args.json:
        print(json.dumps(out))
    elif b is None:
        for key, value in a.items():
            print(f"{key:22} {value}")
        print(goal)
    else:
        print(f"games: {args.games}, rounds: {args.rounds} (best, median and worst round)")
        if not same:
            print(
                f"the trees played different games ({a['steps_per_game']} and "
                f"{b['steps_per_game']} steps a game: a rule differs), so they are compared "
                "by steps per CPU-second"
            )
        print(f"{'':22}{'this tree':>12}{args.against:>14}{'ratio':>8}")
        for key in keys:
            print(f"{key:22}{a[key]:12.1f}{b[key]:14.1f}{a[key] / b[key]:8.2f}")
        shown = ("us_per_step", "steps_per_game", bench.per_game, "crashes", "unended", "compiled")
        for key in (k for k in shown if k in a):
            print(f"{key:22}{a[key]!s:>12}{b[key]!s:>14}")
        print(goal)
