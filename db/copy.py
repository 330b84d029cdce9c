"""Moving up: copy every game from a SQLite file into an empty PostgreSQL database, then check
that each one replays to the same state from either.

    python -m bot.table.copy_db ./vijayanagara.sqlite3 postgresql://user:password@host/dbname

Everything is copied, in one transaction: games (with their ids, so exports and fairness
records still name them, and their secrets), the action logs, text logs, snapshots, owed
announcements and direct messages,
deck files and server settings. The SQLite file is only read (after bringing it up to the
current migration). Stop the bot first: moves made during the copy would not be in it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from rules.capabilities import StoredSteps, files_of, seeding_of, with_later
from rules.game import Game

from .errors import StorageError
from .models import GameRecord, GameSecret, StoredAction, seats_of
from .postgres import PostgresStore
from .sqlite import SQLiteStore
from .store import Store

BATCH = 1000  # rows per round trip
AnyGame = Game[object, object, object, BaseModel]
Rules = Callable[[str], AnyGame]  # a game's rules by its id (a ValueError: none)

# (table, SQLite columns, which of them are timestamps); the PostgreSQL columns have the same
# names (migrations/postgresql/).
TABLES: tuple[tuple[str, tuple[str, ...], frozenset[str]], ...] = (
    ("decks", ("hash", "text", "created_at"), frozenset({"created_at"})),
    (
        "server_settings",
        ("guild_id", "organisers", "role_id", "updated_at"),
        frozenset({"updated_at"}),
    ),
    (
        "games",
        (
            "id",
            "channel_id",
            "seed",
            "options",
            "seats",
            "status",
            "version",
            "creator",
            "created_at",
            "updated_at",
            "secret",
            "dealt_from",
            "kind",
            "commitment_names_game",
        ),
        frozenset({"created_at", "updated_at"}),
    ),
    (
        "actions",
        ("game_id", "seq", "action", "faction", "user_id", "created_at", "move"),
        frozenset({"created_at"}),
    ),
    ("snapshots", ("game_id", "seq", "state"), frozenset()),
    ("log_lines", ("game_id", "n", "line"), frozenset()),  # the text log, a table of its own
    (
        "outbox",
        (
            "game_id",
            "version",
            "channel_id",
            "text",
            "mentions",
            "board",
            "attempts",
            "next_attempt_at",
            "created_at",
            "edit",
            "close_text",
            "deciding",
        ),
        frozenset({"next_attempt_at", "created_at"}),
    ),
    (
        "turn_messages",
        ("game_id", "turn_version", "body", "message_id", "message_version", "newest_id"),
        frozenset(),
    ),
    # waits and their reminders (a claim is not copied: the copy is made offline),
    # paces, finished games' records, players' preferences
    ("jobs", ("game_id", "version", "user_id", "stage", "since", "due_at"), frozenset()),
    (
        "paces",
        (
            "game_id",
            "seconds",
            "deadline",
            "ai_seconds",
            "proposed_seconds",
            "proposed_deadline",
            "agreed",
        ),
        frozenset(),
    ),
    (
        "results",
        ("game_id", "faction", "user_id", "place", "score", "finished_at"),
        frozenset(),
    ),
    (
        "user_prefs",
        ("user_id", "time_zone", "quiet_from", "quiet_to", "direct_messages"),
        frozenset(),
    ),
    # consent over seats, and the server of each game's channel
    ("seat_holds", ("game_id", "faction", "user_id"), frozenset()),
    ("channel_servers", ("channel_id", "guild_id"), frozenset()),
    # what a move showed one seat alone, kept until its player looks
    ("seat_notes", ("game_id", "faction", "n", "line", "version", "sent"), frozenset()),
    # a "Your turn" Discord failed to send, owed (a claim is not copied, as the jobs')
    (
        "owed_directs",
        ("game_id", "user_id", "version", "text", "attempts", "due_at"),
        frozenset(),
    ),
)


class CopyError(StorageError):
    """The copy cannot be made, or a copied game does not match its original."""


@dataclass(frozen=True)
class CopyReport:
    games: int
    actions: int


def _timestamp(text: str) -> datetime:
    return datetime.fromisoformat(text)  # '...Z' is UTC


def _rows(
    src: sqlite3.Connection, table: str, columns: Sequence[str], stamps: frozenset[str]
) -> Iterator[list[tuple[Any, ...]]]:
    cur = src.execute(f"SELECT {', '.join(columns)} FROM {table}")
    while batch := cur.fetchmany(BATCH):
        out = []
        for row in batch:
            values = list(row)
            for i, name in enumerate(columns):
                if name in stamps:
                    values[i] = _timestamp(values[i])
                elif (table, name) in (
                    ("outbox", "board"),
                    ("outbox", "edit"),
                    ("user_prefs", "direct_messages"),
                    ("games", "commitment_names_game"),
                    ("seat_notes", "sent"),
                ):
                    values[i] = bool(values[i])
            out.append(tuple(values))
        yield out


def replay(
    g: AnyGame,
    game: GameRecord,
    secret: GameSecret,
    files: Mapping[str, str],
    log: Sequence[StoredAction],
) -> str:
    """The game's state rebuilt from its log alone (what the bot's snapshots cache), as JSON."""
    fields = g.info.options.model_fields
    options = g.info.options.model_validate({k: v for k, v in game.options.items() if k in fields})
    if files:
        options = files_of(g).with_files(options, files)
    seats = seats_of(g.info, game)
    # a game without a secret is dealt by its seed (games before chance entries, and those
    # created with one)
    seeded = not secret.secret
    state = (
        seeding_of(g).new_seeded(options, seats, game.seed)
        if seeded
        else g.new_game(options, seats)
    )
    steps = StoredSteps(g)  # a step stored before the rules took it unasked: skipped
    actions = [g.action_from_json(json.dumps(a.action, separators=(",", ":"))) for a in log]
    for action, later in with_later(actions):
        state = steps.replayed(state, action, later)
    return g.state_to_json(state)


async def _files(store: Store, game: GameRecord) -> dict[str, str]:
    """The component files a game is played with, by name (as the bot loads them)."""
    keys = dict(game.options.get("files") or {})
    if game.options.get("deck_hash") is not None:  # before every game had files, one deck
        keys.setdefault("deck", game.options["deck_hash"])
    files: dict[str, str] = {}
    for name, key in keys.items():
        text = await store.deck_text(str(key))
        if text is None:
            raise CopyError(f"game {game.id}: its {name} file is missing")
        files[str(name)] = text
    legacy = game.options.get("deck")  # games stored before migration 004 kept the text
    if legacy is not None and "deck" not in files:
        files["deck"] = str(legacy)
    return files


async def _replayed(
    store: Store, g: AnyGame | None, game: GameRecord
) -> tuple[list[StoredAction], str | None]:
    """The game's log, and the state it replays to. None for a game with no step logged (its
    setup follows from its record, compared already: a game still in its lobby may have too
    few seats to set up) and for a kind no longer registered (its log alone is compared)."""
    log = await store.actions(game.id)
    if g is None or not log:
        return log, None
    files, secret = await _files(store, game), await store.secret(game.id)
    try:
        return log, replay(g, game, secret, files, log)
    except ValueError as e:
        raise CopyError(f"game {game.id}: its log does not replay ({e})") from e


def _rules_of(rules: Rules, kind: str) -> AnyGame | None:
    try:
        return rules(kind)
    except ValueError:
        return None


async def copy_database(sqlite_path: str | Path, postgres_url: str, rules: Rules) -> CopyReport:
    """Copy everything, then check every game, each replayed by its kind's `rules` (the
    caller's registry of games); CopyError on the first that differs."""
    if not Path(sqlite_path).is_file():
        raise CopyError(f"no SQLite database at {sqlite_path}")
    source = await SQLiteStore.open(sqlite_path)  # brings an older file up to date
    target = await PostgresStore.open(postgres_url)
    try:
        if await target.count_games():
            raise CopyError(
                "the PostgreSQL database already has games: copy into an empty database"
            )
        src = sqlite3.connect(f"file:{Path(sqlite_path).resolve()}?mode=ro", uri=True)
        try:
            ids = [int(r[0]) for r in src.execute("SELECT id FROM games ORDER BY id")]
            async with target.transaction() as conn:
                for table, columns, stamps in TABLES:
                    placeholders = ", ".join(f"${i + 1}" for i in range(len(columns)))
                    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders})"
                    for batch in _rows(src, table, columns, stamps):
                        await conn.executemany(sql, batch)
                await conn.execute(
                    "SELECT setval(pg_get_serial_sequence('games', 'id'), "
                    "GREATEST((SELECT MAX(id) FROM games), 1))"
                )
        finally:
            src.close()
        actions = 0
        for game_id in ids:
            original = await source.get_game(game_id)
            copied = await target.get_game(game_id)
            if copied != original:
                raise CopyError(f"game {game_id}: its record differs after the copy")
            g = _rules_of(rules, original.kind)
            log, state = await _replayed(source, g, original)
            copied_log, copied_state = await _replayed(target, g, copied)
            if copied_log != log:
                raise CopyError(f"game {game_id}: its action log differs after the copy")
            if copied_state != state:
                raise CopyError(f"game {game_id}: it replays to another state after the copy")
            actions += len(log)
        return CopyReport(games=len(ids), actions=actions)
    finally:
        await target.close()
        await source.close()
