"""GameService: the table built from its parts, transport-free; the front ends call the parts.

A channel holds one game at a time, of any kind; a command of one game's slash group names
its `kind`, and the channel's game of another kind refuses it. Per channel one asyncio lock:
parse -> apply the steps (all or nothing up to a reveal) -> deal the chance outcomes from the
game's secret -> store them with their announcement in one version-checked transaction ->
render off the event loop -> reply. Nothing here imports discord; the Discord adapter and the
terminal client are thin layers over the parts, and every game is reached through the Game
protocol (rules.game).

The parts, each in its own module with explicit collaborators: the games loaded and cached
(loading), what the table says (table_texts), the turn pipeline (pipeline, announcing), moves,
the lobby, reading (views, autocomplete), export and import (transfer), the club over days
(club, reminders), the outbox, the AI seats (ai_seats) and their answers at once
(ai_answers). The service builds them and keeps only what spans several: a pressed button
routed to its part, and a game's buttons now.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Self

from db import Store, open_store

from .ai_answers import AiAnswers
from .ai_seats import HINT_SECONDS, THINK_SECONDS, AiPace, AiSeats
from .ai_turns import TurnStarts
from .announcing import Announcer
from .autocomplete import Autocomplete
from .channel_games import ChannelGames, ChannelLocks
from .closing import REMATCH, Closings
from .club import Club
from .display_names import DisplayNames
from .front_end import NO_FRONT_END, FrontEnd
from .games.entry import Registry
from .hints import HintOrders
from .loading import GameLoader, secret_for_seed
from .lobby import MAX_FILE_BYTES, Lobby
from .moves import MAX_CUSTOM_ID_CHARS, Moves
from .outbox import Outbox
from .parts import ChatHooks, SharedParts
from .permissions import Permissions
from .pipeline import Outcome, TurnPipeline
from .refusal import ServiceError
from .registry import hosted
from .reminders import DEFAULT_ABANDON_DAYS, Reminders
from .renderer import Boards, Renderer
from .reply import Button, Reply
from .table_texts import CUSTOM_ID_PREFIX, HAND, TableTexts
from .tiebreak import Tiebreaks
from .transfer import MAX_IMPORT_BYTES, Transfer
from .views import Views
from .workers import Workers

MAX_DECK_BYTES = MAX_FILE_BYTES

__all__ = [
    "CUSTOM_ID_PREFIX",
    "MAX_DECK_BYTES",
    "MAX_IMPORT_BYTES",
    "GameService",
    "Outcome",
    "ServiceError",
    "secret_for_seed",
]


class GameService:
    """The table's parts, built once over their shared collaborators (see above): a front
    end calls `service.lobby`, `service.moves`, `service.views`, ... directly.

    `ai_workers`: the AI's worker processes (AI_WORKERS; None: from the cores), or
    `ai_executor`: a pool to think in instead, left to its owner at close; `ai_seconds`: how
    long a hard AI thinks over a step (CPU) and a hint over a turn (wall);
    `seed_source`: a fixed seed per new game (tests: a fixed secret); `guard_repeats`:
    refuse a typed order that repeats the one just played (the terminal, which reads each
    line once, turns it off); `display_name`: the players' names on the board (None: the
    names the chat's client learns, `names`); `chat`: what the chat's client does for the
    table (posting an AI's step at once, telling a channel's server); `registry`: the games
    this table hosts (None: the bot's, `bot.table.registry`); `front`: what the table is
    told of the front end that shows its texts (how it names a command, how long a message
    may be)."""

    def __init__(
        self,
        store: Store,
        renderer: Renderer | None = None,
        *,
        ai_workers: int | None = None,
        ai_executor: Executor | None = None,
        ai_seconds: tuple[float, float] = (THINK_SECONDS, HINT_SECONDS),
        seed_source: Callable[[], int] | None = None,
        guard_repeats: bool = True,
        see_all_hint: str = "{options} lists them all",
        name_players: bool = True,
        clock: Callable[[], float] = time.time,
        abandon_after: float = DEFAULT_ABANDON_DAYS * 24 * 3600,
        rematch_line: str | None = "A rematch: the button below.",
        display_name: Callable[[int], str | None] | None = None,
        chat: ChatHooks | None = None,
        registry: Registry | None = None,
        front: FrontEnd = NO_FRONT_END,
    ) -> None:
        self.store = store
        self.registry = hosted(registry)
        self.renderer: Renderer = renderer or Boards(self.registry)
        self.workers = Workers()
        self.names = DisplayNames()  # learnt by the chat's client from each interaction
        self.loader = GameLoader(store, self.workers, self.registry, seed_source)
        self.texts = TableTexts(
            self.loader.rules_of,
            see_all_hint=see_all_hint,
            name_players=name_players,
            display_name=self.names if display_name is None else display_name,
            front=front,
            ai_levels=[
                lvl for g in self.registry.games() for lvl in self.registry.levels(g.info.id)
            ],
        )
        self.ai_pace = AiPace(self.loader.rules_of)  # when an AI seat's step is due
        self.reminders = Reminders(
            store,
            clock,
            self.texts.mention,
            abandon_after,
            ai_pace=self.ai_pace.pace_of,
            moment=front.moment,
        )
        self.turn_starts = TurnStarts()  # where each game's turn began, for an AI's why line
        self.hints = HintOrders()  # the turn a hint suggested, for its button
        self.closings = Closings(
            store,
            self.loader,
            self.workers,
            self.texts.mention,
            rematch_line,
            registry=self.registry,
        )
        announcer = Announcer(self.texts, self.turn_starts, self.registry)
        self.pipeline = TurnPipeline(
            store, self.loader, self.texts, self.reminders, announcer, self.renderer, self.closings
        )
        self._build_parts(guard_repeats, ai_workers, ai_executor, ai_seconds, chat or ChatHooks())

    def _build_parts(
        self,
        guard_repeats: bool,
        ai_workers: int | None,
        ai_executor: Executor | None,
        ai_seconds: tuple[float, float],
        chat: ChatHooks,
    ) -> None:
        """The parts over the shared collaborators, each built after those it calls."""
        self.locks = ChannelLocks()
        self.games = ChannelGames(self.store, self.loader, self.texts, self.registry)
        self.permissions = Permissions(self.store, self.texts.front.role)
        shared = SharedParts(
            self.store,
            self.locks,
            self.games,
            self.loader,
            self.texts,
            self.pipeline,
            self.reminders,
            self.permissions,
            self.workers,
            self.registry,
        )
        self.lobby = Lobby(shared)
        self.tiebreaks = Tiebreaks(shared, self.lobby)  # what follows a game's end
        ended = self.tiebreaks.finished
        answers = AiAnswers(shared, after_finish=ended)  # the AI seats', after any step
        self.moves = Moves(
            shared, self.hints, answers, guard_repeats=guard_repeats, after_finish=ended
        )
        self.views = Views(shared)
        self.autocomplete = Autocomplete(self.games, self.loader, self.texts, self.moves.drafts)
        self.transfer = Transfer(shared)
        self.outbox = Outbox(shared)
        self.ai = AiSeats(
            shared,
            self.lobby,
            self.hints,
            answers,
            workers=ai_workers,
            think_seconds=ai_seconds[0],
            hint_seconds=ai_seconds[1],
            executor=ai_executor,
            after_finish=ended,
            deliver=chat.deliver,
            pace=self.ai_pace,
        )
        self.club = Club(shared, self.lobby, self.ai.start, chat.channel_server)

    @classmethod
    async def open(cls, database: str, renderer: Renderer | None = None, **kw: object) -> Self:
        """`database`: a postgresql:// URL, or a SQLite file (a path or sqlite:/// URL). A
        setting the service refuses (a pool of one worker) closes the store again."""
        store = await open_store(database)
        try:
            return cls(store, renderer, **kw)  # type: ignore[arg-type]
        except BaseException:
            await store.close()
            raise

    async def close(self) -> None:
        self.ai.close()
        await self.store.close()

    # --- real work across parts ----------------------------------------------------------

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
        """A button or a menu: a step, Undo, Confirm, My hand, a pick, a hint's turn, a
        reminder's Snooze, Agree under a proposed pace, or the closing message's Rematch (with
        the server's permissions: the caller's `guild`, roles and Manage Server)."""
        if custom_id.endswith(f":{REMATCH}") and len(custom_id) <= MAX_CUSTOM_ID_CHARS:
            return await self.club.rematch(
                channel, user, guild=guild, roles=roles, is_manager=is_manager
            )
        if self.club.is_agree(custom_id):
            return await self.club.press(channel, user, custom_id)
        if custom_id.endswith(f":{HAND}") and len(custom_id) <= MAX_CUSTOM_ID_CHARS:
            return await self.views.hand(channel, user)  # My hand: whatever the version
        return await self.moves.press(channel, user, custom_id, values)

    async def buttons_now(self, game_id: int) -> list[Button]:
        """The game's current buttons: its turn's, then the Agree of a pending pace
        proposal (the newest public message carries them)."""
        standing = await self.club.proposal_buttons(game_id)
        turn = await self.outbox.buttons_now(game_id)
        return [*turn[: self.texts.front.buttons(len(standing))], *standing]
