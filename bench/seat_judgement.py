"""`easy` in every seat, one seat ranking its steps by other weights: paired games that tell
whether a change to a seat's judgement wins more (docs/ai_strength.md, "Vijayanagara").

    python bench/seat_judgement.py --seat B --games 400 --seed 20000 --jobs 2 \\
        --judgement '{"resource": 0.4}' [--judgement '{"resource": 0.4, "control": 0.8}' ...]
        [--steps N]

`--steps N` cuts each game after N steps and ranks the seats as they stand then (5.0's
order): a quick look, not a measure.

Game k is dealt by seed S+k and every seat's generator is seeded as bench.arena seeds it, so
with `easy`'s own weights these are `bench.arena --ai easy --vs easy --seats SEAT` games, and
each judgement's games differ from them only by how the seat weighs its steps. Prints one JSON
object: `easy`'s wins in the seat, and per judgement its wins, the games only it won and the
games only `easy` won (what a paired comparison counts).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import vijayanagara  # noqa: E402, I001
from ai.vijayanagara import easy  # noqa: E402
from ai.vijayanagara.evaluate import EASY, Judgement  # noqa: E402
from bench.arena import generators  # noqa: E402
from db.safe_json import JsonError, load_json  # noqa: E402
from bench.results import record  # noqa: E402

MAX_GAMES = 10_000
WEIGHTS = {f.name for f in dataclasses.fields(Judgement)}


def judgement_of(text: str) -> Judgement:
    """A judgement from JSON naming some of its weights (the rest are `easy`'s)."""
    try:
        given = load_json(text)
    except JsonError as e:
        raise argparse.ArgumentTypeError(f"--judgement: {e}") from None
    if not isinstance(given, dict) or not set(given) <= WEIGHTS:
        raise argparse.ArgumentTypeError(
            f"--judgement takes an object of {', '.join(sorted(WEIGHTS))}, got {text!r}"
        )
    try:
        return TypeAdapter(Judgement).validate_json(text, strict=True)
    except ValidationError as e:
        wrong = "; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())
        raise argparse.ArgumentTypeError(f"--judgement {text!r}: {wrong}") from None


def won(
    seed: int, seat: vijayanagara.Faction, judgement: Judgement, steps: int | None = None
) -> bool:
    """One game: `easy` everywhere, the seat ranking its steps by `judgement`; first in the
    ranking at its end, or after `steps` steps."""
    gens = generators(seed)
    state = vijayanagara.new_game(seed)
    played = 0
    while not state.game_over and played != steps:
        played += 1
        who = vijayanagara.prompt(state).faction
        assert who is not None  # the seeded dealer resolves chance itself
        step = easy.choose(state, gens[who], judgement if who == seat else EASY)
        state = vijayanagara.apply(state, step)
    return vijayanagara.ranking(state)[0] == seat


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seat", type=vijayanagara.Faction, default=vijayanagara.Faction.B)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--judgement", type=judgement_of, action="append", required=True)
    parser.add_argument("--steps", type=int, help="cut each game after this many steps")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES or args.jobs < 1:
        parser.error(f"--games must be 1 to {MAX_GAMES} and --jobs at least 1")
    if args.steps is not None and args.steps < 1:
        parser.error("--steps must be at least 1")
    seeds = range(args.seed, args.seed + args.games)
    wins: dict[Judgement, set[int]] = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for j in (EASY, *args.judgement):
            if j not in wins:
                n = len(seeds)
                outcomes = pool.map(won, seeds, [args.seat] * n, [j] * n, [args.steps] * n)
                wins[j] = {s for s, w in zip(seeds, outcomes, strict=True) if w}
    base = wins[EASY]
    report = {
        "seat": args.seat.value,
        "games": args.games,
        "seed": args.seed,
        "easy": len(base),
        "judgements": [
            {
                "judgement": dataclasses.asdict(j),
                "wins": len(wins[j]),
                "only_it": len(wins[j] - base),
                "only_easy": len(base - wins[j]),
            }
            for j in args.judgement
        ],
    }
    print(json.dumps(report))
    record(args, report)


if __name__ == "__main__":
    main()
