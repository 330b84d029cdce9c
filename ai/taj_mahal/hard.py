"""The `hard` level: the information set search (ai.search) over Taj Mahal, with greedy as
the playouts' player. Each iteration deals the cards the seat cannot see anew (the others'
hands, the deck: rules.taj_mahal.search), so it decides from its own view alone."""

from __future__ import annotations

import random

from rules.taj_mahal import GAME, Action, View

from ..budget import Budget
from ..search import Decision, search
from . import greedy


def decide(view: View, rng: random.Random, budget: Budget) -> Decision[Action]:
    """The search's steps for the seat whose view this is, best first."""
    if view.seat is None:
        raise ValueError("the search decides for a seat, from that seat's view")
    return search(GAME, view, view.seat, rng, budget, policy=greedy.step)


def choose(view: View, rng: random.Random, budget: Budget) -> Action:
    return decide(view, rng, budget).best
