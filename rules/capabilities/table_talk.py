"""Table talk: what a seat is told of the position, in the game's words."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from ..game import Game, Seat

V = TypeVar("V")


class TableTalk(Generic[V]):
    """The plain talk of a game that says nothing beyond its board and its result."""

    def __init__(self, game: Game[Any, Any, V, Any]) -> None:
        self.game = game

    def prompt(self, view: V, seat: Seat) -> str:
        """One line for `seat`: what it must decide now, or that it waits. Plainly, the
        seat is named: the table says whose turn it is beside it."""
        title = self.game.info.seat_titles.get(seat, seat)
        return f"{title}: a step of {self.game.info.title} when it is your turn"

    def status(self, view: V) -> list[str]:
        """The public facts of the position, a line each (scores, resources, the stage)."""
        return []

    def private_summary(self, view: V) -> str:
        """What `view`'s seat alone may see, written out for that seat: its hand card by
        card and any other fact only it knows. Read from the seat's own view, so it holds
        nothing of another seat's; "" for the public view and for a game that hides
        nothing from anybody."""
        return ""

    def hand_line(self, view: V) -> str:
        """What `view`'s seat holds in secret, in one line, said beside its prompt where it
        alone reads it (the terminal: a trial read the colour to play and not its cards);
        "" for the public view and where the seat holds nothing hidden."""
        return ""

    def out(self, view: V) -> tuple[Seat, ...]:
        """The seats out of the game while it goes on (eliminated): they decide nothing more,
        and the others play it to its end without them."""
        return ()

    def acting_as(self, view: V) -> str | None:
        """The side a decision is taken for when it is not the deciding seat's own (a
        non-player side run by a seat), else None."""
        return None

    def score_text(self, seat: Seat, place: int, score: int, shared: bool = False) -> str | None:
        """A seat's score in a result, in the game's words, where its plain count
        (`score score_name`) would not say what decided the game; None for the plain count.
        `shared`: another seat holds the same place (a tie, or a draw)."""
        return None


def talk_of(game: Game[Any, Any, V, Any]) -> TableTalk[V]:
    """The game's own table talk (its `talk` attribute), else the plain one."""
    own = getattr(game, "talk", None)
    return own if isinstance(own, TableTalk) else TableTalk(game)
