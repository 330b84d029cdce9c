"""Who the AI seats are: an AI holds a seat like a person, under a reserved user id per level
(negative: no Discord user has one), so seats, records and exports need nothing new. What
every part of the service asks about a seat; the AI's moves are in ai_seats.py."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable

from rules.text import quoted

from .games.entry import Registry
from .registry import games, hosted, registry

# Vijayanagara's levels kept the ids they were stored under before other games came; every
# other level's id follows from its name, so a new game's levels need no entry here.
STORED_IDS: dict[str, int] = {"random": -1, "easy": -2, "hard": -3}
TEST_LEVELS = ("random",)  # levels for tests and benches, which the table does not offer


NAMED_IDS = -1000  # every level's id but the stored ones is at most this


def ai_user(level: str) -> int:
    """The reserved user id of an AI level (negative: no Discord user has one)."""
    known = STORED_IDS.get(level)
    return known if known is not None else NAMED_IDS - zlib.crc32(level.encode()) % 10**9


AI_USERS: dict[str, int] = {
    level: ai_user(level) for g in games() for level in registry().players(g.info.id)
}


def is_ai(user: int | None) -> bool:
    """Whether a seat's user is an AI: an id reserved for a level (any game's, by its name)."""
    return user is not None and (user in STORED_IDS.values() or user <= NAMED_IDS)


def ai_level(user: int | None, levels: Iterable[str] = ()) -> str | None:
    """The level an AI seat's user plays at, found among the bot's games' levels and
    `levels` (the game's own, in the table's registry); None for a person."""
    if not is_ai(user):
        return None
    return next((lvl for lvl in (*AI_USERS, *levels) if ai_user(lvl) == user), None)


def ai_name(level: str) -> str:
    return f"the {level} AI"


def with_ai_names(
    mention: Callable[[int], str], levels: Iterable[str] = ()
) -> Callable[[int], str]:
    """A mention function that names the AI seats (of `levels`, the table's own, too)
    instead of pinging them."""
    known = tuple(levels)

    def named(user: int) -> str:
        if not is_ai(user):
            return mention(user)
        level = ai_level(user, known)
        return "an AI" if level is None else ai_name(level)

    return named


def seat_levels(kind: str, games: Registry | None = None) -> tuple[str, ...]:
    """The levels a game's AI seats may play at, among `games` (None: the bot's); its
    weakest, random, is for tests."""
    levels = hosted(games).levels(kind)
    offered = tuple(lvl for lvl in levels if lvl not in TEST_LEVELS)
    return offered or levels


def seat_level(kind: str, text: str, games: Registry | None = None) -> str:
    """The level of an AI seat of a game of `kind`, among `games` (None: the bot's)."""
    offered = seat_levels(kind, games)
    for level in offered:
        if text.strip().lower() == level:
            return level
    if text.strip().lower() in hosted(games).levels(kind):
        # a level for tests and benches (TEST_LEVELS)
        raise ValueError(
            f"{quoted(text, 60)} plays only in tests and benches: choose {' or '.join(offered)}"
        )
    raise ValueError(f"{quoted(text, 60)} is not an AI level: choose {' or '.join(offered)}")
