"""Reminders over days: who the game waits for, when to nudge them, and what to say.

A stored move replaces the game's reminder job in its own transaction (`plan`); the client's
background loop asks for the jobs due now (`due`), posts them and reports back (`sent`,
`failed`). Each wait escalates: a reminder to the player, then a notice to the whole channel,
then one "this game has stalled" message, then silence until someone moves. Quiet hours in
the player's time zone hold a reminder back until they end. The clock is injected (tests move
it; nobody sleeps).
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass

from db import GameRecord, Pace, Reminder, ReminderPlan, Store, UserPrefs

from .ai_users import is_ai
from .front_end import utc_time
from .reply import Button, Reply

DEFAULT_PACE = 24 * 3600  # seconds between two reminders of one wait, unless /vj pace says
MIN_PACE_HOURS = 1
MAX_PACE_HOURS = 14 * 24
SNOOZE = 12 * 3600  # the snooze button holds the next reminder back this long
RETRY = 300.0  # a reminder that could not be posted is tried again after this long
# the stages of one wait, in order; after the stall notice, silence, except (when the bot
# archives abandoned games) one warning ARCHIVE_WARNING before the game is archived
REMINDER, CHANNEL_NOTICE, STALLED, ABANDON_WARNING, ARCHIVE = 0, 1, 2, 3, 4
DEFAULT_ABANDON_DAYS = 30
ARCHIVE_WARNING = 3 * 24 * 3600
SNOOZE_ID = "snooze"


def in_quiet_hours(prefs: UserPrefs, now: float) -> float | None:
    """When the player's quiet hours end, if `now` is inside them; None otherwise."""
    start, end = prefs.quiet_from, prefs.quiet_to
    if start is None or end is None or start == end:
        return None
    zone = zoneinfo.ZoneInfo(prefs.time_zone)
    local = dt.datetime.fromtimestamp(now, zone)
    inside = start <= local.hour < end if start < end else local.hour >= start or local.hour < end
    if not inside:
        return None
    until = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if until <= local:
        until += dt.timedelta(days=1)
    return until.timestamp()


class ReminderError(Exception):
    """A refusal with a message for the user; nothing was changed."""


MAX_ZONE_CHARS = 64
MAX_QUIET_CHARS = 16


def check_time_zone(name: str) -> str:
    """An IANA time zone name (`Europe/Paris`, `Asia/Kolkata`, `UTC`), else refused."""
    name = name.strip()
    if len(name) > MAX_ZONE_CHARS or name not in zoneinfo.available_timezones():
        raise ReminderError(
            f"Unknown time zone {name[:MAX_ZONE_CHARS]!r}: use a name like `Europe/Paris`, "
            "`America/New_York`, `Asia/Kolkata` or `UTC`."
        )
    return name


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    """`22-7` (quiet from 22:00 to 07:00, your time) or `off`."""
    text = text.strip().lower()
    if text in ("off", "none", ""):
        return None, None
    parts = text.split("-") if len(text) <= MAX_QUIET_CHARS else []
    if len(parts) == 2 and all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        start, end = (int(p) for p in parts)
        if 0 <= start <= 23 and 0 <= end <= 23 and start != end:
            return start, end
    raise ReminderError(
        f"Quiet hours {text[:MAX_QUIET_CHARS]!r} not understood: give two different whole "
        "hours from 0 to 23, as `22-7` (from 22:00 to 07:00 in your time zone), or `off`."
    )


def prefs_text(p: UserPrefs) -> str:
    quiet = (
        "none"
        if p.quiet_from is None or p.quiet_to is None
        else f"{p.quiet_from:02d}:00 to {p.quiet_to:02d}:00"
    )
    dm = "also by direct message" if p.direct_messages else "in the game's channel only"
    return (
        f"Time zone {p.time_zone}; quiet hours {quiet}; turn notices, reminders and what others' "
        f"moves show you alone (a card drawn for you) {dm}."
    )


@dataclass(frozen=True)
class DueReminder:
    """A claimed job and what to post for it: in the channel, and to `direct_to` privately
    when the player asked for direct messages."""

    job: Reminder
    reply: Reply
    direct_to: int | None = None


