"""What a game costs to hold and to store: the state's JSON at every step of long
random games, the database bytes of a finished game played through the bot's service, and
the per-step cost of replaying an import of 2,500 and of 20,000 steps.

    python bench/state_size.py [--games 5] [--service-games 1] [--import-steps 2500,20000]

Prints the state JSON max and median bytes over every step; the bytes per finished game (the
sum of its rows' values over every table, as `Store.stored_bytes` counts them), by table; and
the CPU µs per step of the import replay at both lengths with their ratio (1.0: linear).
Runs on older revisions too (it uses the public API and reads the SQLite file directly).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from hostile import export_doc  # noqa: E402, I001

from rules import vijayanagara  # noqa: E402
from bot.table.exports import replay_export  # noqa: E402
from bot.table.registry import registry  # noqa: E402
from bot.table.renderer import Names  # noqa: E402
from bot.table.service import GameService  # noqa: E402
from db.export import parse_export  # noqa: E402
from results import record  # noqa: E402

GAME_TABLES = ("actions", "snapshots", "log_lines", "outbox", "turn_messages", "jobs", "paces")


@functools.cache  # the two imports begin with the same game, often one state_sizes played
def random_log(seed: int) -> list[vijayanagara.Action]:
    """A whole random game's actions, its chance entries dealt by a seeded dealer."""
    from playout import play

    return play(seed)[1]


def state_sizes(games: int) -> list[int]:
    sizes: list[int] = []
    for seed in range(games):
        state = vijayanagara.new_game(None)
        for action in random_log(seed):
            state = vijayanagara.apply(state, action)
            sizes.append(len(state.model_dump_json()))
    return sizes


def table_bytes(path: str, game_id: int) -> dict[str, int]:
    """The bytes of the game's rows, by table (values as UTF-8 text, as stored_bytes counts)."""
    conn = sqlite3.connect(path)
    out: dict[str, int] = {}
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    for table, key in [("games", "id"), *((t, "game_id") for t in GAME_TABLES)]:
        if table in tables:
            rows = conn.execute(f"SELECT * FROM {table} WHERE {key} = ?", (game_id,)).fetchall()
            out[table] = sum(len(str(v).encode()) for r in rows for v in r if v is not None)
    conn.close()
    return out


def no_picture(kind: str, view: object, names: Names | None = None) -> bytes:
    return b"png"  # what is stored is measured here, not the pictures


async def service_game(path: str, seed: int) -> tuple[int, int, dict[str, int]]:
    """One game played to its end through GameService, a random legal order at a time."""
    from service_playout import play_to_the_end

    svc = await GameService.open(path, no_picture, seed_source=lambda: seed)
    game = await play_to_the_end(svc, f"bench-{seed}", seed)
    await svc.close()
    return game.id, game.actions, table_bytes(path, game.id)


def import_export(steps: int, seed: int = 1) -> bytes:
    """An export of `steps` actions: a random game's first 150 or so, then trades."""
    state = vijayanagara.new_game(None)
    actions: list[vijayanagara.Action] = []
    for action in random_log(seed):
        if len(actions) >= 150 and vijayanagara.chance(state) is None:
            break
        state = vijayanagara.apply(state, action)
        actions.append(action)
    i = 0
    while len(actions) < steps:
        giver, receiver = (vijayanagara.Faction.D, vijayanagara.Faction.B)[
            :: 1 if i % 2 == 0 else -1
        ]
        if state.resources[giver] == 0:
            giver, receiver = receiver, giver
        give = vijayanagara.Give(giver=giver, receiver=receiver, resources=1)
        state = vijayanagara.apply(state, give)
        actions.append(give)
        i += 1
    return export_doc(
        format_version=2,
        seed=None,
        status="active",
        actions=[{"action": vijayanagara.action_to_json(a)} for a in actions],
    )


def replay_cost(steps: int) -> float:
    """CPU µs per step of the import's replay (what an import checks before it stores)."""
    data = parse_export(import_export(steps))
    t = time.process_time()
    replay_export(data, registry())
    return (time.process_time() - t) / steps * 1e6


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--service-games", type=int, default=1)
    p.add_argument("--import-steps", default="2500,20000", help="a short and a long import")
    args = p.parse_args(argv)
    short_steps, long_steps = (int(x) for x in args.import_steps.split(","))

    sizes = state_sizes(args.games)
    print(
        f"state JSON over {len(sizes)} steps of {args.games} random games: "
        f"max {max(sizes):,} B, median {statistics.median(sizes):,.0f} B"
    )
    stored = []
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "bench.sqlite3")
        for seed in range(args.service_games):
            gid, steps, by_table = asyncio.run(service_game(path, 100 + seed))
            stored.append({"steps": steps, "bytes": sum(by_table.values()), "by_table": by_table})
            split = ", ".join(f"{t} {b:,}" for t, b in by_table.items())
            print(
                f"game {gid} ({steps} steps, through the service, SQLite): "
                f"{sum(by_table.values()):,} B stored ({split})"
            )
    short, long = replay_cost(short_steps), replay_cost(long_steps)
    print(
        f"import replay: {short:.0f} µs/step at {short_steps:,} steps, {long:.0f} µs/step at "
        f"{long_steps:,} steps, ratio {long / short:.2f}"
    )
    record(
        args,
        {
            "state_bytes_max": max(sizes),
            "state_bytes_median": statistics.median(sizes),
            "stored_games": stored,
            "import_us_per_step_short": short,
            "import_us_per_step_long": long,
        },
    )


if __name__ == "__main__":
    main()
