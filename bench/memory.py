"""What active games cost to hold in one bot process: N games of the three kinds (mostly
Vijayanagara) created, seated and started through the bot's service on a SQLite file, a few
moves played in each, and one board in 50 drawn with the real renderer.

    python bench/memory.py [--games 10000] [--moves 3] [--draw-every 50] [--tracemalloc]

Prints the resident memory (VmRSS of /proc/self/status) and its peak (VmHWM) after the
imports, once the first games are running, and at the end; the cost per game beyond the
first ones; and what dominates: the Python objects alive by type (count and shallow bytes),
or with `--tracemalloc` the live allocations grouped by file (which slows the run and adds
its own memory: the RSS figures are then not the ones to quote).
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

from rules.capabilities import menus_of, notation_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image
from results import record

from bot.table.registry import game, registry
from bot.table.renderer import Boards, Names
from bot.table.service import GameService

# the mix of kinds, one game in ten of each of the others: what a server mostly plays
MIX = ("vijayanagara",) * 8 + ("taj_mahal", "goat_tiger")
FIRST_GAMES = 100  # the games after which the per-game cost is counted (caches warm)
CONFIRM = "confirm"  # what a step that would do nothing is sent with (the bot asks once)


def status_kb(field: str) -> int:
    """A field of /proc/self/status, in kB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def mb(kb: int) -> str:
    return f"{kb / 1024:.1f} MB"


def resident(when: str) -> int:
    gc.collect()
    rss = status_kb("VmRSS")
    print(f"{when:<44} RSS {mb(rss):>9}   peak {mb(status_kb('VmHWM')):>9}", flush=True)
    return rss


def heap_held() -> int:
    """The kB that glibc's malloc_trim hands back to the system now: memory freed but still
    resident (0 where there is no malloc_trim). The process keeps running after it."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return 0
    before = status_kb("VmRSS")
    trim(0)
    return before - status_kb("VmRSS")


def no_picture(kind: str, view: object, names: Names | None = None) -> bytes:
    return b"png"  # the service's own pictures: the real ones are drawn below, one in 50


async def seated(svc: GameService, channel: str, kind: str, seed: int) -> None:
    """The game created, every seat taken (Taj Mahal with three players) and started."""
    g = game(kind)
    seats = g.info.seats[: g.info.min_players]
    first = 1000
    dealt = seed if g.info.deals else None  # a game that deals nothing takes no seed
    reply = await svc.lobby.create(channel, first, kind=kind, seed=dealt, seat=seats[0])
    assert reply.ok, reply.text
    for i, seat in enumerate(seats[1:], start=1):
        reply = await svc.lobby.join(channel, first + i, seat, kind=kind)
        assert reply.ok, reply.text
    reply = await svc.lobby.start(channel, first, kind=kind)
    assert reply.ok, reply.text


async def moved(svc: GameService, channel: str, moves: int, r: random.Random) -> object:
    """Random legal orders by whoever decides, `moves` of them (fewer if the game ends); the
    game's public view at the end (None once it is over)."""
    view: object = None
    for step in range(moves + 1):
        record = await svc.store.open_game(channel)
        if record is None or record.status != "active":
            return None
        g = game(record.kind)
        state = await svc.loader.state_of(record)
        view = g.view(state, None)
        seat = g.to_move(state)
        if seat is None or step == moves:
            return view
        action = r.choice(g.legal_actions(state))
        order = notation_of(g).describe(view, action)
        if menus_of(g).note(view, action):
            order += f"; {CONFIRM}"
        user = record.seats[seat]
        reply = await svc.moves.play(
            channel, user, order, expected_version=record.version, kind=record.kind
        )
        assert reply.ok, reply.text
    return view


