"""The `hard` level: greedy's plans with weights of its own (WEIGHTS, fitted against greedy),
and the shared search's comparison over common futures (ai.search.common) for the setup's
decisions, which weigh most: the home among all those allowed, and the first purchases
under three settings of those weights (its own, a cautious one and a bold one).

Each compared step is played in the same futures: the hands and the cup the seat cannot see
dealt anew (rules.successors' search capability, `sample`), each seat's event rolls and
draws from a stream of its own, battles from another (`stream`); the seat itself plays on
with its weights and every other seat as greedy, to the end of game turn SETUP_TURNS, where
the position is judged (outlook.py: each seat's worth and its stacks' best blows one turn
ahead, on a logistic curve). The step whose futures end best is taken.

In play it takes its weights' step: the same comparison judged a player turn ahead chose
worse than that step (docs/successors_ai.md, "How strong").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from rules.successors import Action, State, Successors, View, engine
from rules.successors import search as rules_search
from rules.words import count_of

from ..budget import Budget
from ..players import Advice
from ..search import Choice, Decision, compare
from ..search.hint import hint_text, searching
from . import greedy, moves, outlook, policy, why
from .moves import DEFAULT

# hard's weights: greedy's, but an area left empty within a rival's reach costs three times
# its tax to come (greedy's half of it leaves its areas to the rivals' levies), a part of a
# stack attacks alone where it wins at 0.8 (greedy moves one unit or the whole stack), and
# its leader's capture next turn is weighed at 40 half points times its chance (danger.py;
# 20 and 40 alike against greedy, but 20 let a trial's Red march its leader into its home
# beside the person's army); and 2 Talents stay in its treasury through the events rolled
# before its next income (l.4-5, l.11: "The roller pays 2"); on the last turn it weighs
# the end count alone (l.66-69); and two of its stacks converge on a battle neither wins alone.
# Fitted against greedy (docs/successors_ai.md has the figures).
WEIGHTS = replace(
    DEFAULT, risk=3.0, detach=0.8, leader_stake=40.0, kept=2, end_count=True, converge=True
)
CAUTIOUS = replace(
    WEIGHTS,
    min_win=0.7,
    risk=3 * WEIGHTS.risk,
    home_guard=8.0,
    reserve=4,
    kept=4,
    fight_at=0.7,
    retreat_below=0.45,
)
BOLD = replace(
    WEIGHTS,
    min_win=0.4,
    risk=0.4 * WEIGHTS.risk,
    home_guard=1.0,
    reserve=0,
    kept=0,
    fight_at=0.45,
    retreat_below=0.2,
)
VARIANTS = (WEIGHTS, CAUTIOUS, BOLD)
SETUP_TURNS = 6  # a setup decision's playouts are judged after this many game turns
WIDTH = 4  # steps compared at most
# a compared step departs from its weights' first only on this many common futures: one
# future chose a trial's hint of Thrace (worth 2) over Egypt (6), "worth 92 % of a win"
MIN_FUTURES = 3


class AheadOfSetup(rules_search.SuccessorsSearch):
    """For a decision of the setup (a home, the first purchases): a playout judged once the
    first game turns are played, when the homes chosen have shown what they give."""

    horizon = 0

    def at_rest(self, state: State, seat: str) -> bool:
        return state.phase == "over" or state.turn > SETUP_TURNS


class Lookahead(Successors):
    """Successors for the search's playouts: its steps applied as the engine applies them
    (no undo kept), judged once the first game turns are played."""

    def __init__(self) -> None:
        super().__init__()
        self.search = AheadOfSetup(self)

    def apply(self, state: State, action: Action) -> State:
        return engine.apply(state, action)


LOOKAHEAD = Lookahead()


def candidates(s: State) -> list[Action]:
    """The steps compared: in the setup, every home allowed, or each setting's purchase
    (its own first, then its weights' runner-up); in play, its own step alone."""
    kind = s.frames[-1][0] if s.frames else ""
    first = greedy.ranked(s, WEIGHTS)
    if s.phase != "setup" or kind not in ("home", "buy"):
        return first[:1]
    if kind == "home":
        return first  # every home allowed: greedy's judgement of homes is the shortest-sighted
    out = first[:1]
    for params in VARIANTS[1:]:
        a = greedy.ranked(s, params)[0]
        if a not in out:
            out.append(a)
    if len(out) == 1:
        return out  # the three weights agree: nothing to compare
    for a in first[1:]:  # the runner-up purchase (or to stop buying)
        if len(out) >= WIDTH:
            break
        if a not in out:
            out.append(a)
    return out[:WIDTH]


def playing(seat: str) -> Callable[[State, random.Random], Action]:
    """The playouts' policy: the searching seat plays on as hard plays, every other seat as
    greedy (its model of them)."""

    def policy(s: State, rng: random.Random) -> Action:
        return greedy.decide(s, WEIGHTS if engine.to_move(s) == seat else DEFAULT)

    return policy


def decide(view: View, rng: random.Random, budget: Budget) -> Decision[Action]:
    """The compared steps for the seat whose view this is, best first, each with its mean
    chance over the same futures."""
    seat = view.seat
    if seat is None or engine.to_move(view.state) != seat:
        raise ValueError("the search decides for the seat to move, from that seat's view")
    compared = candidates(view.state)
    found = compare(
        LOOKAHEAD,
        view,
        seat,
        rng,
        budget,
        candidates=compared,
        policy=playing(seat),
        evaluation=outlook.judge,
    )
    if found.iterations >= MIN_FUTURES or len(compared) == 1:
        return found
    by_weights = sorted(found.ranked, key=lambda c: compared.index(c.action))
    return Decision(tuple(by_weights), found.iterations)  # too few futures to depart


def choose(view: View, rng: random.Random, budget: Budget) -> Action:
    """A step aside the fixed policy takes first, else the search's step."""
    aside = policy.aside_of(view)
    if aside is not None:
        return aside
    return decide(view, rng, budget).best


def advise(view: View, seat: str, r: random.Random, budget: Budget) -> Advice:
    """The hint: hard's step, with the rest of that decision as it would go on (one order, up
    to the next roll or another seat's decision), and why; then the runner-up (the search's,
    or its weights' second where it did not search) and why. A budget of seconds is the whole
    hint's (ai.search.hint.searching)."""
    if view.seat != seat:
        raise ValueError(f"the view is {view.seat}'s, not {seat}'s")
    found = decide(view, r, searching(budget))
    best = found.ranked[0]
    steps = why.decision_steps(view, best.action, WEIGHTS)
    order = why.order_text(steps, seat)
    second = found.ranked[1] if len(found.ranked) > 1 else None
    other = second.action if second is not None else next_best(view.state)  # else its weights'
    runner_up = None
    if other is not None:  # told as the best is: its whole order, and why
        rest = why.decision_steps(view, other, WEIGHTS)
        said = why.order_reason(rest, WEIGHTS)
        runner_up = (
            why.order_text(rest, seat),
            judged(said, second, found.iterations) if second else said,
        )
    return Advice(
        summary=hint_text(
            order,
            judged(why.order_reason(steps, WEIGHTS), best, found.iterations),
            runner_up,
            len(engine.legal(view.state)),
        ),
        order=order,
    )


def next_best(s: State) -> Action | None:
    """The step its weights rank second in the decision now, if they rank another."""
    ranked = greedy.ranked(s, WEIGHTS)
    return ranked[1] if len(ranked) > 1 else None


def judged(said: str, choice: Choice[Action], futures: int) -> str:
    """Why a step (`said`, in the player's words), and how it fared in the search's futures
    (a share of a win only from enough of them to tell)."""
    if not choice.visits:
        return said
    if futures < MIN_FUTURES:
        return f"{said}; {count_of(futures, 'future')} played out, too few to judge by"
    return f"{said}; played out in {count_of(futures, 'future')}, worth {round(100 * choice.value)} % of a win"


__all__ = [
    "BOLD",
    "CAUTIOUS",
    "LOOKAHEAD",
    "WEIGHTS",
    "advise",
    "candidates",
    "choose",
    "decide",
    "moves",
]
