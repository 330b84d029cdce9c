"""Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, 2012), single
observer: one tree of what the searching seat sees, for any game on the core protocol with
the search capability (rules.capabilities.search).

Each iteration deals a state consistent with the seat's view (a determinization: the hidden
hands and the unseen deck dealt anew), then walks the tree from the root: at a decision, the
steps legal in this determinization are the node's available children (a step the seat cannot
tell from another, by the capability's `observed`, is one child), chosen by UCB with
availability counts, and scored from the point of view of the seat that takes them; at a
chance step, the outcome is dealt from the determinization and its child is what the seat sees
of it. The first step not yet in the tree is added (the rollout policy's step first, else a
random one) and the game played on from there by the rollout policy (or random steps) to the
end, or for `horizon` steps and then judged by the game's evaluation (or the caller's).
The steps searched are those the capability's `steps` offers (every legal one, unless the
game leaves out steps that do nothing).

Where the caller gives a measure of a state (`points`: each seat's points, or its lead), each
root step also keeps the mean measure, for its seat, of the states its playouts ended in: what
a hint can tell in points rather than in a share of wins.

Deterministic for a given `random.Random` and a budget of iterations; a budget of seconds
stops it on the caller's clock (ai.budget).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rules.capabilities import Search, search_of
from rules.game import Game, Ranking, Seat

from ..budget import Budget

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

EXPLORATION = 0.7  # UCB's constant, for values from 0 (lost) to 1 (won)
FIRST_PLACE = 0.9  # a value's share for first place; the rest for the places below it
BIAS = 1.0  # the rollout policy's step's bonus in UCB, divided by its visits
MAX_PLAYOUT_STEPS = 5_000  # a game that has not ended by then is judged a draw

Policy = Callable[[S, random.Random], A | None]
Measure = Callable[[S], Mapping[Seat, float]]
Evaluation = Callable[[S], Mapping[Seat, float] | None]  # as Search.evaluate


class Node:
    """One information set of the searching seat: what it has seen since the root. Its
    statistics are those of the step that led here, for the seat that took it."""

    __slots__ = ("available", "children", "measured", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0  # the values the seat that took the step here got
        self.measured = 0.0  # the measures (points) it got where the caller gives a measure
        self.available = 1  # the times that step was legal when its parent was passed


@dataclass(frozen=True)
class Choice(Generic[A]):
    """One of the root's steps: how often the search took it, its mean value (0 to 1) and,
    where the search was given a measure, the seat's mean measure where its playouts ended."""

    action: A
    visits: int
    value: float
    points: float | None = None


@dataclass(frozen=True)
class Decision(Generic[A]):
    """The search's answer: the root's steps, most visited first, and the iterations run."""

    ranked: tuple[Choice[A], ...]
    iterations: int

    @property
    def best(self) -> A:
        return self.ranked[0].action


def values(ranking: Ranking) -> dict[Seat, float]:
    """A finished game's value to each seat: first place (shared by a tie) is most of it, a
    better place below it the rest, so a playout lost narrowly still teaches something."""
    seats = [seat for tied in ranking.places for seat in tied]
    out = dict.fromkeys(seats, 0.0)
    below = max(len(seats) - 1, 1)
    place = 0
    for tied in ranking.places:
        for seat in tied:
            first = FIRST_PLACE / len(tied) if place == 0 else 0.0
            out[seat] = first + (1 - FIRST_PLACE) * (len(seats) - 1 - place) / below
        place += len(tied)
    return out


