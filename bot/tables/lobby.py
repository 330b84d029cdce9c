"""The lobby of the tables: create a game with its options, join and leave by seat name, AI
seats by level, and start once enough seats are filled (the commitment to the secret goes out
with the start, the first deal with it)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from pydantic import BaseModel, ValidationError

from ai.registry import levels
from db import Announcement, GameExists, GameRecord, NewAction, Store
from rules.dealing import SECRET_BYTES, commitment
from rules.game import Seat

from ..reply import Reply
from .loading import (
    MAX_OPTIONS_CHARS,
    AnyGame,
    Table,
    TableError,
    TableGames,
    options_json,
    table_game,
)
from .pipeline import TurnPipeline
from .turns import Said

MAX_OPTION_PAIRS = 16
AI_USER = -1  # AI seats hold negative user ids (the n-th seat of the game: -1 - n)


def parse_options(g: AnyGame, text: str | None) -> BaseModel:
    """`name=value` pairs, space-separated, into the game's options model."""
    model: type[BaseModel] = g.info.options
    if not text or not text.strip():
        return model()
    if len(text) > MAX_OPTIONS_CHARS:
        raise TableError(f"Options are at most {MAX_OPTIONS_CHARS} characters.")
    pairs: dict[str, str] = {}
    for part in text.split()[: MAX_OPTION_PAIRS + 1]:
        name, eq, value = part.partition("=")
        if not eq or not name:
            raise TableError(f"Options are `name=value` pairs, not {part[:40]!r}.")
        pairs[name.strip().lower()] = value
    if len(pairs) > MAX_OPTION_PAIRS:
        raise TableError(f"At most {MAX_OPTION_PAIRS} options.")
    known = ", ".join(model.model_fields) or "none"
    unknown = [n for n in pairs if n not in model.model_fields]
    if unknown:
        raise TableError(f"No option {unknown[0][:40]!r} in {g.info.title}; its options: {known}.")
    try:
        return model.model_validate_json(
            "{" + ", ".join(f'"{k}": {_json_value(v)}' for k, v in pairs.items()) + "}"
        )
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise TableError(f"Option {where}: {first['msg']}.") from None


def _json_value(v: str) -> str:
    low = v.lower()
    if low in ("true", "false", "null") or low.lstrip("-").isdigit():
        return low
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def seat_named(g: AnyGame, text: str) -> Seat:
    """A seat by its name or title (case-insensitive, a unique prefix will do)."""
    t = text.strip().lower()
    exact = [s for s in g.info.seats if t in (s.lower(), str(g.info.seat_titles[s]).lower())]
    if exact:
        return exact[0]
    found = [
        s
        for s in g.info.seats
        if t and (s.lower().startswith(t) or str(g.info.seat_titles[s]).lower().startswith(t))
    ]
    if len(found) == 1:
        return found[0]
    names = ", ".join(str(g.info.seat_titles[s]) for s in g.info.seats)
    if found:
        raise TableError(f"{text[:40]!r} could be several seats; the seats: {names}.")
    raise TableError(f"No seat {text[:40]!r} in {g.info.title}; the seats: {names}.")


