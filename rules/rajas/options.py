"""Rajas of the Ganges' options (a pydantic model): an owner's board and tiles files."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ..game import ComponentFile
from .components import (
    BOARD_FILE,
    MAX_CHARS,
    TILES_FILE,
    load_board_text,
    load_tiles_text,
)


class RajasOptions(BaseModel):
    """The game's options: an owner's board and tiles files (None: our reconstruction),
    uploaded as the files `board` and `tiles`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # the online convention: dice taken stay unrolled until a payment needs them or the
    # placement ends (the text rolls each at once)
    roll_when_needed: bool = False

    board_file: Annotated[
        str | None,
        ComponentFile(
            "board", "Your own board file (YAML)", MAX_CHARS, load_board_text, BOARD_FILE.text
        ),
        Field(max_length=MAX_CHARS),
    ] = None
    tiles_file: Annotated[
        str | None,
        ComponentFile(
            "tiles",
            "Your own province tiles file (YAML)",
            MAX_CHARS,
            load_tiles_text,
            TILES_FILE.text,
        ),
        Field(max_length=MAX_CHARS),
    ] = None
