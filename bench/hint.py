"""How long a hint takes: its wall time against its budget (a wall-clock budget: a person is
waiting), the CPU time it used, and the wait a player sees.

    python bench/hint.py [--positions 6] [--seconds 3.0] [--service 3]

Part one calls the worker's `advise` in this process on positions of seeded random games (the
start of a turn and the middle of one) and prints, per position, the wall time it took against
the budget, the CPU time (process_time) and the length of the turn it suggests. Part two asks
GameService for `--service` hints in a row, as `/vj hint` does (a spawned worker pool, the
state sent to it and the answer back, the same budget), and prints each one's wall time: the
first one starts the pool within its budget (the budget runs from the request, so the start
leaves the search less time). With a tiny budget (`--seconds 0.05`) the wall times are the
service's own overhead. On a loaded machine the hint keeps to its time and sees fewer futures.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from results import record  # noqa: E402

from bot.table.ai_worker import advise  # noqa: E402
from bot.table.registry import registry  # noqa: E402
from bot.table.service import GameService  # noqa: E402
from rules import vijayanagara  # noqa: E402
from rules.vijayanagara.game import GAME  # noqa: E402

ADVISER = registry().adviser(GAME.info.id)

SEATS = {vijayanagara.Faction.D: 1, vijayanagara.Faction.B: 2, vijayanagara.Faction.V: 3}


def position(seed: int, steps: int) -> vijayanagara.GameState:
    """A seeded random game after `steps` steps, then on to someone's decision."""
    r = random.Random(seed)
    st = vijayanagara.new_game(seed)
    for _ in range(steps):
        if st.game_over:
            break
        st = vijayanagara.apply(st, r.choice(vijayanagara.legal_actions(st)))
    while not st.game_over and vijayanagara.prompt(st).faction is None:
        st = vijayanagara.apply(st, r.choice(vijayanagara.legal_actions(st)))
    return st


def in_process(positions: int, seconds: float) -> dict[str, float]:
    print(f"advise() in this process, budget {seconds:.2f} s of wall time")
    cpu, wall = [], []
    for i in range(positions):
        st = position(100 + i, (0, 30, 60)[i % 3])
        seat = vijayanagara.decider(st)
        if seat is None:
            continue
        view = GAME.view(st, seat.value)
        c0, w0 = time.process_time(), time.perf_counter()
        hint = advise(ADVISER, view, seat.value, f"bench:{i}", time.monotonic() + seconds)
        c, w = time.process_time() - c0, time.perf_counter() - w0
        cpu.append(c)
        wall.append(w)
        steps = vijayanagara.count_of(len(hint.order.split(";")), "step")
        print(f"  position {i}: wall {w:.3f} s, CPU {c:.3f} s, the suggestion {steps}")
    print(
        f"  wall: median {statistics.median(wall):.3f} s, max {max(wall):.3f} s "
        f"({max(wall) / seconds:.1%} of the budget); CPU: max {max(cpu):.3f} s"
    )
    return {
        "wall_median": statistics.median(wall),
        "wall_max": max(wall),
        "wall_max_of_budget": max(wall) / seconds,
        "cpu_max": max(cpu),
    }


async def through_service(hints: int, seconds: float) -> list[float]:
    print(f"GameService.ai.hint, {hints} in a row (a spawned worker pool), {seconds:.2f} s each")
    with tempfile.TemporaryDirectory() as folder:
        svc = await GameService.open(str(Path(folder) / "h.sqlite3"))
        svc.ai.hint_seconds = seconds
        try:
            await svc.lobby.create("bench", 1, seed=7, kind="vijayanagara")
            for f, uid in SEATS.items():
                await svc.lobby.join("bench", uid, f.value)
            await svc.lobby.start("bench", 1)
            game = await svc.store.open_game("bench")
            assert game is not None
            state = await svc.loader.state_of(game)
            faction = vijayanagara.decider(state)
            assert faction is not None
            walls = []
            for i in range(hints):
                w0 = time.perf_counter()
                reply = await svc.ai.hint("bench", SEATS[faction])
                w = time.perf_counter() - w0
                assert reply.ok, reply.text
                first = " (starts the pool)" if i == 0 else ""
                print(f"  hint {i + 1}: wall {w:.3f} s{first}")
                walls.append(w)
        finally:
            await svc.close()
    return walls


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--service", type=int, default=3)
    args = ap.parse_args()
    figures: dict[str, object] = {"in_process": in_process(args.positions, args.seconds)}
    if args.service:
        figures["service_walls"] = asyncio.run(through_service(args.service, args.seconds))
    record(args, figures)


if __name__ == "__main__":
    main()