class Reminders:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float],
        mention: Callable[[int], str],
        abandon_after: float = DEFAULT_ABANDON_DAYS * 24 * 3600,
        ai_pace: Callable[[GameRecord, float | None], float] | None = None,
        moment: Callable[[float], str] = utc_time,
    ):
        """`abandon_after`: seconds without a move after which a game is archived (0: never).
        `ai_pace`: seconds before an AI seat's step is due, from the game and its stored AI
        pace: its "reminder" is its move, at the AI's pace. `moment`: a moment as the front
        end shows it."""
        self.store = store
        self.clock = clock
        self.mention = mention
        self.abandon_after = abandon_after
        self.ai_pace = ai_pace
        self.moment = moment

    async def pace(self, game_id: int) -> Pace:
        return await self.store.pace(game_id) or Pace(seconds=DEFAULT_PACE)

    async def plan(self, game: GameRecord, waiting_for: int | None) -> ReminderPlan:
        """The job a move leaves: wait for `waiting_for` from now (None: nobody to remind, a
        free seat or the game over)."""
        if waiting_for is None:
            return ReminderPlan(user_id=None)
        return self.plan_at(game, waiting_for, await self.store.pace(game.id))

    def plan_at(
        self, game: GameRecord, waiting_for: int | None, stored: Pace | None
    ) -> ReminderPlan:
        """`plan`, with the game's stored pace already read (None: the default)."""
        now = self.clock()
        if waiting_for is None:
            return ReminderPlan(user_id=None)
        if is_ai(waiting_for) and self.ai_pace is not None:  # its "reminder" is its move
            wait = self.ai_pace(game, stored.ai_seconds if stored else None)
            return ReminderPlan(user_id=waiting_for, since=now, due_at=now + wait)
        seconds = (stored or Pace(seconds=DEFAULT_PACE)).seconds
        return ReminderPlan(user_id=waiting_for, since=now, due_at=now + seconds)

    def first_plan(self, waiting_for: int | None) -> ReminderPlan:
        """The first wait of a game not stored yet (an import, which seats only its
        importer): from now, at the default pace, as it has no pace of its own yet."""
        if waiting_for is None:
            return ReminderPlan(user_id=None)
        now = self.clock()
        return ReminderPlan(user_id=waiting_for, since=now, due_at=now + DEFAULT_PACE)

    async def due(self, limit: int = 20) -> list[DueReminder]:
        """Claim the jobs due now and say what to post; a job in the player's quiet hours is
        put off until they end (and nothing is posted)."""
        now = self.clock()
        out: list[DueReminder] = []
        for job in await self.store.due_reminders(now, limit):
            game = await self.store.get_game(job.game_id)
            if game.status != "active" or job.user_id not in game.seats.values():
                await self.store.reminder_sent(job.game_id, job.version, job.stage, None)
                continue
            prefs = await self.store.user_prefs(job.user_id)
            quiet_until = in_quiet_hours(prefs, now) if job.stage < ABANDON_WARNING else None
            if quiet_until is not None:  # nobody pings them at night: after it
                await self.store.reminder_later(job.game_id, job.version, quiet_until)
                continue
            reply = self.reply_for(game, job)
            direct = job.user_id if prefs.direct_messages and job.stage == REMINDER else None
            out.append(DueReminder(job, reply, direct))
        return out

    def reply_for(self, game: GameRecord, job: Reminder) -> Reply:
        who = self.mention(job.user_id)
        since = self.moment(job.since)
        if job.stage == REMINDER:
            return Reply(
                text=f"⏰ {who}, game {game.id} is waiting for your decision (since {since}).",
                mentions=[job.user_id],
                buttons=[
                    Button(
                        label="Snooze 12 h",
                        custom_id=f"vj:{game.id}:{job.version}:{SNOOZE_ID}",
                    )
                ],
            )
        others = sorted({u for u in game.seats.values() if u != job.user_id})
        if job.stage == CHANNEL_NOTICE:
            return Reply(
                text=f"📣 Game {game.id} has waited for {who} since {since}. "
                + " ".join(self.mention(u) for u in others)
                + " — a word from you may help.",
                mentions=[job.user_id, *others],
            )
        if job.stage == STALLED:
            return Reply(
                text=f"🕸️ Game {game.id} has stalled: it has waited for {who} since {since}. "
                "No more reminders; the next move wakes it up.",
            )
        archive_at = self.moment(job.since + self.abandon_after)
        return Reply(
            text=f"🗄️ Game {game.id} has had no move since {since}: it will be archived "
            f"{archive_at} unless someone moves.",
        )

    async def sent(self, job: Reminder) -> None:
        """Posted: the next stage is due one pace later; after the stall notice, silence
        until the archive warning (if abandoned games are archived), then the archiving."""
        next_due: float | None = self.clock() + (await self.pace(job.game_id)).seconds
        if job.stage >= STALLED:
            end = job.since + self.abandon_after
            if not self.abandon_after or job.stage >= ARCHIVE:
                next_due = None
            elif job.stage == STALLED:
                next_due = max(self.clock(), end - ARCHIVE_WARNING)
            else:
                next_due = max(self.clock(), end)
        await self.store.reminder_sent(job.game_id, job.version, job.stage, next_due)

    async def failed(self, job: Reminder) -> None:
        await self.store.reminder_later(job.game_id, job.version, self.clock() + RETRY)

    async def snooze(self, game: GameRecord, version: int, user: int) -> str:
        """The waited-for player holds the next reminder back SNOOZE seconds."""
        job = await self.store.reminder(game.id)
        if job is None or job.version != version:
            raise ReminderError("That reminder is out of date: the game has moved on since.")
        if job.user_id != user:
            raise ReminderError(f"Only {self.mention(job.user_id)}, who is on turn, can snooze it.")
        until = max(job.due_at, self.clock() + SNOOZE)
        await self.store.reminder_later(game.id, version, until)
        return f"Snoozed: the next reminder comes {self.moment(until)} at the earliest."
