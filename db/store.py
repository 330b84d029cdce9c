"""The storage interface: one contract, two backends (SQLite, PostgreSQL) behind the same
tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from typing import Any, Protocol, runtime_checkable

from .models import (
    Announcement,
    DeckFile,
    GameAtTurn,
    GameExport,
    GameRecord,
    GameResult,
    GameSecret,
    LogLines,
    NewAction,
    OwedAnnouncement,
    OwedDirect,
    Pace,
    Reminder,
    ReminderPlan,
    ServerSettings,
    Snapshot,
    Status,
    StoredAction,
    TurnMessage,
    UserPrefs,
)

STATUSES: tuple[Status, ...] = ("lobby", "active", "finished", "aborted")
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "active")
ENDED_STATUSES: tuple[Status, ...] = ("finished", "aborted")  # a secret may be revealed
# Seconds an owed announcement stays claimed by the process that took it: long enough to post
# a batch, short enough that one a dead process held is soon taken again.
OUTBOX_LEASE = 120.0
# The announcement a new game owes its channel, made from its record (which gives the new
# game's id) inside the transaction that stores it.
NewGameAnnouncement = Callable[[GameRecord], Announcement]
# Lines kept for a seat until its player looks (seat_notes): the latest this many, each cut to
# SEAT_NOTE_CHARS. A seat whose player never looks keeps a bounded few, the newest.
SEAT_NOTES_KEPT = 20
SEAT_NOTE_CHARS = 500


@runtime_checkable
class Store(Protocol):
    """Every write checks the version it read and bumps it; a mismatch raises StaleAction and
    writes nothing. Every write is one transaction, serialised per game across processes by
    the backend's own means (SQLite: BEGIN IMMEDIATE; PostgreSQL: the game's row locked FOR
    UPDATE), so several bot processes may share one database."""

    async def close(self) -> None: ...

    async def create_game(
        self,
        channel_id: str,
        seed: int,
        options: dict[str, Any],
        creator: int,
        *,
        deck: DeckFile | None = None,
        secret: str = "",
        seats: dict[str, int] | None = None,
        announcement: NewGameAnnouncement | None = None,
        kind: str,
        files: Sequence[DeckFile] = (),
    ) -> GameRecord:
        """A new lobby game with its `seats` (seat name -> user id), its deck file and the
        `announcement` it owes the channel, all in one transaction (a crash leaves none of
        them, or all); GameExists when the channel has an open one. `secret` (hex) deals its
        chance outcomes; '' leaves it to the seed (games before chance entries). `kind`: the
        game's id in the rules' registry (migration 013). `files`: other component files
        (an owner's cards and board), each stored once by its hash as a deck file is."""
        ...

    async def secret(self, game_id: int) -> GameSecret:
        """The game's secret: for the dealer and for verifying, never for a player."""
        ...

    async def deck_text(self, deck_hash: str) -> str | None:
        """A stored deck file's text by its hash."""
        ...

    async def server_settings(self, guild_id: str) -> ServerSettings:
        """The server's settings (the defaults when it has none stored)."""
        ...

    async def put_server_settings(self, settings: ServerSettings) -> None: ...

    async def get_game(self, game_id: int) -> GameRecord:
        """GameNotFound when there is none."""
        ...

    async def open_game(self, channel_id: str) -> GameRecord | None:
        """The channel's lobby or active game, if any."""
        ...

    async def open_game_at_turn(self, channel_id: str) -> GameAtTurn | None:
        """The channel's open game (as open_game) with its pace and its turn message, in one
        read (SQLite: one snapshot, one trip to a reader; PostgreSQL: one connection): what a
        move reads first."""
        ...

    async def game_at_turn(self, game_id: int) -> GameAtTurn:
        """The game (GameNotFound when there is none) with its pace, its turn message and its
        pending reminder job, in one read, as open_game_at_turn: what a move the bot makes on
        its own (an AI's step, a deadline's pass) reads under the channel's lock."""
        ...

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        """The channel's most recent game in any status."""
        ...

    async def update_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: dict[str, int] | None = None,
        status: Status | None = None,
        snapshot: Snapshot | None = None,
        announcement: Announcement | None = None,
        reminder: ReminderPlan | None = None,
        options: dict[str, Any] | None = None,
    ) -> GameRecord:
        """`announcement`: what the change owes the channel, stored in the same transaction
        (the outbox), keyed by the version the change produces; `reminder`: as in
        append_actions (e.g. a seat given to someone else while it is on turn); `options`:
        the game's options JSON, replaced (a lobby's AI seats)."""
        ...

    async def append_actions(
        self,
        game_id: int,
        expected_version: int,
        actions: Sequence[NewAction],
        *,
        snapshot: Snapshot | None = None,
        status: Status | None = None,
        announcement: Announcement | None = None,
        reminder: ReminderPlan | None = None,
        result: GameResult | None = None,
        log: LogLines | None = None,
        seat_notes: Mapping[str, Sequence[str]] | None = None,
    ) -> GameRecord:
        """`seat_notes`: what the move showed each seat alone (seat -> lines), kept for its
        player with those before (the latest SEAT_NOTES_KEPT) until `seat_notes_seen`; a move
        that ends the game leaves none kept.
        `log`: the text log lines the move wrote (replacing those from its start on).
        Append after the last seq, in one transaction with the version check (and the
        announcement the move owes, as in update_game). A lobby game takes actions only as it
        starts (status "active": the first card drawn). `reminder`: the game's reminder job
        is replaced by it in the same transaction (None leaves the job as it is). A game
        that ends (finished, aborted) loses its job, here and in update_game. `result`: the
        record of the game the move finishes, stored with it."""
        ...

    async def actions(self, game_id: int, after: int = 0) -> list[StoredAction]: ...

    async def adopt_secret(
        self,
        game_id: int,
        expected_version: int,
        *,
        secret: str,
        log: Sequence[NewAction],
        snapshot: Snapshot | None = None,
    ) -> GameRecord:
        """A lobby or active game dealt by its seed (stored before per-game secrets) takes
        `secret` (hex), which deals every chance outcome after `log`, in one transaction with
        the version check. `log` is the game's log with the seed's outcomes written in as
        chance entries (the same steps: it replays to the same state); it replaces the stored
        one (the only time a log is rewritten), and `snapshot` replaces the snapshots, which
        carried the seed's dealer. StorageError when the game has a secret already."""
        ...

    async def latest_snapshot(
        self, game_id: int, at_most: int | None = None
    ) -> Snapshot | None: ...

    # --- the text log (migration 009) --------------------------------------------------

    async def log_lines(self, game_id: int, start: int = 0, end: int | None = None) -> list[str]:
        """Lines `start` to `end` (exclusive; None: the last) of the game's text log."""
        ...

    async def log_length(self, game_id: int) -> int:
        """How many lines of the game's text log are stored (rows, not the last line's
        number: a gap left by a failed fill_log shows)."""
        ...

    async def fill_log(self, game_id: int, expected_version: int, log: LogLines) -> bool:
        """Store the lines of a game stored before migration 009 (its log was in its states),
        where none is stored yet, while the game is still at `expected_version` (the lines
        follow from the actions stored up to it). False, and nothing written, otherwise."""
        ...

    async def stored_bytes(self, game_id: int) -> int:
        """The bytes of all the game's rows, every table (db.rows.stored_bytes)."""
        ...

    async def export_game(self, game_id: int) -> GameExport: ...

    async def import_game(
        self,
        channel_id: str,
        data: GameExport,
        *,
        snapshot: Snapshot | None = None,
        announcement: NewGameAnnouncement | None = None,
        reminder: ReminderPlan | None = None,
        files: Sequence[DeckFile] = (),
        options: dict[str, Any] | None = None,
        secret: str = "",
        log: LogLines | None = None,
    ) -> GameRecord:
        """Store a whole game (the caller has checked that it replays), its text `log`, the
        `announcement` it owes the channel and, when it is active, its `reminder` job, in one
        transaction; `options` are as the record keeps them (its component `files` named by their keys); `secret` (fresh) deals what
        comes after the imported log."""
        ...

    # --- the outbox: announcements still owed ---------------------------------------------

    async def owed_announcements(
        self,
        limit: int = 20,
        grace: float = 0.0,
        *,
        ignore_backoff: bool = False,
        lease: float = OUTBOX_LEASE,
    ) -> list[OwedAnnouncement]:
        """Claim the announcements due now, oldest first: those that failed and are due again
        (all that failed, with `ignore_backoff`, as after a restart), and those never tried
        that are older than `grace` seconds (younger ones are still being delivered by whoever
        stored them). Each is claimed for `lease` seconds: no caller, in this process or
        another, gets it again until it is marked delivered or failed or the lease runs out
        (the claimer died), so each is delivered by one process."""
        ...

    async def announcement_delivered(self, game_id: int, version: int) -> None:
        """Delivered (or given up): it leaves the outbox."""
        ...

    async def announcement_failed(
        self, game_id: int, version: int, retry_in: float, text: str | None = None
    ) -> None:
        """A delivery attempt failed: try again after `retry_in` seconds (with `text`, what is
        left to deliver, when part of it went out); the claim ends."""
        ...

    # --- the turn message (migrations 005, 011) ---------------------------------------------------

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        """The game's current turn message: its text so far and, once posted, its id."""
        ...

    async def turn_message_posted(self, game_id: int, version: int, message_id: int) -> None:
        """The message for the announcement at `version` went out as `message_id`: later
        steps of the turn edit it."""
        ...

    async def newest_message_posted(self, game_id: int, message_id: int) -> None:
        """A public message of the game other than its turn message (a seat notice, a
        reminder) went out as `message_id`: it is now the game's newest (migration 011)."""
        ...

    # --- reminders: jobs claimed with a lease (migration 007) ------------------------------

    async def pace(self, game_id: int) -> Pace | None:
        """The game's pace, None when it has the default."""
        ...

    async def set_pace(self, game_id: int, pace: Pace, due_at: float | None = None) -> None:
        """Store the pace (with its proposal, if any); with `due_at`, the pending reminder (if
        any) is due then."""
        ...

    async def reminder(self, game_id: int) -> Reminder | None:
        """The game's pending reminder job, claimed or not."""
        ...

    async def due_reminders(
        self, now: float, limit: int = 20, *, lease: float = OUTBOX_LEASE, ai_only: bool = False
    ) -> list[Reminder]:
        """Claim the jobs due at `now` (not claimed, or their lease ran out), earliest first:
        no caller, in this process or another, gets one again until it is marked sent or
        later, or `lease` seconds pass. `ai_only`: only AI seats' turns (negative user ids,
        bot.table.ai_seats), which the bot looks for more often than reminders."""
        ...

    async def reminder_sent(
        self, game_id: int, version: int, stage: int, next_due: float | None
    ) -> None:
        """The reminder of `stage` went out: the next one is due at `next_due` (None: no more,
        the job ends). Does nothing if a move replaced the job meanwhile."""
        ...

    async def reminder_later(self, game_id: int, version: int, due_at: float) -> None:
        """Not sent now (quiet hours, a failed send): due again at `due_at`, claim ended."""
        ...

    async def seat_notes(self, game_id: int, faction: str) -> list[tuple[int, str]]:
        """The lines kept for a seat (append_actions' `seat_notes`), oldest first, each with
        its number; they stay until `seat_notes_seen` (the look that showed them arrived)."""
        ...

    async def seat_notes_seen(self, game_id: int, faction: str, through: int) -> None:
        """The seat's player was shown its kept lines up to number `through`: they go (a line
        kept since stays for the next look)."""
        ...

    async def unsent_seat_notes(self, game_id: int, version: int) -> dict[str, list[str]]:
        """The lines the move that made `version` kept for each seat, still kept and not yet
        sent to its player (seat -> lines, oldest first)."""
        ...

    async def seat_notes_sent(self, game_id: int, version: int) -> set[str]:
        """Mark the lines the move that made `version` kept, not yet sent, as sent, in one
        transaction; the seats they were kept for. Whoever gets a seat here sends its lines,
        so they go out once however many deliveries of the move's announcement run."""
        ...

    async def release_seat_notes(self, game_id: int, version: int, factions: Set[str]) -> None:
        """Those seats' lines of the move that made `version` were not sent after all (a
        passing failure): unmarked, for the next delivery of its announcement."""
        ...

    # --- direct messages Discord failed to deliver (migration 019) --------------------------

    async def owe_direct(
        self, game_id: int, version: int, user_id: int, text: str, due_at: float
    ) -> None:
        """`text`, a direct message for the game's announcement at `version`, failed to reach
        `user_id` once: owed, due at `due_at`. It replaces what the game owed that person
        before (an older announcement's, which the game has moved past), never a newer one."""
        ...

    async def due_directs(
        self, now: float, limit: int = 20, *, lease: float = OUTBOX_LEASE
    ) -> list[OwedDirect]:
        """Claim the owed direct messages due at `now`, earliest first: no caller, in this
        process or another, gets one again until it is done or later, or `lease` seconds
        pass (the claimer died)."""
        ...

    async def direct_later(self, game_id: int, version: int, user_id: int, due_at: float) -> None:
        """Another send failed: one more attempt counted, due again at `due_at`, claim ended.
        Nothing if a newer one replaced it meanwhile."""
        ...

    async def direct_done(self, game_id: int, version: int, user_id: int) -> None:
        """Sent, refused, out of date or given up: it goes (not a newer one that replaced it)."""
        ...

    # --- who holds a seat for whom; which server a channel is on (migration 012) -----------

    async def seat_holds(self, game_id: int) -> dict[str, int]:
        """Faction -> the person an AI holds that seat for (see put_seat_hold)."""
        ...

    async def put_seat_hold(self, game_id: int, faction: str, user_id: int | None) -> None:
        """The AI in `faction`'s seat holds it for `user_id` (None: for nobody). Counts only
        while an AI holds the seat; written before the seat change it goes with."""
        ...

    async def put_channel_server(self, channel_id: str, guild_id: str) -> None:
        """The server (guild) a channel or thread is on; idempotent."""
        ...

    async def unplaced_channels(self, limit: int = 100) -> list[str]:
        """Channels of finished games whose server is not known (games stored before
        migration 012 noted it), at most `limit`, in the order of their games' ids."""
        ...

    # --- players' preferences (migration 008) ----------------------------------------------

    async def user_prefs(self, user_id: int) -> UserPrefs:
        """The player's preferences (the defaults when none are stored)."""
        ...

    async def put_user_prefs(self, prefs: UserPrefs) -> None: ...

    # --- records of finished games (migration 008) -----------------------------------------

    async def break_tie(self, game_id: int, winner: str, tied: Sequence[str]) -> None:
        """A tie for first place broken after the game (Vijayanagara's Goat-Tiger tiebreak):
        in the game's record, the `tied` seats other than `winner` drop to second place."""
        ...

    async def results(
        self,
        *,
        channel_id: str | None = None,
        user_id: int | None = None,
        guild_id: str | None = None,
        kind: str | None = None,
        limit: int = 20,
        newest_first: bool = True,
    ) -> list[GameResult]:
        """Finished games' records: a channel's, a user's, or all, at most `limit`;
        `guild_id`: only those played in channels known to be on that server; `kind`: only
        games of that kind."""
        ...
