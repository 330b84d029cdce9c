"""Write example boards as PNG: `python -m render.vijayanagara.examples docs/`.

Three states: the setup (2.1), a mid-game state and a finished game, each reached by a seeded
random playout through vijayanagara.apply (the seed makes them the same on every run).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import GameState

from .compose import board


def setup_state(seed: int = 7) -> GameState:
    return vijayanagara.new_game(seed)


def playout(seed: int = 7, steps: int | None = None) -> GameState:
    """A random playout from `new_game(seed)`: `steps` actions, or to the end when None."""
    state = vijayanagara.new_game(seed)
    pick = random.Random(seed)  # a local generator: no global random state
    n = 0
    while not state.game_over and (steps is None or n < steps):
        state = vijayanagara.apply(state, pick.choice(vijayanagara.legal_actions(state)))
        n += 1
    return state


def examples() -> dict[str, GameState]:
    return {
        "board-setup.png": setup_state(),
        "board-midgame.png": playout(steps=160),
        "board-final.png": playout(),
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs")
    out.mkdir(parents=True, exist_ok=True)
    for name, state in examples().items():
        path = out / name
        path.write_bytes(board(state))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
