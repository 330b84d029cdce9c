"""Taj Mahal's options (a pydantic model): an owner's board and cards files.

Kept apart from the state and actions (state.py), which are plain dataclasses.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ..game import ComponentFile
from .components import (
    BOARD_FILE,
    CARDS_FILE,
    MAX_CHARS,
    load_board_text,
    load_cards_text,
)


class TajOptions(BaseModel):
    """The game's options: an owner's board and cards files (None: our reconstruction),
    uploaded as the files `board` and `cards`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    board_file: Annotated[
        str | None,
        ComponentFile(
            "board", "Your own board file (YAML)", MAX_CHARS, load_board_text, BOARD_FILE.text
        ),
        Field(max_length=MAX_CHARS),
    ] = None
    cards_file: Annotated[
        str | None,
        ComponentFile(
            "cards", "Your own cards file (YAML)", MAX_CHARS, load_cards_text, CARDS_FILE.text
        ),
        Field(max_length=MAX_CHARS),
    ] = None
