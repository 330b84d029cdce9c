"""The `hard` level: the information set search (ai.search) over Taj Mahal, with greedy as
the playouts' player. Each iteration deals the cards the seat cannot see anew (the others'
hands, the deck: rules.taj_mahal.search), so it decides from its own view alone."""

from __future__ import annotations

import random

from rules.capabilities import notation_of
from rules.taj_mahal import GAME, Action, View, leads
from rules.words import count_of, percent, share

from ..budget import Budget
from ..players import Advice
from ..search import Choice, Decision, search
from ..search.hint import hint_text, searching
from . import greedy, why


def decide(view: View, rng: random.Random, budget: Budget) -> Decision[Action]:
    """The search's steps for the seat whose view this is, best first, each with the seat's
    mean lead in points where its playouts stopped (rules.taj_mahal.leads)."""
    if view.seat is None:
        raise ValueError("the search decides for a seat, from that seat's view")
    s = view.state
    legal = GAME.legal_actions(s)
    kept = [a for a in legal if not greedy.wins_nothing_more(s, s.turn, a)]
    candidates = kept if len(kept) < len(legal) else None
    return search(
        GAME, view, view.seat, rng, budget, policy=greedy.step, points=leads, candidates=candidates
    )


def choose(view: View, rng: random.Random, budget: Budget) -> Action:
    return decide(view, rng, budget).best


def advise(view: View, seat: str, r: random.Random, budget: Budget) -> Advice:
    """The hint from the search: its step and why, then the runner-up and why, each with
    what it was judged worth over the futures the search played out (from the seat's own
    view). A budget of seconds is the whole hint's (ai.search.hint.searching)."""
    if view.seat != seat:
        raise ValueError(f"the view is {view.seat}'s, not {seat}'s")
    found = decide(view, r, searching(budget))
    describe = notation_of(GAME).describe
    best = found.ranked[0]
    step = describe(view, best.action)
    runner_up = None
    if len(found.ranked) > 1:
        second = found.ranked[1]
        runner_up = (describe(view, second.action), judged(view, second, found.iterations))
    summary = hint_text(step, judged(view, best, found.iterations), runner_up)
    return Advice(summary=summary, order=step)


def judged(view: View, choice: Choice[Action], futures: int) -> str:
    """Why a step, in the player's words, and how it fared in the search's futures: the
    seat's lead in points over the best other player where they stopped (a few visits on),
    and its share of a win."""
    said = why.reason(view, choice.action)
    if not choice.visits or choice.points is None:
        return said
    return (
        f"{said}; in {share(choice.visits, futures, 'future')}, {lead(choice.points)} "
        f"(its chance to win: {percent(choice.value)})"
    )


def lead(points: float) -> str:
    """A mean lead in whole points, as a player says it."""
    n = round(points)
    if n == 0:
        return "about level with the best other player"
    said = count_of(abs(n), "point")
    return f"about {said} {'ahead of' if n > 0 else 'behind'} the best other player"
