"""The outbox: announcements owed to the channels, and their delivery; and the "Your turn"
direct messages Discord failed to deliver, owed to their people while the game waits for them."""

from __future__ import annotations

import logging

from db import GameRecord, OwedAnnouncement, OwedDirect, TurnMessage

from .loading import BrokenGame
from .parts import SharedParts
from .reply import Button, Reply, SeatNote
from .table_texts import seat_notes_for

log = logging.getLogger(__name__)

# A "Your turn" direct message that failed is sent again DIRECT_FIRST_WAIT seconds later, then
# after twice as long each time, DIRECT_ATTEMPTS sends in all: the last about an hour after the
# first (30 s + 1 + 2 + 4 + 8 + 16 + 32 min). An hour outlasts Discord's usual outages; past
# it the person still has the channel's ping and the game's reminder (by direct message too),
# and a notice that late would be noise more than news.
DIRECT_FIRST_WAIT = 30.0
DIRECT_ATTEMPTS = 8


class Outbox:
    def __init__(self, shared: SharedParts) -> None:
        self.shared = shared

    async def owed(
        self, limit: int = 20, grace: float = 0.0, *, ignore_backoff: bool = False
    ) -> list[tuple[OwedAnnouncement, Reply]]:
        """Announcements of stored changes not yet delivered and due now, with the reply to
        post: what the first delivery would have carried (whom it asks to decide, the lines
        its move showed a seat alone and not sent yet). An announcement the game has moved
        past since keeps its text and those lines but pings nobody and shows no board or
        buttons (the newer one does); an edit the game has moved past is dropped (the newer
        one carries the whole turn)."""
        out: list[tuple[OwedAnnouncement, Reply]] = []
        for owed in await self.shared.store.owed_announcements(
            limit, grace, ignore_backoff=ignore_backoff
        ):
            record = await self.shared.store.get_game(owed.game_id)
            if owed.edit and record.version != owed.version:
                # a later announcement carries the whole turn (its edit or its closing text)
                await self.shared.store.announcement_delivered(owed.game_id, owed.version)
                continue
            out.append((owed, await self._rebuilt(owed, record)))
        return out

    async def _rebuilt(self, owed: OwedAnnouncement, record: GameRecord) -> Reply:
        """The reply of an owed announcement, as its first delivery would have had it."""
        current = record.version == owed.version
        image = None
        buttons: list[Button] = []
        if current and record.status == "active":
            try:
                state = await self.shared.loader.state_of(record)
            except BrokenGame:  # its text still goes out; every other channel's too
                state = None
            if state is not None:
                buttons = self.shared.texts.buttons_for(record, state)
            if state is not None and owed.board:
                image = await self.shared.pipeline.render(record, state)
        return Reply(
            text=owed.text,
            image=image,
            mentions=owed.mentions if current else [],
            deciding=owed.deciding if current else [],
            buttons=buttons,
            version=owed.version,
            announcement=(owed.game_id, owed.version),
            edit=owed.edit,
            close_text=owed.close_text,
            seat_notes=await self._seat_notes(owed, record),
        )

    async def _seat_notes(self, owed: OwedAnnouncement, record: GameRecord) -> list[SeatNote]:
        """What the announcement's move showed each seat alone and its player was not sent
        yet (a game this bot cannot read has none to tell: its text still goes out)."""
        kept = await self.shared.store.unsent_seat_notes(owed.game_id, owed.version)
        if not kept:
            return []
        try:
            return seat_notes_for(self.shared.texts.rules_of(record), record, kept)
        except BrokenGame:
            return []

    async def seat_notes_sent(self, announcement: tuple[int, int]) -> set[str]:
        """The seats whose lines, kept by the announcement's move, the caller is to send
        their players now: marked sent here, so each goes out once, whichever delivery of
        the announcement (the first, a retry) gets here first."""
        return await self.shared.store.seat_notes_sent(*announcement)

    async def seat_notes_unsent(self, announcement: tuple[int, int], seats: set[str]) -> None:
        """Those seats' lines were not sent after all (Discord failed): the announcement's
        next delivery sends them."""
        await self.shared.store.release_seat_notes(*announcement, seats)

    async def notes_seen(self, reply: Reply) -> None:
        """The reply reached its reader: the kept lines it showed them go."""
        for shown in reply.notes_shown:
            await self.shared.store.seat_notes_seen(shown.game_id, shown.seat, shown.through)

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        """The game's current turn message (what later steps of the turn edit)."""
        return await self.shared.store.turn_message(game_id)

    async def turn_posted(self, game_id: int, version: int, message_id: int) -> None:
        """The turn opened at `version` has its message: `message_id`."""
        await self.shared.store.turn_message_posted(game_id, version, message_id)

    async def newest_posted(self, game_id: int, message_id: int) -> None:
        """A public message of the game that is not its turn message (a seat notice, a
        reminder) went out as `message_id`: the game's newest, the one with the buttons."""
        await self.shared.store.newest_message_posted(game_id, message_id)

    async def buttons_now(self, game_id: int) -> list[Button]:
        """The buttons of the game as it stands (none once it is over): what its newest
        public message carries."""
        record = await self.shared.store.get_game(game_id)
        if record.status != "active":
            return []
        return self.shared.texts.buttons_for(record, await self.shared.loader.state_of(record))

    async def delivered(self, announcement: tuple[int, int]) -> None:
        """The announcement reached the channel: it leaves the outbox."""
        await self.shared.store.announcement_delivered(*announcement)

    async def delivery_failed(
        self, announcement: tuple[int, int], retry_in: float, text: str | None = None
    ) -> None:
        """Not (wholly) delivered: retry after `retry_in` s; `text` is what is left to post."""
        await self.shared.store.announcement_failed(*announcement, retry_in, text)

    # --- direct messages asking for a decision Discord failed to deliver --------------------

    async def owe_direct(self, announcement: tuple[int, int], user_id: int, text: str) -> None:
        """`text`, telling `user_id` that the game waits for their decision ("Your turn", a
        reminder) at `announcement` (the game and its version), did not reach them (Discord
        failed, not their settings): it is stored, a restart keeps it, and sent again later."""
        game_id, version = announcement
        due = self.shared.reminders.clock() + DIRECT_FIRST_WAIT
        await self.shared.store.owe_direct(game_id, version, user_id, text, due)

    async def due_directs(self, limit: int = 20) -> list[OwedDirect]:
        """The owed direct messages due now, claimed; one the game has moved past, or whose
        person no longer asks for direct messages, is dropped: a late "Your turn" never
        points to a decision that is no longer theirs."""
        out: list[OwedDirect] = []
        now = self.shared.reminders.clock()
        for owed in await self.shared.store.due_directs(now, limit):
            if await self._still_owed(owed):
                out.append(owed)
            else:
                await self.direct_done(owed)
        return out

    async def _still_owed(self, owed: OwedDirect) -> bool:
        """Every move and every change of seats bumps the game's version: at the version the
        message was for, the same people decide the same decision."""
        record = await self.shared.store.get_game(owed.game_id)
        if record.version != owed.version or record.status != "active":
            return False
        return (await self.shared.store.user_prefs(owed.user_id)).direct_messages

    async def direct_done(self, owed: OwedDirect) -> None:
        """Sent, refused (the person closed their direct messages) or out of date: it goes."""
        await self.shared.store.direct_done(owed.game_id, owed.version, owed.user_id)

    async def direct_failed(self, owed: OwedDirect) -> None:
        """Failed again: tried later, each wait twice the one before, DIRECT_ATTEMPTS sends in
        all; then given up, in the log."""
        attempts = owed.attempts + 1
        if attempts >= DIRECT_ATTEMPTS:
            log.warning(
                "game %s: the direct message owed to %s given up after %d attempts",
                owed.game_id,
                owed.user_id,
                attempts,
            )
            await self.direct_done(owed)
            return
        due = self.shared.reminders.clock() + DIRECT_FIRST_WAIT * 2 ** (attempts - 1)
        await self.shared.store.direct_later(owed.game_id, owed.version, owed.user_id, due)
