"""Component files: another deck, board or cards a group brings to a game, as a text file."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from ..game import Game, component_files
from ..text import quoted

Opt = TypeVar("Opt", bound=BaseModel)


class ComponentFiles(Generic[Opt]):
    """The plain files: the options marked `ComponentFile` in the game's options model, each
    kept in its option as its text."""

    def __init__(self, game: Game[Any, Any, Any, Opt]) -> None:
        self.game = game

    def file_names(self) -> Sequence[str]:
        """The component files a group may bring to a game, by name; the options say which
        are attached."""
        return tuple(mark.name for mark in component_files(self.game.info.options).values())

    def with_files(self, options: Opt, files: Mapping[str, str]) -> Opt:
        """The options with these files (name -> text) attached, each read and checked by
        the game's bounded loader; a ValueError names what is wrong and where."""
        marks = {m.name: (name, m) for name, m in component_files(type(options)).items()}
        unknown = sorted(set(files) - set(marks))
        if unknown:
            takes = ", ".join(marks) or "none"
            title = self.game.info.title
            raise ValueError(f"{title} takes no {quoted(unknown[0])} file (its files: {takes})")
        update: dict[str, str] = {}
        for name, text in files.items():
            option, mark = marks[name]
            if len(text) > mark.max_chars:
                raise ValueError(
                    f"the {name} file is {len(text):,} characters; at most {mark.max_chars:,}"
                )
            mark.load(text)  # a ValueError naming the bad field
            update[option] = text
        return options.model_copy(update=update)

    def standard_text(self, name: str) -> str:
        """The text of the game's own file `name` (one of `file_names`), for an owner to start
        theirs from."""
        marks = {m.name: m for m in component_files(self.game.info.options).values()}
        return marks[name].standard()

    def file_keys(self, options: Opt) -> Mapping[str, str]:
        """Each attached file's key (the hash of its text), by name: the store keeps each
        text once, and a game's options name it by key."""
        out: dict[str, str] = {}
        for name, mark in component_files(type(options)).items():
            text = getattr(options, name)
            if isinstance(text, str):
                out[mark.name] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return out


def files_of(game: Game[Any, Any, Any, Opt]) -> ComponentFiles[Opt]:
    """The game's own component files (its `files` attribute), else the plain ones."""
    own = getattr(game, "files", None)
    return own if isinstance(own, ComponentFiles) else ComponentFiles(game)
