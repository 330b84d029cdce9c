"""The `hard` level: determinized Monte Carlo tree search (single-observer ISMCTS).

Every iteration samples one future consistent with what the table knows (ai.knowledge), walks
the tree of steps (a compound turn is searched as its steps: option, Command, spaces, Decree)
choosing by UCB for whichever faction decides there (each faction maximises its own reward),
then plays out with the `easy` evaluation guiding the steps, cut once the next card is played
(or at a Succession or Timurid card, or the game end: then each faction is scored by its VP
margin, 5.0); a cut before the end scores each faction by the `easy` evaluation's gain since the
decision. A short horizon judged by the evaluation gives many more, less noisy, samples than
long playouts scored by points alone.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import rules
from rules import Action, Faction, GameState, deck_for

from .budget import Budget
from .easy import greedy_step, ranked
from .evaluate import evaluate, margin, win_share
from .knowledge import determinized, seen

EXPLORATION = 0.7
PLAYOUT_CAP = 24  # steps per playout at most (about three cards' worth)
HORIZON_CARDS = 2  # a playout ends when the card after the current one is over
PLAYOUT_GREEDY = 0.5  # share of playout steps chosen by the evaluation, the rest at random
PLAYOUT_CANDIDATES = 3
ROOT_WIDTH = 6  # the root searches the steps `easy` ranks best (all of them when few)
PRIOR_WEIGHT = 0.3  # progressive bias toward easy's ranking at the root
MIN_EVIDENCE = 4  # visits a step needs before its score may overrule easy's choice
OVERRIDE = 0.03  # how much better (reward 0..1) it must score
GAIN_SCALE = 2.0  # evaluation gain -> reward: 2 points of gain are worth about 0.73
CUT_KINDS = frozenset({"succession", "timurid"})


@dataclass
class Node:
    mover: Faction | None = None  # who chose the step leading here
    visits: int = 0
    available: int = 0  # ISMCTS: iterations in which this step was legal
    reward: dict[Faction, float] = field(default_factory=dict)
    wins: float = 0.0  # for the root's seat
    margin: float = 0.0  # for the root's seat
    children: dict[Action, Node] = field(default_factory=dict)

    def mean(self, f: Faction) -> float:
        return self.reward.get(f, 0.0) / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Result:
    action: Action
    visits: int
    iterations: int
    win_chance: float  # the seat's share of playouts it led at the cut
    margin: float  # the seat's mean VP margin at the cut after this step


def search(state: GameState, r: random.Random, budget: Budget) -> Result:
    seat = rules.prompt(state).faction
    if seat is None:
        raise ValueError("no faction decides now: the game is over or chance is pending")
    root = Node()
    done = budget.timer()
    # the easy AI's judgement prunes the root and is the search's prior: with little time
    # the search plays easy's step, and departs from it only on evidence
    order = [a for _, a in ranked(state, r)[:ROOT_WIDTH]]
    prior = {a: 1.0 - i / len(order) for i, a in enumerate(order)}
    known = seen(state)
    base = {f: evaluate(known, f) for f in rules.PLAYERS}
    iterations = 0
    while iterations == 0 or not done(iterations):
        _iterate(root, state, seat, r, prior, base)
        iterations += 1
    action = _decision(root, order[0], seat, iterations)
    best = root.children.get(action) or Node()
    return Result(
        action=action,
        visits=best.visits,
        iterations=iterations,
        win_chance=best.wins / best.visits if best.visits else 0.0,
        margin=best.margin / best.visits if best.visits else 0.0,
    )


def _decision(root: Node, anchor: Action, seat: Faction, iterations: int) -> Action:
    """Easy's step, unless a well-searched step scored clearly better for the seat."""
    enough = max(MIN_EVIDENCE, iterations // 5)
    tried = [(n.mean(seat), a) for a, n in root.children.items() if n.visits >= enough]
    if not tried:
        return anchor
    value, best = max(tried, key=lambda va: va[0])
    base = root.children.get(anchor)
    if base is None or base.visits < enough or value > base.mean(seat) + OVERRIDE:
        return best
    return anchor


def choose(state: GameState, r: random.Random, budget: Budget) -> Action:
    legal = rules.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    return search(state, r, budget).action


def _iterate(
    root: Node,
    real: GameState,
    seat: Faction,
    r: random.Random,
    prior: dict[Action, float],
    base: dict[Faction, float],
) -> None:
    st = determinized(real, r)
    horizon = _Horizon(st.current_card)
    path = [root]
    node = root
    while not st.game_over:
        who = rules.prompt(st).faction
        legal = rules.legal_actions(st)
        if node is root:
            legal = [a for a in legal if a in prior]
        for a in legal:
            if a in node.children:
                node.children[a].available += 1
        untried = [a for a in legal if a not in node.children]
        if untried:
            a = untried[0] if node is root else r.choice(untried)  # the root: best first
            child = Node(mover=who, available=1)
            node.children[a] = child
            st = rules.apply(st, a)
            path.append(child)
            break
        assert who is not None
        a = _select(node, legal, who, prior if node is root else None)
        node = node.children[a]
        st = rules.apply(st, a)
        path.append(node)
        if horizon.reached(st):
            break
    st = _playout(st, horizon, r)
    rewards = _rewards(st, base)
    seat_margin = margin(st, seat)
    seat_win = win_share(st, seat)
    for n in path:
        n.visits += 1
        for f, v in rewards.items():
            n.reward[f] = n.reward.get(f, 0.0) + v
        n.wins += seat_win
        n.margin += seat_margin


def _select(
    node: Node, legal: list[Action], who: Faction, prior: dict[Action, float] | None
) -> Action:
    def ucb(a: Action) -> float:
        c = node.children[a]
        if c.visits == 0:
            return math.inf
        bias = PRIOR_WEIGHT * prior.get(a, 0.0) / (1 + c.visits) if prior else 0.0
        explore = EXPLORATION * math.sqrt(math.log(max(c.available, 1)) / c.visits)
        return c.mean(who) + explore + bias

    return max(legal, key=ucb)


class _Horizon:
    """Where a sample stops: once the card after the current one is over (HORIZON_CARDS card
    changes), or at a Succession or Timurid card other than the one the search started on."""

    def __init__(self, start_card: int | None) -> None:
        self.start_card = start_card
        self.card = start_card
        self.changes = 0

    def reached(self, st: GameState) -> bool:
        card = st.current_card
        if card == self.card:
            return False
        self.card = card
        self.changes += 1
        if self.changes >= HORIZON_CARDS:
            return True
        if card is None or card == self.start_card:
            return False
        return deck_for(st.options).cards[card].kind in CUT_KINDS


def _playout(st: GameState, horizon: _Horizon, r: random.Random) -> GameState:
    for _ in range(PLAYOUT_CAP):
        if st.game_over or horizon.reached(st):
            break
        who = rules.prompt(st).faction
        assert who is not None  # a determinized state resolves chance itself
        if r.random() < PLAYOUT_GREEDY:
            action = greedy_step(st, who, r, PLAYOUT_CANDIDATES)
        else:
            action = r.choice(rules.legal_actions(st))
        st = rules.apply(st, action)
    return st


def _rewards(st: GameState, base: dict[Faction, float]) -> dict[Faction, float]:
    """Each faction's reward (0..1): at the game's end, 1 for the winner (5.0); before it,
    the evaluation's gain since the decision, squashed."""
    if st.game_over:
        return {f: win_share(st, f) for f in rules.PLAYERS}
    return {f: _squash((evaluate(st, f) - base[f]) / GAIN_SCALE) for f in rules.PLAYERS}


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))
