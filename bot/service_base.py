"""The plumbing every part of GameService shares: the store, the per-channel locks, the
state cache, the worker threads, seats and prompts, and the texts several parts post."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, Self, TypeVar

import pydantic

import render
from db import (
    Announcement,
    GameExists,
    GameRecord,
    GameResult,
    GameSecret,
    LogLines,
    NewAction,
    ReminderPlan,
    SeatResult,
    ServerSettings,
    Snapshot,
    StaleAction,
    Store,
    StoredAction,
    open_store,
)
from rules import vijayanagara
from rules.errors import excerpt
from rules.vijayanagara.cards import DECK_MAX_CHARS, Deck, deck_for, with_deck
from rules.vijayanagara.fairness import SECRET_BYTES, commitment, keyed_outcome

from .ai_turns import TurnStarts
from .ai_users import ai_level, ai_name, is_ai, with_ai_names
from .effects import effects_line
from .hints import HintOrders
from .order_entry import (
    Drafts,
    Picks,
    RecentOrders,
)
from .reminders import (
    DEFAULT_ABANDON_DAYS,
    ReminderError,
    Reminders,
)
from .renderer import Names, Picture, Renderer, default_renderer
from .reply import Button, Menu, Reply

log = logging.getLogger(__name__)

FACTIONS: tuple[vijayanagara.Faction, ...] = vijayanagara.PLAYERS
BUTTON_LIMIT = 20  # legal actions shown as buttons when there are at most this many
SHOWN_OPTIONS = 8  # legal orders listed in an error message
CONFIRM = "confirm"  # the step that accepts an order the bot asked about (a Command doing nothing)
CUSTOM_ID_PREFIX = "vj"
MAX_ALT_CHARS = 1000  # a board's alt text (Discord takes 1024 characters for a description)
MAX_NAME_CHARS = 32  # a player's name on the board (Discord's display names are this long)
CACHE_SIZE = 2048
# Bounds on what a user sends (docs/operations.md, "Limits"). Checked here, where the raw bytes arrive.
MAX_DECK_BYTES = DECK_MAX_CHARS
MAX_IMPORT_BYTES = 4_000_000
WORK_SECONDS = 20.0  # reading a deck file or replaying an import, off the event loop
WORKERS = 2  # such checks running at once; more wait (the machine has few cores)
MAX_LOG_LINES = 200

_P = ParamSpec("_P")
_T = TypeVar("_T")


class ServiceError(Exception):
    """A refusal with a message for the user; nothing was changed. `menu`: what the user
    may pick instead (e.g. the steps an ambiguous one could have meant)."""

    def __init__(self, message: str, menu: Menu | None = None) -> None:
        super().__init__(message)
        self.menu = menu


def answers(
    stale: str = "The game changed meanwhile; try again.",
    exists: str = "This channel already has a game.",
) -> Callable[[Callable[_P, Coroutine[Any, Any, Reply]]], Callable[_P, Coroutine[Any, Any, Reply]]]:
    """The one mapping of refusals to the user's Reply: a ServiceError or ReminderError says
    what was wrong; a StaleAction (the game changed between reading and storing) says
    `stale`; GameExists (another game took the channel meanwhile) says `exists`. Nothing was
    stored in any case."""

    def wrap(
        method: Callable[_P, Coroutine[Any, Any, Reply]],
    ) -> Callable[_P, Coroutine[Any, Any, Reply]]:
        @functools.wraps(method)
        async def replying(*args: _P.args, **kwargs: _P.kwargs) -> Reply:
            try:
                return await method(*args, **kwargs)
            except ServiceError as e:
                reply = Reply.error(str(e))
                reply.menu = e.menu
                return reply
            except ReminderError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error(stale)
            except GameExists:
                return Reply.error(exists)

        return replying

    return wrap


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def faction_of(text: str) -> vijayanagara.Faction:
    t = text.strip().lower()
    for f in FACTIONS:
        if t in (f.value.lower(), vijayanagara.FACTION_NAMES[f].lower()) or (
            len(t) >= 3 and vijayanagara.FACTION_NAMES[f].lower().startswith(t)
        ):
            return f
    for f in FACTIONS:
        if t and vijayanagara.FACTION_NAMES[f].lower().split()[0].startswith(t) and len(t) >= 2:
            return f
    raise ServiceError(
        f"{excerpt(text)} is not a faction: use D (Delhi Sultanate), B (Bahmani Kingdom) "
        "or V (Vijayanagara Empire)"
    )


def short_order(text: str, limit: int = 80) -> str:
    """An order as the user typed it, on one line and clipped, to quote inside backticks."""
    return vijayanagara.clip(" ".join(text.split()), limit)


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


def log_end(state: vijayanagara.GameState) -> int:
    """How many lines the game's whole text log has at this state."""
    return state.log_at + len(state.log)


