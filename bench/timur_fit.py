"""Delhi's end-of-game adjustment (5.1) played out against `ai.vijayanagara.timur`'s expectation of it.

    python bench/timur_fit.py [--plays 16] [--seed 1] [--steps 30]

Puts M Mongol Invaders in the Mountain Passes and U Sultanate Troops on Timur's route (all in
Delhi, or all in the Passes) of a mid-game position (`--steps` of `easy` from the start),
Delhi without Cavalry; runs the rules' own
Timur Invades Delhi sequence (2.6; Delhi's casualty choices by `easy`) `--plays` times with
different dice, and prints the mean adjustment beside the expectation `ai.vijayanagara.timur` judges
positions by.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.budget import Budget  # noqa: E402, I001
from ai.vijayanagara import decide  # noqa: E402
from rules import vijayanagara  # noqa: E402
from ai.vijayanagara.timur import expected_adjustment  # noqa: E402
from rules.vijayanagara import TIMUR_ROUTE, Faction, GameState, Piece  # noqa: E402
from rules.vijayanagara.engine import MACHINE, push  # noqa: E402
from rules.vijayanagara.rng import seed_state  # noqa: E402
from results import record  # noqa: E402

INVADERS = (6, 9, 12)
UNITS = range(0, 21, 4)
WHERE = {"in Delhi": 2, "in the Passes": 0}  # index on the route


def mid_game(seed: int, steps: int) -> GameState:
    state = vijayanagara.new_game(seed)
    r = random.Random(seed)
    for _ in range(steps):
        state = vijayanagara.apply(state, decide(state, "easy", r, Budget(iterations=1)))
    return state


def placed(base: GameState, invaders: int, troops: int, at: int) -> GameState:
    st = base.clone()
    for i, space in enumerate(TIMUR_ROUTE):
        pieces = st.spaces[space].pieces
        for piece in (Piece.MONGOL, *vijayanagara.UNIT_KINDS[Faction.D]):
            pieces.pop(piece, None)
        if i == 0 and invaders:
            pieces[Piece.MONGOL] = invaders
        if i == at and troops:
            pieces[Piece.TROOP] = troops
    st.timurid_drawn = 1
    st.cavalry[Faction.D] = 0  # none left for the last battles: the cautious case
    return st


def timur(st: GameState, dice: int) -> int:
    """2.6 from this position to the end, the dice dealt from `dice`."""
    st.rng = seed_state(dice)
    st.frames.clear()
    push(st, "timur", None, step=0)
    MACHINE.advance(st)
    r = random.Random(dice)
    while not st.game_over:
        st = vijayanagara.apply(st, decide(st, "easy", r, Budget(iterations=1)))
    assert st.delhi_adjustment is not None
    return st.delhi_adjustment


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plays", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=30, help="easy's steps before the position")
    args = ap.parse_args()
    base = mid_game(args.seed, args.steps)
    print("Troops:", " ".join(f"{u:>11}" for u in UNITS), "  (played / expected)")
    rows = []
    for where, at in WHERE.items():
        for m in INVADERS:
            cells = []
            for u in UNITS:
                st = placed(base, m, u, at)
                played = statistics.mean(
                    timur(st.clone(), args.seed * 100_000 + m * 1000 + u * 10 + k)
                    for k in range(args.plays)
                )
                expected = expected_adjustment(st)
                cells.append(f"{played:+5.1f}/{expected:+5.1f}")
                rows.append(
                    {
                        "invaders": m,
                        "where": where,
                        "troops": u,
                        "played": played,
                        "expected": expected,
                    }
                )
            print(f"{m:>2} Invaders, Troops {where}:", " ".join(cells))
    record(args, {"adjustments": rows})


if __name__ == "__main__":
    main()
