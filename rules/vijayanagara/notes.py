"""What a step a person may take would do for nothing, which the table asks about before it
plays it (`; confirm` plays it): a Command or Decree that would select or gain nothing, a
Cavalry token spent on a die whose hit it does not change (1.10)."""

from __future__ import annotations

from .actions import Action
from .attack import futile_cavalry
from .command_base import idle_note as idle_choice
from .model import GameState


def idle_note(st: GameState, action: Action) -> str | None:
    """Why `action` would do nothing now (or spend a token for nothing), or None."""
    return idle_choice(st, action) or futile_cavalry(st, action)
