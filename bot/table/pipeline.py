"""The turn pipeline, for every game: an order's steps checked (who plays each), applied up to
a reveal, its chance steps dealt from the game's secret, stored with the announcement it owes
the channel and the next wait in one transaction; then the reply that announces it."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from db import (
    Announcement,
    GameAtTurn,
    GameRecord,
    GameResult,
    LogLines,
    NewAction,
    SeatResult,
    Snapshot,
    StaleAction,
    Store,
)
from rules.capabilities import (
    EndedByItself,
    menus_of,
    narration_of,
    notation_of,
    orders_of,
    talk_of,
    turns_of,
)
from rules.dealing import keyed_below, seeded_below
from rules.errors import IllegalAction, step_where
from rules.game import Ranking, Seat, Step

from .ai_users import ai_level, is_ai
from .announcing import PENDING, Announcer, Explained, Move, seen_first
from .closing import Closings
from .loading import Adoption, AnyGame, GameLoader, public
from .refusal import ServiceError
from .reminders import Reminders
from .renderer import Picture, Renderer
from .reply import Button, Reply
from .table_texts import TableTexts, seat_notes_for, seat_title
from .textlog import LogTail, follow_said_step, follow_step
from .words import undo_limit

log = logging.getLogger(__name__)

RECAP_LINES = 2000  # log lines read back for a stage's recap (a card writes far fewer)
SNAPSHOT_STEPS = 50  # steps between stored snapshots (bounds the bytes per game, load time)
CONFIRM = "confirm"  # the step that accepts an order the bot asked about (a step doing nothing)


@dataclass
class Outcome:
    """What an accepted order did (for the reply and the tests)."""

    game: GameRecord
    before: object
    after: object
    new_lines: list[str]
    steps: list[str] = field(default_factory=list)  # the steps as played (describe)
    notes: list[str] = field(default_factory=list)  # steps accepted without effect, and why
    announcement: Announcement = field(default_factory=lambda: Announcement(text=""))
    # A reveal committed the order at this step; the steps after it were not played.
    revealed_at: str | None = None
    unplayed: list[str] = field(default_factory=list)
    told: list[str] = field(default_factory=list)  # to the sender alone: a card drawn
    # of those and the seat notes, each that follows a public line of its step: that line's start
    told_after: dict[str, str] = field(default_factory=dict)
    # to each other seat a person holds, alone: what the steps and deals showed it
    seat_notes: dict[Seat, list[str]] = field(default_factory=dict)
    revealed: str = ""  # what a stored position waited for (revealed_at PENDING)
    pressed: bool = False  # the unplayed order was a button's, not typed


@dataclass
class AfterGame:
    """What follows a game's end (a tiebreak's): lines its last message ends with, and the
    announcements of another game posted after it."""

    lines: list[str] = field(default_factory=list)
    then: list[Reply] = field(default_factory=list)


# what follows a game's end, given by the part that made its last move
AfterFinish = Callable[[GameRecord, Ranking], Awaitable[AfterGame]]


@dataclass
class OrderUnderWay:
    """An order being played: the position its steps have reached, and what they wrote, said
    and stored so far."""

    record: GameRecord
    g: AnyGame
    ended_by_itself: EndedByItself  # what its steps ended by themselves, for those after
    stored: object  # the position as stored before the order
    cur: object  # the position after the steps played so far
    logged: int  # the log's length before the order
    text: LogTail  # the lines the order writes
    user: int
    forced: Seat | None
    confirmed: bool
    notes: list[str]  # steps accepted without effect, and why (and e.g. a deadline's)
    # a last step that closes what its order ended already: said only if nothing else played
    unsaid: list[str] = field(default_factory=list)
    new: list[NewAction] = field(default_factory=list)
    described: list[str] = field(default_factory=list)
    spoken: list[str] = field(default_factory=list)  # for the channel: each step's lines or words
    told: list[str] = field(default_factory=list)  # for the sender alone: what a deal showed
    told_after: dict[str, str] = field(default_factory=dict)  # (Outcome.told_after)
    seat_notes: dict[Seat, list[str]] = field(default_factory=dict)  # for each other seat alone
    ended: tuple[str, str | None, Seat] | None = None  # a step that ended what it was in
    typed: int = 0  # the steps the order was typed as (`typed_count`), for the replies' numbers
    revealed_at: str | None = None
    revealed: str = "dice or a card"  # what it revealed, as the game names its chance step
    played: int = 0  # the steps looked at (the rest a reveal cut off)
    later: Sequence[object] = ()  # the actions of the steps after the one being played
    actor: Seat | None = None  # who played the last step
    read: GameAtTurn | None = None  # the pace and turn message read with the game, if they were
    explained: Explained | None = None  # an AI's step's why, as its worker said it
    addressed: list[Seat] = field(default_factory=list)  # seats a step was for (Turns.addressed)
    taken_back: str | None = None  # an undo's line saying what it took back
    turn_end: object | None = None  # the first position past the stored turn (an AI's why)

    def reached(self, steps: list[tuple[object, object]]) -> None:
        """Positions the order reached (each with its step): the first past the stored
        position's turn is kept as `turn_end` (what follows, a next turn's deals, is not that
        turn's)."""
        turn = turns_of(self.g).turn
        for state, _ in steps:
            if self.turn_end is None and turn(state) != turn(self.stored):
                self.turn_end = state


