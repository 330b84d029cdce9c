"""The collaborators the table's parts share, given to each part when it is built: the
store, the channels' locks and games, the games loaded, what the table says, the turn
pipeline, the reminders, the permissions, the workers off the event loop and the games
hosted (the registry, given to the service when it is built); and what the
chat's client does for the table (ChatHooks), given when the table is built."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from db import Store

    from .channel_games import ChannelGames, ChannelLocks
    from .games.entry import Registry
    from .loading import GameLoader
    from .permissions import Permissions
    from .pipeline import TurnPipeline
    from .reminders import Reminders
    from .reply import Reply
    from .table_texts import TableTexts
    from .workers import Workers


@dataclass(frozen=True, eq=False)
class SharedParts:
    store: Store
    locks: ChannelLocks
    games: ChannelGames
    loader: GameLoader
    texts: TableTexts
    pipeline: TurnPipeline
    reminders: Reminders
    permissions: Permissions
    workers: Workers
    registry: Registry  # the games this table hosts


@dataclass(frozen=True)
class ChatHooks:
    """What the chat's client does for the table. `deliver`: post an AI's step as soon as it
    is stored (None: the outbox's round posts it); `channel_server`: the server a channel is
    on, asked of the chat, for games stored before their server was noted (None where there
    are no servers)."""

    deliver: Callable[[Reply, str], Awaitable[None]] | None = None
    channel_server: Callable[[str], Awaitable[str | None]] | None = None
