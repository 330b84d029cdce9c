"""Taj Mahal AI against AI: one level in one seat, another in the others, the tested seat
taking every position of 3-, 4- and 5-player games.

    python bench/taj_mahal_arena.py [--ai greedy] [--vs random] [--games 50] [--seed 1] [--json]
        [--players 3] [--seats 1,2] [--seconds 1.5] [--iterations 300] [--log FILE]
    python bench/taj_mahal_arena.py --summarize FILE [FILE ...] [--json]

For each number of players and each seat of the tested level, games seed..seed+N-1 are played
(game g dealt by `random.Random(g)`, each AI with its own generator). Each AI decides from its
seat's view only. A win is a first place, alone or shared (ties are counted apart). Prints the
wins per seat with a 95 % Wilson interval, and the tested level's decision times in CPU ms.
`--players` and `--seats` narrow the games played; `--seconds` is `hard`'s CPU budget per
decision (the bot gives it 1.5 s) and `--iterations` its budget of iterations (the same
search on any machine, however loaded), each game reported on stderr as it ends. `--log`
adds each game to a file (JSON lines) as it ends, so a run cut off still counts its games;
`--summarize` reports the games of such files (several runs' logs together) without playing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from results import record

from ai.budget import MAX_ITERATIONS, Budget
from ai.taj_mahal import choose
from bench.arena_report import report, seat_row
from rules.taj_mahal import GAME, TajOptions


def play(
    players: int, tested_seat: int, ai: str, vs: str, seed: int, budget: Budget | None = None
) -> tuple[bool, bool, list[float]]:
    """One game: whether the tested seat placed first, whether it shared it, decision ms."""
    dealer = random.Random(seed)
    seats = GAME.info.seats_for(players)
    gens = {seat: random.Random(seed * 31 + i) for i, seat in enumerate(seats)}
    s = GAME.new_game(TajOptions(), seats)
    times: list[float] = []
    while GAME.result(s) is None:
        seat = GAME.to_move(s)
        if seat is None:
            s = GAME.apply(s, GAME.deal(s, dealer.randrange))
            continue
        level = ai if seat == seats[tested_seat] else vs
        c0 = time.process_time()
        a = choose(level, GAME.view(s, seat), gens[seat], budget)
        if level == ai:
            times.append((time.process_time() - c0) * 1000)
        s = GAME.apply(s, a)
    result = GAME.result(s)
    assert result is not None
    won = seats[tested_seat] in result.winners
    return won, won and len(result.winners) > 1, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ai", default="greedy")
    ap.add_argument("--vs", default="random")
    ap.add_argument("--games", type=int, default=50, help="games per seat and player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--players", default="3,4,5", help="numbers of players, by commas")
    ap.add_argument("--seats", default="", help="the tested seats (1 first), by commas: all")
    ap.add_argument("--seconds", type=float, default=None, help="hard's CPU seconds a step")
    ap.add_argument("--iterations", type=int, default=None, help="hard's iterations a step")
    ap.add_argument("--log", default=None, help="a file each game is added to as it ends")
    ap.add_argument("--summarize", nargs="+", default=None, help="report these logs; no play")
    args = ap.parse_args()
    if args.summarize:
        summarize(args.summarize, args.json)
        return
    budget = None
    if args.seconds is not None or args.iterations is not None:
        budget = Budget(
            iterations=args.iterations or MAX_ITERATIONS,
            seconds=args.seconds,
            clock=time.process_time if args.seconds is not None else None,
        )
    only = {int(x) - 1 for x in args.seats.split(",") if x}
    games: list[dict[str, object]] = []
    for players in (int(x) for x in args.players.split(",")):
        for seat in range(players):
            if only and seat not in only:
                continue
            for g in range(args.seed, args.seed + args.games):
                won, tie, t = play(players, seat, args.ai, args.vs, g, budget)
                game = {"ai": args.ai, "vs": args.vs, "players": players, "seat": seat + 1}
                game |= {"seed": g, "won": won, "shared": tie, "decision_ms": t}
                games.append(game)
                if args.log:
                    with open(args.log, "a", encoding="utf-8") as f:
                        f.write(json.dumps(game) + "\n")
                if budget is not None:
                    print(
                        f"{players} players, seat {seat + 1}, seed {g}: won {won}", file=sys.stderr
                    )
    record(args, report_games(games, args.json))


def report_games(games: list[dict[str, object]], as_json: bool) -> dict[str, object]:
    """The arena's report of these games: one row per number of players and tested seat."""
    rows: list[dict[str, object]] = []
    times: list[float] = []
    seeds: set[int] = set()
    by_seat: dict[tuple[int, int], list[dict[str, object]]] = {}
    for game in games:
        by_seat.setdefault((int(str(game["players"])), int(str(game["seat"]))), []).append(game)
    for (players, seat), played in sorted(by_seat.items()):
        wins = sum(bool(g["won"]) for g in played)
        shared = sum(bool(g["shared"]) for g in played)
        rows.append(seat_row(players, seat - 1, len(played), wins, shared))
        for g in played:
            times += g["decision_ms"]  # type: ignore[arg-type]
            seeds.add(int(str(g["seed"])))
    first = games[0]
    return report(
        str(first["ai"]), str(first["vs"]), range(min(seeds), max(seeds) + 1), rows, times, as_json
    )


def summarize(logs: list[str], as_json: bool) -> None:
    """The report of the games in `--log` files (a run cut off counts the games it ended)."""
    games = []
    for name in logs:
        with open(name, encoding="utf-8") as f:
            games += [json.loads(line) for line in f if line.strip()]
    if not games:
        raise SystemExit("no games in " + ", ".join(logs))
    report_games(games, as_json)


if __name__ == "__main__":
    main()
