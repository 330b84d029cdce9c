"""The discord.py client: the slash command groups (one per game), button clicks, the error handler, the outbox
loop that delivers announcements, reminders and direct messages still owed, and a
clean shutdown.

Buttons carry `vj:<game>:<version>:<what>` custom ids and are handled in `on_interaction` by
parsing the id, so they keep working after a restart and a click on an old message is refused
by the service (the version no longer matches).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from ..table.parts import ChatHooks
from ..table.refusal import ServiceError
from ..table.reply import Reply
from ..table.service import CUSTOM_ID_PREFIX, GameService
from .connection import UNREACHABLE, DiscordUnreachable, no_route, unreachable
from .discord_commands import channel_key, guild_key, is_manager, role_ids, slash_groups
from .discord_delivery import (
    SEND_ERRORS,
    answer_change,
    deliver,
    direct_notices,
    game_lock,
    mark_delivered,
    owe_direct,
    post_reminder,
    send_direct,
    sender_of,
)

log = logging.getLogger(__name__)

OUTBOX_INTERVAL = 10.0  # seconds between two looks at the outbox
AI_INTERVAL = 1.0  # seconds between two looks for AI seats' turns due (bot.table.ai_seats)
OUTBOX_GRACE = 60.0  # an announcement younger than this is still being delivered by its move
DRAIN_TIMEOUT = 8.0  # seconds a shutdown waits for replies in flight (docker stop gives 10)
MAX_BACKOFF = 3600.0
GIVE_UP_AFTER = 60  # attempts (the last ones an hour apart): the channel is gone for good
# Logging in is tried this many times when Discord cannot be reached (a name that does not
# resolve yet, a refused connection, a 5xx), waiting 1, 2, 4 ... s in between (31 s in all).
LOGIN_ATTEMPTS = 6
LOGIN_FIRST_WAIT = 1.0
NOT_IN_SERVERS = (
    "Games live in server channels and threads, not in direct messages: use `/vj` in a "
    "server where I am."
)
FAILED = (
    "Something went wrong on my side and I could not finish that (it is logged). "
    "`/vj status` shows what the game has stored: check it before you send the same again."
)


class VjTree(app_commands.CommandTree["ChaupalBot"]):
    """Refuses every /vj interaction outside a server (the group is guild-only too, so Discord
    should not even offer it there)."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.guild_id is not None:
            return True
        with contextlib.suppress(*SEND_ERRORS):
            if interaction.type == discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                await interaction.response.send_message(NOT_IN_SERVERS, ephemeral=True)
        return False

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """A command that failed: its client tells the sender."""
        await self.client.on_app_command_error(interaction, error)


