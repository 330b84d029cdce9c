"""Plain records the store reads and writes (JSON text stays text: the store never parses
actions or states)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["lobby", "active", "finished", "aborted"]


class GameRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    channel_id: str
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: dict[str, int] = Field(default_factory=dict)  # faction letter -> Discord user id
    status: Status
    version: int
    creator: int
    actions: int = 0  # how many actions the log holds (the last seq)
    created_at: str = ""
    updated_at: str = ""


class NewAction(BaseModel):
    """One action to append: its JSON text, the faction it was made for and who sent it."""

    model_config = ConfigDict(frozen=True)

    action: dict[str, Any]
    faction: str | None = None
    user_id: int | None = None


class StoredAction(NewAction):
    seq: int
    created_at: str = ""


class Snapshot(BaseModel):
    model_config = ConfigDict(frozen=True)

    seq: int  # the state after this many actions
    state: str  # GameState JSON


class GameSecret(BaseModel):
    """The secret that deals a game's chance outcomes (hex; '' for a game stored before chance
    entries), and how many log entries came with an import (another secret dealt those)."""

    model_config = ConfigDict(frozen=True)

    secret: str
    dealt_from: int = 0


class ExportedFairness(BaseModel):
    """Only in a finished game's export: what `verify` needs to check every chance entry."""

    game_id: int
    secret: str  # hex
    dealt_from: int = 0


class ExportedAction(BaseModel):
    action: dict[str, Any]
    faction: str | None = None
    user_id: int | None = None


class GameExport(BaseModel):
    """A whole game as portable JSON: the log with its chance entries is enough to rebuild it
    by replay. Nothing in it tells what comes next: no seed (only a game stored before chance
    entries has one, format 1), and the secret only once the game is over."""

    format: Literal["vijayanagara-game"] = "vijayanagara-game"
    format_version: int = 2
    seed: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: dict[str, int] = Field(default_factory=dict)
    status: Status = "active"
    creator: int = 0
    actions: list[ExportedAction] = Field(default_factory=list)
    fairness: ExportedFairness | None = None
