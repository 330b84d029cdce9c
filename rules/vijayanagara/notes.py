"""What a step a person may take would do for nothing, which the table asks about before it
plays it (`; confirm` plays it): a Command or Decree that would select or gain nothing, a
Cavalry token spent on a die whose hit it does not change (1.10), a Campaign's Drop of pieces
taken where it stands (4.2.2), an Attack where no Unit could hit (3.1.2)."""

from __future__ import annotations

from .actions import Action
from .attack import futile_attack, futile_cavalry
from .command_base import idle_note as idle_choice
from .decrees import futile_drop
from .model import GameState


def idle_note(st: GameState, action: Action) -> str | None:
    """Why `action` would do nothing now (or spend a token for nothing), or None."""
    return idle_choice(st, action) or futile_step(st, action)


def futile_step(st: GameState, action: Action) -> str | None:
    """Why a step within a Command or Decree would do nothing it could not do otherwise."""
    return futile_cavalry(st, action) or futile_drop(st, action) or futile_attack(st, action)
