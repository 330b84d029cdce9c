"""AI against AI: one level in one seat, another in the other two, the tested seat rotating
through Delhi, Bahmani and Vijayanagara (or only the seats `--seats` names: `--seats B`
measures one faction with the whole sample).

python -m bench.arena --ai hard --vs random --games 30 --seed 1 --json [--jobs 2]
    [--seconds 1.0] [--iterations 5000] [--seats DBV] [--log FILE]
python -m bench.arena --summarize FILE [FILE ...]

Prints one JSON object: games and wins per seat of the tested level (a win: first in
vijayanagara.ranking, ties broken as 5.0 breaks them) and its decision times in CPU milliseconds
(p50, p95, max). Game k is dealt by the seeded dealer of seed S+k; the AIs play on their own
determinized copies, so they never see that dealer's future. Besides the levels, `search`
is a contender: the one search (ai.search) as a Vijayanagara player (ai.vijayanagara.ismcts),
under the same budget as `hard`.

Each game is reported on stderr as it finishes, and `--log FILE` appends it to FILE as one
JSON line, so a long run cut short still leaves its figures: `--summarize` prints the same
object from such logs (several runs of one pairing add up).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from pydantic import TypeAdapter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.budget import Budget  # noqa: E402, I001
from rules.vijayanagara import Action  # noqa: E402
from ai.vijayanagara import LEVELS, decide, ismcts, level_of  # noqa: E402
from rules import vijayanagara  # noqa: E402
from ai.budget import MAX_ITERATIONS  # noqa: E402

from bench.results import record  # noqa: E402

SEARCH = "search"  # the contender that is no level of the bot
CONTENDERS = (*LEVELS, SEARCH)
BUDGETED = frozenset({"hard", SEARCH})  # the contenders that spend `--seconds`

MAX_STEPS = 20_000


@dataclass(frozen=True)
class Match:
    game: int
    seed: int
    tested: vijayanagara.Faction
    ai: str
    vs: str
    iterations: int
    seconds: float | None


@dataclass(frozen=True)
class Game:
    """One finished game, as the log keeps it."""

    ai: str
    vs: str
    seconds: float | None
    game: int
    seed: int
    seat: str  # the tested seat
    won: bool
    decision_ms: list[float]


GAME = TypeAdapter(Game)


def generators(seed: int) -> dict[vijayanagara.Faction, random.Random]:
    """Each seat's own generator for game seed `seed` (every bench that replays arena games)."""
    return {f: random.Random(seed * 7 + i) for i, f in enumerate(vijayanagara.PLAYERS)}


def play(m: Match) -> Game:
    """One game: the tested seat, whether it won, and its decision times (CPU ms)."""
    levels = {f: (m.ai if f == m.tested else m.vs) for f in vijayanagara.PLAYERS}
    gens = generators(m.seed)
    budget = Budget(iterations=m.iterations, seconds=m.seconds, clock=time.process_time)
    state = vijayanagara.new_game(m.seed)
    times: list[float] = []
    for _ in range(MAX_STEPS):
        if state.game_over:
            break
        seat = vijayanagara.prompt(state).faction
        assert seat is not None  # the seeded dealer resolves chance itself
        start = time.process_time()
        action = step(state, levels[seat], gens[seat], budget)
        if seat == m.tested:
            times.append((time.process_time() - start) * 1000)
        state = vijayanagara.apply(state, action)
    else:
        raise RuntimeError(f"game {m.game} did not end in {MAX_STEPS} steps")
    won = vijayanagara.ranking(state)[0] == m.tested
    ms = [round(t, 1) for t in times]
    return Game(m.ai, m.vs, m.seconds, m.game, m.seed, m.tested.value, won, ms)


def contender_of(text: str) -> str:
    """A level of the bot, or `search`, by name."""
    name = text.strip().lower()
    if name == SEARCH:
        return name
    try:
        return level_of(name)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"unknown contender {text!r}: choose one of {', '.join(CONTENDERS)}"
        ) from None


def step(state: vijayanagara.GameState, who: str, r: random.Random, budget: Budget) -> Action:
    """The contender's step for the faction deciding now."""
    if who == SEARCH:
        return ismcts.choose(state, r, budget)
    return decide(state, level_of(who), r, budget)


