"""The `hard` level: the shared search's comparison over common futures (ai.search.common)
of the steps greedy would take under three settings (moves.Params: greedy's own, a cautious
one and a bold one), where they differ.

Each compared step is played in the same futures: the hands and the cup the seat cannot see
dealt anew (rules.successors' search capability, `sample`), each seat's event rolls and
draws from a stream of its own, battles from another (`stream`); greedy plays every seat to
the end of the searching seat's player turn (or, deciding in another's turn, to the end of
that battle or turn), where the position is judged (outlook.py: each seat's worth and its
stacks' best blows one turn ahead, on a logistic curve). The step whose futures end best is
taken. Where the three settings agree, or the decision is a forced kind (a loss to choose,
a step of a force under way), greedy's step is taken without a search.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from rules.capabilities import notation_of
from rules.successors import Action, State, Successors, View, engine
from rules.successors import search as rules_search
from rules.words import count_of

from ..budget import Budget
from ..players import Advice
from ..search import Choice, Decision, compare
from ..search.hint import hint_text, searching
from . import greedy, moves, outlook, policy, why
from .moves import DEFAULT, Params

CAUTIOUS = Params(
    min_win=0.7, risk=1.5, home_guard=8.0, reserve=4, fight_at=0.7, retreat_below=0.45
)
BOLD = Params(min_win=0.4, risk=0.2, home_guard=1.0, reserve=0, fight_at=0.45, retreat_below=0.2)
VARIANTS = (DEFAULT, CAUTIOUS, BOLD)
SEARCHED = frozenset(("home", "buy", "move", "combat", "call", "retreat", "sea_ask"))
SETUP_TURNS = 6  # a setup decision's playouts are judged after this many game turns
WIDTH = 4  # steps compared at most


class Ahead(rules_search.SuccessorsSearch):
    """The rules' search capability, a playout judged at the first rest: the end of the
    searching seat's player turn (or of the battle or turn it decides in)."""

    horizon = 0

    def at_rest(self, state: State, seat: str) -> bool:
        if state.phase == "over":
            return True
        i = state.seats.index(seat)
        return state.current != i and state.battle is None and engine.to_move(state) != seat


class AheadOfSetup(rules_search.SuccessorsSearch):
    """For a decision of the setup (a home, the first purchases): a playout judged once the
    first game turns are played, when the homes chosen have shown what they give."""

    horizon = 0

    def at_rest(self, state: State, seat: str) -> bool:
        return state.phase == "over" or state.turn > SETUP_TURNS


class Lookahead(Successors):
    """Successors for the search's playouts: its steps applied as the engine applies them
    (no undo kept), judged at the rest `search` says."""

    def __init__(self, setup: bool = False) -> None:
        super().__init__()
        self.search = AheadOfSetup(self) if setup else Ahead(self)

    def apply(self, state: State, action: Action) -> State:
        return engine.apply(state, action)


LOOKAHEAD = Lookahead()
SETUP_LOOKAHEAD = Lookahead(setup=True)


def candidates(s: State) -> list[Action]:
    """The steps compared: each setting's choice, greedy's own first (one step: nothing
    to compare)."""
    kind = s.frames[-1][0] if s.frames else ""
    first = greedy.ranked(s, DEFAULT)
    if kind not in SEARCHED or (kind == "move" and s.force is not None):
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
    for a in first[1:]:  # greedy's runner-up (for a move: its next plan, or to stop)
        if len(out) >= WIDTH:
            break
        if a not in out:
            out.append(a)
    return out[:WIDTH]


def decide(view: View, rng: random.Random, budget: Budget) -> Decision[Action]:
    """The compared steps for the seat whose view this is, best first, each with its mean
    chance over the same futures."""
    seat = view.seat
    if seat is None or engine.to_move(view.state) != seat:
        raise ValueError("the search decides for the seat to move, from that seat's view")
    found = candidates(view.state)
    return compare(
        SETUP_LOOKAHEAD if view.state.phase == "setup" else LOOKAHEAD,
        view,
        seat,
        rng,
        budget,
        candidates=found,
        policy=greedy.step,
        evaluation=outlook.judge,
    )


def choose(view: View, rng: random.Random, budget: Budget) -> Action:
    """A step aside the fixed policy takes first, else the search's step."""
    aside = policy.aside_of(view)
    if aside is not None:
        return aside
    return decide(view, rng, budget).best


def advise(view: View, seat: str, r: random.Random, budget: Budget) -> Advice:
    """The hint: the search's step, with the rest of that decision as greedy would go on
    (one order, up to the next roll or another seat's decision), and why; then the
    runner-up and why. A budget of seconds is the whole hint's (ai.search.hint.searching)."""
    if view.seat != seat:
        raise ValueError(f"the view is {view.seat}'s, not {seat}'s")
    found = decide(view, r, searching(budget))
    describe = notation_of(LOOKAHEAD).describe
    best = found.ranked[0]
    steps = why.decision_steps(view, best.action)
    order = ", ".join(describe(v, a) for v, a in steps)
    runner_up = None
    if len(found.ranked) > 1:
        second = found.ranked[1]
        runner_up = (describe(view, second.action), judged(view, second, found.iterations))
    return Advice(
        summary=hint_text(
            order,
            judged(view, best, found.iterations),
            runner_up,
            len(engine.legal(view.state)),
        ),
        order=order,
    )


def judged(view: View, choice: Choice[Action], futures: int) -> str:
    """Why a step, in the player's words, and how it fared in the search's futures."""
    said = why.reason(view, choice.action)
    if not choice.visits:
        return said
    return f"{said}; played out in {count_of(futures, 'future')}, worth {round(100 * choice.value)} % of a win"


def chances_of(s: State) -> Mapping[str, float]:
    return outlook.judge(s)


__all__ = ["BOLD", "CAUTIOUS", "LOOKAHEAD", "advise", "candidates", "choose", "decide", "moves"]
