"""Successors: greedy's plans with other weights, against greedy; how `hard`'s were fitted.

    python bench/successors_weights.py [--set risk=3.0 ...] [--others voyage=0 ...]
        [--games 300] [--seed 5000] [--json]

Game g (seed..seed+N-1) has 3 players, dealt by `random.Random(g)`: the tested seat (the
(g mod 3)-th) chooses its home and its first purchases as greedy does, then plays greedy's
plans with the weights given (`--set NAME=VALUE`, a field of ai.successors.moves.Params,
repeated for several), and the other seats greedy (with `--others NAME=VALUE`, greedy with
those weights). A win is a first place (l.66-69). Prints the tested seat's wins with a 95 %
Wilson interval, and how many times a game its leader was captured (Q21); with no `--set`,
greedy's own weights (a third, but for the seats' luck).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.successors import greedy, policy
from ai.successors.moves import DEFAULT, Params
from bench import successors_arena as arena
from bench.arena_report import wilson
from bench.results import record
from rules.successors import Action, View


def weights(pairs: list[str]) -> Params:
    """Greedy's weights with `NAME=VALUE` changes."""
    fields = {f.name: f.type for f in dataclasses.fields(Params)}
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in fields:
            raise SystemExit(f"no weight {name!r}; the weights are {', '.join(fields)}")
        changes[name] = int(value) if fields[name] in (int, "int") else float(value)
    return dataclasses.replace(DEFAULT, **changes)


def weighed(params: Params) -> arena.Trial:
    """Greedy's player with these weights in play (its setup greedy's own)."""

    def choose(view: View, rng: random.Random) -> Action:
        if view.state.phase != "play":
            return greedy.choose(view, rng)
        aside = policy.aside_of(view)
        return aside if aside is not None else greedy.decide(view.state, params)

    return choose


def play(seed: int, tested_weights: Params, others: Params = DEFAULT) -> tuple[bool, int]:
    """Game `seed` (successors_arena's game): whether the tested seat came first, and how
    many times its leader was captured (Q21)."""
    tested = seed % 3
    trial = {tested: weighed(tested_weights)}
    if others != DEFAULT:
        trial |= {k: weighed(others) for k in range(3) if k != tested}
    game = arena.play(3, ("greedy",) * 3, seed, trial=trial)
    captured: list[int] = game["captured"]  # type: ignore[assignment]
    return game["winner"] == tested, captured[tested]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE, a weight changed")
    ap.add_argument(
        "--others", action="append", default=[], help="NAME=VALUE, the other seats' weight"
    )
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    tested, others = weights(args.set), weights(args.others)
    games = [play(g, tested, others) for g in range(args.seed, args.seed + args.games)]
    wins = sum(won for won, _ in games)
    captures = round(sum(n for _, n in games) / args.games, 2)
    low, high = wilson(wins, args.games)
    figures = {
        "weights": {
            k: v for k, v in dataclasses.asdict(tested).items() if v != getattr(DEFAULT, k)
        },
        "others": {k: v for k, v in dataclasses.asdict(others).items() if v != getattr(DEFAULT, k)},
        "games": args.games,
        "wins": wins,
        "rate": round(wins / args.games, 3),
        "interval95": [low, high],
        "leader_captured_per_game": captures,
    }
    record(args, figures)
    if args.json:
        print(json.dumps(figures))
        return
    changed = ", ".join(args.set) or "greedy's own weights"
    if args.others:
        changed += f" against {', '.join(args.others)}"
    print(
        f"{changed}: {wins} of {args.games} ({100 * wins / args.games:.0f} %, 95 %: {100 * low:.0f}-{100 * high:.0f} %); "
        f"its leader captured {captures} times a game (Q21)"
    )


if __name__ == "__main__":
    main()
