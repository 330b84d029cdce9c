"""A hint for the whole decision: every step up to the next hand-off, beside the runner-up
and Pass, each judged in the same sampled futures.

A plan is the seat's steps from now until another faction decides, a die is rolled or a card
drawn (a reveal commits: nothing past it can be planned), or the game ends. Plans are built
greedily by `easy`'s ranking from the best and second-best first steps, and Pass where the
seat may pass. Each sampled future (ai.vijayanagara.knowledge) plays every plan into the same cards and
dice, then on to `hard`'s horizon (common random numbers), so the plans' difference is theirs
and not the luck's. The plans are then ranked by how they did there: the first is suggested,
the others are named by their rank (a plan built from the second-best step may come first).
The hint states what the suggestion changes on the board, its expected VP margin against the
others (a spread or a difference only where the futures tell one), and a win chance only where
the futures reach the game's end often enough for the sample to tell. All of it is made
within the time budget (`turn_hint`).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import FACTION_NAMES, Action, Choose, Faction, GameState, board_changes
from rules.words import percent, share

from ..budget import Budget
from . import hard
from .easy import ranked
from .knowledge import MASK64, seen

MAX_PLAN_STEPS = 24  # a turn takes 8.6 steps on average, seldom over 20
PLAN_CANDIDATES = 8  # steps ranked at each step of a plan
MIN_FUTURES_FOR_CHANCE = 20  # a win chance needs this many futures...
ENDED_SHARE_FOR_CHANCE = 0.8  # ...most of them played to the game's end
# Shares of a time budget: making the plans by `easy`'s ranking may take half of it (past
# that, a plan is finished by the playouts' quicker step); the futures stop where only the
# wording's share is left (it was under 1 ms in bench/hint.py).
PLAN_SHARE = 0.5
FUTURES_SHARE = 0.98
SIGNIFICANT = 2.0  # a difference is shown where it is this many standard errors from zero
PASS = "pass"
RANKS = ("Suggested turn", "Runner-up", "Third")  # the plans by their rank in the result


@dataclass(frozen=True)
class Plan:
    steps: tuple[Action, ...]
    text: str  # the steps in the notation, `;` between them: one order, played with one press


@dataclass(frozen=True)
class Judged:
    plan: Plan
    margin: float  # mean VP margin at the end of the futures
    margin_error: float  # its standard error
    wins: int  # futures the seat led at their end
    ended: int  # futures that reached the game's end
    futures: int
    gain: float  # mean paired difference in evaluation points against the best plan (0 for it)
    # the mean paired difference in VP margin against the best plan, and its standard error
    margin_gain: float = 0.0
    margin_gain_error: float = math.inf


@dataclass(frozen=True)
class TurnHint:
    best: Judged
    others: tuple[Judged, ...]  # the runner-up, then the third (Pass among them), by rank
    changes: tuple[str, ...]  # what the best plan changes on the board, before any reveal
    summary: str  # a few lines for the player

    @property
    def order(self) -> str:
        return self.best.plan.text


def plans(
    state: GameState, r: random.Random, late: Callable[[], bool] = lambda: False
) -> list[Plan]:
    """The plans of `easy`'s best and second-best first steps, each finished greedily, and
    Pass where the seat may pass. Once `late()` holds, the rest of a plan is chosen by the
    playouts' quicker step, and the second-best plan is made only if there is time."""
    seat = _seat(state)
    known = seen(state)
    legal = vijayanagara.legal_actions(known)
    firsts = [a for _, a in ranked(known, r, judgement=hard.ranking_judgement(seat))[:2]]
    out: list[Plan] = []
    for i, first in enumerate(firsts):
        if i == 0 or not late():
            out.append(_plan(known, first, seat, r, late))
    pass_step = next((a for a in legal if isinstance(a, Choose) and a.option == PASS), None)
    if pass_step is not None and all(p.steps[:1] != (pass_step,) for p in out):
        out.append(_plan(known, pass_step, seat, r, late))
    seen_texts: set[str] = set()
    unique = []
    for p in out:
        if p.text not in seen_texts:
            seen_texts.add(p.text)
            unique.append(p)
    return unique


def _plan(
    known: GameState, first: Action, seat: Faction, r: random.Random, late: Callable[[], bool]
) -> Plan:
    steps = [first]
    texts = [vijayanagara.describe(known, first)]
    st = vijayanagara.apply(known, first)
    judgement = hard.ranking_judgement(seat)
    while len(steps) < MAX_PLAN_STEPS and _seat_goes_on(st, seat):
        legal = vijayanagara.useful_actions(st)
        if len(legal) == 1:
            step = legal[0]
        elif late():
            step = hard.playout_step(st, seat, r)
        else:
            step = ranked(st, r, cap=PLAN_CANDIDATES, judgement=judgement)[0][1]
        texts.append(vijayanagara.describe(st, step))
        steps.append(step)
        st = vijayanagara.apply(st, step)
    return Plan(tuple(steps), "; ".join(texts))


def _seat_goes_on(st: GameState, seat: Faction) -> bool:
    return (
        not st.game_over
        and vijayanagara.chance(st) is None
        and vijayanagara.prompt(st).faction == seat
    )


