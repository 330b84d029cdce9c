"""How `hard`'s playouts choose a turn's option, against `easy` at the same decisions.

    python bench/playout_policy.py [--seed 40000] [--games 6] [--steps N]

Plays games with `easy` in every seat. At each choice of a turn's option (2.3.3: Event,
Command with or without a Decree, Limited Command, Pass) it also asks the playouts' step
(`hard.playout_step`: the best of a few sampled steps, each judged right after it) on the same
state, and prints per seat how often each picked each option. A Command is paid before its
pieces come, so judged one step in it loses to a Pass's Resources: the playouts pass far more
often than the player they stand for (docs/ai_strength.md, "Tried and dropped").
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import vijayanagara  # noqa: E402, I001
from ai.vijayanagara import easy, hard  # noqa: E402
from bench.arena import generators  # noqa: E402
from rules.vijayanagara import Action, Choose, Faction  # noqa: E402
from results import record  # noqa: E402

Tally = collections.Counter[tuple[Faction, str]]


def option(action: Action) -> str:
    return action.option if isinstance(action, Choose) else type(action).__name__


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=40000)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--steps", type=int, default=None, help="each game cut after N steps")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    played: Tally = collections.Counter()
    playouts: Tally = collections.Counter()
    for seed in range(args.seed, args.seed + args.games):
        gens = generators(seed)
        probe = random.Random(seed)
        state = vijayanagara.new_game(seed)
        steps = 0
        while not state.game_over and steps != args.steps:
            steps += 1
            seat = vijayanagara.prompt(state).faction
            assert seat is not None  # the seeded dealer resolves chance itself
            step = easy.choose(state, gens[seat])
            if (
                vijayanagara.prompt(state).kind == "turn"
                and len(vijayanagara.legal_actions(state)) > 1
            ):
                played[seat, option(step)] += 1
                guess = hard.playout_step(state, seat, probe)
                playouts[seat, option(guess)] += 1
            state = vijayanagara.apply(state, step)
    cut = f", cut after {args.steps} steps" if args.steps is not None else ""
    print(f"the turn's option, seeds {args.seed}-{args.seed + args.games - 1} (easy's games{cut})")
    for seat in vijayanagara.PLAYERS:
        for name, tally in (("easy", played), ("playouts", playouts)):
            total = sum(n for (f, _), n in tally.items() if f == seat)
            shares = ", ".join(
                f"{o} {n / total:.2f}" for (f, o), n in sorted(tally.items()) if f == seat
            )
            print(f"  {seat.value} {name:9s} ({total} choices): {shares}")
    record(
        args,
        {
            name: {f"{f.value} {o}": n for (f, o), n in sorted(tally.items())}
            for name, tally in (("easy", played), ("playouts", playouts))
        },
    )


if __name__ == "__main__":
    main()
