"""The service's own cost per step: random whole games of every game played through
GameService on a SQLite file, a step per order, as the players' orders reach it (parse,
check, apply, deal, store with the announcement, build the reply; the board drawn by a fake
renderer, so that the figure is the table's and the database's, not Pillow's).

    python bench/service_steps.py [--games 2] [--kinds vijayanagara,taj_mahal,...]
    python bench/service_steps.py --against main [--rounds 3]
    python bench/service_steps.py --database postgresql://user@host/db [--against main]

Game k of each kind: seats for its fewest players, seed k, and each decision a uniform
choice among `legal_actions` by `random.Random(k)`, typed as a player types it. Prints, per
game, the steps played and the CPU microseconds per step through the service (the whole
process's CPU: the database's threads too), and the engine's own share (the same steps
replayed on the rules alone). With --against REV the same games are played by revision REV's
code (bot/, db/, rules/, render/ and ai/ from `git archive`, or a folder REV holding another tree), each
round in a fresh process, rounds alternating between the trees; a tree's figure is its best
round, compared as a ratio. With --database, the games are stored in that PostgreSQL
database instead of a SQLite file (each game in a channel of its own). With --profile, one process plays under cProfile and prints the
top functions by own time and by cumulative time, and the trips to the database's threads
per step.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import pstats
import random
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

REPO = Path(__file__).resolve().parent.parent
KINDS = ("vijayanagara", "taj_mahal", "rajas", "successors", "goat_tiger")
MAX_STEPS = 5_000  # a game's bound (every game here ends well before)


def fake_renderer(kind: str, view: object, names: object = None) -> bytes:
    return b"png"


async def play_one(
    svc: object, kind: str, k: int, steps: int = MAX_STEPS
) -> list[tuple[object, object]]:
    """Game k of `kind` through the service, to its end or its first `steps` steps; each
    decision's state and action, for the engine's replay."""
    from bot.table.pipeline import typed_order
    from rules.capabilities import turns_of

    channel, r = f"{kind}-{k}-{time.time_ns()}", random.Random(k)  # (new on any database)
    g = svc.registry.game(kind)  # type: ignore[attr-defined]
    users = {seat: 100 + i for i, seat in enumerate(g.info.seats_for(g.info.min_players))}
    first = next(iter(users))
    seed = k if g.info.deals else None  # (a game that deals nothing takes no seed)
    reply = await svc.lobby.create(channel, users[first], kind=kind, seed=seed, seat=first)  # type: ignore[attr-defined]
    assert reply.ok, reply.text
    for seat, user in list(users.items())[1:]:
        reply = await svc.lobby.join(channel, user, seat, kind=kind)  # type: ignore[attr-defined]
        assert reply.ok, reply.text
    reply = await svc.lobby.start(channel, users[first], kind=kind)  # type: ignore[attr-defined]
    assert reply.ok, reply.text
    played: list[tuple[object, object]] = []
    while len(played) < steps:
        rec = await svc.store.open_game(channel)  # type: ignore[attr-defined]
        if rec is None:
            break
        state = await svc.loader.state_of(rec)  # type: ignore[attr-defined]
        action = r.choice(g.legal_actions(state))
        seat = (
            turns_of(g).actor(state, action)
            if turns_of(g).out_of_turn(action)
            else g.to_move(state)
        )
        order = typed_order(g, state, action)
        reply = await svc.moves.play(  # type: ignore[attr-defined]
            channel, rec.seats[seat], order, expected_version=rec.version, kind=kind
        )
        assert reply.ok, f"{kind} game {k}, {order!r}: {reply.text}"
        played.append((state, action))
    return played


async def play_all(
    path: str, kinds: list[str], games: int, steps: int = MAX_STEPS
) -> dict[str, dict[str, float]]:
    from bot.table.service import GameService

    out: dict[str, dict[str, float]] = {}
    svc = await GameService.open(path, fake_renderer)
    try:
        for kind in kinds:
            g = svc.registry.game(kind)
            c0 = time.process_time()
            played = [await play_one(svc, kind, k, steps) for k in range(games)]
            cpu = time.process_time() - c0
            steps = sum(len(p) for p in played)
            e0 = time.process_time()
            for p in played:
                for state, action in p:
                    g.apply(state, action)
            engine = time.process_time() - e0
            out[kind] = {"steps": steps, "cpu": cpu, "engine_cpu": engine}
    finally:
        await svc.close()
    return out


def worker(
    kinds: list[str], games: int, steps: int, database: str | None = None
) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory() as folder:
        # one warm-up game of each kind (imports, data files, caches) on its own file
        asyncio.run(play_all(database or str(Path(folder) / "warm.sqlite3"), kinds, 1, steps))
        where = database or str(Path(folder) / "bench.sqlite3")
        return asyncio.run(play_all(where, kinds, games, steps))


def profile(kinds: list[str], games: int, steps: int, top: int) -> None:
    """One run under cProfile: the top functions, and the trips to the database threads."""
    import aiosqlite.core

    trips = 0
    original = aiosqlite.core.Connection._execute

    async def counted(self: object, fn: object, *args: object, **kw: object) -> object:
        nonlocal trips
        trips += 1
        return await original(self, fn, *args, **kw)  # type: ignore[arg-type]

    aiosqlite.core.Connection._execute = counted  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(play_all(str(Path(folder) / "warm.sqlite3"), kinds, 1, steps))
        trips = 0
        prof = cProfile.Profile(time.thread_time)  # the event loop's thread's CPU
        c0, t0 = time.process_time(), time.thread_time()
        prof.enable()
        got = asyncio.run(play_all(str(Path(folder) / "bench.sqlite3"), kinds, games, steps))
        prof.disable()
        cpu, loop = time.process_time() - c0, time.thread_time() - t0
    steps = sum(v["steps"] for v in got.values())
    print(f"steps: {steps}, trips to the database threads per step: {trips / steps:.2f}")
    print(
        f"CPU per step (profiled): {cpu / steps * 1e6:.0f} µs, of which the event loop's "
        f"thread {loop / steps * 1e6:.0f} µs (the rest: the database's threads)"
    )
    for order in ("tottime", "cumulative"):
        text = io.StringIO()
        pstats.Stats(prof, stream=text).sort_stats(order).print_stats(top)
        print(text.getvalue())


def run_tree(
    root: Path, kinds: list[str], games: int, steps: int, database: str | None
) -> dict[str, dict[str, float]]:
    cmd = [sys.executable, str(REPO / "bench" / "service_steps.py"), "--worker", "--tree"]
    cmd += [str(root), "--kinds", ",".join(kinds), "--games", str(games), "--steps", str(steps)]
    cmd += ["--database", database] if database else []
    out = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=root)
    sys.stderr.write(out.stderr)
    if out.returncode:
        raise SystemExit(f"the worker for {root} failed")
    result: dict[str, dict[str, float]] = json.loads(out.stdout.splitlines()[-1])
    return result


def best(rounds: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Per kind, the round with the least CPU per step, as figures."""
    out: dict[str, dict[str, float]] = {}
    for kind in rounds[0]:
        r = min((x[kind] for x in rounds), key=lambda v: v["cpu"] / max(v["steps"], 1))
        steps = max(r["steps"], 1)
        out[kind] = {
            "steps": r["steps"],
            "us_per_step": round(r["cpu"] / steps * 1e6, 1),
            "engine_us_per_step": round(r["engine_cpu"] / steps * 1e6, 1),
            "steps_per_cpu_second": round(steps / max(r["cpu"], 1e-9), 1),
        }
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=2, help="games of each kind")
    p.add_argument("--kinds", default=",".join(KINDS))
    p.add_argument("--steps", type=int, default=MAX_STEPS, help="steps of each game at most")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--against", metavar="REV", help="another git revision to compare with")
    p.add_argument("--profile", type=int, metavar="TOP", help="cProfile's top functions")
    p.add_argument("--database", metavar="URL", help="a postgresql:// database to store in")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--tree", help=argparse.SUPPRESS)
    args = p.parse_args()
    kinds = args.kinds.split(",")
    if args.worker:
        print(json.dumps(worker(kinds, args.games, args.steps, args.database)))
        return
    if args.profile:
        profile(kinds, args.games, args.steps, args.profile)
        return
    here: list[dict[str, dict[str, float]]] = []
    there: list[dict[str, dict[str, float]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        other = (
            against_tree(args.against, Path(tmp), "bot", "db", "rules", "render", "ai")
            if args.against
            else None
        )
        for _ in range(args.rounds):  # alternate, so that a busy spell hits both trees
            here.append(
                run_tree(REPO, kinds, args.games, args.steps, args.database)
                if other is not None
                else worker(kinds, args.games, args.steps, args.database)  # (a tree alone)
            )
            if other is not None:
                there.append(run_tree(other, kinds, args.games, args.steps, args.database))
    a = best(here)
    out: dict[str, object] = {"this": a}
    print(f"games of each kind: {args.games}, rounds: {args.rounds} (the best round)")
    head = f"{'game':14}{'steps':>7}{'µs/step':>10}{'engine':>9}"
    if there:
        b = best(there)
        ratios = {k: round(b[k]["us_per_step"] / a[k]["us_per_step"], 2) for k in a}
        out |= {"against": args.against, "other": b, "speedup": ratios}
        print(f"{head}{args.against + ' µs/step':>16}{'speedup':>9}")
    else:
        print(head)
    for kind, f in a.items():
        line = f"{kind:14}{f['steps']:7.0f}{f['us_per_step']:10.1f}{f['engine_us_per_step']:9.1f}"
        if there:
            line += f"{out['other'][kind]['us_per_step']:16.1f}{ratios[kind]:9.2f}"  # type: ignore[index]
        print(line)
    record(args, out)


if __name__ == "__main__":
    main()
