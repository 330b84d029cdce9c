"""Turning a service `Reply` into Discord messages, so that a stored change always reaches its
channel and pings whoever must act next.

Discord's rules this follows: an interaction gets exactly one initial response, within 3 s of
its creation (`interaction.created_at`, not when the handler started); follow-ups work for
15 minutes; the first follow-up after a "thinking" deferral is applied as an *edit* of that
message, so it notifies nobody. Hence:

- a change is deferred privately at once; the sender's private placeholder is then edited
  into a receipt; a step inside a faction's turn edits the turn's public message (an edit
  notifies nobody), and a hand-off or a card reveal closes that message (its final text, no
  buttons) and goes out as a *new* message (which notifies); only the newest public message
  of a game has buttons: every public message about a game (a seat notice, a reminder, a
  public board or status, a card, an export, a pace proposal) carries the game's current
  buttons with its own and takes them off the one before (`now_newest`), and a turn's next
  step after it is posted anew below it;
- when the interaction's webhook fails (a dead token, a 5xx, a dropped connection) the
  announcement goes out as plain channel messages; when the upload is refused it goes out
  without the picture, saying why; when everything fails it stays in the outbox and the
  client's outbox loop delivers it later (bot/discord/discord_client.py);
- nothing already delivered is ever deleted.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import json
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, Literal

import aiohttp
import discord

from db import TurnMessage
from rules.errors import clip

from ..table.renderer import alt_of
from ..table.reply import Button, Reply
from ..table.service import GameService
from .front_end import (
    MAX_BUTTONS,
    MENU_LABEL_CHARS,
    MENU_OPTIONS,
    MESSAGE_LIMIT,
    alt_within,
    bold,
    split_text,
)

log = logging.getLogger(__name__)

ANSWER_BY = 2.5  # seconds after the interaction's creation: Discord allows 3
RETRY_AFTER = 30.0  # seconds before the outbox loop retries an announcement that failed
NEXT_LINE = bold("Next:")  # how an announcement's decision line opens (TableTexts.prompt_text)
NO_ATTACH_NOTE = (
    "(No board picture: I lack the **Attach Files** permission here. `/vj board` shows it "
    "once a server manager grants it.)"
)
STYLES: dict[str, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
# What a failed send raises: Discord's refusals, and the network failing under them.
Sent = Literal["sent", "refused", "failed"]  # a direct message
SEND_ERRORS = (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError, OSError)

Deferral = Literal["none", "private", "public", "update"]


def seconds_left(interaction: discord.Interaction[Any]) -> float:
    """Time left to answer or defer, counted from the interaction's creation."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return ANSWER_BY - age


def make_view(reply: Reply) -> discord.ui.View | None:
    if not reply.buttons and reply.menu is None:
        return None
    view = discord.ui.View(timeout=None)
    first = 0  # the row of the first button: a menu takes a row of its own
    if reply.menu is not None:
        m = reply.menu
        view.add_item(
            discord.ui.Select(
                custom_id=m.custom_id,
                placeholder=m.placeholder[:150],
                options=[
                    discord.SelectOption(label=clip(lbl, MENU_LABEL_CHARS), value=v)
                    for lbl, v in m.options[:MENU_OPTIONS]
                ],
                row=0,
            )
        )
        first = 1
    for i, b in enumerate(reply.buttons[: MAX_BUTTONS - 5 * first]):
        view.add_item(
            discord.ui.Button(
                label=b.label[:80],
                custom_id=b.custom_id,
                style=STYLES[b.style],
                row=min(first + i // 5, 4),
            )
        )
    view.stop()  # the clicks are handled by the client's on_interaction, not kept in memory
    return view


def allowed_mentions(reply: Reply) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in reply.mentions]
    )


def files_of(reply: Reply, *, image: bool = True) -> list[discord.File]:
    out = []
    if reply.image is not None and image:
        alt = alt_of(reply.image)
        out.append(
            discord.File(
                io.BytesIO(reply.image),
                filename="board.png",
                description=None if alt is None else alt_within(alt),
            )
        )
    if reply.file is not None:
        out.append(discord.File(io.BytesIO(reply.file.data), filename=reply.file.filename))
    return out


