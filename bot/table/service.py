"""GameService: every command of the bot, for every game, transport-free.

Each method takes the channel (or thread) id and the calling user's id and returns a `Reply`.
A channel holds one game at a time, of any kind; a command of one game's slash group names
its `kind`, and the channel's game of another kind refuses it. Per channel one asyncio lock:
parse -> apply the steps (all or nothing up to a reveal) -> deal the chance outcomes from the
game's secret -> store them with their announcement in one version-checked transaction ->
render off the event loop -> reply. Nothing here imports discord; the Discord adapter and the
terminal client are thin layers over this, and every game is reached through the Game
protocol (rules.game).

The service is a few objects with explicit collaborators, each in its own module: the games
loaded and cached (loading), what the table says (table_texts), the turn pipeline (pipeline,
announcing), moves, the lobby, reading (views, autocomplete), export and import (transfer),
the club over days (club, reminders), the outbox and the AI seats (ai_seats).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Self

from db import GameRecord, OwedAnnouncement, Store, TurnMessage, open_store
from rules.game import Args

from .ai_seats import AiSeats
from .ai_turns import TurnStarts
from .announcing import Announcer
from .autocomplete import Autocomplete
from .channel_games import ChannelGames, ChannelLocks
from .closing import REMATCH, Closings
from .club import Club
from .display_names import DisplayNames
from .front_end import NO_FRONT_END, FrontEnd
from .hints import HintOrders
from .loading import GameLoader, secret_for_seed
from .lobby import MAX_FILE_BYTES, Lobby, OptionValues
from .moves import MAX_CUSTOM_ID_CHARS, Moves
from .outbox import Outbox
from .parts import SharedParts
from .permissions import Permissions
from .pipeline import Outcome, TurnPipeline
from .refusal import ServiceError
from .reminders import DEFAULT_ABANDON_DAYS, DueReminder, Reminders
from .renderer import Renderer, default_renderer
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
    """Every command of the bot; each part lives in its own module (see above)."""

    def __init__(
        self,
        store: Store,
        renderer: Renderer | None = None,
        *,
        ai_workers: int | None = None,
        ai_executor: Executor | None = None,
        seed_source: Callable[[], int] | None = None,
        guard_repeats: bool = True,
        see_all_hint: str = "{options} lists them all",
        name_players: bool = True,
        clock: Callable[[], float] = time.time,
        abandon_after: float = DEFAULT_ABANDON_DAYS * 24 * 3600,
        rematch_line: str = "A rematch: the button below.",
        display_name: Callable[[int], str | None] | None = None,
        front: FrontEnd = NO_FRONT_END,
    ) -> None:
        """`ai_workers`: the AI's worker processes (AI_WORKERS; None: from the cores), or
        `ai_executor`: a pool to think in instead, left to its owner at close;
        `seed_source`: a fixed seed per new game (tests: a fixed secret); `guard_repeats`:
        refuse a typed order that repeats the one just played (the terminal, which reads each
        line once, turns it off); `display_name`: the players' names on the board (None: the
        names the chat's client learns, `names`); `front`: what the table is told of the front
        end that shows its texts (how it names a command, how long a message may be)."""
        self.store = store
        self.renderer: Renderer = renderer or default_renderer
        self.workers = Workers()
        self.names = DisplayNames()  # learnt by the chat's client from each interaction
        self.texts = TableTexts(
            see_all_hint=see_all_hint,
            name_players=name_players,
            display_name=self.names if display_name is None else display_name,
            front=front,
        )
        self.loader = GameLoader(store, self.workers, seed_source)
        self.reminders = Reminders(
            store,
            clock,
            self.texts.mention,
            abandon_after,
            ai_pace=AiSeats.pace_of,
            moment=front.moment,
        )
        self.turn_starts = TurnStarts()  # where each game's turn began, for an AI's why line
        self.hints = HintOrders()  # the turn a hint suggested, for its button
        self.closings = Closings(store, self.loader, self.workers, self.texts.mention, rematch_line)
        announcer = Announcer(self.texts, self.turn_starts)
        self.pipeline = TurnPipeline(
            store, self.loader, self.texts, self.reminders, announcer, self.renderer, self.closings
        )
        self._build_parts(guard_repeats, ai_workers, ai_executor)

    def _build_parts(
        self, guard_repeats: bool, ai_workers: int | None, ai_executor: Executor | None
    ) -> None:
        """The parts over the shared collaborators, each built after those it calls."""
        self.locks = ChannelLocks()
        self.games = ChannelGames(self.store, self.loader, self.texts)
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
        )
        self.lobby = Lobby(shared)
        self.tiebreaks = Tiebreaks(shared, self.lobby)  # what follows a game's end
        ended = self.tiebreaks.finished
        self.moves = Moves(shared, self.hints, guard_repeats=guard_repeats, after_finish=ended)
        self.views = Views(shared)
        self.autocomplete = Autocomplete(self.games, self.loader, self.texts, self.moves.drafts)
        self.transfer = Transfer(shared)
        self.outbox = Outbox(shared)
        self.ai = AiSeats(
            shared,
            self.lobby,
            self.hints,
            workers=ai_workers,
            executor=ai_executor,
            after_finish=ended,
        )
        self.club = Club(shared, self.lobby, self.ai.start)

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

    # --- who the table names ------------------------------------------------------------------

    @property
    def mention(self) -> Callable[[int], str]:
        return self.texts.mention

    @property
    def display_name(self) -> Callable[[int], str | None]:
        return self.texts.display_name

    @property
    def seed_source(self) -> Callable[[], int] | None:
        return self.loader.seed_source

    @seed_source.setter
    def seed_source(self, fn: Callable[[], int] | None) -> None:
        self.loader.seed_source = fn

    # --- the lobby ------------------------------------------------------------------------------

    async def create(
        self,
        channel: str,
        user: int,
        *,
        kind: str,
        options: OptionValues | str | None = None,
        files: Mapping[str, bytes | str] | None = None,
        seed: int | None = None,
        seat: str | None = None,
        ai: str | None = None,
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
    ) -> Reply:
        return await self.lobby.create(
            channel,
            user,
            kind=kind,
            options=options,
            files=files,
            seed=seed,
            seat=seat,
            ai=ai,
            guild=guild,
            roles=roles,
            is_manager=is_manager,
        )

    async def join(
        self, channel: str, user: int, faction: str | None = None, *, kind: str | None = None
    ) -> Reply:
        return await self.lobby.join(channel, user, faction, kind=kind)

    async def leave(
        self, channel: str, user: int, faction: str | None = None, *, kind: str | None = None
    ) -> Reply:
        return await self.lobby.leave(channel, user, faction, kind=kind)

    async def start(self, channel: str, user: int, *, kind: str | None = None) -> Reply:
        return await self.lobby.start(channel, user, kind=kind)

    async def tiebreak(self, channel: str, user: int) -> Reply:
        """Vijayanagara's Goat-Tiger tiebreak (5.0, 5.5) of the channel's last game, when its
        record has a tie for first place."""
        return await self.tiebreaks.open(channel, user)

    async def abort(
        self,
        channel: str,
        user: int,
        *,
        is_manager: bool = False,
        guild: str | None = None,
        roles: Sequence[int] = (),
        kind: str | None = None,
    ) -> Reply:
        return await self.lobby.abort(
            channel, user, is_manager=is_manager, guild=guild, roles=roles, kind=kind
        )

    async def configure(
        self,
        guild: str | None,
        user: int,
        *,
        is_manager: bool,
        organisers: str | None = None,
        role_id: int | None = None,
    ) -> Reply:
        return await self.lobby.configure(
            guild, user, is_manager=is_manager, organisers=organisers, role_id=role_id
        )

    # --- moves ------------------------------------------------------------------------------------

    async def play(
        self,
        channel: str,
        user: int,
        order: str,
        *,
        as_faction: str | None = None,
        expected_version: int | None = None,
        kind: str | None = None,
    ) -> Reply:
        return await self.moves.play(
            channel,
            user,
            order,
            as_faction=as_faction,
            expected_version=expected_version,
            kind=kind,
        )

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

    async def undo(self, channel: str, user: int, *, kind: str | None = None) -> Reply:
        return await self.moves.undo(channel, user, kind=kind)

    async def shortcut(
        self,
        channel: str,
        user: int,
        name: str,
        arg: str | None = None,
        *,
        args: Args | None = None,
        kind: str | None = None,
    ) -> Reply:
        """A game's own command that stands for steps (`/vj pass`); `arg`: the text of its
        first parameter (a Command's name), `args` every parameter by name."""
        return await self.moves.shortcut(channel, user, name, args, arg=arg, kind=kind)

    # --- reading ----------------------------------------------------------------------------------

    async def status(self, channel: str, *, public: bool = False, kind: str | None = None) -> Reply:
        return await self.views.status(channel, public_=public, kind=kind)

    async def board(self, channel: str, *, public: bool = False, kind: str | None = None) -> Reply:
        return await self.views.board(channel, public_=public, kind=kind)

    async def log_lines(self, channel: str, lines: int = 20, *, kind: str | None = None) -> Reply:
        return await self.views.log_lines(channel, lines, kind=kind)

    async def options(self, channel: str, user: int = 0, *, kind: str | None = None) -> Reply:
        return await self.views.options(channel, user, kind=kind)

    async def hand(self, channel: str, user: int, *, kind: str | None = None) -> Reply:
        return await self.views.hand(channel, user, kind=kind)

    def rules_topic(self, topic: str | None, *, kind: str) -> Reply:
        return self.views.rules_topic(topic, kind=kind)

    async def card_in(self, channel: str, query: str, *, kind: str) -> Reply:
        return await self.views.card_in(channel, query, kind=kind)

    async def hint(self, channel: str, user: int, *, kind: str | None = None) -> Reply:
        return await self.ai.hint(channel, user, kind=kind)

    async def legal_orders(
        self, channel: str, user: int, typed: str, limit: int = 25, *, kind: str | None = None
    ) -> list[tuple[str, str]]:
        return await self.autocomplete.legal_orders(channel, user, typed, limit, kind=kind)

    async def shortcut_choices(
        self, channel: str, name: str, typed: str, *, kind: str | None = None
    ) -> list[str]:
        return await self.autocomplete.shortcut_choices(channel, name, typed, kind=kind)

    def topic_choices(self, typed: str, limit: int = 25, *, kind: str) -> list[str]:
        return self.autocomplete.topic_choices(typed, limit, kind=kind)

    async def card_choices(
        self, channel: str, typed: str, limit: int = 25, *, kind: str
    ) -> list[tuple[str, int]]:
        return await self.autocomplete.card_choices(channel, typed, limit, kind=kind)

    async def state_of(self, record: GameRecord) -> object:
        return await self.loader.state_of(record)

    async def secret_of(self, record: GameRecord) -> bytes | None:
        return await self.loader.secret_of(record)

    # --- export and import -----------------------------------------------------------------

    async def export(self, channel: str, *, kind: str | None = None) -> Reply:
        return await self.transfer.export(channel, kind=kind)

    async def verify(self, channel: str, *, kind: str | None = None) -> Reply:
        return await self.transfer.verify(channel, kind=kind)

    async def import_game(
        self,
        channel: str,
        user: int,
        raw: bytes | str,
        *,
        claim: str | None = None,
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
        kind: str | None = None,
    ) -> Reply:
        return await self.transfer.import_game(
            channel,
            user,
            raw,
            claim=claim,
            guild=guild,
            roles=roles,
            is_manager=is_manager,
            kind=kind,
        )

    # --- the club over days -----------------------------------------------------------------

    async def pace(
        self,
        channel: str,
        user: int,
        hours: int | None = None,
        deadline: str | None = None,
        *,
        is_manager: bool = False,
    ) -> Reply:
        return await self.club.pace(channel, user, hours, deadline, is_manager=is_manager)

    async def due_reminders(self, limit: int = 20) -> list[DueReminder]:
        return await self.club.due_reminders(limit)

    async def rematch(
        self,
        channel: str,
        user: int,
        *,
        seating: str = "rotate",
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
    ) -> Reply:
        return await self.club.rematch(
            channel, user, seating=seating, guild=guild, roles=roles, is_manager=is_manager
        )

    async def seat(
        self, channel: str, user: int, faction: str, to_user: int, *, is_manager: bool = False
    ) -> Reply:
        return await self.club.seat(channel, user, faction, to_user, is_manager=is_manager)

    async def history(
        self, channel: str, user: int | None = None, *, guild: str | None = None
    ) -> Reply:
        return await self.club.history(channel, user, guild=guild)

    async def stats(self, user: int, *, guild: str | None = None, kind: str) -> Reply:
        return await self.club.stats(user, guild=guild, kind=kind)

    async def replay(self, channel: str, game_id: int, step: int | None = None) -> Reply:
        return await self.club.replay(channel, game_id, step)

    async def me(
        self,
        user: int,
        *,
        time_zone: str | None = None,
        quiet: str | None = None,
        direct_messages: bool | None = None,
    ) -> Reply:
        return await self.club.me(
            user, time_zone=time_zone, quiet=quiet, direct_messages=direct_messages
        )

    # --- the outbox -------------------------------------------------------------------------------

    async def owed(
        self, limit: int = 20, grace: float = 0.0, *, ignore_backoff: bool = False
    ) -> list[tuple[OwedAnnouncement, Reply]]:
        return await self.outbox.owed(limit, grace, ignore_backoff=ignore_backoff)

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        return await self.outbox.turn_message(game_id)

    async def turn_posted(self, game_id: int, version: int, message_id: int) -> None:
        await self.outbox.turn_posted(game_id, version, message_id)

    async def newest_posted(self, game_id: int, message_id: int) -> None:
        await self.outbox.newest_posted(game_id, message_id)

    async def proposal_buttons(self, game_id: int) -> list[Button]:
        return await self.club.proposal_buttons(game_id)

    async def buttons_now(self, game_id: int) -> list[Button]:
        """The game's current buttons: its turn's, then the Agree of a pending pace
        proposal (the newest public message carries them)."""
        standing = await self.club.proposal_buttons(game_id)
        turn = await self.outbox.buttons_now(game_id)
        return [*turn[: self.texts.front.buttons(len(standing))], *standing]

    @property
    def channel_server(self) -> Callable[[str], Awaitable[str | None]] | None:
        return self.club.channel_server

    @channel_server.setter
    def channel_server(self, fn: Callable[[str], Awaitable[str | None]] | None) -> None:
        self.club.channel_server = fn

    async def delivered(self, announcement: tuple[int, int]) -> None:
        await self.outbox.delivered(announcement)

    async def delivery_failed(
        self, announcement: tuple[int, int], retry_in: float, text: str | None = None
    ) -> None:
        await self.outbox.delivery_failed(announcement, retry_in, text)