class ChaupalBot(discord.Client):
    """The client: no privileged intents; slash commands and components only. One process,
    one connection, unless built as ShardedChaupalBot."""

    def __init__(
        self, service: Callable[[ChatHooks], GameService], *, sync: bool = True, **shards: Any
    ) -> None:
        """`service`: builds the table over what this client does for it: an AI's step is
        posted as soon as it is stored, and old games' servers are asked of Discord."""
        self.service = service(
            ChatHooks(deliver=self.deliver_now, channel_server=self.channel_server)
        )
        intents = discord.Intents.default()
        intents.message_content = False
        intents.members = False
        intents.presences = False
        super().__init__(intents=intents, **shards)
        self.tree = VjTree(self)
        # a slash group per game (`/vj`, `/gt`, `/tm`), from the one command table
        self.groups = dict(slash_groups(self.service.registry))
        for group in self.groups.values():
            self.tree.add_command(group)
        self._sync = sync
        self.in_flight: set[tuple[int, int]] = set()  # announcements being delivered now
        self.delivered_unmarked: set[tuple[int, int]] = set()
        self.game_locks: dict[int, asyncio.Lock] = {}  # one delivery at a time per game
        self.handling: set[asyncio.Task[Any]] = set()  # interactions being answered
        self.outbox_interval = OUTBOX_INTERVAL
        self.ai_interval = AI_INTERVAL
        self.startup_grace = 0.0
        self.pause: Callable[[float], Awaitable[None]] = asyncio.sleep  # tests: no real waits
        self._outbox: asyncio.Task[None] | None = None
        self._ai_turns: asyncio.Task[None] | None = None
        self.names = self.service.names  # the board's names, learnt from each interaction

    async def channel_server(self, channel_id: str) -> str | None:
        """The server a game's channel or thread is on, as Discord says (from the cache, else
        asked); None when Discord does not say (the channel is gone or out of sight)."""
        if not channel_id.isdigit():
            return None
        channel = self.get_channel(int(channel_id))
        if channel is not None:
            guild = getattr(channel, "guild", None)
            return None if guild is None else str(guild.id)
        try:
            data = await self.http.get_channel(int(channel_id))
        except SEND_ERRORS as e:
            log.info("channel %s: its server is not known (%s)", channel_id, e)
            return None
        guild_id = data.get("guild_id")
        return None if guild_id is None else str(guild_id)

    async def setup_hook(self) -> None:
        if self._sync:
            synced = await self.tree.sync()
            log.info("synced %d application command(s)", len(synced))
        self._outbox = asyncio.create_task(self._outbox_loop(), name="vj-outbox")
        self._ai_turns = asyncio.create_task(self._ai_loop(), name="vj-ai-turns")

    async def login(self, token: str) -> None:
        """discord.py's login (and setup_hook), tried again LOGIN_ATTEMPTS times in all when
        Discord cannot be reached; then DiscordUnreachable, one line."""
        wait = LOGIN_FIRST_WAIT
        for attempt in range(1, LOGIN_ATTEMPTS + 1):
            try:
                await super().login(token)
                return
            except UNREACHABLE as e:
                failed = no_route(e)
                if attempt == LOGIN_ATTEMPTS:
                    raise DiscordUnreachable(f"{failed} (tried {attempt} times)") from e
                log.warning(
                    "%s; trying again in %.0f s (attempt %d of %d)",
                    failed,
                    wait,
                    attempt,
                    LOGIN_ATTEMPTS,
                )
            # the next attempt opens a new session (and a new connection pool: closing the
            # session closes the pool it owns)
            await self.http.close()
            self.http.connector = discord.utils.MISSING
            await self.pause(wait)
            wait *= 2

    async def connect(self, *, reconnect: bool = True) -> None:
        """discord.py's gateway loop, which retries a lost connection with a backoff; a
        gateway never reached ends it at its first retry (it resumes a session that never
        was): that is said in one line."""
        try:
            await super().connect(reconnect=reconnect)
        except AttributeError as e:
            # raised while handling the failed connection, which is its __context__
            failed = unreachable(e.__context__, "Discord's gateway") if self.ws is None else None
            if failed is None:
                raise
            raise failed from e.__context__

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    # --- interactions ------------------------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on one of our buttons or a pick from our menus (slash commands go through the
        tree)."""
        self.names.met(interaction.user.id, interaction.user.display_name)
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(CUSTOM_ID_PREFIX + ":"):
            return
        # a select menu sends the picked options' values (at most a few short strings)
        values = [str(v)[:100] for v in list(data.get("values") or [])[:25]]
        try:
            await answer_change(
                interaction,
                self.service,
                lambda: self.service.press(
                    channel_key(interaction),
                    interaction.user.id,
                    custom_id,
                    values,
                    guild=guild_key(interaction),
                    roles=role_ids(interaction),
                    is_manager=is_manager(interaction),
                ),
            )
        except ServiceError as e:  # a refusal that escaped its reply: said
            log.warning("button %s refused outside a reply: %s", custom_id, e)
            await self._say_failed(interaction, e.told(self.service.texts.front.command))
        except Exception:
            log.exception("button %s failed", custom_id)
            await self._say_failed(interaction)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """Discord archives a thread after a week without messages: a game thread whose
        game still runs is taken out of the archive at once."""
        meta: dict[str, Any] = dict(payload.data.get("thread_metadata") or {})
        if not meta.get("archived") or meta.get("locked"):
            return
        try:
            if await self.service.store.open_game(str(payload.thread_id)) is None:
                return
            await self.http.edit_channel(payload.thread_id, archived=False)
            log.info("thread %s: unarchived (its game is still on)", payload.thread_id)
        except Exception:
            log.exception("thread %s: could not keep it alive", payload.thread_id)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", None)
        if isinstance(error, app_commands.NoPrivateMessage):
            text = NOT_IN_SERVERS
        elif isinstance(original, ServiceError):  # a refusal that escaped its reply: said
            log.warning("command refused outside a reply: %s", original)
            text = str(original)
        else:
            log.error("command failed", exc_info=error)
            text = FAILED
        await self._say_failed(interaction, text)

    async def _say_failed(self, interaction: discord.Interaction[Any], text: str = FAILED) -> None:
        """Tell the sender privately; never removes what was already delivered."""
        try:
            await sender_of(interaction, self.service).private(text)
        except SEND_ERRORS as e:
            log.warning("could not tell the user about the failure: %s", e)

    # --- the outbox ------------------------------------------------------------------------

    async def _outbox_loop(self) -> None:
        first = True  # at start-up, whatever is owed was left by the previous run: now
        # (unless other processes share the database: their fresh ones are theirs to deliver)
        while not self.is_closed():
            try:
                grace = self.startup_grace if first else OUTBOX_GRACE
                await self.flush_outbox(grace, ignore_backoff=first)
            except Exception:
                log.exception("outbox: delivery round failed")
            try:
                await self.flush_reminders()
            except Exception:
                log.exception("reminders: round failed")
            try:
                await self.flush_directs()
            except Exception:
                log.exception("direct messages: round failed")
            first = False
            await asyncio.sleep(self.outbox_interval)

    async def flush_outbox(
        self, grace: float = OUTBOX_GRACE, *, ignore_backoff: bool = False
    ) -> int:
        """Deliver announcements still owed as channel messages; return how many went out."""
        for key in list(self.delivered_unmarked):
            with contextlib.suppress(Exception):
                await self.service.outbox.delivered(key)
                self.delivered_unmarked.discard(key)
        sent = 0
        for owed, reply in await self.service.outbox.owed(
            grace=grace, ignore_backoff=ignore_backoff
        ):
            key = (owed.game_id, owed.version)
            if key in self.in_flight or key in self.delivered_unmarked:
                continue
            async with game_lock(self, owed.game_id):
                # a retry whose edit fails again posts the turn anew: the step gets out
                rest = await deliver(
                    self,
                    self.service,
                    reply,
                    int(owed.channel_id),
                    post_if_edit_fails=owed.attempts > 0,
                )
            if not rest:
                await mark_delivered(self, self.service, key)
                await direct_notices(self, self.service, reply, int(owed.channel_id))
                sent += 1
                continue
            if owed.attempts + 1 >= GIVE_UP_AFTER:
                log.error("outbox: %s dropped after %d attempts", key, owed.attempts + 1)
                await mark_delivered(self, self.service, key)
                continue
            backoff = min(MAX_BACKOFF, 15.0 * 2 ** min(owed.attempts, 12))
            log.warning("outbox: %s not delivered (attempt %d)", key, owed.attempts + 1)
            await self.service.outbox.delivery_failed(
                key, backoff, text="\n".join(p.text for p in rest)
            )
        return sent

    async def deliver_now(self, reply: Reply, channel_id: str) -> None:
        """Post a change stored outside an interaction (an AI's step) at once; what does not
        go out stays owed, for the outbox loop."""
        key = reply.announcement
        if key is None:
            return
        self.in_flight.add(key)
        try:
            async with game_lock(self, key[0]):
                # the AI goes on by itself: a turn message that cannot be edited now is
                # posted anew, so each step is seen as it is played
                rest = await deliver(
                    self, self.service, reply, int(channel_id), post_if_edit_fails=True
                )
        finally:
            self.in_flight.discard(key)
        if not rest:
            await mark_delivered(self, self.service, key)
        await direct_notices(self, self.service, reply, int(channel_id), announced=not rest)
        for more in reply.then:  # another game's announcements, after this one
            await self.deliver_now(more, channel_id)

    # --- AI seats' turns (bot.table.ai_seats) ----------------------------------------------------

    async def _ai_loop(self) -> None:
        """Start the AI steps that are due: each thinks in a worker process in its own task,
        so this loop (and the event loop) never waits for a search."""
        while not self.is_closed():
            try:
                await self.service.ai.tick()
            except Exception:
                log.exception("AI turns: round failed")
            await asyncio.sleep(self.ai_interval)

    # --- reminders (jobs in the database, claimed with a lease) -------------------------

    async def flush_reminders(self) -> int:
        """Post the reminders due now (claimed, so no other process posts them too), and the
        direct message to a player who asked for one (owed, as a "Your turn" is, when Discord
        fails it); return how many went out."""
        sent = 0
        for due in await self.service.club.due_reminders():
            async with game_lock(self, due.job.game_id):
                rest = await post_reminder(
                    self, self.service, due.job.game_id, int(due.job.channel_id), due.reply
                )
            if rest:
                await self.service.reminders.failed(due.job)
                continue
            await self.service.reminders.sent(due.job)
            sent += 1
            if due.direct_to is not None:
                text = f"{due.reply.text} (<#{due.job.channel_id}>)"
                if await send_direct(self, due.direct_to, text) == "failed":
                    version = (due.job.game_id, due.job.version)
                    await owe_direct(self.service, version, due.direct_to, text)
        return sent

    # --- direct messages asking for a decision Discord failed to deliver (the outbox's) -----

    async def flush_directs(self) -> int:
        """Send again the owed direct messages due now (claimed, so no other process sends
        them too; those the game has moved past are dropped first); return how many went out.
        A refused one is not tried again: the person closed their direct messages."""
        sent = 0
        for owed in await self.service.outbox.due_directs():
            went = await send_direct(self, owed.user_id, owed.text)
            if went == "failed":
                await self.service.outbox.direct_failed(owed)
                continue
            await self.service.outbox.direct_done(owed)
            sent += went == "sent"
        return sent

    # --- shutdown ----------------------------------------------------------------------

    async def close(self) -> None:
        """Let replies in flight finish (up to DRAIN_TIMEOUT), then disconnect."""
        busy = {t for t in self.handling if not t.done() and t is not asyncio.current_task()}
        if busy:
            log.info("waiting for %d reply(ies) in flight", len(busy))
            await asyncio.wait(busy, timeout=DRAIN_TIMEOUT)
        for task in (self._outbox, self._ai_turns):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._stop_ready_waits()
        await super().close()

    def _stop_ready_waits(self) -> None:
        """discord.py dispatches `ready` once the servers' arrival has been quiet for
        guild_ready_timeout; a client closed before then would dispatch it after its close,
        with no event loop left (an error in the log): its close ends that wait."""
        state = self._connection
        waits = [getattr(state, "_ready_task", None), *getattr(state, "_ready_tasks", {}).values()]
        for wait in waits:
            if isinstance(wait, asyncio.Task) and not wait.done():
                wait.cancel()


class ShardedChaupalBot(ChaupalBot, discord.AutoShardedClient):
    """The same bot on discord.py's sharded client: SHARD_COUNT shards in all, this process
    running SHARD_IDS of them, so several processes (sharing one PostgreSQL database) split
    the servers between them."""

    def __init__(
        self,
        service: Callable[[ChatHooks], GameService],
        *,
        shard_count: int,
        shard_ids: list[int],
        sync: bool = True,
    ) -> None:
        super().__init__(service, sync=sync, shard_count=shard_count, shard_ids=shard_ids)
        # other processes run the other shards on the same database: an announcement younger
        # than the grace may be one they are delivering right now, even at our start
        self.startup_grace = OUTBOX_GRACE
