"""Benchmark of GameService: the time of one move (parse, apply, store, render) and of many
concurrent games making moves.

    python bench/service.py [--moves 200] [--games 1000] [--rounds 3] [--fake-render]
    python bench/service.py --database postgresql://user@host/db [--processes 1,2,4]

Prints the median and p95 of: a move alone (the board is rendered at hand-offs, as the bot
does), a move with its image (rendered every time), and per-move latency while N games move
at once (each game sends its next order at the same moment, `--rounds` times), and with
`--rate R` per-move latency when moves arrive at random at R per second over the games.

With `--against REV` (e.g. `--against main`): the same move-alone and games-at-once runs made
by revision REV's code (taken with `git archive` into a temporary folder; or a folder REV
holding another tree, as it is), each run in a fresh process on a fresh SQLite file,
alternating between the two trees `--repeat` times so that a busy spell of the machine hits
both; prints each run's figures (moves/s, move p50/p95, CPU seconds per 1,000 moves) and their
medians side by side.

    python bench/service.py --fake-render --games 40 --rounds 25 --against main --repeat 3

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
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# --tree ROOT (an --against run's worker): the project imported from that tree instead
sys.path.insert(
    0,
    sys.argv[sys.argv.index("--tree") + 1]
    if "--tree" in sys.argv
    else str(Path(__file__).resolve().parent.parent),
)

from results import record
from revision import against_tree

from bot.table.renderer import Names, Renderer
from bot.table.service import GameService
from rules import vijayanagara
from rules.vijayanagara.engine import decider

REPO = Path(__file__).resolve().parent.parent
SEATS = {vijayanagara.Faction.D: 1, vijayanagara.Faction.B: 2, vijayanagara.Faction.V: 3}


def the_games_boards() -> Renderer:
    """The bot's own boards (imported here: a tree --against compares may name them apart)."""
    from bot.table.registry import registry
    from bot.table.renderer import Boards

    return Boards(registry())


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
    await svc.lobby.create(channel, 1, seed=seed, kind="vijayanagara")
    for f, uid in SEATS.items():
        await svc.lobby.join(channel, uid, f.value)
    await svc.lobby.start(channel, 1)


async def one_move(svc: GameService, channel: str, r: random.Random) -> tuple[float, bool]:
    game = await svc.store.open_game(channel)
    if game is None:
        await setup(svc, channel, r.randrange(10**6))
        game = await svc.store.open_game(channel)
        assert game is not None
    st = await svc.loader.state_of(game)
    a = r.choice(vijayanagara.legal_actions(st))
    f = decider(st)
    assert f is not None
    order = vijayanagara.describe(st, a)
    if vijayanagara.idle_note(st, a):  # a Command that does nothing needs `confirm` (2.3.3)
        order += "; confirm"
    t = time.perf_counter()
    reply = await svc.moves.play(channel, SEATS[f], order, expected_version=game.version)
    dt = time.perf_counter() - t
    assert reply.ok, reply.text
    return dt, reply.image is not None


async def bench_single(path: str, renderer: Renderer, moves: int) -> dict[str, float]:
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
        st = await svc.loader.state_of(game)
        t = time.perf_counter()
        await asyncio.to_thread(renderer, game.kind, st, None)  # nothing hidden in this game
        with_image.append(dt + time.perf_counter() - t)
    report("move without a hand-off (no image)", plain)
    report("move at a hand-off (with its board image)", handoff)
    report("any move + rendering its image", with_image)
    await svc.close()
    moves = [x * 1000 for x in plain + handoff]
    return {"alone_p50": statistics.median(moves), "alone_p95": pct(moves, 95)}


async def bench_concurrent(
    path: str, renderer: Renderer, games: int, rounds: int
) -> dict[str, float]:
    svc = await GameService.open(path, renderer)
    t = time.perf_counter()
    await asyncio.gather(*(setup(svc, f"g{i}", i) for i in range(games)))
    print(f"set up {games} games in {time.perf_counter() - t:.1f} s")
    rs = [random.Random(i) for i in range(games)]
    lat: list[float] = []
    imaged: list[float] = []
    t0, cpu = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        res = await asyncio.gather(*(one_move(svc, f"g{i}", rs[i]) for i in range(games)))
        lat.extend(d for d, _ in res)
        imaged.extend(d for d, im in res if im)
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu
    report(f"{games} games moving at once: any move", lat)
    if imaged:
        report(f"{games} games moving at once: moves with image", imaged)
    print(
        f"throughput: {len(lat) / wall:.0f} moves/s ({len(lat)} moves in {wall:.1f} s, "
        f"CPU {cpu:.2f} s)"
    )
    await svc.close()
    ms = [x * 1000 for x in lat]
    return {
        "moves_per_s": len(lat) / wall,
        "p50": statistics.median(ms),
        "p95": pct(ms, 95),
        "cpu_ms_per_move": cpu * 1000 / len(lat),
    }


