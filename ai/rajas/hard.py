"""The `hard` level: the shared search's comparison over common futures (ai.search.common)
over Rajas of the Ganges: greedy's best few steps, each played on by greedy in every seat in
the same futures (each seat's rolls and each stack's tiles from streams of their own, judged
between placements: rules.rajas.search), and the one whose futures end best taken. The state
is public, so a future is the view itself with chance dealt. With each step's futures dealt
apart (the tree search, ai.search.ismcts, with the same playouts and judgement) it won hardly
more than greedy itself: a few futures a step told the dice apart, not the steps."""

from __future__ import annotations

import random
from collections.abc import Mapping

from rules.capabilities import chances
from rules.rajas import GAME, Action, State, notation
from rules.rajas import engine as rules
from rules.words import count_of, percent

from ..budget import Budget
from ..players import Advice
from ..search import Choice, Decision, compare
from ..search.hint import hint_text, searching
from . import greedy, why

WIDTH = 3  # greedy's best steps compared (a few futures cannot tell apart 16)
SCALE = 5.0  # points of greedy's worth that make a win about e times as likely as a loss


def decide(view: State, seat: str, rng: random.Random, budget: Budget) -> Decision[Action]:
    """The steps compared for `seat`, whose turn it must be, best first: each with its mean
    chance over the same futures (the budget's iterations are playouts, whole futures at a
    time; `Decision.iterations` counts the futures)."""
    if rules.to_move(view) != seat:
        raise ValueError(f"the search decides for the seat to move, not {seat!r}")
    # a reroll is worth its dice's expectation, which greedy weighs as it is (a die to come at
    # its average): a few futures tell the rolls apart, not the rerolls (a trial's hard gave up
    # three 6s for a lower total)
    width = 1 if view.pending and view.pending[0][0] == "reroll" else WIDTH
    candidates = [a for _, a in greedy.ranked(view)[:width]]
    return compare(
        GAME, view, seat, rng, budget, candidates=candidates, policy=greedy.choose, evaluation=worth
    )


def worth(s: State) -> Mapping[str, float]:
    """Each seat's chance where a playout stops: what its position is worth as greedy weighs
    it (the race, and the dice, karma, upgrades, workers, boat and tiles that will move it)
    against the best other seat's, on a logistic curve. The race alone (the game's own
    evaluation) misses what a few steps cannot yet turn into fame or money."""
    return chances({seat: greedy.evaluate(s, i) for i, seat in enumerate(s.seats)}, SCALE)


def choose(view: State, seat: str, rng: random.Random, budget: Budget) -> Action:
    return decide(view, seat, rng, budget).best


def advise(view: State, seat: str, r: random.Random, budget: Budget) -> Advice:
    """The hint from the search: its step, with the rest of that placement as greedy would
    finish it (one order, up to the first chance step), and why; then the runner-up step and
    why; each with what it was judged worth over the futures played out. A budget
    of seconds is the whole hint's (ai.search.hint.searching)."""
    found = decide(view, seat, r, searching(budget))
    best = found.ranked[0]
    steps, end = placement(view, seat, best.action)
    order = ", ".join(steps)
    runner_up = None
    if len(found.ranked) > 1:
        second = found.ranked[1]
        after = GAME.apply(view, second.action)
        said = judged(view, after, seat, second)
        runner_up = (notation.describe(view, second.action), said)
    summary = hint_text(order, judged(view, end, seat, best), runner_up)
    return Advice(summary=summary, order=order)


def placement(view: State, seat: str, first: Action) -> tuple[list[str], State]:
    """`first` and the rest of its placement as greedy takes it, in the notation, and the
    position it leads to."""
    words = [notation.describe(view, first)]
    s = GAME.apply(view, first)
    if s.pending and rules.to_move(s) == seat:
        for a in greedy.plan(s):
            words.append(notation.describe(s, a))
            s = GAME.apply(s, a)
    return words, s


def judged(view: State, end: State, seat: str, choice: Choice[Action]) -> str:
    """What the steps from `view` to `end` gain at once, in the player's words, and how the
    step fared in the futures it was played in."""
    i = view.seats.index(seat)
    said = why.gains(view, end, i)
    what = ", ".join(said) if said else "nothing at once"
    text = f"{what}; then {why.standing(end, i, 'your')}"  # (told to the seat's player)
    if not choice.visits:
        return text
    return (
        f"{text} (its chance to win, over {count_of(choice.visits, 'future')} played out: "
        f"{percent(choice.value)})"
    )