@dataclass
class _Cached:
    version: int
    state: vijayanagara.GameState
    snapshot_seq: int  # the seq of the game's latest stored snapshot


@dataclass
class Outcome:
    """What an accepted order did (for the reply and the tests)."""

    game: GameRecord
    before: vijayanagara.GameState
    after: vijayanagara.GameState
    new_lines: list[str]
    steps: list[str] = field(default_factory=list)  # the steps as played (describe)
    notes: list[str] = field(default_factory=list)  # steps accepted without effect, and why
    announcement: Announcement = field(default_factory=lambda: Announcement(text=""))
    # A reveal committed the order at this step; the steps after it were not played.
    revealed_at: str | None = None
    unplayed: list[str] = field(default_factory=list)


def typed_order(state: vijayanagara.GameState, action: vijayanagara.Action) -> str:
    """What a player types for `action`: its text, with `; confirm` when it is a Command on no
    space, which the bot asks about once (see Moves._idle_check)."""
    text = vijayanagara.describe(state, action)
    return f"{text}; {CONFIRM}" if vijayanagara.idle_note(state, action) else text


PLACED_AT_ONCE = 50  # channels asked of the chat for one read of a server's records


def secret_for_seed(seed: int) -> bytes:
    """A fixed secret for a fixed seed (tests, benches): the same seed, the same game."""
    return hashlib.sha256(f"vijayanagara-seed:{seed}".encode()).digest()


def commitment_text(game_id: int, secret: bytes, dealt_from: int) -> str:
    """The line that posts a game's commitment when its secret begins to deal."""
    which = f"from step {dealt_from + 1} on " if dealt_from else ""
    return (
        f"Fairness: every die and card of game {game_id} {which}comes from a secret; its "
        f"commitment is `{commitment(secret, game_id, dealt_from)}`. The secret is revealed "
        "when the game ends, and `/vj club verify` then checks every outcome.\n"
    )


SEED_DEALS = "dealt_by_seed"  # in a game's options: created with a seed, which deals it all


@dataclass
class Adoption:
    """A game dealt by its seed, about to take a secret (ServiceBase._adoption): its log with
    the seed's outcomes written in, its state there (no dealer in it), the snapshot at its
    last undo barrier, and the secret that deals what comes next."""

    log: list[NewAction]
    state: vijayanagara.GameState
    snapshot: Snapshot
    secret: bytes


def seed_written_out(
    seed: int, options: vijayanagara.GameOptions, stored: Sequence[StoredAction]
) -> tuple[list[NewAction], vijayanagara.GameState, Snapshot]:
    """A game dealt by its seed, replayed with the seed's outcomes written into its log as
    chance entries (as an imported format-1 export is): the log, the state at its end, and
    the snapshot at its last undo barrier. The same steps give the same state."""
    dealer = vijayanagara.seeded_dealer(seed, options)
    state = vijayanagara.new_game(None, options)
    log: list[NewAction] = []
    barrier = (0, state)

    def step(action: vijayanagara.Action, entry: NewAction) -> None:
        nonlocal state, barrier
        state = vijayanagara.apply(state, action)
        log.append(entry)
        if not state.since_barrier:
            barrier = (len(log), state)

    def deal() -> None:
        while (node := vijayanagara.chance(state)) is not None:
            outcome = dealer.outcome(state, node)
            step(outcome, NewAction(action=vijayanagara.action_to_json(outcome)))

    deal()
    for a in stored:
        step(
            vijayanagara.action_from_json(a.action),
            NewAction(action=a.action, faction=a.faction, user_id=a.user_id),
        )
        deal()
    seq, at = barrier
    return log, state, Snapshot(seq=seq, state=at.model_dump_json())


