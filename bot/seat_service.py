"""What the AI seats need of the service, named: the AI seats get it as a collaborator of
this shape rather than importing the service that builds them (which would tie the two, and
the club that uses the AI seats, into one import circle)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from db import GameRecord, Store
from rules import vijayanagara

from .hints import HintOrders
from .reminders import Reminders
from .reply import Button, Reply
from .service_base import Outcome


class SeatService(Protocol):
    """The service as the AI seats use it: its store and reminders, a game's lock, state
    and seats, and the move pipeline an AI's step goes through like a person's order."""

    store: Store
    reminders: Reminders
    mention: Callable[[int], str]
    _hints: HintOrders  # the turn a hint suggested, kept for its button

    def custom_id(self, game: GameRecord, what: str) -> str: ...

    def _lock(self, channel: str) -> asyncio.Lock: ...

    async def _open_game(self, channel: str) -> GameRecord: ...

    async def state_of(self, game: GameRecord) -> vijayanagara.GameState: ...

    def _waiting_for(self, game: GameRecord, state: vijayanagara.GameState) -> int | None: ...

    def _who(self, game: GameRecord, faction: vijayanagara.Faction) -> str: ...

    async def _store_seats(
        self, game: GameRecord, seats: dict[str, int], text: str
    ) -> GameRecord: ...

    def _announced(
        self,
        game: GameRecord,
        text: str,
        *,
        mentions: list[int] | None = None,
        image: bytes | None = None,
        buttons: list[Button] | None = None,
        receipt: str | None = None,
        edit: bool = False,
        close_text: str | None = None,
    ) -> Reply: ...

    async def _apply_and_store(
        self,
        game: GameRecord,
        state: vijayanagara.GameState,
        user: int,
        actions: list[tuple[str, vijayanagara.Action]],
        forced: vijayanagara.Faction | None,
        *,
        confirmed: bool = True,
        note: str | None = None,
    ) -> Outcome: ...

    async def _moved_reply(self, out: Outcome) -> Reply: ...

    async def delivered(self, announcement: tuple[int, int]) -> None: ...
