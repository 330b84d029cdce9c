"""Loading the games of the Game protocol (every game but Vijayanagara, which keeps its own
service): a stored record and its log replayed into a `Table`, cached by version."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

import rules.games  # registers every game
from db import GameRecord, Store
from rules.game import Game, Seat, game
from rules.table_log import Entry, Replayed, replay

AnyGame = Game[Any, Any, Any, Any]
VIJAYANAGARA = "vijayanagara"  # served by bot.service; the tables serve every other game
MAX_OPTIONS_CHARS = 2_000
HELD = "held"  # in a record's options: seat -> the person the computer holds it for
FILES = "files"  # in a record's options: option -> the hash of its component file's text


class TableError(ValueError):
    """A refusal a player can act on: what was wrong and what is allowed; nothing changed."""


def table_games() -> tuple[AnyGame, ...]:
    """The games the tables serve, by id."""
    return tuple(g for g in rules.games.games() if g.info.id != VIJAYANAGARA)


def table_game(kind: str) -> AnyGame:
    if kind == VIJAYANAGARA:
        raise TableError("Vijayanagara is played with `/vj`.")
    try:
        return game(kind)
    except ValueError as e:
        raise TableError(str(e)) from None


@dataclass(frozen=True)
class Table:
    """One stored game and what its log replays to (`replayed` None while in the lobby)."""

    record: GameRecord
    game: AnyGame
    options: BaseModel
    ai: dict[Seat, str]  # AI seats and their levels
    entries: tuple[Entry, ...] = ()
    replayed: Replayed | None = None
    initial: object = field(default=None, repr=False)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def info(self) -> Any:
        return self.game.info

    @property
    def state(self) -> object:
        if self.replayed is None:
            raise TableError(
                f"The {self.info.title} game has not started: `/{self.command} start`."
            )
        return self.replayed.state

    @property
    def command(self) -> str:
        return str(self.info.command)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats playing (a started game) or taken (a lobby), in the game's order."""
        return tuple(s for s in self.info.seats if s in self.record.seats)

    def seat_of(self, user: int) -> Seat | None:
        """The first seat `user` holds, in turn order (a person may hold only one)."""
        for seat in self.seats:
            if self.record.seats[seat] == user:
                return seat
        return None

    def user_of(self, seat: Seat) -> int | None:
        return self.record.seats.get(seat)

    def title_of(self, seat: Seat) -> str:
        return str(self.info.seat_titles.get(seat, seat))

    def who(self, seat: Seat) -> str:
        """A seat as the channel reads it: its title and its player (or AI)."""
        if seat in self.ai:
            return f"{self.title_of(seat)} (AI, {self.ai[seat]})"
        user = self.user_of(seat)
        return f"{self.title_of(seat)} (<@{user}>)" if user is not None else self.title_of(seat)

    @property
    def held(self) -> dict[Seat, int]:
        """The seats the computer holds for a person (who alone takes them back)."""
        return {str(s): int(u) for s, u in dict(self.record.options.get(HELD, {})).items()}

    def to_move(self) -> Seat | None:
        return None if self.replayed is None else self.game.to_move(self.replayed.state)

    def public_view(self) -> object:
        return self.game.view(self.state, None)


def stored_options(
    g: AnyGame, record: GameRecord, files: dict[str, str]
) -> tuple[BaseModel, dict[Seat, str]]:
    """The game's options and AI seats as a record keeps them: {"game": ..., "ai": ...}, with
    the texts of its component `files` (kept apart, by hash: bot/tables/files.py)."""
    try:
        options = g.info.options.model_validate({**record.options.get("game", {}), **files})
    except ValidationError as e:
        raise TableError(f"game {record.id}: its stored options do not load: {e}") from None
    ai = {str(k): str(v) for k, v in dict(record.options.get("ai", {})).items()}
    return options, ai


def options_json(options: BaseModel, ai: dict[Seat, str]) -> dict[str, Any]:
    return {"game": json.loads(options.model_dump_json()), "ai": dict(ai)}


class TableGames:
    """Reads a channel's game of the tables and replays its log; one replay per version."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: dict[int, Table] = {}
        self.files = FileTexts(store)

    async def open(self, channel: str) -> Table | None:
        """The channel's open game if it is one of the tables' games."""
        record = await self.store.open_game(channel)
        if record is None or record.kind == VIJAYANAGARA:
            return None
        return await self.load(record)

    async def latest(self, channel: str) -> Table | None:
        record = await self.store.latest_game(channel)
        if record is None or record.kind == VIJAYANAGARA:
            return None
        return await self.load(record)

    async def require(self, channel: str, kind: str) -> Table:
        """The channel's open game of `kind`, or a refusal saying what there is."""
        table = await self.open(channel)
        g = table_game(kind)
        if table is None:
            other = await self.store.open_game(channel)
            if other is not None:
                raise TableError(
                    f"This channel's game is {table_game_title(other.kind)}, not {g.info.title}."
                )
            raise TableError(
                f"No {g.info.title} game in this channel: `/{g.info.command} create` opens one."
            )
        if table.record.kind != kind:
            raise TableError(
                f"This channel's game is {table.info.title}: use `/{table.command}`, "
                f"not `/{g.info.command}`."
            )
        return table

    async def load(self, record: GameRecord) -> Table:
        cached = self._cache.get(record.id)
        if cached is not None and cached.record == record:
            return cached
        g = table_game(record.kind)
        options, ai = stored_options(g, record, await self.files.of(record))
        table = Table(record=record, game=g, options=options, ai=ai)
        if record.status != "lobby":
            if (
                cached is not None
                and cached.replayed is not None
                and cached.record.actions <= record.actions
            ):  # only the new entries are replayed
                stored = await self.store.actions(record.id, after=cached.record.actions)
                new = tuple(a.action for a in stored)
                entries, initial = cached.entries + new, cached.initial
                replayed = replay(g, initial, new, after=cached.replayed)
            else:
                stored = await self.store.actions(record.id)
                entries = tuple(a.action for a in stored)
                seats = tuple(s for s in g.info.seats if s in record.seats)
                initial = g.new_game(options, seats)
                replayed = replay(g, initial, entries)
            table = Table(
                record=record,
                game=g,
                options=options,
                ai=ai,
                entries=entries,
                replayed=replayed,
                initial=initial,
            )
        self._cache[record.id] = table
        if len(self._cache) > 256:  # a bounded cache: the oldest entries go first
            self._cache.pop(next(iter(self._cache)))
        return table


class FileTexts:
    """The texts of stored component files, read once per hash while recently used."""

    SIZE = 32

    def __init__(self, store: Store) -> None:
        self.store = store
        self._texts: dict[str, str] = {}

    async def of(self, record: GameRecord) -> dict[str, str]:
        """Option name -> the text of each file the record's options name by hash."""
        out: dict[str, str] = {}
        for name, key in dict(record.options.get(FILES, {})).items():
            text = self._texts.get(str(key))
            if text is None:
                text = await self.store.deck_text(str(key))
                if text is None:
                    raise TableError(f"game {record.id}: its {name} is missing from the store")
                self._texts[str(key)] = text
                if len(self._texts) > self.SIZE:
                    self._texts.pop(next(iter(self._texts)))
            out[str(name)] = text
        return out


def table_game_title(kind: str) -> str:
    try:
        return str(game(kind).info.title)
    except ValueError:
        return kind
