"""Computer players for the Goat-Tiger game: `random`, `easy` and `hard`.

`easy` and `hard` search the game tree (ai.goat_tiger.search): a win the search can prove
within its depth is never let go, and our draw rule's draw scores as an even game, so the
side behind takes one and the side ahead plays on. `easy` looks 2 moves ahead; `hard` deepens to 4 moves, or
with a clock in its budget to 8 while time is left (an iteration of the budget is a thousand
positions searched).
"""

from __future__ import annotations

import random

from ai.budget import Budget
from rules.goat_tiger import GoatTigerAction, State, legal_actions

from . import search

EASY_DEPTH = 2
HARD_DEPTH = 4  # without a clock: the same move every time
HARD_DEPTH_TIMED = 8


def _seat_moves(view: State, seat: str) -> None:
    if view.over or view.to_move != seat:
        raise ValueError(f"the {seat} do not move now")


def random_player(view: State, seat: str, r: random.Random, budget: Budget) -> GoatTigerAction:
    _seat_moves(view, seat)
    return r.choice(legal_actions(view))


def _searched(view: State, depth: int, r: random.Random, budget: Budget) -> GoatTigerAction:
    def shuffled(ms: list[tuple[search.Raw, search.Node]]) -> list[tuple[search.Raw, search.Node]]:
        out = list(ms)
        r.shuffle(out)  # equal moves: a different one from game to game
        return out

    timer = budget.timer()
    found = search.best_move(
        search.node_of(view),
        depth,
        shuffled,
        lambda nodes: timer(nodes // 1000),
        before=view.quiet,  # our draw rule's repetitions count from these
    )
    return search.action_of(found.move)


def easy_player(view: State, seat: str, r: random.Random, budget: Budget) -> GoatTigerAction:
    _seat_moves(view, seat)
    return _searched(view, EASY_DEPTH, r, budget)


def hard_player(view: State, seat: str, r: random.Random, budget: Budget) -> GoatTigerAction:
    _seat_moves(view, seat)
    depth = HARD_DEPTH if budget.seconds is None else HARD_DEPTH_TIMED
    return _searched(view, depth, r, budget)


PLAYERS = {"random": random_player, "easy": easy_player, "hard": hard_player}
