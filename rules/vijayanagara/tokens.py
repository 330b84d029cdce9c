"""The words of an order step (docs/notation.md): numbers, pieces, spaces and factions, read
one at a time. Each Action class reads its own step from these tokens (`from_tokens`)."""

from __future__ import annotations

import re

from ..errors import AmbiguousName, InvalidOrder
from ..spelling import alike_names
from ..text import quoted
from ..words import listed
from .board import board
from .model import Faction, Piece

FILLER = {"in", "from", "to", "into", "the", "a", "an", "of", "at"}
MAX_NUMBER = 99  # no count, die, amount or shift in this game comes near it


def number_word(step: str, w: str, signed: bool) -> int | None:
    """The number in one word (ASCII digits only), bounded; None when it is not a number."""
    if not re.fullmatch(r"[+-]?[0-9]+" if signed else r"[0-9]+", w):
        return None
    digits = w.lstrip("+-").lstrip("0")  # never int() of a long string (Python's limit)
    if len(digits) > 2 or int(digits or "0") > MAX_NUMBER:
        raise InvalidOrder(
            f"in {quoted(step, 60)}: {quoted(w, 12)} is too large; numbers in an order "
            f"go up to {MAX_NUMBER}"
        )
    n = int(digits or "0")
    return -n if w.startswith("-") else n


PIECE_WORDS: dict[str, Piece] = {}
for _p in Piece:
    PIECE_WORDS[_p.value] = _p
    PIECE_WORDS[_p.value + "s"] = _p
_ALIASES = {
    "troop": Piece.TROOP,
    "troops": Piece.TROOP,
    "governor": Piece.GOVERNOR,
    "governors": Piece.GOVERNOR,
    "obedient-amir": Piece.AMIR,
    "obedient-amirs": Piece.AMIR,
    "rebelling-amir": Piece.REBEL_AMIR,
    "rebelling-amirs": Piece.REBEL_AMIR,
    "obedient-raja": Piece.RAJA,
    "obedient-rajas": Piece.RAJA,
    "rebelling-raja": Piece.REBEL_RAJA,
    "rebelling-rajas": Piece.REBEL_RAJA,
    "invader": Piece.MONGOL,
    "invaders": Piece.MONGOL,
    "mongol-invader": Piece.MONGOL,
    "mongol-invaders": Piece.MONGOL,
}
PIECE_WORDS.update(_ALIASES)


def norm(text: str) -> str:
    return re.sub(r"[\s_]+", " ", text.strip().lower())


def resolve_space(word: str) -> str:
    """A space id from an id, a name, or a unique prefix of either (case-insensitive)."""
    w = norm(word).replace(" ", "_")
    spaces = board().spaces
    if w in spaces:
        return w
    by_name = {s.name.lower().replace(" ", "_"): s.id for s in spaces.values()}
    if w in by_name:
        return by_name[w]
    matches = sorted(
        {
            s.id
            for s in spaces.values()
            if s.id.startswith(w) or s.name.lower().replace(" ", "_").startswith(w)
        }
    )
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise AmbiguousName(
            f"{quoted(word, 24)} matches several spaces: {', '.join(matches)}; type more of the name",
            tuple(matches),
        )
    ids = list(spaces)
    alike = [ids[k] for k in alike_names(w.replace("_", " "), [i.replace("_", " ") for i in ids])]
    guess = f" (did you mean {listed(alike, 'or')}?)" if alike else ""
    raise InvalidOrder(f"unknown space {quoted(word, 24)}{guess}; spaces are: {', '.join(spaces)}")


class Tokens:
    def __init__(self, step: str, text: str, giver: Faction | None = None) -> None:
        self.step = step
        self.items = [t for t in norm(text).split(" ") if t]
        self.i = 0
        self.giver = giver  # who gives in a `give` step that does not say (1.5.2)

    def fail(self, expected: str) -> InvalidOrder:
        got = quoted(self.items[self.i], 24) if self.i < len(self.items) else "the step's end"
        return InvalidOrder(f"in {quoted(self.step, 60)}: expected {expected}, got {got}")

    def skip_filler(self) -> None:
        while self.i < len(self.items) and self.items[self.i] in FILLER:
            self.i += 1

    def peek(self) -> str | None:
        self.skip_filler()
        return self.items[self.i] if self.i < len(self.items) else None

    def word(self, expected: str) -> str:
        w = self.peek()
        if w is None:
            raise self.fail(expected)
        self.i += 1
        return w

    def number(self, default: int | None = None, signed: bool = False) -> int:
        w = self.peek()
        n = None if w is None else number_word(self.step, w, signed)
        if n is not None:
            self.i += 1
            return n
        if default is not None:
            return default
        raise self.fail("a number")

    def piece(self) -> Piece:
        w = self.peek()
        if w is None:
            raise self.fail(
                "a piece (troop, governor, qasbah, amir, rebel-amir, fort, raja, rebel-raja, temple, mongol)"
            )
        # two-word forms: "rebelling amir", "obedient raja", "mongol invaders"
        if self.i + 1 < len(self.items):
            two = f"{w}-{self.items[self.i + 1]}"
            if two in PIECE_WORDS:
                self.i += 2
                return PIECE_WORDS[two]
        if w in PIECE_WORDS:
            self.i += 1
            return PIECE_WORDS[w]
        raise self.fail(
            "a piece (troop, governor, qasbah, amir, rebel-amir, fort, raja, rebel-raja, temple, mongol)"
        )

    def space(self) -> str:
        self.skip_filler()
        if self.i >= len(self.items):
            raise self.fail("a space")
        # longest match first: names have at most two words
        if self.i + 1 < len(self.items):
            two = f"{self.items[self.i]} {self.items[self.i + 1]}"
            try:
                found = resolve_space(two)
            except InvalidOrder:
                found = None
            if found is not None and (
                found == two.replace(" ", "_") or board().name(found).lower() == two
            ):
                self.i += 2
                return found
        w = self.items[self.i]
        self.i += 1
        try:
            return resolve_space(w)
        except AmbiguousName as e:
            e.word = self.i - 1  # the candidates are read with each match in its place
            raise

    def faction(self) -> Faction:
        w = self.word("a faction (D, B or V)").upper()
        names = {"DELHI": "D", "BAHMANI": "B", "VIJAYANAGARA": "V", "MONGOL": "M", "MONGOLS": "M"}
        w = names.get(w, w)
        try:
            return Faction(w)
        except ValueError:
            raise InvalidOrder(
                f"in {quoted(self.step, 60)}: {quoted(w, 24)} is not a faction (D, B, V)"
            ) from None

    def amounts(self) -> tuple[int, int]:
        """`<n> resources <m> cavalry`, either part optional, in any order."""
        res, cav = 0, 0
        while re.fullmatch(r"[0-9]+", self.peek() or ""):
            n = self.number()
            kind = self.word("resources or cavalry")
            if kind.startswith("res"):
                res = n
            elif kind.startswith("cav"):
                cav = n
            else:
                raise self.fail("resources or cavalry")
        return res, cav

    def end(self) -> None:
        self.skip_filler()
        if self.i < len(self.items):
            rest = quoted(" ".join(self.items[self.i :]), 24)
            raise InvalidOrder(f"in {quoted(self.step, 60)}: unexpected {rest}")
