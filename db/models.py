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


class Announcement(BaseModel):
    """A public message a stored change owes its channel (the outbox): written in the same
    transaction as the change, deleted once delivered."""

    model_config = ConfigDict(frozen=True)

    text: str
    mentions: list[int] = Field(default_factory=list)  # user ids to ping
    board: bool = False  # attach the board picture


class OwedAnnouncement(Announcement):
    game_id: int
    version: int  # the version the change produced
    channel_id: str
    attempts: int = 0
    created_at: str = ""


class ExportedAction(BaseModel):
    action: dict[str, Any]
    faction: str | None = None
    user_id: int | None = None


class GameExport(BaseModel):
    """A whole game as portable JSON: enough to rebuild it by replay."""

    format: Literal["vijayanagara-game"] = "vijayanagara-game"
    format_version: int = 1
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: dict[str, int] = Field(default_factory=dict)
    status: Status = "active"
    creator: int = 0
    actions: list[ExportedAction] = Field(default_factory=list)
