"""One entry point for every level, and the hint a player may ask for."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal, get_args

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import Action, GameState
from rules.words import count_of

from ..budget import Budget
from . import easy, hard, random_ai

Level = Literal["random", "easy", "hard"]
LEVELS: tuple[Level, ...] = get_args(Level)


def level_of(text: str) -> Level:
    """A level by name, or a clear error naming the levels there are."""
    for level in LEVELS:
        if text.strip().lower() == level:
            return level
    raise ValueError(f"unknown AI level {text!r}: choose one of {', '.join(LEVELS)}")


def decide(state: GameState, level: Level, r: random.Random, budget: Budget) -> Action:
    """The step the faction that `vijayanagara.prompt(state)` names takes now, at this level.

    Whoever decides (on its turn or off it: Cavalry, casualties, "that faction decides"
    event steps, Succession steps) is the AI's seat; a chance node has no decider."""
    if vijayanagara.prompt(state).faction is None:
        raise ValueError("no faction decides now: the game is over or chance is pending")
    if level == "random":
        return random_ai.choose(state, r)
    if level == "easy":
        return easy.choose(state, r)
    return hard.choose(state, r, budget)


@dataclass(frozen=True)
class Hint:
    action: Action
    text: str  # the step in the game's notation
    win_chance: float  # 0..1: how often the `hard` search's futures ended with this seat first
    # (at the end of the third card from now, or at the game's end)
    reason: str  # one line


def hint(state: GameState, r: random.Random, budget: Budget) -> Hint:
    """The `hard` AI's suggestion for the faction deciding now."""
    seat = vijayanagara.prompt(state).faction
    if seat is None:
        raise ValueError("no faction decides now: the game is over or chance is pending")
    found = hard.search(state, r, budget)
    text = vijayanagara.describe(state, found.action)
    reason = (
        f"in {count_of(found.iterations, 'sampled future')}, its "
        f"{count_of(found.candidates, 'likeliest step')} each "
        f"played on to {hard.HORIZON_TEXT}, this one left a mean VP margin of "
        f"{found.margin:+.1f}"
    )
    return Hint(action=found.action, text=text, win_chance=found.win_chance, reason=reason)
