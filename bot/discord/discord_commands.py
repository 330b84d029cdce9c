"""The slash command groups, one per game (`/vj`, `/gt`, `/tm`, each with a `club` subgroup),
built from the one command table (bot/table/commands.py), and their autocomplete. Every command is
a thin call into `GameService`; when to defer and how replies reach the channel is
bot/discord/discord_delivery.py."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from rules.capabilities import menus_of

from ..table.ai_users import seat_levels
from ..table.commands import AnyGame, Call, Command, Param, Value, club, common, own
from ..table.games.entry import Registry
from ..table.lobby import MAX_FILE_BYTES
from ..table.moves import MAX_ORDER_CHARS
from ..table.reply import Reply
from ..table.service import GameService
from ..table.transfer import MAX_IMPORT_BYTES
from .discord_delivery import (
    SEND_ERRORS,
    answer_change,
    answer_read,
    choices_in_time,
    open_thread,
    post_and_pin,
)
from .front_end import CHOICE_CHARS

Choice = app_commands.Choice


def table_of(interaction: discord.Interaction[Any]) -> GameService:
    """The table of the client the interaction came to (its `service`): the slash groups are
    the same for every client hosting the same games, so each command asks for it."""
    service: GameService = interaction.client.service
    return service


def channel_key(interaction: discord.Interaction[Any]) -> str:
    """The game's home: the channel or thread id."""
    return str(interaction.channel_id)


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    return interaction.permissions.manage_guild


def guild_key(interaction: discord.Interaction[Any]) -> str | None:
    return None if interaction.guild_id is None else str(interaction.guild_id)


def role_ids(interaction: discord.Interaction[Any]) -> list[int]:
    """The caller's role ids, as the interaction carries them (a Member has roles; a User in
    a DM has none). Not `Member.roles`: that keeps only the roles of a server in the client's
    cache, and a server is not there before its GUILD_CREATE (or after it went unavailable)."""
    return [int(r) for r in getattr(interaction.user, "_roles", ())]


async def read_upload(attachment: discord.Attachment, limit: int, what: str) -> bytes | Reply:
    """An attachment's bytes, or the refusal to show (too large, not downloadable)."""
    if attachment.size > limit:
        return Reply.error(
            f"That {what} is {attachment.size:,} bytes; at most {limit:,} bytes are accepted."
        )
    try:
        return await attachment.read()
    except (discord.HTTPException, OSError) as e:
        return Reply.error(f"I could not download that {what} from Discord ({e}); try again.")


def with_effect(name: str, effect: str | None, limit: int = CHOICE_CHARS) -> str:
    """`march — move Troops and Governors into adjacent spaces`, cut to `limit`."""
    text = f"{name} — {effect}" if effect else name
    return text if len(text) <= limit else text[: limit - 1] + "…"


@functools.lru_cache(maxsize=4)
def slash_groups(games: Registry) -> dict[str, app_commands.Group]:
    """Each hosted game's slash group by its id, built once per process for a set of games:
    discord.py reads each command's parameters from its signature (about 50 ms of CPU for
    all of them), and they do not depend on the client, which only adds them to its tree
    (a test process starts a hundred clients). Not to be changed: a copy for each client."""
    return {g.info.id: GameGroups(games).group(g) for g in games.games()}


