"""Menus: the allowed steps as a player reads them, and what each does."""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import Any, Generic, TypeVar

from ..game import Game
from .notation import notation_of

A = TypeVar("A")
V = TypeVar("V")


class Menus(Generic[A, V]):
    """The plain menu: every legal step in its notation, one entry each."""

    def __init__(self, game: Game[Any, A, V, Any]) -> None:
        self.game = game

    def grouped_choices(self, view: V, actions: Sequence[A]) -> tuple[list[str], str | None]:
        """The legal steps as a player reads them, each in backticks (a step that would do
        nothing marked), steps that differ only in a count or a place told as one entry; and
        the line that says how such an entry reads, when one is there."""
        describe = notation_of(self.game).describe
        out = []
        for a in actions:
            note = self.note(view, a)
            said = f"`{describe(view, a)}`"
            out.append(f"{said} ({note})" if note else said)
        return out, None

    def key(self, entries: Sequence[str]) -> str | None:
        """The line that says how these entries (all of `grouped_choices`' or some) read,
        when their ranges or choices need one; None when they do not."""
        return None

    def note(self, view: V, action: A) -> str | None:
        """Why a legal step would do nothing ("no province qualifies"), for the table to ask
        before playing it; None when it does something."""
        return None

    def note_cost(self, view: V, action: A) -> str | None:
        """What a step `note` says would do nothing still costs ("use this option"), for
        the question the table asks; None when it costs nothing."""
        return None

    def explain(self, view: V, action: A) -> str | None:
        """What choosing `action` does, in a few words, where a menu offers it beside its
        name (a Command's effect); None for a step that says it itself."""
        return None

    def effect_of(self, name: str) -> str | None:
        """What a choice offered by name does (a Command's effect), for menus."""
        return None

    def offers(self, view: V) -> list[str]:
        """Lines for a prompt whose choices are explained: each offered choice with what it
        does, in a line or a few."""
        return []

    def explained_choices(self, view: V) -> list[str]:
        """The whole list of allowed steps as a menu, a line each: every entry once, with what
        it does and its rule; empty where the game lists its entries alone."""
        return []

    def like(self, view: V, entries: Sequence[str], text: str) -> list[str]:
        """The entries of the allowed steps (`grouped_choices`) that `text`, a step typed and
        refused, most likely meant, best first: those sharing its words (`entries_like`);
        empty when none is close."""
        return entries_like(entries, text)


_WORD = re.compile(r"[a-z0-9_]+")  # a space's id (`mountain_passes`) is one word
LIKE_PAST = 0.5  # the share of a typed step's words (the first counted twice) matched
LIKE_MARGIN = 0.2  # how far below the best entry's share one is still listed
CLOSE_SPELLING = 0.75  # difflib's ratio at which a word of 4 letters or more is a misspelling


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def entries_like(entries: Sequence[str], text: str) -> list[str]:
    """The entries that share the words of `text`, best first, as a player would mean them:
    a word matches the same word, one it begins (3 letters or more: `harb`), or one it
    misspells (`quary`, `harbor`). A word most entries hold (`with`, a verb every step now
    shares) tells none apart and is left out, unless every word is such; the first word
    left that is not a count (the verb, the piece or the space typed) counts twice (`buy 4
    inf` means infantry before it means four). An entry is like the text when it
    matches more than half of that weight and nearly as much as the best one does (`place 2`
    for `plase 2`, not every placement); none is when none does."""
    typed = _words(text)[:12]  # a step is a few words; a long text is not compared whole
    if not typed or not entries:
        return []
    held = [frozenset(_words(e)) for e in entries]
    telling = [w for w in typed if 2 * sum(w in h for h in held) <= len(entries)] or typed
    named = next((k for k, w in enumerate(telling) if not w.isdigit()), None)
    weights = [2.0 if k == named else 1.0 for k in range(len(telling))]
    scored = []
    for k, words in enumerate(held):
        got = sum(wt * _match(w, words) for w, wt in zip(telling, weights, strict=True))
        share = got / sum(weights)
        if share > LIKE_PAST:
            scored.append((-share, k))
    scored.sort()
    best = -scored[0][0] if scored else 0.0
    return [entries[k] for share, k in scored if -share >= best - LIKE_MARGIN]


def _match(word: str, words: frozenset[str]) -> float:
    """How well `word` matches one of `words`: 1 the same, 0.9 a beginning, 0.8 a close
    spelling, else 0."""
    if word in words:
        return 1.0
    if len(word) >= 3 and any(w.startswith(word) for w in words):
        return 0.9
    if len(word) >= 4 and any(
        SequenceMatcher(None, word, w).ratio() >= CLOSE_SPELLING for w in words if len(w) >= 4
    ):
        return 0.8
    return 0.0


def menus_of(game: Game[Any, A, V, Any]) -> Menus[A, V]:
    """The game's own menus (its `menus` attribute), else the plain ones."""
    own = getattr(game, "menus", None)
    return own if isinstance(own, Menus) else Menus(game)