async def bench_rate(
    path: str, renderer: Renderer, games: int, rate: float, seconds: float
) -> dict[str, float]:
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
    ms = [x * 1000 for x in lat]
    return {"arriving_p50": statistics.median(ms), "arriving_p95": pct(ms, 95)}


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
) -> list[dict[str, float]]:
    rows = []
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
        rows.append(
            {
                "processes": n,
                "p50": statistics.median(ms),
                "p95": pct(ms, 95),
                "moves_per_s": len(lat) / wall,
                "cpu_seconds": sum(o["cpu"] for o in outs),
            }
        )
    return rows


async def tree_run(renderer: Renderer, moves: int, games: int, rounds: int) -> None:
    """One run of an --against comparison, in this process's tree: its figures as JSON."""
    with tempfile.TemporaryDirectory() as d:
        figures = await bench_single(str(Path(d) / "single.sqlite3"), renderer, moves)
        figures |= await bench_concurrent(str(Path(d) / "many.sqlite3"), renderer, games, rounds)
    print("FIGURES " + json.dumps(figures), flush=True)


def run_tree(root: Path, args: argparse.Namespace) -> dict[str, float]:
    cmd = [sys.executable, __file__, "--tree", str(root), "--tree-run"]
    cmd += ["--moves", str(args.moves), "--games", str(args.games), "--rounds", str(args.rounds)]
    if args.fake_render:
        cmd.append("--fake-render")
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=root).stdout
    line = next(x for x in out.splitlines() if x.startswith("FIGURES "))
    figures: dict[str, float] = json.loads(line.removeprefix("FIGURES "))
    return figures


FIGURES = (
    ("moves_per_s", "moves/s, {games} games at once"),
    ("p50", "move p50 (ms), games at once"),
    ("p95", "move p95 (ms), games at once"),
    ("cpu_ms_per_move", "CPU ms per move, games at once"),
    ("alone_p50", "a move alone, p50 (ms)"),
    ("alone_p95", "a move alone, p95 (ms)"),
)


def against(args: argparse.Namespace) -> None:
    """This tree and revision `args.against`, alternating, `args.repeat` times each."""
    here: list[dict[str, float]] = []
    there: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        other = against_tree(args.against, Path(tmp), "bot", "db", "rules", "render", "ai")
        for i in range(args.repeat):
            for name, root, runs in (("this tree", REPO, here), (args.against, other, there)):
                runs.append(run_tree(root, args))
                shown = "  ".join(f"{k} {v:.2f}" for k, v in runs[-1].items())
                print(f"run {i + 1} {name:>10}: {shown}", flush=True)
    print(
        f"\nmedians of {args.repeat} runs each; renderer: "
        f"{'fake' if args.fake_render else 'render.board'}"
    )
    print(f"{'':34}{'this tree':>12}{args.against:>12}{'ratio':>8}")
    this = {key: statistics.median(r[key] for r in here) for key, _ in FIGURES}
    other = {key: statistics.median(r[key] for r in there) for key, _ in FIGURES}
    for key, label in FIGURES:
        a, b = this[key], other[key]
        print(f"{label.format(games=args.games):34}{a:12.2f}{b:12.2f}{a / b:8.2f}")
    record(args, {"this": this, "other": other, "ratio": {k: this[k] / other[k] for k in this}})


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
    ap.add_argument("--against", metavar="REV", help="compare with another git revision")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each tree (--against)")
    ap.add_argument("--tree", help=argparse.SUPPRESS)
    ap.add_argument("--tree-run", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("channels", nargs="*", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    renderer: Renderer = fake_renderer if args.fake_render else the_games_boards()
    if args.worker:
        await worker(args.worker, renderer, args.channels, args.rounds)
        return
    if args.tree_run:
        await tree_run(renderer, args.moves, args.games, args.rounds)
        return
    if args.against:
        against(args)
        return
    if args.database:
        counts = [int(x) for x in args.processes.split(",")]
        games = args.process_games
        print(
            f"{games} games, {args.rounds} rounds; renderer: {'fake' if args.fake_render else 'render.board'}"
        )
        with tempfile.TemporaryDirectory() as d:
            sqlite = str(Path(d) / "procs.sqlite3")
            on_sqlite = await bench_processes(
                "sqlite", sqlite, args.fake_render, games, args.rounds, counts
            )
        on_postgresql = await bench_processes(
            "postgresql", args.database, args.fake_render, games, args.rounds, counts
        )
        record(args, {"sqlite": on_sqlite, "postgresql": on_postgresql})
        return
    with tempfile.TemporaryDirectory() as d:
        print(f"renderer: {'fake' if args.fake_render else 'render.board'}")
        out = await bench_single(str(Path(d) / "single.sqlite3"), renderer, args.moves)
        if not args.skip_concurrent:
            out |= await bench_concurrent(
                str(Path(d) / "many.sqlite3"), renderer, args.games, args.rounds
            )
        if args.rate:
            out |= await bench_rate(
                str(Path(d) / "rate.sqlite3"), renderer, args.games, args.rate, args.seconds
            )
    record(args, out)


if __name__ == "__main__":
    asyncio.run(main())
