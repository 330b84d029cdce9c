"""A hint from the search, in the same shape for every game: the step the search would take
and why, then the runner-up and why; and the share of a hint's seconds the search may use."""

from __future__ import annotations

from dataclasses import replace

from ..budget import Budget

SEARCH_SHARE = 0.9  # of a hint's seconds, for the search: the rest for its words and the reply


def searching(budget: Budget) -> Budget:
    """The search's part of a hint's budget: a budget of seconds is the whole hint's."""
    if budget.seconds is None:
        return budget
    return replace(budget, seconds=budget.seconds * SEARCH_SHARE)


def hint_text(
    order: str, why: str, runner_up: tuple[str, str] | None, allowed: int | None = None
) -> str:
    """The hint's lines: the order and why, then the runner-up step and why. Without a
    runner-up: the only step allowed, or (`allowed` steps, more than one) the one weighed,
    the others left at a glance (by the search, or by a game's own weights)."""
    if runner_up is not None:
        second = f"Runner-up: `{runner_up[0]}`: {runner_up[1]}."
    elif allowed is None or allowed <= 1:
        second = "Runner-up: none: it is the only step allowed."
    else:
        others = "the other falls" if allowed == 2 else "the others fall"
        second = (
            f"Runner-up: none worth weighing: of the {allowed} steps allowed, {others} behind "
            "this one at a glance."
        )
    return f"The computer (hard) would play `{order}`: {why}.\n{second}"
