"""GameService: every command of the bot, transport-free.

Each method takes the channel (or thread) id and the calling user's id and returns a `Reply`.
Per game one asyncio lock: parse -> apply the steps (all or nothing up to a reveal) -> deal
the chance outcomes -> append in one version-checked transaction -> render off the event loop
-> reply. A reveal commits: a step that rolls dice or draws a card ends the order there. Nothing here imports
discord; the Discord adapter and the terminal client are thin layers over this.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

import pydantic

import rules
from db import (
    ENDED_STATUSES,
    Announcement,
    DeckFile,
    GameExists,
    GameExport,
    GameNotFound,
    GameRecord,
    GameResult,
    NewAction,
    OwedAnnouncement,
    Pace,
    Reminder,
    ReminderPlan,
    SeatResult,
    ServerSettings,
    Snapshot,
    StaleAction,
    StorageError,
    Store,
    TurnMessage,
    UserPrefs,
    open_store,
)
from db.export import ExportError, game_options, parse_export
from db.models import MAX_EXPORT_ACTIONS, MAX_ID, ExportedAction
from rules.cards import DECK_MAX_CHARS, Deck, deck_for, find_cards, with_deck
from rules.errors import excerpt
from rules.fairness import SECRET_BYTES, Verification, commitment, keyed_outcome, verify
from rules.words import count_of

from .ai_seats import AiSeats, is_ai, with_ai_names
from .order_entry import (
    CHOICE_LIMIT,
    Drafts,
    RecentOrders,
    draft_value,
    read_entry,
    tagged,
)
from .records import history_text, stats_text
from .reminders import (
    ARCHIVE,
    DEFAULT_ABANDON_DAYS,
    MAX_PACE_HOURS,
    MIN_PACE_HOURS,
    REMINDER,
    SNOOZE_ID,
    DueReminder,
    ReminderError,
    Reminders,
    check_time_zone,
    parse_quiet,
    prefs_text,
)
from .renderer import Renderer, default_renderer
from .reply import MESSAGE_LIMIT, Attachment, Button, Reply

log = logging.getLogger(__name__)

FACTIONS: tuple[rules.Faction, ...] = rules.PLAYERS
BUTTON_LIMIT = 20  # legal actions shown as buttons when there are at most this many
SHOWN_OPTIONS = 8  # legal orders listed in an error message
CONFIRM = "confirm"  # the step that accepts an order the bot asked about (a Command doing nothing)
MAX_LINE_CHARS = rules.MAX_ORDER_CHARS + 100  # a text command line, checked before it is read
LOG_LINES = 200  # at most this many log lines in one answer
CUSTOM_ID_PREFIX = "vj"
CACHE_SIZE = 2048
# Bounds on what a user sends (README, "Limits"). Checked here, where the raw bytes arrive.
MAX_DECK_BYTES = DECK_MAX_CHARS
MAX_IMPORT_BYTES = 4_000_000
WORK_SECONDS = 20.0  # reading a deck file or replaying an import, off the event loop
WORKERS = 2  # such checks running at once; more wait (the machine has few cores)
MAX_LOG_LINES = 200
MAX_QUERY_CHARS = 100
MAX_CUSTOM_ID_CHARS = 100  # Discord's own limit
ORGANISERS = ("anyone", "role", "managers")
REMATCH_SEATINGS = ("rotate", "same", "choose")
# a rematch's rotation: whoever played the key plays the value
ROTATION = {"D": "B", "B": "V", "V": "D"}
HISTORY_LINES = 15  # games listed by /vj history
MAX_RECORDS = 10_000  # the most recent finished games /vj stats rates (oldest first)
DEADLINES = ("nothing", "pass")  # what happens when a game's first wait runs out

_P = ParamSpec("_P")
_T = TypeVar("_T")

COMMANDS: dict[str, str] = {
    "create": "open a new game in this channel (options: timurs_shadow; ai: easy|hard fills "
    "the other seats with AIs, seat: yours)",
    "join": "take a seat: D (Delhi Sultanate), B (Bahmani Kingdom) or V (Vijayanagara Empire)",
    "leave": "give up your seat(s) (a free seat can be taken by anyone with join)",
    "start": "start the game once all three factions are seated",
    "ai": "an AI plays a seat (faction, level easy|hard, pace: seconds a step); join takes it back",
    "hint": "the hard AI's suggestion for your decision now, its win chance and why (only you)",
    "play": "send an order in the notation, steps separated by ';' (docs/notation.md)",
    "undo": "take back your last step (until a die roll, card reveal or hand-off)",
    "give": "give Resources and/or Cavalry to another faction (1.5.2), at any time",
    "status": "who sits where, Resources, Cavalry, score, whose decision it is (only you see it; "
    "public: posts it)",
    "board": "the board picture (only you see it; public: posts it)",
    "log": "the last lines of the game log",
    "options": "every step allowed now, the whole list (only you see it)",
    "card": "look up an event card by number or title",
    "export": "the whole game as a JSON file (its secret only once the game is over)",
    "import": "load an exported game here; you keep your seats from it and may claim others",
    "abort": "end the game without a result (its creator or a server manager)",
    "club pace": "hours the game waits before reminding whoever is on turn (default 24), "
    "then a notice to the channel, then one stall notice; deadline: pass makes the seat pass",
    "club me": "your time zone, quiet hours (no reminders then) and direct messages for your turns",
    "club rematch": "a new game with the same people after one is over (seating: rotate, same, "
    "choose)",
    "club seat": "give a seat to a substitute (Manage Server only)",
    "club history": "the finished games of this channel, or of a player",
    "club stats": "wins per faction, and a player's wins and rating (Elo) per faction",
    "club replay": "the board at any step of a finished game of this channel",
    "club verify": "check that every die and card followed from the secret committed at the start",
    "club config": "who may create, import and abort games on this server (Manage Server only)",
    "help": "this list",
}


class ServiceError(Exception):
    """A refusal with a message for the user; nothing was changed."""


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def faction_of(text: str) -> rules.Faction:
    t = text.strip().lower()
    for f in FACTIONS:
        if t in (f.value.lower(), rules.FACTION_NAMES[f].lower()) or (
            len(t) >= 3 and rules.FACTION_NAMES[f].lower().startswith(t)
        ):
            return f
    for f in FACTIONS:
        if t and rules.FACTION_NAMES[f].lower().split()[0].startswith(t) and len(t) >= 2:
            return f
    raise ServiceError(
        f"{excerpt(text)} is not a faction: use D (Delhi Sultanate), B (Bahmani Kingdom) "
        "or V (Vijayanagara Empire)"
    )


def short_order(text: str, limit: int = 80) -> str:
    """An order as the user typed it, on one line and clipped, to quote inside backticks."""
    return rules.clip(" ".join(text.split()), limit)


def check_range(what: str, value: int, low: int, high: int) -> int:
    """A number from a user, refused with a message when outside low..high."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ServiceError(
            f"{what} must be a whole number from {low} to {high}, not {excerpt(value)}."
        )
    return value


