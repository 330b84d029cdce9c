"""Render benchmark: median time and PNG size of render.board over ~30 renders.

Run: python bench/render.py [N]   (goal: under 80 ms and 500 KB per board)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name would hide the
# `render` package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parents[1])

import render  # noqa: E402
from render.examples import playout  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    states = [playout(seed=s, steps=40 * s) for s in range(1, 6)]
    render.board(states[0])  # warm the caches (fonts, masks, the static map layers)
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for i in range(n):
        state = states[i % len(states)]
        t0, c0 = time.perf_counter(), time.process_time()
        png = render.board(state)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        sizes.append(len(png))
    print(f"renders: {n}  size: {render.WIDTH}x{render.HEIGHT}")
    print(f"median time: {statistics.median(times) * 1000:.1f} ms  (min {min(times) * 1000:.1f})")
    print(
        f"median CPU time: {statistics.median(cpu) * 1000:.1f} ms  (wall time suffers on a busy machine)"
    )
    print(f"median PNG: {statistics.median(sizes) / 1024:.0f} KB  (max {max(sizes) / 1024:.0f})")


if __name__ == "__main__":
    main()
