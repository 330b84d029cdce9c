"""GameService: every command of the bot, transport-free.

Each method takes the channel (or thread) id and the calling user's id and returns a `Reply`.
Per game one asyncio lock: parse -> apply the steps (all or nothing up to a reveal) -> deal
the chance outcomes -> append in one version-checked transaction -> render off the event loop
-> reply. A reveal commits: a step that rolls dice or draws a card ends the order there. Nothing here imports
discord; the Discord adapter and the terminal client are thin layers over this.

The service is split by job, one module each, joined here: the shared plumbing
(service_base), the lobby, moves (and their announcements), views, autocomplete, export and
import (transfer), the club over days, and the outbox; the AI seats (ai_seats) are built and
wired here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db import Store

from .ai_seats import AiSeats
from .autocomplete import Autocomplete
from .closing import REMATCH
from .club import Club
from .lobby import Lobby
from .moves import MAX_CUSTOM_ID_CHARS, Moves
from .outbox import Outbox
from .renderer import Renderer
from .reply import MAX_BUTTONS, Button, Reply
from .service_base import (
    CUSTOM_ID_PREFIX,
    MAX_DECK_BYTES,
    MAX_IMPORT_BYTES,
    Outcome,
    ServiceError,
    secret_for_seed,
)
from .transfer import Transfer
from .views import COMMANDS, Views
from .vijayanagara_store import vijayanagara_store

__all__ = [
    "COMMANDS",
    "CUSTOM_ID_PREFIX",
    "MAX_DECK_BYTES",
    "MAX_IMPORT_BYTES",
    "GameService",
    "Outcome",
    "ServiceError",
    "secret_for_seed",
]


class GameService(Lobby, Club, Moves, Views, Autocomplete, Transfer, Outbox):
    """Every command of the bot; each part lives in its own module (see above)."""

    def __init__(
        self,
        store: Store,
        renderer: Renderer | None = None,
        *,
        ai_workers: int | None = None,
        **kw: Any,
    ) -> None:
        """`ai_workers`: the AI's worker processes (AI_WORKERS; None: from the cores); the
        other options are ServiceBase's."""
        super().__init__(vijayanagara_store(store), renderer, **kw)  # other games: bot.tables
        self.ai = AiSeats(self, workers=ai_workers)  # who plays the AI seats, their moves, hints
        self.reminders.ai_pace = self.ai.pace_of

    async def buttons_now(self, game_id: int) -> list[Button]:
        """The game's current buttons: its turn's (Outbox.buttons_now), then the Agree of a
        pending pace proposal (Club.proposal_buttons)."""
        standing = await self.proposal_buttons(game_id)
        turn = await super().buttons_now(game_id)
        return [*turn[: MAX_BUTTONS - len(standing)], *standing]

    async def press(
        self,
        channel: str,
        user: int,
        custom_id: str,
        values: Sequence[str] = (),
        *,
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
    ) -> Reply:
        """A button; the closing message's Rematch (vj:<game>:<version>:rematch) calls a
        rematch, seats rotated, as `/vj club rematch` does (and with its permissions: the
        server's `guild`, the caller's `roles`, Manage Server)."""
        if custom_id.endswith(f":{REMATCH}") and len(custom_id) <= MAX_CUSTOM_ID_CHARS:
            return await self.rematch(
                channel, user, guild=guild, roles=roles, is_manager=is_manager
            )
        return await super().press(channel, user, custom_id, values)

    async def close(self) -> None:
        self.ai.close()
        await super().close()
