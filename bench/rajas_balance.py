"""Rajas of the Ganges: the balance of our reconstructed board and tiles, one level (greedy)
in every seat.

    python bench/rajas_balance.py [--level greedy] [--games 400] [--seed 1] [--players 2 3 4]

For each number of players, games seed..seed+N-1 are played once (game g dealt by
`random.Random(g)`, each seat's AI with its own generator, deciding from its view only).
Prints how many rounds the games took (median, and the shortest and longest) and each seat's
wins with a 95 % Wilson interval (a shared first place counts as a win of each seat sharing
it, and is counted apart). The goal for our reconstruction: no seat above 35 % in 4 players.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.rajas import choose
from bench.arena_report import wilson
from rules.rajas import GAME, RajasOptions


def play(players: int, level: str, seed: int) -> tuple[tuple[str, ...], int]:
    """One game: the seats placed first, and the rounds it took."""
    dealer = random.Random(seed)
    seats = GAME.info.seats_for(players)
    gens = {seat: random.Random(seed * 31 + i) for i, seat in enumerate(seats)}
    s = GAME.new_game(RajasOptions(), seats)
    while (result := GAME.result(s)) is None:
        seat = GAME.to_move(s)
        if seat is None:
            s = GAME.apply(s, GAME.deal(s, dealer.randrange))
            continue
        s = GAME.apply(s, choose(level, GAME.view(s, seat), seat, gens[seat]))
    return result.winners, s.round


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="greedy")
    ap.add_argument("--games", type=int, default=400, help="games per player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    print(f"{args.level} in every seat, seeds {seeds[0]}-{seeds[-1]}")
    for players in args.players:
        seats = GAME.info.seats_for(players)
        wins = dict.fromkeys(seats, 0)
        shared, rounds = 0, []
        for g in seeds:
            winners, took = play(players, args.level, g)
            rounds.append(took)
            shared += len(winners) > 1
            for w in winners:
                wins[w] += 1
        print(
            f"  {players} players: rounds median {statistics.median(rounds):g} "
            f"(from {min(rounds)} to {max(rounds)}); shared first places {shared}"
        )
        for seat in seats:
            low, high = wilson(wins[seat], args.games)
            rate = wins[seat] / args.games
            print(
                f"    seat {seat}: {wins[seat]}/{args.games} ({rate:.0%}, 95% {low:.0%}-{high:.0%})"
            )


if __name__ == "__main__":
    main()
