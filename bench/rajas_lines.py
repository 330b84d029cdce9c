"""Rajas of the Ganges: does one line of play dominate our reconstruction? A greedy that favours
money, fame or the river, in one seat, against plain greedy in the others.

    python bench/rajas_lines.py [--lines money:1.5 fame:1.5 river:4] [--games 400] [--seed 1]
        [--players 2 4]

A line's factor multiplies what plain greedy's evaluation gives it: `fame:1.5` counts each fame
point 1.5 times, `money:1.5` each money point (its move of the race and its own weight) 1.5
times, `river:4` each river space 4 times. For each line and number of players, games
seed..seed+N-1 are played once (game g dealt by `random.Random(g)`, each seat's AI with its own
generator, deciding from its view only); the variant sits in seat (g - seed) mod players, so
its seat rotates (with the starting player drawn, its place in the turn order varies too).
Prints the variant's wins with a 95 % Wilson interval (a shared first place counts as a win and
is counted apart; even is 1 in players), and how the games went: the assorted market's
placements a player a game, by the variant and by plain greedy, by winners and by the others,
how often the winner took it most, and the winners' money and fame at the end.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.rajas import greedy
from bench.arena_report import wilson
from bench.results import record
from rules.rajas import GAME, RajasOptions
from rules.rajas.state import Place

LINES = ("money", "fame", "river")


def leaning(line: str, factor: float) -> greedy.Weights:
    """Greedy's weights with `line` counted `factor` times what plain greedy counts it."""
    w = greedy.WEIGHTS
    if line == "fame":
        return dataclasses.replace(w, fame=factor * w.fame)
    if line == "money":  # what it moves on the race, and its own weight
        return dataclasses.replace(w, crossing=factor * w.crossing, money=factor * w.money)
    if line == "river":
        return dataclasses.replace(w, river=factor * w.river)
    raise ValueError(f"no line {line!r}; the lines are {', '.join(LINES)}")


@dataclass(frozen=True)
class Played:
    """One game: whether the variant placed first (and shared it), and per seat its assorted
    market placements, whether it won, its money and fame at the end."""

    won: bool
    shared: bool
    variant: int
    assorted: tuple[int, ...]
    winners: tuple[bool, ...]
    money: tuple[int, ...]
    fame: tuple[int, ...]


def play(players: int, w: greedy.Weights, seed: int, variant: int) -> Played:
    dealer = random.Random(seed)
    seats = GAME.info.seats_for(players)
    gens = [random.Random(seed * 31 + i) for i in range(players)]
    s = GAME.new_game(RajasOptions(), seats)
    assorted = [0] * players
    while (result := GAME.result(s)) is None:
        seat = GAME.to_move(s)
        if seat is None:
            s = GAME.apply(s, GAME.deal(s, dealer.randrange))
            continue
        i = seats.index(seat)
        a = greedy.choose(GAME.view(s, seat), gens[i], w if i == variant else greedy.WEIGHTS)
        if isinstance(a, Place) and a.area == "assorted_market":
            assorted[i] += 1
        s = GAME.apply(s, a)
    winners = tuple(seat in result.winners for seat in seats)
    won = winners[variant]
    return Played(won, won and sum(winners) > 1, variant, tuple(assorted), winners, s.money, s.fame)


def report(line: str, factor: float, players: int, games: list[Played]) -> dict[str, object]:
    n = len(games)
    wins = sum(g.won for g in games)
    shared = sum(g.shared for g in games)
    low, high = wilson(wins, n)

    def mean(values: list[int]) -> float:
        return statistics.mean(values) if values else 0.0

    by = {
        "variant": mean([g.assorted[g.variant] for g in games]),
        "plain": mean([a for g in games for i, a in enumerate(g.assorted) if i != g.variant]),
        "winners": mean(
            [a for g in games for a, w in zip(g.assorted, g.winners, strict=True) if w]
        ),
        "others": mean(
            [a for g in games for a, w in zip(g.assorted, g.winners, strict=True) if not w]
        ),
    }
    most = sum(
        any(w and a == max(g.assorted) for a, w in zip(g.assorted, g.winners, strict=True))
        for g in games
    )
    won_money = [m for g in games for m, w in zip(g.money, g.winners, strict=True) if w]
    won_fame = [f for g in games for f, w in zip(g.fame, g.winners, strict=True) if w]
    print(
        f"  {line} x{factor:g}, {players} players: {wins}/{n} "
        f"({wins / n:.1%}, 95% {low:.1%}-{high:.1%}, even {1 / players:.0%}, shared {shared})"
    )
    print(
        "    assorted market a player a game: "
        + ", ".join(f"{k} {v:.2f}" for k, v in by.items())
        + f"; the winner took it most in {most}/{n}"
    )
    print(
        f"    winners at the end: money median {statistics.median(won_money):g}, "
        f"fame median {statistics.median(won_fame):g}"
    )
    return {
        "line": line,
        "factor": factor,
        "players": players,
        "games": n,
        "wins": wins,
        "shared": shared,
        "rate": round(wins / n, 3),
        "interval95": [low, high],
        "assorted_a_game": {k: round(v, 3) for k, v in by.items()},
        "winner_took_assorted_most": most,
        "winners_money_median": statistics.median(won_money),
        "winners_fame_median": statistics.median(won_fame),
    }


def lean(text: str) -> tuple[str, float]:
    line, _, factor = text.partition(":")
    if line not in LINES:
        raise argparse.ArgumentTypeError(f"no line {line!r}; the lines are {', '.join(LINES)}")
    try:
        return line, float(factor or "1.5")
    except ValueError:
        raise argparse.ArgumentTypeError(f"{factor!r} is not a factor (a number)") from None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--lines", type=lean, nargs="+", default=[("money", 1.5), ("fame", 1.5), ("river", 4.0)]
    )
    ap.add_argument("--games", type=int, default=400, help="games per line and player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    print(
        f"a greedy leaning one way in one seat against plain greedy, seeds {seeds[0]}-{seeds[-1]}"
    )
    rows = []
    for line, factor in args.lines:
        w = leaning(line, factor)
        for players in args.players:
            games = [play(players, w, g, (g - args.seed) % players) for g in seeds]
            rows.append(report(line, factor, players, games))
            sys.stdout.flush()
    record(args, {"seeds": [seeds[0], seeds[-1]], "lines": rows})


if __name__ == "__main__":
    main()