class Sender:
    """One interaction's answers: tracks what was sent so nothing is answered twice or
    deleted once delivered."""

    def __init__(self, interaction: discord.Interaction[Any], service: GameService) -> None:
        self.interaction = interaction
        self.service = service
        self.deferral: Deferral = "none"
        self.delivered = False  # something with content reached the user
        self.edited: set[int] = set()  # public messages this interaction's delivery edited

    @property
    def component(self) -> bool:
        return self.interaction.type == discord.InteractionType.component

    def can_attach(self) -> bool:
        return self.interaction.app_permissions.attach_files

    async def defer(self, *, private: bool) -> bool:
        """The initial response: a deferral. False when Discord no longer takes one (the
        interaction is older than 3 s or unknown): then nothing must be done for it."""
        if self.interaction.response.is_done():
            return True
        try:
            if self.component:
                await self.interaction.response.defer()
                self.deferral = "update"
            else:
                await self.interaction.response.defer(thinking=True, ephemeral=private)
                self.deferral = "private" if private else "public"
        except SEND_ERRORS as e:
            log.warning("could not defer interaction %s: %s", self.interaction.id, e)
            return False
        return True

    # --- sending ---------------------------------------------------------------------

    async def send(self, reply: Reply) -> None:
        """A reply, through the interaction; what it showed of the lines kept for its
        reader's seat goes once Discord took it (a response that failed raised before)."""
        if reply.announcement is not None:
            await self.announce(reply)
        elif reply.ephemeral or not reply.ok:
            await self.private(reply.text, reply)
        else:
            await self.plain(reply)
        if reply.notes_shown:
            try:
                await self.service.outbox.notes_seen(reply)
            except Exception:  # they are shown again at the next look: nothing is lost
                log.exception("the kept lines shown to %s stay kept", self.interaction.user.id)
        for more in reply.then:  # another game's announcements, after this one
            await self.send(more)

    async def private(self, text: str, reply: Reply | None = None) -> None:
        """Text only the sender sees (an error, a log page, a receipt)."""
        chunks = split_text(text)
        files = files_of(reply) if reply is not None else []
        view = make_view(reply) if reply is not None else None  # e.g. a Confirm button
        last: dict[str, Any] = {} if view is None else {"view": view}
        first = 0
        if self.deferral == "private" and not self.delivered:
            await self.interaction.edit_original_response(
                content=chunks[0],
                attachments=files if len(chunks) == 1 else [],
                allowed_mentions=discord.AllowedMentions.none(),
                **(last if len(chunks) == 1 else {}),
            )
            self.delivered, first = True, 1
        elif self.deferral == "public" and not self.delivered:
            # the public "thinking…" placeholder holds nothing yet; a private answer replaces it
            await self.interaction.delete_original_response()
            self.deferral = "update"
        elif self.deferral == "none":
            await self.interaction.response.send_message(
                chunks[0],
                ephemeral=True,
                files=files if len(chunks) == 1 else [],
                allowed_mentions=discord.AllowedMentions.none(),
                **(last if len(chunks) == 1 else {}),
            )
            self.deferral, self.delivered, first = "update", True, 1
        for i, chunk in enumerate(chunks[first:], start=first):
            final = i == len(chunks) - 1
            await self.interaction.followup.send(
                chunk,
                ephemeral=True,
                files=files if final else [],
                allowed_mentions=discord.AllowedMentions.none(),
                **(last if final else {}),
            )
            self.delivered = True

    async def plain(self, reply: Reply) -> None:
        """A public answer that stores nothing (a board, a status, a card, an export, a pace
        proposal). In a channel with a game it is that game's newest public message: it
        carries the game's buttons with its own, and the one before loses them."""
        channel_id = self.interaction.channel_id or 0
        game = await self.service.store.open_game(str(channel_id))
        if game is None:
            await self._post(reply)
            return
        client = self.interaction.client
        async with game_lock(client, game.id):
            turn = await self.service.outbox.turn_message(game.id)
            posted = await self._post(await notice_buttons(self.service, game.id, reply))
            await now_newest(client, self.service, game.id, channel_id, turn, posted, self)

    async def _post(self, reply: Reply) -> list[int]:
        """Post a public answer through the interaction; the ids of its messages."""
        posted: list[int] = []
        chunks = split_text(reply.text)
        if reply.image is not None and not self.can_attach():
            chunks = split_text(reply.text + "\n" + NO_ATTACH_NOTE)
        files = files_of(reply, image=self.can_attach())
        view = make_view(reply)
        mentions = allowed_mentions(reply)
        for i, chunk in enumerate(chunks):
            last = i == len(chunks) - 1
            extra: dict[str, Any] = {}
            if last and view is not None:
                extra["view"] = view
            if self.deferral == "none":
                sent = await self.interaction.response.send_message(
                    chunk, files=files if last else [], allowed_mentions=mentions, **extra
                )
                self.deferral = "update"
                if sent.message_id is not None:
                    posted.append(sent.message_id)
                    self.shows(sent.message_id, {"content": chunk, **extra})
            elif self.deferral == "public" and not self.delivered:
                edited = await self.interaction.edit_original_response(
                    content=chunk,
                    attachments=files if last else [],
                    allowed_mentions=mentions,
                    **extra,
                )
                posted.append(edited.id)
                self.shows(edited.id, {"content": chunk, **extra})
            else:
                if self.deferral == "private" and not self.delivered:
                    await self.interaction.edit_original_response(content="Posted below.")
                    self.delivered = True
                message = await self.interaction.followup.send(
                    chunk,
                    files=files if last else [],
                    allowed_mentions=mentions,
                    wait=True,
                    **extra,
                )
                posted.append(message.id)
                self.shows(message.id, {"content": chunk, **extra})
            self.delivered = True
        return posted

    async def announce(self, reply: Reply) -> None:
        """A stored change: the sender's receipt, then the public messages, through the
        interaction while it works and the channel otherwise; the outbox is told how it went."""
        assert reply.announcement is not None
        key = reply.announcement
        client = self.interaction.client
        in_flight: set[tuple[int, int]] = getattr(client, "in_flight", set())
        in_flight.add(key)
        try:
            async with game_lock(client, key[0]):  # taken before any wait: in version order
                webhook = await self._receipt(reply)
                if webhook and reply.told and self.deferral != "private":
                    # a button's press has no receipt to edit: its receipt, with what it showed
                    await self._told([reply.receipt] if reply.receipt else reply.told)
                rest = await deliver(
                    client, self.service, reply, self.interaction.channel_id or 0, self, webhook
                )
                if self.clicked is not None and self.clicked not in self.edited:
                    await self._unbutton()  # e.g. a Confirm button on a private question
            if rest:
                log.warning("announcement %s not delivered yet; the outbox will retry", key)
                await self.service.outbox.delivery_failed(key, RETRY_AFTER, text=join_parts(rest))
            else:
                await mark_delivered(client, self.service, key)
        finally:
            in_flight.discard(key)
        channel = self.interaction.channel_id or 0
        await direct_notices(client, self.service, reply, channel, announced=not rest)

    @property
    def clicked(self) -> int | None:
        """The message whose button was pressed."""
        message = self.interaction.message
        return message.id if self.component and message is not None else None

    async def _unbutton(self) -> None:
        """Take the buttons off the clicked message (one click per message)."""
        try:
            await self.interaction.edit_original_response(view=None)
        except SEND_ERRORS as e:
            log.warning("interaction %s: removing the buttons failed (%s)", self.interaction.id, e)

    async def _receipt(self, reply: Reply) -> bool:
        """Edit the private placeholder into the sender's receipt. False when the
        interaction's webhook no longer works. An announcement after the sender's own
        (`Reply.then`: an AI seat's answer, another game's start) brings no receipt of its
        own: the sender's stays."""
        if reply.receipt is None and self.delivered:
            return True
        try:
            if self.deferral == "private":
                await self.interaction.edit_original_response(
                    content=reply.receipt or "✓ Done.",
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                self.delivered = True
        except SEND_ERRORS as e:
            log.warning("interaction %s: receipt failed (%s)", self.interaction.id, e)
            return False
        return True

    async def _told(self, told: list[str]) -> None:
        """What the move showed the sender's seat alone (a card drawn), to the sender alone."""
        try:
            await self.interaction.followup.send(
                "\n".join(told), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )
        except SEND_ERRORS as e:
            log.warning("interaction %s: the private note failed (%s)", self.interaction.id, e)

    async def publish(self, reply: Reply, posted: list[int]) -> list[Part]:
        """Send the public parts as follow-ups (their ids into `posted`); return those that
        did not go out."""
        parts = public_parts(reply, attach=self.can_attach())
        for i, part in enumerate(parts):
            try:
                sent = await self.interaction.followup.send(**part.kwargs(), wait=True)
            except discord.Forbidden as e:
                if not part.files:
                    log.warning("follow-up refused: %s", e)
                    return parts[i:]
                part = part.without_files()
                parts[i] = part
                try:
                    sent = await self.interaction.followup.send(**part.kwargs(), wait=True)
                except SEND_ERRORS as e2:
                    log.warning("follow-up failed: %s", e2)
                    return parts[i:]
            except SEND_ERRORS as e:
                log.warning("follow-up failed: %s", e)
                return parts[i:]
            posted.append(sent.id)
            self.shows(sent.id, part.kwargs())
            self.delivered = True
        return []

    def shows(self, message_id: int, sent: dict[str, Any]) -> None:
        """What a public message posted in answer shows (for edit_message)."""
        shown_messages(self.interaction.client).record(message_id, shown_when_posted(sent))


class Part:
    """One public message of an announcement."""

    def __init__(
        self,
        text: str,
        reply: Reply,
        *,
        files: bool,
        last: bool,
    ) -> None:
        self.text = text
        self.reply = reply
        self.files = files
        self.last = last

    def kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "content": self.text,
            "allowed_mentions": allowed_mentions(self.reply),
        }
        if self.files:
            out["files"] = files_of(self.reply)
        if self.last and (view := make_view(self.reply)) is not None:
            out["view"] = view
        return out

    def without_files(self) -> Part:
        return Part(f"{self.text}\n{NO_ATTACH_NOTE}", self.reply, files=False, last=self.last)


