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


def hint_text(order: str, why: str, runner_up: tuple[str, str] | None) -> str:
    """The hint's lines: the order and why, then the runner-up step and why (None: the only
    step allowed)."""
    second = (
        "Runner-up: none: it is the only step allowed."
        if runner_up is None
        else f"Runner-up: `{runner_up[0]}`: {runner_up[1]}."
    )
    return f"The computer (hard) would play `{order}`: {why}.\n{second}"
