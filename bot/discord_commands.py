"""The /vj slash command group and its autocomplete. Every command is a thin call into
`GameService`; when to defer and how replies reach the channel is bot/discord_delivery.py."""

from __future__ import annotations

from collections.abc import Awaitable, Coroutine
from typing import Any, Literal

import discord
from discord import app_commands

from rules.vijayanagara.registry import COMMAND_NAMES, DECREE_NAMES

from .discord_delivery import (
    SEND_ERRORS,
    answer_change,
    answer_read,
    choices_in_time,
    open_thread,
    post_and_pin,
)
from .effects import with_effect
from .reply import Reply
from .service import MAX_DECK_BYTES, MAX_IMPORT_BYTES, GameService

FACTION_CHOICES = [
    app_commands.Choice(name="D — Delhi Sultanate", value="D"),
    app_commands.Choice(name="B — Bahmani Kingdom", value="B"),
    app_commands.Choice(name="V — Vijayanagara Empire", value="V"),
]


def channel_key(interaction: discord.Interaction[Any]) -> str:
    """The game's home: the channel or thread id."""
    return str(interaction.channel_id)


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    return interaction.permissions.manage_guild


def guild_key(interaction: discord.Interaction[Any]) -> str | None:
    return None if interaction.guild_id is None else str(interaction.guild_id)


def role_ids(interaction: discord.Interaction[Any]) -> list[int]:
    """The caller's role ids (a Member has roles; a User in a DM has none)."""
    return [r.id for r in getattr(interaction.user, "roles", [])]


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


async def change(
    interaction: discord.Interaction[Any],
    service: GameService,
    work: Coroutine[Any, Any, Reply],
) -> None:
    """Run a service call that may change the game (see answer_change)."""
    started = False

    async def run() -> Reply:
        nonlocal started
        started = True
        return await work

    try:
        await answer_change(interaction, service, run)
    finally:
        if not started:
            work.close()  # Discord refused the interaction: the call never runs


