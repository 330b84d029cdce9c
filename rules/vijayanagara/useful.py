"""The legal steps that do something: what a computer player and a hint choose among. A
Command that no space qualifies for, a Decree that would gain or change nothing, and a `done`
that ends a Command before it selected a space stay legal (2.3.3 allows a Command in zero
spaces; 4.1 any of the faction's Decrees), but they only spend the option."""

from __future__ import annotations

from .actions import Action
from .command_base import idle_notes, no_space_note
from .engine import legal_actions
from .model import GameState


def useful_actions(state: GameState) -> list[Action]:
    """The legal steps but those `idle_note` or `no_space_note` marks; all of them where every
    one is marked."""
    legal = legal_actions(state)
    notes = idle_notes(state, legal)
    useful = [
        a
        for a, note in zip(legal, notes, strict=True)
        if note is None and not no_space_note(state, a)
    ]
    return useful or legal
