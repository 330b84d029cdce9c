"""The `easy` level: greedy with the hand-written evaluation, looking one step ahead and
finishing its own turn greedily to judge each step (a Command's cost is paid before the
pieces it places are seen). Chance on the way (dice) is sampled, never read from the state.
It chooses among the steps that do something (`useful_actions`): never a Command with no space selected.
"""

from __future__ import annotations

import random

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import Action, Done, Faction, GameState

from .evaluate import EASY, Judgement, evaluate
from .knowledge import resolve, seen

CANDIDATES = 16  # steps judged per decision (a random sample when there are more)
FOLLOW_CANDIDATES = 4  # steps judged at each step of the turn's greedy finish
FOLLOW_DEPTH = 5  # steps of the own turn finished greedily after the candidate
DONE_PENALTY = 0.05  # stopping early must win on merit, not on a tie


def choose(state: GameState, r: random.Random, judgement: Judgement = EASY) -> Action:
    legal = vijayanagara.useful_actions(state)
    if len(legal) == 1:
        return legal[0]
    return ranked(state, r, judgement=judgement)[0][1]


def ranked(
    state: GameState, r: random.Random, cap: int = CANDIDATES, judgement: Judgement = EASY
) -> list[tuple[float, Action]]:
    """Up to `cap` legal steps (a random sample when there are more), best first, each with
    the evaluation after it and the rest of the turn played greedily (by `judgement`)."""
    seat = _seat(state)
    known = seen(state)
    out = []
    for action in _sample(vijayanagara.useful_actions(state), cap, r):
        after = finish_turn(vijayanagara.apply(known, action), seat, r, judgement)
        value = _value(after, seat, action, judgement)
        out.append((value + r.random() * 1e-6, action))  # a random tie-break
    out.sort(key=lambda va: -va[0])
    return out


def greedy_step(
    state: GameState, seat: Faction, r: random.Random, cap: int, judgement: Judgement = EASY
) -> Action:
    """The best of `cap` sampled legal steps by the evaluation right after it (playouts)."""
    return greedy_choice(state, seat, r, cap, judgement)[0]


def greedy_choice(
    state: GameState, seat: Faction, r: random.Random, cap: int, judgement: Judgement = EASY
) -> tuple[Action, GameState | None]:
    """`greedy_step`'s step, and the state `apply` made of it (before any chance sampled
    from `r`), so that the caller need not make it again; None where there was no choice."""
    legal = vijayanagara.useful_actions(state)
    if len(legal) == 1:
        return legal[0], None
    best: tuple[float, Action, GameState] | None = None
    for action in _sample(legal, cap, r):
        made = vijayanagara.apply(state, action)
        # a known state stops at chance: sample it (a determinized one deals its own)
        after = resolve(made, r) if state.rng is None else made
        value = _value(after, seat, action, judgement) + r.random() * 1e-6
        if best is None or value > best[0]:
            best = (value, action, made)
    assert best is not None
    return best[1], best[2]


def finish_turn(
    state: GameState, seat: Faction, r: random.Random, judgement: Judgement = EASY
) -> GameState:
    """Play the seat's following steps greedily while it still decides (bounded)."""
    state = resolve(state, r)
    for _ in range(FOLLOW_DEPTH):
        if state.game_over or vijayanagara.decider(state) != seat:
            break
        step, made = greedy_choice(state, seat, r, FOLLOW_CANDIDATES, judgement)
        state = resolve(vijayanagara.apply(state, step) if made is None else made, r)
    return state


def _value(state: GameState, seat: Faction, action: Action, judgement: Judgement) -> float:
    return evaluate(state, seat, judgement) - (DONE_PENALTY if isinstance(action, Done) else 0.0)


def _sample(legal: list[Action], cap: int, r: random.Random) -> list[Action]:
    return legal if len(legal) <= cap else r.sample(legal, cap)


def _seat(state: GameState) -> Faction:
    seat = vijayanagara.decider(state)
    if seat is None:
        raise ValueError("no faction decides now: the game is over or chance is pending")
    return seat
