"""The tables on Discord: one slash group per game (named by its GameInfo.command), each built
from the one command table, and the clicks on the tables' buttons. Every answer is deferred
privately first and delivered as Vijayanagara's are (bot/discord_delivery.py); refusals and
private reads stay with the caller."""

from __future__ import annotations

import inspect
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from ai.registry import levels

from ..discord_commands import is_manager, read_upload
from ..discord_delivery import answering, sender_of
from ..reply import Reply
from ..service import GameService
from .commands import COMMANDS, Call, Param, TableCommand, replies
from .loading import AnyGame, TableError, table_games
from .pipeline import CUSTOM_ID_PREFIX
from .service import TableService

log = logging.getLogger(__name__)
Choice = app_commands.Choice


class Tables:
    """The tables' side of the Discord client: its groups and its button clicks."""

    def __init__(
        self, service: TableService, client: discord.Client, delivery: GameService
    ) -> None:
        self.service = service
        self.client = client
        self.delivery = delivery  # the outbox and the game messages' records, shared
        delivery.other_games = service  # its outbox hands the tables' announcements back

    def groups(self) -> list[app_commands.Group]:
        return [self._group(g) for g in table_games()]

    def owns(self, custom_id: str) -> bool:
        return custom_id.startswith(CUSTOM_ID_PREFIX + ":")

    async def press(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        channel = str(interaction.channel_id)

        async def work() -> AsyncIterator[Reply]:
            for reply in await self.service.press(channel, interaction.user.id, custom_id):
                yield reply
            async for reply in self.service.ai_turns(channel):
                yield reply

        await self._answer(interaction, work)

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
        uploads = {p.name: p for p in c.params_of(kind) if p.upload}

        async def callback(interaction: discord.Interaction[Any], **args: Any) -> None:
            attached = {n: args.pop(n) for n in uploads if args.get(n) is not None}

            async def work() -> AsyncIterator[Reply]:
                files: dict[str, bytes] = {}
                for name, attachment in attached.items():  # downloaded once deferred
                    got = await read_upload(attachment, uploads[name].upload, f"{name} file")
                    if isinstance(got, Reply):
                        yield got
                        return
                    files[name] = got
                call = Call(
                    str(interaction.channel_id),
                    interaction.user.id,
                    kind,
                    args,
                    manager=is_manager(interaction),
                    files=files,
                )
                async for reply in replies(self.service, c.name, call):
                    yield reply

            await self._answer(interaction, work)

        params = [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        for p in c.params_of(kind):
            annotation: Any = discord.Attachment if p.upload else int if p.number else str
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
        for p in c.params_of(kind):
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
        self, interaction: discord.Interaction[Any], work: Callable[[], AsyncIterator[Reply]]
    ) -> None:
        """Deferred privately at once; then each reply goes out as Vijayanagara's do (its
        Sender): a stored change's announcement edits the turn's message or posts the next,
        only the newest message keeps buttons, the outbox is told; private answers stay
        with the caller."""
        with answering(interaction):
            sender = sender_of(interaction, self.delivery)
            if not await sender.defer(private=True):
                return
            try:
                async for reply in work():  # each delivered before the next is stored
                    await sender.send(reply)
            except TableError as e:
                await sender.send(Reply.error(str(e)))
