"""The lobby of the tables: create a game with its options, join and leave by seat name, AI
seats by level, and start once enough seats are filled (the commitment to the secret goes out
with the start, the first deal with it)."""

from __future__ import annotations

import datetime as dt
import secrets
import time
from collections.abc import Callable, Mapping

from pydantic import BaseModel, ValidationError

from ai.registry import levels
from db import Announcement, GameExists, GameRecord, NewAction, Store
from rules.dealing import SECRET_BYTES, commitment
from rules.game import Seat, component_files

from ..reminders import DEFAULT_PACE, STALLED
from ..reply import Reply
from .files import stored_json, with_files
from .loading import (
    HELD,
    MAX_OPTIONS_CHARS,
    AnyGame,
    Table,
    TableError,
    TableGames,
    table_game,
)
from .pipeline import TurnPipeline
from .turns import Said

MAX_OPTION_PAIRS = 16
AI_USER = -1  # AI seats hold negative user ids (the n-th seat of the game: -1 - n)
# A person's seat may go to the computer once the game has waited this long for them: as long
# as Vijayanagara's reminders wait before its stall notice (bot/reminders.py)
STALL_AFTER = (STALLED + 1) * DEFAULT_PACE


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
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.clock = clock
        self.store = store
        self.games = games
        self.pipeline = pipeline
        self.secret_source = secret_source  # a new game's secret (tests: a fixed one)

    async def create(
        self,
        channel: str,
        user: int,
        kind: str,
        options: str | None,
        seat: str | None,
        files: Mapping[str, bytes] | None = None,
    ) -> Reply:
        """A new game; `files`: component files uploaded (by name: "cards"), each checked
        by the game's loader here, so a bad one is refused before the game exists."""
        g = table_game(kind)
        opts = parse_options(g, options)
        seats = {} if seat is None else {seat_named(g, seat): user}
        opts, stored = await with_files(g, opts, files or {})
        secret = self.secret_source()
        cmd = g.info.command
        own = [m.name for f, m in component_files(g.info.options).items() if getattr(opts, f)]
        files_said = f", with the owner's {' and '.join(own)} file" if own else ""
        files_said += "s" if len(own) > 1 else ""
        text = (
            f"{g.info.title}: a new game{files_said}. "
            f"Seats: {', '.join(g.info.seat_titles.values())}. "
            f"`/{cmd} join` takes one, `/{cmd} ai` gives one to the computer, "
            f"`/{cmd} start` begins ({g.info.min_players}-{g.info.max_players} players)."
        )
        try:
            record = await self.store.create_game(
                channel,
                0,
                stored_json(opts, {}),
                user,
                secret=secret.hex(),
                seats=seats,
                kind=kind,
                announcement=lambda r: Announcement(text=text),
                files=stored,
            )
        except GameExists:
            raise TableError(
                "This channel has a game already: finish it, or open a thread for a new one."
            ) from None
        return _announced(record, text)

    async def join(self, table: Table, user: int, seat_text: str | None) -> Reply:
        """A free seat (before the start), a seat the computer holds for nobody, or one it
        holds for the caller (their own, given to it: they take it back)."""
        self._open(table)
        mine = table.seat_of(user)
        if mine is not None:
            raise TableError(f"You hold {table.title_of(mine)} already.")
        g, cmd = table.game, table.command
        lobby = table.record.status == "lobby"
        free = [s for s in g.info.seats if s not in table.record.seats] if lobby else []
        if seat_text is None:
            kept = [s for s in g.info.seats if table.held.get(s) == user]
            if not kept and not free:
                raise TableError(
                    "Every seat is taken: name one the computer plays to take it over "
                    f"(`/{cmd} join seat:`), or `/{cmd} status` shows who sits where."
                )
            seat = (kept or free)[0]
        else:
            seat = seat_named(g, seat_text)
        holder = table.user_of(seat)
        where = f"Free: {', '.join(table.title_of(s) for s in free) or 'none'}."
        if holder is not None and seat not in table.ai:
            raise TableError(
                f"{table.title_of(seat)} is taken by <@{holder}>. Only they can let it go "
                f"(`/{cmd} leave`, or `/{cmd} ai` to give it to the computer), or a member "
                f"with Manage Server can give it to the computer (`/{cmd} ai`), after which "
                f"anyone may take it. {where}"
            )
        held_for = table.held.get(seat)
        if held_for is not None and held_for != user:
            raise TableError(
                f"The computer holds {table.title_of(seat)} for <@{held_for}>, who alone "
                f"takes it back with `/{cmd} join` (or lets it go with `/{cmd} leave`); a "
                f"member with Manage Server can let anyone take it (`/{cmd} ai`). {where}"
            )
        seats = {**table.record.seats, seat: user}
        ai = {s: lvl for s, lvl in table.ai.items() if s != seat}
        held = {s: u for s, u in table.held.items() if s != seat}
        if held_for == user:
            text = f"<@{user}> takes {table.title_of(seat)} back from the computer."
        elif seat in table.ai:
            text = f"<@{user}> takes {table.title_of(seat)} over from the computer."
        else:
            text = f"<@{user}> takes {table.title_of(seat)}."
        return await self._seats(table, seats, ai, held, text)

    async def leave(self, table: Table, user: int) -> Reply:
        """Before the start, the caller's seat; at any time, a seat the computer holds for
        the caller (anyone may take it then)."""
        self._open(table)
        cmd = table.command
        seat = table.seat_of(user)
        if seat is not None:
            if table.record.status != "lobby":
                raise TableError(
                    "The game has started: a seat cannot stay empty. "
                    f"`/{cmd} ai seat:{seat}` gives yours to the computer, and you take it back "
                    f"with `/{cmd} join`."
                )
            seats = {s: u for s, u in table.record.seats.items() if s != seat}
            text = f"<@{user}> leaves {table.title_of(seat)}."
            return await self._seats(table, seats, dict(table.ai), dict(table.held), text)
        kept = [s for s in table.info.seats if table.held.get(s) == user]
        if not kept:
            raise TableError("You hold no seat in this game.")
        held = {s: u for s, u in table.held.items() if u != user}
        names = " and ".join(table.title_of(s) for s in kept)
        text = (
            f"<@{user}> lets {names} go: the computer plays on, and anyone may take the seat "
            f"with `/{cmd} join`."
        )
        return await self._seats(table, dict(table.record.seats), dict(table.ai), held, text)

    async def ai(
        self,
        table: Table,
        user: int,
        seat_text: str,
        level: str | None,
        *,
        manager: bool = False,
    ) -> Reply:
        """The computer takes a seat: a free one, its own (another level), or a person's at
        their own request, by a member with Manage Server, or once the game has waited
        STALL_AFTER for them (as Vijayanagara's seats: bot/ai_seats.py). It holds a person's
        seat for them (they take it back with join), except when a manager gave it."""
        self._open(table)
        g, cmd = table.game, table.command
        seat = seat_named(g, seat_text)
        known = levels(table.record.kind)
        lvl = (level or known[-1]).strip().lower()
        if lvl not in known:
            raise TableError(f"No AI level {lvl[:20]!r}: choose one of {', '.join(known)}.")
        people = {u for u in table.record.seats.values() if u >= 0} | set(table.held.values())
        if not (manager or user == table.record.creator or user in people):
            raise TableError(
                "Only the game's creator, a seated player or a member with Manage Server may "
                "give a seat to the computer."
            )
        holder = table.user_of(seat)
        held_for = table.held.get(seat)
        if holder is not None and seat not in table.ai:
            if holder == user or (not manager and self._stalled_on(table, seat)):
                held_for = holder
            elif manager:
                held_for = None
            else:
                raise TableError(
                    f"{table.title_of(seat)} is <@{holder}>'s seat. The computer takes over a "
                    f"person's seat only at their own request (`/{cmd} ai` by <@{holder}>), by "
                    "a member with Manage Server, or once the game has waited "
                    f"{STALL_AFTER // 3600:.0f} hours for them."
                )
        elif seat in table.ai and manager:
            held_for = None  # a manager lets anyone take it
        seats = {**table.record.seats, seat: AI_USER - g.info.seats.index(seat)}
        ai = {**table.ai, seat: lvl}
        held = {s: u for s, u in table.held.items() if s != seat}
        if held_for is not None:
            held[seat] = held_for
        was = f" (was <@{holder}>)" if holder is not None and holder >= 0 else ""
        back = (
            f"<@{held_for}> takes it back with `/{cmd} join`."
            if held_for is not None
            else f"Anyone may take it with `/{cmd} join`."
        )
        text = f"The computer ({lvl}) takes {table.title_of(seat)}{was}. {back}"
        return await self._seats(table, seats, ai, held, text)

    def _stalled_on(self, table: Table, seat: Seat) -> bool:
        """The running game has waited STALL_AFTER or longer for `seat`'s decision."""
        if table.record.status != "active" or table.to_move() != seat:
            return False
        since = dt.datetime.fromisoformat(table.record.updated_at).timestamp()
        return self.clock() - since >= STALL_AFTER

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
            f"Every deal comes from this game's secret; its commitment (the SHA-256 of "
            f"`{table.id}|0|` and the secret) is `{commitment(secret, table.id, 0)}` (revealed "
            f"when the game ends, `/{table.command} verify` checks it).",
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

    def _open(self, table: Table) -> None:
        if table.record.status not in ("lobby", "active"):
            raise TableError(f"The game is over ({table.record.status}): its seats are fixed.")

    def _in_lobby(self, table: Table) -> None:
        if table.record.status != "lobby":
            raise TableError(
                f"The game has started: seats are fixed now (`/{table.command} status`)."
            )

    async def _seats(
        self,
        table: Table,
        seats: dict[Seat, int],
        ai: dict[Seat, str],
        held: dict[Seat, int],
        text: str,
    ) -> Reply:
        """The seats stored with whom the computer holds a seat for, in one change."""
        ai = {s: lvl for s, lvl in ai.items() if seats.get(s, 0) < 0}
        held = {s: u for s, u in held.items() if s in ai}
        options = {**table.record.options, "ai": ai, HELD: held}
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
