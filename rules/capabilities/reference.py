"""The rules reference: the rules at the table, the game's components to look up, its help."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from ..errors import excerpt
from ..game import Game, component_files, player_options
from ..words import listed, noun_for

Opt = TypeVar("Opt", bound=BaseModel)


class Reference(Generic[Opt]):
    """The plain reference of a game with no topics, nothing to look up and no help of its
    own; its options told by name."""

    def __init__(self, game: Game[Any, Any, Any, Opt]) -> None:
        self.game = game

    def rules_topics(self) -> Sequence[str]:
        """The topics of the short rules reference, in reading order."""
        return ()

    def rules_reference(self, topic: str) -> str:
        """A few lines in our own words on one topic, citing the rule section; a ValueError
        names the topics there are."""
        topics = ", ".join(self.rules_topics()) or "none"
        raise ValueError(f"{self.game.info.title} has no topic {excerpt(topic)} (topics: {topics})")

    def lookup_names(self, options: Opt) -> Sequence[tuple[str, str]]:
        """The game's own components a player may look up (its event cards), as (label,
        key) pairs; () when it has none."""
        return ()

    def lookup(self, options: Opt, query: str) -> str:
        """One component looked up by key or name; a ValueError says what there is."""
        raise ValueError(f"{self.game.info.title} has nothing to look up")

    def help_lines(self, named: Callable[[str], str]) -> list[str]:
        """A few lines of the game's own for the table's help (its notation, its orders),
        each of the table's commands they mention written as `named` gives it: `named("hand")`
        is that command as the front end that shows the help names it, from its words as
        the table's command table has them ("rules topic:")."""
        return []

    def options_text(self, options: Opt) -> str:
        """How a game's options differ from the standard game, for its announcement
        (" with Timur's Shadow", " with the owner's cards file"); "" for the standard game."""
        files = component_files(type(options))
        changed = [
            _changed(name.replace("_", " "), getattr(options, name))
            for name, f in type(options).model_fields.items()
            if name in player_options(type(options)) and getattr(options, name) != f.default
        ]
        own = [mark.name for name, mark in files.items() if getattr(options, name) is not None]
        said = "".join(f" with {c}" for c in changed)
        if own:
            said += f" with the owner's {listed(own)} {noun_for(len(own), 'file')}"
        return said


def _changed(name: str, value: object) -> str:
    """An option as the announcement says it: `roll when needed`, `no roll when needed`,
    `10 goats` (its value said, never only its name)."""
    if isinstance(value, bool):
        return name if value else f"no {name}"
    return f"{value} {name}" if isinstance(value, int) else f"{name} {value}"


def reference_of(game: Game[Any, Any, Any, Opt]) -> Reference[Opt]:
    """The game's own reference (its `reference` attribute), else the plain one."""
    own = getattr(game, "reference", None)
    return own if isinstance(own, Reference) else Reference(game)
