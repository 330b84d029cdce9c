"""The `hard` level: determinized rollouts over `easy`'s best steps, compared in pairs.

Every round samples one future consistent with what the table knows (ai.vijayanagara.knowledge) and plays
each of the steps `easy` ranks best (Bahmani weighing its Resources more, RANKING) into that
same future (the same cards, the same dice stream, the same playout choices: common random
numbers, so a difference between two steps is the steps' and not the luck's). A playout lets
every faction play on greedily by the `easy` evaluation (a compound turn goes on as its steps:
spaces, Decree) until the third card from now is over (HORIZON_CARDS), or a Succession or
Timurid card comes, or the game ends; it is scored by the seat's evaluation there (a win at the
game's end outweighs everything, 5.0; Delhi counts its end-of-game adjustment as it stands,
ai.vijayanagara.timur).
The search plays the best-ranked step unless another step beat it clearly over the rounds: a
one-step policy improvement of `easy`, which the noise of the sampled futures cannot talk it
out of.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import Action, Faction, GameState, deck_for

from ..budget import Budget
from .easy import greedy_choice, greedy_step, ranked
from .evaluate import EASY, Judgement, evaluate, margin, win_share
from .knowledge import MASK64, seen

ROOT_WIDTH = 4  # the steps `easy` ranks best are played out (all of them when fewer)
PLAYOUT_CANDIDATES = 4  # steps judged at each playout step
# A playout ends when this many card changes have happened, for every faction: 4, once the
# third card from now is over (2 would stop with the next card). Bahmani's points (5.2: Control,
# Forts, Influence) take longer to build than a card: against `easy` (0.3 s), with 2 it won 6
# of 32 where `easy` itself won 12 of the same games (seeds 600-631), with 3 11 of 32; on
# seeds 9000-9028, with 3 (its playouts then cut at 24 steps) 8 of 29, with 4 13; with 4 at
# the bot's 1.5 s, 14 of 29 (seeds 9600-9628) where `easy` won 7. Vijayanagara and Delhi with 2
# judged by the nearer future and lost to `easy` more as they saw more futures (seeds 7300-7323
# at 0.3 s: V 3 of 12, D 5 of 12; at 0.15 s V 7, D 7); with 4, V 7 of 12 and D 5 of 12 on those
# seeds and V 4, D 9 of the next 11 each (7400-7421; `easy` there: V 5, D 7 of 12).
HORIZON_CARDS = 4
HORIZON_TEXT = "the end of the third card from now"  # for the hint's reason
# Steps per playout at most: 12 a card of the horizon, since a card takes 8.6 steps on average
# (easy's games) but up to 27, so a playout is seldom cut before its horizon.
PLAYOUT_CAP = 12 * HORIZON_CARDS
WIN_VALUE = 10.0  # winning the game (5.0), in the evaluation's points
MIN_ROUNDS = 3  # rounds before a step may overrule easy's choice
# How much better (evaluation points) a step must do on average to overrule easy's. More
# futures shrink the standard errors but not the playouts' steady bias, so at the bot's 1.5 s
# this floor decides, not CONFIDENCE (bench/override_rate.py: as Vijayanagara, seed 11003, 190
# futures a decision, floor 0.25 overrules in 7 of 70 decisions, 0.5 in 5). Against easy at
# 1.5 s, 0.5 won 20 of seeds 11000-11039 as Vijayanagara (0.25: 17), 17 of 9629-9668 as
# Bahmani (0.25: 13) and 21 of 12000-12027 as Delhi (0.25: 21): small samples, one way.
OVERRIDE = 0.5
CONFIDENCE = 1.5  # and by how many standard errors of the paired differences
CUT_KINDS = frozenset({"succession", "timurid"})
# Delhi judges its playouts with its end-of-game adjustment (5.1) as it stands (ai.vijayanagara.timur): its
# own points, which it can act on (Troops on Timur's route). Against `easy`, seeds 7300, 7400,
# 7600 at 0.3 s: 26 of 36, where without it 22 and `easy` itself 22; at 1.5 s, seeds
# 12000-12034: 25 of 35 where `easy` won 20. Not for Vijayanagara: at 1.5 s it won 15 of seeds
# 11000-11030 with it and 16 without.
PROJECTED_SEATS = frozenset({Faction.D})
# The judgement a seat ranks its own steps by at the root (which steps are compared, and which
# one is played unless another clearly beats it), where it is not `easy`'s. Bahmani counts a
# Resource (1.8) at 0.4 points (easy: 0.12): `easy` as Bahmani spends down to nothing (it ended
# 13 of 30 games with 0 or 1 left). `easy` so weighted won 114 of 400 games as Bahmani against
# `easy` (seeds 20000-20399) where `easy` itself won 77; at 0.25, 102; at 0.6 it hoards, 36.
# At 1.5 s against `easy`, `hard` so ranking won 17 of seeds 9629-9668 as Bahmani, as many as
# with `easy`'s ranking (each won 9 games the other lost): no gain measured in `hard` yet.
# The playouts still play and score every faction as `easy` judges it: with Bahmani's weight
# there too, 11 of 9629-9658, where the root alone won 14 and `easy`'s ranking 13.
RANKING: dict[Faction, Judgement] = {Faction.B: Judgement(resource=0.4)}
SCORING = Judgement(projected=True)  # for the PROJECTED_SEATS


def ranking_judgement(seat: Faction) -> Judgement:
    """How the seat ranks its own steps at the root (`easy`'s unless RANKING says)."""
    return RANKING.get(seat, EASY)


@dataclass(frozen=True)
class Gain:
    """How a step did against `easy`'s in the same futures, in evaluation points."""

    action: Action
    mean: float  # of the paired differences
    error: float  # their standard error

    def overrules(self, floor: float) -> bool:
        return self.mean > max(floor, CONFIDENCE * self.error)


@dataclass(frozen=True)
class Result:
    action: Action
    visits: int  # playouts of the chosen step
    iterations: int  # sampled futures (rounds)
    win_chance: float  # the seat's share of the chosen step's playouts it led at the end
    margin: float  # the seat's mean VP margin at the end of the chosen step's playouts
    candidates: int  # steps compared
    gains: tuple[Gain, ...]  # each other step's against easy's (none before MIN_ROUNDS)


@dataclass(frozen=True)
class Outcome:
    """Where one playout ended, for the seat."""

    value: float  # in evaluation points
    won: float
    margin: int
    ended: bool  # it reached the game's end


def search(state: GameState, r: random.Random, budget: Budget) -> Result:
    seat = vijayanagara.prompt(state).faction
    if seat is None:
        raise ValueError("no faction decides now: the game is over or chance is pending")
    done = budget.timer()
    order = [a for _, a in ranked(state, r, judgement=ranking_judgement(seat))[:ROOT_WIDTH]]
    known = seen(state)
    results: dict[Action, list[Outcome]] = {a: [] for a in order}
    rounds = 0
    while rounds == 0 or not done(rounds):
        dealer, policy = r.getrandbits(64) & MASK64, r.getrandbits(64)
        for a in order:
            st = known.clone()
            st.rng = dealer
            results[a].append(playout(vijayanagara.apply(st, a), seat, random.Random(policy)))
        rounds += 1
    gains = _gains(order, results)
    action = _decision(order[0], gains)
    chosen = results[action]
    return Result(
        action=action,
        visits=len(chosen),
        iterations=rounds,
        win_chance=sum(o.won for o in chosen) / len(chosen),
        margin=sum(o.margin for o in chosen) / len(chosen),
        candidates=len(order),
        gains=gains,
    )


def _gains(order: list[Action], results: dict[Action, list[Outcome]]) -> tuple[Gain, ...]:
    anchor = results[order[0]]
    out = []
    for a in order[1:]:
        diffs = [o.value - b.value for o, b in zip(results[a], anchor, strict=True)]
        n = len(diffs)
        if n < MIN_ROUNDS:
            continue
        out.append(Gain(a, statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(n)))
    return tuple(out)


def _decision(anchor: Action, gains: tuple[Gain, ...]) -> Action:
    """Easy's step, unless another did clearly better in the same futures (the best such)."""
    best = max((g for g in gains if g.overrules(OVERRIDE)), key=lambda g: g.mean, default=None)
    return anchor if best is None else best.action


def choose(state: GameState, r: random.Random, budget: Budget) -> Action:
    legal = vijayanagara.useful_actions(state)
    if len(legal) == 1:
        return legal[0]
    return search(state, r, budget).action


def playout_step(state: GameState, seat: Faction, r: random.Random) -> Action:
    """A playout's step for whoever decides: the best of PLAYOUT_CANDIDATES sampled steps by
    `easy`'s evaluation right after it."""
    return greedy_step(state, seat, r, PLAYOUT_CANDIDATES)


def after_playout_step(state: GameState, seat: Faction, r: random.Random) -> GameState:
    """The state `playout_step`'s step makes: the one made when the step was judged (a
    determinized state deals its own chance), not made again."""
    step, made = greedy_choice(state, seat, r, PLAYOUT_CANDIDATES)
    return vijayanagara.apply(state, step) if made is None else made


def playout(st: GameState, seat: Faction, r: random.Random) -> Outcome:
    """Play on from `st` (a determinized state) to the horizon, and score it for the seat."""
    out = playout_until(st, seat, r, lambda: False)
    assert out is not None
    return out


def playout_until(
    st: GameState, seat: Faction, r: random.Random, stop: Callable[[], bool]
) -> Outcome | None:
    """`playout`, unless `stop()` holds before one of its steps: then None (a time budget
    spent: the caller drops the future)."""
    horizon = _Horizon(st.current_card)
    for _ in range(PLAYOUT_CAP):
        if st.game_over or horizon.reached(st):
            break
        if stop():
            return None
        who = vijayanagara.decider(st)
        assert who is not None  # a determinized state resolves chance itself
        st = after_playout_step(st, who, r)
    won = win_share(st, seat)
    value = evaluate(st, seat, SCORING if seat in PROJECTED_SEATS else EASY) + (
        WIN_VALUE * (2 * won - 1) if st.game_over else 0.0
    )
    return Outcome(value=value, won=won, margin=margin(st, seat), ended=st.game_over)


class _Horizon:
    """Where a playout stops: after HORIZON_CARDS card changes, or at a Succession or Timurid
    card other than the one it started on."""

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
