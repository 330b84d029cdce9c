"""Order entry guards: suggestions that carry the position they were made for, drafts of
orders too long for a suggestion, and the double-submit check.

A chat's autocomplete sends the value of a suggestion, not its name, when it is picked, and may
cap both at a few characters (the front end says how many: FrontEnd.suggestion_chars). A
suggestion's value is therefore the order prefixed with the game's version (`[v12] pass`), so a
choice picked after the game moved on is refused instead of being applied to a position it was
not made for. An order typed past what a value can hold is kept here as a draft, and the
suggestion's value names the draft.
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Generic, TypeVar

DRAFT_LIMIT = 512  # drafts kept at once (oldest dropped)
RECENT_LIMIT = 2048  # games whose last order is remembered for the double-submit check
REPEAT_WINDOW = 120.0  # seconds: a repeat later than this is surely meant

_T = TypeVar("_T")
_TAGGED = re.compile(r"^\[v(\d{1,12})( draft)?\]\s*", re.IGNORECASE)
_AGAIN = re.compile(r"^again\s*:\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Entry:
    """An order as sent, with what its prefixes say."""

    order: str  # the order text proper
    version: int | None = None  # the position a picked suggestion was made for
    draft: bool = False  # the suggestion stands for the user's draft
    again: bool = False  # `again:` — the same order on purpose


def tagged(version: int, order: str) -> str:
    return f"[v{version}] {order}"


def draft_value(version: int) -> str:
    return f"[v{version} draft]"


def read_entry(text: str) -> Entry:
    """Split the prefixes off an order: `[v12] …`, `[v12 draft]`, `again: …`."""
    text = text.strip()
    again = False
    if m := _AGAIN.match(text):
        again, text = True, text[m.end() :]
    version, draft = None, False
    if m := _TAGGED.match(text):
        version, draft = int(m.group(1)), m.group(2) is not None
        text = text[m.end() :]
    return Entry(text.strip(), version, draft, again)


def normalised(order: str) -> str:
    """An order's steps, lower case, single spaces: what makes two sends 'the same order'."""
    steps = [" ".join(s.split()).lower() for s in re.split(r"[;\n]", order)]
    return "; ".join(s for s in steps if s)


class Latest(Generic[_T]):
    """The latest item per user and channel (the one on that user's screen), a bounded
    number at once (the oldest dropped)."""

    def __init__(self, limit: int = DRAFT_LIMIT) -> None:
        self._limit = limit
        self._items: OrderedDict[tuple[int, str], _T] = OrderedDict()

    def keep(self, user: int, channel: str, item: _T) -> None:
        self._items[(user, channel)] = item
        self._items.move_to_end((user, channel))
        while len(self._items) > self._limit:
            self._items.popitem(last=False)

    def take(self, user: int, channel: str) -> _T | None:
        return self._items.pop((user, channel), None)


class Drafts(Latest[str]):
    """Orders typed past a suggestion's 100 characters: the latest one per user and channel
    (the one the suggestion on screen was made from)."""


@dataclass(frozen=True)
class Alternatives:
    """The whole orders an ambiguous step could have meant, offered in a select menu."""

    orders: tuple[str, ...]
    as_faction: str | None = None


class Picks(Latest[Alternatives]):
    """The alternatives on each user's screen, the latest per user and channel."""


class RecentOrders:
    """The last typed order each game played: who sent it, the version it made, and when."""

    def __init__(self, limit: int = RECENT_LIMIT, window: float = REPEAT_WINDOW) -> None:
        self._limit = limit
        self._window = window
        self._items: OrderedDict[int, tuple[int, str, int, float]] = OrderedDict()

    def played(self, game_id: int, user: int, order: str, version: int) -> None:
        self._items[game_id] = (user, normalised(order), version, time.monotonic())
        self._items.move_to_end(game_id)
        while len(self._items) > self._limit:
            self._items.popitem(last=False)

    def is_repeat(self, game_id: int, user: int, order: str, version: int) -> bool:
        """The same user sends the same order again, soon, and nothing happened since."""
        item = self._items.get(game_id)
        return (
            item is not None
            and item[:3] == (user, normalised(order), version)
            and time.monotonic() - item[3] < self._window
        )
