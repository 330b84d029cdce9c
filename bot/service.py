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
import json
import logging
import re
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pydantic

import rules
from db import (
    GameExists,
    GameExport,
    GameRecord,
    NewAction,
    Snapshot,
    SQLiteStore,
    StaleAction,
    Store,
)
from rules.cards import Deck, deck_for, find_cards
from rules.fairness import SECRET_BYTES, Verification, commitment, keyed_outcome, verify

from .renderer import Renderer, default_renderer
from .reply import Attachment, Button, Reply

log = logging.getLogger(__name__)

FACTIONS: tuple[rules.Faction, ...] = rules.PLAYERS
BUTTON_LIMIT = 20  # legal actions shown as buttons when there are at most this many
SHOWN_OPTIONS = 8  # legal orders listed in an error message
CUSTOM_ID_PREFIX = "vj"
CACHE_SIZE = 2048

COMMANDS: dict[str, str] = {
    "create": "open a new game in this channel (option: timurs_shadow)",
    "join": "take a seat: D (Delhi Sultanate), B (Bahmani Kingdom) or V (Vijayanagara Empire)",
    "leave": "give up your seat(s) (a free seat can be taken by anyone with join)",
    "start": "start the game once all three factions are seated",
    "play": "send an order in the notation, steps separated by ';' (docs/notation.md)",
    "undo": "take back your last step (until a die roll, card reveal or hand-off)",
    "give": "give Resources and/or Cavalry to another faction (1.5.2), at any time",
    "status": "who sits where, Resources, Cavalry, score, and whose decision it is",
    "board": "the board picture",
    "log": "the last lines of the game log",
    "card": "look up an event card by number or title",
    "export": "the whole game as a JSON file (its secret only once the game is over)",
    "verify": "check that every die and card followed from the secret committed at the start",
    "import": "load a game from an exported JSON file into this channel",
    "abort": "end the game without a result (its creator or a server manager)",
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
        f"{text!r} is not a faction: use D (Delhi Sultanate), B (Bahmani Kingdom) "
        "or V (Vijayanagara Empire)"
    )


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
    highlight: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)  # the steps as played (describe)
    # A reveal committed the order at this step; the steps after it were not played.
    revealed_at: str | None = None
    unplayed: list[str] = field(default_factory=list)
    secret: bytes | None = None  # revealed once the game is over


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
    ) -> None:
        self.store = store
        self.renderer: Renderer = renderer or default_renderer
        # A fixed seed (tests) gives a fixed secret; otherwise every game draws a fresh one.
        self.seed_source = seed_source
        self.mention = mention_fn
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: OrderedDict[int, _Cached] = OrderedDict()
        self._secrets: dict[int, bytes | None] = {}

    @classmethod
    async def open(cls, path: str, renderer: Renderer | None = None, **kw: Any) -> GameService:
        return cls(await SQLiteStore.open(path), renderer, **kw)

    async def close(self) -> None:
        await self.store.close()

    # --- plumbing ----------------------------------------------------------------------

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

    @staticmethod
    def options_of(game: GameRecord) -> rules.GameOptions:
        return rules.GameOptions.model_validate(game.options)

    async def secret_of(self, game: GameRecord) -> bytes | None:
        """The secret that deals this game's chance outcomes; None for a game stored before
        chance entries (its seed deals them). Never shown before the game is over."""
        if game.id not in self._secrets:
            stored = (await self.store.secret(game.id)).secret
            self._secrets[game.id] = bytes.fromhex(stored) if stored else None
        return self._secrets[game.id]

    async def _fresh_state(self, game: GameRecord) -> rules.GameState:
        """Setup, before any logged action: no future in it, unless the game predates chance
        entries (then its seed's dealer, as it was played)."""
        legacy = await self.secret_of(game) is None
        return rules.new_game(game.seed if legacy else None, self.options_of(game))

    async def state_of(self, game: GameRecord) -> rules.GameState:
        """The game's state at its stored version: the cache, else the latest snapshot plus
        the actions after it (or a replay of the whole log when the snapshot is unusable)."""
        cached = self._cache.get(game.id)
        if cached is not None and cached.version == game.version:
            self._cache.move_to_end(game.id)
            return cached.state
        state: rules.GameState | None = None
        start = 0
        snap = await self.store.latest_snapshot(game.id, at_most=game.actions)
        if snap is not None:
            try:
                state = rules.GameState.model_validate_json(snap.state)
                start = snap.seq
            except pydantic.ValidationError:
                log.warning("game %s: snapshot %s unusable; replaying", game.id, snap.seq)
        if state is None:
            state = await self._fresh_state(game)
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

    def _user_factions(self, game: GameRecord, user: int) -> list[rules.Faction]:
        return [f for f in FACTIONS if game.seats.get(f.value) == user]

    def _who(self, game: GameRecord, faction: rules.Faction) -> str:
        uid = game.seats.get(faction.value)
        seat = self.mention(uid) if uid is not None else "nobody (free seat)"
        return f"{rules.FACTION_NAMES[faction]} ({seat})"

    def _allowed(self, state: rules.GameState, limit: int = SHOWN_OPTIONS) -> str:
        opts = [rules.describe(state, a) for a in rules.legal_actions(state)]
        shown = ", ".join(f"`{o}`" for o in opts[:limit])
        more = (
            f" and {len(opts) - limit} more (see `/vj play` autocomplete)"
            if len(opts) > limit
            else ""
        )
        return f"Allowed now: {shown}{more}." if opts else "No decision is pending."

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
        p = rules.prompt(state)
        if p.faction is None:
            return p.text, []
        uid = self._seat_user(game, p.faction)
        who = self.mention(uid) if uid is not None else "(free seat: `/vj join`)"
        return f"**Next:** {p.text} {who}", [uid] if uid is not None else []

    async def _render(self, state: rules.GameState, highlight: list[str] | None) -> bytes | None:
        try:
            return await asyncio.to_thread(self.renderer, state, highlight or None)
        except Exception:  # a broken picture must not lose the (already stored) move
            log.exception("rendering the board failed")
            return None

    # --- lobby -------------------------------------------------------------------------

    async def create(
        self,
        channel: str,
        user: int,
        *,
        timurs_shadow: bool = False,
        seed: int | None = None,
        deck: str | None = None,
    ) -> Reply:
        """Open a game; `deck` is the YAML text of another deck file (events-format.md).
        Its dice and cards are dealt from a fresh random secret, or, with a fixed `seed`
        (tests, benches), from a secret derived from it."""
        async with self._lock(channel):
            options = rules.GameOptions(timurs_shadow=timurs_shadow, deck=deck)
            if deck is not None:
                try:
                    deck_for(options)
                except rules.DataError as exc:
                    return Reply.error(f"That deck file cannot be used: {exc}")
            if seed is None and self.seed_source is not None:
                seed = self.seed_source()
            secret = secrets.token_bytes(SECRET_BYTES) if seed is None else secret_for_seed(seed)
            try:
                game = await self.store.create_game(
                    channel,
                    0,  # no seed: the secret deals the game
                    options.model_dump(mode="json", exclude_none=True),
                    user,
                    secret=secret.hex(),
                )
            except GameExists:
                return Reply.error(
                    "This channel already has a game. Finish or `/vj abort` it, or open a thread."
                )
            variant = " with Timur's Shadow" if timurs_shadow else ""
            if deck is not None:
                variant += " with your own deck file"
            return Reply(
                text=f"New game of Vijayanagara{variant} (game {game.id}). Take a seat with "
                "`/vj join faction:D|B|V` (one person may hold several), then `/vj start`.",
                version=game.version,
            )

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
                    if holder is not None:
                        free_txt = ", ".join(x.value for x in free) or "none"
                        raise ServiceError(
                            f"{rules.FACTION_NAMES[f]} is taken by {self.mention(holder)}. "
                            f"Free seats: {free_txt}."
                        )
                seats = {**game.seats, f.value: user}
                game = await self.store.update_game(game.id, game.version, seats=seats)
            except ServiceError as e:
                return Reply.error(str(e))
            left = [x.value for x in FACTIONS if x.value not in game.seats]
            tail = (
                f" Free seats: {', '.join(left)}."
                if left
                else (" All seats are taken: `/vj start`." if game.status == "lobby" else "")
            )
            return Reply(
                text=f"{self.mention(user)} sits as {rules.FACTION_NAMES[f]}.{tail}",
                version=game.version,
            )

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
                game = await self.store.update_game(game.id, game.version, seats=seats)
            except ServiceError as e:
                return Reply.error(str(e))
            names = ", ".join(rules.FACTION_NAMES[f] for f in mine)
            extra = (
                " Anyone may take the free seat with `/vj join`." if game.status == "active" else ""
            )
            return Reply(text=f"{self.mention(user)} leaves {names}.{extra}", version=game.version)

    async def start(self, channel: str, user: int) -> Reply:
        async with self._lock(channel):
            try:
                game = await self._open_game(channel)
                if game.status == "active":
                    raise ServiceError("The game has already started.")
                missing = [f for f in FACTIONS if f.value not in game.seats]
                if missing:
                    raise ServiceError(
                        "A game starts only with all three factions seated. Free: "
                        + ", ".join(f"{f.value} ({rules.FACTION_NAMES[f]})" for f in missing)
                        + ". Join with `/vj join faction:`."
                    )
                state = await self._fresh_state(game)
                state, dealt = await self._deal(game, state, 1)
                game = await self.store.append_actions(
                    game.id,
                    game.version,
                    dealt,
                    snapshot=Snapshot(seq=len(dealt), state=state.model_dump_json()),
                    status="active",
                )
            except ServiceError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error("The game changed meanwhile; try `/vj start` again.")
            self._remember(game, state)
        seats = ", ".join(self._who(game, f) for f in FACTIONS)
        nxt, mentions = self.prompt_text(game, state)
        text = (
            "The game begins: "
            + seats
            + ".\n"
            + await self._commitment_text(game)
            + "\n".join(state.log)
            + "\n"
            + nxt
        )
        return Reply(
            text=text,
            image=await self._render(state, None),
            mentions=mentions,
            buttons=self.buttons_for(game, state),
            version=game.version,
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
        """Parse and apply a whole order (steps separated by ';'), all or nothing."""
        async with self._lock(channel):
            try:
                game = await self._active_game(channel)
                if expected_version is not None and expected_version != game.version:
                    raise ServiceError(self._stale_text(expected_version, game.version))
                state = await self.state_of(game)
                steps = split_steps(order)
                if not steps:
                    raise ServiceError("Empty order. " + self._allowed(state))
                forced = faction_of(as_faction) if as_faction else None
                actions: list[tuple[str, rules.Action]] = []
                for step in steps:
                    for a in self._parse_step(state, step, len(steps), len(actions) + 1):
                        actions.append((step, a))
                outcome = await self._apply_and_store(game, state, user, actions, forced)
            except ServiceError as e:
                return Reply.error(str(e))
        return await self._moved_reply(outcome)

    def _parse_step(
        self, state: rules.GameState, step: str, total: int, index: int
    ) -> list[rules.Action]:
        where = f"Step {index} (`{step}`)" if total > 1 else f"`{step}`"
        try:
            return rules.parse(state, step)
        except rules.AmbiguousOrder as e:
            raise ServiceError(f"{where} is ambiguous: {e}") from e
        except rules.InvalidOrder as e:
            raise ServiceError(
                f"{where} is not an order I can read: {e}. {self._allowed(state)}"
            ) from e

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
    ) -> Outcome:
        """Apply the steps one by one on a scratch state and store them in one transaction.

        All or nothing, except that a reveal commits: after a step that rolls dice or draws a
        card (dealt here, from the secret), the order ends; that step and those before it are
        stored with the outcome, and the rest is not played. So no refusal and no later step
        is ever computed past a reveal that was not stored and announced."""
        cur = state
        new: list[NewAction] = []
        highlight: list[str] = []
        described: list[str] = []
        revealed_at: str | None = None
        total = len(actions)
        played = 0
        for k, (step, action) in enumerate(actions, start=1):
            where = f"Step {k} (`{step}`)" if total > 1 else f"`{step}`"
            who = self._actor(game, cur, action, user, forced, where)
            reveals = cur.reveals
            try:
                described.append(
                    "undo" if isinstance(action, rules.Undo) else rules.describe(cur, action)
                )
                cur = rules.apply(cur, action)
            except rules.RulesError as e:
                prefix = (
                    f"{where} was refused, so nothing was played"
                    if total > 1
                    else f"{where} was refused"
                )
                raise ServiceError(f"{prefix}: {e}. {self._allowed(cur)}") from e
            new.append(
                NewAction(action=rules.action_to_json(action), faction=who.value, user_id=user)
            )
            cur, dealt = await self._deal(game, cur, game.actions + len(new) + 1)
            new.extend(dealt)
            highlight.extend(s for s in cur.touched if s not in highlight)
            played = k
            if cur.reveals != reveals:  # dice rolled or a card drawn: the order ends here
                revealed_at = where
                break
        handoff = cur.game_over or rules.decider(cur) != rules.decider(state)
        try:
            stored = await self.store.append_actions(
                game.id,
                game.version,
                new,
                snapshot=Snapshot(seq=game.actions + len(new), state=cur.model_dump_json())
                if handoff
                else None,
                status="finished" if cur.game_over else None,
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
            cur.log[len(state.log) :],
            highlight,
            described,
            revealed_at=revealed_at if played < total else None,
            unplayed=list(dict.fromkeys(step for step, _ in actions[played:])),
            secret=await self.secret_of(game) if cur.game_over else None,
        )

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

    async def _moved_reply(self, out: Outcome) -> Reply:
        game, state = out.game, out.after
        actor = rules.decider(out.before)
        lines = [f"• {line}" for line in out.new_lines] or [
            f"• {actor.value if actor else ''}: {'; '.join(out.steps)}"
        ]
        handoff = state.game_over or rules.decider(state) != actor
        mentions: list[int] = []
        if out.revealed_at is not None:
            rest = "; ".join(out.unplayed)
            lines.append(
                f"{out.revealed_at} revealed dice or a card, so your order was committed up to "
                f"it (a reveal commits). Not played: `{rest}`. Send again what you still want, "
                "now that everyone has seen the outcome."
            )
        if state.game_over:
            lines.append(self._final_text(state))
            if out.secret is not None:
                lines.append(self._reveal_text(game, out.secret))
        else:
            nxt, mentions = self.prompt_text(game, state)
            lines.append(nxt)
        image = await self._render(state, out.highlight) if handoff else None
        return Reply(
            text="\n".join(lines),
            image=image,
            mentions=mentions if handoff else [],
            buttons=self.buttons_for(game, state),
            version=game.version,
        )

    async def _commitment_text(self, game: GameRecord) -> str:
        secret = await self.secret_of(game)
        if secret is None:
            return ""
        return (
            f"Fairness: every die and card of game {game.id} comes from a secret; its SHA-256 "
            f"is `{commitment(secret)}`. The secret is revealed when the game ends, and "
            "`/vj verify` then checks every outcome.\n"
        )

    def _reveal_text(self, game: GameRecord, secret: bytes) -> str:
        return (
            f"Fairness: the secret of game {game.id} was `{secret.hex()}` (its SHA-256 is the "
            f"commitment `{commitment(secret)}` posted at the start). `/vj verify` checks every "
            "die and card; so does `python -m bot.verify` on the export."
        )

    def _final_text(self, state: rules.GameState) -> str:
        scores = rules.score(state)
        order = rules.ranking(state)
        parts = [f"{i}. {rules.FACTION_NAMES[f]} — {scores[f]} VP" for i, f in enumerate(order, 1)]
        return "**The game is over.**\n" + "\n".join(parts)

    def _stale_text(self, old: int, now: int) -> str:
        return (
            f"That button belongs to an older position (version {old}; the game is now at "
            f"version {now}). Use the newest message or `/vj play`."
        )

    async def press(self, channel: str, user: int, custom_id: str) -> Reply:
        """A click on a button made by `buttons_for`: vj:<game>:<version>:a<i>|undo."""
        parts = custom_id.split(":")
        if (
            len(parts) != 4
            or parts[0] != CUSTOM_ID_PREFIX
            or not parts[1].isdigit()
            or not parts[2].isdigit()
        ):
            return Reply.error("That button is not one of mine.")
        game_id, version, what = int(parts[1]), int(parts[2]), parts[3]
        async with self._lock(channel):
            try:
                game = await self._active_game(channel)
                if game.id != game_id:
                    raise ServiceError("That button belongs to another game, which is over.")
                if version != game.version:
                    raise ServiceError(self._stale_text(version, game.version))
                state = await self.state_of(game)
                action: rules.Action
                if what == "undo":
                    action = rules.Undo()
                elif what.startswith("a") and what[1:].isdigit():
                    legal = rules.legal_actions(state)
                    i = int(what[1:])
                    if i >= len(legal):
                        raise ServiceError("That button is out of date.")
                    action = legal[i]
                else:
                    raise ServiceError("That button is not one of mine.")
                label = "undo" if isinstance(action, rules.Undo) else rules.describe(state, action)
                outcome = await self._apply_and_store(game, state, user, [(label, action)], None)
            except ServiceError as e:
                return Reply.error(str(e))
        return await self._moved_reply(outcome)

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
            return Reply.error(f"Unknown shortcut {name!r}.")
        if not steps:
            return Reply.error("Say which one. " + self._allowed(state))
        return await self.play(channel, user, "; ".join(steps))

    # --- reading -----------------------------------------------------------------------

    async def status(self, channel: str) -> Reply:
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None:
            return Reply.error("There is no game in this channel. Start one with `/vj create`.")
        seats = "\n".join(f"• {f.value}: {self._who(game, f)}" for f in FACTIONS)
        head = f"Game {game.id} — {game.status}, version {game.version}, {game.actions} steps."
        if game.status == "lobby":
            return Reply(text=f"{head}\n{seats}", version=game.version)
        state = await self.state_of(game)
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
            buttons=[] if game.status != "active" else self.buttons_for(game, state),
            version=game.version,
        )

    async def board(self, channel: str) -> Reply:
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None or game.status == "lobby":
            return Reply.error("There is no board yet: create and start a game first.")
        state = await self.state_of(game)
        nxt = self._final_text(state) if state.game_over else self.prompt_text(game, state)[0]
        return Reply(text=nxt, image=await self._render(state, state.touched), version=game.version)

    async def log_lines(self, channel: str, lines: int = 20) -> Reply:
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None or game.status == "lobby":
            return Reply.error("There is no game log yet.")
        state = await self.state_of(game)
        n = max(1, min(lines, 200))
        body = "\n".join(state.log[-n:])
        return Reply(
            text=f"The last {min(n, len(state.log))} lines of the log:\n{body}", ephemeral=True
        )

    async def channel_deck(self, channel: str) -> Deck:
        """The deck of this channel's game (its own deck file, if it was created with one)."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        return deck_for(self.options_of(game)) if game is not None else rules.standard_deck()

    async def card_in(self, channel: str, query: str) -> Reply:
        return self.card(query, await self.channel_deck(channel))

    def card(self, query: str, deck: Deck | None = None) -> Reply:
        q = query.strip()
        try:
            found = find_cards(q, deck)
        except Exception:
            found = []
        if not found:
            return Reply.error(
                f"No card matches {q!r}. Try a number (1-{max(rules.standard_deck().cards)}) or the start of a title."
            )
        c = found[0]
        lines = [f"**{c.number}. {c.title}** ({c.kind.replace('_', ' ')})"]
        if c.order:
            lines.append(
                "Order: "
                + " ".join(f.value for f in c.order)
                + (" — Stay Eligible" if c.stay_eligible else "")
            )
        if c.flavor:
            lines.append(f"_{c.flavor}_")
        if c.unshaded:
            lines.append(f"Unshaded: {c.unshaded}")
        if c.shaded:
            lines.append(f"Shaded: {c.shaded}")
        return Reply(text="\n".join(lines))

    def card_choices(self, typed: str, limit: int = 25) -> list[tuple[str, int]]:
        deck = rules.standard_deck()
        t = typed.strip().lower()
        out = []
        for n in sorted(deck.cards):
            c = deck.cards[n]
            label = f"{n}. {c.title}"
            if not t or t in label.lower():
                out.append((label[:100], n))
        return out[:limit]

    async def legal_orders(
        self, channel: str, user: int | None, typed: str, limit: int = 25
    ) -> list[str]:
        """Autocomplete for `/vj play order:`: the legal next steps (describe), filtered by what
        was typed. Steps already typed before the last ';' are applied first, so the choices
        continue the order, but never past a die roll or a card draw: the game holds no
        future, so a prefix that reaches one has no suggestions (a reveal commits)."""
        game = await self.store.open_game(channel)
        if game is None or game.status != "active":
            return []
        state = await self.state_of(game)
        head, _, last = typed.rpartition(";")
        prefix = ""
        if head.strip():
            try:
                for a in rules.parse(state, head):
                    reveals = state.reveals
                    state = rules.apply(state, a)
                    if state.reveals != reveals or rules.chance(state) is not None:
                        return []
            except (rules.RulesError, ValueError):
                return []
            prefix = head.strip() + "; "
        words = last.strip().lower().split()
        out: list[str] = []
        for a in rules.legal_actions(state):
            d = rules.describe(state, a)
            if all(w in d.lower() for w in words):
                full = prefix + d
                if len(full) <= 100:
                    out.append(full)
            if len(out) >= limit:
                break
        return out

    async def shortcut_choices(self, channel: str, name: str, typed: str) -> list[str]:
        """Autocomplete for the shortcut commands' argument (command or decree names, sides)."""
        game = await self.store.open_game(channel)
        if game is None or game.status != "active":
            return []
        state = await self.state_of(game)
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
        data = await self.store.export_game(game.id)
        body = data.model_dump_json(indent=1).encode()
        return Reply(
            text=f"Game {game.id}: {len(data.actions)} steps. Import it with `/vj import`.",
            file=Attachment(f"vijayanagara-game-{game.id}.json", body),
        )

    async def verify(self, channel: str) -> Reply:
        """`/vj verify`: once the game is over, check every chance entry of its log against
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
        if game.status != "finished":
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
        result = await asyncio.to_thread(
            verify, secret, game.id, self.options_of(game), log_, dealt_from
        )
        return Reply(text=verification_text(game.id, secret, result))

    def check_export(self, data: GameExport) -> rules.GameState:
        """Replay an exported game; ServiceError naming the first step that does not replay."""
        try:
            options = rules.GameOptions.model_validate(data.options)
        except pydantic.ValidationError as e:
            raise ServiceError(f"The options are not valid: {e}") from e
        for k in data.seats:
            if k not in {f.value for f in FACTIONS}:
                raise ServiceError(f"Unknown seat {k!r}: seats are D, B and V.")
        # Format 2 replays from the log alone (its chance entries); format 1 from its seed.
        state = rules.new_game(data.seed, options)
        for i, ex in enumerate(data.actions, start=1):
            try:
                action = rules.action_from_json(ex.action)
            except pydantic.ValidationError as e:
                raise ServiceError(f"Step {i} is not an action: {ex.action}") from e
            try:
                state = rules.apply(state, action)
            except rules.RulesError as e:
                raise ServiceError(
                    f"The log does not replay: step {i} (`{rules.describe(state, action)}`) "
                    f"is refused: {e}"
                ) from e
        node = rules.chance(state)
        if node is not None:
            raise ServiceError(f"The log stops before {node.text}: it was cut short.")
        return state

    async def import_game(self, channel: str, user: int, raw: bytes | str) -> Reply:
        async with self._lock(channel):
            try:
                try:
                    data = GameExport.model_validate_json(raw)
                except pydantic.ValidationError as e:
                    first = e.errors()[0]
                    where = ".".join(str(x) for x in first["loc"]) or "the file"
                    raise ServiceError(
                        f"That is not an exported Vijayanagara game ({where}: {first['msg']})."
                    ) from e
                state = await asyncio.to_thread(self.check_export, data)
                if state.game_over:
                    status = "finished"
                elif data.status == "lobby" and not data.actions:
                    status = "lobby"
                elif len(data.seats) < 3:
                    status = "lobby" if not data.actions else "active"
                else:
                    status = "active"
                data = data.model_copy(update={"status": status, "creator": user})
                try:
                    game = await self.store.import_game(
                        channel,
                        data.model_copy(update={"fairness": None}),
                        snapshot=Snapshot(seq=len(data.actions), state=state.model_dump_json()),
                        # a fresh secret deals what comes next; a seeded game keeps its seed
                        secret="" if data.seed is not None else secrets.token_hex(SECRET_BYTES),
                    )
                except GameExists as e:
                    raise ServiceError(
                        "This channel already has a game: finish or `/vj abort` it first, or "
                        "import in a new thread."
                    ) from e
            except ServiceError as e:
                return Reply.error(str(e))
            self._remember(game, state)
        if status == "lobby":
            return Reply(text=f"Imported game {game.id} (not started).", version=game.version)
        nxt = self._final_text(state) if state.game_over else self.prompt_text(game, state)[0]
        return Reply(
            text=f"Imported game {game.id}: {len(data.actions)} steps replayed.\n{nxt}",
            image=await self._render(state, None),
            buttons=self.buttons_for(game, state) if status == "active" else [],
            version=game.version,
        )

    async def abort(self, channel: str, user: int, *, is_manager: bool = False) -> Reply:
        async with self._lock(channel):
            try:
                game = await self._open_game(channel)
                if user != game.creator and not is_manager:
                    raise ServiceError(
                        "Only the game's creator or a member with Manage Server may end it."
                    )
                game = await self.store.update_game(game.id, game.version, status="aborted")
            except ServiceError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error("The game changed meanwhile; try again.")
            self._cache.pop(game.id, None)
        return Reply(text=f"Game {game.id} ended by {self.mention(user)} without a result.")

    def help(self) -> Reply:
        lines = ["**Vijayanagara** — play-by-chat for three. Commands (`/vj ...`):"]
        lines += [f"• `{name}` — {what}" for name, what in COMMANDS.items()]
        lines.append(
            "Shortcuts: `pass`, `event side:`, `command name:`, `decree name:`, `done`. "
            "Orders are in docs/notation.md, e.g. `/vj play order: command; march; "
            "move 2 troop from delhi to malwa; done`."
        )
        return Reply(text="\n".join(lines), ephemeral=True)

    # --- a text command line (the terminal client; also handy in tests) -----------------------

    async def command(
        self, channel: str, user: int, line: str, *, is_manager: bool = False
    ) -> Reply:
        """`join D`, `as D: march; ...`, `play pass`, `status`... Unknown commands are refused."""
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
            return await self._give_text(channel, user, rest)
        if name == "status":
            return await self.status(channel)
        if name == "board":
            return await self.board(channel)
        if name == "log":
            return await self.log_lines(channel, int(rest) if rest.isdigit() else 20)
        if name == "card":
            return await self.card_in(channel, rest)
        if name == "export":
            return await self.export(channel)
        if name == "verify":
            return await self.verify(channel)
        if name in ("abort", "resign"):
            return await self.abort(channel, user, is_manager=is_manager)
        if name == "help":
            return self.help()
        return Reply.error(
            f"Unknown command {name!r}. Commands: {', '.join(COMMANDS)}; or an order as "
            "`play <order>` / `as D: <order>`."
        )

    async def _give_text(self, channel: str, user: int, rest: str) -> Reply:
        """`give B 2 resources 1 cavalry [from D]`."""
        m = re.match(
            r"^(?:to\s+)?(\w+)((?:\s+\d+\s+(?:resources?|cavalry))+)(?:\s+from\s+(\w+))?$",
            rest.strip(),
            re.IGNORECASE,
        )
        if not m:
            return Reply.error("Write it as `give B 2 resources 1 cavalry` (optionally `from D`).")
        res = cav = 0
        for n, kind in re.findall(r"(\d+)\s+(resources?|cavalry)", m.group(2), re.IGNORECASE):
            if kind.lower().startswith("res"):
                res += int(n)
            else:
                cav += int(n)
        return await self.give(channel, user, m.group(1), res, cav, m.group(3))


def verification_text(game_id: int, secret: bytes, result: Verification) -> str:
    head = f"Game {game_id}, secret `{secret.hex()}`, commitment `{commitment(secret)}`: "
    if result.ok:
        return head + f"all {result.checked} dice rolls and card draws follow from the secret."
    return head + "**does not verify**:\n" + "\n".join(f"• {p}" for p in result.problems)


def export_json(data: GameExport) -> str:
    return json.dumps(data.model_dump(mode="json"), indent=1)
