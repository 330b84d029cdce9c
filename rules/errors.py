"""Errors the rules raise. All are ValueErrors; a rejected action never changes the state."""

from __future__ import annotations

from typing import Self


class RulesError(ValueError):
    """Base of every error the rules package raises about an order or an action. Once an
    order's parser has it, it may name the step: its number (from 1) of how many, its text,
    and the position it was read against (`at`), where the steps allowed there are listed."""

    step: int | None = None
    steps: int = 1
    step_text: str = ""
    position: object = None  # the position the step was read against, where the parser has it

    def at(self, step: int, steps: int, text: str, position: object = None) -> Self:
        self.step, self.steps, self.step_text, self.position = step, steps, text, position
        return self

    @property
    def where(self) -> str:
        return step_where(self.step_text, self.step or 1, self.steps)


class InvalidOrder(RulesError):
    """Malformed order text: says where and what was expected, naming the step (`at`)."""


class AmbiguousName(InvalidOrder):
    """A name that matches several spaces or words: lists them. The order's parser turns it
    into an AmbiguousOrder (rules.vijayanagara.notation), which adds the step read with each."""

    def __init__(self, message: str, spaces: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.spaces = spaces  # what the name matches
        self.word: int | None = None  # which word of the step it is
        self.candidates: tuple[object, ...] = ()  # the step read with each, where known


class IllegalAction(RulesError):
    """Well formed, but not allowed now: says which rule. `reason` is that alone; the message
    goes on with the steps allowed, where the rules list them (`allowed`). An order's parser
    that refuses a step it read names it (`at`)."""

    def __init__(self, reason: str, allowed: str | None = None) -> None:
        super().__init__(f"{reason.removesuffix('.')}. Allowed: {allowed}" if allowed else reason)
        self.reason = reason


class DataError(ValueError):
    """A map or deck file that does not validate: names the bad id or field."""


EXCERPT_CHARS = 40


CLIP_CHARS = 60


def clip(text: str, limit: int = CLIP_CHARS) -> str:
    """At most `limit` characters of what a player typed, for quoting it in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def step_where(text: str, number: int, steps: int) -> str:
    """A step of an order as a reply quotes it: "Step 2 (`...`)", or, alone, the step."""
    quoted = f"`{clip(text)}`"
    return f"Step {number} ({quoted})" if steps > 1 else quoted


def excerpt(value: object) -> str:
    """A short, bounded description of a value for an error message: never the whole of
    something a user sent (a huge string or number, a deep structure)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return str(value) if -(10**12) < value < 10**12 else "a very large number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:EXCERPT_CHARS]) + ("..." if len(value) > EXCERPT_CHARS else "")
    if isinstance(value, dict):
        return f"a mapping of {len(value)} entr{'y' if len(value) == 1 else 'ies'}"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    return f"a {type(value).__name__}"


def excerpts(values: object, limit: int = 8) -> str:
    """Several values, each bounded, at most `limit` of them."""
    items = list(values) if isinstance(values, set | frozenset | list | tuple) else [values]
    shown = ", ".join(sorted(excerpt(v) for v in items[:limit]))
    return f"[{shown}{', ...' if len(items) > limit else ''}]"
