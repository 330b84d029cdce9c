"""The display names of the people the bot has met, for the board's players.

The bot asks for no member list (no privileged intent), so a name is learnt from each
interaction (a member's server nickname, else their global name); the latest ones are kept, a
bounded number."""

from __future__ import annotations

from collections import OrderedDict

MAX_NAMES = 10_000


class DisplayNames:
    def __init__(self, limit: int = MAX_NAMES) -> None:
        self._limit = limit
        self._names: OrderedDict[int, str] = OrderedDict()

    def met(self, user_id: int, name: str) -> None:
        self._names[user_id] = name
        self._names.move_to_end(user_id)
        while len(self._names) > self._limit:
            self._names.popitem(last=False)

    def __call__(self, user_id: int) -> str | None:
        return self._names.get(user_id)
