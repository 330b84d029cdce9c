"""Moves: an order, a button, undo, give and the shortcuts, applied and stored."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from db import (
    GameRecord,
    LogLines,
    NewAction,
    Snapshot,
    StaleAction,
)
from rules import vijayanagara
from rules.errors import excerpt, step_where
from rules.vijayanagara.closing import closed_frames, why_ended
from rules.vijayanagara.registry import DECREE_NAMES

from .announcing import MoveAnnouncements
from .closing import closing
from .hints import HINT
from .order_entry import Alternatives, Entry, read_entry
from .reminders import (
    SNOOZE_ID,
)
from .reply import Button, Menu, Reply
from .service_base import (
    CONFIRM,
    CUSTOM_ID_PREFIX,
    FACTIONS,
    Adoption,
    Outcome,
    ServiceError,
    ahead,
    answers,
    check_range,
    faction_of,
    log_end,
    short_order,
)

log = logging.getLogger(__name__)
RECAP_LINES = 2000  # log lines read back for a card's recap (a card writes far fewer)
SNAPSHOT_STEPS = 50  # steps between stored snapshots (bounds the bytes per game, load time)

MAX_CUSTOM_ID_CHARS = 100  # Discord's own limit
PICK = "pick"  # the custom id's last part for the menu of an ambiguous step's alternatives
MENU_OPTIONS = 25  # Discord's limit of options in a select menu
MENU_LABEL_CHARS = 100  # and of an option's label


@dataclass(frozen=True)
class Reading:
    """What reading an order needs: the game and its position, who sends it, as whom."""

    game: GameRecord
    state: vijayanagara.GameState
    user: int
    channel: str
    text: str
    giver: vijayanagara.Faction | None  # who gives in a `give` step that does not say
    as_faction: str | None


@dataclass(frozen=True)
class Order:
    """An order read: each step's text and action; `confirm` given (see `_idle_check`)."""

    steps: list[tuple[str, vijayanagara.Action]]
    confirmed: bool = False


Reader = Callable[[Reading], Order]


@dataclass(frozen=True)
class Ended:
    """A step of an order that ended what its faction was doing (a frame that ended by
    itself, or the decision handed to another faction): a later step of the same order that
    is refused is told so, and by which rule (vijayanagara.closing.why_ended)."""

    where: str  # "step 3 (`...`)"
    before: vijayanagara.GameState
    action: vijayanagara.Action
    faction: vijayanagara.Faction

    @staticmethod
    def of(
        where: str,
        before: vijayanagara.GameState,
        after: vijayanagara.GameState,
        action: vijayanagara.Action,
        faction: vijayanagara.Faction,
    ) -> Ended | None:
        if isinstance(action, (vijayanagara.Done, vijayanagara.Undo)):
            return None  # ended on purpose, or taken back
        if vijayanagara.decider(after) == faction and not closed_frames(before, after):
            return None
        return Ended(where[:1].lower() + where[1:], before, action, faction)

    def rule(self) -> str | None:
        """What the step ended by itself, and the rule that ended it (None: not known)."""
        why = why_ended(self.before, self.action)
        return None if why is None else f"{self.where} ended {why[0]}: {why[1]}"

    def handed_on(self) -> str:
        """The step handed the decision on: by which rule, if known."""
        name = vijayanagara.FACTION_NAMES[self.faction]
        return self.rule() or f"{self.where} ended {name}'s decision"


def is_decree(action: vijayanagara.Action) -> bool:
    """A choice of Decree (what a Decree that does nothing still spends differs)."""
    return isinstance(action, vijayanagara.Choose) and action.option in DECREE_NAMES


