"""The store as Vijayanagara's service sees it: the same store, with the games of other kinds
(the tables' games, bot.tables) left out of its channel lookups and records, so `/vj` never
mistakes a Goat-Tiger game for one of its own. Every other call goes to the store itself."""

from __future__ import annotations

from typing import Any, cast

from db import GameRecord, GameResult, Store

VIJAYANAGARA = "vijayanagara"
SEATS = frozenset({"D", "B", "V"})


class VijayanagaraStore:
    def __init__(self, store: Store) -> None:
        self.inner = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def open_game(self, channel_id: str) -> GameRecord | None:
        game = await self.inner.open_game(channel_id)
        return game if game is None or game.kind == VIJAYANAGARA else None

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        game = await self.inner.latest_game(channel_id)
        return game if game is None or game.kind == VIJAYANAGARA else None

    async def results(self, **kw: Any) -> list[GameResult]:
        found = await self.inner.results(**kw)
        return [r for r in found if all(s.faction in SEATS for s in r.seats)]


def vijayanagara_store(store: Store) -> Store:
    """`store` for Vijayanagara's service (once: a wrapped store is not wrapped again)."""
    if isinstance(store, VijayanagaraStore):
        return cast(Store, store)
    return cast(Store, VijayanagaraStore(store))


def whole_store(store: Store) -> Store:
    """The store behind Vijayanagara's view of it: every game of every kind."""
    return store.inner if isinstance(store, VijayanagaraStore) else store
