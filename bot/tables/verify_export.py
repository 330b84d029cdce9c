"""Checking an ended game's export from the tables (`/<game> export` after the end): every
deal of its log is the one its revealed secret gives, and the secret is the one committed to
at the start (its SHA-256). `python -m bot.verify` calls this for such files."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field

from db.models import MAX_EXPORT_ACTIONS, Id
from rules.dealing import commitment
from rules.table_log import verify

from .loading import TableError, table_game

FORMAT = "table-game"


class TableExport(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["table-game"]
    game: Annotated[str, Field(max_length=32)]
    id: Id
    status: Literal["finished", "aborted"]
    options: dict[str, Any]
    seats: dict[Annotated[str, Field(max_length=32)], int]
    log: Annotated[list[dict[str, Any]], Field(max_length=MAX_EXPORT_ACTIONS)]
    secret: Annotated[str, Field(pattern=r"^[0-9a-f]*$", max_length=128)]


def is_table_export(raw: bytes) -> bool:
    return f'"format": "{FORMAT}"'.encode() in raw[:4096]


def check_table_export(raw: bytes, expected_commitment: str | None) -> tuple[int, str]:
    """(exit status, message), as bot.verify.check."""
    try:
        data = TableExport.model_validate_json(raw)
        g = table_game(data.game)
        options = g.info.options.model_validate(data.options.get("game", {}))
        seats = tuple(s for s in g.info.seats if s in data.seats)
        initial = g.new_game(options, seats)
    except pydantic.ValidationError as e:
        return 2, f"not an ended game's export: {e.errors()[0]['msg']}"
    except (TableError, ValueError) as e:
        return 2, f"not a game I can check: {e}"
    secret = bytes.fromhex(data.secret)
    digest = commitment(secret, data.id, 0)
    if expected_commitment is not None and expected_commitment.strip().lower() != digest:
        return 1, (
            f"this export's secret gives the commitment {digest}, not "
            f"{expected_commitment.strip()[:64]}: it is not the game that was posted for"
        )
    result = verify(g, initial, data.log, secret, data.id)
    head = f"{g.info.title} game {data.id}, commitment {digest}: "
    if not result.ok:
        return 1, head + "DOES NOT VERIFY\n" + "\n".join(result.problems)
    return 0, head + f"all {result.checked} deal(s) follow from the secret"