def public_parts(reply: Reply, *, attach: bool = True) -> list[Part]:
    """The announcement cut into messages; the picture and the buttons on the last one."""
    text = reply.text
    has_files = reply.image is not None or reply.file is not None
    if reply.image is not None and not attach:
        text = f"{text}\n{NO_ATTACH_NOTE}"
    chunks = split_text(text)
    return [
        Part(
            c,
            reply,
            files=has_files and attach and i == len(chunks) - 1,
            last=i == len(chunks) - 1,
        )
        for i, c in enumerate(chunks)
    ]


def join_parts(parts: list[Part]) -> str:
    return "\n".join(p.text for p in parts)


async def post_parts(
    client: discord.Client, channel_id: int, parts: list[Part], posted: list[int] | None = None
) -> list[Part]:
    """Post parts as plain channel messages (the bot's own token; their ids into `posted`);
    return what did not go."""
    channel = client.get_partial_messageable(channel_id)
    posted = [] if posted is None else posted
    for i, part in enumerate(parts):
        try:
            posted.append(await _post(client, channel, part))
        except discord.Forbidden as e:
            if not part.files:
                log.warning("channel %s refused a message: %s", channel_id, e)
                return parts[i:]
            part = part.without_files()
            parts[i] = part
            try:
                posted.append(await _post(client, channel, part))
            except SEND_ERRORS as e2:
                log.warning("channel %s: %s", channel_id, e2)
                return parts[i:]
        except SEND_ERRORS as e:
            log.warning("channel %s: %s", channel_id, e)
            return parts[i:]
    return []


