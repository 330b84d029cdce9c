"""The tables on Discord: one slash group per game (named by its GameInfo.command), each built
from the one command table, and the clicks on the tables' buttons. Every answer is deferred
privately first; public replies go to the channel as plain messages (each leaves the outbox
once posted), refusals and private reads stay with the caller."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from ai.registry import levels

from ..discord_delivery import files_of, post_parts, public_parts
from ..reply import MESSAGE_LIMIT, Reply
from .commands import COMMANDS, Call, Param, TableCommand, run_command
from .loading import AnyGame, TableError, table_games
from .pipeline import CUSTOM_ID_PREFIX
from .service import TableService

log = logging.getLogger(__name__)
Choice = app_commands.Choice


class Tables:
    """The tables' side of the Discord client: its groups and its button clicks."""

    def __init__(self, service: TableService, client: discord.Client) -> None:
        self.service = service
        self.client = client

    def groups(self) -> list[app_commands.Group]:
        return [self._group(g) for g in table_games()]

    def owns(self, custom_id: str) -> bool:
        return custom_id.startswith(CUSTOM_ID_PREFIX + ":")

    async def press(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        await self._answer(
            interaction,
            lambda: self.service.press(str(interaction.channel_id), interaction.user.id, custom_id),
        )

    # --- building the groups ----------------------------------------------------------------

    def _group(self, g: AnyGame) -> app_commands.Group:
        group = app_commands.Group(
            name=g.info.command,
            description=f"Play {g.info.title} in this channel"[:100],
            guild_only=True,
        )
        for c in COMMANDS:
            if c.of(g.info.id):
                group.add_command(self._command(g, c))
        return group

    def _command(self, g: AnyGame, c: TableCommand) -> app_commands.Command[Any, ..., Any]:
        kind = g.info.id

        async def callback(interaction: discord.Interaction[Any], **args: Any) -> None:
            call = Call(str(interaction.channel_id), interaction.user.id, kind, args)
            await self._answer(interaction, lambda: run_command(self.service, c.name, call))

        params = [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        for p in c.params:
            annotation: Any = int if p.number else str
            params.append(
                inspect.Parameter(
                    p.name,
                    inspect.Parameter.POSITIONAL_OR_KEYWORD,
                    annotation=annotation if p.required else annotation | None,
                    default=inspect.Parameter.empty if p.required else None,
                )
            )
        callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        callback.__annotations__ = {p.name: p.annotation for p in params}
        command: app_commands.Command[Any, ..., Any] = app_commands.Command(
            name=c.name, description=c.description[:100], callback=callback
        )
        for p in c.params:
            if p.name in command._params:
                command._params[p.name].description = p.description[:100]
            if p.complete is not None:
                command.autocomplete(p.name)(self._completer(kind, p))
        return command

    def _completer(
        self, kind: str, p: Param
    ) -> Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[Choice[str]]]]:
        async def complete(
            interaction: discord.Interaction[Any], current: str
        ) -> list[Choice[str]]:
            typed = current[:100]
            try:
                if p.complete == "order":
                    said = await self.service.choices(
                        str(interaction.channel_id), interaction.user.id, kind, typed
                    )
                    return [Choice(name=s[:100], value=s[:100]) for s in said]
                if p.complete == "seat":
                    return [
                        Choice(name=t, value=v) for t, v in self.service.seat_choices(kind, typed)
                    ]
                if p.complete == "level":
                    return [Choice(name=v, value=v) for v in levels(kind) if v.startswith(typed)]
                return [Choice(name=t, value=t) for t in self.service.topics(kind, typed)]
            except (TableError, ValueError):
                return []

        return complete

    # --- answering ---------------------------------------------------------------------------

    async def _answer(
        self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[list[Reply]]]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            replies = await work()
        except TableError as e:
            replies = [Reply.error(str(e))]
        private: list[str] = []
        for reply in replies:
            if reply.ephemeral:
                await interaction.followup.send(
                    reply.text[:MESSAGE_LIMIT],
                    files=files_of(reply),
                    ephemeral=True,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                continue
            await self._publish(int(interaction.channel_id or 0), reply)
            if reply.receipt:
                private.append(reply.receipt)
        if not any(r.ephemeral for r in replies):
            await interaction.followup.send(
                "\n".join(private)[:MESSAGE_LIMIT] or "Done.", ephemeral=True
            )

    async def _publish(self, channel_id: int, reply: Reply) -> None:
        """Post a public reply; a stored change's announcement then leaves the outbox (if the
        post fails it stays there, and the outbox delivers it later)."""
        rest = await post_parts(self.client, channel_id, public_parts(reply))
        if rest:
            log.warning("channel %s: %d part(s) not posted", channel_id, len(rest))
            return
        if reply.announcement is not None:
            try:
                await self.service.delivered(reply.announcement)
            except Exception:  # the outbox posts it again later; better twice than never
                log.exception("announcement %s not marked delivered", reply.announcement)