class TableLobby:
    def __init__(
        self,
        store: Store,
        games: TableGames,
        pipeline: TurnPipeline,
        secret_source: Callable[[], bytes] = lambda: secrets.token_bytes(SECRET_BYTES),
    ) -> None:
        self.store = store
        self.games = games
        self.pipeline = pipeline
        self.secret_source = secret_source  # a new game's secret (tests: a fixed one)

    async def create(
        self, channel: str, user: int, kind: str, options: str | None, seat: str | None
    ) -> Reply:
        g = table_game(kind)
        opts = parse_options(g, options)
        seats = {} if seat is None else {seat_named(g, seat): user}
        secret = self.secret_source()
        cmd = g.info.command
        text = (
            f"{g.info.title}: a new game. Seats: {', '.join(g.info.seat_titles.values())}. "
            f"`/{cmd} join` takes one, `/{cmd} ai` gives one to the computer, "
            f"`/{cmd} start` begins ({g.info.min_players}-{g.info.max_players} players)."
        )
        try:
            record = await self.store.create_game(
                channel,
                0,
                options_json(opts, {}),
                user,
                secret=secret.hex(),
                seats=seats,
                kind=kind,
                announcement=lambda r: Announcement(text=text),
            )
        except GameExists:
            raise TableError(
                "This channel has a game already: finish it, or open a thread for a new one."
            ) from None
        return _announced(record, text)

    async def join(self, table: Table, user: int, seat_text: str | None) -> Reply:
        self._in_lobby(table)
        if table.seat_of(user) is not None:
            raise TableError(f"You hold {table.title_of(table.seat_of(user) or '')} already.")
        g = table.game
        free = [s for s in g.info.seats if s not in table.record.seats]
        if seat_text is None:
            if not free:
                raise TableError("Every seat is taken.")
            seat = free[0]
        else:
            seat = seat_named(g, seat_text)
            if seat in table.record.seats:
                holder = table.who(seat)
                raise TableError(
                    f"{table.title_of(seat)} is taken by {holder}; free: "
                    f"{', '.join(table.title_of(s) for s in free) or 'none'}."
                )
        seats = {**table.record.seats, seat: user}
        text = f"<@{user}> takes {table.title_of(seat)}."
        return await self._seats(table, seats, dict(table.ai), text)

    async def leave(self, table: Table, user: int) -> Reply:
        self._in_lobby(table)
        seat = table.seat_of(user)
        if seat is None:
            raise TableError("You hold no seat in this game.")
        seats = {s: u for s, u in table.record.seats.items() if s != seat}
        text = f"<@{user}> leaves {table.title_of(seat)}."
        return await self._seats(table, seats, dict(table.ai), text)

    async def ai(self, table: Table, user: int, seat_text: str, level: str | None) -> Reply:
        self._in_lobby(table)
        g = table.game
        seat = seat_named(g, seat_text)
        known = levels(table.record.kind)
        lvl = (level or known[-1]).strip().lower()
        if lvl not in known:
            raise TableError(f"No AI level {lvl[:20]!r}: choose one of {', '.join(known)}.")
        holder = table.user_of(seat)
        if holder is not None and holder >= 0 and holder != user:
            raise TableError(f"{table.title_of(seat)} is taken by <@{holder}>.")
        seats = {**table.record.seats, seat: AI_USER - g.info.seats.index(seat)}
        ai = {**table.ai, seat: lvl}
        text = f"The computer ({lvl}) takes {table.title_of(seat)}."
        return await self._seats(table, seats, ai, text)

    async def start(self, table: Table, user: int) -> list[Reply]:
        self._in_lobby(table)
        info = table.info
        n = len(table.seats)
        if table.seat_of(user) is None and user != table.record.creator:
            raise TableError("Only a seated player or the game's creator starts it.")
        if not info.min_players <= n <= info.max_players:
            raise TableError(
                f"{info.title} takes {info.min_players} to {info.max_players} players; "
                f"{n} seat(s) are filled: `/{table.command} join` or `/{table.command} ai`."
            )
        try:
            state = table.game.new_game(table.options, table.seats)
        except ValueError as e:
            raise TableError(str(e)) from None
        fresh = table.game.view(state, None)  # before the first deal
        secret = await self.pipeline.secret(table)
        started = Table(record=table.record, game=table.game, options=table.options, ai=table.ai)
        entries, state = await self.pipeline.deal_start(started, state)
        lines = [
            f"{info.title} begins: " + ", ".join(table.who(s) for s in table.seats) + ".",
            f"Every deal comes from this game's secret; its SHA-256 is `{commitment(secret, table.id, 0)}`"
            f" (revealed when the game ends, `/{table.command} verify` checks it).",
        ]
        news = table.game.headline(fresh, table.game.view(state, None))
        if news:
            lines.append(f"**{news}**")
        # the start opens the first turn's message, with the board
        said = Said(None, lines, board=True)
        announcement = await self.pipeline.announcement(table, said, state)
        if entries:
            record = await self.store.append_actions(
                table.id,
                table.record.version,
                [NewAction(action=e) for e in entries],
                status="active",
                announcement=announcement,
            )
        else:
            record = await self.store.update_game(
                table.id, table.record.version, status="active", announcement=announcement
            )
        return [await self.pipeline.reply(record, announcement)]

    def _in_lobby(self, table: Table) -> None:
        if table.record.status != "lobby":
            raise TableError(
                f"The game has started: seats are fixed now (`/{table.command} status`)."
            )

    async def _seats(
        self, table: Table, seats: dict[Seat, int], ai: dict[Seat, str], text: str
    ) -> Reply:
        ai = {s: lvl for s, lvl in ai.items() if seats.get(s, 0) < 0}
        options = {**table.record.options, "ai": ai}
        record = await self.store.update_game(
            table.id,
            table.record.version,
            seats=seats,
            announcement=Announcement(text=text),
            options=options if options != table.record.options else None,
        )
        return _announced(record, text)


def _announced(record: GameRecord, text: str, mentions: list[int] | None = None) -> Reply:
    return Reply(
        text=text,
        mentions=mentions or [],
        version=record.version,
        announcement=(record.id, record.version),
    )