def upload_text(raw: bytes | str, what: str, limit: int) -> str:
    """The text of an uploaded file: at most `limit` bytes of UTF-8."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ServiceError(f"That {what} is too large: {size} bytes; at most {limit} bytes.")
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ServiceError(f"That {what} is not UTF-8 text (a bad byte at {e.start}).") from e


def new_log_lines(before: list[str], after: list[str]) -> list[str]:
    """The lines `after` adds past what it shares with `before` (an undo shortens the log
    before it adds its own line)."""
    n = min(len(before), len(after))
    i = 0
    while i < n and before[i] == after[i]:
        i += 1
    return after[i:]


def split_steps(order: str) -> list[str]:
    return [s.strip() for s in re.split(r"[;\n]", order) if s.strip()]


@dataclass
class _Cached:
    version: int
    state: rules.GameState


@dataclass
class Outcome:
    """What an accepted order did (for the reply and the tests)."""

    game: GameRecord
    before: rules.GameState
    after: rules.GameState
    new_lines: list[str]
    steps: list[str] = field(default_factory=list)  # the steps as played (describe)
    notes: list[str] = field(default_factory=list)  # steps accepted without effect, and why
    announcement: Announcement = field(default_factory=lambda: Announcement(text=""))
    # A reveal committed the order at this step; the steps after it were not played.
    revealed_at: str | None = None
    unplayed: list[str] = field(default_factory=list)


def secret_for_seed(seed: int) -> bytes:
    """A fixed secret for a fixed seed (tests, benches): the same seed, the same game."""
    return hashlib.sha256(f"vijayanagara-seed:{seed}".encode()).digest()


class GameService:
    def __init__(
        self,
        store: Store,
        renderer: Renderer | None = None,
        *,
        seed_source: Callable[[], int] | None = None,
        mention_fn: Callable[[int], str] = mention,
        guard_repeats: bool = True,
        see_all_hint: str = "`/vj options` lists them all",
        name_players: bool = True,
        clock: Callable[[], float] = time.time,
        abandon_after: float = DEFAULT_ABANDON_DAYS * 24 * 3600,
    ) -> None:
        """`guard_repeats`: refuse a typed order that repeats the one just played (a double
        submit over a network); the terminal client, which reads each line once, turns it
        off."""
        self.store = store
        self.renderer: Renderer = renderer or default_renderer
        # A fixed seed (tests) gives a fixed secret; otherwise every game draws a fresh one.
        self.seed_source = seed_source
        mention_fn = with_ai_names(mention_fn)  # an AI seat is named, never pinged
        self.mention = mention_fn
        self.see_all_hint = see_all_hint  # how a cut list of choices can be seen whole
        self.name_players = name_players  # False where one person holds every seat
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: OrderedDict[int, _Cached] = OrderedDict()
        self._drafts = Drafts()
        self._recent = RecentOrders() if guard_repeats else None
        self._workers = asyncio.Semaphore(WORKERS)
        self._secrets: dict[int, bytes | None] = {}
        # the clock (seconds since the epoch) lives there; tests pass their own and move it
        self.reminders = Reminders(store, clock, mention_fn, abandon_after)
        self.ai = AiSeats(self)  # issue 15: AI seats, their moves and hints
        self.reminders.ai_pace = self.ai.pace_of

    @classmethod
    async def open(cls, database: str, renderer: Renderer | None = None, **kw: Any) -> GameService:
        """`database`: a postgresql:// URL, or a SQLite file (a path or sqlite:/// URL)."""
        return cls(await open_store(database), renderer, **kw)

    async def close(self) -> None:
        self.ai.close()
        await self.store.close()

    # --- plumbing ----------------------------------------------------------------------

    async def off_loop(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """CPU work in a worker thread, answered within WORK_SECONDS. At most WORKERS run at
        once, and a slot is freed only when its thread has really finished (a thread cannot be
        stopped; the upload limits bound how long it runs)."""
        await self._workers.acquire()
        work = asyncio.ensure_future(asyncio.to_thread(fn, *args, **kwargs))

        def finished(f: asyncio.Future[_T]) -> None:
            self._workers.release()
            if not f.cancelled() and f.exception() is not None:
                log.debug("background check ended with %r", f.exception())

        work.add_done_callback(finished)
        try:
            return await asyncio.wait_for(asyncio.shield(work), WORK_SECONDS)
        except TimeoutError as e:
            log.warning("%s took over %s s; refused", getattr(fn, "__name__", fn), WORK_SECONDS)
            raise ServiceError(
                f"That took longer than {WORK_SECONDS:.0f} seconds to check, so it was refused."
            ) from e

    def _lock(self, channel: str) -> asyncio.Lock:
        lock = self._locks.get(channel)
        if lock is None:
            lock = self._locks[channel] = asyncio.Lock()
        return lock

    async def _open_game(self, channel: str) -> GameRecord:
        game = await self.store.open_game(channel)
        if game is None:
            raise ServiceError("There is no game in this channel. Start one with `/vj create`.")
        return game

    async def _active_game(self, channel: str) -> GameRecord:
        game = await self._open_game(channel)
        if game.status == "lobby":
            missing = [f.value for f in FACTIONS if f.value not in game.seats]
            extra = f" Free seats: {', '.join(missing)}." if missing else ""
            raise ServiceError(f"The game has not started yet: `/vj start`.{extra}")
        return game

    async def options_of(self, game: GameRecord) -> rules.GameOptions:
        """The game's options with its deck file attached (read from the decks table)."""
        options = rules.GameOptions(timurs_shadow=bool(game.options.get("timurs_shadow", False)))
        text = game.options.get("deck")  # games stored before migration 004 kept the text
        deck_hash = game.options.get("deck_hash")
        if deck_hash is not None:
            text = await self.store.deck_text(str(deck_hash))
            if text is None:
                raise ServiceError(f"Game {game.id}'s deck file is missing from the database.")
        if text is None:
            return options
        try:
            return await self.off_loop(with_deck, options, str(text))
        except rules.DataError as e:
            raise ServiceError(f"Game {game.id}'s deck file cannot be read: {e}") from e

    async def secret_of(self, game: GameRecord) -> bytes | None:
        """The secret that deals this game's chance outcomes; None for a game stored before
        chance entries (its seed deals them). Never shown before the game is over."""
        if game.id not in self._secrets:
            stored = (await self.store.secret(game.id)).secret
            self._secrets[game.id] = bytes.fromhex(stored) if stored else None
        return self._secrets[game.id]

    async def _fresh_state(
        self, game: GameRecord, options: rules.GameOptions | None = None
    ) -> rules.GameState:
        """Setup, before any logged action: no future in it, unless the game predates chance
        entries (then its seed's dealer, as it was played)."""
        legacy = await self.secret_of(game) is None
        options = options or await self.options_of(game)
        return await self.off_loop(rules.new_game, game.seed if legacy else None, options)

    async def state_of(self, game: GameRecord) -> rules.GameState:
        """The game's state at its stored version: the cache, else the latest snapshot plus
        the actions after it (or a replay of the whole log when the snapshot is unusable)."""
        cached = self._cache.get(game.id)
        if cached is not None and cached.version == game.version:
            self._cache.move_to_end(game.id)
            return cached.state
        state: rules.GameState | None = None
        start = 0
        options = await self.options_of(game)
        snap = await self.store.latest_snapshot(game.id, at_most=game.actions)
        if snap is not None:
            try:
                state = rules.GameState.model_validate_json(snap.state)
                state.options = options  # the snapshot names the deck; this carries it
                start = snap.seq
            except pydantic.ValidationError:
                log.warning("game %s: snapshot %s unusable; replaying", game.id, snap.seq)
        if state is None:
            state = await self._fresh_state(game, options)
            start = 0
        for stored in await self.store.actions(game.id, after=start):
            state = rules.apply(state, rules.action_from_json(stored.action))
        self._remember(game, state)
        return state

    def _remember(self, game: GameRecord, state: rules.GameState) -> None:
        self._cache[game.id] = _Cached(game.version, state)
        self._cache.move_to_end(game.id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _seat_user(self, game: GameRecord, faction: rules.Faction | None) -> int | None:
        return None if faction is None else game.seats.get(faction.value)

    def _waiting_for(self, game: GameRecord, state: rules.GameState) -> int | None:
        """The person whose decision it is (None: the game is over or their seat is free)."""
        return None if state.game_over else self._seat_user(game, rules.decider(state))

    async def _seat_change_plan(
        self, game: GameRecord, seats: dict[str, int]
    ) -> ReminderPlan | None:
        """When seats change in a running game and the seat on turn changes hands, the wait
        starts anew for its new holder (or ends, for a free seat); None: the job stands."""
        if game.status != "active":
            return None
        state = await self.state_of(game)
        now = self._waiting_for(game.model_copy(update={"seats": seats}), state)
        if now == self._waiting_for(game, state):
            return None
        return await self.reminders.plan(game, now)

    def _result(self, game: GameRecord, state: rules.GameState) -> GameResult:
        """The record a finished game keeps: each seat's place and score."""
        scores = rules.score(state)
        return GameResult(
            game_id=game.id,
            channel_id=game.channel_id,
            finished_at=self.reminders.clock(),
            seats=[
                SeatResult.model_validate(
                    {"faction": f.value, "user_id": game.seats[f.value], "place": i}
                    | {"score": scores[f]}
                )
                for i, f in enumerate(rules.ranking(state), start=1)
                if f.value in game.seats
            ],
        )

    def _user_factions(self, game: GameRecord, user: int) -> list[rules.Faction]:
        return [f for f in FACTIONS if game.seats.get(f.value) == user]

    def _who(self, game: GameRecord, faction: rules.Faction) -> str:
        uid = game.seats.get(faction.value)
        if uid is not None and not self.name_players:
            return rules.FACTION_NAMES[faction]
        seat = self.mention(uid) if uid is not None else "nobody (free seat)"
        return f"{rules.FACTION_NAMES[faction]} ({seat})"

    def _allowed(self, state: rules.GameState, limit: int = SHOWN_OPTIONS) -> str:
        opts = self._options(state, limit)
        return f"Allowed now: {opts}." if opts else "No decision is pending."

    def _options(self, state: rules.GameState, limit: int | None = SHOWN_OPTIONS) -> str:
        """The legal next steps as text, a step that would do nothing marked (2.3.3)."""
        opts = [self._option(state, a) for a in rules.legal_actions(state)]
        shown = ", ".join(opts[:limit])
        if limit is not None and len(opts) > limit:
            shown += f" and {len(opts) - limit} more ({self.see_all_hint})"
        return shown

    @staticmethod
    def _option(state: rules.GameState, action: rules.Action) -> str:
        text = f"`{rules.describe(state, action)}`"
        note = rules.idle_note(state, action)
        return f"{text} ({note})" if note else text

    def custom_id(self, game: GameRecord, what: str) -> str:
        return f"{CUSTOM_ID_PREFIX}:{game.id}:{game.version}:{what}"

    def buttons_for(self, game: GameRecord, state: rules.GameState) -> list[Button]:
        if state.game_over:
            return []
        out: list[Button] = []
        legal = rules.legal_actions(state)
        if len(legal) <= BUTTON_LIMIT:
            for i, a in enumerate(legal):
                label = rules.describe(state, a)
                note = rules.idle_note(state, a)
                label += f" ({note})" if note else ""
                out.append(
                    Button(
                        label=label if len(label) <= 80 else label[:77] + "...",
                        custom_id=self.custom_id(game, f"a{i}"),
                        style="primary" if i == 0 else "secondary",
                    )
                )
        if rules.can_undo(state) is not None:
            out.append(Button(label="Undo", custom_id=self.custom_id(game, "undo"), style="danger"))
        return out

    def prompt_text(self, game: GameRecord, state: rules.GameState) -> tuple[str, list[int]]:
        """`**Next:** <who> — <the decision>`: the player (pinged), the faction, or the Mongols
        and who decides for them; the how-to is in `/vj help`."""
        p = rules.prompt(state)
        if p.faction is None:
            return p.text, []
        uid = self._seat_user(game, p.faction)
        mentions = [uid] if uid is not None and not is_ai(uid) else []
        name = rules.FACTION_NAMES[p.faction]
        text, sep = p.text, " — "
        if text.startswith(f"{name} decides — "):
            text = text.removeprefix(f"{name} decides — ")
        elif text.startswith(f"{name} "):  # "Delhi Sultanate on card 11 ...": named once
            text, sep = text.removeprefix(f"{name} "), " "
        who = f"Mongols (decided by {p.faction.value})" if p.for_mongols else name
        if uid is None:
            who += " (free seat: `/vj join`)"
        elif self.name_players:
            who += f" {self.mention(uid)}"
        return f"**Next:** {who}{sep}{text}", mentions

    async def _render(self, state: rules.GameState, highlight: list[str] | None) -> bytes | None:
        try:
            return await asyncio.to_thread(self.renderer, state, highlight or None)
        except Exception:  # a broken picture must not lose the (already stored) move
            log.exception("rendering the board failed")
            return None

    # --- the outbox: announcements owed to the channels -----------------------------------

    async def owed(
        self, limit: int = 20, grace: float = 0.0, *, ignore_backoff: bool = False
    ) -> list[tuple[OwedAnnouncement, Reply]]:
        """Announcements of stored changes not yet delivered and due now, with the reply to
        post. An announcement the game has moved past since keeps its text but pings nobody
        and shows no board or buttons (the newer one does); an edit the game has moved past
        is dropped (the newer one carries the whole turn)."""
        out: list[tuple[OwedAnnouncement, Reply]] = []
        for owed in await self.store.owed_announcements(
            limit, grace, ignore_backoff=ignore_backoff
        ):
            game = await self.store.get_game(owed.game_id)
            current = game.version == owed.version
            if owed.edit and not current:
                # a later announcement carries the whole turn (its edit or its closing text)
                await self.store.announcement_delivered(owed.game_id, owed.version)
                continue
            image = None
            buttons: list[Button] = []
            if current and game.status == "active":
                state = await self.state_of(game)
                buttons = self.buttons_for(game, state)
                if owed.board:
                    image = await self._render(state, state.touched)
            reply = Reply(
                text=owed.text,
                image=image,
                mentions=owed.mentions if current else [],
                buttons=buttons,
                version=owed.version,
                announcement=(owed.game_id, owed.version),
                edit=owed.edit,
                close_text=owed.close_text,
            )
            out.append((owed, reply))
        return out

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        """The game's current turn message (what later steps of the turn edit)."""
        return await self.store.turn_message(game_id)

    async def turn_posted(self, game_id: int, version: int, message_id: int) -> None:
        """The turn opened at `version` has its message: `message_id`."""
        await self.store.turn_message_posted(game_id, version, message_id)

    async def delivered(self, announcement: tuple[int, int]) -> None:
        """The announcement reached the channel: it leaves the outbox."""
        await self.store.announcement_delivered(*announcement)

    async def delivery_failed(
        self, announcement: tuple[int, int], retry_in: float, text: str | None = None
    ) -> None:
        """Not (wholly) delivered: retry after `retry_in` s; `text` is what is left to post."""
        await self.store.announcement_failed(*announcement, retry_in, text)

    # --- lobby -------------------------------------------------------------------------

    async def create(
        self,
        channel: str,
        user: int,
        *,
        timurs_shadow: bool = False,
        seed: int | None = None,
        deck: bytes | str | None = None,
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
    ) -> Reply:
        """Open a game; `deck` is another deck file (YAML, events-format.md), as uploaded.
        `guild`, `roles` and `is_manager` describe the caller for the server's permissions.

        Its dice and cards are dealt from a fresh random secret (committed at the start,
        revealed at the end), or from the service's `seed_source` (tests: a fixed secret).
        A game created with an explicit `seed` (tests, benches, the terminal's `--seed`) is
        `rules.new_game(seed)` itself, dealt by the seed: repeatable, not fair play."""
        async with self._lock(channel):
            try:
                await self._may_organise(guild, roles, is_manager, "create")
                if seed is not None:
                    check_range("The seed", seed, 0, MAX_ID)
                    secret = b""
                else:
                    secret = self._new_secret()
                options = rules.GameOptions(timurs_shadow=timurs_shadow)
                deck_file: DeckFile | None = None
                if deck is not None:
                    text = upload_text(deck, "deck file", MAX_DECK_BYTES)
                    try:
                        options = await self.off_loop(with_deck, options, text)
                    except rules.DataError as exc:
                        raise ServiceError(f"That deck file cannot be used: {exc}") from exc
                    assert options.deck_hash is not None
                    deck_file = DeckFile(hash=options.deck_hash, text=text)
                game = await self.store.create_game(
                    channel,
                    seed or 0,  # a secret deals the game, unless a seed was given
                    options.model_dump(mode="json", exclude_none=True),
                    user,
                    deck=deck_file,
                    secret=secret.hex(),
                )
            except ServiceError as e:
                return Reply.error(str(e))
            except GameExists:
                return Reply.error(
                    "This channel already has a game. Finish or `/vj abort` it, or open a thread."
                )
            variant = " with Timur's Shadow" if timurs_shadow else ""
            if deck is not None:
                variant += " with your own deck file"
            text = (
                f"New game of Vijayanagara{variant} (game {game.id}). Take a seat with "
                "`/vj join faction:D|B|V` (one person may hold several), then `/vj start`."
            )
            await self.store.announce(game.id, game.version, Announcement(text=text))
            return Reply(text=text, version=game.version, announcement=(game.id, game.version))

    async def join(self, channel: str, user: int, faction: str | None = None) -> Reply:
        async with self._lock(channel):
            try:
                game = await self._open_game(channel)
                free = [f for f in FACTIONS if f.value not in game.seats]
                if faction is None:
                    if not free:
                        raise ServiceError("All three seats are taken.")
                    f = free[0]
                else:
                    f = faction_of(faction)
                    holder = game.seats.get(f.value)
                    if holder == user:
                        raise ServiceError(f"You already sit as {rules.FACTION_NAMES[f]}.")
                    if holder is not None and not is_ai(holder):  # a person takes an AI's seat
                        free_txt = ", ".join(x.value for x in free) or "none"
                        raise ServiceError(
                            f"{rules.FACTION_NAMES[f]} is taken by {self.mention(holder)}. "
                            f"Free seats: {free_txt}."
                        )
                seats = {**game.seats, f.value: user}
                left = [x.value for x in FACTIONS if x.value not in seats]
                tail = (
                    f" Free seats: {', '.join(left)}."
                    if left
                    else (" All seats are taken: `/vj start`." if game.status == "lobby" else "")
                )
                text = f"{self.mention(user)} sits as {rules.FACTION_NAMES[f]}.{tail}"
                game = await self.store.update_game(
                    game.id,
                    game.version,
                    seats=seats,
                    announcement=Announcement(text=text),
                    reminder=await self._seat_change_plan(game, seats),
                )
            except ServiceError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error("The game changed meanwhile; try `/vj join` again.")
            return self._announced(game, text)

    async def leave(self, channel: str, user: int, faction: str | None = None) -> Reply:
        async with self._lock(channel):
            try:
                game = await self._open_game(channel)
                mine = self._user_factions(game, user)
                if faction is not None:
                    f = faction_of(faction)
                    if f not in mine:
                        raise ServiceError(f"You do not sit as {rules.FACTION_NAMES[f]}.")
                    mine = [f]
                if not mine:
                    raise ServiceError("You have no seat in this game.")
                seats = {k: v for k, v in game.seats.items() if k not in {f.value for f in mine}}
                names = ", ".join(rules.FACTION_NAMES[f] for f in mine)
                extra = (
                    " Anyone may take the free seat with `/vj join`."
                    if game.status == "active"
                    else ""
                )
                text = f"{self.mention(user)} leaves {names}.{extra}"
                game = await self.store.update_game(
                    game.id,
                    game.version,
                    seats=seats,
                    announcement=Announcement(text=text),
                    reminder=await self._seat_change_plan(game, seats),
                )
            except ServiceError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error("The game changed meanwhile; try `/vj leave` again.")
            return self._announced(game, text)

    async def start(self, channel: str, user: int) -> Reply:
        async with self._lock(channel):
            try:
                game = await self._open_game(channel)
                if game.status == "active":
                    raise ServiceError("The game has already started.")
                if user != game.creator and not self._user_factions(game, user):
                    raise ServiceError(
                        "Only a seated player or the game's creator may start it. "
                        "Take a seat with `/vj join`."
                    )
                missing = [f for f in FACTIONS if f.value not in game.seats]
                if missing:
                    raise ServiceError(
                        "A game starts only with all three factions seated. Free: "
                        + ", ".join(f"{f.value} ({rules.FACTION_NAMES[f]})" for f in missing)
                        + ". Join with `/vj join faction:`."
                    )
                state = await self._fresh_state(game)
                state, dealt = await self._deal(game, state, 1)
                seats = ", ".join(self._who(game, f) for f in FACTIONS)
                nxt, mentions = self.prompt_text(game, state)
                body = (
                    f"The game begins: {seats}.\n"
                    + await self._commitment_text(game)
                    + rules.card_header(state)
                )
                text = f"{body}\n{nxt}"
                game = await self.store.append_actions(
                    game.id,
                    game.version,
                    dealt,
                    snapshot=Snapshot(seq=len(dealt), state=state.model_dump_json()),
                    status="active",
                    announcement=Announcement(text=text, mentions=mentions, board=True, body=body),
                    reminder=await self.reminders.plan(game, self._waiting_for(game, state)),
                )
            except ServiceError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error("The game changed meanwhile; try `/vj start` again.")
            self._remember(game, state)
        return self._announced(
            game,
            text,
            mentions=mentions,
            image=await self._render(state, None),
            buttons=self.buttons_for(game, state),
        )

    # --- moves -------------------------------------------------------------------------

    async def play(
        self,
        channel: str,
        user: int,
        order: str,
        *,
        as_faction: str | None = None,
        expected_version: int | None = None,
    ) -> Reply:
        """Parse and apply a whole order (steps separated by ';'), all or nothing.

        An order picked from the suggestions carries the version it was made for (`[v12] …`)
        and is refused once the game has moved on; a typed order that repeats the one the same
        user just had played, with nothing in between, is refused as a likely double submit
        unless it starts with `again:`."""
        if len(order) > rules.MAX_ORDER_CHARS:  # refused before anything else reads it
            return Reply.error(
                f"That order is {len(order)} characters long; an order has at most "
                f"{rules.MAX_ORDER_CHARS}. Send it in parts."
            )
        entry = read_entry(order)
        async with self._lock(channel):
            try:
                game = await self._active_game(channel)
                text = entry.order
                if entry.draft:
                    draft = self._drafts.take(user, channel)
                    if draft is None:
                        raise ServiceError(
                            "That suggestion stood for an order you typed earlier, which I no "
                            "longer have. Type the order again."
                        )
                    text = draft
                version = expected_version if expected_version is not None else entry.version
                if version is not None and version != game.version:
                    raise ServiceError(self._stale_text(version, game.version, "That suggestion"))
                key = f"as {as_faction}: {text}" if as_faction else text
                if (
                    version is None
                    and not entry.again
                    and self._recent is not None
                    and self._recent.is_repeat(game.id, user, key, game.version)
                ):
                    shown = short_order(text)
                    raise ServiceError(
                        f"You just sent `{shown}` and it was played; nothing has happened since, "
                        "so I took this for a double submit and played nothing. To play it again "
                        f"on purpose, send `again: {shown}`."
                    )
                state = await self.state_of(game)
                steps = split_steps(text)
                confirmed = any(s.lower() == CONFIRM for s in steps)
                steps = [s for s in steps if s.lower() != CONFIRM]
                if not steps:
                    raise ServiceError("Empty order. " + self._allowed(state))
                forced = faction_of(as_faction) if as_faction else None
                giver = forced or self._default_giver(game, state, user)
                actions: list[tuple[str, rules.Action]] = []
                for step in steps:
                    for a in self._parse_step(state, step, len(steps), len(actions) + 1, giver):
                        actions.append((step, a))
                outcome = await self._apply_and_store(
                    game, state, user, actions, forced, confirmed=confirmed
                )
                if version is None and self._recent is not None:
                    self._recent.played(game.id, user, key, outcome.game.version)
            except ServiceError as e:
                return Reply.error(str(e))
        return await self._moved_reply(outcome)

    def _default_giver(
        self, game: GameRecord, state: rules.GameState, user: int
    ) -> rules.Faction | None:
        """Who gives in a `give` step that does not say: the user's only seat, else the
        faction whose decision it is when the user holds it."""
        mine = self._user_factions(game, user)
        if len(mine) == 1:
            return mine[0]
        now = rules.decider(state)
        return now if now in mine else None

    def _parse_step(
        self,
        state: rules.GameState,
        step: str,
        total: int,
        index: int,
        giver: rules.Faction | None = None,
    ) -> list[rules.Action]:
        where = self._where(step, total, index)
        try:
            return rules.parse(state, step, giver=giver)
        except rules.AmbiguousOrder as e:
            raise ServiceError(f"{where} is ambiguous: {e}") from e
        except rules.InvalidOrder as e:
            raise ServiceError(
                f"{where} is not an order I can read: {e}. {self._allowed(state)}"
            ) from e

    @staticmethod
    def _where(step: str, total: int, index: int) -> str:
        quoted = f"`{rules.clip(step)}`"
        return f"Step {index} ({quoted})" if total > 1 else quoted

    async def _deal(
        self, game: GameRecord, state: rules.GameState, seq: int
    ) -> tuple[rules.GameState, list[NewAction]]:
        """Resolve the pending chance nodes from the game's secret, the first one as log entry
        `seq`; the outcomes are chance entries of the log (no faction, no user)."""
        secret = await self.secret_of(game)
        dealt: list[NewAction] = []
        if secret is None:  # a game before chance entries: its seeded dealer is in the state
            return state, dealt
        while rules.chance(state) is not None:
            outcome = keyed_outcome(state, secret, game.id, seq + len(dealt))
            state = rules.apply(state, outcome)
            dealt.append(NewAction(action=rules.action_to_json(outcome)))
        return state, dealt

    async def _apply_and_store(
        self,
        game: GameRecord,
        state: rules.GameState,
        user: int,
        actions: list[tuple[str, rules.Action]],
        forced: rules.Faction | None,
        *,
        confirmed: bool = True,
        note: str | None = None,
    ) -> Outcome:
        """Apply the steps one by one on a scratch state and store them in one transaction,
        with the announcement they owe the channel.

        All or nothing, except that a reveal commits: after a step that rolls dice or draws a
        card (dealt here, from the secret), the order ends; that step and those before it are
        stored with the outcome, and the rest is not played. So no refusal and no later step
        is ever computed past a reveal that was not stored and announced. A `done` for what
        already ended by itself is only noted; unless `confirmed`, a Command that would select
        no space is refused once (see `_idle_check`)."""
        cur = state
        new: list[NewAction] = []
        described: list[str] = []
        notes: list[str] = [note] if note else []  # e.g. a deadline's
        trailing = rules.TrailingDone()  # a `done` for what already ended is only noted
        revealed_at: str | None = None
        total = len(actions)
        played = 0
        for k, (step, action) in enumerate(actions, start=1):
            where = self._where(step, total, k)
            played = k
            if trailing.skips(action):
                notes.append(f"{where} was not needed: that had already ended by itself.")
                continue
            who = self._actor(game, cur, action, user, forced, where)
            if not confirmed:
                self._idle_check(cur, action, where)
            reveals = cur.reveals
            try:
                described.append(
                    "undo" if isinstance(action, rules.Undo) else rules.describe(cur, action)
                )
                nxt = rules.apply(cur, action)
            except rules.RulesError as e:
                raise ServiceError(self._refusal(state, cur, where, k, total, e)) from e
            trailing.record(cur, nxt, action)
            new.append(
                NewAction(action=rules.action_to_json(action), faction=who.value, user_id=user)
            )
            cur, dealt = await self._deal(game, nxt, game.actions + len(new) + 1)
            new.extend(dealt)
            if cur.reveals != reveals:  # dice rolled or a card drawn: the order ends here
                revealed_at = where
                break
        if not new:
            raise ServiceError("Nothing to play: " + " ".join(notes) + " " + self._allowed(state))
        unplayed: list[str] = []  # what the reveal cut off
        for k, (step, action) in enumerate(actions[played:], start=played + 1):
            if trailing.skips(action):  # a `done` for what the revealing step ended
                notes.append(
                    f"{self._where(step, total, k)} was not needed: that had already ended "
                    "by itself."
                )
            elif step not in unplayed:
                unplayed.append(step)
        secret = await self.secret_of(game) if cur.game_over else None
        announcement = self._move_announcement(
            game,
            state,
            cur,
            described,
            notes,
            revealed_at if unplayed else None,
            unplayed,
            secret,
            turn=await self.store.turn_message(game.id),
        )
        handoff = cur.game_over or rules.decider(cur) != rules.decider(state)
        waiting = self._waiting_for(game, cur)
        if announcement.mentions and waiting == self._waiting_for(game, state):
            # the decision stays with the same person (another of their seats, the Mongols
            # they decide): a notice only when it passes to someone else
            announcement = announcement.model_copy(update={"mentions": []})
        try:
            stored = await self.store.append_actions(
                game.id,
                game.version,
                new,
                snapshot=Snapshot(seq=game.actions + len(new), state=cur.model_dump_json())
                if handoff
                else None,
                status="finished" if cur.game_over else None,
                announcement=announcement,
                reminder=await self.reminders.plan(game, waiting),
                result=self._result(game, cur) if cur.game_over else None,
            )
        except StaleAction as e:
            self._cache.pop(game.id, None)
            raise ServiceError(
                "Someone else moved first while your order was being stored, so nothing of "
                "yours was stored. Look at the new position (`/vj status`) and send it again."
            ) from e
        self._remember(stored, cur)
        return Outcome(
            stored,
            state,
            cur,
            new_log_lines(state.log, cur.log),
            described,
            notes,
            announcement,
            revealed_at=revealed_at if unplayed else None,
            unplayed=unplayed,
        )

    @staticmethod
    def _idle_check(state: rules.GameState, action: rules.Action, where: str) -> None:
        """2.3.3 allows a Command in zero spaces, but it still spends the option (and the
        faction's Eligibility): ask once, and accept the same order with `confirm`."""
        note = rules.idle_note(state, action)
        if note is not None:
            how = f"If that is what you want, send the same order with `; {CONFIRM}` at its end."
            raise ServiceError(GameService._idle_question(where, note, how))

    @staticmethod
    def _idle_question(where: str, note: str, how: str) -> str:
        return (
            f"{where}: {note}, yet it would still use this option and make you Ineligible "
            f"(2.3.3 allows zero spaces). Nothing was played. {how}"
        )

    def _refusal(
        self,
        state: rules.GameState,
        at: rules.GameState,
        where: str,
        k: int,
        total: int,
        error: rules.RulesError,
    ) -> str:
        """A refused step: why, and what is allowed in the real (stored) position; for a
        later step also what that step could have been (never past a reveal: the order stops
        at one)."""
        head = (
            f"{where} was refused, so nothing was played" if total > 1 else f"{where} was refused"
        )
        then = ""
        if k > 1:
            then = f" At that step the choices were: {self._options(at)}."
        return f"{head}: {error}.{then} {self._allowed(state)}"

    def _actor(
        self,
        game: GameRecord,
        state: rules.GameState,
        action: rules.Action,
        user: int,
        forced: rules.Faction | None,
        where: str,
    ) -> rules.Faction:
        """The faction this user acts as for this step; ServiceError when they may not."""
        mine = self._user_factions(game, user)
        if not mine:
            raise ServiceError(
                "You have no seat in this game, so you cannot give orders (anyone may read). "
                + (
                    "Free seats: "
                    + ", ".join(f.value for f in FACTIONS if f.value not in game.seats)
                    + "."
                    if len(game.seats) < 3
                    else ""
                )
            )
        if isinstance(action, rules.Undo):
            f = rules.can_undo(state)
            if f is None:
                raise ServiceError(
                    f"{where}: nothing to undo (steps cannot be taken back past a die roll, a "
                    "card reveal or a hand-off to another faction)."
                )
            if f not in mine:
                raise ServiceError(f"{where}: only {self._who(game, f)} may undo that step.")
            return f
        if isinstance(action, rules.Give):
            if action.giver not in mine:
                raise ServiceError(
                    f"{where}: you do not sit as {action.giver.value}, so you cannot give for it."
                )
            return action.giver
        f = rules.decider(state)  # cheap; the prompt text is only built for an error
        if f is None:
            raise ServiceError("The game is over.")
        if f in mine and (forced is None or forced == f):
            return f
        p = rules.prompt(state)
        assert p.faction is not None
        if forced is not None and forced != p.faction:
            raise ServiceError(
                f"{where}: it is not {rules.FACTION_NAMES[forced]}'s turn; "
                f"{self._who(game, p.faction)} must decide: {p.text}"
            )
        if p.faction not in mine:
            raise ServiceError(
                f"{where}: it is not your turn. {self._who(game, p.faction)} must decide: {p.text}"
            )
        return p.faction

    def _move_announcement(
        self,
        game: GameRecord,
        before: rules.GameState,
        after: rules.GameState,
        steps: list[str],
        notes: list[str],
        revealed_at: str | None = None,
        unplayed: list[str] | None = None,
        secret: bytes | None = None,
        *,
        turn: TurnMessage | None = None,
    ) -> Announcement:
        """The public message a move owes the channel. Inside a faction's turn it edits the
        turn's message (what happened so far, then the `Next:` line). A hand-off or a card
        reveal closes that message with the step's lines and posts a new one, which pings
        whoever decides next: at a card reveal it opens with a recap of the card that ended
        and the new card's header, with the board; at the end, the score and the secret."""
        actor = rules.decider(before)
        who = actor.value if actor else ""
        if actor is not None and rules.prompt(before).for_mongols:
            who = f"Mongols (decided by {actor.value})"
        lines = [f"• {line}" for line in new_log_lines(before.log, after.log)] or [
            f"• {who}: {'; '.join(steps)}"
        ]
        # what the sender must know about the order: in the message that goes out now
        said = [f"(note: {n})" for n in notes]
        if revealed_at is not None:
            rest = "; ".join(rules.clip(u) for u in unplayed or [])
            said.append(
                f"{revealed_at} revealed dice or a card, so the order ended there (a reveal "
                f"commits). Not played: `{rest}`."
            )
        new_card = after.current_card != before.current_card
        handoff = after.game_over or rules.decider(after) != actor or new_card
        mentions: list[int] = []
        if after.game_over:
            nxt = self._final_text(after)
            if secret is not None:
                nxt += "\n" + self._reveal_text(game, secret)
        else:
            nxt, mentions = self.prompt_text(game, after)
        kept = turn.body if turn is not None else ""
        if not handoff:
            lines += said
            body = "\n".join([kept, *lines]) if kept else "\n".join(lines)
            if turn is not None and len(body) + 1 + len(nxt) <= MESSAGE_LIMIT:
                return Announcement(text=f"{body}\n{nxt}", edit=True, body=body)
            # the turn's message is full (or unknown): the turn goes on in a new message
            return Announcement(text="\n".join([*lines, nxt]), body="\n".join(lines))
        # the step's lines up to a card reveal close the turn; the rest opens the new message
        cut = next((i for i, line in enumerate(lines) if self._is_card_line(line)), len(lines))
        closing, opening = lines[:cut], lines[cut:]
        close_text: str | None = "\n".join(x for x in [kept, *closing] if x) or None
        if turn is None or close_text is None or len(close_text) > MESSAGE_LIMIT:
            close_text, opening = None, lines
        opening += said
        head: list[str] = []
        if new_card:
            head = self._card_edges(before, after)
            opening = [line for line in opening if not self._is_card_line(line)]
        body = "\n".join(head + opening)
        return Announcement(
            text=f"{body}\n{nxt}" if body else nxt,
            mentions=mentions,
            board=True,
            body=body,
            close_text=close_text,
        )

    @staticmethod
    def _is_card_line(line: str) -> bool:
        """A log line (as announced) that reveals a card."""
        return re.match(r"^• Card \d+: .+ \(\d+ left in the deck\)\.$", line) is not None

    @staticmethod
    def _card_edges(before: rules.GameState, after: rules.GameState) -> list[str]:
        """The recap of each card that ended during the step, then the new card's header."""
        new = new_log_lines(before.log, after.log)
        ended = [before.current_card] if before.current_card is not None else []
        for line in new:
            m = re.match(r"^Card (\d+): ", line)
            if m is not None and int(m.group(1)) != after.current_card:
                ended.append(int(m.group(1)))
        out = []
        for number in ended:
            recap = rules.card_recap(rules.card_lines(after.log, number))
            if recap:
                out.append(f"_{recap}_")
        out.append(rules.card_header(after))
        return out

    def _announced(
        self,
        game: GameRecord,
        text: str,
        *,
        mentions: list[int] | None = None,
        image: bytes | None = None,
        buttons: list[Button] | None = None,
        receipt: str | None = None,
        edit: bool = False,
        close_text: str | None = None,
    ) -> Reply:
        """The public reply for a change stored with its announcement (game, version)."""
        return Reply(
            text=text,
            image=image,
            mentions=mentions or [],
            buttons=buttons or [],
            version=game.version,
            announcement=(game.id, game.version),
            receipt=receipt,
            edit=edit,
            close_text=close_text,
        )

    async def _moved_reply(self, out: Outcome) -> Reply:
        """The reply for a stored move. The move is stored: nothing here may fail it, so a
        broken picture or button row still leaves the announcement."""
        game, state, a = out.game, out.after, out.announcement
        try:
            buttons = self.buttons_for(game, state)
        except Exception:
            log.exception("game %s: building the buttons failed", game.id)
            buttons = []
        return self._announced(
            game,
            a.text,
            mentions=a.mentions,
            image=await self._render(state, state.turn_touched) if a.board else None,
            buttons=buttons,
            receipt="✓ Played: " + "; ".join(f"`{s}`" for s in out.steps),
            edit=a.edit,
            close_text=a.close_text,
        )

    async def _commitment_text(self, game: GameRecord) -> str:
        secret = await self.secret_of(game)
        if secret is None:
            return ""
        return (
            f"Fairness: every die and card of game {game.id} comes from a secret; its SHA-256 "
            f"is `{commitment(secret)}`. The secret is revealed when the game ends, and "
            "`/vj club verify` then checks every outcome.\n"
        )

    def _reveal_text(self, game: GameRecord, secret: bytes) -> str:
        return (
            f"Fairness: the secret of game {game.id} was `{secret.hex()}` (its SHA-256 is the "
            f"commitment `{commitment(secret)}` posted at the start). `/vj club verify` checks every "
            "die and card; so does `python -m bot.verify` on the export."
        )

    def _final_text(self, state: rules.GameState) -> str:
        scores = rules.score(state)
        order = rules.ranking(state)
        parts = [f"{i}. {rules.FACTION_NAMES[f]} — {scores[f]} VP" for i, f in enumerate(order, 1)]
        return "**The game is over.**\n" + "\n".join(parts)

    def _stale_text(self, old: int, now: int, what: str = "That button") -> str:
        return (
            f"{what} belongs to an older position (version {old}; the game is now at "
            f"version {now}), so nothing was played. Use the newest message or `/vj play`."
        )

    async def press(self, channel: str, user: int, custom_id: str) -> Reply:
        """A click on a button made by `buttons_for`: vj:<game>:<version>:a<i>|c<i>|undo
        (c<i>: the confirmed choice of a Command that would do nothing)."""
        parts = custom_id.split(":")
        if (
            len(custom_id) > MAX_CUSTOM_ID_CHARS
            or len(parts) != 4
            or parts[0] != CUSTOM_ID_PREFIX
            or not re.fullmatch(r"[0-9]{1,12}", parts[1])
            or not re.fullmatch(r"[0-9]{1,12}", parts[2])
        ):
            return Reply.error("That button is not one of mine.")
        game_id, version, what = int(parts[1]), int(parts[2]), parts[3]
        async with self._lock(channel):
            try:
                game = await self._active_game(channel)
                if game.id != game_id:
                    raise ServiceError("That button belongs to another game, which is over.")
                if what == SNOOZE_ID:  # the reminder's own job says whether it is current
                    return Reply(
                        text=await self.reminders.snooze(game, version, user), ephemeral=True
                    )
                if version != game.version:
                    raise ServiceError(self._stale_text(version, game.version))
                state = await self.state_of(game)
                action: rules.Action
                if what == "undo":
                    action = rules.Undo()
                elif re.fullmatch(r"[ac][0-9]{1,3}", what):
                    legal = rules.legal_actions(state)
                    i = int(what[1:])
                    if i >= len(legal):
                        raise ServiceError("That button is out of date.")
                    action = legal[i]
                else:
                    raise ServiceError("That button is not one of mine.")
                label = "undo" if isinstance(action, rules.Undo) else rules.describe(state, action)
                note = rules.idle_note(state, action)
                if what[0] == "a" and note:
                    return self._confirm_button(game, label, note, what[1:])
                outcome = await self._apply_and_store(game, state, user, [(label, action)], None)
            except (ServiceError, ReminderError) as e:
                return Reply.error(str(e))
        return await self._moved_reply(outcome)

    def _confirm_button(self, game: GameRecord, label: str, note: str, index: str) -> Reply:
        """The button form of `; confirm` (see `_idle_check`)."""
        reply = Reply.error(
            self._idle_question(f"`{label}`", note, "Press Confirm to play it anyway.")
        )
        reply.buttons = [
            Button(
                label=f"Confirm: {label}",
                custom_id=self.custom_id(game, f"c{index}"),
                style="danger",
            )
        ]
        return reply

    async def undo(self, channel: str, user: int) -> Reply:
        async with self._lock(channel):
            try:
                game = await self._active_game(channel)
                state = await self.state_of(game)
                outcome = await self._apply_and_store(
                    game, state, user, [("undo", rules.Undo())], None
                )
            except ServiceError as e:
                return Reply.error(str(e))
        return await self._moved_reply(outcome)

    async def give(
        self,
        channel: str,
        user: int,
        receiver: str,
        resources: int = 0,
        cavalry: int = 0,
        giver: str | None = None,
    ) -> Reply:
        async with self._lock(channel):
            try:
                check_range("Resources to give", resources, 0, rules.model.MAX_RESOURCES)
                check_range("Cavalry to give", cavalry, 0, rules.model.CAVALRY_TOKENS)
                game = await self._active_game(channel)
                state = await self.state_of(game)
                mine = self._user_factions(game, user)
                if giver is not None:
                    g = faction_of(giver)
                elif len(mine) == 1:
                    g = mine[0]
                elif not mine:
                    raise ServiceError(
                        "You have no seat in this game, so you have nothing to give."
                    )
                else:
                    raise ServiceError(
                        "You sit as "
                        + " and ".join(f.value for f in mine)
                        + ": say which faction gives (giver:)."
                    )
                action = rules.Give(
                    giver=g, receiver=faction_of(receiver), resources=resources, cavalry=cavalry
                )
                outcome = await self._apply_and_store(game, state, user, [("give", action)], None)
            except ServiceError as e:
                return Reply.error(str(e))
        return await self._moved_reply(outcome)

    async def shortcut(self, channel: str, user: int, name: str, arg: str | None = None) -> Reply:
        """`/vj pass`, `/vj event side:`, `/vj command name:`, `/vj decree name:`, `/vj done`:
        the order they stand for, fitted to the decision now pending."""
        try:
            game = await self._active_game(channel)
            state = await self.state_of(game)
        except ServiceError as e:
            return Reply.error(str(e))
        legal = {rules.describe(state, a) for a in rules.legal_actions(state)}
        steps: list[str]
        if name == "event":
            steps = (["event"] if "event" in legal else []) + ([arg] if arg else [])
        elif name == "command":
            steps = (["command"] if "command" in legal and arg not in legal else []) + (
                [arg] if arg else []
            )
        elif name in ("decree", "pass", "done"):
            steps = [arg] if name == "decree" and arg else [name]
        else:
            return Reply.error(f"Unknown shortcut {excerpt(name)}.")
        if not steps:
            return Reply.error("Say which one. " + self._allowed(state))
        return await self.play(channel, user, "; ".join(steps))

    # --- reading -----------------------------------------------------------------------

    async def status(self, channel: str, *, public: bool = False) -> Reply:
        """Seats, Resources, score, the card and whose decision it is: to the asker alone
        (with the buttons), or `public` for the channel (without: only the newest message of
        a game has buttons)."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None:
            return Reply.error("There is no game in this channel. Start one with `/vj create`.")
        seats = "\n".join(f"• {f.value}: {self._who(game, f)}" for f in FACTIONS)
        head = f"Game {game.id} — {game.status}, version {game.version}"
        if game.status == "lobby":
            return Reply(text=f"{head}.\n{seats}", version=game.version, ephemeral=not public)
        try:
            state = await self.state_of(game)
        except ServiceError as e:  # e.g. its deck file cannot be read
            return Reply.error(str(e))
        played = state.actions_taken  # undone steps are not counted
        head += f", {played} step{'' if played == 1 else 's'} played."
        score = rules.score(state)
        facts = "\n".join(
            f"• {rules.FACTION_NAMES[f]}: {state.resources[f]} Resources, {state.cavalry[f]} "
            f"Cavalry, {score[f]} VP"
            + (f", Influence {state.influence[f]}" if f in state.influence else "")
            for f in FACTIONS
        )
        card = ""
        if state.current_card is not None:
            c = deck_for(state.options).cards.get(state.current_card)
            card = (
                f"\nCard {state.current_card}"
                + (f": {c.title}" if c else "")
                + f"; {rules.deck_facts(state)}; dynasty {state.dynasty}."
            )
        if state.game_over:
            nxt = self._final_text(state)
        else:
            nxt, _ = self.prompt_text(game, state)
            undo = rules.can_undo(state)
            if undo is not None:
                nxt += f"\n{rules.FACTION_NAMES[undo]} may undo its last step."
        return Reply(
            text=f"{head}\n{seats}\n{facts}{card}\n{nxt}",
            buttons=[] if game.status != "active" or public else self.buttons_for(game, state),
            version=game.version,
            ephemeral=not public,
        )

    async def board(self, channel: str, *, public: bool = False) -> Reply:
        """The board picture and whose decision it is: to the asker alone, or `public`."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None or game.status == "lobby":
            return Reply.error("There is no board yet: create and start a game first.")
        try:
            state = await self.state_of(game)
        except ServiceError as e:  # e.g. its deck file cannot be read
            return Reply.error(str(e))
        nxt = self._final_text(state) if state.game_over else self.prompt_text(game, state)[0]
        image = await self._render(state, state.turn_touched)
        if image is None:
            nxt += "\n(The board picture could not be drawn; the error is logged.)"
        return Reply(text=nxt, image=image, version=game.version, ephemeral=not public)

    async def log_lines(self, channel: str, lines: int = 20) -> Reply:
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None or game.status == "lobby":
            return Reply.error("There is no game log yet.")
        try:
            n = check_range("The number of log lines", lines, 1, MAX_LOG_LINES)
        except ServiceError as e:
            return Reply.error(str(e))
        try:
            state = await self.state_of(game)
        except ServiceError as e:  # e.g. its deck file cannot be read
            return Reply.error(str(e))
        body = "\n".join(state.log[-n:])
        return Reply(
            text=f"The last {min(n, len(state.log))} lines of the log:\n{body}", ephemeral=True
        )

    async def options(self, channel: str) -> Reply:
        """Every legal next step, uncut (the lists in messages are cut)."""
        game = await self.store.open_game(channel)
        if game is None or game.status != "active":
            return Reply.error("There is no game in progress, so no decision is pending.")
        try:
            state = await self.state_of(game)
        except ServiceError as e:  # e.g. its deck file cannot be read
            return Reply.error(str(e))
        opts = self._options(state, None)
        head = self.prompt_text(game, state)[0]
        return Reply(text=f"{head}\nAll allowed steps: {opts or 'none'}.", ephemeral=True)

    async def channel_deck(self, channel: str) -> Deck:
        """The deck of this channel's game (its own deck file, if it was created with one)."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        return deck_for(await self.options_of(game)) if game is not None else rules.standard_deck()

    async def card_in(self, channel: str, query: str) -> Reply:
        try:
            deck = await self.channel_deck(channel)
        except ServiceError as e:
            return Reply.error(str(e))
        return self.card(query, deck)

    def card(self, query: str, deck: Deck | None = None) -> Reply:
        q = query.strip()
        if len(q) > MAX_QUERY_CHARS:
            return Reply.error(
                f"That is too long for a card number or title (at most {MAX_QUERY_CHARS} characters)."
            )
        found = find_cards(q, deck)
        if not found:
            numbers = (deck or rules.standard_deck()).cards
            return Reply.error(
                f"No card matches {excerpt(q)}. Try a number ({min(numbers)}-"
                f"{max(numbers)}) or the start of a title."
            )
        c = found[0]
        lines = [f"**{c.number}. {c.title}** ({c.kind.replace('_', ' ')})"]
        if c.order:
            lines.append(
                "Order: "
                + " ".join(f.value for f in c.order)
                + (" — Stay Eligible" if c.stay_eligible else "")
            )
        if c.kind == "mongol_invasion" and c.faction is not None:
            lines.append(
                f"{rules.FACTION_NAMES[c.faction]} runs the Mongol Invaders: it chooses their two "
                "Mongol Commands and may accept Compromising Gifts (2.4)."
            )
        if c.flavor:
            lines.append(f"_{c.flavor}_")
        if c.unshaded:
            lines.append(f"Unshaded: {c.unshaded}")
        if c.shaded:
            lines.append(f"Shaded: {c.shaded}")
        return Reply(text="\n".join(lines))

    async def card_choices(
        self, channel: str, typed: str, limit: int = 25
    ) -> list[tuple[str, int]]:
        """Autocomplete for `/vj card`: the cards of this channel's game (its own deck file, if
        it was created with one) whose number and title contain what was typed."""
        deck = await self.channel_deck(channel)
        t = typed.strip().lower()
        out = []
        for n in sorted(deck.cards):
            c = deck.cards[n]
            label = f"{n}. {c.title}"
            if not t or t in label.lower():
                out.append((label[:100], n))
        return out[:limit]

    async def legal_orders(
        self, channel: str, user: int, typed: str, limit: int = 25
    ) -> list[tuple[str, str]]:
        """Autocomplete for `/vj play order:`: (name, value) pairs. The names are the legal next
        steps (describe) filtered by what was typed; steps typed before the last ';' are applied
        first, so the choices continue the order, but never past a die roll or a card draw:
        the game holds no future, so a prefix that reaches one has no suggestions (a reveal
        commits). Each value carries the game's version (order_entry). When the order no
        longer fits a suggestion (100 characters), the first choice sends the steps typed so
        far as a draft, to be continued with another `/vj play`."""
        game = await self.store.open_game(channel)
        if game is None or game.status != "active":
            return []
        try:
            state = await self.state_of(game)
        except ServiceError:  # nothing to suggest; the command itself will say why
            return []
        head, _, last = read_entry(typed).order.rpartition(";")
        prefix = ""
        if head.strip():
            trailing = rules.TrailingDone()
            steps = [s for s in split_steps(head) if s.lower() != CONFIRM]
            try:
                for a in rules.parse(state, "; ".join(steps)) if steps else []:
                    if trailing.skips(a):
                        continue
                    reveals = state.reveals
                    nxt = rules.apply(state, a)
                    if nxt.reveals != reveals or rules.chance(nxt) is not None:
                        return []
                    trailing.record(state, nxt, a)
                    state = nxt
            except rules.RulesError:
                return []
            prefix = head.strip() + "; "
        words = last.strip().lower().split()
        out: list[tuple[str, str]] = []
        cut = False  # a continuation did not fit in a suggestion
        for a in rules.legal_actions(state):
            d = rules.describe(state, a)
            if all(w in d.lower() for w in words):
                value = tagged(game.version, prefix + d)
                if len(value) > CHOICE_LIMIT:
                    cut = True
                elif len(out) < limit:
                    out.append((prefix + d, value))
        if cut and prefix:
            self._drafts.keep(user, channel, head.strip())
            name = (
                f"Send the {count_of(len(split_steps(head)), 'step')} typed so far, then "
                "continue with another /vj play"
            )
            out = [(name, draft_value(game.version)), *out[: limit - 1]]
        return out

    async def shortcut_choices(self, channel: str, name: str, typed: str) -> list[str]:
        """Autocomplete for the shortcut commands' argument (command or decree names, sides)."""
        game = await self.store.open_game(channel)
        if game is None or game.status != "active":
            return []
        try:
            state = await self.state_of(game)
        except ServiceError:  # nothing to suggest; the command itself will say why
            return []
        legal = [rules.describe(state, a) for a in rules.legal_actions(state)]
        if name == "event":
            pool = ["unshaded", "shaded"]
        else:
            pool = [d for d in legal if " " not in d and d not in ("pass", "done", "event")]
        t = typed.strip().lower()
        return [p for p in pool if t in p][:25]

    # --- export / import / abort -----------------------------------------------------------

    async def export(self, channel: str) -> Reply:
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None:
            return Reply.error("There is no game in this channel to export.")
        try:
            data = await self.store.export_game(game.id)
        except StorageError as e:
            log.error("export of game %s failed: %s", game.id, e)
            return Reply.error(f"Game {game.id} cannot be exported: {e}.")
        body = data.model_dump_json(indent=1).encode()
        return Reply(
            text=f"Game {game.id}: {count_of(len(data.actions), 'step')}. Import it with `/vj import`.",
            file=Attachment(f"vijayanagara-game-{game.id}.json", body),
        )

    async def verify(self, channel: str) -> Reply:
        """`/vj club verify`: once the game is over, check every chance entry of its log against
        the revealed secret; before that, show the commitment."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None:
            return Reply.error("There is no game in this channel to verify.")
        secret = await self.secret_of(game)
        if secret is None:
            return Reply.error(
                f"Game {game.id} was started before dice and cards were dealt from a secret, "
                "so there is no commitment to check."
            )
        if game.status not in ENDED_STATUSES:
            return Reply(
                text=f"Game {game.id} is {game.status}: its secret stays hidden until the game "
                f"is over. Commitment (SHA-256 of the secret): `{commitment(secret)}`."
            )
        stored = await self.store.actions(game.id)
        log_ = [rules.action_from_json(a.action) for a in stored]
        dealt_from = (await self.store.secret(game.id)).dealt_from
        if dealt_from >= len(log_):
            return Reply(
                text=f"Every die and card of game {game.id} came with its import, dealt by the "
                "original game's secret: check that game's export with `python -m bot.verify`."
            )
        try:
            options = await self.options_of(game)
        except ServiceError as e:  # e.g. its deck file cannot be read
            return Reply.error(str(e))
        result = await self.off_loop(verify, secret, game.id, options, log_, dealt_from)
        return Reply(text=verification_text(game.id, secret, result))

    def check_export(self, data: GameExport) -> tuple[GameExport, rules.GameState]:
        """Replay an exported game; ServiceError naming the first step that does not replay.
        Cost linear in the number of actions (bounded by the export model).

        Format 2 replays from its log alone (its chance entries). A format-1 export was dealt
        by its seed, which tells its whole future (and which the uploader may have chosen):
        its seed's outcomes so far are written into the log as chance entries and the seed is
        dropped, so a fresh secret deals what comes next, as for any imported game."""
        try:
            options = game_options(data)
        except rules.DataError as e:
            raise ServiceError(f"The game's deck file cannot be used: {e}") from e
        seeded = None if data.seed is None else rules.seeded_dealer(data.seed, options)
        state = rules.new_game(None, options)
        log: list[ExportedAction] = []

        def deal() -> None:
            nonlocal state
            while seeded is not None and (node := rules.chance(state)) is not None:
                outcome = seeded.outcome(state, node)
                state = rules.apply(state, outcome)
                log.append(ExportedAction.model_validate({"action": rules.action_to_json(outcome)}))

        deal()
        for i, ex in enumerate(data.actions, start=1):
            try:
                action = rules.action_from_json(ex.action)
            except pydantic.ValidationError as e:
                kind = excerpt(ex.action.get("type"))
                raise ServiceError(f"Step {i} (type {kind}) is not an action I know.") from e
            try:
                state = rules.apply(state, action)
            except rules.RulesError as e:
                raise ServiceError(
                    f"The log does not replay: step {i} (`{rules.describe(state, action)}`) "
                    f"is refused: {str(e)[:300]}"
                ) from e
            log.append(ex)
            deal()
        node = rules.chance(state)
        if node is not None:
            raise ServiceError(f"The log stops before {node.text}: it was cut short.")
        if seeded is not None:
            data = data.model_copy(update={"seed": None, "format_version": 2, "actions": log})
        return data, state

    def _read_export(self, raw: bytes | str) -> tuple[GameExport, rules.GameState]:
        """Parse, validate and replay an upload (in a worker thread)."""
        try:
            data = parse_export(raw)
        except ExportError as e:
            raise ServiceError(
                f"That is not an exported Vijayanagara game ({e}). An export is JSON with "
                f"format_version 1 or 2 and at most {MAX_EXPORT_ACTIONS} steps."
            ) from e
        return self.check_export(data)

    async def import_game(
        self,
        channel: str,
        user: int,
        raw: bytes | str,
        *,
        claim: str | None = None,
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
    ) -> Reply:
        """Load an exported game. The importer keeps the seats that were theirs and takes the
        ones they `claim` (e.g. "D B"); every other seat is free for `/vj join`: nobody is
        seated (or pinged) without their consent. Nothing is stored on a refusal."""
        async with self._lock(channel):
            try:
                await self._may_organise(guild, roles, is_manager, "import")
                claimed = {faction_of(t).value for t in re.split(r"[\s,]+", claim or "") if t}
                upload_text(raw, "game export", MAX_IMPORT_BYTES)  # size (and UTF-8) first
                if await self.store.open_game(channel) is not None:
                    raise ServiceError(
                        "This channel already has a game: finish or `/vj abort` it first, or "
                        "import in a new thread."
                    )
                data, state = await self.off_loop(self._read_export, raw)
                seats = {f: u for f, u in data.seats.items() if u == user} | dict.fromkeys(
                    claimed, user
                )
                if state.game_over:
                    status = "finished"
                elif not data.actions and (data.status == "lobby" or len(seats) < 3):
                    status = "lobby"
                else:
                    status = "active"
                data = data.model_copy(update={"status": status, "creator": user, "seats": seats})
                deck = (
                    None
                    if data.options.deck is None or state.options.deck_hash is None
                    else DeckFile(hash=state.options.deck_hash, text=data.options.deck)
                )
                try:
                    game = await self.store.import_game(
                        channel,
                        data.model_copy(update={"fairness": None}),
                        snapshot=Snapshot(seq=len(data.actions), state=state.model_dump_json()),
                        deck=deck,
                        # a fresh secret deals what comes next (check_export dropped any seed)
                        secret=secrets.token_hex(SECRET_BYTES),
                    )
                except GameExists as e:
                    raise ServiceError(
                        "This channel already has a game: finish or `/vj abort` it first, or "
                        "import in a new thread."
                    ) from e
            except ServiceError as e:
                return Reply.error(str(e))
            self._remember(game, state)
            free = [f.value for f in FACTIONS if f.value not in game.seats]
            seats_text = (
                f" Free seats: {', '.join(free)} (`/vj join`)." if free else " All seats are yours."
            )
            if status == "lobby":
                text = f"Imported game {game.id} (not started).{seats_text}"
                await self.store.announce(game.id, game.version, Announcement(text=text))
                return self._announced(game, text)
            nxt = self._final_text(state) if state.game_over else self.prompt_text(game, state)[0]
            body = (
                f"Imported game {game.id}: {count_of(len(data.actions), 'step')} replayed."
                f"{seats_text}\n{rules.card_header(state)}"
            )
            text = f"{body}\n{nxt}"
            await self.store.announce(
                game.id, game.version, Announcement(text=text, board=True, body=body)
            )
        return self._announced(
            game,
            text,
            image=await self._render(state, None),
            buttons=self.buttons_for(game, state) if status == "active" else [],
        )

    async def abort(
        self,
        channel: str,
        user: int,
        *,
        is_manager: bool = False,
        guild: str | None = None,
        roles: Sequence[int] = (),
    ) -> Reply:
        async with self._lock(channel):
            try:
                game = await self._open_game(channel)
                if user != game.creator:
                    await self._may_organise(guild, roles, is_manager, "abort", anyone=False)
                text = f"Game {game.id} ended by {self.mention(user)} without a result."
                secret = await self.secret_of(game)
                if secret is not None:  # no future left to guard: dice and cards may be checked
                    text += "\n" + self._reveal_text(game, secret)
                game = await self.store.update_game(
                    game.id, game.version, status="aborted", announcement=Announcement(text=text)
                )
            except ServiceError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error("The game changed meanwhile; try again.")
            self._cache.pop(game.id, None)
        return self._announced(game, text)

    # --- permissions (README, "Permissions") -------------------------------------------------

    async def _settings(self, guild: str | None) -> ServerSettings:
        if guild is None:  # the terminal client, direct messages
            return ServerSettings(guild_id="")
        return await self.store.server_settings(guild)

    async def _may_organise(
        self,
        guild: str | None,
        roles: Sequence[int],
        is_manager: bool,
        what: str,
        *,
        anyone: bool = True,
    ) -> None:
        """ServiceError unless the caller may create, import or abort games here. Abort
        (`anyone=False`) is for the game's creator, checked by the caller, or an organiser
        other than "anyone"."""
        if is_manager:
            return
        s = await self._settings(guild)
        if s.organisers == "anyone" and anyone:
            return
        if s.organisers == "role" and s.role_id in roles:
            return
        who = {
            "anyone": "its creator or a member with Manage Server",
            "role": f"members with the <@&{s.role_id}> role or Manage Server",
            "managers": "members with Manage Server",
        }[s.organisers]
        if what == "abort" and s.organisers != "anyone":
            who = "the game's creator or " + who
        raise ServiceError(
            f"You may not {what} a game here: that is for {who} "
            "(a server manager can change it with `/vj club config`)."
        )

    async def configure(
        self,
        guild: str | None,
        user: int,
        *,
        is_manager: bool,
        organisers: str | None = None,
        role_id: int | None = None,
    ) -> Reply:
        """Show or set who may create, import and abort games on this server."""
        if guild is None:
            return Reply.error("Permissions are set per server; there is no server here.")
        if organisers is None:
            s = await self.store.server_settings(guild)
            return Reply(text=self._settings_text(s), ephemeral=True)
        if not is_manager:
            return Reply.error("Only a member with Manage Server may change these settings.")
        try:
            if organisers not in ORGANISERS:
                raise ServiceError(
                    f"Unknown setting {excerpt(organisers)}: use one of {', '.join(ORGANISERS)}."
                )
            if organisers == "role":
                if role_id is None:
                    raise ServiceError("Name the role that may create, import and abort games.")
                check_range("The role id", role_id, 0, MAX_ID)
            s = ServerSettings.model_validate(
                {
                    "guild_id": guild,
                    "organisers": organisers,
                    "role_id": role_id if organisers == "role" else None,
                }
            )
        except ServiceError as e:
            return Reply.error(str(e))
        await self.store.put_server_settings(s)
        return Reply(text="Saved. " + self._settings_text(s))

    # --- the pace of a game over days, each player's reminders (issue 13) -----------------

    async def pace(
        self,
        channel: str,
        user: int,
        hours: int | None = None,
        deadline: str | None = None,
    ) -> Reply:
        """Show or set how long the game waits before each reminder, and what happens when
        the first wait runs out (seated players and the game's creator may set them)."""
        try:
            game = await self._open_game(channel)
            current = await self.reminders.pace(game.id)
            if hours is None and deadline is None:
                return Reply(text=self._pace_text(game, current), ephemeral=True)
            if hours is not None:
                check_range("The pace in hours", hours, MIN_PACE_HOURS, MAX_PACE_HOURS)
            if deadline is not None and deadline not in DEADLINES:
                raise ServiceError(
                    f"Unknown deadline {excerpt(deadline)}: use one of {', '.join(DEADLINES)}."
                )
            if user != game.creator and not self._user_factions(game, user):
                raise ServiceError("Only a seated player or the game's creator may set the pace.")
        except ServiceError as e:
            return Reply.error(str(e))
        pace = Pace.model_validate(
            {
                "seconds": current.seconds if hours is None else hours * 3600,
                "deadline": deadline or current.deadline,
            }
        )
        job = await self.store.reminder(game.id)
        # the wait under way is measured anew from now, at the new pace
        due = self.reminders.clock() + pace.seconds if job else None
        await self.store.set_pace(game.id, pace, due)
        return Reply(text=f"{self.mention(user)} set the pace. " + self._pace_text(game, pace))

    def _pace_text(self, game: GameRecord, pace: Pace) -> str:
        hours = pace.seconds // 3600
        then = (
            "the seat passes where the rules allow a Pass (else a reminder)"
            if pace.deadline == "pass"
            else "a reminder"
        )
        return (
            f"Game {game.id}: after {hours} hour(s) without a decision, {then}; after "
            f"another {hours}, a notice to the channel; after another {hours}, one stall "
            "notice, then silence until someone moves."
        )

    async def due_reminders(self, limit: int = 20) -> list[DueReminder]:
        """The reminders due now (claimed: each goes out from one process), after the
        deadlines due now have been played: a seat whose game passes at its deadline passes
        (stored and announced like any move) instead of being reminded."""
        out: list[DueReminder] = []
        for due in await self.reminders.due(limit):
            if is_ai(due.job.user_id):  # an AI seat's turn: it moves (in the background)
                self.ai.start(due.job)
                continue
            if due.job.stage == REMINDER and await self._deadline_pass(due.job):
                continue
            if due.job.stage >= ARCHIVE:
                await self._archive(due.job)
                continue
            out.append(due)
        return out

    async def _job_stands(self, job: Reminder) -> bool:
        """No move replaced the claimed job meanwhile (a seat change that leaves the wait as
        it was bumps the game's version but not the job's)."""
        now = await self.store.reminder(job.game_id)
        return now is not None and (now.version, now.stage) == (job.version, job.stage)

    async def _archive(self, job: Reminder) -> None:
        """A game with no move for the configured time ends without a result (like an abort:
        its secret is revealed), announced through the outbox."""
        async with self._lock(job.channel_id):
            game = await self.store.get_game(job.game_id)
            if game.status != "active" or not await self._job_stands(job):
                await self.reminders.sent(job)  # moved meanwhile: the move's job stands
                return
            days = round((self.reminders.clock() - job.since) / 86400)
            text = f"Game {game.id} archived: no move for {days} days. It ends without a result."
            secret = await self.secret_of(game)
            if secret is not None:
                text += "\n" + self._reveal_text(game, secret)
            try:
                await self.store.update_game(
                    game.id, game.version, status="aborted", announcement=Announcement(text=text)
                )
            except StaleAction:
                return  # someone moved at this very moment: the game lives on
            self._cache.pop(game.id, None)

    async def _deadline_pass(self, job: Reminder) -> bool:
        """Pass for the waiting seat, if the game chose that and the rules allow a Pass now;
        the move replaces the job (so nobody is reminded of a decision already made)."""
        if (await self.reminders.pace(job.game_id)).deadline != "pass":
            return False
        async with self._lock(job.channel_id):
            game = await self.store.get_game(job.game_id)
            if game.status != "active" or not await self._job_stands(job):
                return False
            state = await self.state_of(game)
            faction = rules.decider(state)
            if self._waiting_for(game, state) != job.user_id or faction is None:
                return False
            passing = rules.Choose(option="pass")
            if passing not in rules.legal_actions(state):
                return False
            hours = int((self.reminders.clock() - job.since) // 3600)
            note = (
                f"deadline: {rules.FACTION_NAMES[faction]} passed automatically after "
                f"{hours} hour(s) without a decision (`/vj club pace`)"
            )
            try:
                await self._apply_and_store(
                    game, state, job.user_id, [("pass", passing)], None, note=note
                )
            except ServiceError as e:  # someone moved meanwhile: their move stands
                log.info("game %s: deadline pass not played: %s", game.id, e)
                return False
        return True

    # --- rematch and substitutes (issue 13) ------------------------------------------------

    async def rematch(
        self,
        channel: str,
        user: int,
        *,
        seating: str = "rotate",
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
    ) -> Reply:
        """A new game in the channel of a finished one, with its options and its people:
        `rotate` (whoever played D plays B, B plays V, V plays D), `same`, or `choose` (an
        empty lobby: everyone joins again)."""
        async with self._lock(channel):
            try:
                if seating not in REMATCH_SEATINGS:
                    raise ServiceError(
                        f"Unknown seating {excerpt(seating)}: use one of "
                        f"{', '.join(REMATCH_SEATINGS)}."
                    )
                last = await self.store.latest_game(channel)
                if last is None or last.status not in ENDED_STATUSES:
                    raise ServiceError(
                        "A rematch follows a game that is over; "
                        + ("this channel has none." if last is None else "this one is not.")
                    )
                if user not in last.seats.values() and not is_manager:
                    raise ServiceError(
                        f"Only a player of game {last.id} (or a server manager) may call a rematch."
                    )
                await self._may_organise(guild, roles, is_manager, "create")
                seats = {
                    "rotate": {ROTATION[f]: uid for f, uid in last.seats.items()},
                    "same": dict(last.seats),
                    "choose": {},
                }[seating]
                game = await self.store.create_game(
                    channel, 0, dict(last.options), user, secret=self._new_secret().hex()
                )
                who = ", ".join(
                    self._who(game.model_copy(update={"seats": seats}), f)
                    for f in FACTIONS
                    if f.value in seats
                )
                text = (
                    f"Rematch of game {last.id}: game {game.id}, the same options. "
                    + (f"Seats: {who}. `/vj start` when ready." if seats else "")
                    + ("" if seats else "Take your seats with `/vj join`, then `/vj start`.")
                )
                game = await self.store.update_game(
                    game.id, game.version, seats=seats, announcement=Announcement(text=text)
                )
            except ServiceError as e:
                return Reply.error(str(e))
            except GameExists:
                return Reply.error("This channel already has a game: play that one first.")
        return self._announced(game, text, mentions=sorted(set(seats.values())))

    def _new_secret(self) -> bytes:
        """A fresh secret for a new game (the service's `seed_source` in tests)."""
        if self.seed_source is not None:
            return secret_for_seed(self.seed_source())
        return secrets.token_bytes(SECRET_BYTES)

    async def seat(
        self, channel: str, user: int, faction: str, to_user: int, *, is_manager: bool = False
    ) -> Reply:
        """A server manager gives a seat to someone else (a substitute), at any time of the
        game; a seat on turn is then waited for from its new holder."""
        async with self._lock(channel):
            try:
                if not is_manager:
                    raise ServiceError("Only a member with Manage Server may move a seat.")
                f = faction_of(faction)
                check_range("The user id", to_user, 0, MAX_ID)
                game = await self._open_game(channel)
                old = game.seats.get(f.value)
                if old == to_user:
                    raise ServiceError(f"{self.mention(to_user)} already holds that seat.")
                seats = {**game.seats, f.value: to_user}
                name = rules.FACTION_NAMES[f]
                was = f"from {self.mention(old)} " if old is not None else ""
                text = (
                    f"{name} passes {was}to {self.mention(to_user)} (moved by "
                    f"{self.mention(user)})."
                )
                plan = await self._seat_change_plan(game, seats)
                if plan is not None and plan.user_id == to_user:
                    text += " It is their decision now."
                game = await self.store.update_game(
                    game.id,
                    game.version,
                    seats=seats,
                    announcement=Announcement(text=text, mentions=[to_user]),
                    reminder=plan,
                )
            except ServiceError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error("The game changed meanwhile; try again.")
        return self._announced(game, text, mentions=[to_user])

    # --- records of finished games (issue 13) ------------------------------------------------

    async def history(self, channel: str, user: int | None = None) -> Reply:
        """The channel's finished games, or `user`'s anywhere, newest first."""
        if user is None:
            results = await self.store.results(channel_id=channel, limit=HISTORY_LINES)
            return Reply(text=history_text(results, self.mention, "here"), ephemeral=True)
        check_range("The user id", user, 0, MAX_ID)
        results = await self.store.results(user_id=user, limit=HISTORY_LINES)
        text = history_text(results, self.mention, f"of {self.mention(user)}")
        return Reply(text=text, ephemeral=True)

    async def stats(self, user: int) -> Reply:
        """Wins per faction, and `user`'s wins and rating per faction."""
        check_range("The user id", user, 0, MAX_ID)
        recent = await self.store.results(limit=MAX_RECORDS)
        return Reply(text=stats_text(recent[::-1], user, self.mention), ephemeral=True)

    async def replay(self, channel: str, game_id: int, step: int | None = None) -> Reply:
        """The board of a finished (or aborted) game of this channel after `step` log entries
        (the last when left out): nothing is hidden any more once a game is over."""
        try:
            check_range("The game number", game_id, 1, MAX_ID)
            try:
                game = await self.store.get_game(game_id)
            except GameNotFound:
                raise ServiceError(f"There is no game {game_id}.") from None
            if game.channel_id != channel:
                raise ServiceError(
                    f"Game {game_id} was not played in this channel; replay it where it was."
                )
            if game.status not in ENDED_STATUSES:
                raise ServiceError(
                    f"Game {game_id} is {game.status}: only a game that is over can be replayed "
                    "(`/vj board` shows a running one)."
                )
            last = game.actions
            step = last if step is None else check_range("The step", step, 0, last)
            state = await self._fresh_state(game)
            actions = [rules.action_from_json(a.action) for a in await self.store.actions(game.id)]
            state = await self.off_loop(replay_to, state, actions[:step])
        except ServiceError as e:
            return Reply.error(str(e))
        lines = [f"Game {game.id}, step {step} of {last}."]
        lines += state.log[-3:]
        if step == last and state.game_over:
            lines.append(self._final_text(state))
        return Reply(
            text="\n".join(lines), image=await self._render(state, state.touched), ephemeral=True
        )

    async def me(
        self,
        user: int,
        *,
        time_zone: str | None = None,
        quiet: str | None = None,
        direct_messages: bool | None = None,
    ) -> Reply:
        """Show or change the caller's time zone, quiet hours and direct messages."""
        prefs = await self.store.user_prefs(user)
        if time_zone is None and quiet is None and direct_messages is None:
            return Reply(text=prefs_text(prefs), ephemeral=True)
        try:
            changes: dict[str, object] = {}
            if time_zone is not None:
                changes["time_zone"] = check_time_zone(time_zone)
            if quiet is not None:
                changes["quiet_from"], changes["quiet_to"] = parse_quiet(quiet)
            if direct_messages is not None:
                changes["direct_messages"] = direct_messages
        except ReminderError as e:
            return Reply.error(str(e))
        prefs = UserPrefs.model_validate({**prefs.model_dump(), **changes})
        await self.store.put_user_prefs(prefs)
        return Reply(text="Saved. " + prefs_text(prefs), ephemeral=True)

    @staticmethod
    def _settings_text(s: ServerSettings) -> str:
        who = {
            "anyone": "anyone",
            "role": f"members with the <@&{s.role_id}> role",
            "managers": "nobody but server managers",
        }[s.organisers]
        return (
            f"On this server {who} may create and import games; a game's creator, "
            + ("" if s.organisers == "anyone" else f"{who}, ")
            + "and members with Manage Server may abort it."
        )

    def help(self) -> Reply:
        lines = ["**Vijayanagara** — play-by-chat for three. Commands (`/vj ...`):"]
        lines += [f"• `{name}` — {what}" for name, what in COMMANDS.items()]
        lines.append(
            "Shortcuts: `pass`, `event side:`, `command name:`, `decree name:`, `done`. "
            "Orders are in docs/notation.md, e.g. `/vj play order: command; march; "
            "move 2 troop from delhi to malwa; done`."
        )
        lines.append(
            "In a battle, after the dice: Cavalry `charge N` lowers your die N by one (never "
            "below 1); `screen N` removes the opponent's die N unless it shows 1 (1.10); "
            "`done` when finished."
        )
        lines.append(
            "The channel: one message per faction turn, edited as the turn goes on; a new "
            "message pings whoever decides next (if that is someone else); each card opens "
            "with its header and the board, and a one-line recap of the card before. "
            "`status` and `board` answer only you unless `public:` is set."
        )
        return Reply(text="\n".join(lines), ephemeral=True)

    # --- a text command line (the terminal client; also handy in tests) -----------------------

    async def command(
        self, channel: str, user: int, line: str, *, is_manager: bool = False
    ) -> Reply:
        """`join D`, `as D: march; ...`, `play pass`, `status`... Unknown commands are refused."""
        if len(line) > MAX_LINE_CHARS:
            return Reply.error(
                f"That line is {len(line)} characters long; at most {MAX_LINE_CHARS} are read."
            )
        text = line.strip()
        m = re.match(r"^as\s+(\w+)\s*:\s*(.*)$", text, re.IGNORECASE | re.DOTALL)
        if m:
            return await self.play(channel, user, m.group(2), as_faction=m.group(1))
        name, _, rest = text.partition(" ")
        name, rest = name.lower(), rest.strip()
        if name == "create":
            return await self.create(channel, user, timurs_shadow="timur" in rest.lower())
        if name == "join":
            return await self.join(channel, user, rest or None)
        if name == "leave":
            return await self.leave(channel, user, rest or None)
        if name == "start":
            return await self.start(channel, user)
        if name == "play":
            return await self.play(channel, user, rest)
        if name == "undo":
            return await self.undo(channel, user)
        if name == "give":
            return await self.play(channel, user, text)
        if name == "status":
            return await self.status(channel)
        if name == "board":
            return await self.board(channel)
        if name == "log":
            if rest and not (rest.isascii() and rest.isdigit() and len(rest) <= 6):
                return Reply.error(
                    f"`log N`: N is a number of lines from 1 to {MAX_LOG_LINES}, not {excerpt(rest)}."
                )
            return await self.log_lines(channel, int(rest) if rest else 20)
        if name in ("options", "allowed"):
            return await self.options(channel)
        if name == "card":
            return await self.card_in(channel, rest)
        if name == "export":
            return await self.export(channel)
        if name == "verify":
            return await self.verify(channel)
        if name == "club":  # `club pace 12`, `club pace`
            sub, _, arg = rest.partition(" ")
            if sub.lower() == "pace" and (not arg or (arg.isascii() and arg.isdigit())):
                return await self.pace(channel, user, int(arg[:6]) if arg else None)
            return Reply.error(
                "`club pace` or `club pace HOURS` (1 to 336); the other `club` commands on Discord."
            )
        if name in ("abort", "resign"):
            return await self.abort(channel, user, is_manager=is_manager)
        if name == "help":
            return self.help()
        return Reply.error(
            f"Unknown command {excerpt(name)}. Commands: {', '.join(COMMANDS)}; or an order as "
            "`play <order>` / `as D: <order>`."
        )


def replay_to(state: rules.GameState, actions: Sequence[rules.Action]) -> rules.GameState:
    """The state after applying `actions` (a stored log: each was legal when played)."""
    for action in actions:
        state = rules.apply(state, action)
    return state


def verification_text(game_id: int, secret: bytes, result: Verification) -> str:
    head = f"Game {game_id}, secret `{secret.hex()}`, commitment `{commitment(secret)}`: "
    if result.ok:
        return head + f"all {result.checked} dice rolls and card draws follow from the secret."
    return head + "**does not verify**:\n" + "\n".join(f"• {p}" for p in result.problems)
