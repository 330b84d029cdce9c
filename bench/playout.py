"""The random-playout check at scale (tests/test_playout.py plays a sample): many seeds,
invariants after every step, each game ended and scored.

python bench/playout.py [seeds] [workers]      (default 10000 seeds, all cores)
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from results import record

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def _one(seed: int) -> tuple[int, str | None]:
    from playout import check_ended, play

    try:
        state, log = play(seed, trade_every=37 if seed % 4 == 0 else 0)
        check_ended(state)
    except Exception as exc:  # report every failing seed, keep going
        return seed, f"{type(exc).__name__}: {exc}"
    return len(log), None


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else None
    start = time.perf_counter()
    failures: list[tuple[int, str]] = []
    steps = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for seed, (n, err) in zip(
            range(seeds), pool.map(_one, range(seeds), chunksize=20), strict=True
        ):
            if err:
                failures.append((seed, err))
            else:
                steps += n
    elapsed = time.perf_counter() - start
    print(f"seeds: {seeds}, failures: {len(failures)}, steps: {steps}, seconds: {elapsed:.1f}")
    for seed, err in failures[:20]:
        print(f"  seed {seed}: {err}")
    figures = {"failures": len(failures), "steps": steps, "wall_seconds": elapsed}
    record({"seeds": seeds, "workers": workers}, figures | {"failed_seeds": failures[:20]})
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
