"""Who the AI seats are: an AI holds a seat like a person, under a reserved user
id per level (negative: no Discord user has one), so seats, records and exports need nothing
new. What every part of the service asks about a seat; the AI's moves are in ai_seats.py."""

from __future__ import annotations

from collections.abc import Callable

from ai.vijayanagara import Level
from rules import vijayanagara

AI_USERS: dict[Level, int] = {"random": -1, "easy": -2, "hard": -3}
SEAT_LEVELS: tuple[Level, ...] = ("easy", "hard")  # what /vj ai offers


def ai_level(user: int | None) -> Level | None:
    for level, uid in AI_USERS.items():
        if uid == user:
            return level
    return None


def is_ai(user: int | None) -> bool:
    return ai_level(user) is not None


def ai_name(level: Level) -> str:
    return f"the {level} AI"


def with_ai_names(mention: Callable[[int], str]) -> Callable[[int], str]:
    """A mention function that names the AI seats instead of pinging them."""

    def named(user: int) -> str:
        level = ai_level(user)
        return mention(user) if level is None else ai_name(level)

    return named


def seat_level(text: str) -> Level:
    """The level of an AI seat (random is for tests and benches only)."""
    for level in SEAT_LEVELS:
        if text.strip().lower() == level:
            return level
    raise ValueError(
        f"{vijayanagara.clip(text)!r} is not an AI level: choose {' or '.join(SEAT_LEVELS)}"
    )
