"""Checking an ended game's export from the tables (`/<game> export` after the end): every
deal of its log is the one its revealed secret gives, and the secret is the one committed to
at the start. `python -m bot.verify` calls this for such files.

Every deal of a table game's log comes from its secret (no table game is imported), so every
chance entry is checked; an export in which none is has nothing to prove and is refused. The
file is read by the bounded JSON reader and validated entry by entry before any game code
sees it, so whatever it holds, the answer is one line."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field, model_validator

from db.export import first_error, one_line
from db.models import MAX_EXPORT_ACTIONS, HexSecret, Id
from db.safe_json import JsonError, load_json
from rules.dealing import commitment, legacy_commitment
from rules.table_log import verify

from .loading import TableError, table_game

FORMAT = "table-game"
Name = Annotated[str, Field(min_length=1, max_length=32)]
ENTRY_KINDS = frozenset({"step", "chance", "undo"})


class TableEntry(BaseModel):
    """One entry of a table game's log (rules.table_log): a seat's step, a chance outcome, or
    an undo naming its seat; exactly one of them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    step: dict[Name, Any] | None = None
    chance: dict[Name, Any] | None = None
    undo: Name | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> TableEntry:
        given = [k for k in sorted(ENTRY_KINDS) if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"a log entry is one of {', '.join(sorted(ENTRY_KINDS))}")
        return self


class TableExport(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["table-game"]
    game: Name
    id: Id
    status: Literal["finished", "aborted"]
    options: dict[Name, Any]
    seats: dict[Name, int]
    log: Annotated[list[TableEntry], Field(max_length=MAX_EXPORT_ACTIONS)]
    secret: HexSecret


def is_table_export(raw: bytes) -> bool:
    return f'"format": "{FORMAT}"'.encode() in raw[:4096]


def check_table_export(raw: bytes, posted: str | None) -> tuple[int, str]:
    """(exit status, message), as bot.verify.check (`posted`: the commitment given, in lower
    case)."""
    try:
        doc = load_json(raw)
        data = TableExport.model_validate(doc)
        g = table_game(data.game)
        options = g.info.options.model_validate(data.options.get("game", {}))
        seats = tuple(s for s in g.info.seats if s in data.seats)
        initial = g.new_game(options, seats)
    except JsonError as e:
        return 2, f"not an ended game's export: {e}"
    except pydantic.ValidationError as e:
        return 2, f"not an ended game's export: {first_error(e)}"
    except (TableError, ValueError) as e:
        return 2, f"not a game I can check: {one_line(str(e), 300)}"
    secret = bytes.fromhex(data.secret)
    bound = commitment(secret, data.id, 0)
    unbound = legacy_commitment(secret)  # posted by games that began before it named the game
    if posted is not None and posted not in (bound, unbound):
        return 1, (
            f"this export's secret and game number ({data.id}) give the commitment {bound}, "
            f"not {posted[:64]}: it is not the game that was posted for"
        )
    entries = [e.model_dump(exclude_none=True) for e in data.log]
    result = verify(g, initial, entries, secret, data.id)
    shown = posted or bound
    head = f"{g.info.title} game {data.id}, commitment {shown}: "
    if not result.ok:
        return 1, head + "DOES NOT VERIFY\n" + "\n".join(result.problems)
    if result.checked == 0:
        return 2, f"nothing to check: {g.info.title} game {data.id}'s log holds no deal"
    old = (
        " (a commitment from before commitments named their game: the game's number is "
        "checked by the deals it keys)"
        if shown == unbound
        else ""
    )
    return 0, head + f"all {result.checked} deal(s) follow from the secret{old}"
