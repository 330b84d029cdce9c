"""The `hard` level: greedy's best few steps, each played on by greedy in every seat over the
same futures, and the one whose futures end best taken. The state is public, so a future is
the view itself with chance dealt (rolls, tiles revealed: rules.rajas.search).

The futures are common to the steps compared (common random numbers): in one future each
seat's rolls come from that seat's own stream, each stack's reveals from that stack's, so
where two steps lead to the same roll of the same seat, it comes up the same. A difference
between two steps' futures is then the steps' and not the dice's, which a few futures a step
could not tell apart when each step had dice of its own (the information set search,
ai.search, with the same playouts and judgement, won hardly more than greedy itself)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping

from rules.rajas import GAME, Action, State, notation
from rules.rajas import engine as rules
from rules.rajas.search import RajasSearch

from ..budget import Budget
from ..players import Advice
from ..search import Choice, Decision, values
from ..search.hint import hint_text, searching
from . import greedy, why

WIDTH = 3  # greedy's best steps compared (a few futures cannot tell apart 16)
SCALE = 5.0  # points of greedy's worth that make a win about e times as likely as a loss
HORIZON = RajasSearch.horizon  # steps before a future is judged, chance steps included
TIES = 0  # the stream of greedy's choices among steps worth the same


def decide(view: State, seat: str, rng: random.Random, budget: Budget) -> Decision[Action]:
    """The steps compared for `seat`, whose turn it must be, best first: each with its mean
    chance over the same futures. The budget's iterations are playouts, whole futures at a
    time (every step played in each); `Decision.iterations` counts the futures."""
    if rules.to_move(view) != seat:
        raise ValueError(f"the search decides for the seat to move, not {seat!r}")
    done = budget.timer()  # greedy's ranking is part of the step's time
    candidates = [a for _, a in greedy.ranked(view)[:WIDTH]]
    if len(candidates) == 1:
        return Decision((Choice(candidates[0], 0, 0.0),), 0)
    starts = [GAME.apply(view, a) for a in candidates]
    totals = [0.0] * len(candidates)
    playouts = futures = 0
    while not futures or not done(playouts):  # at least one future, whatever the clock
        future = rng.getrandbits(32)
        for k, start in enumerate(starts):
            totals[k] += playout(start, seat, future)
        playouts += len(starts)
        futures += 1
    order = sorted(range(len(candidates)), key=lambda k: (-totals[k], k))
    ranked = tuple(Choice(candidates[k], futures, totals[k] / futures) for k in order)
    return Decision(ranked, futures)


def playout(s: State, seat: str, future: int) -> float:
    """`seat`'s chance in one future: greedy plays every seat from `s`, chance dealt from the
    future's streams, to the game's end or the horizon's first rest (`at_rest`)."""
    streams: dict[int, random.Random] = {}

    def stream(key: int) -> Callable[[int], int]:
        if key not in streams:
            streams[key] = random.Random(future * 1_000 + key)
        return streams[key].randrange

    ties = random.Random(future * 1_000 + TIES)
    for step in range(100 * HORIZON):
        ranking = GAME.result(s)
        if ranking is not None:
            return values(ranking).get(seat, 0.0)
        if step >= HORIZON and at_rest(s, seat):
            return worth(s)[seat]
        if rules.to_move(s) is None:
            s = GAME.apply(s, rules.deal(s, stream(chance_stream(s))))
        else:
            s = GAME.apply(s, greedy.choose(s, ties))
    return worth(s)[seat]


def chance_stream(s: State) -> int:
    """The stream a chance step is dealt from: the rolling seat's, the stack's, the yield
    tiles'."""
    kind, n, _ = s.pending[0]
    if kind == "roll":
        return 1 + s.turn
    return 10 + n if kind == "reveal" else 9


def at_rest(s: State, seat: str) -> bool:
    """Whether a future may be judged here: no placement under way, and `seat` to place next
    (or out of workers for the round), so every step compared is judged after as many of its
    seat's placements, none half done (a worker placed, its action not yet taken)."""
    if s.pending:
        return False
    i = s.seats.index(seat)
    return s.turn == i or s.placed[i] >= s.workers[i] or s.passed[i]


def worth(s: State) -> Mapping[str, float]:
    """Each seat's chance where a playout stops: what its position is worth as greedy weighs
    it (the race, and the dice, karma, upgrades, workers, boat and tiles that will move it)
    against the best other seat's, on a logistic curve. The race alone (the game's own
    evaluation) misses what a few steps cannot yet turn into fame or money."""
    weighed = [greedy.evaluate(s, i) for i in range(len(s.seats))]
    out = {}
    for i, seat in enumerate(s.seats):
        lead = weighed[i] - max(v for j, v in enumerate(weighed) if j != i)
        out[seat] = 1 / (1 + math.exp(-lead / SCALE))
    return out


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
    text = f"{what}; then {why.standing(end, i)}"
    if not choice.visits:
        return text
    worth = round(100 * choice.value)
    return (
        f"{text} (played out in {choice.visits:,} futures, where it was worth {worth} % of a win)"
    )