class GameGroups:
    """Each game's slash group, from the command table; a command answers through the table
    of the client its interaction came to (`table_of`)."""

    def __init__(self, games: Registry) -> None:
        self.games = games

    def group(self, g: AnyGame) -> app_commands.Group:
        group = app_commands.Group(
            name=self.games.command(g.info.id),
            description=f"Play {g.info.title} in this channel"[:100],
            guild_only=True,
        )
        for c in [*common(g, self.games), *own(g, self.games)]:
            group.add_command(self.command(g, c))
        # Discord allows 25 subcommands per group: the commands for play over days, the
        # records, and the rarely used verify and config live in one subgroup
        sub = app_commands.Group(
            name="club",
            description="Play over days: pace, reminders, rematch, seats, records",
            parent=group,
        )
        for c in club(g):
            sub.add_command(self.command(g, c))
        return group

    def command(self, g: AnyGame, c: Command) -> app_commands.Command[Any, ..., Any]:
        kind = g.info.id

        async def callback(interaction: discord.Interaction[Any], **args: Any) -> None:
            await self.answer(interaction, kind, c, args)

        params = [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        for p in c.params:
            annotation = _annotation(g, p)
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
            param = command._params.get(p.name)
            if param is None:
                continue
            param.description = p.description[:100]
            listed = _choices(g, p, self.games)
            if listed:
                param.choices = [
                    Choice(name=label[:CHOICE_CHARS], value=value) for label, value in listed
                ]
            if p.complete is not None:
                command.autocomplete(p.name)(self.completer(kind, c, p))
        return command

    def completer(
        self, kind: str, c: Command, p: Param
    ) -> Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[Choice[str]]]]:

        async def complete(
            interaction: discord.Interaction[Any], current: str
        ) -> list[Choice[str]]:
            svc = table_of(interaction)
            typed = str(current)[:MAX_ORDER_CHARS]
            where = channel_key(interaction)
            if p.complete == "order":
                pairs = await choices_in_time(
                    interaction,
                    svc.autocomplete.legal_orders(where, interaction.user.id, typed, kind=kind),
                )
                return [Choice(name=with_effect(n, None), value=v) for n, v in pairs[:25]]
            if p.complete == "topic":
                return [
                    Choice(name=n, value=n)
                    for n in svc.autocomplete.topic_choices(typed, kind=kind)
                ]
            if p.complete == "lookup":
                found = await choices_in_time(
                    interaction, svc.autocomplete.card_choices(where, typed, kind=kind)
                )
                return [Choice(name=label[:CHOICE_CHARS], value=key) for label, key in found]
            names = await choices_in_time(
                interaction, svc.autocomplete.shortcut_choices(where, c.name, typed, kind=kind)
            )
            g = svc.registry.game(kind)
            effect_of = menus_of(g).effect_of
            return [Choice(name=with_effect(n, effect_of(n)), value=n) for n in names][:25]

        return complete

    async def answer(
        self,
        interaction: discord.Interaction[Any],
        kind: str,
        c: Command,
        args: dict[str, Any],
    ) -> None:
        svc = table_of(interaction)

        async def run() -> Reply:
            values: dict[str, Value] = {}
            for p in c.params:
                v = args.get(p.name)
                if v is None:
                    continue
                if p.kind == "file":
                    limit = MAX_IMPORT_BYTES if c.name == "import" else MAX_FILE_BYTES
                    data = await read_upload(v, limit, f"{p.name} file")
                    if isinstance(data, Reply):
                        return data
                    values[p.name] = data
                elif p.kind in ("user", "role"):
                    values[p.name] = int(v.id)
                else:
                    values[p.name] = v
            home = channel_key(interaction)
            if c.name == "create" and values.pop("thread", None):
                try:
                    home = str(
                        await open_thread(
                            interaction.client,
                            interaction.channel_id or 0,
                            f"{svc.registry.game(kind).info.title} — {interaction.user.display_name}'s game",
                        )
                    )
                except SEND_ERRORS as e:
                    return Reply.error(
                        f"I could not open a thread here ({e}). I need Create Public Threads, "
                        "and a thread cannot hold another: create the game without thread:."
                    )
                reply = await c.run(svc, self.call(interaction, kind, values, home))
                if not reply.ok:  # a refused game leaves an empty thread behind
                    return reply
                await post_and_pin(interaction.client, svc, reply, int(home))
                return Reply(text=f"Game opened in <#{home}>: join and play there.", ephemeral=True)
            values.pop("thread", None)
            return await c.run(svc, self.call(interaction, kind, values, home))

        if c.answer == "change":
            await answer_change(interaction, svc, run)
            return
        private = c.answer == "private" or (
            c.answer == "public_if_asked" and not args.get("public")
        )
        await answer_read(interaction, svc, run(), private=private)

    @staticmethod
    def call(
        interaction: discord.Interaction[Any], kind: str, values: dict[str, Value], home: str
    ) -> Call:
        return Call(
            channel=home,
            user=interaction.user.id,
            kind=kind,
            args=values,
            guild=guild_key(interaction),
            roles=tuple(role_ids(interaction)),
            is_manager=is_manager(interaction),
        )


def _annotation(g: AnyGame, p: Param) -> Any:
    """How Discord asks for a parameter."""
    if p.kind == "bool":
        return bool
    if p.kind == "number":
        low = int(p.low) if p.low is not None else None
        high = int(p.high) if p.high is not None else None
        return app_commands.Range[int, low, high] if low is not None or high is not None else int
    if p.kind == "decimal":
        return app_commands.Range[float, p.low, p.high]
    if p.kind == "file":
        return discord.Attachment
    if p.kind == "user":
        return discord.User
    if p.kind == "role":
        return discord.Role
    if p.max_length is not None:
        return app_commands.Range[str, 0, p.max_length]
    return str


def _choices(g: AnyGame, p: Param, games: Registry) -> list[tuple[str, str]]:
    """The fixed choices Discord lists for a parameter (a seat, a level, a switch)."""
    if p.kind == "seat":
        return [(f"{s} — {g.info.seat_titles.get(s, s)}", s) for s in g.info.seats]
    if p.kind == "level":
        return [(lvl, lvl) for lvl in seat_levels(g.info.id, games)]
    return [(c, c) for c in p.choices]
