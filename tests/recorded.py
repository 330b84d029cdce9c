"""Recorded random games: the engine's behaviour fixed before its core was rewritten.

Each game is a seeded `vijayanagara.new_game(seed)` played by `random.Random(seed)` choosing among
`legal_actions` (sometimes a trade (1.5.2) or an undo instead). A record keeps, per step, the
number of legal actions and the chosen action's text, a digest of every prompt, and at the
end the game part of the final state (not the log or the undo storage).

python tests/recorded.py   rewrites tests/fixtures/recorded_games.json (only on purpose)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playout import random_trade

from rules import vijayanagara

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "recorded_games.json"
MAX_STEPS = 20_000

# The game part of a state: what a player could see on the table, plus the seeded dealer.
GAME_FIELDS = (
    "seed", "rng", "order", "spaces", "available", "resources", "cavalry", "cavalry_pool",
    "influence", "slots", "dynasty", "piles", "discards", "current_card", "eligible",
    "next_eligibility", "card", "timurid_drawn", "game_over", "delhi_adjustment",
    "actions_taken", "reveals", "last_actor", "touched", "turn_touched", "turn_of",
)  # fmt: skip


class Spec(TypedDict):
    seed: int
    timurs_shadow: bool
    trade_every: int
    undo_every: int


class Record(Spec):
    steps: list[tuple[int, str]]  # (legal actions offered, the action taken)
    prompts: str  # sha256 of every prompt's text, one a line
    final: dict[str, object]


SPECS: list[Spec] = [
    Spec(seed=s, timurs_shadow=s == 9, trade_every=(0, 0, 29, 41)[s % 4], undo_every=(0, 17)[s % 2])
    for s in range(12)
]


def game_part(state: vijayanagara.GameState) -> dict[str, object]:
    dumped = state.model_dump(mode="json", include=set(GAME_FIELDS))
    dumped["score"] = {f.value: n for f, n in vijayanagara.score(state).items()}
    dumped["ranking"] = [f.value for f in vijayanagara.ranking(state)]
    return dumped


def record(spec: Spec) -> Record:
    r = random.Random(spec["seed"])
    state = vijayanagara.new_game(
        spec["seed"], vijayanagara.GameOptions(timurs_shadow=spec["timurs_shadow"])
    )
    steps: list[tuple[int, str]] = []
    prompts = hashlib.sha256()
    for step in range(MAX_STEPS):
        if state.game_over:
            break
        prompts.update(vijayanagara.prompt(state).text.encode() + b"\n")
        legal = vijayanagara.legal_actions(state)
        action: vijayanagara.Action | None = None
        if spec["trade_every"] and step % spec["trade_every"] == spec["trade_every"] - 1:
            action = random_trade(r, state)
        if spec["undo_every"] and step % spec["undo_every"] == 3 and vijayanagara.can_undo(state):
            action = vijayanagara.Undo()
        if action is None:
            action = r.choice(legal)
        steps.append((len(legal), vijayanagara.describe(state, action)))
        state = vijayanagara.apply(state, action)
    assert state.game_over, f"seed {spec['seed']}: no end in {MAX_STEPS} steps"
    return Record(
        seed=spec["seed"],
        timurs_shadow=spec["timurs_shadow"],
        trade_every=spec["trade_every"],
        undo_every=spec["undo_every"],
        steps=steps,
        prompts=prompts.hexdigest(),
        final=game_part(state),
    )


def main() -> None:
    records = [record(spec) for spec in SPECS]
    FIXTURE.write_text(json.dumps(records, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{FIXTURE}: {len(records)} games, {sum(len(r['steps']) for r in records)} steps")


if __name__ == "__main__":
    main()
