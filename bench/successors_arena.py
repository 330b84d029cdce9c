"""Successors AI against AI, and the balance of our map.

    python bench/successors_arena.py [--ai greedy] [--vs random] [--players 3] [--games 50]
        [--seed 1] [--seats 1,2,3] [--seconds 1.5 | --iterations N] [--log FILE] [--json]
    python bench/successors_arena.py --balance [--ai greedy] [--players 3,4] [--games 400]
        [--seed 1] [--log FILE] [--json]
    python bench/successors_arena.py --summarize FILE [FILE ...] [--first N] [--json]

Arena: for each tested seat (a colour, 1 first; every seat unless `--seats` names some),
games seed..seed+N-1 are played with the tested level in that seat and the other level in
the others (game g dealt by `random.Random(g)`, each seat's AI with its own generator,
deciding from its seat's view only). A win is a first place (l.66-69: the tie-break makes it
one seat). Prints each tested seat's wins with a 95 % Wilson interval, the same by the place
in the turn order the tested seat drew (the homes are chosen in roll order, so the colour
and the turn order are apart), and the tested level's decision times in CPU ms (p50, p95,
max). `--seconds` is `hard`'s CPU budget a decision (the bot gives it 1.5 s: see
bot/table/ai_seats.py); `--iterations` its budget of futures (the same search on any
machine, however loaded).

Balance (`--balance`): the level in every seat, games seed..seed+N-1 for each number of
players; prints the median length (game turns, and decisions), and the wins with a 95 %
interval by home (each home's games are those where a seat chose it) and by place in the
turn order. The goal for our map: no seat above 45 % in 3 players or 35 % in 4.

`--log` adds each game to a file (JSON lines) as it ends, so a run cut off still counts its
games; `--summarize` reports such files (several runs' logs together) without playing, with
`--first N` only the first N games by seed of each pairing (the same levels in the same
seats and number of players): a run stopped by the clock at a size fixed before it began.
Each run's figures are recorded by bench/results.py's `record`; a summary's only with
`--first` (the stopped runs' figures, with the arguments as typed: give it the runs' own).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.budget import MAX_ITERATIONS, Budget
from ai.successors import choose
from bench.arena_report import wilson
from bench.results import record
from rules.successors import CAPTIVE, GAME, Action, State, SuccessorsOptions, View

Trial = Callable[[View, random.Random], Action]  # a seat's player in a bench's trial
MAX_STEPS = 30_000  # a game past this many steps is a dead end: reported as a crash


def play(
    players: int,
    levels: tuple[str, ...],
    seed: int,
    budget: Budget | None = None,
    drawn_homes: bool = False,
    trial: Mapping[int, Trial] | None = None,
) -> dict[str, object]:
    """One game with `levels[i]` in seat i: the winner's seat, the scores, each seat's home
    and place in the turn order, the game turns and decisions it took, and each seat's
    decision times (CPU ms). `drawn_homes`: each home is drawn among those allowed (by the
    seat's generator) rather than chosen by its AI. `trial`: seats played by a bench's own
    player rather than their level (bench/successors_weights.py)."""
    dealer = random.Random(seed)
    seats = GAME.info.seats_for(players)
    gens = {seat: random.Random(seed * 31 + i) for i, seat in enumerate(seats)}
    s = GAME.new_game(SuccessorsOptions(), seats)
    times: list[list[float]] = [[] for _ in seats]
    captured = [0] * players  # each seat's leader taken captive (Q21), times
    steps = decisions = 0
    chosen: list[int] = []  # each seat's home (an eliminated seat's marker goes, E2)
    while (result := GAME.result(s)) is None:
        if not chosen and s.phase == "play":
            chosen = list(s.homes)
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} steps")
        seat = GAME.to_move(s)
        if seat is None:
            s = _counting_captures(s, GAME.apply(s, GAME.deal(s, dealer.randrange)), captured)
            continue
        i = seats.index(seat)
        if drawn_homes and s.phase == "setup" and s.frames[-1][0] == "home":
            s = GAME.apply(s, gens[seat].choice(GAME.legal_actions(s)))
            continue
        c0 = time.process_time()
        view = GAME.view(s, seat)
        a = (
            trial[i](view, gens[seat])
            if trial and i in trial
            else choose(levels[i], view, gens[seat], budget)
        )
        times[i].append((time.process_time() - c0) * 1000)
        s = _counting_captures(s, GAME.apply(s, a), captured)
        decisions += 1
    ids = s.parts.map.ids
    homes = [ids[h] for h in chosen or s.homes]
    order = list(s.base_order)
    return {
        "players": players,
        "levels": list(levels),
        "seed": seed,
        "winner": seats.index(result.winners[0]),
        "scores": [result.scores[x] for x in seats],
        "homes": homes,
        "order": [order.index(i) + 1 for i in range(players)],
        "turns": s.turn,
        "decisions": decisions,
        "decision_ms": times,
        "captured": captured,
    }


def _counting_captures(before: State, after: State, captured: list[int]) -> State:
    """`after`, each leader that went captive on the way counted in `captured`."""
    for k, (was, now) in enumerate(zip(before.leaders, after.leaders, strict=True)):
        if now >= CAPTIVE > was:
            captured[k] += 1
    return after


def arena_rows(games: list[dict[str, object]], ai: str) -> dict[str, object]:
    """The tested level's wins by seat and by place in the turn order, and its times."""
    by_seat: dict[tuple[int, int], list[bool]] = {}
    by_order: dict[tuple[int, int], list[bool]] = {}
    times: list[float] = []
    for g in games:
        levels = list(g["levels"])  # type: ignore[call-overload]
        players = int(str(g["players"]))
        tested = next(i for i, lv in enumerate(levels) if lv == ai and levels.count(ai) == 1)
        won = int(str(g["winner"])) == tested
        by_seat.setdefault((players, tested + 1), []).append(won)
        place = list(g["order"])[tested]  # type: ignore[call-overload]
        by_order.setdefault((players, place), []).append(won)
        times += list(g["decision_ms"])[tested]  # type: ignore[call-overload]
    return {
        "seats": [_row(p, k, w) for (p, k), w in sorted(by_seat.items())],
        "turn_order": [_row(p, k, w) for (p, k), w in sorted(by_order.items())],
        "decision_ms": _percentiles(times),
    }


def _row(players: int, key: int | str, wins: list[bool]) -> dict[str, object]:
    n, k = len(wins), sum(wins)
    low, high = wilson(k, n)
    return {
        "players": players,
        "key": key,
        "games": n,
        "wins": k,
        "rate": round(k / n, 3),
        "interval95": [low, high],
    }


def _percentiles(times: list[float]) -> dict[str, float]:
    if not times:
        return {}
    t = sorted(times)
    return {
        "p50": round(t[len(t) // 2], 2),
        "p95": round(t[min(len(t) - 1, int(len(t) * 0.95))], 2),
        "max": round(t[-1], 2),
        "decisions": len(t),
    }


def balance_rows(games: list[dict[str, object]]) -> dict[str, object]:
    """Wins by home and by place in the turn order, and the games' lengths, per number of
    players."""
    out: dict[str, object] = {}
    for players in sorted({int(str(g["players"])) for g in games}):
        played = [g for g in games if g["players"] == players]
        by_home: dict[str, list[bool]] = {}
        by_order: dict[int, list[bool]] = {}
        for g in played:
            winner = int(str(g["winner"]))
            for i, home in enumerate(g["homes"]):  # type: ignore[arg-type]
                by_home.setdefault(home, []).append(i == winner)
            for i, place in enumerate(g["order"]):  # type: ignore[arg-type]
                by_order.setdefault(place, []).append(i == winner)
        turns = [int(str(g["turns"])) for g in played]
        decisions = [int(str(g["decisions"])) for g in played]
        out[str(players)] = {
            "games": len(played),
            "median_turns": statistics.median(turns),
            "shortest_turns": min(turns),
            "median_decisions": statistics.median(decisions),
            "homes": [_row(players, h, w) for h, w in sorted(by_home.items())],
            "turn_order": [_row(players, k, w) for k, w in sorted(by_order.items())],
        }
    return out


def show_rows(title: str, rows: object) -> None:
    print(f"  {title}:")
    for r in rows:  # type: ignore[attr-defined]
        low, high = r["interval95"]
        print(
            f"    {r['players']} players, {r['key']}: {r['wins']}/{r['games']} "
            f"({r['rate']:.0%}, 95% {low:.0%}-{high:.0%})"
        )


def report(games: list[dict[str, object]], args: argparse.Namespace) -> dict[str, object]:
    seeds = sorted({int(str(g["seed"])) for g in games})
    first = games[0]
    levels = list(first["levels"])  # type: ignore[call-overload]
    balance = len(set(levels)) == 1
    figures: dict[str, object] = {"seeds": [seeds[0], seeds[-1]], "games": len(games)}
    if balance:
        figures |= {"level": levels[0], "balance": balance_rows(games)}
    else:
        ai = args.ai
        vs = next(lv for lv in levels if lv != ai)
        figures |= {"ai": ai, "vs": vs, **arena_rows(games, ai)}
    if args.json:
        print(json.dumps(figures))
        return figures
    if balance:
        print(f"{levels[0]} in every seat, seeds {seeds[0]}-{seeds[-1]}")
        for players, b in figures["balance"].items():  # type: ignore[attr-defined]
            print(
                f"  {players} players, {b['games']} games: median {b['median_turns']} game "
                f"turns (shortest {b['shortest_turns']}), {b['median_decisions']} decisions"
            )
            show_rows("by home", b["homes"])
            show_rows("by place in the turn order", b["turn_order"])
    else:
        print(f"{figures['ai']} against {figures['vs']}, seeds {seeds[0]}-{seeds[-1]}")
        show_rows("by seat", figures["seats"])
        show_rows("by place in the turn order", figures["turn_order"])
        print(f"  decision CPU ms: {figures['decision_ms']}")
    return figures


def first_games(games: list[dict[str, object]], n: int) -> list[dict[str, object]]:
    """Each pairing's first `n` games by seed; a pairing with fewer is refused, named."""
    pairings: dict[tuple[object, ...], list[dict[str, object]]] = {}
    for g in games:
        key = (g["players"], *list(g["levels"]))  # type: ignore[call-overload]
        pairings.setdefault(key, []).append(g)
    out: list[dict[str, object]] = []
    for key, played in sorted(pairings.items(), key=lambda kv: str(kv[0])):
        by_seed = {int(str(g["seed"])): g for g in played}
        if len(by_seed) < n:
            raise SystemExit(f"{key}: {len(by_seed)} games in the logs, fewer than {n}")
        out += [by_seed[seed] for seed in sorted(by_seed)[:n]]
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ai", default="greedy")
    ap.add_argument("--vs", default="random")
    ap.add_argument("--balance", action="store_true", help="--ai in every seat")
    ap.add_argument("--drawn-homes", action="store_true", help="balance: homes drawn at random")
    ap.add_argument("--players", default="3", help="numbers of players, by commas")
    ap.add_argument("--games", type=int, default=50, help="games per seat (balance: in all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", default="", help="the tested seats (1 first), by commas: all")
    ap.add_argument("--seconds", type=float, default=None, help="hard's CPU seconds a step")
    ap.add_argument("--iterations", type=int, default=None, help="hard's futures a step")
    ap.add_argument("--log", default=None, help="a file each game is added to as it ends")
    ap.add_argument("--summarize", nargs="+", default=None, help="report these logs; no play")
    ap.add_argument("--first", type=int, default=None, help="summarize: N games a pairing")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.summarize:
        games = []
        for name in args.summarize:
            with open(name, encoding="utf-8") as f:
                games += [json.loads(line) for line in f if line.strip()]
        if not games:
            raise SystemExit("no games in " + ", ".join(args.summarize))
        if args.first is None:
            report(games, args)  # a summary is no run: nothing recorded
            return
        figures = report(first_games(games, args.first), args)
        record(args, figures)  # a run stopped by the clock, at its size fixed before
        return
    budget = None
    if args.seconds is not None or args.iterations is not None:
        budget = Budget(
            iterations=args.iterations or MAX_ITERATIONS,
            seconds=args.seconds,
            clock=time.process_time if args.seconds is not None else None,
        )
    games = [_logged(g, args.log) for g in _games(args, budget)]
    figures = report(games, args)
    record(args, figures)


def _games(args: argparse.Namespace, budget: Budget | None):  # type: ignore[no-untyped-def]
    only = {int(x) - 1 for x in args.seats.split(",") if x}
    for players in (int(x) for x in args.players.split(",")):
        if args.balance:
            for g in range(args.seed, args.seed + args.games):
                yield play(players, (args.ai,) * players, g, budget, args.drawn_homes)
            continue
        for seat in range(players):
            if only and seat not in only:
                continue
            levels = tuple(args.ai if i == seat else args.vs for i in range(players))
            for g in range(args.seed, args.seed + args.games):
                game = play(players, levels, g, budget)
                if budget is not None:
                    won = game["winner"] == seat
                    print(
                        f"{players} players, seat {seat + 1}, seed {g}: won {won}", file=sys.stderr
                    )
                yield game


def _logged(game: dict[str, object], log: str | None) -> dict[str, object]:
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps(game) + "\n")
    return game


if __name__ == "__main__":
    main()