class Moves(MoveAnnouncements):
    @answers()
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
        if len(order) > vijayanagara.MAX_ORDER_CHARS:  # refused before anything else reads it
            return Reply.error(
                f"That order is {len(order)} characters long; an order has at most "
                f"{vijayanagara.MAX_ORDER_CHARS}. Send it in parts."
            )
        return await self._order(
            channel, user, read_entry(order), self._read_order, as_faction, expected_version
        )

    async def _order(
        self,
        channel: str,
        user: int,
        entry: Entry,
        read: Reader,
        as_faction: str | None = None,
        expected_version: int | None = None,
    ) -> Reply:
        """Play the steps `read` makes of the order `entry` (typed, or a shortcut's)."""
        async with self._lock(channel):
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
            forced = faction_of(as_faction) if as_faction else None
            giver = forced or self._default_giver(game, state, user)
            order = read(Reading(game, state, user, channel, text, giver, as_faction))
            outcome = await self._apply_and_store(
                game, state, user, order.steps, forced, confirmed=order.confirmed
            )
            if version is None and self._recent is not None:
                self._recent.played(game.id, user, key, outcome.game.version)
        return await self._moved_reply(outcome)

    def _read_order(self, r: Reading) -> Order:
        """A typed order read once: its steps (with `confirm` taken out) and their actions.
        An ambiguous step comes back with the whole orders it could have meant, in a menu."""
        spans = vijayanagara.split_order(r.text)
        confirmed = any(s.text.lower() == CONFIRM for s in spans)
        spans = [s for s in spans if s.text.lower() != CONFIRM]
        if not spans:
            raise ServiceError("Empty order. " + self._allowed(r.state))
        try:
            steps = vijayanagara.parse_steps(spans, giver=r.giver)
        except vijayanagara.AmbiguousOrder as e:
            menu = self._alternatives(r, spans, e, confirmed)
            pick = " Or pick one below." if menu is not None else ""
            raise ServiceError(f"{e.where} is ambiguous: {e}.{pick}", menu) from e
        except vijayanagara.InvalidOrder as e:
            raise ServiceError(
                f"{e.where} is not an order I can read: {e}. {self._allowed(r.state)}"
            ) from e
        return Order([(s.text, s.action) for s in steps], confirmed)

    def _alternatives(
        self,
        r: Reading,
        spans: list[vijayanagara.Span],
        e: vijayanagara.AmbiguousOrder,
        confirmed: bool,
    ) -> Menu | None:
        """The whole orders the ambiguous step could have meant, as a select menu (kept for
        the user until picked): those allowed after the steps before it, when that position
        can be seen (not past a reveal), else all."""
        assert e.step is not None
        candidates = list(e.candidates)
        before = vijayanagara.parse_steps(spans[: e.step - 1], giver=r.giver)  # they read
        at = ahead(r.state, [s.action for s in before])
        if at is not None:
            legal = vijayanagara.legal_actions(at)
            candidates = [a for a in candidates if a in legal]
        orders: list[str] = []
        options: list[tuple[str, str]] = []
        for a in candidates[:MENU_OPTIONS]:
            step = vijayanagara.describe(r.state, a)
            texts = [step if i == e.step - 1 else s.text for i, s in enumerate(spans)]
            options.append((vijayanagara.clip(step, MENU_LABEL_CHARS), str(len(orders))))
            orders.append("; ".join(texts + ([CONFIRM] if confirmed else [])))
        if not orders:
            return None
        self._picks.keep(r.user, r.channel, Alternatives(tuple(orders), r.as_faction))
        return Menu(self.custom_id(r.game, PICK), f"{e.where}: which one?", tuple(options))

    def _default_giver(
        self, game: GameRecord, state: vijayanagara.GameState, user: int
    ) -> vijayanagara.Faction | None:
        """Who gives in a `give` step that does not say: the user's only seat, else the
        faction whose decision it is when the user holds it."""
        mine = self._user_factions(game, user)
        if len(mine) == 1:
            return mine[0]
        now = vijayanagara.decider(state)
        return now if now in mine else None

    async def _apply_and_store(
        self,
        game: GameRecord,
        state: vijayanagara.GameState,
        user: int,
        actions: list[tuple[str, vijayanagara.Action]],
        forced: vijayanagara.Faction | None,
        *,
        confirmed: bool = True,
        note: str | None = None,
    ) -> Outcome:
        """`_store_order`; a game stored before per-game secrets takes one with this move (its
        seed's outcomes so far written into its log), stored only if the move is."""
        adoption = await self._adoption(game) if await self._pre_secret(game) else None
        try:
            return await self._store_order(
                game, state, user, actions, forced, confirmed, note, adoption
            )
        except BaseException:
            if adoption is not None:  # the caches reload what was stored
                self._forget_dealing(game.id)
            raise

    async def _store_order(
        self,
        game: GameRecord,
        state: vijayanagara.GameState,
        user: int,
        actions: list[tuple[str, vijayanagara.Action]],
        forced: vijayanagara.Faction | None,
        confirmed: bool,
        note: str | None,
        adoption: Adoption | None,
    ) -> Outcome:
        """Apply the steps one by one on a scratch state and store them in one transaction,
        with the announcement they owe the channel.

        All or nothing, except that a reveal commits: after a step that rolls dice or draws a
        card (dealt here, from the secret), the order ends; that step and those before it are
        stored with the outcome, and the rest is not played. So no refusal and no later step
        is ever computed past a reveal that was not stored and announced. A `done` for what
        already ended by itself is only noted; unless `confirmed`, a Command that would select
        no space is refused once (see `_idle_check`)."""
        logged = game.actions  # the log's length before the order
        if adoption is not None:
            state, logged = adoption.state, len(adoption.log)
        cur = state
        text = vijayanagara.LogTail(log_end(state))  # the lines the order writes
        new: list[NewAction] = []
        described: list[str] = []
        notes: list[str] = [note] if note else []  # e.g. a deadline's
        trailing = vijayanagara.TrailingDone()  # a `done` for what already ended is only noted
        revealed_at: str | None = None
        total = len(actions)
        played = 0
        actor: vijayanagara.Faction | None = None  # who played the last step
        ended: Ended | None = None  # the last step played, when it ended what it was in
        for k, (step, action) in enumerate(actions, start=1):
            where = step_where(step, k, total)
            played = k
            if trailing.skips(action):
                notes.append(f"{where} was not needed: that had already ended by itself.")
                continue
            if k == total and actor is not None and self._closing_done(cur, action, actor):
                notes.append(f"{where} was not needed: what you were doing had ended.")
                continue
            try:
                who = self._actor(game, cur, action, user, forced, where)
            except ServiceError as e:
                meta = isinstance(action, (vijayanagara.Give, vijayanagara.Undo))
                if ended is None or vijayanagara.decider(cur) == actor or meta:
                    raise  # not a decision's step (a trade, an undo), or not after a hand-off
                raise ServiceError(self._handed_on(game, cur, where, ended)) from e
            actor = who
            if not confirmed:
                self._idle_check(cur, action, where)
            reveals = cur.reveals
            try:
                described.append(
                    "undo"
                    if isinstance(action, vijayanagara.Undo)
                    else vijayanagara.describe(cur, action)
                )
                nxt = vijayanagara.apply(cur, action)
            except vijayanagara.RulesError as e:
                refusal = self._refusal(state, cur, where, k, total, e)
                rule = None if ended is None else ended.rule()
                raise ServiceError(refusal if rule is None else f"{refusal} ({rule}.)") from e
            ended = Ended.of(where, cur, nxt, action, who)
            trailing.record(cur, nxt, action)
            text.follow(nxt)
            new.append(
                NewAction(
                    action=vijayanagara.action_to_json(action), faction=who.value, user_id=user
                )
            )
            cur, dealt = await self._deal(game, nxt, logged + len(new) + 1, text)
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
                    f"{step_where(step, k, total)} was not needed: that had already ended "
                    "by itself."
                )
            elif step not in unplayed:
                unplayed.append(step)
        if adoption is not None:
            notes.append(
                f"game {game.id} is dealt from a secret from now on: its dice and cards so far "
                f"stay as its seed dealt them, and each from step {logged + 1} on comes from a "
                f"secret whose commitment is `{self._commitment(game, adoption.secret)}` "
                "(revealed when the game ends, then `/vj club verify` checks them)"
            )
        secret = await self.secret_of(game) if cur.game_over else None
        # a card that ended is recapped from its lines, which earlier moves wrote
        earlier = (
            await self.store.log_lines(game.id, max(0, text.start - RECAP_LINES), text.start)
            if cur.current_card != state.current_card
            else []
        )
        announcement = self._move_announcement(
            game,
            state,
            cur,
            text.lines,
            earlier,
            described,
            notes,
            revealed_at if unplayed else None,
            unplayed,
            secret,
            turn=await self.store.turn_message(game.id),
        )
        waiting = self._waiting_for(game, cur)
        if announcement.mentions and waiting == self._waiting_for(game, state):
            # the decision stays with the same person (another of their seats, the Mongols
            # they decide): a notice only when it passes to someone else
            announcement = announcement.model_copy(update={"mentions": []})
        seq = logged + len(new)
        known = self._cache.get(game.id)
        last = known.snapshot_seq if known is not None else 0
        if adoption is not None:
            last = adoption.snapshot.seq
        snapshot = (
            Snapshot(seq=seq, state=cur.model_dump_json())
            if self._snapshot_due(cur, seq, last)
            else None
        )
        try:
            if adoption is not None:
                game = await self._adopted(game, adoption)
            stored = await self.store.append_actions(
                game.id,
                game.version,
                new,
                snapshot=snapshot,
                log=LogLines(start=text.start, lines=text.lines),
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
        if snapshot is None and adoption is not None:
            snapshot = adoption.snapshot
        self._remember(stored, cur, snapshot.seq if snapshot is not None else None)
        return Outcome(
            stored,
            state,
            cur,
            text.lines,
            described,
            notes,
            announcement,
            revealed_at=revealed_at if unplayed else None,
            unplayed=unplayed,
        )

    @staticmethod
    def _snapshot_due(after: vijayanagara.GameState, seq: int, last: int) -> bool:
        """A snapshot every SNAPSHOT_STEPS steps or so (and at the end): loading replays a few
        dozen steps, and a game stores a handful of states, not one per hand-off. Only at an
        undo barrier (a hand-off, a reveal), which a state loaded from JSON starts from."""
        return not after.since_barrier and (after.game_over or seq - last >= SNAPSHOT_STEPS)

    @staticmethod
    def _closing_done(
        state: vijayanagara.GameState, action: vijayanagara.Action, actor: vijayanagara.Faction
    ) -> bool:
        """An order may always end with `done` (notation: "finish with done"): after steps
        that were played, a last `done` that the position does not take from the one who
        played them (no `done` is allowed now, or the decision is another faction's) closes
        nothing of theirs, so it is noted, neither refused nor applied to someone else."""
        if not isinstance(action, vijayanagara.Done):
            return False
        return vijayanagara.decider(
            state
        ) != actor or vijayanagara.Done() not in vijayanagara.legal_actions(state)

    @staticmethod
    def _idle_check(state: vijayanagara.GameState, action: vijayanagara.Action, where: str) -> None:
        """2.3.3 allows a Command in zero spaces, and 4.1 any Decree, but a choice that does
        nothing still spends the option (or its Decree): ask once, and accept the same order
        with `confirm`."""
        note = vijayanagara.idle_note(state, action)
        if note is not None:
            how = f"If that is what you want, send the same order with `; {CONFIRM}` at its end."
            raise ServiceError(Moves._idle_question(where, note, how, decree=is_decree(action)))

    @staticmethod
    def _idle_question(where: str, note: str, how: str, *, decree: bool = False) -> str:
        cost = (
            "be the one Decree of this Command & Decree (4.1)"
            if decree
            else "use this option and make you Ineligible (2.3.3 allows zero spaces)"
        )
        return f"{where}: {note}, yet it would still {cost}. Nothing was played. {how}"

    def _refusal(
        self,
        state: vijayanagara.GameState,
        at: vijayanagara.GameState,
        where: str,
        k: int,
        total: int,
        error: vijayanagara.RulesError,
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

    def _handed_on(
        self, game: GameRecord, state: vijayanagara.GameState, where: str, ended: Ended
    ) -> str:
        """A step after an earlier step of the same order handed the decision on: which step
        ended what, by which rule, and who decides now."""
        p = vijayanagara.prompt(state)
        now = (
            f"{self._who(game, p.faction)} decides now: {p.text}"
            if p.faction is not None
            else p.text
        )
        return f"{where} was refused, so nothing was played, as {ended.handed_on()}. {now}"

    def _actor(
        self,
        game: GameRecord,
        state: vijayanagara.GameState,
        action: vijayanagara.Action,
        user: int,
        forced: vijayanagara.Faction | None,
        where: str,
    ) -> vijayanagara.Faction:
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
        if isinstance(action, vijayanagara.Undo):
            f = vijayanagara.can_undo(state)
            if f is None:
                raise ServiceError(
                    f"{where}: nothing to undo (steps cannot be taken back past a die roll, a "
                    "card reveal or a hand-off to another faction)."
                )
            if f not in mine:
                raise ServiceError(f"{where}: only {self._who(game, f)} may undo that step.")
            return f
        if isinstance(action, vijayanagara.Give):
            if action.giver not in mine:
                raise ServiceError(
                    f"{where}: you do not sit as {action.giver.value}, so you cannot give for it."
                )
            return action.giver
        f = vijayanagara.decider(state)  # cheap; the prompt text is only built for an error
        if f is None:
            raise ServiceError("The game is over.")
        if f in mine and (forced is None or forced == f):
            return f
        p = vijayanagara.prompt(state)
        assert p.faction is not None
        if forced is not None and forced != p.faction:
            raise ServiceError(
                f"{where}: it is not {vijayanagara.FACTION_NAMES[forced]}'s turn; "
                f"{self._who(game, p.faction)} must decide: {p.text}"
            )
        if p.faction not in mine:
            raise ServiceError(
                f"{where}: it is not your turn. {self._who(game, p.faction)} must decide: {p.text}"
            )
        return p.faction

    async def _moved_reply(self, out: Outcome) -> Reply:
        """The reply for a stored move. The move is stored: nothing here may fail it, so a
        broken picture or button row still leaves the announcement."""
        game, state, a = out.game, out.after, out.announcement
        try:
            buttons = self.buttons_for(game, state)
        except Exception:
            log.exception("game %s: building the buttons failed", game.id)
            buttons = []
        reply = self._announced(
            game,
            a.text,
            mentions=a.mentions,
            image=await self._render(state, state.turn_touched, game) if a.board else None,
            buttons=buttons,
            receipt="✓ Played: " + "; ".join(f"`{s}`" for s in out.steps),
            edit=a.edit,
            close_text=a.close_text,
        )
        if state.game_over:
            try:
                end = await closing(self, game)
            except Exception:  # the final score is stored and announced all the same
                log.exception("game %s: the closing chart or ratings failed", game.id)
                return reply
            reply.text += "".join(f"\n{line}" for line in end.ratings)
            reply.text += "\nThe VP card by card is in the chart; a rematch: the button below."
            reply.file, reply.buttons = end.chart, [*reply.buttons, end.button]
        return reply

    @answers()
    async def press(
        self, channel: str, user: int, custom_id: str, values: Sequence[str] = ()
    ) -> Reply:
        """A click on a button made by `buttons_for`: vj:<game>:<version>:a<i>|c<i>|undo
        (c<i>: the confirmed choice of a Command that would do nothing); or a pick from the
        menu of an ambiguous step's alternatives (vj:<game>:<version>:pick, `values`)."""
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
        if what == PICK:
            return await self._pick(channel, user, version, values)
        if what == HINT:
            return await self._play_hint(channel, user, game_id, version)
        async with self._lock(channel):
            game = await self._active_game(channel)
            if game.id != game_id:
                raise ServiceError("That button belongs to another game, which is over.")
            if what == SNOOZE_ID:  # the reminder's own job says whether it is current
                return Reply(text=await self.reminders.snooze(game, version, user), ephemeral=True)
            if version != game.version:
                raise ServiceError(self._stale_text(version, game.version))
            state = await self.state_of(game)
            action: vijayanagara.Action
            if what == "undo":
                action = vijayanagara.Undo()
            elif re.fullmatch(r"[ac][0-9]{1,3}", what):
                legal = vijayanagara.legal_actions(state)
                i = int(what[1:])
                if i >= len(legal):
                    raise ServiceError("That button is out of date.")
                action = legal[i]
            else:
                raise ServiceError("That button is not one of mine.")
            label = (
                "undo"
                if isinstance(action, vijayanagara.Undo)
                else vijayanagara.describe(state, action)
            )
            note = vijayanagara.idle_note(state, action)
            if what[0] == "a" and note:
                return self._confirm_button(game, label, note, what[1:], is_decree(action))
            outcome = await self._apply_and_store(game, state, user, [(label, action)], None)
        return await self._moved_reply(outcome)

    async def _pick(self, channel: str, user: int, version: int, values: Sequence[str]) -> Reply:
        """The order picked from an ambiguous step's alternatives (made for `version`)."""
        kept = self._picks.take(user, channel)
        if kept is None:
            return Reply.error(
                "That menu stood for an order you typed earlier, which I no longer have. "
                "Type the order again."
            )
        if len(values) != 1 or not re.fullmatch(r"[0-9]{1,2}", values[0]):
            return Reply.error("Pick one of the menu's options.")
        index = int(values[0])
        if index >= len(kept.orders):
            return Reply.error("That option is not one of the menu's.")
        order = kept.orders[index]
        return await self.play(
            channel, user, order, as_faction=kept.as_faction, expected_version=version
        )

    async def _play_hint(self, channel: str, user: int, game_id: int, version: int) -> Reply:
        """The hint's whole suggested turn, played as one typed order would be; refused
        once anything moved since the hint was thought."""
        kept = self._hints.take(user, channel)
        if kept is None or (kept.game_id, kept.version) != (game_id, version):
            return Reply.error(
                "That hint is no longer the one I hold for you; ask for a new one with `/vj hint`."
            )
        # the player saw the whole turn: a step in it that does nothing is confirmed (2.3.3)
        return await self.play(
            channel,
            user,
            f"{kept.order}; {CONFIRM}",
            as_faction=kept.faction,
            expected_version=version,
        )

    def _confirm_button(
        self, game: GameRecord, label: str, note: str, index: str, decree: bool
    ) -> Reply:
        """The button form of `; confirm` (see `_idle_check`)."""
        reply = Reply.error(
            self._idle_question(
                f"`{label}`", note, "Press Confirm to play it anyway.", decree=decree
            )
        )
        reply.buttons = [
            Button(
                label=f"Confirm: {label}",
                custom_id=self.custom_id(game, f"c{index}"),
                style="danger",
            )
        ]
        return reply

    @answers()
    async def undo(self, channel: str, user: int) -> Reply:
        async with self._lock(channel):
            game = await self._active_game(channel)
            state = await self.state_of(game)
            outcome = await self._apply_and_store(
                game, state, user, [("undo", vijayanagara.Undo())], None
            )
        return await self._moved_reply(outcome)

    @answers()
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
            check_range("Resources to give", resources, 0, vijayanagara.model.MAX_RESOURCES)
            check_range("Cavalry to give", cavalry, 0, vijayanagara.model.CAVALRY_TOKENS)
            game = await self._active_game(channel)
            state = await self.state_of(game)
            mine = self._user_factions(game, user)
            if giver is not None:
                g = faction_of(giver)
            elif len(mine) == 1:
                g = mine[0]
            elif not mine:
                raise ServiceError("You have no seat in this game, so you have nothing to give.")
            else:
                raise ServiceError(
                    "You sit as "
                    + " and ".join(f.value for f in mine)
                    + ": say which faction gives (giver:)."
                )
            action = vijayanagara.Give(
                giver=g, receiver=faction_of(receiver), resources=resources, cavalry=cavalry
            )
            outcome = await self._apply_and_store(game, state, user, [("give", action)], None)
        return await self._moved_reply(outcome)

    @answers()
    async def shortcut(self, channel: str, user: int, name: str, arg: str | None = None) -> Reply:
        """`/vj pass`, `/vj event side:`, `/vj command name:`, `/vj decree name:`, `/vj done`:
        the steps they stand for, fitted to the decision now pending, built as actions."""
        if name not in ("event", "command", "decree", "pass", "done"):
            return Reply.error(f"Unknown shortcut {excerpt(name)}.")
        if arg is not None and len(arg) > vijayanagara.MAX_ORDER_CHARS:
            return Reply.error(
                f"That is {len(arg)} characters long; at most {vijayanagara.MAX_ORDER_CHARS}."
            )

        def read(r: Reading) -> Order:
            legal = vijayanagara.legal_actions(r.state)
            typed = self._read_order(replace(r, text=arg)) if arg else Order([])
            given = typed.steps
            option: vijayanagara.Action = (
                vijayanagara.Done() if name == "done" else vijayanagara.Choose(option=name)
            )
            steps: list[tuple[str, vijayanagara.Action]]
            if name == "event":
                steps = ([("event", option)] if option in legal else []) + given
            elif name == "command":
                lead = option in legal and not (given and given[0][1] in legal)
                steps = ([("command", option)] if lead else []) + given
            elif name == "decree":
                steps = given
            else:
                steps = [(name, option)]
            if not steps:
                raise ServiceError("Say which one. " + self._allowed(r.state))
            return Order(steps, typed.confirmed)  # `name:attack; confirm` confirms

        shown = "; ".join(([] if name == "decree" else [name]) + ([arg] if arg else []))
        return await self._order(channel, user, Entry(shown), read)