class Searcher(Generic[S, A, V]):
    """The search for one decision of `seat`, from its view."""

    def __init__(
        self,
        game: Game[S, A, V, Any],
        seat: Seat,
        rng: random.Random,
        *,
        policy: Policy[S, A] | None = None,
        evaluation: Evaluation[S] | None = None,
        points: Measure[S] | None = None,
    ) -> None:
        self.game = game
        self.points = points
        self.seat = seat
        self.rng = rng
        self.capability: Search[S, A, V] = search_of(game)
        own = self.capability.rollout
        self.policy: Policy[S, A] = policy or (lambda state, r: own(state, r.randrange))
        self.evaluate: Evaluation[S] = evaluation or self.capability.evaluate
        self.root = Node()
        self.root_keys: frozenset[Hashable] | None = None  # the root's steps searched: all

    def decide(self, view: V, budget: Budget, candidates: Sequence[A] | None = None) -> Decision[A]:
        """The root's steps ranked; `candidates`, if given, the only steps searched there
        (a caller's own judgement narrowing a wide root for a small budget)."""
        first = self.capability.sample(view, self.seat, self.rng.randrange)
        if self.game.to_move(first) != self.seat:
            raise ValueError(f"the search decides for the seat to move, not {self.seat}")
        steps = self.capability.steps(first)
        if candidates is not None:
            steps = [a for a in steps if a in candidates]
        if not steps:
            raise ValueError(f"{self.seat} has no legal step to search")
        keyed = {self.capability.observed(first, a, self.seat): a for a in steps}
        self.root_keys = frozenset(keyed) if candidates is not None else None
        done = budget.timer()
        runs = 0
        while len(keyed) > 1 and not done(runs):
            state = (
                first if runs == 0 else self.capability.sample(view, self.seat, self.rng.randrange)
            )
            self.iterate(state)
            runs += 1
        return Decision(self.ranked(keyed), runs)

    def ranked(self, keyed: Mapping[Hashable, A]) -> tuple[Choice[A], ...]:
        out = []
        for key, action in keyed.items():
            node = self.root.children.get(key)
            visits = node.visits if node else 0
            if node is None or not visits:
                out.append(Choice(action, 0, 0.0))
                continue
            points = node.measured / visits if self.points is not None else None
            out.append(Choice(action, visits, node.total / visits, points))
        return tuple(sorted(out, key=lambda c: (-c.visits, -c.value)))

    def iterate(self, state: S) -> None:
        """One determinization: down the tree, one new node, a playout, the values back up."""
        game, observed, seat = self.game, self.capability.observed, self.seat
        node = self.root
        path: list[tuple[Node, Seat | None]] = []
        while game.result(state) is None:
            mover = game.to_move(state)
            if mover is None:  # a chance step: dealt from this determinization
                outcome = game.deal(state, self.rng.randrange)
                key = observed(state, outcome, seat)
                state = game.apply(state, outcome)
                node = node.children.setdefault(key, Node())
                path.append((node, None))
                continue
            keyed: dict[Hashable, A] = {}
            for a in self.capability.steps(state):
                keyed.setdefault(observed(state, a, seat), a)
            if node is self.root and self.root_keys is not None:
                keyed = {k: a for k, a in keyed.items() if k in self.root_keys} or keyed
            key, new = self.select(node, state, keyed)
            state = game.apply(state, keyed[key])
            node = node.children[key]
            path.append((node, mover))
            if new:
                break
        value, end = self.playout(state)
        measured = {} if self.points is None else self.points(end)
        self.root.visits += 1
        for n, mover in path:
            n.visits += 1
            if mover is not None:
                n.total += value.get(mover, 0.0)
                n.measured += measured.get(mover, 0.0)

    def select(self, node: Node, state: S, keyed: dict[Hashable, A]) -> tuple[Hashable, bool]:
        """The child to follow among the steps available here, and whether it is new. The
        rollout policy's step is tried first and keeps a bonus that fades as it is visited
        (progressive bias), so a short search leans on the policy and a long one on what it
        found."""
        children = node.children
        preferred = self.policy(state, self.rng)
        favoured = (
            None if preferred is None else self.capability.observed(state, preferred, self.seat)
        )
        untried = [k for k in keyed if k not in children or not children[k].visits]
        for k in keyed:
            if k in children:
                children[k].available += 1
        if untried:
            key = favoured if favoured in untried else untried[self.rng.randrange(len(untried))]
            children.setdefault(key, Node())
            return key, True
        best, score = None, -math.inf
        for k in keyed:
            child = children[k]
            ucb = child.total / child.visits + EXPLORATION * math.sqrt(
                math.log(child.available) / child.visits
            )
            if k == favoured:
                ucb += BIAS / child.visits
            if ucb > score:
                best, score = k, ucb
        assert best is not None
        return best, False

    def playout(self, state: S) -> tuple[Mapping[Seat, float], S]:
        """The game played on by the rollout policy to its end (or `horizon` steps, judged by
        the game's evaluation): each seat's value, and the state it ended in."""
        game, policy, rng = self.game, self.policy, self.rng
        horizon = self.capability.horizon
        for step in range(MAX_PLAYOUT_STEPS):
            ranking = game.result(state)
            if ranking is not None:
                return values(ranking), state
            if horizon is not None and step >= horizon:
                judged = self.evaluate(state)
                if judged is not None:
                    return judged, state
            if game.to_move(state) is None:
                state = game.apply(state, game.deal(state, rng.randrange))
                continue
            action = policy(state, rng)
            if action is None:
                steps = self.capability.steps(state)
                action = steps[rng.randrange(len(steps))]
            state = game.apply(state, action)
        return {}, state  # no end in sight: a draw, nothing to anyone


def search(
    game: Game[S, A, V, Any],
    view: V,
    seat: Seat,
    rng: random.Random,
    budget: Budget,
    *,
    policy: Policy[S, A] | None = None,
    evaluation: Evaluation[S] | None = None,
    points: Measure[S] | None = None,
    candidates: Sequence[A] | None = None,
) -> Decision[A]:
    """`seat`'s step from its view: the ISMCTS's root steps, ranked (the best first).
    `policy` plays the playouts, and `evaluation` judges them at the game's horizon, where
    the caller has a better one than the game's own (rules/ cannot hold ai/'s judgement);
    `points`, where given, is averaged over each root step's playouts' ends (Choice.points);
    `candidates`, if given, are the only root steps searched (the rest of the tree is whole)."""
    searcher = Searcher(game, seat, rng, policy=policy, evaluation=evaluation, points=points)
    return searcher.decide(view, budget, candidates)
