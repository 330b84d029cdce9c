"""A game's shortcuts: commands of its own that stand for steps (Vijayanagara's `pass`,
`event`, `command`, `decree`, `give`), declared by the game's registration in
`bot.table.games`, beside the table's commands. The rules know nothing of them: a shortcut
is read into the steps the game's notation and actions already have."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from rules.errors import excerpt
from rules.game import Seat, Step

A = TypeVar("A")
V = TypeVar("V")

Args = Mapping[str, str | int | None]  # a shortcut's parameters, by name, as given


@dataclass(frozen=True, slots=True)
class ShortcutParam:
    """One parameter of a shortcut command."""

    name: str
    description: str
    kind: Literal["text", "number", "seat"] = "text"
    required: bool = False
    choices: tuple[str, ...] = ()  # what autocomplete offers (a text parameter)


@dataclass(frozen=True, slots=True)
class Shortcut:
    """A command of the game's own that stands for steps (`pass`): the front ends make a
    command of it, and its text parameter is read as the steps that follow."""

    name: str
    description: str
    params: tuple[ShortcutParam, ...] = ()
    order_param: str | None = None  # its text is read as further steps of an order
    seat_param: str | None = None  # it names the seat the steps are played as


class Shortcuts(Generic[A, V]):
    """A game's shortcuts; plainly, none."""

    def commands(self) -> Sequence[Shortcut]:
        """The game's shortcut commands, beside the table's."""
        return ()

    def read(
        self, view: V, seat: Seat | None, name: str, args: Args, given: list[Step[A]]
    ) -> list[Step[A]]:
        """The steps shortcut `name` stands for now, for `seat` (None: the user's seat is not
        known yet), with `args` and the steps `given` in its order parameter; a ValueError
        says what is missing or wrong."""
        raise ValueError(f"no shortcut {excerpt(name)}")

    def choices(self, view: V, name: str) -> Sequence[str]:
        """What autocomplete offers for shortcut `name`'s parameter now."""
        spec = next((s for s in self.commands() if s.name == name), None)
        return spec.params[0].choices if spec is not None and spec.params else ()
