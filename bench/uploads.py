"""Cost of hostile-size uploads: CPU time per import step as the log grows (it
should stay flat: replay is linear), and CPU time to read deck files and exports at the limits.

python bench/uploads.py [--steps 2500,5000,10000,20000] [--export-steps 20000]
    [--deck-chars 61200]

The defaults are the limits (an export's most steps, 90% of a deck file's most characters).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import yaml
from results import record

from db.export import parse_export
from db.models import MAX_EXPORT_ACTIONS
from rules import vijayanagara
from rules.vijayanagara.cards import DECK_MAX_CHARS, load_deck_text


def gives(steps: int) -> list[vijayanagara.Give]:
    d, b = vijayanagara.Faction.D, vijayanagara.Faction.B
    return [
        vijayanagara.Give(
            giver=d if i % 2 == 0 else b, receiver=b if i % 2 == 0 else d, resources=1
        )
        for i in range(steps)
    ]


def replay_cpu(steps: int) -> float:
    state = vijayanagara.new_game(1)
    actions = gives(steps)
    start = time.process_time()
    for a in actions:
        state = vijayanagara.apply(state, a)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--steps", default=f"2500,5000,10000,{MAX_EXPORT_ACTIONS}", help="replays")
    p.add_argument("--export-steps", type=int, default=MAX_EXPORT_ACTIONS)
    p.add_argument("--deck-chars", type=int, default=int(DECK_MAX_CHARS * 0.9))
    args = p.parse_args(argv)
    vijayanagara.new_game(0)
    print("replay of n trades (the log grows by one line a step):")
    base: float | None = None
    replays = []
    for n in (int(x) for x in args.steps.split(",")):
        cpu = replay_cpu(n)
        per = cpu / n * 1e6
        base = base or per
        print(f"  n={n:>6}: {cpu:6.2f} s CPU, {per:6.1f} us/step, per-step ratio {per / base:.2f}")
        replays.append({"steps": n, "cpu_seconds": cpu, "us_per_step": per})

    export = {
        "seed": 1,
        "actions": [{"action": a.model_dump(mode="json")} for a in gives(args.export_steps)],
    }
    raw = json.dumps(export, indent=1).encode()
    start = time.process_time()
    parse_export(raw)
    parse = time.process_time() - start
    print(f"parse of a {args.export_steps}-step export ({len(raw):,} bytes): {parse:.2f} s CPU")

    deck = Path(__file__).resolve().parent.parent / "rules" / "vijayanagara" / "data" / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    doc = yaml.safe_load(text) if len(text) < args.deck_chars else None
    while doc is not None and len(text) < args.deck_chars:  # the same cards, flavor padded
        for card in doc["cards"]:
            card["flavor"] = (card.get("flavor", "") + " More history.")[:1000]
        text = yaml.safe_dump(doc)
        if all(len(c["flavor"]) >= 1000 for c in doc["cards"]):
            break
    start = time.process_time()
    load_deck_text(text)
    deck_cpu = time.process_time() - start
    print(f"read and check a {len(text):,}-character deck file: {deck_cpu:.2f} s CPU")
    record(
        args,
        {
            "replays": replays,
            "export_bytes": len(raw),
            "export_parse_cpu_seconds": parse,
            "deck_chars": len(text),
            "deck_cpu_seconds": deck_cpu,
        },
    )


if __name__ == "__main__":
    main()