def turn_hint(state: GameState, r: random.Random, budget: Budget) -> TurnHint:
    """The whole decision the `hard` AI would play now, judged against the alternatives.
    Everything counts against a time budget: reading the position, making the plans, the
    sampled futures and the wording. At least one future is played (a judgement needs one),
    however short the budget."""
    spent = budget.started()
    seat = _seat(state)
    known = seen(state)
    candidates = plans(known, r, lambda: spent(PLAN_SHARE))
    changes = {p.text: tuple(board_changes(known, _played(known, p), seat)) for p in candidates}
    outcomes: dict[str, list[hard.Outcome]] = {p.text: [] for p in candidates}
    rounds = 0
    while rounds < budget.iterations and not (rounds and spent(FUTURES_SHARE)):
        dealer, policy = r.getrandbits(64) & MASK64, r.getrandbits(64)
        futures: list[hard.Outcome] = []
        for p in candidates:
            st = known.clone()
            st.rng = dealer
            for step in p.steps:
                st = vijayanagara.apply(st, step)
            # the first round is played whole; a later one the budget cuts short is dropped
            stop = (lambda: spent(FUTURES_SHARE)) if rounds else (lambda: False)
            outcome = hard.playout_until(st, seat, random.Random(policy), stop)
            if outcome is None:
                break
            futures.append(outcome)
        if len(futures) < len(candidates):
            break
        for p, outcome in zip(candidates, futures, strict=True):
            outcomes[p.text].append(outcome)
        rounds += 1
    judged = [_judge(p, outcomes[p.text], outcomes[candidates[0].text]) for p in candidates]
    best = max(judged, key=lambda j: j.gain)
    # gains against the plan recommended; the others ranked by them
    judged = [_judge(j.plan, outcomes[j.plan.text], outcomes[best.plan.text]) for j in judged]
    best = next(j for j in judged if j.plan.text == best.plan.text)
    others = tuple(sorted((j for j in judged if j is not best), key=lambda j: -j.gain))
    found = changes[best.plan.text]
    return TurnHint(best, others, found, _summary(seat, best, others, found))


def _played(known: GameState, plan: Plan) -> GameState:
    after = known
    for step in plan.steps:
        after = vijayanagara.apply(after, step)
    return after


def _judge(plan: Plan, mine: list[hard.Outcome], anchor: list[hard.Outcome]) -> Judged:
    margins = [o.margin for o in mine]
    diffs = [a.value - b.value for a, b in zip(mine, anchor, strict=True)]
    margin_diffs = [float(a.margin - b.margin) for a, b in zip(mine, anchor, strict=True)]
    return Judged(
        plan=plan,
        margin=statistics.fmean(margins),
        margin_error=_error(margins),
        wins=sum(1 for o in mine if o.won >= 1.0),
        ended=sum(1 for o in mine if o.ended),
        futures=len(mine),
        gain=statistics.fmean(diffs),
        margin_gain=statistics.fmean(margin_diffs),
        margin_gain_error=_error(margin_diffs),
    )


def _error(xs: list[float] | list[int]) -> float:
    """The standard error of the mean of xs (infinite for fewer than two)."""
    return statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf


def win_chance_text(j: Judged) -> str | None:
    """A win chance with its 95 % interval, only where the futures mostly reached the game's
    end and there are enough of them; else None (the margin speaks instead)."""
    if j.futures < MIN_FUTURES_FOR_CHANCE or j.ended < ENDED_SHARE_FOR_CHANCE * j.futures:
        return None
    low, high = wilson(j.wins, j.futures)
    won = share(j.wins, j.futures, "sampled future")
    return f"won {won} (95% interval: {percent(low)} to {percent(high)})"


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for k successes in n trials."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _summary(
    seat: Faction, best: Judged, others: tuple[Judged, ...], changes: tuple[str, ...]
) -> str:
    lines = [f"Suggested turn for {FACTION_NAMES[seat]}: `{best.plan.text}`"]
    lines.append("It changes: " + ("; ".join(changes) if changes else "nothing that scores yet"))
    chance = win_chance_text(best)
    spread = f" (±{best.margin_error:.1f})" if _shown(best.margin_error) else ""
    outlook = (
        chance
        if chance
        else f"expected VP margin {best.margin:+.1f}{spread} at {hard.HORIZON_TEXT}, over "
        f"{vijayanagara.count_of(best.futures, 'sampled future')}"
    )
    lines.append("Outlook: " + outlook)
    for rank, o in zip(RANKS[1:], others, strict=False):
        lines.append(f"{rank} `{_short(o.plan.text)}`: VP margin {o.margin:+.1f} ({_against(o)})")
    return "\n".join(lines)


def _shown(error: float) -> bool:
    """Whether a standard error says something: finite and not 0.0 as written."""
    return math.isfinite(error) and round(error, 1) > 0


def _against(o: Judged) -> str:
    """How a plan's VP margin compares with the suggestion's, where the futures tell."""
    d = o.margin_gain
    if round(d, 1) == 0 or abs(d) < SIGNIFICANT * o.margin_gain_error:
        return "no clear difference from the suggestion"
    return f"{d:+.1f} against the suggestion"


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _seat(state: GameState) -> Faction:
    seat = vijayanagara.prompt(state).faction
    if seat is None:
        raise ValueError("no faction decides now: the game is over or chance is pending")
    return seat
