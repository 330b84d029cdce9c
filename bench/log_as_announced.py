"""Does the log a player reads (`log`) tell each game's lines as its announcements told them?
Random games of every game the bot hosts through GameService, people choosing at random, alone
or with AIs in the last seats; the channel rebuilt from the replies as Discord shows it, and
the log read every few steps in a long window and a short one (tests/told_channel.py).

    python bench/log_as_announced.py [--games 30] [--seed 0] [--every 10] [--kinds rajas ...]
        [--asides 0.05]

Each game is played with people alone and with AIs (the table's first level), each as Discord
shows it (its messages' length bounded: the lines compared) and in messages of any length
(the lines and each message compared). With --asides, people also take steps aside at random
(an offer, a gift, a chit: whatever the game lets them take out of turn) before that share of
the steps, and the lines alone are compared (a step for a person by name goes on in a new
message that pings them, as a full message goes on). Prints per game and seating the games
whose log and channel differ (with the first difference of the first one) and the CPU time.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from results import record  # noqa: E402
from told_channel import UNBOUNDED, played_and_read, service  # noqa: E402

from bot.discord.front_end import DISCORD  # noqa: E402
from bot.table.front_end import FrontEnd  # noqa: E402
from bot.table.registry import games  # noqa: E402


async def run(
    kind: str, first: int, count: int, ais: int, every: int, front: FrontEnd, asides: float
) -> list[tuple[int, str]]:
    failed: list[tuple[int, str]] = []
    for seed in range(first, first + count):
        with tempfile.TemporaryDirectory() as folder:
            svc = await service(Path(folder), front)
            try:
                found = await played_and_read(svc, kind, seed, ais, every, (200, 20), asides)
            finally:
                await svc.close()
        if found:
            failed.append((seed, found))
    return failed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=30, help="games per game and seating")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed")
    p.add_argument("--every", type=int, default=10, help="steps between two reads of the log")
    p.add_argument("--kinds", nargs="*", default=[g.info.id for g in games()])
    p.add_argument(
        "--asides", type=float, default=0.0, help="the chance a person steps aside before a step"
    )
    a = p.parse_args(argv)
    bad = 0
    figures: dict[str, object] = {}
    for kind in a.kinds:
        seats = next(g for g in games() if g.info.id == kind).info.min_players
        for ais, front in (
            (0, DISCORD),
            (0, UNBOUNDED),
            (seats - 1, UNBOUNDED),
            (seats - 1, DISCORD),
        ):
            start = time.process_time()
            failed = asyncio.run(run(kind, a.seed, a.games, ais, a.every, front, a.asides))
            cpu = time.process_time() - start
            seating = "people only" if ais == 0 else f"{ais} AI seats"
            seating += ", Discord's messages" if front.message_limit else ", by messages"
            print(f"{kind}, {seating}: {len(failed)} of {a.games} games differ ({cpu:.1f} s CPU)")
            for seed, found in failed[:1]:
                print(f"  seed {seed}: {found}")
            bad += len(failed)
            figures[f"{kind}, {seating}"] = {"differ": len(failed), "cpu_seconds": round(cpu, 2)}
    print(f"games whose log differs from the channel: {bad}")
    figures["differ"] = bad
    record(a, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
