"""Fakes of discord.py's Interaction (no network): they record what the adapter sends."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord


@dataclass
class Sent:
    kind: str  # send | followup | defer | delete
    content: str | None
    kwargs: dict[str, Any]

    @property
    def ephemeral(self) -> bool:
        return bool(self.kwargs.get("ephemeral"))

    @property
    def filenames(self) -> list[str]:
        return [f.filename for f in self.kwargs.get("files", [])]

    @property
    def custom_ids(self) -> list[str]:
        view = self.kwargs.get("view")
        if view is None:
            return []
        return [c.custom_id for c in view.children if isinstance(c, discord.ui.Button)]


class FakeResponse:
    def __init__(self, log: list[Sent]) -> None:
        self._log = log
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        assert not self._done, "responded twice"
        self._done = True
        self._log.append(Sent("send", content, kwargs))

    async def defer(self, **kwargs: Any) -> None:
        assert not self._done, "deferred after responding"
        self._done = True
        self._log.append(Sent("defer", None, kwargs))


class FakeFollowup:
    def __init__(self, log: list[Sent]) -> None:
        self._log = log

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self._log.append(Sent("followup", content, kwargs))


@dataclass
class FakeInteraction:
    user_id: int
    channel_id: int = 4242
    manage_guild: bool = False
    custom_id: str | None = None
    sent: list[Sent] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.user = SimpleNamespace(id=self.user_id, mention=f"<@{self.user_id}>")
        self.permissions = discord.Permissions(manage_guild=self.manage_guild)
        self.response = FakeResponse(self.sent)
        self.followup = FakeFollowup(self.sent)
        if self.custom_id is None:
            self.type = discord.InteractionType.application_command
            self.data: dict[str, Any] = {}
        else:
            self.type = discord.InteractionType.component
            self.data = {"custom_id": self.custom_id, "component_type": 2}

    async def delete_original_response(self) -> None:
        self.sent.append(Sent("delete", None, {}))

    @property
    def messages(self) -> list[Sent]:
        return [s for s in self.sent if s.kind in ("send", "followup")]

    @property
    def text(self) -> str:
        return "\n".join(s.content or "" for s in self.messages)


class FakeAttachment:
    def __init__(self, data: bytes, filename: str = "game.json") -> None:
        self._data = data
        self.filename = filename
        self.size = len(data)

    async def read(self) -> bytes:
        return self._data
