"""Successors' options (a pydantic model): an owner's map, events, chits and setup files."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ..game import ComponentFile
from .components import (
    CHITS_FILE,
    EVENTS_FILE,
    MAP_FILE,
    MAX_CHARS,
    SETUP_FILE,
    load_chits_text,
    load_events_text,
    load_map_text,
    load_setup_text,
)


class SuccessorsOptions(BaseModel):
    """The game's options: an owner's component files (None: our reconstruction), uploaded
    as the files `map`, `events`, `chits` and `setup`; the four are checked together when
    the game is set up (components.parts)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    map_file: Annotated[
        str | None,
        ComponentFile("map", "Your own map file (YAML)", MAX_CHARS, load_map_text, MAP_FILE.text),
        Field(max_length=MAX_CHARS),
    ] = None
    events_file: Annotated[
        str | None,
        ComponentFile(
            "events", "Your own event table (YAML)", MAX_CHARS, load_events_text, EVENTS_FILE.text
        ),
        Field(max_length=MAX_CHARS),
    ] = None
    chits_file: Annotated[
        str | None,
        ComponentFile(
            "chits", "Your own chits file (YAML)", MAX_CHARS, load_chits_text, CHITS_FILE.text
        ),
        Field(max_length=MAX_CHARS),
    ] = None
    setup_file: Annotated[
        str | None,
        ComponentFile(
            "setup", "Your own setup file (YAML)", MAX_CHARS, load_setup_text, SETUP_FILE.text
        ),
        Field(max_length=MAX_CHARS),
    ] = None
