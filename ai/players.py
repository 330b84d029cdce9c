"""What a computer player is, a game's hint and why line, and its seats' answers at once.

A player decides from a view (what its seat may see, never the state): `player(view, seat,
r, budget)` returns the seat's next step. `r` is the caller's seeded generator and `budget`
bounds its thinking (ai.budget). Each game's registration (bot.table.games) ties its players, by
level and weakest first, to its rules, typed by the same view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .budget import Budget

V_contra = TypeVar("V_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


class Player(Protocol[V_contra, A_co]):
    def __call__(self, view: V_contra, seat: str, r: random.Random, budget: Budget) -> A_co: ...


@dataclass(frozen=True)
class Advice:
    """A hint for the seat on turn: what to tell the player, and the order (in the game's
    notation) that plays it as one."""

    summary: str
    order: str


class Adviser(Protocol[V_contra]):
    def __call__(self, view: V_contra, seat: str, r: random.Random, budget: Budget) -> Advice: ...


class Explainer(Protocol[V_contra]):
    """Why an AI played its turn so: one line, from the public views where its turn began
    and ended, weighed as the AI at `level` weighs positions."""

    def __call__(self, start: V_contra, end: V_contra, seat: str, level: str) -> str | None: ...


class StepExplainer(Protocol[V_contra, A_contra]):
    """The why of an AI's turn that is one step, `action` from `view` (the seat's view, which
    for such a game is its public one too): what the game's Explainer says of that turn,
    worked out where the AI thought it (its worker), not again where it is announced."""

    def __call__(self, view: V_contra, action: A_contra, seat: str, level: str) -> str | None: ...


@dataclass(frozen=True)
class Answered(Generic[A_co]):
    """A computer seat's answer at once: its step aside, and why in a line for the table
    (told under the step, apart from the lines around it: the log tells them apart too)."""

    step: A_co
    why: str


class Answerer(Protocol[V_contra, A_co]):
    """What a computer seat answers at once, though no decision of its own waits: the step
    aside it takes now from `view` (its seat's; an offer addressed to it answered), with
    why, or None. `level` is the seat's AI level (a level that takes no step aside answers
    nothing). A fixed policy, cheap and deterministic: the table asks it inline after every
    stored step, not in the AI's worker processes."""

    def __call__(self, view: V_contra, seat: str, level: str) -> Answered[A_co] | None: ...


class Remarker(Protocol[V_contra, A_contra]):
    """What a computer seat's fixed policy makes of a person's step addressed to it that it
    answers with no step of its own (a gift kept, nothing given back), from `view` (its
    seat's, after the step), told to that person alone; None when nothing is worth saying.
    Cheap and deterministic: the table asks it inline for each step a person plays."""

    def __call__(self, view: V_contra, action: A_contra, seat: str, level: str) -> str | None: ...