async def _post(client: discord.Client, channel: discord.PartialMessageable, part: Part) -> int:
    """One part posted; what it shows is known, so an edit to the same is never sent."""
    sent = part.kwargs()
    message = await channel.send(**sent)
    shown_messages(client).record(message.id, shown_when_posted(sent))
    return message.id


async def send_direct(client: discord.Client, user_id: int, text: str) -> Sent:
    """A direct message (opt-in, `/vj me`); a player whose DMs are closed still has the
    channel's ping, so a refusal is only logged. "failed": it may go through later (Discord
    or the network failed, not the person's settings)."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(text[:MESSAGE_LIMIT], allowed_mentions=discord.AllowedMentions.none())
    except (discord.Forbidden, discord.NotFound) as e:
        log.info("direct message to %s refused: %s", user_id, e)
        return "refused"
    except SEND_ERRORS as e:
        log.info("direct message to %s not sent: %s", user_id, e)
        return "failed"
    return "sent"


async def direct_notices(
    client: discord.Client,
    service: GameService,
    reply: Reply,
    channel_id: int,
    *,
    announced: bool = True,
) -> None:
    """Those who asked for direct messages (`me`) get, in one message each, what the change
    showed their seat alone while another seat played (a chit drawn for them), and, once the
    channel has the hand-off (`announced`: it pings whoever decides next), the decision, with
    a link to the game's channel. Whom it asks to decide is the reply's `deciding`, never
    read from its text. A seat's lines go out once: whichever delivery of the announcement
    (the first, a retry) marks them sent sends them, and gives them back to the next one
    when Discord failed. They are stored with the move and its player's next look at their
    hand says them whatever happens here. A "Your turn" Discord failed to deliver is owed,
    stored, and sent again later while the game waits for that decision (the outbox's
    `due_directs`); a refused one (the person closed their direct messages) is only logged:
    the channel's ping went out. Nothing public differs with who was sent what."""
    said: dict[int, list[str]] = {}
    seats: dict[int, set[str]] = {}  # each person's seats whose lines go in their message
    sent = await _seat_notes_sent(service, reply)
    for note in reply.seat_notes:
        if note.seat in sent:
            lines = "".join(f"\n• {line}" for line in note.lines)
            said.setdefault(note.user, []).append(
                f"For your eyes only, as {note.title} in <#{channel_id}>:{lines}"
            )
            seats.setdefault(note.user, set()).add(note.seat)
    turn = f"Your turn in <#{channel_id}>: {decision_of(reply.text)}"[:MESSAGE_LIMIT]
    deciding = reply.deciding if announced else []
    for uid in deciding:
        said.setdefault(uid, []).append(turn)
    unsent: set[str] = set()
    for uid, parts in said.items():
        if await _send_if_wanted(client, service, uid, "\n".join(parts)) != "failed":
            continue
        unsent |= seats.get(uid, set())
        if uid in deciding and reply.announcement is not None:
            await owe_direct(service, reply.announcement, uid, turn)
    if unsent and reply.announcement is not None:
        with contextlib.suppress(Exception):  # (then the hand alone says them)
            await service.outbox.seat_notes_unsent(reply.announcement, unsent)


