"""Computer players for Successors: `random`, `greedy` (one phase ahead) and `hard` (the
shared search over greedy's best steps, greedy playing the futures).

Each decides from a seat's view alone (the map, the treasuries, its own chits: never another
hand, standing order or the cup), as a player at the table does, and takes one of the seat's
steps: a decision's step, or a step aside its fixed policy takes first (policy.py: alliances
answered, chits armed or played); `answer` is that policy's answer to an alliance offered,
given at once, though the seat has no decision. Pure: the caller passes a seeded
`random.Random`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.successors import Action, View, engine, names
from rules.successors import state as st

from ..budget import Budget
from ..players import Answered, Player
from . import greedy, hard, policy, why

LEVELS = ("random", "greedy", "hard")
HARD_BUDGET = Budget(iterations=24)  # without a caller's budget: the same step every time


def choose(level: str, view: View, rng: random.Random, budget: Budget | None = None) -> Action:
    """The step `level` takes for the seat whose view this is (it must be that seat's
    decision); `budget` bounds `hard`'s search."""
    if view.seat is None or engine.to_move(view.state) != view.seat:
        raise ValueError("an AI decides for the seat to move, from that seat's view")
    if level == "random":
        return rng.choice(engine.legal(view.state))
    if level == "greedy":
        return greedy.choose(view, rng)
    if level == "hard":
        return hard.choose(view, rng, budget or HARD_BUDGET)
    raise ValueError(f"no Successors AI level {level!r}; the levels are {', '.join(LEVELS)}")


@dataclass(frozen=True)
class LevelPlayer:
    """A level as a player of the registry: a step chosen from the seat's own view. An
    object, not a closure: it goes to the AI's worker processes with the call."""

    level: str

    def __call__(self, view: View, seat: str, r: random.Random, budget: Budget) -> Action:
        if view.seat != seat:
            raise ValueError(f"the view is {view.seat}'s, not {seat}'s")
        return choose(self.level, view, r, budget)


PLAYERS: dict[str, Player[View, Action]] = {level: LevelPlayer(level) for level in LEVELS}


def answer(view: View, seat: str, level: str) -> Answered[Action] | None:
    """An alliance offered to the seat, answered at once as its policy answers it
    (policy.reply_of), an alliance it ends (policy.ending), or one it offers (policy.offer),
    with why, by every level but `random`, which takes no step aside."""
    if level == "random" or view.seat != seat:
        return None
    s = view.state
    me = s.seats.index(seat)
    # named: an answer at once may stand among another AI's lines (trials read it as his)
    who = names.title(s, me)
    step = policy.reply_of(view)
    if isinstance(step, st.Accept | st.Refuse):
        why = policy.reply_why(s, me, s.seats.index(step.to))
        verb = "accepts" if isinstance(step, st.Accept) else "refuses"
        return Answered(step, f"_Why {who} {verb}: {why}._")
    ended = policy.ending(s, me)
    if ended is not None:
        why = policy.ending_why(s, me, s.seats.index(ended.to))
        return Answered(ended, f"_Why {who} ends it: {why}._")
    offered = policy.offer(s, me)
    if offered is None:
        return None
    why = policy.offer_why(s, me, s.seats.index(offered.to))
    return Answered(offered, f"_Why {who} offers it: {why}._")


def remark(view: View, action: Action, seat: str, level: str) -> str | None:
    """A gift to the seat: kept, nothing given back, no answer swayed (policy: its alliances
    follow the standings alone; a trial gave one and was told nothing of it)."""
    if not isinstance(action, st.Give) or action.to != seat:
        return None
    who = names.title(view.state, view.state.seats.index(seat))
    return (
        f"{who} is an AI: it keeps a gift and gives nothing back, and a gift sways none of its "
        "answers; it allies only against the player standing first (`rules alliances`)."
    )


__all__ = [
    "LEVELS",
    "PLAYERS",
    "Action",
    "View",
    "answer",
    "choose",
    "greedy",
    "hard",
    "policy",
    "remark",
    "why",
]
