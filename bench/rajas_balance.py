"""Rajas of the Ganges: the balance of our reconstructed board and tiles, one level (greedy)
in every seat.

    python bench/rajas_balance.py [--level greedy] [--games 400] [--seed 1] [--players 2 3 4]

For each number of players, games seed..seed+N-1 are played once (game g dealt by
`random.Random(g)`, each seat's AI with its own generator, deciding from its view only).
Prints how many rounds the games took (median, and the shortest and longest), how many tiles a
player built (mean), and the wins with a 95 % Wilson interval (a shared first place counts as
a win of each seat sharing it, and is counted apart) by **turn order**: the starting player of
the first round, the one after, and so on (Setup: the lowest roll starts with 3 money, each
next seat one more). Turn order is the seat that matters: the colours are alike, since the
starting player is drawn. The goal for our reconstruction: no place in the turn order above
35 % in 4 players.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from results import record

from ai.rajas import choose
from bench.arena_report import wilson
from rules.rajas import GAME, RajasOptions, State


@dataclass(frozen=True)
class Played:
    """One game: the places in the first round's turn order (0: the starting player) that
    came first, the rounds it took, the tiles each player built on average."""

    first_places: tuple[int, ...]
    rounds: int
    tiles: float


def play(players: int, level: str, seed: int) -> Played:
    dealer = random.Random(seed)
    seats = GAME.info.seats_for(players)
    gens = {seat: random.Random(seed * 31 + i) for i, seat in enumerate(seats)}
    s = GAME.new_game(RajasOptions(), seats)
    starter: int | None = None
    while (result := GAME.result(s)) is None:
        seat = GAME.to_move(s)
        if seat is None:
            s = GAME.apply(s, GAME.deal(s, dealer.randrange))
            continue
        if starter is None:
            starter = s.start
        s = GAME.apply(s, choose(level, GAME.view(s, seat), seat, gens[seat]))
    assert starter is not None
    places = tuple((seats.index(w) - starter) % players for w in result.winners)
    return Played(places, s.round, built(s) / players)


def built(s: State) -> int:
    return sum(1 for cells in s.province for c in cells if c >= 0)


def report(players: int, games: list[Played]) -> dict[str, object]:
    rounds = [g.rounds for g in games]
    shared = sum(len(g.first_places) > 1 for g in games)
    tiles = statistics.mean(g.tiles for g in games)
    print(
        f"  {players} players: rounds median {statistics.median(rounds):g} "
        f"(from {min(rounds)} to {max(rounds)}); tiles built {tiles:.1f} a player; "
        f"shared first places {shared}"
    )
    firsts = []
    for place in range(players):
        wins = sum(place in g.first_places for g in games)
        low, high = wilson(wins, len(games))
        print(
            f"    turn order {place + 1}: {wins}/{len(games)} "
            f"({wins / len(games):.0%}, 95% {low:.0%}-{high:.0%})"
        )
        firsts.append({"turn_order": place + 1, "wins": wins, "interval95": [low, high]})
    return {
        "players": players,
        "games": len(games),
        "rounds_median": statistics.median(rounds),
        "tiles_a_player": tiles,
        "shared_first": shared,
        "first_by_turn_order": firsts,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="greedy")
    ap.add_argument("--games", type=int, default=400, help="games per player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    print(f"{args.level} in every seat, seeds {seeds[0]}-{seeds[-1]}")
    by_players = [
        report(players, [play(players, args.level, g) for g in seeds]) for players in args.players
    ]
    record(args, {"by_players": by_players})


if __name__ == "__main__":
    main()
