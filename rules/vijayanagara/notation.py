"""The order notation (docs/notation.md): one line per order, steps separated by ';'.

Each action owns its text form (rules/vijayanagara/actions.py: `to_text`, `from_tokens`); `describe` and
`parse` dispatch to them, so that parse(state, describe(state, a)) == [a]. An order is read
once into its steps, each with its number and its place in the text (`parse_order`). Space
names match case-insensitively by id, by name, or by a unique prefix of either.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import AmbiguousName, InvalidOrder
from ..text import quoted
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
    """One step of an order, read: its number (from 1), its text and place, its action.
    `kind_word` marks a word that names the kind of the step after it (`command` in
    `command march`, `event` in `event shaded`): a step where the decision pending offers
    it, else only a word (`fitted` drops it)."""

    number: int
    span: Span
    action: Action
    kind_word: bool = False
    said: str = ""  # one of the steps a typed count reads as (`reading.fitted`): its own words

    @property
    def text(self) -> str:
        return self.said or self.span.text


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
            f"unknown order {quoted(step, 60)}: a step starts with an option (e.g. pass, event, "
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


# Words that name the kind of the choice after them in a natural order: `event shaded` is
# the Event, then its side (2.3.4); `command march` the Command option, then March (2.3.3);
# `decree tax` the Decree Tax (4.1; no step of its own is called `decree`).
KIND_WORDS = frozenset({"event", "command", "decree"})
_WORD = re.compile(r"[^\s:,]+")


def choice_chain(span: Span) -> list[tuple[Span, bool]] | None:
    """A step that names several choices in a row (`event shaded`, `command march`,
    `decree collect tribute`, `limited conscript`) as those steps, each with whether it is a
    kind word (see Step); None when the step is not such a row. A kind word written after
    its choice (`shaded event`) is read first, as the choices are made."""
    words = [(m.group(0).lower(), m.start(), m.end()) for m in _WORD.finditer(span.text)]
    words = [w for w in words if w[0] not in FILLER]
    pieces: list[tuple[str, int, int]] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):  # the longest run of words that names a choice
            joined = "-".join(w for w, _, _ in words[i:j])
            if joined in OPTIONS or joined == "decree":
                pieces.append((joined, words[i][1], words[j - 1][2]))
                i = j
                break
        else:
            return None
    if len(pieces) < 2:
        return None
    for k in range(1, len(pieces)):  # `shaded event`: the kind word first
        if pieces[k][0] in KIND_WORDS and pieces[k - 1][0] not in KIND_WORDS:
            pieces[k - 1], pieces[k] = pieces[k], pieces[k - 1]
    out = []
    for k, (word, start, end) in enumerate(pieces):
        sub = Span(span.text[start:end], span.start + start, span.start + end)
        kind = word in KIND_WORDS and k + 1 < len(pieces)
        if word != "decree" or not kind:  # `decree` is a word, never a step
            out.append((sub, kind))
    return out


def parse_steps(spans: list[Span], *, giver: Faction | None = None) -> list[Step]:
    """Each step's action, a row of choices in one step (`event shaded`) read as its steps;
    an InvalidOrder (or AmbiguousOrder) names the step."""
    read: list[tuple[Span, bool]] = []
    for span in spans:
        read.extend(choice_chain(span) or [(span, False)])
    out = []
    for number, (span, kind) in enumerate(read, start=1):
        try:
            out.append(Step(number, span, parse_step(span.text, giver), kind))
        except InvalidOrder as e:
            raise e.at(number, len(read), span.text) from None
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
