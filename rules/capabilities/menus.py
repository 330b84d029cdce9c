"""Menus: the allowed steps as a player reads them, and what each does."""

from __future__ import annotations

from collections.abc import Sequence
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


def menus_of(game: Game[Any, A, V, Any]) -> Menus[A, V]:
    """The game's own menus (its `menus` attribute), else the plain ones."""
    own = getattr(game, "menus", None)
    return own if isinstance(own, Menus) else Menus(game)
