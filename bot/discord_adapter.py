"""The discord.py adapter: the /vj command group, autocomplete, buttons, and turning a
service `Reply` into Discord messages. All game logic lives in `GameService`.

Buttons carry `vj:<game>:<version>:<what>` custom ids and are handled in `on_interaction`
by parsing the id, so they keep working after a restart and a click on an old message is
refused by the service (the version no longer matches).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable
from typing import Any, Literal

import discord
from discord import app_commands

from .reply import Reply
from .service import CUSTOM_ID_PREFIX, GameService

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds: answer directly when the service is quicker, else defer
MAX_IMPORT_BYTES = 5_000_000
MAX_DECK_BYTES = 1_000_000
STYLES: dict[str, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
FACTION_CHOICES = [
    app_commands.Choice(name="D — Delhi Sultanate", value="D"),
    app_commands.Choice(name="B — Bahmani Kingdom", value="B"),
    app_commands.Choice(name="V — Vijayanagara Empire", value="V"),
]


def channel_key(interaction: discord.Interaction[Any]) -> str:
    """The game's home: the channel or thread id."""
    return str(interaction.channel_id)


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms is not None and perms.manage_guild)


def make_view(reply: Reply) -> discord.ui.View | None:
    if not reply.buttons:
        return None
    view = discord.ui.View(timeout=None)
    for i, b in enumerate(reply.buttons[:25]):
        view.add_item(
            discord.ui.Button(
                label=b.label[:80], custom_id=b.custom_id, style=STYLES[b.style], row=min(i // 5, 4)
            )
        )
    return view


def allowed_mentions(reply: Reply) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in reply.mentions]
    )


def files_of(reply: Reply) -> list[discord.File]:
    out = []
    if reply.image is not None:
        out.append(discord.File(io.BytesIO(reply.image), filename="board.png"))
    if reply.file is not None:
        out.append(discord.File(io.BytesIO(reply.file.data), filename=reply.file.filename))
    return out


async def send_reply(
    interaction: discord.Interaction[Any], reply: Reply, *, deferred: bool = False
) -> None:
    """Send a Reply: text in as few messages as fit (batched lines), the board attached to the
    last one with the buttons; errors ephemeral."""
    chunks = reply.chunks()
    files = files_of(reply)
    view = make_view(reply)
    mentions = allowed_mentions(reply)
    if deferred and reply.ephemeral:
        # the deferral showed a public "thinking" message; replace it with a private answer
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    for i, chunk in enumerate(chunks):
        last = i == len(chunks) - 1
        kwargs: dict[str, Any] = {
            "ephemeral": reply.ephemeral,
            "allowed_mentions": mentions,
        }
        if last:
            if files:
                kwargs["files"] = files
            if view is not None:
                kwargs["view"] = view
        if not interaction.response.is_done():
            await interaction.response.send_message(chunk, **kwargs)
        else:
            await interaction.followup.send(chunk, **kwargs)
    if view is not None:
        view.stop()  # the clicks are handled by on_interaction, not kept in memory


