"""The collaborators the table's parts share, given to each part when it is built: the
store, the channels' locks and games, the games loaded, what the table says, the turn
pipeline, the reminders, the permissions and the workers off the event loop."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from db import Store

    from .channel_games import ChannelGames, ChannelLocks
    from .loading import GameLoader
    from .permissions import Permissions
    from .pipeline import TurnPipeline
    from .reminders import Reminders
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
