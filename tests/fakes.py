"""Fakes shared by the bot tests: a renderer that records its calls, seat ids, a fixed seed."""

from __future__ import annotations

import random
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING
from unittest import mock

from bot.table import ai_seats
from rules import vijayanagara

if TYPE_CHECKING:
    from bot.table.service import GameService

PNG = b"\x89PNG\r\n\x1a\nfake-board"
SEATS: dict[vijayanagara.Faction, int] = {
    vijayanagara.Faction.D: 101,
    vijayanagara.Faction.B: 202,
    vijayanagara.Faction.V: 303,
}
STRANGER = 999


class FakeRenderer:
    """A renderer that records what it was asked to draw: for a Vijayanagara view, its steps
    taken and the spaces its turn touched (what the real board outlines)."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, list[str] | None]] = []
        self.names: list[Mapping[str, str] | None] = []  # the players named on each board
        self.views: list[object] = []

    def __call__(self, kind: str, view: object, names: Mapping[str, str] | None = None) -> bytes:
        if isinstance(view, vijayanagara.GameState):
            self.calls.append((view.actions_taken, view.turn_touched or None))
        else:
            self.calls.append((0, None))
        self.views.append(view)
        self.names.append(names)
        return PNG


class Seeds:
    """The seed source a test builds its service with (`seed_source=Seeds()`): each new game
    is dealt by the fixed secret of `next`, which the test sets before it creates the game;
    while it is unset, a fresh random seed, as the bot draws a fresh secret."""

    def __init__(self, next: int | None = None) -> None:
        self.next = next

    def __call__(self) -> int:
        return random.SystemRandom().getrandbits(64) if self.next is None else self.next


def seeds_of(service: GameService) -> Seeds:
    """The Seeds `service` was built with."""
    source = service.loader.seed_source
    assert isinstance(source, Seeds), "build the service with seed_source=Seeds()"
    return source


_PROCESS_POOL = ai_seats.worker_pool


def ai_in_threads() -> AbstractContextManager[object]:
    """While it holds, the AI of a service built thinks in threads of this process, not in
    worker processes forked from their server (see conftest's `ai_in_processes`)."""
    return mock.patch.object(ai_seats, "worker_pool", ThreadPoolExecutor)


def ai_in_processes() -> AbstractContextManager[object]:
    """While it holds, the AI of a service built thinks in its real worker processes, even
    inside `ai_in_threads`."""
    return mock.patch.object(ai_seats, "worker_pool", _PROCESS_POOL)