async def respond(
    interaction: discord.Interaction[Any],
    work: Awaitable[Reply],
    *,
    component: bool = False,
) -> Reply:
    """Run the service call; if it takes longer than DEFER_AFTER, defer first (Discord wants an
    answer within 3 seconds), then send the reply."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    deferred = False
    if not done:
        if component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True)
        deferred = not component
    reply = await task
    await send_reply(interaction, reply, deferred=deferred)
    return reply


class VjGroup(app_commands.Group):
    """/vj — every command of the bot."""

    def __init__(self, service: GameService) -> None:
        super().__init__(name="vj", description="Play Vijayanagara (GMT) in this channel")
        self.service = service

    # --- lobby -----------------------------------------------------------------------

    @app_commands.command(name="create", description="Open a new game in this channel or thread")
    @app_commands.describe(
        timurs_shadow="Play with the optional Timur's Shadow variant",
        deck="A deck file (YAML, docs/events-format.md) to play instead of the project's deck",
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        timurs_shadow: bool = False,
        deck: discord.Attachment | None = None,
    ) -> None:
        text: str | None = None
        if deck is not None:
            if deck.size > MAX_DECK_BYTES:
                await send_reply(
                    interaction,
                    Reply.error(f"That deck file is too large (at most {MAX_DECK_BYTES} bytes)."),
                )
                return
            try:
                text = (await deck.read()).decode("utf-8")
            except UnicodeDecodeError:
                await send_reply(interaction, Reply.error("That deck file is not UTF-8 text."))
                return
        await respond(
            interaction,
            self.service.create(
                channel_key(interaction),
                interaction.user.id,
                timurs_shadow=timurs_shadow,
                deck=text,
            ),
        )

    @app_commands.command(name="join", description="Take a seat (one person may hold several)")
    @app_commands.describe(faction="The faction to play; the first free one if left out")
    @app_commands.choices(faction=FACTION_CHOICES)
    async def join(self, interaction: discord.Interaction[Any], faction: str | None = None) -> None:
        await respond(
            interaction, self.service.join(channel_key(interaction), interaction.user.id, faction)
        )

    @app_commands.command(name="leave", description="Give up your seat(s)")
    @app_commands.describe(faction="Only this seat (default: all of yours)")
    @app_commands.choices(faction=FACTION_CHOICES)
    async def leave(
        self, interaction: discord.Interaction[Any], faction: str | None = None
    ) -> None:
        await respond(
            interaction, self.service.leave(channel_key(interaction), interaction.user.id, faction)
        )

    @app_commands.command(name="start", description="Start the game (all three seats taken)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction, self.service.start(channel_key(interaction), interaction.user.id)
        )

    # --- moves -----------------------------------------------------------------------

    @app_commands.command(name="play", description="Send an order; steps separated by ';'")
    @app_commands.describe(order="e.g. command; march; move 2 troop from delhi to malwa; done")
    async def play(self, interaction: discord.Interaction[Any], order: str) -> None:
        await respond(
            interaction, self.service.play(channel_key(interaction), interaction.user.id, order)
        )

    @play.autocomplete("order")
    async def play_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        orders = await self.service.legal_orders(
            channel_key(interaction), interaction.user.id, current
        )
        return [app_commands.Choice(name=o[:100], value=o[:100]) for o in orders[:25]]

    @app_commands.command(name="pass", description="Pass (+3 Resources for Delhi, +1 others)")
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await self._shortcut(interaction, "pass", None)

    @app_commands.command(name="event", description="Take the Event, or choose its side")
    @app_commands.describe(side="Which side of the Event to execute")
    async def event(
        self,
        interaction: discord.Interaction[Any],
        side: Literal["unshaded", "shaded"] | None = None,
    ) -> None:
        await self._shortcut(interaction, "event", side)

    @app_commands.command(name="command", description="Choose a Command (or the Command option)")
    @app_commands.describe(name="march, conscript, govern, attack, rally, migrate, rebel")
    async def command_(
        self, interaction: discord.Interaction[Any], name: str | None = None
    ) -> None:
        await self._shortcut(interaction, "command", name)

    @app_commands.command(name="decree", description="Choose a Decree")
    @app_commands.describe(name="collect-tribute, campaign, demand-obedience, trade, build, ...")
    async def decree(self, interaction: discord.Interaction[Any], name: str) -> None:
        await self._shortcut(interaction, "decree", name)

    @app_commands.command(name="done", description="Finish the current Command, Decree or step")
    async def done(self, interaction: discord.Interaction[Any]) -> None:
        await self._shortcut(interaction, "done", None)

    @command_.autocomplete("name")
    async def command_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        names = await self.service.shortcut_choices(channel_key(interaction), "command", current)
        return [app_commands.Choice(name=n, value=n) for n in names]

    @decree.autocomplete("name")
    async def decree_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        names = await self.service.shortcut_choices(channel_key(interaction), "decree", current)
        return [app_commands.Choice(name=n, value=n) for n in names]

    async def _shortcut(
        self, interaction: discord.Interaction[Any], name: str, arg: str | None
    ) -> None:
        await respond(
            interaction,
            self.service.shortcut(channel_key(interaction), interaction.user.id, name, arg),
        )

    @app_commands.command(name="undo", description="Take back your last step")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await respond(interaction, self.service.undo(channel_key(interaction), interaction.user.id))

    @app_commands.command(name="give", description="Give Resources and/or Cavalry (1.5.2)")
    @app_commands.describe(
        receiver="Who receives",
        resources="How many Resources",
        cavalry="How many Cavalry tokens",
        giver="Which of your factions gives (when you hold several)",
    )
    @app_commands.choices(receiver=FACTION_CHOICES, giver=FACTION_CHOICES)
    async def give(
        self,
        interaction: discord.Interaction[Any],
        receiver: str,
        resources: app_commands.Range[int, 0, 24] = 0,
        cavalry: app_commands.Range[int, 0, 10] = 0,
        giver: str | None = None,
    ) -> None:
        await respond(
            interaction,
            self.service.give(
                channel_key(interaction), interaction.user.id, receiver, resources, cavalry, giver
            ),
        )

    # --- reading ---------------------------------------------------------------------

    @app_commands.command(name="board", description="Show the board")
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await respond(interaction, self.service.board(channel_key(interaction)))

    @app_commands.command(name="status", description="Seats, Resources, score, whose turn")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await respond(interaction, self.service.status(channel_key(interaction)))

    @app_commands.command(name="log", description="The last lines of the game log (only you see)")
    @app_commands.describe(lines="How many lines (default 20)")
    async def log_(
        self, interaction: discord.Interaction[Any], lines: app_commands.Range[int, 1, 200] = 20
    ) -> None:
        await respond(interaction, self.service.log_lines(channel_key(interaction), lines))

    @app_commands.command(name="card", description="Look up an event card")
    @app_commands.describe(number="The card's number, or type part of its title")
    async def card(self, interaction: discord.Interaction[Any], number: str) -> None:
        await send_reply(interaction, await self.service.card_in(channel_key(interaction), number))

    @card.autocomplete("number")
    async def card_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=label, value=str(n))
            for label, n in self.service.card_choices(str(current))
        ]

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await send_reply(interaction, self.service.help())

    # --- export / import / abort -----------------------------------------------------------

    @app_commands.command(name="export", description="Download the whole game as JSON")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await respond(interaction, self.service.export(channel_key(interaction)))

    @app_commands.command(
        name="verify", description="Check every die and card against the game's secret"
    )
    async def verify(self, interaction: discord.Interaction[Any]) -> None:
        await respond(interaction, self.service.verify(channel_key(interaction)))

    @app_commands.command(name="import", description="Load an exported game into this channel")
    @app_commands.describe(file="A JSON file made by /vj export")
    async def import_(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> None:
        if file.size > MAX_IMPORT_BYTES:
            await send_reply(interaction, Reply.error("That file is too large for a game export."))
            return
        data = await file.read()
        await respond(
            interaction,
            self.service.import_game(channel_key(interaction), interaction.user.id, data),
        )

    @app_commands.command(name="abort", description="End the game without a result")
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction,
            self.service.abort(
                channel_key(interaction), interaction.user.id, is_manager=is_manager(interaction)
            ),
        )

    @app_commands.command(name="resign", description="End the game (same as abort)")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction,
            self.service.abort(
                channel_key(interaction), interaction.user.id, is_manager=is_manager(interaction)
            ),
        )


async def handle_component(service: GameService, interaction: discord.Interaction[Any]) -> bool:
    """A button click with one of our custom ids; True when it was ours."""
    if interaction.type != discord.InteractionType.component:
        return False
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if not custom_id.startswith(CUSTOM_ID_PREFIX + ":"):
        return False
    await respond(
        interaction,
        service.press(channel_key(interaction), interaction.user.id, custom_id),
        component=True,
    )
    return True


class VijayanagaraBot(discord.Client):
    """The client: no privileged intents; slash commands and components only."""

    def __init__(self, service: GameService, *, sync: bool = True) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        intents.members = False
        intents.presences = False
        super().__init__(intents=intents)
        self.service = service
        self.tree = app_commands.CommandTree(self)
        self.group = VjGroup(service)
        self.tree.add_command(self.group)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self._sync = sync

    async def setup_hook(self) -> None:
        if self._sync:
            synced = await self.tree.sync()
            log.info("synced %d application command(s)", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await handle_component(self.service, interaction)
        except Exception:
            log.exception("button handling failed")

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        log.exception("command failed", exc_info=error)
        reply = Reply.error("Something went wrong on my side; nothing was stored. Try again.")
        with contextlib.suppress(discord.HTTPException):
            await send_reply(interaction, reply, deferred=interaction.response.is_done())
