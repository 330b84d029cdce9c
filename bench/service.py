"""Benchmark of GameService: the time of one move (parse, apply, store, render) and of many
concurrent games making moves.

    python bench/service.py [--moves 200] [--games 1000] [--rounds 3] [--fake-render]
    python bench/service.py --database postgresql://user@host/db [--processes 1,2,4]

Prints the median and p95 of: a move alone (the board is rendered at hand-offs, as the bot
does), a move with its image (rendered every time), and per-move latency while N games move
at once (each game sends its next order at the same moment, `--rounds` times), and with
`--rate R` per-move latency when moves arrive at random at R per second over the games.

With `--database URL` (several bot processes on one database): for 1, 2 and 4 processes (each
moving its own share of `--games` games, as shards split the servers), the move p50/p95, the
moves/s of all processes together and their CPU time, on that database and on a SQLite file
in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.renderer import Names, Renderer, default_renderer
from bot.service import GameService
from rules import vijayanagara
from rules.vijayanagara.engine import decider

SEATS = {vijayanagara.Faction.D: 1, vijayanagara.Faction.B: 2, vijayanagara.Faction.V: 3}


def fake_renderer(kind: str, view: object, names: Names | None = None) -> bytes:
    return b"png"


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def report(name: str, xs: list[float]) -> None:
    ms = [x * 1000 for x in xs]
    print(
        f"{name:<46} n={len(ms):<6} median {statistics.median(ms):7.1f} ms   "
        f"p95 {pct(ms, 95):7.1f} ms   max {max(ms):7.1f} ms"
    )


async def setup(svc: GameService, channel: str, seed: int) -> None:
    await svc.create(channel, 1, seed=seed, kind="vijayanagara")
    for f, uid in SEATS.items():
        await svc.join(channel, uid, f.value)
    await svc.start(channel, 1)


async def one_move(svc: GameService, channel: str, r: random.Random) -> tuple[float, bool]:
    game = await svc.store.open_game(channel)
    if game is None:
        await setup(svc, channel, r.randrange(10**6))
        game = await svc.store.open_game(channel)
        assert game is not None
    st = await svc.state_of(game)
    a = r.choice(vijayanagara.legal_actions(st))
    f = decider(st)
    assert f is not None
    order = vijayanagara.describe(st, a)
    if vijayanagara.idle_note(st, a):  # a Command that does nothing needs `confirm` (2.3.3)
        order += "; confirm"
    t = time.perf_counter()
    reply = await svc.play(channel, SEATS[f], order, expected_version=game.version)
    dt = time.perf_counter() - t
    assert reply.ok, reply.text
    return dt, reply.image is not None


async def bench_single(path: str, renderer: Renderer, moves: int) -> None:
    svc = await GameService.open(path, renderer)
    r = random.Random(1)
    await setup(svc, "single", 1)
    plain: list[float] = []
    handoff: list[float] = []
    with_image: list[float] = []
    for _ in range(moves):
        dt, imaged = await one_move(svc, "single", r)
        (handoff if imaged else plain).append(dt)
        game = await svc.store.open_game("single")
        if game is None:
            continue
        st = await svc.state_of(game)
        t = time.perf_counter()
        await asyncio.to_thread(renderer, game.kind, st, None)  # nothing hidden in this game
        with_image.append(dt + time.perf_counter() - t)
    report("move without a hand-off (no image)", plain)
    report("move at a hand-off (with its board image)", handoff)
    report("any move + rendering its image", with_image)
    await svc.close()


async def bench_concurrent(path: str, renderer: Renderer, games: int, rounds: int) -> None:
    svc = await GameService.open(path, renderer)
    t = time.perf_counter()
    await asyncio.gather(*(setup(svc, f"g{i}", i) for i in range(games)))
    print(f"set up {games} games in {time.perf_counter() - t:.1f} s")
    rs = [random.Random(i) for i in range(games)]
    lat: list[float] = []
    imaged: list[float] = []
    t0 = time.perf_counter()
    for _ in range(rounds):
        res = await asyncio.gather(*(one_move(svc, f"g{i}", rs[i]) for i in range(games)))
        lat.extend(d for d, _ in res)
        imaged.extend(d for d, im in res if im)
    wall = time.perf_counter() - t0
    report(f"{games} games moving at once: any move", lat)
    if imaged:
        report(f"{games} games moving at once: moves with image", imaged)
    print(f"throughput: {len(lat) / wall:.0f} moves/s ({len(lat)} moves in {wall:.1f} s)")
    await svc.close()


async def bench_rate(
    path: str, renderer: Renderer, games: int, rate: float, seconds: float
) -> None:
    """Moves arrive at random (Poisson) at `rate` per second, spread over `games` games."""
    svc = await GameService.open(path, renderer)
    await asyncio.gather(*(setup(svc, f"r{i}", i) for i in range(games)))
    rs = [random.Random(i) for i in range(games)]
    locks = [asyncio.Lock() for _ in range(games)]
    pick = random.Random(99)
    lat: list[float] = []
    imaged: list[float] = []

    async def move(i: int) -> None:
        t = time.perf_counter()
        async with locks[i]:
            _, im = await one_move(svc, f"r{i}", rs[i])
        dt = time.perf_counter() - t  # includes waiting for the same game's previous move
        lat.append(dt)
        if im:
            imaged.append(dt)

    tasks = []
    start = time.perf_counter()
    nxt = start
    while nxt - start < seconds:
        nxt += pick.expovariate(rate)
        await asyncio.sleep(max(0.0, nxt - time.perf_counter()))
        tasks.append(asyncio.create_task(move(pick.randrange(games))))
    await asyncio.gather(*tasks)
    report(f"{games} games, {rate:g} moves/s arriving: any move", lat)
    if imaged:
        report(f"{games} games, {rate:g} moves/s arriving: with image", imaged)
    await svc.close()


async def worker(database: str, renderer: Renderer, channels: list[str], rounds: int) -> None:
    """One bot process of the --database run: its games all move at once, `rounds` times;
    prints its latencies and CPU time as one JSON line."""
    svc = await GameService.open(database, renderer)
    rs = [random.Random(c) for c in channels]
    await asyncio.gather(*(setup(svc, c, i) for i, c in enumerate(channels)))
    lat: list[float] = []
    cpu, start = time.process_time(), time.time()
    for _ in range(rounds):
        res = await asyncio.gather(*(one_move(svc, c, rs[i]) for i, c in enumerate(channels)))
        lat.extend(d for d, _ in res)
    line = {"lat": lat, "cpu": time.process_time() - cpu, "start": start, "end": time.time()}
    print(json.dumps(line), flush=True)
    await svc.close()


async def bench_processes(
    name: str, database: str, fake: bool, games: int, rounds: int, counts: list[int]
) -> None:
    for n in counts:
        run = f"p{os.getpid()}-{n}-{random.randrange(10**9)}"
        shares = [[f"{run}-{i}" for i in range(k, games, n)] for k in range(n)]
        cmd = [sys.executable, __file__, "--worker", database, "--rounds", str(rounds)]
        if fake:
            cmd.append("--fake-render")
        procs = [
            await asyncio.create_subprocess_exec(*cmd, *share, stdout=asyncio.subprocess.PIPE)
            for share in shares
        ]
        outs = [json.loads((await p.communicate())[0]) for p in procs]
        # the moving time: from the first process's first round to the last one's end
        wall = max(o["end"] for o in outs) - min(o["start"] for o in outs)
        lat = [x for o in outs for x in o["lat"]]
        ms = [x * 1000 for x in lat]
        print(
            f"{name:<10} {n} process(es): move p50 {statistics.median(ms):6.1f} ms  "
            f"p95 {pct(ms, 95):6.1f} ms  {len(lat) / wall:6.0f} moves/s  "
            f"CPU {sum(o['cpu'] for o in outs):5.1f} s  ({len(lat)} moves, {wall:.1f} s wall)"
        )


async def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--fake-render", action="store_true", help="skip the real renderer")
    ap.add_argument("--skip-concurrent", action="store_true")
    ap.add_argument("--rate", type=float, default=0, help="also: moves/s arriving at random")
    ap.add_argument("--seconds", type=float, default=20, help="length of the --rate run")
    ap.add_argument("--database", help="a postgresql:// URL: the several-processes run")
    ap.add_argument("--processes", default="1,2,4", help="process counts of the --database run")
    ap.add_argument("--process-games", type=int, default=48, help="games of the --database run")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("channels", nargs="*", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    renderer: Renderer = fake_renderer if args.fake_render else default_renderer
    if args.worker:
        await worker(args.worker, renderer, args.channels, args.rounds)
        return
    if args.database:
        counts = [int(x) for x in args.processes.split(",")]
        games = args.process_games
        print(
            f"{games} games, {args.rounds} rounds; renderer: {'fake' if args.fake_render else 'render.board'}"
        )
        with tempfile.TemporaryDirectory() as d:
            sqlite = str(Path(d) / "procs.sqlite3")
            await bench_processes("sqlite", sqlite, args.fake_render, games, args.rounds, counts)
        await bench_processes(
            "postgresql", args.database, args.fake_render, games, args.rounds, counts
        )
        return
    with tempfile.TemporaryDirectory() as d:
        print(f"renderer: {'fake' if args.fake_render else 'render.board'}")
        await bench_single(str(Path(d) / "single.sqlite3"), renderer, args.moves)
        if not args.skip_concurrent:
            await bench_concurrent(str(Path(d) / "many.sqlite3"), renderer, args.games, args.rounds)
        if args.rate:
            await bench_rate(
                str(Path(d) / "rate.sqlite3"), renderer, args.games, args.rate, args.seconds
            )


if __name__ == "__main__":
    asyncio.run(main())
