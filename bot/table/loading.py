"""Loading a stored game: its rules (by kind), options and files, the secret that deals it,
and its state at the stored version (a cache, else the latest snapshot plus the actions after
it, else a replay of the whole log). Every game of every kind is loaded here, through the
Game protocol."""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ValidationError

from db import GameRecord, GameSecret, LogLines, NewAction, Snapshot, Store, StoredAction
from db.models import seats_of
from db.rows import UNREADABLE
from rules.capabilities import (
    StoredSteps,
    files_of,
    narration_of,
    seeding_of,
    turns_of,
    with_later,
)
from rules.dealing import SECRET_BYTES
from rules.errors import DataError, clip, excerpt
from rules.game import Game, component_files

from .front_end import CommandNaming, by_words
from .games.entry import Registry
from .refusal import ServiceError
from .textlog import LogTail, follow_opening, follow_step
from .workers import Workers

log = logging.getLogger(__name__)

AnyGame = Game[object, object, object, BaseModel]
# The states of the games played last (some 12 KB each for Vijayanagara): the games moving
# now, not every active game of a server (a game not held loads from its latest snapshot).
CACHE_SIZE = 512
SEED_DEALS = "dealt_by_seed"  # in a game's options: created with a seed, which deals it all
FILES = "files"  # in a game's options: each attached component file's key, by name
TIEBREAK = "tiebreak"  # in a game's options: the tiebreak it is a game of (bot.table.tiebreak)


class BrokenGame(ServiceError):
    """A stored game that does not load (a kind no longer registered, options or a log that no
    longer read or replay): every command on it says which game and why, and `abort` still
    ends it. Nothing was changed. `text`: the refusal, its commands named as a front end
    names them."""

    def __init__(self, text: Callable[[CommandNaming], str]) -> None:
        super().__init__(text(by_words))
        self.text = text

    def told(self, named: CommandNaming) -> str:
        return self.text(named)


# The public views of the positions looked at last, by thread: one order's handling asks for
# the same position's some ten times (its steps, texts, prompt, buttons, board).
RECENT_VIEWS = 4
_recent = threading.local()


def public(g: AnyGame, state: object) -> object:
    """The view anyone may see of `state`, made once for the positions looked at last (a
    position is never changed in place: a step makes a new one)."""
    views: list[tuple[AnyGame, object, object]] | None = getattr(_recent, "views", None)
    if views is None:
        views = _recent.views = []
    for seen_g, seen, view in views:
        if seen is state and seen_g is g:
            return view
    view = g.view(state, None)
    views.insert(0, (g, state, view))
    del views[RECENT_VIEWS:]
    return view


@dataclass
class Loaded:
    version: int
    state: object
    snapshot_seq: int  # the seq of the game's latest stored snapshot
    log_end: int  # how many lines the game's text log has


@dataclass
class Adoption:
    """A game dealt by its seed, about to take a secret (`GameLoader.adoption`): its log with
    the seed's outcomes written in, its state there (no dealer in it), the snapshot at its
    last undo barrier, and the secret that deals what comes next."""

    log: list[NewAction]
    state: object
    snapshot: Snapshot
    secret: bytes


def stored_options(g: AnyGame, record: GameRecord) -> BaseModel:
    """The options a record keeps (its files not yet attached)."""
    known = {k: v for k, v in record.options.items() if k in g.info.options.model_fields}
    try:
        return g.info.options.model_validate(known)
    except ValidationError as e:
        raise ServiceError(f"Game {record.id}'s stored options do not load: {e}") from e


def options_json(g: AnyGame, options: BaseModel) -> dict[str, object]:
    """The options as a record keeps them: the model's fields, and each file by its key (a
    file's text is kept once, in the store, not in every record that plays it)."""
    texts = set(component_files(type(options)))
    out: dict[str, object] = options.model_dump(mode="json", exclude_none=True, exclude=texts)
    keys = dict(files_of(g).file_keys(options))
    if keys:
        out[FILES] = keys
    return out


