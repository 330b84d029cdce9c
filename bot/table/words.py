"""Counts in the table's own words: "1 hour", "3 hours" (the games' own nouns are counted by
their rules, e.g. rules.vijayanagara.words), and what a game deals, in its words: "every die
and card" for Vijayanagara, "every card" for Taj Mahal, nothing for the Goat-Tiger game."""

from __future__ import annotations

from pydantic import BaseModel

from rules.game import Game
from rules.words import count_of, listed, plural, scored

__all__ = ["count_of", "scored"]  # the bot's counts: rules.words, the one source

AnyGame = Game[object, object, object, BaseModel]
# what a chance step of each kind is called, once and more than once (GameInfo.dealt names
# the kinds a game deals); another kind is "<noun> dealt"
EVENTS = {
    "die": ("die roll", "dice rolls"),
    "card": ("card draw", "card draws"),
    "tile": ("tile revealed", "tiles revealed"),
}


def one_of(items: list[str], word: str = "or") -> str:
    """`a`, `a or b`, `a, b or c`."""
    return listed(items, word)


def _event(noun: str) -> tuple[str, str]:
    return EVENTS.get(noun, (f"{noun} dealt", f"{plural(noun)} dealt"))


def dealt(g: AnyGame) -> tuple[str, ...]:
    """What the game's chance steps deal, by noun ("die", "card"); none for a game without."""
    return g.info.dealt if g.info.deals else ()


def every_dealt(g: AnyGame) -> str:
    """`every die and card`, `every card`."""
    return "every " + " and ".join(dealt(g) or ("deal",))


def reveals(g: AnyGame) -> list[str]:
    """The moments chance reveals something: `die roll`, `card draw`."""
    return [_event(noun)[0] for noun in dealt(g)]


def dealt_count(g: AnyGame, n: int) -> str:
    """`17 dice rolls and card draws`, `1 card draw`."""
    if n == 1 and dealt(g):
        return f"1 {one_of(reveals(g))}"
    many = [_event(noun)[1] for noun in dealt(g)]
    return f"{n} " + " and ".join(many or ["deals"])


def undo_limit(g: AnyGame) -> str:
    """What no undo goes past: `a die roll, a card draw or a hand-off to another faction`,
    and what else the game names (`GameInfo.undo_stops`)."""
    barriers = [*(f"a {r}" for r in reveals(g)), *g.info.undo_stops]
    return one_of([*barriers, f"a hand-off to another {g.info.seat_word}"])