def action_json(g: AnyGame, action: object) -> dict[str, object]:
    out = json.loads(g.action_to_json(action))
    assert isinstance(out, dict)
    return out


def typed_count(steps: Sequence[Step[object]]) -> int:
    """How many steps the order was typed as (one may read as several: `Step.number`)."""
    return steps[-1].number if steps and steps[-1].number else len(steps)


class TurnPipeline:
    def __init__(
        self,
        store: Store,
        loader: GameLoader,
        texts: TableTexts,
        reminders: Reminders,
        announcer: Announcer,
        renderer: Renderer,
        closings: Closings,
    ) -> None:
        self.store = store
        self.loader = loader
        self.texts = texts
        self.reminders = reminders
        self.announcer = announcer
        self.renderer = renderer
        self.closings = closings

    # --- applying and storing --------------------------------------------------------------

    async def apply_and_store(
        self,
        record: GameRecord,
        state: object,
        user: int,
        steps: Sequence[Step[object]],
        forced: Seat | None,
        *,
        confirmed: bool = True,
        note: str | None = None,
        read: GameAtTurn | None = None,
        last_check: Callable[[], None] | None = None,
        explained: Explained | None = None,
        taken_back: str | None = None,
    ) -> Outcome:
        """`store_order`; a game stored before per-game secrets takes one with this move (its
        seed's outcomes so far written into its log), stored only if the move is. `read`: the
        game's pace and turn message, read with `record` (else they are read when needed).
        `last_check`: refuses (ServiceError) an order every step of which was played, before
        it is stored (the repeat guard: only an order that would be played is a repeat).
        `explained`: an AI's step's why, as its worker said it. `taken_back`: an undo's
        line saying what it took back."""
        adoption = (
            await self.loader.adoption(record) if await self.loader.pre_secret(record) else None
        )
        try:
            return await self._store_order(
                record,
                state,
                user,
                steps,
                forced,
                confirmed,
                note,
                adoption,
                read,
                last_check,
                explained,
                taken_back,
            )
        except BaseException:
            if adoption is not None:  # the caches reload what was stored
                self.loader.forget(record.id)
            raise

    async def deal(
        self,
        record: GameRecord,
        state: object,
        seq: int,
        text: LogTail | None = None,
        outcomes: list[tuple[object, object]] | None = None,
    ) -> tuple[object, list[NewAction]]:
        """Resolve the pending chance steps from the game's secret, the first one as log entry
        `seq`; the outcomes are chance entries of the log (no seat, no user). `text` takes in
        the lines they write; `outcomes`, each outcome with the state after it."""
        g = self.loader.rules_of(record)
        secret = await self.loader.secret_of(record)
        dealt: list[NewAction] = []
        # a game dealt by its seed: from the seed's own stream (or by the dealer in its
        # state, which leaves no chance step pending)
        while g.chance(state) is not None and g.result(state) is None:
            at = seq + len(dealt)
            below = (
                keyed_below(secret, record.id, at)
                if secret is not None
                else seeded_below(record.seed, at)
            )
            outcome = g.deal(state, below)
            before = state
            state = g.apply(state, outcome)
            if text is not None:
                follow_step(g, text, public(g, before), outcome, public(g, state), None)
            dealt.append(NewAction(action=action_json(g, outcome)))
            if outcomes is not None:
                outcomes.append((state, outcome))
        return state, dealt

    async def reveal_pending(
        self,
        record: GameRecord,
        state: object,
        read: GameAtTurn | None,
        unplayed: list[str],
        *,
        pressed: bool = False,
    ) -> Outcome | None:
        """A stored position that waits for a chance step (a game stored by rules that dealt
        it later): it is dealt now, stored and announced like a move's, before anything is
        played on it (a reveal commits). `unplayed`: the order that came meanwhile (`pressed`:
        by a button), told to be sent again now that the reveal is seen. None when nothing
        waits."""
        g = self.loader.rules_of(record)
        waiting = g.chance(state)
        if waiting is None or g.result(state) is not None:
            return None
        adoption = (
            await self.loader.adoption(record) if await self.loader.pre_secret(record) else None
        )
        try:
            order = await self._read_order(record, state, 0, None, True, None, adoption)
            order.read, order.revealed = read, waiting
            outcomes: list[tuple[object, object]] = []
            order.cur, order.new = await self.deal(
                record, order.cur, order.logged + 1, order.text, outcomes
            )
            order.reached(outcomes)
            self._tell_seats(order, outcomes, None)
            order.spoken += order.text.lines
            if not unplayed:  # else the order's reply says it
                order.notes.append(f"{waiting} was still to be revealed when the game was stored")
            over = g.result(order.cur) is not None
            announcement, nxt = await self._announce_order(
                order, unplayed, over, pending=True, pressed=pressed
            )
            stored = await self._store_with_announcement(order, announcement, nxt, over, adoption)
        except BaseException:
            if adoption is not None:
                self.loader.forget(record.id)
            raise
        return Outcome(
            stored,
            state,
            order.cur,
            order.text.lines,
            notes=order.notes,
            announcement=announcement,
            revealed_at=PENDING,
            unplayed=unplayed,
            revealed=waiting,
            pressed=pressed,
            seat_notes=order.seat_notes,
        )

    async def _store_order(
        self,
        record: GameRecord,
        state: object,
        user: int,
        steps: Sequence[Step[object]],
        forced: Seat | None,
        confirmed: bool,
        note: str | None,
        adoption: Adoption | None,
        read: GameAtTurn | None = None,
        last_check: Callable[[], None] | None = None,
        explained: Explained | None = None,
        taken_back: str | None = None,
    ) -> Outcome:
        """Apply the steps one by one and store them in one transaction, with the
        announcement they owe the channel (unless `last_check` refuses them).

        All or nothing, except that a reveal commits: after a step that rolls dice or draws a
        card (dealt here, from the secret), the order ends; that step and those before it are
        stored with the outcome, and the rest is not played. So no refusal and no later step
        is ever computed past a reveal that was not stored and announced. A finishing step
        (`done`) for what already ended by itself is only noted; unless `confirmed`, a step
        that would do nothing is refused once (see `_idle_check`)."""
        order = await self._read_order(record, state, user, forced, confirmed, note, adoption)
        order.read, order.explained, order.taken_back = read, explained, taken_back
        order.typed = typed_count(steps)
        for k, step in enumerate(steps, start=1):
            order.played, order.later = k, [s.action for s in steps[k:]]
            if await self._play_step(order, step, k, len(steps)):
                break  # dice rolled or a card drawn: the order ends here
        if not order.new:
            raise ServiceError(
                "Nothing to play: "
                + " ".join(order.notes + order.unsaid)
                + " "
                + self.texts.allowed(record, state)
            )
        if last_check is not None:
            last_check()
        unplayed = self._unplayed(order, steps)
        if adoption is not None:
            order.notes.append(self._adoption_note(order, adoption))
        over = order.g.result(order.cur) is not None
        announcement, waiting = await self._announce_order(order, unplayed, over)
        stored = await self._store_with_announcement(order, announcement, waiting, over, adoption)
        return Outcome(
            stored,
            state,
            order.cur,
            order.text.lines,
            order.described,
            order.notes,
            announcement,
            revealed_at=order.revealed_at if unplayed else None,
            unplayed=unplayed,
            told=order.told,
            told_after=order.told_after,
            seat_notes=order.seat_notes,
        )

    async def _read_order(
        self,
        record: GameRecord,
        state: object,
        user: int,
        forced: Seat | None,
        confirmed: bool,
        note: str | None,
        adoption: Adoption | None,
    ) -> OrderUnderWay:
        """An order about to be played on the stored position (the adopted one for a game
        that takes its secret with this move), its log read to its end."""
        logged = record.actions  # the log's length before the order
        if adoption is not None:
            state, logged = adoption.state, len(adoption.log)
        g = self.loader.rules_of(record)
        return OrderUnderWay(
            record=record,
            g=g,
            ended_by_itself=EndedByItself(g, state),
            stored=state,
            cur=state,
            logged=logged,
            text=LogTail(await self.loader.log_end(record)),
            user=user,
            forced=forced,
            confirmed=confirmed,
            notes=[note] if note else [],
        )

    async def _play_step(
        self, order: OrderUnderWay, step: Step[object], k: int, total: int
    ) -> bool:
        """Play step `k` of `total`: noted when needless, else its actor checked, applied and
        its chance steps dealt. True when it revealed dice or a card (the order ends)."""
        g, action = order.g, step.action
        where = step_where(step.as_typed, step.number or k, order.typed or total)
        if self._needless(order, step, where, last=k == total):
            return False
        who = self._check_actor(order, action, where)
        if not order.confirmed:
            self._idle_check(g, order.cur, action, where)
        nxt = self._apply_step(order, step, who, where, k, total)
        order.reached([(nxt, action)])
        self._tell_seats(order, [(nxt, action)], who)
        self._remarked(order, nxt, action)
        revealing = orders_of(g).revealed(order.cur, nxt)
        if revealing:
            order.revealed_at, order.revealed = where, g.chance(nxt) or order.revealed
        await self._deal_after(order, nxt, who)
        return revealing

    def _needless(
        self, order: OrderUnderWay, step: Step[object], where: str, *, last: bool
    ) -> bool:
        """A finishing step for what already ended by itself, a step the game took unasked
        just before, or a last one that closes nothing of the one who played the order:
        noted, not played (the first said nothing of, last in its order: it closes what its
        order meant to close, and a trial read the note after nearly every purchase)."""
        g, action = order.g, step.action
        if order.ended_by_itself.skips(step):
            said = f"{where} was not needed: that had already ended by itself."
            (order.unsaid if last else order.notes).append(said)
            return True
        taken = order.ended_by_itself.taken_already(step, order.cur, order.later)
        if taken is not None:
            order.notes.append(f"{where} was not needed, already taken: {taken}")
            return True
        if (
            last
            and order.actor is not None
            and self._closing_done(g, order.cur, action, order.actor)
        ):
            now, (turn, _) = g.to_move(order.cur), turns_of(g).turn(order.cur)
            if now is not None and now != order.actor and turn == order.actor:
                # another decides inside the actor's turn (a trial's Migrate came back open)
                order.notes.append(
                    f"{where} was not needed now: {self.texts.who(order.record, now)} decides, "
                    "and it closes nothing of theirs; if your own decision comes back to you "
                    "still open, send it again."
                )
            else:
                order.unsaid.append(f"{where} was not needed: what you were doing had ended.")
            return True
        return False

    def _check_actor(self, order: OrderUnderWay, action: object, where: str) -> Seat:
        """The seat that plays this step; refused with why when the order's sender may not,
        naming the earlier step that handed the decision on."""
        g, cur = order.g, order.cur
        try:
            who = self._actor(order.record, cur, action, order.user, order.forced, where)
        except ServiceError as e:
            aside = turns_of(g).undoes(action) or turns_of(g).out_of_turn(action)
            if order.ended is None or g.to_move(cur) == order.actor or aside:
                raise  # not a decision's step (a trade, an undo), or not after a hand-off
            raise ServiceError(self._handed_on(order.record, cur, where, order.ended)) from e
        order.actor = who
        return who

    def _apply_step(
        self, order: OrderUnderWay, step: Step[object], who: Seat, where: str, k: int, total: int
    ) -> object:
        """Apply one step to the order's position, refused with the rule's reason; what it
        wrote and said is kept, and the position after it returned (its chance steps not yet
        dealt)."""
        g, cur, action = order.g, order.cur, step.action
        is_undo = turns_of(g).undoes(action)
        try:
            order.described.append(  # an undo as the command is typed (`/gt undo`)
                self.texts.front.command(g.info.id, "undo")
                if is_undo
                else notation_of(g).describe(public(g, cur), action)
            )
            nxt = g.apply(cur, action)
        except ValueError as e:
            refusal = self._refusal(order.record, order.stored, cur, where, k, total, e, step.text)
            ended = order.ended
            rule = None if ended is None or ended[1] is None else f"{ended[0]} ended {ended[1]}"
            raise ServiceError(refusal if rule is None else f"{refusal} ({rule}.)") from e
        if k < total:  # what the order's later steps are read against (none after the last)
            order.ended_by_itself.record(cur, nxt, action)
            order.ended = self._what_ended(g, cur, nxt, action, who, where)
        order.spoken += follow_said_step(g, order.text, public(g, cur), action, public(g, nxt), who)
        to = turns_of(g).addressed(cur, action)
        if to is not None and to not in order.addressed:
            order.addressed.append(to)
        order.new.append(NewAction(action=action_json(g, action), faction=who, user_id=order.user))
        return nxt

    @staticmethod
    def _what_ended(
        g: AnyGame, cur: object, nxt: object, action: object, who: Seat, where: str
    ) -> tuple[str, str | None, Seat] | None:
        """The step, the rule and the seat when a step ended what it was in by itself (a
        hand-off); None when it was ended on purpose, taken back, or goes on."""
        if orders_of(g).finishing(action) or turns_of(g).undoes(action):
            return None
        why = orders_of(g).why_ended(cur, nxt, action)
        if why is not None or g.to_move(nxt) != who:
            return (where[:1].lower() + where[1:], why, who)
        return None

    async def _deal_after(self, order: OrderUnderWay, nxt: object, who: Seat) -> None:
        """Deal the chance steps a step left pending: their entries and lines join the
        order's, and a card a seat alone sees is told to it (`_tell_seats`)."""
        mark = order.text.end
        outcomes: list[tuple[object, object]] = []
        seq = order.logged + len(order.new) + 1
        order.cur, dealt = await self.deal(order.record, nxt, seq, order.text, outcomes)
        order.new.extend(dealt)
        order.reached(outcomes)
        for state, _ in outcomes:
            order.ended_by_itself.dealt(state)
        self._tell_seats(order, outcomes, who)
        order.spoken += order.text.lines[mark - order.text.start :]  # what the dice or cards did

    @staticmethod
    def _tell_seats(
        order: OrderUnderWay, shown: Sequence[tuple[object, object]], actor: Seat | None
    ) -> None:
        """What steps (each with the position after it) showed a seat alone, read from that
        seat's own view (Narration.told_to), in games where a seat sees what the public does
        not: for `actor`, the seat the order's sender played, to the sender (`told`); for
        every other seat a person holds, kept for its player (`seat_notes`: stored with the
        move, sent privately, shown first by their next look at their hand). An AI's seat
        needs none: it decides from its view."""
        g = order.g
        if not g.info.private:
            return
        narration = narration_of(g)
        seats = order.record.seats
        people = [seat for seat, user in seats.items() if not is_ai(user)]
        # the sender holding another seat too is told whose the actor's lines are
        held = [s for s, user in seats.items() if actor is not None and user == seats.get(actor)]
        whose = f"As {seat_title(g, actor)}: " if actor is not None and len(held) > 1 else ""
        for state, action in shown:
            for seat in people:
                said = narration.told_to(g.view(state, seat), action)
                if not said:
                    continue
                after = narration.told_after(g.view(state, seat), action)
                if seat == actor:
                    said = whose + said
                    order.told.append(said)
                else:
                    order.seat_notes.setdefault(seat, []).append(said)
                if after is not None:
                    order.told_after[said] = after

    def _remarked(self, order: OrderUnderWay, after: object, action: object) -> None:
        """What each AI seat's policy makes of a person's step addressed to it that it
        answers with no step (a gift kept: a trial gave one and was told nothing of it),
        told to the sender alone."""
        gid = order.g.info.id
        remarker = self.loader.registry.remarker(gid)
        if remarker is None or is_ai(order.user):
            return
        levels = self.loader.registry.levels(gid)
        for seat, user in order.record.seats.items():
            level = ai_level(user, levels)
            if level is not None:
                said = remarker(order.g.view(after, seat), action, seat, level)
                order.told += [said] if said else []

    @staticmethod
    def _unplayed(order: OrderUnderWay, steps: Sequence[Step[object]]) -> list[str]:
        """The steps a reveal cut off; a `done` among them for what the reveal ended, or a
        step its deal took unasked, is noted as not needed."""
        total = typed_count(steps)
        unplayed: list[str] = []
        ended = order.ended_by_itself
        for k, step in enumerate(steps[order.played :], start=order.played + 1):
            where = step_where(step.as_typed, step.number or k, total)
            if ended.skips(step):  # a `done` for what the reveal ended (said unless last)
                if k < len(steps):
                    order.notes.append(f"{where} was not needed: that had already ended by itself.")
            elif not unplayed and (taken := ended.taken_already(step, order.cur)) is not None:
                order.notes.append(f"{where} was not needed, already taken: {taken}")
            elif step.text not in unplayed:
                unplayed.append(step.text)
        return unplayed

    def _adoption_note(self, order: OrderUnderWay, adoption: Adoption) -> str:
        """What a game that takes its secret with this move tells the table."""
        record, logged = order.record, order.logged
        verify = self.texts.command(order.g.info.id, "club verify")
        return (
            f"game {record.id} is dealt from a secret from now on: its dice and cards so "
            f"far stay as its seed dealt them, and each from step {logged + 1} on comes "
            f"from a secret whose commitment is "
            f"`{self.loader.commitment(record, adoption.secret)}` (revealed when the game "
            f"ends, then {verify} checks them)"
        )

    async def _announce_order(
        self,
        order: OrderUnderWay,
        unplayed: list[str],
        over: bool,
        *,
        pending: bool = False,
        pressed: bool = False,
    ) -> tuple[Announcement, int | None]:
        """The announcement the order owes the channel, and who the game waits for next."""
        record, g, state, cur, text = order.record, order.g, order.stored, order.cur, order.text
        secret = await self.loader.secret_of(record) if over else None
        # a stage that ended is recapped from its lines, which earlier moves wrote
        earlier = (
            await self.store.log_lines(record.id, max(0, text.start - RECAP_LINES), text.start)
            if turns_of(g).turn(cur)[1] != turns_of(g).turn(state)[1]
            else []
        )
        move = Move(
            before=state,
            after=cur,
            new_lines=text.lines,
            earlier=earlier,
            spoken=order.spoken,
            notes=order.notes,
            revealed_at=PENDING if pending else order.revealed_at if unplayed else None,
            revealed=order.revealed,
            unplayed=unplayed,
            pressed=pressed,
            secret=secret,
            commitment=self.loader.commitment(record, secret) if secret is not None else "",
            explained=order.explained,
            addressed=order.addressed,
            sender=order.user,
            taken_back=order.taken_back,
            turn_end=order.turn_end,
        )
        turn = (
            order.read.turn_message
            if order.read is not None
            else await self.store.turn_message(record.id)
        )
        announcement = self.announcer.announcement(record, move, turn)
        waiting = self.texts.waiting_for(record, cur)
        if waiting in announcement.mentions and waiting == self.texts.waiting_for(record, state):
            # the decision stays with the same person (another of their seats, a side they
            # decide for): a notice only when it passes to someone else
            still = [u for u in announcement.mentions if u != waiting]
            deciding = [u for u in announcement.deciding if u != waiting]
            announcement = announcement.model_copy(update={"mentions": still, "deciding": deciding})
        return announcement, waiting

    async def _store_with_announcement(
        self,
        order: OrderUnderWay,
        announcement: Announcement,
        waiting: int | None,
        over: bool,
        adoption: Adoption | None,
    ) -> GameRecord:
        """Store the order's entries, lines, snapshot, announcement and next reminder in one
        transaction (refused when someone moved first), and remember the position."""
        record, g, cur, text = order.record, order.g, order.cur, order.text
        seq = order.logged + len(order.new)
        last = self.loader.snapshot_seq(record.id)
        if adoption is not None:
            last = adoption.snapshot.seq
        snapshot = (
            Snapshot(seq=seq, state=g.state_to_json(cur))
            if self._snapshot_due(g, cur, seq, last)
            else None
        )
        try:
            if adoption is not None:
                record = await self.loader.adopted(record, adoption)
            stored = await self.store.append_actions(
                record.id,
                record.version,
                order.new,
                snapshot=snapshot,
                log=LogLines(start=text.start, lines=text.lines),
                status="finished" if over else None,
                announcement=announcement,
                reminder=(
                    self.reminders.plan_at(record, waiting, order.read.pace)
                    if order.read is not None
                    else await self.reminders.plan(record, waiting)
                ),
                result=self.result(record, cur) if over else None,
                seat_notes=order.seat_notes,
            )
        except StaleAction as e:
            self.loader.forget(record.id)
            raise ServiceError(
                "Someone else moved first while your order was being stored, so nothing of "
                f"yours was stored. Look at the new position "
                f"({self.texts.command(g.info.id, 'status')}) and "
                "send it again."
            ) from e
        if snapshot is None and adoption is not None:
            snapshot = adoption.snapshot
        self.loader.remember(stored, cur, snapshot.seq if snapshot is not None else None, text.end)
        return stored

    @staticmethod
    def _snapshot_due(g: AnyGame, after: object, seq: int, last: int) -> bool:
        """A snapshot every SNAPSHOT_STEPS steps or so (and at the end): loading replays a few
        dozen steps, and a game stores a handful of states, not one per hand-off. Only at an
        undo barrier (a hand-off, a reveal), which a state loaded from JSON starts from."""
        if not turns_of(g).settled(after):
            return False
        return g.result(after) is not None or seq - last >= SNAPSHOT_STEPS

    @staticmethod
    def _closing_done(g: AnyGame, state: object, action: object, actor: Seat) -> bool:
        """An order may always end with a finishing step (`done`): after steps that were
        played, a last one that the position does not take from the one who played them
        (none is allowed now, or the decision is another seat's) closes nothing of theirs,
        so it is noted, neither refused nor applied to someone else."""
        if not orders_of(g).finishing(action):
            return False
        return g.to_move(state) != actor or action not in g.legal_actions(state)

    @staticmethod
    def _idle_check(g: AnyGame, state: object, action: object, where: str) -> None:
        """A step that does nothing is allowed (2.3.3 allows a Command in zero spaces), but
        it still spends what it costs: ask once, and accept the same order with `confirm`;
        not where every step allowed would do nothing alike (nothing better to choose)."""
        view = public(g, state)
        notes = menus_of(g).note
        note = notes(view, action)
        if note is not None and any(notes(view, a) is None for a in g.legal_actions(state)):
            how = f"If that is what you want, send the same order with `; {CONFIRM}` at its end."
            raise ServiceError(idle_question(where, note, menus_of(g).note_cost(view, action), how))

    def _refusal(
        self,
        record: GameRecord,
        state: object,
        at: object,
        where: str,
        k: int,
        total: int,
        error: ValueError,
        typed: str,
    ) -> str:
        """A refused step (`typed`): why, and what is allowed in the real (stored) position;
        for a later step also what that step could have been (never past a reveal: the order
        stops at one); each list of the steps like the one typed, when some are."""
        head = (
            f"{where} was refused, so nothing was played" if total > 1 else f"{where} was refused"
        )
        then = ""
        if k > 1:
            shown, like = self.texts.listing(record, at, typed=typed)
            then = f" At that step the choices{' like it' if like else ''} were: {shown}."
        # the rules' own list of what is allowed is left out: the list below says it, of the
        # steps like the one refused when some are (only at the first step: a later one was
        # typed for the position its steps before would have made)
        why = error.reason if isinstance(error, IllegalAction) else str(error)
        allowed = self.texts.allowed(record, state, typed=None if k > 1 else typed)
        return f"{head}: {why.removesuffix('.')}.{then} {allowed}"

    def _handed_on(
        self, record: GameRecord, state: object, where: str, ended: tuple[str, str | None, Seat]
    ) -> str:
        """A step after an earlier step of the same order handed the decision on: which step
        ended what, by which rule, and who decides now."""
        g = self.loader.rules_of(record)
        step, why, seat = ended
        title = seat_title(g, seat)
        cause = f"{step} ended {why}" if why else f"{step} ended {title}'s decision"
        now = g.to_move(state)
        said = (
            f"{self.texts.who(record, now)} decides now: {talk_of(g).prompt(public(g, state), now)}"
            if now is not None
            else "nobody decides now"
        )
        return f"{where} was refused, so nothing was played, as {cause}. {said}"

    def _actor(
        self,
        record: GameRecord,
        state: object,
        action: object,
        user: int,
        forced: Seat | None,
        where: str,
    ) -> Seat:
        """The seat this user plays this step as; ServiceError when they may not."""
        g = self.loader.rules_of(record)
        self.check_seated(record, user)
        mine = self.texts.user_seats(record, user)
        if turns_of(g).undoes(action):
            undo = turns_of(g).undo(state)
            if undo is None:
                raise ServiceError(
                    f"{where}: nothing to undo (steps cannot be taken back past {undo_limit(g)})."
                )
            if undo[0] not in mine:
                raise ServiceError(
                    f"{where}: only {self.texts.who(record, undo[0])} may undo that step."
                )
            return undo[0]
        if turns_of(g).out_of_turn(action):  # a step its own seat takes at any time (a trade)
            seat = turns_of(g).actor(state, action)
            if seat is None or seat not in mine:
                raise ServiceError(
                    f"{where}: you do not sit as {seat}, so you cannot play that for it."
                )
            return seat
        now = g.to_move(state)
        if now is None:
            raise ServiceError("The game is over.")
        refusal = self.not_on_turn(record, state, user, forced, where)
        if refusal is not None:
            raise ServiceError(refusal)
        return now

    def not_on_turn(
        self, record: GameRecord, state: object, user: int, forced: Seat | None, where: str
    ) -> str | None:
        """Why `user` may not take the decision now (`forced`: as that seat): it is not
        their turn, and who decides, what; None when they may, or nobody decides."""
        g = self.loader.rules_of(record)
        now = g.to_move(state)
        if now is None:
            return None
        if now in self.texts.user_seats(record, user) and forced in (None, now):
            return None
        said = talk_of(g).prompt(public(g, state), now)
        if forced is not None and forced != now:
            return (
                f"{where}: it is not {seat_title(g, forced)}'s turn; "
                f"{self.texts.who(record, now)} must decide: {said}"
            )
        return f"{where}: it is not your turn. {self.texts.who(record, now)} must decide: {said}"

    def check_seated(self, record: GameRecord, user: int) -> None:
        """A user who holds no seat gives no orders: ServiceError (before their order is
        read, which a game may read for the seat that sends it)."""
        if self.texts.user_seats(record, user):
            return
        free = [s for s in self.loader.rules_of(record).info.seats if s not in record.seats]
        raise ServiceError(
            "You have no seat in this game, so you cannot give orders (anyone may read). "
            + ("Free seats: " + ", ".join(free) + "." if free and record.status == "lobby" else "")
        )

    def result(self, record: GameRecord, state: object) -> GameResult:
        """The record a finished game keeps: each seat's place and score."""
        g = self.loader.rules_of(record)
        ranking = g.result(state)
        assert ranking is not None
        seats: list[SeatResult] = []
        place = 1
        for tied in ranking.places:
            for seat in tied:
                if seat in record.seats:
                    seats.append(
                        SeatResult(
                            faction=seat,
                            user_id=record.seats[seat],
                            place=place,
                            score=int(ranking.scores.get(seat, 0)),
                        )
                    )
            place += len(tied)
        return GameResult(
            game_id=record.id,
            channel_id=record.channel_id,
            finished_at=self.reminders.clock(),
            seats=seats,
            kind=record.kind,
        )

    # --- the reply -----------------------------------------------------------------------------

    async def render(self, record: GameRecord | None, state: object) -> bytes | None:
        """The public board and its alt text (`Picture`), with the players' names; None when
        it could not be drawn."""
        if record is None:
            return None
        return await self.render_view(record, public(self.loader.rules_of(record), state))

    async def render_view(self, record: GameRecord, view: object) -> bytes | None:
        """The board of one view (a seat's own, for it alone) with its alt text."""
        g = self.loader.rules_of(record)
        names = self.texts.board_names(record)
        try:
            png = await asyncio.to_thread(self.renderer, g.info.id, view, names or None)
            alt = self.loader.registry.pictures(g.info.id).alt_text(view, names or None)
            return Picture(png, alt)
        except Exception:  # a broken picture must not lose the (already stored) move
            log.exception("rendering the board failed")
            return None

    async def moved_reply(self, out: Outcome, after_finish: AfterFinish | None = None) -> Reply:
        """The reply for a stored move. The move is stored: nothing here may fail it, so a
        broken picture or button row still leaves the announcement. `after_finish`: what
        follows a game's end (a tiebreak's next game), from the part that made the move."""
        record, state, a = out.game, out.after, out.announcement
        try:
            buttons = self.texts.buttons_for(record, state)
        except Exception:
            log.exception("game %s: building the buttons failed", record.id)
            buttons = []
        reply = announced(
            record,
            a.text,
            mentions=a.mentions,
            deciding=a.deciding,
            image=await self.render(record, state) if a.board else None,
            buttons=buttons,
            receipt=(
                "\n".join(["✓ Played: " + "; ".join(f"`{s}`" for s in out.steps), *out.told])
                if out.revealed_at != PENDING
                else seen_first(out.revealed, out.unplayed, out.pressed)
                if out.unplayed
                else None
            ),
            edit=a.edit,
            close_text=a.close_text,
        )
        reply.told, reply.told_after = out.told, out.told_after
        g = self.loader.rules_of(record)
        reply.seat_notes = seat_notes_for(g, record, out.seat_notes)
        ranking = g.result(state)
        if ranking is not None:
            await self._after(record, ranking, reply, after_finish)
            try:
                end = await self.closings.closing(record)
            except Exception:  # the final score is stored and announced all the same
                log.exception("game %s: the closing chart or ratings failed", record.id)
                return reply
            reply.text += "".join(f"\n{line}" for line in end.ratings)
            if end.chart is not None:
                reply.text += "\nThe score over the game is in the chart."
            reply.file = end.chart
            if not reply.then:  # no other game opened here (a tiebreak's final): a rematch
                if self.closings.rematch_line is not None:
                    reply.text += f"\n{self.closings.rematch_line}"
                reply.buttons = [*reply.buttons, end.button]
        return reply

    async def _after(
        self,
        record: GameRecord,
        ranking: Ranking,
        reply: Reply,
        after_finish: AfterFinish | None,
    ) -> None:
        """What follows the game's end (`after_finish`), told at the end of its last message
        and posted after it; the game's end is stored, so a failure here is only logged."""
        if after_finish is None:
            return
        try:
            after = await after_finish(record, ranking)
        except Exception:
            log.exception("game %s: what follows its end failed", record.id)
            return
        reply.text += "".join(f"\n{line}" for line in after.lines)
        reply.then += after.then


def typed_order(g: AnyGame, state: object, action: object) -> str:
    """What a player types for `action`: its text, with `; confirm` when it is a step that
    would do nothing, which the bot asks about once (see TurnPipeline._idle_check)."""
    view = public(g, state)
    text = notation_of(g).describe(view, action)
    return f"{text}; {CONFIRM}" if menus_of(g).note(view, action) else text


def idle_question(where: str, note: str, cost: str | None, how: str) -> str:
    spends = f", yet it would still {cost}" if cost else ""
    return f"{where}: {note}{spends}. Nothing was played. {how}"


def announced(
    record: GameRecord,
    text: str,
    *,
    mentions: list[int] | None = None,
    deciding: list[int] | None = None,
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
        deciding=deciding or [],
        buttons=buttons or [],
        version=record.version,
        announcement=(record.id, record.version),
        receipt=receipt,
        edit=edit,
        close_text=close_text,
    )