async def _send_if_wanted(
    client: discord.Client, service: GameService, user_id: int, text: str
) -> Sent | None:
    """The direct message, if its person asked for them (None: they did not); "failed"
    when their preferences cannot be read now (it may go through later)."""
    try:
        wants = (await service.store.user_prefs(user_id)).direct_messages
    except Exception:
        log.exception("preferences of %s unreadable", user_id)
        return "failed"
    return await send_direct(client, user_id, text) if wants else None


async def owe_direct(
    service: GameService, version: tuple[int, int], user_id: int, text: str
) -> None:
    """A direct message asking `user_id` to decide, at the game's `version` (game id,
    version), did not reach them: owed, for a later try (the outbox's `due_directs`)."""
    try:
        await service.outbox.owe_direct(version, user_id, text)
    except Exception:  # (the channel's ping went out; their reminder comes at the game's pace)
        log.exception("game %s: the direct message owed to %s not stored", version[0], user_id)


async def _seat_notes_sent(service: GameService, reply: Reply) -> set[str]:
    """The seats whose lines this delivery sends (marked sent now); none when the store
    cannot say (the hand still shows them)."""
    if not reply.seat_notes or reply.announcement is None:
        return set()
    try:
        return await service.outbox.seat_notes_sent(reply.announcement)
    except Exception:
        log.exception("announcement %s: the seat lines' sent mark failed", reply.announcement)
        return set()


def decision_of(text: str) -> str:
    """What an announcement asks: its `Next:` line and what follows it (the offers open to
    the others); the message's last line if it has none."""
    lines = text.split("\n")
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith(NEXT_LINE):
            return "\n".join(lines[i:])
    return lines[-1]


THREAD_KEEP: Literal[10080] = 10080  # minutes: auto-archive after a week of silence, the most
PUBLIC_THREAD: Literal[11] = 11


async def open_thread(client: discord.Client, channel_id: int, name: str) -> int:
    """A public thread under the channel, for one game; its id."""
    data = await client.http.start_thread_without_message(
        channel_id, name=name[:100], auto_archive_duration=THREAD_KEEP, type=PUBLIC_THREAD
    )
    return int(data["id"])


async def post_and_pin(
    client: discord.Client, service: GameService, reply: Reply, channel_id: int
) -> None:
    """The game's opening announcement in its own thread, pinned there; what does not go out
    stays owed (the outbox retries)."""
    assert reply.announcement is not None
    posted: list[int] = []
    rest = await post_parts(client, channel_id, public_parts(reply), posted)
    if rest:
        await service.outbox.delivery_failed(reply.announcement, RETRY_AFTER, text=join_parts(rest))
        return
    await mark_delivered(client, service, reply.announcement)
    try:
        await client.http.pin_message(channel_id, posted[0])
    except SEND_ERRORS as e:  # the game goes on unpinned
        log.warning("thread %s: pinning the game message failed: %s", channel_id, e)


def game_lock(client: discord.Client, game_id: int) -> asyncio.Lock:
    """One delivery at a time per game, so an edit never overtakes the message it edits."""
    locks: dict[int, asyncio.Lock] | None = getattr(client, "game_locks", None)
    if locks is None:
        return asyncio.Lock()
    return locks.setdefault(game_id, asyncio.Lock())