def seats_of(text: str) -> tuple[vijayanagara.Faction, ...]:
    """The tested seats from letters (`B`, `DV`), each once, in the order given."""
    letters = text.strip().upper()
    known = {f.value for f in vijayanagara.PLAYERS}
    if not letters or not set(letters) <= known or len(set(letters)) != len(letters):
        raise argparse.ArgumentTypeError(
            f"--seats takes each of {', '.join(sorted(known))} at most once, got {text!r}"
        )
    return tuple(vijayanagara.Faction(c) for c in letters)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(games: list[Game]) -> dict[str, object]:
    """The run's JSON object: wins per tested seat and the tested level's decision times."""
    pairings = {(g.ai, g.vs, g.seconds) for g in games}
    if len(pairings) != 1:
        raise ValueError(
            f"one pairing of levels and budget per summary, got {sorted(map(str, pairings))}"
        )
    seats = {f.value: {"games": 0, "wins": 0} for f in vijayanagara.PLAYERS}
    times: list[float] = []
    for g in games:
        seats[g.seat]["games"] += 1
        seats[g.seat]["wins"] += int(g.won)
        times.extend(g.decision_ms)
    return {
        "ai": games[0].ai,
        "vs": games[0].vs,
        "games": len(games),
        "seats": seats,
        "decision_ms": {
            "p50": round(percentile(times, 0.5), 1),
            "p95": round(percentile(times, 0.95), 1),
            "max": round(max(times, default=0.0), 1),
        },
    }


def read_logs(paths: list[Path]) -> list[Game]:
    """The games of `--log` files; a game played twice (same pairing and seed) counts once."""
    games: dict[tuple[str, str, float | None, int], Game] = {}
    for path in paths:
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            try:
                g = GAME.validate_json(line)
            except ValueError as e:
                raise ValueError(f"{path}:{n}: not a game of an arena log ({e})") from None
            games[(g.ai, g.vs, g.seconds, g.seed)] = g
    if not games:
        raise ValueError(f"no games in {', '.join(map(str, paths))}")
    return sorted(games.values(), key=lambda g: g.seed)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__)
    p.add_argument("--ai", type=contender_of, help="the level (or `search`) under test")
    p.add_argument("--vs", type=contender_of, help="the level (or `search`) in the other seats")
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--seconds", type=float, default=1.0, help="hard, search: CPU s a decision")
    p.add_argument("--iterations", type=int, default=20_000, help="hard, search: searches at most")
    p.add_argument("--seats", type=seats_of, default=vijayanagara.PLAYERS, help="tested seats: DBV")
    p.add_argument("--json", action="store_true", help="print only the JSON object")
    p.add_argument("--log", type=Path, help="append each finished game to this file")
    p.add_argument("--summarize", type=Path, nargs="+", metavar="LOG", help="sum up logs")
    args = p.parse_args(argv)
    if args.summarize:
        try:
            print(json.dumps(summary(read_logs(args.summarize))))
        except (OSError, ValueError) as e:
            p.error(str(e))
        return
    if args.ai is None or args.vs is None:
        p.error("--ai and --vs are required (or --summarize LOG)")
    if args.games < 1 or args.jobs < 1:
        p.error("--games and --jobs must be at least 1")
    if args.seconds <= 0 or not 1 <= args.iterations <= MAX_ITERATIONS:
        p.error(f"--seconds must be positive and --iterations 1 to {MAX_ITERATIONS}")
    seconds = args.seconds if {args.ai, args.vs} & BUDGETED else None
    matches = [
        Match(
            k,
            args.seed + k,
            args.seats[k % len(args.seats)],
            args.ai,
            args.vs,
            args.iterations,
            seconds,
        )
        for k in range(args.games)
    ]
    start = time.perf_counter()
    games: list[Game] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for done in as_completed([pool.submit(play, m) for m in matches]):
            g = done.result()
            games.append(g)
            if args.log:
                with args.log.open("a") as log:
                    log.write(GAME.dump_json(g).decode() + "\n")
            print(
                f"game {g.game} (seed {g.seed}): {args.ai} as {g.seat} "
                f"{'won' if g.won else 'lost'}, {len(g.decision_ms)} decisions",
                file=sys.stderr,
            )
    figures = summary(sorted(games, key=lambda g: g.game))
    print(json.dumps(figures))
    record(args, figures)
    if not args.json:
        print(
            f"{sum(len(g.decision_ms) for g in games)} decisions, {time.perf_counter() - start:.1f} s wall",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