class VjGroup(app_commands.Group):
    """/vj — every command of the bot. Servers only: a game belongs to a channel or thread."""

    def __init__(self, service: GameService) -> None:
        super().__init__(
            name="vj", description="Play Vijayanagara (GMT) in this channel", guild_only=True
        )
        self.service = service
        # Discord allows 25 subcommands per group: the commands for play over days, the
        # records, and the rarely used verify and config live in one subgroup
        self.add_command(ClubGroup(service))

    async def change(
        self, interaction: discord.Interaction[Any], work: Coroutine[Any, Any, Reply]
    ) -> None:
        await change(interaction, self.service, work)

    async def read(
        self, interaction: discord.Interaction[Any], work: Awaitable[Reply], *, private: bool
    ) -> None:
        await answer_read(interaction, self.service, work, private=private)

    # --- lobby -----------------------------------------------------------------------

    @app_commands.command(name="create", description="Open a new game in this channel or thread")
    @app_commands.describe(
        timurs_shadow="Play with the optional Timur's Shadow variant",
        deck="A deck file (YAML, docs/events-format.md) to play instead of the project's deck",
        thread="Open a thread for the game and play there (its first message pinned)",
        ai="Fill the free seats with AIs of this level (you sit as `seat`)",
        seat="Your seat when ai: fills the others (D when left out)",
    )
    @app_commands.choices(seat=FACTION_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction[Any],
        timurs_shadow: bool = False,
        deck: discord.Attachment | None = None,
        thread: bool = False,
        ai: Literal["easy", "hard"] | None = None,
        seat: str | None = None,
    ) -> None:
        async def run() -> Reply:
            data: bytes | None = None
            if deck is not None:  # downloaded after the deferral; the service checks the bytes
                upload = await read_upload(deck, MAX_DECK_BYTES, "deck file")
                if isinstance(upload, Reply):
                    return upload
                data = upload
            home = channel_key(interaction)
            if thread:
                try:
                    home = str(
                        await open_thread(
                            interaction.client,
                            interaction.channel_id or 0,
                            f"Vijayanagara — {interaction.user.display_name}'s game",
                        )
                    )
                except SEND_ERRORS as e:
                    return Reply.error(
                        f"I could not open a thread here ({e}). I need Create Public Threads, "
                        "and a thread cannot hold another: create the game without thread:."
                    )
            reply = await self.service.create(
                home,
                interaction.user.id,
                timurs_shadow=timurs_shadow,
                deck=data,
                guild=guild_key(interaction),
                roles=role_ids(interaction),
                is_manager=is_manager(interaction),
                ai=ai,
                seat=seat,
            )
            if not thread or not reply.ok:  # a refused game leaves an empty thread behind
                return reply
            await post_and_pin(interaction.client, self.service, reply, int(home))
            return Reply(text=f"Game opened in <#{home}>: join and play there.", ephemeral=True)

        await answer_change(interaction, self.service, run)

    @app_commands.command(name="join", description="Take a seat (one person may hold several)")
    @app_commands.describe(faction="The faction to play; the first free one if left out")
    @app_commands.choices(faction=FACTION_CHOICES)
    async def join(self, interaction: discord.Interaction[Any], faction: str | None = None) -> None:
        await self.change(
            interaction, self.service.join(channel_key(interaction), interaction.user.id, faction)
        )

    @app_commands.command(name="leave", description="Give up your seat(s)")
    @app_commands.describe(faction="Only this seat (default: all of yours)")
    @app_commands.choices(faction=FACTION_CHOICES)
    async def leave(
        self, interaction: discord.Interaction[Any], faction: str | None = None
    ) -> None:
        await self.change(
            interaction, self.service.leave(channel_key(interaction), interaction.user.id, faction)
        )

    @app_commands.command(name="ai", description="Let an AI play a seat (a person takes it back)")
    @app_commands.describe(
        faction="The seat the AI plays",
        level="easy (fast, greedy) or hard (searches ~2 s a step)",
        pace="Seconds between two of its steps, so people can follow (default 4)",
    )
    @app_commands.choices(faction=FACTION_CHOICES)
    async def ai(
        self,
        interaction: discord.Interaction[Any],
        faction: str,
        level: Literal["easy", "hard"],
        pace: app_commands.Range[float, 1, 600] | None = None,
    ) -> None:
        await self.change(
            interaction,
            self.service.ai.seat(
                channel_key(interaction),
                interaction.user.id,
                faction,
                level,
                pace=pace,
                is_manager=is_manager(interaction),
            ),
        )

    @app_commands.command(name="hint", description="The hard AI's suggestion (only you see)")
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        await self.read(
            interaction,
            self.service.ai.hint(channel_key(interaction), interaction.user.id),
            private=True,
        )

    @app_commands.command(name="start", description="Start the game (all three seats taken)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.change(
            interaction, self.service.start(channel_key(interaction), interaction.user.id)
        )

    # --- moves -----------------------------------------------------------------------

    @app_commands.command(name="play", description="Send an order; steps separated by ';'")
    @app_commands.describe(order="e.g. command; march; move 2 troop from delhi to malwa; done")
    async def play(self, interaction: discord.Interaction[Any], order: str) -> None:
        await self.change(
            interaction, self.service.play(channel_key(interaction), interaction.user.id, order)
        )

    @play.autocomplete("order")
    async def play_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        pairs = await choices_in_time(
            interaction,
            self.service.legal_orders(channel_key(interaction), interaction.user.id, current),
        )
        return [app_commands.Choice(name=name, value=value) for name, value in pairs[:25]]

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
    @app_commands.describe(name=", ".join(COMMAND_NAMES))
    async def command_(
        self, interaction: discord.Interaction[Any], name: str | None = None
    ) -> None:
        await self._shortcut(interaction, "command", name)

    @app_commands.command(name="decree", description="Choose a Decree")
    @app_commands.describe(name=", ".join(DECREE_NAMES))
    async def decree(self, interaction: discord.Interaction[Any], name: str) -> None:
        await self._shortcut(interaction, "decree", name)

    @app_commands.command(name="done", description="Finish the current Command, Decree or step")
    async def done(self, interaction: discord.Interaction[Any]) -> None:
        await self._shortcut(interaction, "done", None)

    @command_.autocomplete("name")
    async def command_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        names = await choices_in_time(
            interaction,
            self.service.shortcut_choices(channel_key(interaction), "command", current),
        )
        return [app_commands.Choice(name=with_effect(n), value=n) for n in names]

    @decree.autocomplete("name")
    async def decree_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        names = await choices_in_time(
            interaction,
            self.service.shortcut_choices(channel_key(interaction), "decree", current),
        )
        return [app_commands.Choice(name=with_effect(n), value=n) for n in names]

    async def _shortcut(
        self, interaction: discord.Interaction[Any], name: str, arg: str | None
    ) -> None:
        await self.change(
            interaction,
            self.service.shortcut(channel_key(interaction), interaction.user.id, name, arg),
        )

    @app_commands.command(name="undo", description="Take back your last step")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await self.change(
            interaction, self.service.undo(channel_key(interaction), interaction.user.id)
        )

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
        await self.change(
            interaction,
            self.service.give(
                channel_key(interaction), interaction.user.id, receiver, resources, cavalry, giver
            ),
        )

    # --- reading ---------------------------------------------------------------------

    @app_commands.command(name="board", description="Show the board (only to you, unless public)")
    @app_commands.describe(public="Post it in the channel for everyone")
    async def board(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        await self.read(
            interaction,
            self.service.board(channel_key(interaction), public=public),
            private=not public,
        )

    @app_commands.command(
        name="status",
        description="Seats, Resources, score, whose turn (only to you, unless public)",
    )
    @app_commands.describe(public="Post it in the channel for everyone")
    async def status(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        await self.read(
            interaction,
            self.service.status(channel_key(interaction), public=public),
            private=not public,
        )

    @app_commands.command(name="options", description="Every step allowed now (only you see)")
    async def options(self, interaction: discord.Interaction[Any]) -> None:
        await self.read(interaction, self.service.options(channel_key(interaction)), private=True)

    @app_commands.command(name="log", description="The last lines of the game log (only you see)")
    @app_commands.describe(lines="How many lines (default 20)")
    async def log_(
        self, interaction: discord.Interaction[Any], lines: app_commands.Range[int, 1, 200] = 20
    ) -> None:
        await self.read(
            interaction, self.service.log_lines(channel_key(interaction), lines), private=True
        )

    @app_commands.command(name="card", description="Look up an event card")
    @app_commands.describe(number="The card's number, or type part of its title")
    async def card(self, interaction: discord.Interaction[Any], number: str) -> None:
        await self.read(
            interaction, self.service.card_in(channel_key(interaction), number), private=False
        )

    @card.autocomplete("number")
    async def card_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        cards = await choices_in_time(
            interaction, self.service.card_choices(channel_key(interaction), str(current))
        )
        return [app_commands.Choice(name=label, value=str(n)) for label, n in cards]

    @app_commands.command(name="rules", description="The rules at the table (only you see it)")
    @app_commands.describe(topic="A faction, a Command, a Decree, battle, the end... (pick one)")
    async def rules_(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        async def work() -> Reply:
            return self.service.rules_topic(topic)

        await self.read(interaction, work(), private=True)

    @rules_.autocomplete("topic")
    async def rules_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=n, value=n) for n in self.service.topic_choices(str(current))
        ]

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Reply:
            return self.service.help()

        await self.read(interaction, work(), private=True)

    # --- export / import / abort -----------------------------------------------------------

    @app_commands.command(name="export", description="Download the whole game as JSON")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await self.read(interaction, self.service.export(channel_key(interaction)), private=False)

    @app_commands.command(name="import", description="Load an exported game into this channel")
    @app_commands.describe(
        file="A JSON file made by /vj export",
        claim="Seats you take besides your own from the export, e.g. 'D B' (others stay free)",
    )
    async def import_(
        self,
        interaction: discord.Interaction[Any],
        file: discord.Attachment,
        claim: app_commands.Range[str, 0, 20] | None = None,
    ) -> None:
        async def run() -> Reply:
            data = await read_upload(file, MAX_IMPORT_BYTES, "game export")
            if isinstance(data, Reply):
                return data
            return await self.service.import_game(
                channel_key(interaction),
                interaction.user.id,
                data,
                claim=claim,
                guild=guild_key(interaction),
                roles=role_ids(interaction),
                is_manager=is_manager(interaction),
            )

        await answer_change(interaction, self.service, run)

    @app_commands.command(name="abort", description="End the game without a result")
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        await self._end(interaction)

    async def _end(self, interaction: discord.Interaction[Any]) -> None:
        await self.change(
            interaction,
            self.service.abort(
                channel_key(interaction),
                interaction.user.id,
                is_manager=is_manager(interaction),
                guild=guild_key(interaction),
                roles=role_ids(interaction),
            ),
        )


class ClubGroup(app_commands.Group):
    """/vj club — games played over days: pace and reminders, rematches,
    substitutes, the records of finished games; and the rarely used verify and config."""

    def __init__(self, service: GameService) -> None:
        super().__init__(
            name="club", description="Play over days: pace, reminders, rematch, seats, records"
        )
        self.service = service

    async def change(
        self, interaction: discord.Interaction[Any], work: Coroutine[Any, Any, Reply]
    ) -> None:
        await change(interaction, self.service, work)

    @app_commands.command(
        name="pace", description="Hours the game waits before reminding whoever is on turn"
    )
    @app_commands.describe(
        hours="1 to 336 (two weeks); leave both out to see the current pace",
        deadline="When the first wait runs out: nothing (reminders only) or the seat passes",
    )
    async def pace(
        self,
        interaction: discord.Interaction[Any],
        hours: app_commands.Range[int, 1, 336] | None = None,
        deadline: Literal["nothing", "pass"] | None = None,
    ) -> None:
        await self.change(
            interaction,
            self.service.pace(
                channel_key(interaction),
                interaction.user.id,
                hours,
                deadline,
                is_manager=is_manager(interaction),
            ),
        )

    @app_commands.command(
        name="me", description="Your time zone, quiet hours and direct messages for your turns"
    )
    @app_commands.describe(
        time_zone="An IANA name: Europe/Paris, America/New_York, Asia/Kolkata, UTC",
        quiet="Hours without reminders in your time zone, as 22-7; or off",
        direct_messages="Also tell me by direct message when it is my turn",
    )
    async def me(
        self,
        interaction: discord.Interaction[Any],
        time_zone: app_commands.Range[str, 1, 64] | None = None,
        quiet: app_commands.Range[str, 1, 16] | None = None,
        direct_messages: bool | None = None,
    ) -> None:
        await self.change(
            interaction,
            self.service.me(
                interaction.user.id,
                time_zone=time_zone,
                quiet=quiet,
                direct_messages=direct_messages,
            ),
        )

    @app_commands.command(name="rematch", description="A new game with the same people")
    @app_commands.describe(
        seating="rotate (D plays B, B plays V, V plays D), same, or choose (everyone joins again)"
    )
    async def rematch(
        self,
        interaction: discord.Interaction[Any],
        seating: Literal["rotate", "same", "choose"] = "rotate",
    ) -> None:
        await self.change(
            interaction,
            self.service.rematch(
                channel_key(interaction),
                interaction.user.id,
                seating=seating,
                guild=guild_key(interaction),
                roles=role_ids(interaction),
                is_manager=is_manager(interaction),
            ),
        )

    @app_commands.command(name="seat", description="Give a seat to a substitute (Manage Server)")
    @app_commands.describe(faction="The seat to move", user="Who takes it over")
    @app_commands.choices(faction=FACTION_CHOICES)
    async def seat(
        self, interaction: discord.Interaction[Any], faction: str, user: discord.User
    ) -> None:
        await self.change(
            interaction,
            self.service.seat(
                channel_key(interaction),
                interaction.user.id,
                faction,
                user.id,
                is_manager=is_manager(interaction),
            ),
        )

    @app_commands.command(name="history", description="Finished games here, or a player's")
    @app_commands.describe(user="A player: their finished games on this server")
    async def history(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        await answer_read(
            interaction,
            self.service,
            self.service.history(
                channel_key(interaction),
                None if user is None else user.id,
                guild=guild_key(interaction),
            ),
            private=True,
        )

    @app_commands.command(
        name="stats", description="Wins per faction and a rating per player on this server"
    )
    @app_commands.describe(user="Whose record (yours when left out)")
    async def stats(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        whose = interaction.user.id if user is None else user.id
        work = self.service.stats(whose, guild=guild_key(interaction))
        await answer_read(interaction, self.service, work, private=True)

    @app_commands.command(name="replay", description="The board at any step of a finished game")
    @app_commands.describe(
        game="The game's number (see history)", step="How many log entries in (the end if left out)"
    )
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1, 2**53],
        step: app_commands.Range[int, 0, 100_000] | None = None,
    ) -> None:
        await answer_read(
            interaction,
            self.service,
            self.service.replay(channel_key(interaction), game, step),
            private=True,
        )

    @app_commands.command(
        name="verify", description="Check every die and card against the game's secret"
    )
    async def verify(self, interaction: discord.Interaction[Any]) -> None:
        await answer_read(
            interaction, self.service, self.service.verify(channel_key(interaction)), private=False
        )

    @app_commands.command(
        name="config", description="Who may create, import and abort games on this server"
    )
    @app_commands.describe(
        organisers="anyone, a role, or only members with Manage Server (leave out to see)",
        role="The role, when organisers is 'role'",
    )
    async def config(
        self,
        interaction: discord.Interaction[Any],
        organisers: Literal["anyone", "role", "managers"] | None = None,
        role: discord.Role | None = None,
    ) -> None:
        await self.change(
            interaction,
            self.service.configure(
                guild_key(interaction),
                interaction.user.id,
                is_manager=is_manager(interaction),
                organisers=organisers,
                role_id=None if role is None else role.id,
            ),
        )