def secret_for_seed(seed: int) -> bytes:
    """A fixed secret for a fixed seed (tests, benches): the same seed, the same game."""
    return hashlib.sha256(f"vijayanagara-seed:{seed}".encode()).digest()


def broken(record: GameRecord, why: str, registry: Registry) -> BrokenGame:
    """The refusal for a stored game that does not load: which game, why, and what still
    works (`abort` ends it without a result; `export` saves its stored log, at once for a
    game that hides nothing, once it is ended for one of hidden hands)."""
    g = registry.game(record.kind) if registry.hosts(record.kind) else None
    title = g.info.title if g is not None else f"a game of kind {excerpt(record.kind)}"
    kind = g.info.id if g is not None else registry.games()[0].info.id
    said = f"Game {record.id} ({title}) cannot be loaded: {clip(why.rstrip('.'), 300)}."
    if record.status not in ("lobby", "active"):
        return BrokenGame(lambda named: f"{said} `{named(kind, 'export')}` saves its log.")
    then = ", then" if g is None or g.info.private else ";"
    return BrokenGame(
        lambda named: (
            f"{said} Nothing was changed. `{named(kind, 'abort')}` ends it without a "
            f"result (its log is kept){then} `{named(kind, 'export')}` saves its log."
        )
    )


class GameLoader:
    def __init__(
        self,
        store: Store,
        workers: Workers,
        registry: Registry,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.workers = workers
        self.registry = registry  # the games this table hosts: a stored game's kind is one
        # A fixed seed (tests) gives a fixed secret; otherwise every game draws a fresh one.
        self.seed_source = seed_source
        self._cache: OrderedDict[int, Loaded] = OrderedDict()
        self._rules: dict[str, AnyGame] = {}  # by kind (a step asks some twenty times)
        self._secrets: dict[int, bytes | None] = {}
        self._dealt_from: dict[int, int] = {}  # where each secret began to deal (its import)
        self._unbound: set[int] = set()  # games whose commitment did not name them (014)
        # games that did not load, at which version, kind and status: not replayed again
        self._broken: dict[int, tuple[tuple[int, str, str], BrokenGame]] = {}

    # --- the rules of a stored game, by its kind ---------------------------------------------

    def known_rules(self, record: GameRecord) -> AnyGame | None:
        """The rules of a stored game, by its kind; None for a kind this bot does not know."""
        g = self._rules.get(record.kind)
        if g is None and self.registry.hosts(record.kind):
            g = self._rules[record.kind] = self.registry.game(record.kind)
        return g

    def broken(self, record: GameRecord, why: str) -> BrokenGame:
        return broken(record, why, self.registry)

    def readable(self, record: GameRecord) -> None:
        """BrokenGame when the record's own row does not read (db.rows.UNREADABLE): such a game is
        never played, nor stored again, with options it does not have."""
        if UNREADABLE in record.options:
            raise self.broken(record, str(record.options[UNREADABLE]))

    def rules_of(self, record: GameRecord) -> AnyGame:
        """The rules of a stored game, by its kind (BrokenGame for a kind this bot does not know)."""
        g = self.known_rules(record)
        if g is None:
            known = ", ".join(x.info.id for x in self.registry.games())
            raise self.broken(
                record, f"it is of a kind this bot does not know (its games: {known})"
            )
        return g

    # --- options and files -----------------------------------------------------------------

    async def options_of(self, record: GameRecord) -> BaseModel:
        """The game's options with its component files attached (read from the store)."""
        g = self.rules_of(record)
        self.readable(record)
        options = stored_options(g, record)
        keys = dict(record.options.get(FILES) or {})
        legacy = record.options.get("deck")  # games stored before migration 004 kept the text
        deck_hash = record.options.get("deck_hash")  # and before every game had files, one deck
        if deck_hash is not None and "deck" not in keys:
            keys["deck"] = deck_hash
        files: dict[str, str] = {}
        for name, key in keys.items():
            text = await self.store.deck_text(str(key))
            if text is None:
                raise ServiceError(f"Game {record.id}'s {name} file is missing from the database.")
            files[str(name)] = text
        if legacy is not None and "deck" not in files:
            files["deck"] = str(legacy)
        if not files:
            return options
        try:
            return await self.workers.run(files_of(g).with_files, options, files)
        except (DataError, ValueError) as e:
            raise ServiceError(f"Game {record.id}'s files cannot be read: {e}") from e

    # --- the secret --------------------------------------------------------------------------

    def new_secret(self) -> bytes:
        """A fresh secret for a game (the `seed_source`'s in tests)."""
        if self.seed_source is not None:
            return secret_for_seed(self.seed_source())
        return secrets.token_bytes(SECRET_BYTES)

    async def secret_of(self, record: GameRecord) -> bytes | None:
        """The secret that deals this game's chance outcomes; None for a game dealt by its
        seed (created so, or stored before chance entries). Never shown before the game is
        over."""
        if record.id not in self._secrets:
            stored = await self.store.secret(record.id)
            self._dealt_from[record.id] = stored.dealt_from
            self._unbound.discard(record.id)
            if not stored.commitment_names_game:
                self._unbound.add(record.id)
            self._secrets[record.id] = bytes.fromhex(stored.secret) if stored.secret else None
        return self._secrets[record.id]

    def dealt_from(self, record: GameRecord) -> int:
        """How many log entries came from elsewhere before the secret dealt (secret_of first)."""
        return self._dealt_from.get(record.id, 0)

    def commitment(self, record: GameRecord, secret: bytes) -> str:
        """The commitment posted for the game's secret (secret_of first): bound to the game
        and to the log entry it began to deal from (rules.dealing), or, for a game that
        posted it before commitments named the game, the secret's hash alone."""
        stored = GameSecret(
            secret=secret.hex(),
            dealt_from=self.dealt_from(record),
            commitment_names_game=record.id not in self._unbound,
        )
        return stored.commitment(record.id)

    def bound_to(self, record: GameRecord) -> str:
        """What the commitment is the hash of."""
        if record.id in self._unbound:  # posted before commitments named their game
            return "SHA-256 of the secret"
        return f"SHA-256 of `{record.id}|{self.dealt_from(record)}|` and the secret"

    async def pre_secret(self, record: GameRecord) -> bool:
        """A game stored before per-game secrets, still dealt by its seed (not one created
        with a seed on purpose, for tests or teaching, which its seed deals to the end)."""
        return await self.secret_of(record) is None and not record.options.get(SEED_DEALS)

    async def adoption(self, record: GameRecord) -> Adoption:
        """What a game stored before per-game secrets becomes at its next move: its seed's
        outcomes so far written into its log, and a fresh secret that deals from there (so
        nothing the seed would tell is ever dealt again). Held here until the move is stored
        (then Store.adopt_secret); `secret_of` gives the new secret meanwhile."""
        g = self.rules_of(record)
        options = await self.options_of(record)
        stored = await self.store.actions(record.id)
        log_, state, snapshot = await self.workers.run(written_out, g, record, options, stored)
        secret = self.new_secret()
        self._secrets[record.id], self._dealt_from[record.id] = secret, len(log_)
        return Adoption(log_, state, snapshot, secret)

    async def adopted(self, record: GameRecord, adoption: Adoption) -> GameRecord:
        """Store the adoption (the game at its version before the move)."""
        return await self.store.adopt_secret(
            record.id,
            record.version,
            secret=adoption.secret.hex(),
            log=adoption.log,
            snapshot=adoption.snapshot,
        )

    def forget(self, game_id: int) -> None:
        """Drop what is cached of a game's secret and state (a change not stored)."""
        self._secrets.pop(game_id, None)
        self._dealt_from.pop(game_id, None)
        self._unbound.discard(game_id)
        self._cache.pop(game_id, None)
        self._broken.pop(game_id, None)

    # --- the state -----------------------------------------------------------------------------

    async def fresh_state(self, record: GameRecord, options: BaseModel | None = None) -> object:
        """Setup, before any logged action: no future in it, unless the game is dealt by its
        seed (then the seed's dealer, as it was played)."""
        g = self.rules_of(record)
        try:
            options = options or await self.options_of(record)
            seats = seats_of(g.info, record)
            if await self.secret_of(record) is None:
                return await self.workers.run(seeding_of(g).new_seeded, options, seats, record.seed)
            return await self.workers.run(g.new_game, options, seats)
        except BrokenGame:
            raise
        except ServiceError as e:
            raise self.broken(record, str(e)) from e
        except Exception as e:
            log.warning("game %s cannot be set up", record.id, exc_info=True)
            raise self.broken(record, f"it cannot be set up ({_why(e)})") from e

    async def state_of(self, record: GameRecord) -> object:
        """The game's state at its stored version."""
        return (await self.loaded(record)).state

    async def log_end(self, record: GameRecord) -> int:
        return (await self.loaded(record)).log_end

    async def loaded(self, record: GameRecord) -> Loaded:
        """The game at its stored version; BrokenGame (nothing changed) when what is stored no
        longer loads, whatever the reason: the bot and the terminal go on, and say so."""
        cached = self._cache.get(record.id)
        if cached is not None and cached.version == record.version:
            self._cache.move_to_end(record.id)
            return cached
        known = self._broken.get(record.id)
        if known is not None and known[0] == (record.version, record.kind, record.status):
            raise known[1]  # said once in the log; every command asks again
        try:
            return await self._load(record)
        except Exception as e:  # a log or options no longer read: the game alone is broken
            if isinstance(e, BrokenGame):
                found = e
            elif isinstance(e, ServiceError):
                found = self.broken(record, str(e))
            else:
                found = self.broken(record, f"what is stored does not read ({_why(e)})")
            log.warning("game %s does not load: %s", record.id, found, exc_info=True)
            self._broken[record.id] = ((record.version, record.kind, record.status), found)
            raise found from e

    async def _load(self, record: GameRecord) -> Loaded:
        g = self.rules_of(record)
        options = await self.options_of(record)
        state, start = await self._snapshot_state(record, g, options, record.actions)
        if state is None:
            state = await self.fresh_state(record, options)
        # a game that keeps count of its text log: the lines its states hold, followed
        tail = narration_of(g).log_tail(public(g, state))
        text = None if tail is None else LogTail(tail[0], list(tail[1]))
        steps = StoredSteps(g)  # one stored before the rules took it unasked: skipped
        rows = await self.store.actions(record.id, after=start)
        actions = [g.action_from_json(_json(stored)) for stored in rows]
        for stored, (action, later) in zip(rows, with_later(actions), strict=True):
            try:
                after = steps.take(state, action, later)
            except Exception as e:
                why = f"step {stored.seq} of its log no longer applies ({_why(e)})"
                raise self.broken(record, why) from e
            if after is None:
                continue
            state = after
            if text is not None and (now := narration_of(g).log_tail(public(g, state))) is not None:
                text.follow(*now)
        end = await self._move_log_out(record, g, options, text)
        return self.remember(record, state, start, end)

    async def state_at_most(self, record: GameRecord, seq: int) -> tuple[object, int]:
        """A state of the game at step `seq` or before (the latest snapshot there that can
        be used, else the setup) and the step it is at."""
        g = self.rules_of(record)
        options = await self.options_of(record)
        state, start = await self._snapshot_state(record, g, options, seq)
        if state is None:
            return await self.fresh_state(record, options), 0
        return state, start

    async def _snapshot_state(
        self, record: GameRecord, g: AnyGame, options: BaseModel, at_most: int
    ) -> tuple[object | None, int]:
        """The latest stored snapshot at step `at_most` or before that can be used and its
        seq; (None, 0) when there is none."""
        while (snap := await self.store.latest_snapshot(record.id, at_most=at_most)) is not None:
            at_most = snap.seq - 1
            try:
                state = g.state_from_json(snap.state, options)
            except (ValidationError, ValueError):
                log.warning("game %s: snapshot %s unusable; replaying", record.id, snap.seq)
                continue
            if turns_of(g).settled(state):  # taken at an undo barrier, as every snapshot is
                return state, snap.seq
        return None, 0

    async def _move_log_out(
        self, record: GameRecord, g: AnyGame, options: BaseModel, text: LogTail | None
    ) -> int:
        """The length of the game's text log. A game stored before its text log had a table
        of its own kept the lines in its states: they are stored once, as its states hold
        them (a replay of its whole log gives them when the latest state holds only its last
        step's)."""
        stored = await self.store.log_length(record.id)
        if text is None or stored >= text.end:
            return stored
        if text.start > 0:
            state = await self.fresh_state(record, options)
            view = public(g, state)
            text = LogTail(0, [])
            follow_opening(g, text, view)
            steps = StoredSteps(g)
            rows = await self.store.actions(record.id)
            actions = [g.action_from_json(_json(row)) for row in rows]
            for row, (step, later) in zip(rows, with_later(actions), strict=True):
                before = view
                if (after := steps.take(state, step, later)) is None:
                    continue
                state, view = after, public(g, after)
                follow_step(g, text, before, step, view, row.faction)
        lines = LogLines(start=0, lines=text.lines)
        if await self.store.fill_log(record.id, record.version, lines):
            log.info("game %s: %s log lines moved out of its states", record.id, text.end - stored)
        return text.end

    def remember(
        self,
        record: GameRecord,
        state: object,
        snapshot_seq: int | None = None,
        log_end: int | None = None,
    ) -> Loaded:
        """Cache the game's state; `snapshot_seq`: a snapshot was stored (or loaded) there."""
        known = self._cache.get(record.id)
        if snapshot_seq is None:
            snapshot_seq = known.snapshot_seq if known is not None else 0
        if log_end is None:
            log_end = known.log_end if known is not None else 0
        loaded = Loaded(record.version, state, snapshot_seq, log_end)
        self._cache[record.id] = loaded
        self._cache.move_to_end(record.id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return loaded

    def snapshot_seq(self, game_id: int) -> int:
        known = self._cache.get(game_id)
        return known.snapshot_seq if known is not None else 0


def _why(e: BaseException) -> str:
    """An exception in one short line: its message's first line, else its kind."""
    first = str(e).strip().split("\n", 1)[0]
    return clip(first, 200) if first else type(e).__name__


def _json(stored: StoredAction) -> str:
    import json

    return json.dumps(stored.action, separators=(",", ":"))


def written_out(
    g: AnyGame, record: GameRecord, options: BaseModel, stored: Sequence[StoredAction]
) -> tuple[list[NewAction], object, Snapshot]:
    """A game dealt by its seed, replayed with the seed's outcomes written into its log as
    chance entries (as an imported format-1 export is): the log, the state at its end, and
    the snapshot at its last undo barrier. The same steps give the same state."""
    steps = [g.action_from_json(_json(a)) for a in stored]
    whole = seeding_of(g).outcomes_written_out(record.seed, options, steps)
    who = iter(stored)
    state = g.new_game(options, seats_of(g.info, record))
    log_: list[NewAction] = []
    barrier = (0, state)
    replaying = StoredSteps(g)
    next_step = next(who, None)
    moved: dict[int, int] = {}  # each stored step's seq, where the written-out log has it
    for action, later in with_later(whole):
        dealt = g.chance(state) is not None
        if dealt:
            log_.append(NewAction(action=_dict(g, action)))
        else:
            assert next_step is not None
            moved[next_step.seq] = len(log_) + 1
            move = None if next_step.move is None else moved.get(next_step.move)
            log_.append(
                NewAction(
                    action=next_step.action,
                    faction=next_step.faction,
                    user_id=next_step.user_id,
                    move=move,
                )
            )
            next_step = next(who, None)
        state = replaying.replayed(state, action, later)  # (one taken unasked since: skipped)
        if turns_of(g).settled(state):
            barrier = (len(log_), state)
    seq, at = barrier
    return log_, state, Snapshot(seq=seq, state=g.state_to_json(at))


def _dict(g: AnyGame, action: object) -> dict[str, object]:
    import json

    out = json.loads(g.action_to_json(action))
    assert isinstance(out, dict)
    return out