def ahead(
    state: vijayanagara.GameState, actions: Sequence[vijayanagara.Action]
) -> vijayanagara.GameState | None:
    """The position after the first steps of an order, seen before it is played: None when a
    step is refused or reaches a die roll or a card draw (the game holds no future: a reveal
    commits). A `done` for what already ended by itself is skipped, as in play."""
    trailing = vijayanagara.TrailingDone()
    try:
        for a in actions:
            if trailing.skips(a):
                continue
            reveals = state.reveals
            nxt = vijayanagara.apply(state, a)
            if nxt.reveals != reveals or vijayanagara.chance(nxt) is not None:
                return None
            trailing.record(state, nxt, a)
            state = nxt
    except vijayanagara.RulesError:
        return None
    return state


def replay_to(
    state: vijayanagara.GameState,
    actions: Sequence[vijayanagara.Action],
    text: vijayanagara.LogTail | None = None,
) -> vijayanagara.GameState:
    """The state after applying `actions` (a stored log: each was legal when played); `text`
    takes in the log lines they write."""
    for action in actions:
        state = vijayanagara.apply(state, action)
        if text is not None:
            text.follow(state)
    return state


class ServiceBase:
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
        # a person's display name for the board, where the adapter knows it
        self.display_name: Callable[[int], str | None] = lambda uid: None
        self.name_players = name_players  # False where one person holds every seat
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: OrderedDict[int, _Cached] = OrderedDict()
        self._drafts = Drafts()
        self._picks = Picks()  # the alternatives of an ambiguous step, per user and channel
        self._hints = HintOrders()  # the turn a hint suggested, for its button
        self._recent = RecentOrders() if guard_repeats else None
        self._workers = asyncio.Semaphore(WORKERS)
        self._secrets: dict[int, bytes | None] = {}
        self._dealt_from: dict[int, int] = {}  # where each secret began to deal (its import)
        self._unbound: set[int] = set()  # games whose commitment did not name them (014)
        # the clock (seconds since the epoch) lives there; tests pass their own and move it
        self.reminders = Reminders(store, clock, mention_fn, abandon_after)
        self.turn_starts = TurnStarts()  # where each game's turn began, for an AI's why line
        # The server a channel is on, asked of the chat (the Discord client sets it): for
        # games stored before their server was noted. None where there are no servers.
        self.channel_server: Callable[[str], Awaitable[str | None]] | None = None
        self._unplaceable: set[str] = set()  # channels the chat could not place, this run

    @classmethod
    async def open(cls, database: str, renderer: Renderer | None = None, **kw: Any) -> Self:
        """`database`: a postgresql:// URL, or a SQLite file (a path or sqlite:/// URL)."""
        return cls(await open_store(database), renderer, **kw)

    async def close(self) -> None:
        await self.store.close()

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
            raise ServiceError(await self.no_game_text(channel))
        return game

    async def no_game_text(self, channel: str) -> str:
        """Why nothing can be played here: no game yet, or the last one is over (with its
        result), and how to start another."""
        last = await self.store.latest_game(channel)
        if last is None:
            return "There is no game in this channel. Start one with `/vj create`."
        start = "Start another with `/vj create`, or `/vj club rematch` for the same players."
        if last.status == "aborted":
            return f"Game {last.id} was aborted, without a result. {start}"
        result = "\n".join(self._ranking(await self.state_of(last)))
        return f"Game {last.id} is over.\n{result}\n{start}"

    async def _active_game(self, channel: str) -> GameRecord:
        game = await self._open_game(channel)
        if game.status == "lobby":
            missing = [f.value for f in FACTIONS if f.value not in game.seats]
            extra = f" Free seats: {', '.join(missing)}." if missing else ""
            raise ServiceError(f"The game has not started yet: `/vj start`.{extra}")
        return game

    async def options_of(self, game: GameRecord) -> vijayanagara.GameOptions:
        """The game's options with its deck file attached (read from the decks table)."""
        options = vijayanagara.GameOptions(
            timurs_shadow=bool(game.options.get("timurs_shadow", False))
        )
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
        except vijayanagara.DataError as e:
            raise ServiceError(f"Game {game.id}'s deck file cannot be read: {e}") from e

    async def channel_deck(self, channel: str) -> Deck:
        """The deck of this channel's game (its own deck file, if it was created with one)."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        return (
            deck_for(await self.options_of(game))
            if game is not None
            else vijayanagara.standard_deck()
        )

    async def secret_of(self, game: GameRecord) -> bytes | None:
        """The secret that deals this game's chance outcomes; None for a game stored before
        chance entries (its seed deals them). Never shown before the game is over."""
        if game.id not in self._secrets:
            stored = await self.store.secret(game.id)
            self._dealt_from[game.id] = stored.dealt_from
            self._unbound.discard(game.id)
            if not stored.commitment_names_game:
                self._unbound.add(game.id)
            self._secrets[game.id] = bytes.fromhex(stored.secret) if stored.secret else None
        return self._secrets[game.id]

    async def _pre_secret(self, game: GameRecord) -> bool:
        """A game stored before per-game secrets, still dealt by its seed (not one created
        with a seed on purpose, for tests or teaching, which its seed deals to the end)."""
        return await self.secret_of(game) is None and not game.options.get(SEED_DEALS)

    async def _adoption(self, game: GameRecord) -> Adoption:
        """What a game stored before per-game secrets becomes at its next move: its seed's
        outcomes so far written into its log, and a fresh secret that deals from there (so
        nothing the seed would tell is ever dealt again). Held here until the move is stored
        (then Store.adopt_secret); `secret_of` gives the new secret meanwhile."""
        options = await self.options_of(game)
        stored = await self.store.actions(game.id)
        log, state, snapshot = await self.off_loop(seed_written_out, game.seed, options, stored)
        secret = self._new_secret()
        self._secrets[game.id], self._dealt_from[game.id] = secret, len(log)
        return Adoption(log, state, snapshot, secret)

    async def _adopted(self, game: GameRecord, adoption: Adoption) -> GameRecord:
        """Store the adoption (the game at its version before the move)."""
        return await self.store.adopt_secret(
            game.id,
            game.version,
            secret=adoption.secret.hex(),
            log=adoption.log,
            snapshot=adoption.snapshot,
        )

    def _forget_dealing(self, game_id: int) -> None:
        """Drop what is cached of a game's secret and state (an adoption not stored)."""
        self._secrets.pop(game_id, None)
        self._dealt_from.pop(game_id, None)
        self._unbound.discard(game_id)
        self._cache.pop(game_id, None)

    def _commitment(self, game: GameRecord, secret: bytes) -> str:
        """The commitment posted for the game's secret (as secret_of read it): bound to the
        game and to the log entry it began to deal from (vijayanagara.fairness), or, for a game that
        posted it before commitments named the game, the secret's hash alone."""
        stored = GameSecret(
            secret=secret.hex(),
            dealt_from=self._dealt_from.get(game.id, 0),
            commitment_names_game=game.id not in self._unbound,
        )
        return stored.commitment(game.id)

    async def _fresh_state(
        self, game: GameRecord, options: vijayanagara.GameOptions | None = None
    ) -> vijayanagara.GameState:
        """Setup, before any logged action: no future in it, unless the game predates chance
        entries (then its seed's dealer, as it was played)."""
        legacy = await self.secret_of(game) is None
        options = options or await self.options_of(game)
        return await self.off_loop(vijayanagara.new_game, game.seed if legacy else None, options)

    async def state_of(self, game: GameRecord) -> vijayanagara.GameState:
        """The game's state at its stored version: the cache, else the latest snapshot plus
        the actions after it (or a replay of the whole log when the snapshot is unusable)."""
        cached = self._cache.get(game.id)
        if cached is not None and cached.version == game.version:
            self._cache.move_to_end(game.id)
            return cached.state
        options = await self.options_of(game)
        state, start = await self._snapshot_state(game, options)
        if state is None:
            state = await self._fresh_state(game, options)
        text = vijayanagara.LogTail.of(state)
        for stored in await self.store.actions(game.id, after=start):
            state = vijayanagara.apply(state, vijayanagara.action_from_json(stored.action))
            text.follow(state)
        await self._move_log_out(game, text, options)
        self._remember(game, state, start)
        return state

    async def _snapshot_state(
        self, game: GameRecord, options: vijayanagara.GameOptions
    ) -> tuple[vijayanagara.GameState | None, int]:
        """The latest stored snapshot that can be used (its undo barrier known) and its seq;
        (None, 0) when there is none."""
        at_most = game.actions
        while (snap := await self.store.latest_snapshot(game.id, at_most=at_most)) is not None:
            at_most = snap.seq - 1
            try:
                state = vijayanagara.GameState.model_validate_json(snap.state)
            except pydantic.ValidationError:
                log.warning("game %s: snapshot %s unusable; replaying", game.id, snap.seq)
                continue
            if state.barrier is not None:
                state.options = options  # the snapshot names the deck; this carries it
                return state, snap.seq
        return None, 0

    async def _move_log_out(
        self, game: GameRecord, text: vijayanagara.LogTail, options: vijayanagara.GameOptions
    ) -> None:
        """A game stored before its text log had a table of its own (migration 009) has it in
        its snapshots and its actions: store the lines the table lacks, once. (Its snapshot
        holds the whole log; a later one, only its last step's lines: then a replay.)"""
        stored = await self.store.log_length(game.id)
        if stored >= text.end:
            return
        if text.start > 0:
            state = await self._fresh_state(game, options)
            text = vijayanagara.LogTail.of(state)
            for action in await self.store.actions(game.id):
                state = vijayanagara.apply(state, vijayanagara.action_from_json(action.action))
                text.follow(state)
        if await self.store.fill_log(game.id, game.version, LogLines(start=0, lines=text.lines)):
            log.info("game %s: %s log lines moved out of its states", game.id, text.end - stored)

    def _remember(
        self, game: GameRecord, state: vijayanagara.GameState, snapshot_seq: int | None = None
    ) -> None:
        """Cache the game's state; `snapshot_seq`: a snapshot was stored (or loaded) there."""
        if snapshot_seq is None:
            known = self._cache.get(game.id)
            snapshot_seq = known.snapshot_seq if known is not None else 0
        self._cache[game.id] = _Cached(game.version, state, snapshot_seq)
        self._cache.move_to_end(game.id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _seat_user(self, game: GameRecord, faction: vijayanagara.Faction | None) -> int | None:
        return None if faction is None else game.seats.get(faction.value)

    def _waiting_for(self, game: GameRecord, state: vijayanagara.GameState) -> int | None:
        """The person whose decision it is (None: the game is over or their seat is free)."""
        return None if state.game_over else self._seat_user(game, vijayanagara.decider(state))

    async def _store_seats(self, game: GameRecord, seats: dict[str, int], text: str) -> GameRecord:
        """Store the game's new seats with the message that announces them (and, mid-game, the
        wait of whoever now holds the seat on turn)."""
        return await self.store.update_game(
            game.id,
            game.version,
            seats=seats,
            announcement=Announcement(text=text),
            reminder=await self._seat_change_plan(game, seats),
        )

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

    def _result(self, game: GameRecord, state: vijayanagara.GameState) -> GameResult:
        """The record a finished game keeps: each seat's place and score."""
        scores = vijayanagara.score(state)
        return GameResult(
            game_id=game.id,
            channel_id=game.channel_id,
            finished_at=self.reminders.clock(),
            seats=[
                SeatResult.model_validate(
                    {"faction": f.value, "user_id": game.seats[f.value], "place": i}
                    | {"score": scores[f]}
                )
                for i, f in enumerate(vijayanagara.ranking(state), start=1)
                if f.value in game.seats
            ],
        )

    def _user_factions(self, game: GameRecord, user: int) -> list[vijayanagara.Faction]:
        return [f for f in FACTIONS if game.seats.get(f.value) == user]

    def _who(self, game: GameRecord, faction: vijayanagara.Faction) -> str:
        uid = game.seats.get(faction.value)
        level = ai_level(uid)
        if level is not None and not self.name_players:  # one person holds the other seats
            return f"{vijayanagara.FACTION_NAMES[faction]} (AI, {level})"
        if uid is not None and not self.name_players:
            return vijayanagara.FACTION_NAMES[faction]
        seat = self.mention(uid) if uid is not None else "nobody (free seat)"
        return f"{vijayanagara.FACTION_NAMES[faction]} ({seat})"

    def _allowed(self, state: vijayanagara.GameState, limit: int = SHOWN_OPTIONS) -> str:
        opts = self._options(state, limit)
        return f"Allowed now: {opts}." if opts else "No decision is pending."

    def _options(self, state: vijayanagara.GameState, limit: int | None = SHOWN_OPTIONS) -> str:
        """The legal next steps as text, a step that would do nothing marked (2.3.3)."""
        opts = [self._option(state, a) for a in vijayanagara.legal_actions(state)]
        shown = ", ".join(opts[:limit])
        if limit is not None and len(opts) > limit:
            shown += f" and {len(opts) - limit} more ({self.see_all_hint})"
        return shown

    @staticmethod
    def _option(state: vijayanagara.GameState, action: vijayanagara.Action) -> str:
        text = f"`{vijayanagara.describe(state, action)}`"
        note = vijayanagara.idle_note(state, action)
        return f"{text} ({note})" if note else text

    def custom_id(self, game: GameRecord, what: str) -> str:
        return f"{CUSTOM_ID_PREFIX}:{game.id}:{game.version}:{what}"

    def buttons_for(self, game: GameRecord, state: vijayanagara.GameState) -> list[Button]:
        if state.game_over or is_ai(self._waiting_for(game, state)):
            return []  # nobody presses for an AI: it plays by itself
        out: list[Button] = []
        legal = vijayanagara.legal_actions(state)
        if len(legal) <= BUTTON_LIMIT:
            for i, a in enumerate(legal):
                label = vijayanagara.describe(state, a)
                note = vijayanagara.idle_note(state, a)
                label += f" ({note})" if note else ""
                out.append(
                    Button(
                        label=label if len(label) <= 80 else label[:77] + "...",
                        custom_id=self.custom_id(game, f"a{i}"),
                        style="primary" if i == 0 else "secondary",
                    )
                )
        if vijayanagara.can_undo(state) is not None:
            out.append(Button(label="Undo", custom_id=self.custom_id(game, "undo"), style="danger"))
        return out

    def prompt_text(self, game: GameRecord, state: vijayanagara.GameState) -> tuple[str, list[int]]:
        """`**Next:** <who> — <the decision>`: the player (pinged), the faction, or the Mongols
        and who decides for them; the how-to is in `/vj help`."""
        p = vijayanagara.prompt(state)
        if p.faction is None:
            return p.text, []
        uid = self._seat_user(game, p.faction)
        mentions = [uid] if uid is not None and not is_ai(uid) else []
        name = vijayanagara.FACTION_NAMES[p.faction]
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
        effects = effects_line(state)  # what each Command or Decree offered does
        tail = f"\n{effects}" if effects else ""
        return f"**Next:** {who}{sep}{text}{tail}", mentions

    def board_names(self, game: GameRecord | None) -> Names:
        """The players' names by seat for a board and its alt text: an AI seat by its AI's
        name, a person by their display name where the adapter knows it."""
        out: Names = {}
        for f in FACTIONS:
            uid = game.seats.get(f.value) if game is not None else None
            level = ai_level(uid)
            name = ai_name(level) if level is not None else None
            if name is None and uid is not None:
                name = self.display_name(uid)
            if name:
                out[f] = vijayanagara.clip(name, MAX_NAME_CHARS)
        return out

    async def _render(
        self,
        state: vijayanagara.GameState,
        highlight: list[str] | None,
        game: GameRecord | None = None,
    ) -> bytes | None:
        """The board and its alt text (`Picture`), with the players' names when `game` is
        given; None when it could not be drawn."""
        names = self.board_names(game)
        try:
            png = await asyncio.to_thread(self.renderer, state, highlight or None, names or None)
            return Picture(png, render.vijayanagara.alt_text(state, names or None)[:MAX_ALT_CHARS])
        except Exception:  # a broken picture must not lose the (already stored) move
            log.exception("rendering the board failed")
            return None

    async def _deal(
        self,
        game: GameRecord,
        state: vijayanagara.GameState,
        seq: int,
        text: vijayanagara.LogTail | None = None,
    ) -> tuple[vijayanagara.GameState, list[NewAction]]:
        """Resolve the pending chance nodes from the game's secret, the first one as log entry
        `seq`; the outcomes are chance entries of the log (no faction, no user). `text` takes
        in the lines they write."""
        secret = await self.secret_of(game)
        dealt: list[NewAction] = []
        if secret is None:  # a game before chance entries: its seeded dealer is in the state
            return state, dealt
        while vijayanagara.chance(state) is not None:
            outcome = keyed_outcome(state, secret, game.id, seq + len(dealt))
            state = vijayanagara.apply(state, outcome)
            if text is not None:
                text.follow(state)
            dealt.append(NewAction(action=vijayanagara.action_to_json(outcome)))
        return state, dealt

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

    async def _commitment_text(self, game: GameRecord) -> str:
        secret = await self.secret_of(game)
        if secret is None:
            return ""
        return commitment_text(game.id, secret, self._dealt_from.get(game.id, 0))

    def _reveal_text(self, game: GameRecord, secret: bytes) -> str:
        return (
            f"Fairness: the secret of game {game.id} was `{secret.hex()}` (its commitment "
            f"`{self._commitment(game, secret)}` was posted when it began to deal). `/vj club "
            "verify` checks every die and card; so does `python -m bot.verify` on the export."
        )

    def _final_text(self, state: vijayanagara.GameState) -> str:
        return "**The game is over.**\n" + "\n".join(self._ranking(state))

    @staticmethod
    def _ranking(state: vijayanagara.GameState) -> list[str]:
        """`1. Vijayanagara Empire — 31 VP`, one line a faction, the winner first."""
        scores = vijayanagara.score(state)
        order = vijayanagara.ranking(state)
        return [
            f"{i}. {vijayanagara.FACTION_NAMES[f]} — {scores[f]} VP" for i, f in enumerate(order, 1)
        ]

    def _stale_text(self, old: int, now: int, what: str = "That button") -> str:
        return (
            f"{what} belongs to an older position (version {old}; the game is now at "
            f"version {now}), so nothing was played. Use the newest message or `/vj play`."
        )

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

    async def _note_server(self, channel: str, guild: str | None) -> None:
        """Remember the server a game's channel is on (a player's history is per server)."""
        if guild is not None:
            await self.store.put_channel_server(channel, guild)

    async def _place_channels(self) -> None:
        """Before a server's records are read: the channels of finished games stored before
        their server was noted (migration 012 knew none) are placed by asking the chat
        (`channel_server`), at most PLACED_AT_ONCE per call; one the chat cannot place (gone,
        or out of the bot's sight) is asked once per run, and its games count on no server."""
        if self.channel_server is None:
            return
        unplaced = await self.store.unplaced_channels(PLACED_AT_ONCE + len(self._unplaceable))
        for channel in [c for c in unplaced if c not in self._unplaceable][:PLACED_AT_ONCE]:
            guild = await self.channel_server(channel)
            if guild is None:
                self._unplaceable.add(channel)
            else:
                await self.store.put_channel_server(channel, guild)

    def _new_secret(self) -> bytes:
        """A fresh secret for a new game (the service's `seed_source` in tests)."""
        if self.seed_source is not None:
            return secret_for_seed(self.seed_source())
        return secrets.token_bytes(SECRET_BYTES)
