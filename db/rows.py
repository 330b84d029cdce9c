"""Database rows into records, the same for both backends: each backend selects the columns in
the order these functions read them (an SQLite tuple and an asyncpg record both index)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .errors import UnreadableRow
from .models import (
    GameRecord,
    OwedAnnouncement,
    OwedDirect,
    Pace,
    PaceProposal,
    Reminder,
    StoredAction,
    TurnMessage,
    UserPrefs,
)

Row = Sequence[Any]

# The tables that hold one game's rows (keyed by game_id; the games row by its id). Deck
# files are shared by hash and belong to no one game.
GAME_TABLES: tuple[str, ...] = (
    "actions",
    "snapshots",
    "log_lines",
    "outbox",
    "turn_messages",
    "jobs",
    "paces",
    "results",
    "seat_holds",
    "seat_notes",
    "owed_directs",
)


def stored_bytes(rows: Sequence[Row]) -> int:
    """The bytes the rows' values take as text (UTF-8; a number as its digits, NULL as none):
    the same measure on both backends, whatever each adds for its own bookkeeping."""
    return sum(len(str(v).encode()) for r in rows for v in r if v is not None)


UNREADABLE = "unreadable"  # in a record's options: why its stored options or seats do not read


# Games' rows parsed last, each with its record (frozen): a game's row is read for every order,
# press and look at the game, and stays the same until the game changes. Only a parse is kept:
# a row read gives the record of that very row, whoever wrote it.
PARSED_ROWS = 512
_parsed: dict[tuple[Any, ...], GameRecord] = {}


def game(r: Row) -> GameRecord:
    """id, channel_id, seed, options, seats, status, version, creator, created_at, updated_at,
    the last seq, kind. A row whose options or seats do not read still gives its record (its
    channel stays reachable, to say so and to abort it): no seats, and options that hold only
    why (`UNREADABLE`), which the loader refuses to play."""
    row = tuple(r)
    record = _parsed.get(row)
    if record is None:
        record = _game(row)
        if len(_parsed) >= PARSED_ROWS:
            _parsed.clear()
        _parsed[row] = record
    return record


def _game(r: Row) -> GameRecord:
    fields = {
        "id": r[0],
        "channel_id": r[1],
        "seed": r[2],
        "status": r[5],
        "version": r[6],
        "creator": r[7],
        "created_at": r[8],
        "updated_at": r[9],
        "actions": r[10],
        "kind": r[11],
    }
    problems: list[str] = []
    options, seats = _object(r[3], "options", problems), _object(r[4], "seats", problems)
    try:
        record = GameRecord.model_validate({**fields, "options": options, "seats": seats})
    except ValueError as e:  # a pydantic.ValidationError is one
        problems.append(f"its stored row: {str(e).splitlines()[0][:200]}")
        record = GameRecord.model_validate(fields)
    if not problems:
        return record
    why = "; ".join(problems)
    return record.model_copy(update={"options": {**record.options, UNREADABLE: why}})


def _object(text: str, what: str, problems: list[str]) -> dict[str, Any]:
    """A JSON object a row keeps; {} (and the problem noted) when it does not read."""
    try:
        value = json.loads(text)
    except ValueError as e:
        problems.append(f"its stored {what} are not JSON ({e})")
        return {}
    if not isinstance(value, dict):
        problems.append(f"its stored {what} are not a JSON object")
        return {}
    return value


def stored_action(r: Row) -> StoredAction:
    """seq, action, faction, user_id, created_at, move."""
    try:
        action = json.loads(r[1])
    except ValueError as e:
        raise UnreadableRow(f"step {r[0]} of its log is not JSON ({e})") from e
    if not isinstance(action, dict):
        raise UnreadableRow(f"step {r[0]} of its log is not an action")
    return StoredAction(
        seq=r[0], action=action, faction=r[2], user_id=r[3], created_at=r[4], move=r[5]
    )


def owed(r: Row) -> OwedAnnouncement:
    """game_id, version, channel_id, text, mentions, board, attempts, created_at, edit,
    close_text, deciding."""
    return OwedAnnouncement(
        game_id=r[0],
        version=r[1],
        channel_id=r[2],
        text=r[3],
        mentions=json.loads(r[4]),
        board=bool(r[5]),
        attempts=r[6],
        created_at=r[7],
        edit=bool(r[8]),
        close_text=r[9],
        deciding=json.loads(r[10]),
    )


def turn_message(r: Row) -> TurnMessage:
    """turn_version, body, message_id, message_version, newest_id."""
    return TurnMessage(
        turn_version=r[0],
        body=r[1],
        message_id=None if r[2] is None else int(r[2]),
        message_version=r[3],
        newest_id=None if r[4] is None else int(r[4]),
    )


def reminder(r: Row) -> Reminder:
    """game_id, channel_id, version, user_id, stage, since, due_at."""
    return Reminder(
        game_id=r[0],
        channel_id=r[1],
        version=r[2],
        user_id=r[3],
        stage=r[4],
        since=r[5],
        due_at=r[6],
    )


def owed_direct(r: Row) -> OwedDirect:
    """game_id, user_id, version, text, attempts, due_at."""
    return OwedDirect(
        game_id=r[0], user_id=r[1], version=r[2], text=r[3], attempts=r[4], due_at=r[5]
    )


def pace(r: Row) -> Pace:
    """seconds, deadline, ai_seconds, proposed_seconds, proposed_deadline, agreed (JSON)."""
    proposal = (
        None
        if r[3] is None
        else PaceProposal(seconds=r[3], deadline=r[4] or "nothing", agreed=json.loads(r[5] or "[]"))
    )
    return Pace(seconds=r[0], deadline=r[1], ai_seconds=r[2], proposal=proposal)


def user_prefs(user_id: int, r: Row | None) -> UserPrefs:
    """time_zone, quiet_from, quiet_to, direct_messages; the defaults when there is no row."""
    if r is None:
        return UserPrefs(user_id=user_id)
    return UserPrefs(
        user_id=user_id,
        time_zone=r[0],
        quiet_from=r[1],
        quiet_to=r[2],
        direct_messages=bool(r[3]),
    )
