"""The shared search's comparison over common futures: a few root steps (the caller's
candidates), each played on in the same futures, the one whose futures end best first.

A future is one determinization of the seat's view (the search capability's `sample`) and one
set of chance streams: each chance step is dealt from the stream the capability's `stream`
names for it (a game gives each seat's dice, or each deck, a stream of its own), so where two
steps lead to the same chance of the same kind, it comes out the same (common random numbers).
A difference between two steps' futures is then the steps' and not the luck's, which a few
futures a step cannot tell apart when each step's futures are dealt apart (the tree search,
ai.search.ismcts: its root steps' playouts share nothing). No tree is kept: the steps after
the root are the rollout policy's, in every seat.

A playout runs the policy for the capability's `horizon` steps, then on to the first state the
capability's `at_rest` allows for the searching seat, where the evaluation judges it (or to the
game's end). Deterministic for a given `random.Random` and a budget of iterations; the budget's
iterations are playouts, whole futures at a time (every candidate played in each).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rules.capabilities import Search, search_of
from rules.game import Game, Seat

from ..budget import Budget
from .ismcts import MAX_PLAYOUT_STEPS, Choice, Decision, Evaluation, Policy, values

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

STREAMS = 1_000  # a future's streams: 0 the determinization's and the policy's, then the game's


def compare(
    game: Game[S, A, V, Any],
    view: V,
    seat: Seat,
    rng: random.Random,
    budget: Budget,
    *,
    candidates: Sequence[A],
    policy: Policy[S, A] | None = None,
    evaluation: Evaluation[S] | None = None,
) -> Decision[A]:
    """`seat`'s `candidates` (its own steps, legal in every state consistent with its view),
    ranked by their mean value over the same futures, the candidates' order breaking ties;
    `Decision.iterations` counts the futures, and each candidate's visits are all of them.
    `policy` plays the playouts (else the capability's rollout, else random steps) and
    `evaluation` judges them past the horizon (else the game's own)."""
    if not candidates:
        raise ValueError(f"{seat} has no step to compare")
    if len(candidates) == 1:
        return Decision((Choice(candidates[0], 0, 0.0),), 0)
    capability = search_of(game)
    own = capability.rollout
    play: Policy[S, A] = policy or (lambda state, r: own(state, r.randrange))
    judge: Evaluation[S] = evaluation or capability.evaluate
    totals = [0.0] * len(candidates)
    done = budget.timer()
    playouts = futures = 0
    while not futures or not done(playouts):  # at least one future, whatever the clock
        future = rng.getrandbits(32)
        dealt = capability.sample(view, seat, random.Random(future * STREAMS).randrange)
        for k, step in enumerate(candidates):
            start = game.apply(dealt, step)
            totals[k] += playout(capability, start, seat, future, play, judge)
        playouts += len(candidates)
        futures += 1
    order = sorted(range(len(candidates)), key=lambda k: (-totals[k], k))
    ranked = tuple(Choice(candidates[k], futures, totals[k] / futures) for k in order)
    return Decision(ranked, futures)


def playout(
    capability: Search[S, A, Any],
    s: S,
    seat: Seat,
    future: int,
    policy: Policy[S, A],
    evaluation: Evaluation[S],
) -> float:
    """`seat`'s value in one future from `s`: the policy in every seat, chance dealt from the
    future's streams, to the game's end or the first rest past the horizon."""
    game = capability.game
    streams: dict[int, random.Random] = {}

    def stream(key: int) -> Callable[[int], int]:
        if key not in streams:
            streams[key] = random.Random(future * STREAMS + key)
        return streams[key].randrange

    ties = random.Random(future * STREAMS)
    horizon = capability.horizon
    for step in range(MAX_PLAYOUT_STEPS):
        ranking = game.result(s)
        if ranking is not None:
            return values(ranking).get(seat, 0.0)
        if horizon is not None and step >= horizon and capability.at_rest(s, seat):
            judged = evaluation(s)
            if judged is not None:
                return judged.get(seat, 0.0)
        if game.to_move(s) is None:
            s = game.apply(s, game.deal(s, stream(capability.stream(s))))
            continue
        action = policy(s, ties)
        if action is None:
            steps = capability.steps(s)
            action = steps[ties.randrange(len(steps))]
        s = game.apply(s, action)
    return 0.0  # no end in sight: a draw, nothing to anyone
