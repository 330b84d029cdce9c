"""A channel's game: the one open there (a channel or thread holds one at a time), found for a
command of one game's slash group, with the refusal that says what there is instead."""

from __future__ import annotations

import asyncio
import weakref

from db import GameAtTurn, GameRecord, Store

from .games.entry import Registry
from .loading import BrokenGame, GameLoader
from .refusal import ServiceError
from .table_texts import TableTexts


class ChannelLocks:
    """One lock per channel: a game's changes are read, checked and stored one at a time. A
    lock lives while someone holds it or waits for it (they keep it referenced), so a server's
    thousands of quiet channels keep none."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, channel: str) -> asyncio.Lock:
        lock = self._locks.get(channel)
        if lock is None:
            lock = self._locks[channel] = asyncio.Lock()
        return lock


class ChannelGames:
    def __init__(
        self, store: Store, loader: GameLoader, texts: TableTexts, registry: Registry
    ) -> None:
        self.store = store
        self.loader = loader
        self.registry = registry  # the games hosted
        self.texts = texts

    def create_hint(self, kind: str | None) -> str:
        """The command that opens a game here: the game's, or every hosted game's."""
        if kind is not None:
            return self.texts.command(kind, "create")
        return " or ".join(self.texts.command(g.info.id, "create") for g in self.registry.games())

    def check_kind(self, record: GameRecord, kind: str | None) -> None:
        """A command of one game's group names the channel's game of another kind: refused."""
        if kind is not None and record.kind != kind:
            if (
                self.loader.known_rules(record) is None
            ):  # any group reaches it, to hear why and abort it
                return
            g, _ = self.loader.rules_of(record), self.registry.game(kind)  # a kind hosted
            raise ServiceError(
                self.texts.front.placed("{Here}'s game is ") + f"{g.info.title}: use "
                f"{self.texts.command(g.info.id, '')}, not {self.texts.command(kind, '')}."
            )

    async def open_game(self, channel: str, kind: str | None = None) -> GameRecord:
        return await self._checked(channel, kind, await self.store.open_game(channel))

    async def _checked(
        self, channel: str, kind: str | None, record: GameRecord | None
    ) -> GameRecord:
        if record is None:
            raise ServiceError(await self.no_game_text(channel, kind))
        self.check_kind(record, kind)
        return record

    async def active_game(self, channel: str, kind: str | None = None) -> GameRecord:
        return self._started(await self.open_game(channel, kind))

    async def active_game_at_turn(self, channel: str, kind: str | None = None) -> GameAtTurn:
        """`active_game` with its pace and turn message, in one read (what a move needs)."""
        found = await self.store.open_game_at_turn(channel)
        self._started(await self._checked(channel, kind, found.game if found else None))
        assert found is not None  # (_checked refused a channel without one)
        return found

    def _started(self, record: GameRecord) -> GameRecord:
        """The game, refused while it is still a lobby."""
        if record.status == "lobby":
            g = self.loader.rules_of(record)
            missing = [s for s in g.info.seats if s not in record.seats]
            extra = f" Free seats: {', '.join(missing)}." if missing else ""
            start = self.texts.command(g.info.id, "start")
            raise ServiceError(f"The game has not started yet: {start}.{extra}")
        return record

    async def shown_game(
        self, channel: str, kind: str | None = None, *, strict: bool = True
    ) -> GameRecord | None:
        """The channel's open game, else its latest one (of `kind`, when given). `strict`: an
        open game of another kind is refused (it is the channel's game), not passed over."""
        record = await self.store.open_game(channel)
        if record is not None and strict:
            self.check_kind(record, kind)
        record = record or await self.store.latest_game(channel)
        if record is not None and kind is not None and record.kind != kind:
            return (
                None if self.loader.known_rules(record) is not None else record
            )  # (says it is broken)
        return record

    async def no_game_text(self, channel: str, kind: str | None = None) -> str:
        """Why nothing can be played here: no game yet, or the last one is over (with its
        result), and how to start another."""
        last = await self.store.latest_game(channel)
        if last is None:
            return self.texts.front.placed("There is no game in {here}. ") + (
                f"Start one with {self.create_hint(kind)}."
            )
        known = self.loader.known_rules(last)
        named = known.info.id if known is not None else kind or self.registry.games()[0].info.id
        start = (
            f"Start another with {self.texts.command(named, 'create')}, or "
            f"{self.texts.command(named, 'club rematch')} for the same players."
        )
        if last.status == "aborted":
            return f"Game {last.id} was aborted, without a result. {start}"
        try:
            g = self.loader.rules_of(last)
            ranking = g.result(await self.loader.state_of(last))
        except BrokenGame as e:  # its result is lost, not the channel
            return f"Game {last.id} is over. {e.told(self.texts.front.command)}\n{start}"
        result = "\n".join(self.texts.ranking_lines(g, ranking)) if ranking is not None else ""
        why = f" {ranking.text}" if ranking is not None and ranking.text else ""
        return f"Game {last.id} is over.{why}\n{result}\n{start}"