async def deliver(
    client: discord.Client,
    service: GameService,
    reply: Reply,
    channel_id: int,
    sender: Sender | None = None,
    webhook: bool = False,
    *,
    post_if_edit_fails: bool = False,
) -> list[Part]:
    """Put an announcement before the channel; return the parts that did not go out.

    Only the game's newest public message carries buttons: the game's current ones. An edit
    changes the game's turn message while that is the newest (when something was posted below
    it since, a seat notice or a reminder, or it is gone, the turn is posted anew). A new
    message first closes the previous turn message (its final text) and takes the buttons off
    the newest, then goes out through the interaction (`webhook`) or the channel, and becomes
    the newest (a turn's, the turn message). When the edit fails, `post_if_edit_fails` posts
    the turn anew at once (an AI's steps, or a retry: a stored step reaches the channel even
    while its message cannot be edited); else it is left to the outbox to retry."""
    assert reply.announcement is not None
    game_id, version = reply.announcement
    turn = await service.outbox.turn_message(game_id)
    if _said_by_later(reply, version, turn):
        return []
    reply = await with_game_buttons(service, game_id, reply)
    done: set[int] = set()  # messages already closed, or gone
    if reply.edit and turn is not None and turn.posted and turn.newest == turn.message_id:
        left = await _edit_turn(
            client, channel_id, game_id, turn, reply, sender, done, post_if_edit_fails
        )
        if left is not None:
            return left
    elif (
        turn is not None
        and turn.message_id is not None
        and turn.message_version != version
        and reply.close_text is not None
    ):
        await _close_turn(client, channel_id, game_id, turn.message_id, reply, sender, done)
    posted: list[int] = []
    rest = await sender.publish(reply, posted) if sender is not None and webhook else None
    if rest is None or rest:
        rest = await post_parts(client, channel_id, rest or public_parts(reply), posted)
    if not rest and turn is not None:
        opens_turn = turn.turn_version == version or reply.edit
        await now_newest(
            client,
            service,
            game_id,
            channel_id,
            turn,
            posted,
            sender,
            opens=turn.turn_version if opens_turn else None,
            closed=done,
        )
    return rest


def _said_by_later(reply: Reply, version: int, turn: TurnMessage | None) -> bool:
    """Whether a later step, stored before this announcement went out, says all it would:
    it posted this turn whole already, or (this an edit) it opened a new message (an AI
    seat's answer), closing this one with the turn's final text, which has this edit's
    lines."""
    if turn is None:
        return False
    if reply.edit:
        return turn.turn_version > version
    return turn.turn_version == version and turn.posted


async def _edit_turn(
    client: discord.Client,
    channel_id: int,
    game_id: int,
    turn: TurnMessage,
    reply: Reply,
    sender: Sender | None,
    done: set[int],
    post_if_edit_fails: bool,
) -> list[Part] | None:
    """The turn goes on in its message, edited: nothing left (`[]`), or the parts left for
    the outbox when the edit failed; None when the turn is to be posted anew (the message
    is gone, or `post_if_edit_fails`)."""
    assert turn.message_id is not None
    try:
        await edit_message(
            client,
            channel_id,
            turn.message_id,
            sender,
            content=reply.text,
            view=make_view(reply),
        )
        return []
    except discord.NotFound:
        log.warning("game %s: the turn message is gone; posting the turn anew", game_id)
        done.add(turn.message_id)
    except SEND_ERRORS as e:
        log.warning("game %s: editing the turn message failed: %s", game_id, e)
        if not post_if_edit_fails:
            return public_parts(reply)
    return None


async def _close_turn(
    client: discord.Client,
    channel_id: int,
    game_id: int,
    message_id: int,
    reply: Reply,
    sender: Sender | None,
    done: set[int],
) -> None:
    """The last turn's message closed into its final text (`reply.close_text`) before a new
    one goes out, and counted as closed; a failure only logged (the new message matters
    more)."""
    try:
        await edit_message(
            client, channel_id, message_id, sender, content=reply.close_text, view=None
        )
        done.add(message_id)
    except SEND_ERRORS as e:  # the new message matters more: go on
        log.warning("game %s: closing the last turn message failed: %s", game_id, e)


async def with_game_buttons(service: GameService, game_id: int, reply: Reply) -> Reply:
    """An announcement carries its turn's buttons (a seat notice without any: the game's
    current ones), then what stands for the whole game (the Agree of a pending pace
    proposal): it is the newest."""
    if not reply.buttons and reply.menu is None:
        return dataclasses.replace(reply, buttons=await buttons_now(service, game_id))
    standing = await proposal_buttons(service, game_id)
    return dataclasses.replace(reply, buttons=joined(reply.buttons, standing))


async def notice_buttons(service: GameService, game_id: int, reply: Reply) -> Reply:
    """A public message about a game that is not an announcement (a reminder, a public board,
    a pace proposal): the game's current buttons, then its own (Snooze, Agree)."""
    game = await buttons_now(service, game_id)
    return dataclasses.replace(reply, buttons=joined(game, reply.buttons))


