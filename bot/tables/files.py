"""A game's component files (options marked rules.game.ComponentFile: an owner's cards and
board): uploaded with `create`, bounded in size, checked by the game's own loader off the
event loop before the game is created (a bad file is refused there, with the loader's
message), and stored once by the hash of their text, as Vijayanagara's deck files are
(db DeckFile); a record's options keep the hashes, and loading a game reads the texts back."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from db import DeckFile
from rules.game import component_files

from ..service_base import WORK_SECONDS, ServiceError, upload_text
from .loading import FILES, AnyGame, TableError, options_json


def file_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


async def with_files(
    g: AnyGame, options: BaseModel, uploads: Mapping[str, bytes]
) -> tuple[BaseModel, list[DeckFile]]:
    """`options` with the uploaded files in, every file among them checked by the game's
    loader; and the files to store. A TableError says what is wrong with which file."""
    marks = component_files(g.info.options)
    by_name = {mark.name: (name, mark) for name, mark in marks.items()}
    texts: dict[str, str] = {}
    for upload, raw in uploads.items():
        if upload not in by_name:
            known = ", ".join(by_name) or "none"
            raise TableError(f"{g.info.title} takes no {upload[:20]!r} file; its files: {known}.")
        name, mark = by_name[upload]
        if getattr(options, name) is not None:
            raise TableError(f"The {upload} file is given twice: as an option and as a file.")
        try:
            texts[name] = upload_text(raw, f"{upload} file", mark.max_chars)
        except ServiceError as e:
            raise TableError(str(e)) from None
    for name, mark in marks.items():
        text = texts.get(name, getattr(options, name))
        if text is None:
            continue
        try:
            await asyncio.wait_for(asyncio.to_thread(mark.load, text), WORK_SECONDS)
        except TimeoutError:
            raise TableError(
                f"That {mark.name} file took longer than {WORK_SECONDS:.0f} seconds to check, "
                "so it was refused."
            ) from None
        except ValueError as e:
            raise TableError(f"That {mark.name} file cannot be used: {e}") from None
        texts[name] = text
    if not texts:
        return options, []
    full = g.info.options.model_validate({**options.model_dump(), **texts})
    return full, [DeckFile(hash=file_hash(t), text=t) for t in texts.values()]


def stored_json(options: BaseModel, ai: dict[str, str]) -> dict[str, Any]:
    """The options as a record keeps them: the files by their hashes only."""
    data = options_json(options, ai)
    files = {}
    for name in component_files(type(options)):
        text = data["game"].pop(name, None)
        if text is not None:
            files[name] = file_hash(text)
    if files:
        data[FILES] = files
    return data