def by_type(top: int) -> None:
    """The Python objects alive, by type: count and shallow bytes (the gc's objects)."""
    count: Counter[str] = Counter()
    size: Counter[str] = Counter()
    alive = gc.get_objects()
    for o in alive:
        t = type(o)
        name = f"{t.__module__}.{t.__qualname__}"
        count[name] += 1
        size[name] += sys.getsizeof(o)
        if isinstance(o, Image.Image):  # the pixels are outside Python's objects
            name = "pixels of PIL images"
            count[name] += 1
            size[name] += o.width * o.height * (4 if len(o.getbands()) > 1 else 1)
    print(f"objects alive: {len(alive):,}, by shallow bytes (images: their pixels):")
    for name, b in size.most_common(top):
        print(f"  {b / 1e6:8.1f} MB  {count[name]:>10,}  {name}")


def by_file(top: int, first: tracemalloc.Snapshot | None) -> None:
    """The live allocations by file, and what each file's grew by since the first games."""
    snap = tracemalloc.take_snapshot()
    stats = snap.statistics("filename")
    total = sum(s.size for s in stats)
    print(f"traced allocations alive: {total / 1e6:.1f} MB, by file:")
    for s in stats[:top]:
        print(f"  {s.size / 1e6:8.1f} MB  {s.count:>10,}  {s.traceback[0].filename}")
    if first is not None:
        print("grown since the first games, by file:")
        for d in snap.compare_to(first, "filename")[:top]:
            print(
                f"  {d.size_diff / 1e6:+8.1f} MB  {d.count_diff:>+10,}  {d.traceback[0].filename}"
            )


async def run(path: str, args: argparse.Namespace) -> None:
    """The games made and moved; the figures printed while they are all still held."""
    games, moves, draw_every = args.games, args.moves, args.draw_every
    svc = await GameService.open(path, no_picture)
    r = random.Random(1)
    t = time.perf_counter()
    drawn = 0
    warm = 0
    first_snapshot = None
    for i in range(games):
        kind = MIX[i % len(MIX)]
        channel = f"memory-{i}"
        await seated(svc, channel, kind, seed=i)
        view = await moved(svc, channel, moves, r)
        if i % draw_every == 0 and view is not None:
            Boards(registry())(kind, view, None)
            drawn += 1
        if i + 1 == min(FIRST_GAMES, games):
            warm = resident(f"after the first {i + 1:,} games")
            first_snapshot = tracemalloc.take_snapshot() if args.tracemalloc else None
        if (i + 1) % 1000 == 0:
            print(f"  {i + 1:,} games in {time.perf_counter() - t:.0f} s", flush=True)
    print(
        f"{games:,} games of {', '.join(sorted(set(MIX)))}, {moves} moves each, "
        f"{drawn} boards drawn, in {time.perf_counter() - t:.0f} s"
    )
    end = resident(f"{games:,} active games")
    first = min(FIRST_GAMES, games)
    per_game = (end - warm) * 1024 / (games - first) if games > first else 0.0
    print(f"per game beyond the first {first:,}: {per_game:,.0f} B")
    held = heap_held()
    print(f"of which freed but held by malloc: {held / 1024:.1f} MB")
    by_file(args.top, first_snapshot) if args.tracemalloc else by_type(args.top)
    await svc.close()
    mib = 1 / 1024
    record(
        args,
        {
            "rss_mb": end * mib,
            "peak_mb": status_kb("VmHWM") * mib,
            "rss_after_first_games_mb": warm * mib,
            "bytes_per_game": per_game,
            "freed_held_by_malloc_mb": held * mib,
            "boards_drawn": drawn,
        },
    )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--moves", type=int, default=3, help="moves played in each game")
    p.add_argument("--draw-every", type=int, default=50, help="one board drawn per N games")
    p.add_argument("--top", type=int, default=12, help="types or files listed")
    p.add_argument("--tracemalloc", action="store_true", help="allocations by file (slow)")
    args = p.parse_args(argv)
    if args.tracemalloc:
        tracemalloc.start()
    resident("after the imports")
    with tempfile.TemporaryDirectory() as d:
        asyncio.run(run(str(Path(d) / "memory.sqlite3"), args))


if __name__ == "__main__":
    main()