def joined(first: list[Button], then: list[Button]) -> list[Button]:
    """`first`, then `then`, each button once and at most MAX_BUTTONS: `then` is kept whole,
    `first` cut when there is no room."""
    ids = {b.custom_id for b in then}
    head = [b for b in first if b.custom_id not in ids]
    return [*head[: max(0, MAX_BUTTONS - len(then))], *then][:MAX_BUTTONS]


async def proposal_buttons(service: GameService, game_id: int) -> list[Button]:
    try:
        return await service.club.proposal_buttons(game_id)
    except Exception:  # the message matters more than its buttons
        log.exception("game %s: reading its pace proposal failed", game_id)
        return []


async def buttons_now(service: GameService, game_id: int) -> list[Button]:
    try:
        return await service.buttons_now(game_id)
    except Exception:  # the message matters more than its buttons
        log.exception("game %s: building the buttons failed", game_id)
        return []


async def take_buttons_off(
    client: discord.Client, channel_id: int, message_id: int, sender: Sender | None = None
) -> None:
    """An older public message of the game loses its buttons (a newer one has them)."""
    try:
        await edit_message(client, channel_id, message_id, sender, view=None)
    except SEND_ERRORS as e:  # the new message matters more: go on
        log.warning("channel %s: taking the buttons off %s failed: %s", channel_id, message_id, e)


async def now_newest(
    client: discord.Client,
    service: GameService,
    game_id: int,
    channel_id: int,
    turn: TurnMessage | None,
    posted: list[int],
    sender: Sender | None = None,
    *,
    opens: int | None = None,
    closed: set[int] | frozenset[int] = frozenset(),
) -> None:
    """The rule every public message of a game follows once it is out (`posted`, its
    messages; the game's `turn` message as it stood before): it is the game's newest, the only
    one with buttons. The one before loses them (unless it was `closed` already), and the new
    one is remembered, as the turn message of the turn opened at version `opens`, if any."""
    if not posted or turn is None:
        return  # nothing went out, or the game has no public turn yet
    if turn.newest is not None and turn.newest not in closed and turn.newest not in posted:
        await take_buttons_off(client, channel_id, turn.newest, sender)
    await became_newest(service, game_id, posted[-1], opens)


async def became_newest(
    service: GameService, game_id: int, message_id: int, turn_version: int | None
) -> None:
    """Remember the game's newest public message (for the turn opened at `turn_version`: its
    turn message), the one the next message takes the buttons off."""
    try:
        if turn_version is not None:
            await service.outbox.turn_posted(game_id, turn_version, message_id)
        else:
            await service.outbox.newest_posted(game_id, message_id)
    except Exception:  # the message is out; the next step posts anew instead of editing
        log.exception("game %s: the id of its newest message was not stored", game_id)


async def post_reminder(
    client: discord.Client, service: GameService, game_id: int, channel_id: int, reply: Reply
) -> list[Part]:
    """A reminder (or another notice of a wait) below the game's messages: it carries the
    game's current buttons, then its own (Snooze), and the older message loses them once it is
    out. Return what did not go out."""
    turn = await service.outbox.turn_message(game_id)
    reply = await notice_buttons(service, game_id, reply)
    posted: list[int] = []
    rest = await post_parts(client, channel_id, public_parts(reply, attach=False), posted)
    if not rest:
        await now_newest(client, service, game_id, channel_id, turn, posted)
    return rest


class ShownMessages:
    """What each of our public messages shows now (its content and components), as we last
    edited it, for the newest `LIMIT` messages: an edit that would show the same is not sent,
    so an edit's timestamp never tells that something hidden happened."""

    LIMIT = 1000

    def __init__(self) -> None:
        self._shown: dict[int, str] = {}

    def same(self, message_id: int, shown: str | None) -> bool:
        return shown is not None and self._shown.get(message_id) == shown

    def record(self, message_id: int, shown: str | None) -> None:
        self._shown.pop(message_id, None)
        if shown is None:
            return
        self._shown[message_id] = shown
        if len(self._shown) > self.LIMIT:
            del self._shown[next(iter(self._shown))]


def shown_of(fields: dict[str, Any]) -> str | None:
    """An edit's content and components, as one text; None for an edit of other fields (a
    file, an embed), never compared."""
    if set(fields) - {"content", "view"}:
        return None
    view = fields.get("view")
    components = view.to_components() if isinstance(view, discord.ui.View) else []
    return json.dumps([fields.get("content"), components], sort_keys=True)


def shown_when_posted(sent: dict[str, Any]) -> str | None:
    """What a message posted with `sent` shows: its content and components (none without a
    view; its files stay through any edit of those)."""
    shown: dict[str, Any] = {"view": sent.get("view"), "content": sent.get("content")}
    return shown_of(shown)


