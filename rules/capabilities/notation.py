"""Notation: how the table writes an action and reads a player's text as actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter

from ..errors import InvalidOrder, excerpt
from ..game import Game, Seat

A = TypeVar("A")
V = TypeVar("V")

MAX_ORDER_CHARS = 2000  # a typed order is read only up to this length


class Notation(Generic[A, V]):
    """The plain notation: an action is written and read as its JSON (`action_to_json`), so a
    game with no notation of its own is still played by typing its actions. A game with its
    own words (`play red vizier`, `march 2 Troops to Malwa`) overrides `describe` and `parse`
    together, keeping parse(view, describe(view, a)) == [a]."""

    def __init__(self, game: Game[Any, A, V, Any]) -> None:
        self.game = game

    def describe(self, view: V, action: A) -> str:
        """The action in the game's notation."""
        return self.game.action_to_json(action)

    def parse(self, view: V, text: str, seat: Seat) -> list[A]:
        """A player's text read against what `seat` may do now (bounded in length): text it
        cannot read raises InvalidOrder naming what was expected; a step read that the rules
        forbid, IllegalAction naming the rule (or it is returned, for `apply` to refuse)."""
        if len(text) > MAX_ORDER_CHARS:
            raise InvalidOrder(f"an order is at most {MAX_ORDER_CHARS:,} characters")
        try:
            return [self.game.action_from_json(text)]
        except ValueError as error:
            raise InvalidOrder(
                f"{excerpt(text)} is not a step of {self.game.info.title}: write a step as "
                f"its JSON ({str(error).splitlines()[0]})"
            ) from None

    def action_schema(self) -> Mapping[str, object]:
        """The JSON schema of an action (`action_from_json` reads what it describes), from
        which a refused import says what each field allows; {} when the game gives none."""
        return {}

    def view_to_json(self, view: V) -> str:
        """A view as JSON (an export of a running game, an AI's input)."""
        adapter: TypeAdapter[V] = TypeAdapter(type(view))
        return adapter.dump_json(view).decode()


def notation_of(game: Game[Any, A, V, Any]) -> Notation[A, V]:
    """The game's own notation (its `notation` attribute), else the plain one."""
    own = getattr(game, "notation", None)
    return own if isinstance(own, Notation) else Notation(game)
