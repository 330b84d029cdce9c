"""Engine speed on one core: full random games and steps per CPU-second.

    python bench/engine.py [--games N] [--rounds R] [--against REV | --protocol] [--json]

The games: seeds 0..N-1, each a seeded `vijayanagara.new_game(seed)` played to its end by
`random.Random(seed)` choosing among `legal_actions` (the engine resolves dice and cards
itself). Time is CPU time (time.process_time) of the whole loop, data files loaded before;
a tree's figure is its best round. Goal: at least 100 games per CPU-second.

With --against REV, the same games are played by revision REV's rules/ (taken with `git
archive` into a temporary folder; or a folder REV holding another tree, as it is) in a
subprocess of the same run, rounds alternating between the two trees, and the figures are given
with their ratio. Both trees must play the same games (the same number of steps), or the
comparison is refused.

With --protocol, this tree plays the same games two ways, rounds alternating: by direct calls
of the rules package (`vijayanagara.new_game(None)`, `vijayanagara.chance` and `vijayanagara.sample` with a
seeded dealer at each chance node, `legal_actions`, `apply`) and through the Game protocol
(`rules.vijayanagara.game.GAME`: `new_game`, `chance`, `deal`, `legal_actions`, `apply`,
`result`), and gives the protocol's games per CPU-second as a ratio of the direct calls'.
Goal: at least 0.95.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

from results import record
from revision import against_tree

REPO = Path(__file__).resolve().parents[1]
vijayanagara: ModuleType  # the tree's Vijayanagara package, set by `worker`


def worker(root: str, games: int, how: str) -> None:
    """Play the games with the tree at `root` (`how`: seeded, direct or protocol); print
    one JSON line."""
    sys.path.insert(0, root)
    global vijayanagara
    # the game's package; in revisions before the games' subpackages, `rules` itself
    nested = (Path(root) / "rules" / "vijayanagara").is_dir()
    vijayanagara = importlib.import_module("rules.vijayanagara" if nested else "rules")

    if not str(Path(vijayanagara.__file__ or "?").resolve()).startswith(str(Path(root).resolve())):
        raise SystemExit(f"rules was imported from {vijayanagara.__file__}, not from {root}")
    vijayanagara.new_game(0)  # load the data files before timing
    if how == "protocol":
        importlib.import_module("rules.vijayanagara.game")  # loaded before timing
    play = {"seeded": seeded, "direct": direct, "protocol": protocol}[how]
    c0 = time.process_time()
    steps = sum(play(seed) for seed in range(games))
    print(json.dumps({"cpu": time.process_time() - c0, "steps": steps}), flush=True)


def seeded(seed: int) -> int:
    """A game with the seeded dealer in the state; its steps."""
    pick = random.Random(seed)
    state = vijayanagara.new_game(seed)
    steps = 0
    while not state.game_over:
        state = vijayanagara.apply(state, pick.choice(vijayanagara.legal_actions(state)))
        steps += 1
    return steps


def direct(seed: int) -> int:
    """A game that stops at chance nodes, dealt by the caller, by direct calls."""
    pick, dealer = random.Random(seed), random.Random(10_000 + seed)
    state = vijayanagara.new_game(None)
    steps = 0
    while not state.game_over:
        node = vijayanagara.chance(state)
        if node is not None:
            action = vijayanagara.sample(state, node, dealer.randrange)
        else:
            action = pick.choice(vijayanagara.legal_actions(state))
        state = vijayanagara.apply(state, action)
        steps += 1
    return steps


def protocol(seed: int) -> int:
    """The same game as `direct`, through the Game protocol."""
    from rules.vijayanagara.game import GAME as g

    pick, dealer = random.Random(seed), random.Random(10_000 + seed)
    state = g.new_game(g.info.options(), g.info.seats)
    steps = 0
    while g.result(state) is None:
        if g.chance(state) is not None:
            action = g.deal(state, dealer.randrange)
        else:
            action = pick.choice(g.legal_actions(state))
        state = g.apply(state, action)
        steps += 1
    return steps


def run(root: Path, games: int, how: str = "seeded") -> dict[str, float]:
    cmd = [sys.executable, __file__, "--worker", str(root), "--games", str(games), "--how", how]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=root)
    result: dict[str, float] = json.loads(out.stdout.splitlines()[-1])
    return result


def figures(results: list[dict[str, float]], games: int) -> dict[str, float]:
    cpu = min(r["cpu"] for r in results)
    steps = results[0]["steps"]
    return {
        "cpu_seconds": cpu,
        "steps": steps,
        "games_per_cpu_second": games / cpu,
        "steps_per_cpu_second": steps / cpu,
        "us_per_step": cpu / steps * 1e6,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--against", metavar="REV", help="another git revision to compare with")
    p.add_argument("--protocol", action="store_true", help="direct calls against the Game protocol")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    p.add_argument("--how", default="seeded", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker(args.worker, args.games, args.how)
        return
    if args.protocol:
        compare_protocol(args)
        return
    here: list[dict[str, float]] = []
    there: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        other = against_tree(args.against, Path(tmp), "rules") if args.against else Path(tmp)
        for _ in range(args.rounds):  # alternate, so that a busy spell hits both trees
            here.append(run(REPO, args.games))
            if args.against:
                there.append(run(other, args.games))
    a = figures(here, args.games)
    b = figures(there, args.games) if there else None
    if b is not None and a["steps"] != b["steps"]:
        raise SystemExit(f"the trees played different games: {a['steps']} and {b['steps']} steps")
    out: dict[str, object] = {"games": args.games, "rounds": args.rounds, "this": a}
    if b is not None:
        out |= {"against": args.against, "other": b, "ratio": b["cpu_seconds"] / a["cpu_seconds"]}
    record(args, out)
    if args.json:
        print(json.dumps(out))
        return
    print(f"games: {args.games}, steps: {a['steps']:.0f}, rounds: {args.rounds} (best of)")
    if b is None:
        print(f"games per CPU-second: {a['games_per_cpu_second']:.1f}   (goal >= 100)")
        print(f"steps per CPU-second: {a['steps_per_cpu_second']:.0f}")
        print(f"CPU per step: {a['us_per_step']:.0f} us")
        return
    print(f"{'':22}{'this tree':>12}{args.against:>14}{'ratio':>8}")
    for key, label in (
        ("games_per_cpu_second", "games per CPU-second"),
        ("steps_per_cpu_second", "steps per CPU-second"),
    ):
        print(f"{label:22}{a[key]:12.1f}{b[key]:14.1f}{a[key] / b[key]:8.2f}")
    print(f"{'CPU per step (us)':22}{a['us_per_step']:12.0f}{b['us_per_step']:14.0f}")


def compare_protocol(args: argparse.Namespace) -> None:
    games, rounds = args.games, args.rounds
    direct_runs: list[dict[str, float]] = []
    protocol_runs: list[dict[str, float]] = []
    for _ in range(rounds):  # alternate, so that a busy spell hits both
        direct_runs.append(run(REPO, games, "direct"))
        protocol_runs.append(run(REPO, games, "protocol"))
    a, b = figures(direct_runs, games), figures(protocol_runs, games)
    if a["steps"] != b["steps"]:
        raise SystemExit(f"the two ways played different games: {a['steps']} and {b['steps']}")
    ratio = b["games_per_cpu_second"] / a["games_per_cpu_second"]
    out = {"games": games, "rounds": rounds, "direct": a, "protocol": b, "ratio": ratio}
    record(args, out)
    if args.json:
        print(json.dumps(out))
        return
    print(f"games: {games}, steps: {a['steps']:.0f}, rounds: {rounds} (best of)")
    print(f"{'':22}{'direct':>12}{'protocol':>12}{'ratio':>8}")
    for key, label in (
        ("games_per_cpu_second", "games per CPU-second"),
        ("steps_per_cpu_second", "steps per CPU-second"),
    ):
        print(f"{label:22}{a[key]:12.1f}{b[key]:12.1f}{b[key] / a[key]:8.3f}   (goal >= 0.95)")
    print(f"{'CPU per step (us)':22}{a['us_per_step']:12.0f}{b['us_per_step']:12.0f}")


if __name__ == "__main__":
    main()
