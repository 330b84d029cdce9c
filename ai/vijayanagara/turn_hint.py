"""A hint for the whole decision: every step up to the next hand-off, beside the runner-up
and Pass, each judged in the same sampled futures.

A plan is the seat's steps from now until another faction decides, a die is rolled or a card
drawn (a reveal commits: nothing past it can be planned), or the game ends. Plans are built
greedily by `easy`'s ranking from the best and second-best first steps, and Pass where the
seat may pass. Each sampled future (ai.vijayanagara.knowledge) plays every plan into the same cards and
dice, then on to `hard`'s horizon (common random numbers), so the plans' difference is theirs
and not the luck's. The hint states what the best plan changes on the board, its expected VP
margin against the others, and a win chance only where the futures reach the game's end
often enough for the sample to tell.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import FACTION_NAMES, Action, Choose, Faction, GameState, Piece

from ..budget import Budget
from . import hard
from .easy import ranked
from .knowledge import MASK64, seen

MAX_PLAN_STEPS = 24  # a turn takes 8.6 steps on average, seldom over 20
PLAN_CANDIDATES = 8  # steps ranked at each step of a plan
MIN_FUTURES_FOR_CHANCE = 20  # a win chance needs this many futures...
ENDED_SHARE_FOR_CHANCE = 0.8  # ...most of them played to the game's end
PASS = "pass"
STRUCTURES = (Piece.QASBAH, Piece.FORT, Piece.TEMPLE)


@dataclass(frozen=True)
class Plan:
    steps: tuple[Action, ...]
    text: str  # the steps in the notation, `;` between them: one order, played with one press
    label: str  # "best", "runner-up", "pass"


@dataclass(frozen=True)
class Judged:
    plan: Plan
    margin: float  # mean VP margin at the end of the futures
    margin_error: float  # its standard error
    wins: int  # futures the seat led at their end
    ended: int  # futures that reached the game's end
    futures: int
    gain: float  # mean paired difference in evaluation points against the best plan (0 for it)


@dataclass(frozen=True)
class TurnHint:
    best: Judged
    others: tuple[Judged, ...]  # the runner-up and Pass, where they differ from the best
    changes: tuple[str, ...]  # what the best plan changes on the board, before any reveal
    summary: str  # a few lines for the player

    @property
    def order(self) -> str:
        return self.best.plan.text


def plans(state: GameState, r: random.Random) -> list[Plan]:
    """The best plan, the runner-up (another first step, finished greedily) and Pass."""
    seat = _seat(state)
    known = seen(state)
    legal = vijayanagara.legal_actions(known)
    firsts = [a for _, a in ranked(known, r, judgement=hard.ranking_judgement(seat))[:2]]
    out: list[Plan] = []
    for label, first in zip(("best", "runner-up"), firsts, strict=False):
        out.append(_plan(known, first, seat, r, label))
    pass_step = next((a for a in legal if isinstance(a, Choose) and a.option == PASS), None)
    if pass_step is not None and all(p.steps[:1] != (pass_step,) for p in out):
        out.append(_plan(known, pass_step, seat, r, "pass"))
    seen_texts: set[str] = set()
    unique = []
    for p in out:
        if p.text not in seen_texts:
            seen_texts.add(p.text)
            unique.append(p)
    return unique


def _plan(known: GameState, first: Action, seat: Faction, r: random.Random, label: str) -> Plan:
    steps = [first]
    texts = [vijayanagara.describe(known, first)]
    st = vijayanagara.apply(known, first)
    while len(steps) < MAX_PLAN_STEPS and _seat_goes_on(st, seat):
        legal = vijayanagara.legal_actions(st)
        if len(legal) == 1:
            step = legal[0]
        else:
            judgement = hard.ranking_judgement(seat)
            step = ranked(st, r, cap=PLAN_CANDIDATES, judgement=judgement)[0][1]
        texts.append(vijayanagara.describe(st, step))
        steps.append(step)
        st = vijayanagara.apply(st, step)
    return Plan(tuple(steps), "; ".join(texts), label)


def _seat_goes_on(st: GameState, seat: Faction) -> bool:
    return (
        not st.game_over
        and vijayanagara.chance(st) is None
        and vijayanagara.prompt(st).faction == seat
    )


def turn_hint(state: GameState, r: random.Random, budget: Budget) -> TurnHint:
    """The whole decision the `hard` AI would play now, judged against the alternatives."""
    seat = _seat(state)
    done = budget.timer()  # the plans' making counts against the budget too
    candidates = plans(state, r)
    known = seen(state)
    outcomes: dict[str, list[hard.Outcome]] = {p.text: [] for p in candidates}
    rounds = 0
    while rounds == 0 or not done(rounds):
        dealer, policy = r.getrandbits(64) & MASK64, r.getrandbits(64)
        for p in candidates:
            st = known.clone()
            st.rng = dealer
            for step in p.steps:
                st = vijayanagara.apply(st, step)
            outcomes[p.text].append(hard.playout(st, seat, random.Random(policy)))
        rounds += 1
    judged = [_judge(p, outcomes[p.text], outcomes[candidates[0].text]) for p in candidates]
    best = max(judged, key=lambda j: j.gain)
    judged = [
        _judge(j.plan, outcomes[j.plan.text], outcomes[best.plan.text]) for j in judged
    ]  # gains against the plan recommended
    best = next(j for j in judged if j.plan.text == best.plan.text)
    others = tuple(j for j in judged if j is not best)
    after = known
    for step in best.plan.steps:
        after = vijayanagara.apply(after, step)
    changes = tuple(board_changes(known, after, seat))
    return TurnHint(best, others, changes, _summary(seat, best, others, changes))


def _judge(plan: Plan, mine: list[hard.Outcome], anchor: list[hard.Outcome]) -> Judged:
    n = len(mine)
    margins = [o.margin for o in mine]
    diffs = [a.value - b.value for a, b in zip(mine, anchor, strict=True)]
    return Judged(
        plan=plan,
        margin=statistics.fmean(margins),
        margin_error=statistics.stdev(margins) / math.sqrt(n) if n > 1 else math.inf,
        wins=sum(1 for o in mine if o.won >= 1.0),
        ended=sum(1 for o in mine if o.ended),
        futures=n,
        gain=statistics.fmean(diffs),
    )


def board_changes(before: GameState, after: GameState, seat: Faction) -> list[str]:
    """What a plan changes that scores (5.0): Control, Tributaries, Structures, the seat's VP
    and Resources; in the rulebook's words."""
    board = vijayanagara.board()
    out: list[str] = []
    for s in board.provinces:
        b, a = before.spaces[s], after.spaces[s]
        name = board.name(s)
        if b.tributary != a.tributary:
            out.append(f"{name} becomes {'Tributary' if a.tributary else 'Independent'}")
        if b.control != a.control:
            who = FACTION_NAMES[a.control] if a.control else "nobody"
            out.append(f"{name}: Control {who}")
        for piece in STRUCTURES:
            d = a.pieces.get(piece, 0) - b.pieces.get(piece, 0)
            if d:
                out.append(f"{name}: {piece.value.title()} {'built' if d > 0 else 'removed'}")
    vp_b, vp_a = vijayanagara.score(before)[seat], vijayanagara.score(after)[seat]
    if vp_a != vp_b:
        out.append(f"your VP {vp_b} -> {vp_a}")
    res_b, res_a = before.resources[seat], after.resources[seat]
    if res_a != res_b:
        out.append(f"your Resources {res_b} -> {res_a}")
    return out


def win_chance_text(j: Judged) -> str | None:
    """A win chance with its 95 % interval, only where the futures mostly reached the game's
    end and there are enough of them; else None (the margin speaks instead)."""
    if j.futures < MIN_FUTURES_FOR_CHANCE or j.ended < ENDED_SHARE_FOR_CHANCE * j.futures:
        return None
    low, high = wilson(j.wins, j.futures)
    return f"won {j.wins} of {j.futures} sampled futures (95 %: {low:.0%}-{high:.0%})"


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
    outlook = (
        chance
        if chance
        else f"expected VP margin {best.margin:+.1f} (±{best.margin_error:.1f}) at "
        f"{hard.HORIZON_TEXT}, over {best.futures} sampled futures"
    )
    lines.append("Outlook: " + outlook)
    for o in others:
        lines.append(
            f"{o.plan.label.capitalize()} `{_short(o.plan.text)}`: VP margin {o.margin:+.1f} "
            f"({o.margin - best.margin:+.1f} against the suggestion)"
        )
    return "\n".join(lines)


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _seat(state: GameState) -> Faction:
    seat = vijayanagara.prompt(state).faction
    if seat is None:
        raise ValueError("no faction decides now: the game is over or chance is pending")
    return seat
