"""The one search (ai.search, Information Set MCTS) as a Vijayanagara player.

Each iteration deals a future consistent with what the table knows (rules.vijayanagara.search:
the unseen deck's order and the dice anew), walks the tree of the factions' steps and plays
on greedily, every faction by `easy`'s evaluation as `hard`'s playouts do, for the capability's
horizon; there each faction is judged by that evaluation (Delhi with its end-of-game
adjustment as it stands, as in `hard`), by what it gained over the position at the root.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import PLAYERS, Action, Faction, GameState
from rules.vijayanagara.game import GAME

from ..budget import Budget
from ..search import Decision, search
from ..search.ismcts import Evaluation
from .evaluate import EASY, evaluate
from .hard import PROJECTED_SEATS, SCORING, playout_step
from .knowledge import seen

SCALE = 3.0  # evaluation points gained that make a win about 3 times as likely as a loss


def policy(state: GameState, r: random.Random) -> Action | None:
    """The playouts' step for whoever decides: `hard`'s playout step."""
    who = vijayanagara.decider(state)
    return None if who is None else playout_step(state, who, r)


def judgement(state: GameState, f: Faction) -> float:
    """`easy`'s evaluation of the position for the faction (Delhi's with its end-of-game
    adjustment as it stands), as `hard` scores its playouts."""
    return evaluate(state, f, SCORING if f in PROJECTED_SEATS else EASY)


def evaluation(root: GameState) -> Evaluation[GameState]:
    """Each faction's chance at the horizon from what it gained there over the position at
    the root, by `judgement`, on a logistic curve: the evaluation's own level differs by tens
    of points from faction to faction and through the game, which would leave every playout
    near 0 or 1, where the search could not tell its steps apart."""
    now = {f: judgement(root, f) for f in PLAYERS}

    def chances(state: GameState) -> Mapping[str, float]:
        return {
            str(f): 1 / (1 + math.exp(-(judgement(state, f) - now[f]) / SCALE)) for f in PLAYERS
        }

    return chances


def decide(state: GameState, r: random.Random, budget: Budget) -> Decision[Action]:
    """The search's steps for the faction deciding now, best first, from what the table
    knows of `state` (never its dealer)."""
    seat = vijayanagara.prompt(state).faction
    if seat is None:
        raise ValueError("no faction decides now: the game is over or chance is pending")
    view = seen(state)
    return search(GAME, view, str(seat), r, budget, policy=policy, evaluation=evaluation(view))


def choose(state: GameState, r: random.Random, budget: Budget) -> Action:
    legal = vijayanagara.useful_actions(state)
    if len(legal) == 1:
        return legal[0]
    return decide(state, r, budget).best
