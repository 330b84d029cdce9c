"""Rajas of the Ganges' engine: random full games per CPU-second, and that every game ends.

    python bench/rajas_engine.py [--games N] [--rounds R] [--against REV] [--json]

Game k (0 <= k < N, default 1,000) has 2, 3 or 4 players (2 + k mod 3) and is played through
the Game protocol: chance steps dealt by `random.Random(k)`, every decision chosen uniformly
among `legal_actions` by the same generator. A game that raises, runs past a bound of steps,
or ends without a ranking is counted (and the first few listed). Time is CPU time
(time.process_time) of the whole loop, data files loaded before. Each of R rounds (default 1)
plays the N games in a fresh process; a tree's figure is its best round, and its spread the
worst and the median round. Goal: at least 300 games per CPU-second.

With --against REV, the same games are played by revision REV's rules/ (taken with
`git archive` into a temporary folder), rounds alternating between the two trees, and the
figures are given with their ratio. Where both trees play the same games (the same number of
steps: the same legal steps in the same order) they are compared by games per CPU-second;
where a rule differs between them, so do the games, and they are compared by steps per
CPU-second (the same mix of steps over this many random games), which is said.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from results import record
from revision import checkout

REPO = Path(__file__).resolve().parents[1]
GOAL = 300
MAX_STEPS = 20_000


def play(k: int) -> tuple[int, int, bool]:
    """Game k: its steps, its rounds, and whether it ended with a ranking."""
    from rules.rajas import GAME, RajasOptions

    uniform = random.Random(k).random

    def below(n: int) -> int:
        return int(uniform() * n)

    s = GAME.new_game(RajasOptions(), GAME.info.seats_for(2 + k % 3))
    steps = 0
    chance, deal, legal, apply = GAME.chance, GAME.deal, GAME.legal_actions, GAME.apply
    while s.phase != "over" and steps < MAX_STEPS:
        if chance(s) is None:
            actions = legal(s)
            a = actions[int(uniform() * len(actions))]
        else:
            a = deal(s, below)
        s = apply(s, a)
        steps += 1
    return steps, s.round, GAME.result(s) is not None


def worker(root: str, games: int) -> None:
    """Play the games with the tree at `root`; print one JSON line."""
    sys.path.insert(0, root)
    from rules import rajas

    if not str(Path(rajas.__file__ or "?").resolve()).startswith(str(Path(root).resolve())):
        raise SystemExit(f"rules was imported from {rajas.__file__}, not from {root}")
    play(0)  # load the data files before timing
    crashes: list[str] = []
    unended = steps = rounds = 0
    c0 = time.process_time()
    for k in range(games):
        try:
            n, r, ended = play(k)
        except Exception:
            crashes.append(f"game {k}: {traceback.format_exc(limit=3)}")
            continue
        steps += n
        rounds += r
        unended += not ended
    cpu = max(time.process_time() - c0, 1e-9)
    out = {"cpu": cpu, "steps": steps, "rounds": rounds, "crashes": len(crashes)}
    print(json.dumps(out | {"unended": unended}), flush=True)
    for c in crashes[:3]:
        print(c, file=sys.stderr)


def run(root: Path, games: int) -> dict[str, float]:
    cmd = [sys.executable, __file__, "--worker", str(root), "--games", str(games)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=root)
    sys.stderr.write(out.stderr)
    if out.returncode:
        raise SystemExit(f"the worker for {root} failed")
    result: dict[str, float] = json.loads(out.stdout.splitlines()[-1])
    return result


def figures(results: list[dict[str, float]], games: int) -> dict[str, float]:
    rates = sorted(games / r["cpu"] for r in results)
    cpu = min(r["cpu"] for r in results)
    played = max(games - int(results[0]["crashes"]), 1)
    steps = results[0]["steps"]
    step_rates = sorted(steps / r["cpu"] for r in results)
    return {
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
        "rounds_per_game": round(results[0]["rounds"] / played, 1),
        "us_per_step": round(cpu / max(steps, 1) * 1e6, 2),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=1_000)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--against", metavar="REV", help="another git revision to compare with")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker(args.worker, args.games)
        return
    here: list[dict[str, float]] = []
    there: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        if args.against:
            checkout(args.against, Path(tmp), "rules")
        for _ in range(args.rounds):  # alternate, so that a busy spell hits both trees
            here.append(run(REPO, args.games))
            if args.against:
                there.append(run(Path(tmp), args.games))
    a = figures(here, args.games)
    b = figures(there, args.games) if there else None
    same = not there or here[0]["steps"] == there[0]["steps"]
    report(args, a, b, same)
    if a["crashes"] or a["unended"]:
        raise SystemExit(1)


_BY_GAMES = ("games_per_cpu_second", "median_round", "worst_round")
_BY_STEPS = ("steps_per_cpu_second", "steps_median_round", "steps_worst_round")


def report(
    args: argparse.Namespace, a: dict[str, float], b: dict[str, float] | None, same: bool
) -> None:
    """The figures, recorded and printed; against another tree, their ratios: by games when
    both played the same games, else by steps."""
    keys = _BY_GAMES if same else _BY_STEPS
    out: dict[str, object] = {"games": args.games, "rounds": args.rounds, "this": a}
    if b is not None:
        ratio = round(a[keys[0]] / b[keys[0]], 3)
        out |= {"against": args.against, "other": b, "ratio": ratio, "by": keys[0]}
    record(args, out)
    if args.json:
        print(json.dumps(out))
    elif b is None:
        for key, value in a.items():
            print(f"{key:22} {value}")
        print(f"{'goal':22} >= {GOAL} games per CPU-second")
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
        for key in ("us_per_step", "steps_per_game", "rounds_per_game", "crashes", "unended"):
            print(f"{key:22}{a[key]!s:>12}{b[key]!s:>14}")
        print(f"{'goal':22} >= {GOAL} games per CPU-second")


if __name__ == "__main__":
    main()