def shown_messages(client: discord.Client) -> ShownMessages:
    own: ShownMessages | None = getattr(client, "shown_messages", None)
    if own is None:
        own = ShownMessages()
        client.shown_messages = own  # type: ignore[attr-defined]
    return own


async def edit_message(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    sender: Sender | None,
    **fields: Any,
) -> None:
    """Edit one of our public messages: through the interaction when its button was pressed
    (Discord's update of the clicked message), else with the bot's token; not at all when it
    already shows the same (a message clicked may be changed by its interaction as well: it
    is never compared)."""
    mentions = discord.AllowedMentions.none()  # an edit notifies nobody anyway
    shown, known = shown_of(fields), shown_messages(client)
    clicked = sender.clicked if sender is not None else None
    if clicked is not None:
        known.record(clicked, None)
    if clicked != message_id and known.same(message_id, shown):
        return
    if sender is not None and clicked == message_id:
        try:
            await sender.interaction.edit_original_response(allowed_mentions=mentions, **fields)
            sender.edited.add(message_id)
            return
        except SEND_ERRORS as e:
            log.warning("updating the clicked message failed (%s); editing it directly", e)
    message = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    await message.edit(allowed_mentions=mentions, **fields)
    known.record(message_id, shown if clicked != message_id else None)
    if sender is not None:
        sender.edited.add(message_id)


async def mark_delivered(
    client: discord.Client, service: GameService, key: tuple[int, int]
) -> None:
    """Tell the outbox; if the database refuses now, remember it so the outbox loop neither
    posts it twice nor forgets to clear it."""
    try:
        await service.outbox.delivered(key)
    except Exception:
        log.exception("announcement %s delivered but not yet cleared from the outbox", key)
        unmarked: set[tuple[int, int]] = getattr(client, "delivered_unmarked", set())
        unmarked.add(key)


# --- answering an interaction: when to defer ---------------------------------------------


@contextlib.contextmanager
def answering(interaction: discord.Interaction[Any]) -> Iterator[None]:
    """Count this task among the client's interactions being answered (a shutdown waits)."""
    handling: set[asyncio.Task[Any]] | None = getattr(interaction.client, "handling", None)
    task = asyncio.current_task()
    if handling is not None and task is not None:
        handling.add(task)
    try:
        yield
    finally:
        if handling is not None and task is not None:
            handling.discard(task)


def sender_of(interaction: discord.Interaction[Any], service: GameService) -> Sender:
    """The interaction's Sender (kept in `extras` so the error handler finds what was sent)."""
    sender = interaction.extras.get("sender")
    if not isinstance(sender, Sender):
        sender = Sender(interaction, service)
        interaction.extras["sender"] = sender
    return sender


async def answer_change(
    interaction: discord.Interaction[Any],
    service: GameService,
    work: Callable[[], Awaitable[Reply]],
) -> None:
    """Anything that may change a game (or downloads an attachment first): defer privately at
    once, then run it and deliver. An interaction Discord no longer accepts is not run: its
    sender sees it fail and nothing was done."""
    with answering(interaction):
        sender = sender_of(interaction, service)
        if not await sender.defer(private=True):
            return
        await sender.send(await work())


async def answer_read(
    interaction: discord.Interaction[Any],
    service: GameService,
    work: Awaitable[Reply],
    *,
    private: bool = False,
) -> None:
    """A read: answer directly when it is ready in time, else defer before 2.5 s counted
    from the interaction's creation; a `private` read answers the asker alone, whatever
    the reply (the command table's word, for every game)."""
    with answering(interaction):
        sender = sender_of(interaction, service)
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task}, timeout=max(0.0, seconds_left(interaction)))
        if not done and not await sender.defer(private=private):
            task.cancel()
            return
        reply = await task
        if private and reply.announcement is None:
            reply = dataclasses.replace(reply, ephemeral=True)
        await sender.send(reply)


async def choices_in_time(
    interaction: discord.Interaction[Any], work: Awaitable[list[Any]]
) -> list[Any]:
    """Autocomplete: the choices if they are ready in time, else none (Discord shows an empty
    list rather than 'Loading options failed')."""
    budget = seconds_left(interaction)
    try:
        if budget <= 0:
            raise TimeoutError
        return await asyncio.wait_for(work, timeout=budget)
    except TimeoutError:
        log.warning("autocomplete %s: no choices in time", interaction.id)
    except Exception:
        log.exception("autocomplete %s failed", interaction.id)
    if asyncio.iscoroutine(work):
        work.close()
    return []
