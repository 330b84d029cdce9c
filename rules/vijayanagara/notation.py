"""The order notation (docs/notation.md): one line per order, steps separated by ';'.

Each action owns its text form (rules/vijayanagara/actions.py: `to_text`, `from_tokens`); `describe` and
`parse` dispatch to them, so that parse(state, describe(state, a)) == [a]. An order is read
once into its steps, each with its number and its place in the text (`parse_order`). Space
names match case-insensitively by id, by name, or by a unique prefix of either.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import AmbiguousName, InvalidOrder, clip
from .actions import TYPED, Action, Choose, Typed
from .model import Faction, GameState
from .registry import SPELLINGS
from .tokens import FILLER, MAX_NUMBER, PIECE_WORDS, Tokens, resolve_space

__all__ = [
    "FILLER",
    "MAX_NUMBER",
    "MAX_ORDER_CHARS",
    "OPTIONS",
    "PIECE_WORDS",
    "VERBS",
    "AmbiguousOrder",
    "Span",
    "Step",
    "describe",
    "describe_all",
    "parse",
    "parse_order",
    "parse_step",
    "parse_steps",
    "resolve_space",
    "split_order",
]

MAX_ORDER_CHARS = 4000  # about a hundred steps: more than any turn needs

# Named options (Choose): Sequence of Play options, Event sides, Compromising Gifts and the
# like; the Commands (the Mongols' too) and Decrees, with their aliases, come from the registry.
OPTIONS: dict[str, str] = {
    o: o
    for o in (
        "event",
        "command",
        "command+decree",
        "limited",
        "pass",
        "unshaded",
        "shaded",
        "gifts",
        "decline",
        "skip",
    )
}
OPTIONS.update(SPELLINGS)
OPTIONS.update(
    {
        "cd": "command+decree",
        "command-decree": "command+decree",
        "command-and-decree": "command+decree",
        "command-only": "command",
        "limited-command": "limited",
        "compromising-gifts": "gifts",
    }
)
READERS: dict[str, type[Typed]] = {c.verb: c for c in TYPED}
VERBS = set(READERS)


def describe(state: GameState | None, action: Action) -> str:
    """The action in the order notation."""
    return action.to_text()


def describe_all(state: GameState | None, actions: list[Action]) -> list[str]:
    return [describe(state, a) for a in actions]


# -- parsing ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Span:
    """One step of an order as typed: its text (stripped) and where it stands in the order."""

    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an order, read: its number (from 1), its text and place, its action."""

    number: int
    span: Span
    action: Action

    @property
    def text(self) -> str:
        return self.span.text


def split_order(text: str) -> list[Span]:
    """The steps of an order (separated by ';' or new lines), blank ones left out."""
    if len(text) > MAX_ORDER_CHARS:
        raise InvalidOrder(
            f"the order is {len(text)} characters long; at most {MAX_ORDER_CHARS} are read"
        )
    out = []
    for m in re.finditer(r"[^;\n]+", text):
        raw = m.group(0)
        stripped = raw.strip()
        if stripped:
            start = m.start() + len(raw) - len(raw.lstrip())
            out.append(Span(stripped, start, start + len(stripped)))
    return out


class AmbiguousOrder(AmbiguousName):
    """A name that matches several spaces or words: lists them, and carries the step read
    with each (`candidates`) so that a player can pick one."""

    def __init__(self, e: AmbiguousName, candidates: tuple[Action, ...]) -> None:
        super().__init__(str(e), e.spaces)
        self.word = e.word
        self.candidates = candidates


def parse_step(step: str, giver: Faction | None = None) -> Action:
    """One step's action; AmbiguousOrder carries the step read with each matching space."""
    t = Tokens(step, step, giver)
    if not t.items:
        raise InvalidOrder("empty step")
    head = t.items[0]
    joined = "-".join(t.items)
    if head not in READERS or joined in OPTIONS:
        if joined in OPTIONS:
            return Choose(option=OPTIONS[joined])
        if re.fullmatch(r"option-?[0-9]{1,2}", joined):
            return Choose(option="option-" + str(int(re.sub(r"[^0-9]", "", joined))))
        raise InvalidOrder(
            f"unknown order {clip(step)!r}: a step starts with an option (e.g. pass, event, "
            f"command+decree, march) or a verb ({', '.join(sorted(VERBS))})"
        )
    t.i = 1
    try:
        a = READERS[head].from_tokens(t)
    except AmbiguousName as e:
        raise AmbiguousOrder(e, tuple(_candidates(t.items, e, giver))) from None
    t.end()
    return a


def _candidates(words: list[str], e: AmbiguousName, giver: Faction | None) -> list[Action]:
    """The step read with each space the ambiguous word matches (those that read whole)."""
    out = []
    for space in e.spaces if e.word is not None else ():
        text = " ".join(space if i == e.word else w for i, w in enumerate(words))
        try:
            out.append(parse_step(text, giver))
        except InvalidOrder:  # e.g. a second ambiguous name: not offered
            continue
    return out


def parse_steps(spans: list[Span], *, giver: Faction | None = None) -> list[Step]:
    """Each step's action; an InvalidOrder (or AmbiguousOrder) names the step."""
    out = []
    for number, span in enumerate(spans, start=1):
        try:
            out.append(Step(number, span, parse_step(span.text, giver)))
        except InvalidOrder as e:
            raise e.at(number, len(spans), span.text) from None
    return out


def parse_order(text: str, *, giver: Faction | None = None) -> list[Step]:
    """An order line read once: its steps with their places in `text` and their actions.
    `giver` is who gives in a `give` step that does not say it (the faction the order is
    sent as)."""
    spans = split_order(text)
    if not spans:
        raise InvalidOrder("empty order: type a step such as 'pass' or 'march'")
    return parse_steps(spans, giver=giver)


def parse(state: GameState | None, text: str, *, giver: Faction | None = None) -> list[Action]:
    """An order line (steps separated by ';' or new lines) into actions."""
    return [s.action for s in parse_order(text, giver=giver)]
