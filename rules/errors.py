"""Errors the rules raise. All are ValueErrors; a rejected action never changes the state."""

from __future__ import annotations

from typing import Self

from .text import inert, shown


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


class MisreadStep(InvalidOrder):
    """An order whose first word names one of the game's steps, but whose other words do not
    read (`give -1 to red`): the game's own refusal answers it, not another game's command
    of that word."""


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
    that refuses a step it read names it (`at`), and may give the action refused (`action`:
    the table then tells what else of its kind is allowed, a step aside's own)."""

    def __init__(self, reason: str, allowed: str | None = None, action: object = None) -> None:
        super().__init__(f"{reason.removesuffix('.')}. Allowed: {allowed}" if allowed else reason)
        self.reason = reason
        self.action = action


class NotYourTurn(IllegalAction):
    """A step of the turn read for a seat whose decision it is not, in a game where a seat
    also has steps it takes at any time (Turns.acts_any_time): the table answers it as any
    order out of turn, with whose decision it is."""


class DataError(ValueError):
    """A map or deck file that does not validate: names the bad id or field."""


CLIP_CHARS = 60


def clip(text: str, limit: int = CLIP_CHARS) -> str:
    """At most `limit` characters of a text, cut with "…" (what a user gave is repeated
    through rules.text's `inert` or `quoted`, which cut it too)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def step_where(text: str, number: int, steps: int) -> str:
    """A step of an order as a reply quotes it: "Step 2 (`...`)", or, alone, the step."""
    said = f"`{inert(text, CLIP_CHARS)}`"
    return f"Step {number} ({said})" if steps > 1 else said


excerpt = shown  # a value a user gave, as a message repeats it (rules.text)


def excerpts(values: object, limit: int = 8) -> str:
    """Several values, each bounded, at most `limit` of them."""
    items = list(values) if isinstance(values, set | frozenset | list | tuple) else [values]
    shown = ", ".join(sorted(excerpt(v) for v in items[:limit]))
    return f"[{shown}{', ...' if len(items) > limit else ''}]"
