"""Moves, for every game: an order, a button, undo and the game's shortcuts, read against the
position and handed to the turn pipeline."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from db import GameAtTurn, GameRecord
from rules.capabilities import EndedByItself, menus_of, notation_of, orders_of, turns_of
from rules.errors import (
    AmbiguousName,
    IllegalAction,
    InvalidOrder,
    NotYourTurn,
    RulesError,
    clip,
    excerpt,
    step_where,
)
from rules.game import Seat, Step
from rules.words import count_of

from .ai_answers import AiAnswers
from .hints import HINT, HintOrders
from .loading import AnyGame, public
from .order_entry import Alternatives, Drafts, Entry, Picks, RecentOrders, read_entry
from .parts import SharedParts
from .pipeline import CONFIRM, AfterFinish, Outcome, idle_question
from .refusal import ServiceError, answers
from .reminders import SNOOZE_ID
from .reply import Button, Menu, Reply
from .shortcuts import Args
from .table_texts import CUSTOM_ID_PREFIX, Stale, custom_id, seat_title
from .undoing import MAX_UNDO_STEPS, steps_standing, taken_back_line, taking_back
from .words import undo_limit

MAX_ORDER_CHARS = 4000  # an order's text (about a hundred steps), refused before anything reads it
MAX_CUSTOM_ID_CHARS = 100  # a pressed button's id, refused unread when longer (ours are short)
PICK = "pick"  # the custom id's last part for the menu of an ambiguous step's alternatives


@dataclass(frozen=True)
class Reading:
    """What reading an order needs: the game and its position, who sends it, as whom."""

    game: GameRecord
    state: object
    user: int
    channel: str
    text: str
    seat: Seat | None  # the seat the order is read for (a trade's giver when it does not say)
    as_seat: str | None


@dataclass(frozen=True)
class Order:
    """An order read: its steps; `confirm` given (see TurnPipeline._idle_check)."""

    steps: list[Step[object]]
    confirmed: bool = False


Reader = Callable[[Reading], Order]


def playing(g: AnyGame, state: object, seat: Seat) -> Seat:
    """`seat`, refused unless it plays in this game (a game of fewer players than its seats
    leaves some out)."""
    players = turns_of(g).players(state)
    if seat not in players:
        titles = ", ".join(str(g.info.seat_titles.get(s, s)) for s in players)
        raise ServiceError(
            f"{g.info.seat_titles.get(seat, seat)} is not in this game: it is played by {titles}."
        )
    return seat


def seat_named(g: AnyGame, text: str) -> Seat:
    """A seat of the game by its name or title (or a clear prefix of the title)."""
    t = text.strip().lower()
    for s in g.info.seats:
        title = str(g.info.seat_titles.get(s, s)).lower()
        if t in (s.lower(), title) or (len(t) >= 3 and title.startswith(t)):
            return s
    for s in g.info.seats:
        title = str(g.info.seat_titles.get(s, s)).lower()
        if len(t) >= 2 and title.split()[0].startswith(t):
            return s
    named = [f"{s} ({g.info.seat_titles.get(s, s)})" for s in g.info.seats]
    listed = ", ".join(named[:-1]) + f" or {named[-1]}" if len(named) > 1 else named[0]
    raise ServiceError(f"{excerpt(text)} is not a {g.info.seat_word}: use {listed}")


class Moves:
    def __init__(
        self,
        shared: SharedParts,
        hints: HintOrders,
        answers: AiAnswers,
        *,
        guard_repeats: bool = True,
        after_finish: AfterFinish | None = None,
    ) -> None:
        """`answers`: the AI seats' answers to an order, stored and announced after it.
        `guard_repeats`: refuse a typed order that repeats the one just played (a double
        submit over a network); the terminal client, which reads each line once, turns it
        off. `after_finish`: what follows a game's end (a tiebreak's next game)."""
        self.after_finish = after_finish
        self.answers = answers
        self.shared = shared
        self.hints = hints
        self.drafts = Drafts()
        self.picks = Picks()  # the alternatives of an ambiguous step, per user and channel
        self.recent = RecentOrders() if guard_repeats else None

    @answers()
    async def play(
        self,
        channel: str,
        user: int,
        order: str,
        *,
        as_faction: str | None = None,
        expected_version: int | None = None,
        kind: str | None = None,
        made: Stale = "suggestion",
    ) -> Reply:
        """Parse and apply a whole order (steps separated by ';'), all or nothing.

        An order picked from the suggestions carries the version it was made for (`[v12] …`),
        as does one `made` by a menu or a hint (`expected_version`), and is refused once the
        game has moved on; a typed order that repeats the one the same user just had played,
        with nothing in between, is refused as a likely double submit unless it starts with
        `again:`."""
        if len(order) > MAX_ORDER_CHARS:  # refused before anything else reads it
            return Reply.error(
                f"That order is {len(order)} characters long; an order has at most "
                f"{MAX_ORDER_CHARS}. Send it in parts."
            )
        return await self._order(
            channel,
            user,
            read_entry(order),
            self._read_order,
            as_faction,
            expected_version,
            kind,
            made,
        )

    async def _order(
        self,
        channel: str,
        user: int,
        entry: Entry,
        read: Reader,
        as_seat: str | None = None,
        expected_version: int | None = None,
        kind: str | None = None,
        made: Stale = "suggestion",
    ) -> Reply:
        """Play the steps `read` makes of the order `entry` (typed, or a shortcut's)."""
        async with self.shared.locks(channel):
            found = await self.shared.games.active_game_at_turn(channel, kind)
            record = found.game
            self.shared.pipeline.check_seated(record, user)
            text = entry.order
            if entry.draft:
                draft = self.drafts.take(user, channel)
                if draft is None:
                    raise ServiceError(
                        "That suggestion stood for an order you typed earlier, which I no "
                        "longer have. Type the order again."
                    )
                text = draft
            version = expected_version if expected_version is not None else entry.version
            if version is not None and version != record.version:
                raise ServiceError(self.shared.texts.stale_text(record.kind, made))
            key = f"as {as_seat}: {text}" if as_seat else text
            guarded = version is None and not entry.again and self.recent is not None
            state = await self.shared.loader.state_of(record)
            if (seen := await self._seen_first(found, state, text)) is not None:
                return seen
            g = self.shared.loader.rules_of(record)
            forced = playing(g, state, seat_named(g, as_seat)) if as_seat else None
            seat = forced or self._default_seat(record, state, user)
            reading = Reading(record, state, user, channel, text, seat, as_seat)
            order = self._read_on_turn(reading, read, forced)
            outcome = await self.shared.pipeline.apply_and_store(
                record,
                state,
                user,
                order.steps,
                forced,
                confirmed=order.confirmed,
                read=found,
                last_check=self._repeat_guard(record, user, key, text) if guarded else None,
            )
            if version is None and self.recent is not None:
                self.recent.played(record.id, user, key, outcome.game.version)
        return await self._announced(channel, outcome)

    async def _announced(self, channel: str, outcome: Outcome) -> Reply:
        """The reply announcing a stored order, with the AI seats' answers to it after it."""
        reply = await self.shared.pipeline.moved_reply(outcome, self.after_finish)
        return await self.answers.answered(channel, outcome.game.kind, reply)

    async def _seen_first(
        self, found: GameAtTurn, state: object, order: str, *, pressed: bool = False
    ) -> Reply | None:
        """The reveal a stored position waits for, dealt before `order` (typed, or a button's
        when `pressed`) is read (a reveal commits: nothing is played on a position its sender
        has not seen); None when none."""
        seen = await self.shared.pipeline.reveal_pending(
            found.game, state, found, [order], pressed=pressed
        )
        return (
            None
            if seen is None
            else await self.shared.pipeline.moved_reply(seen, self.after_finish)
        )

    def _read_on_turn(self, r: Reading, read: Reader, forced: Seat | None) -> Order:
        """The order `read` makes of `r`; whose turn it is comes first: an order that cannot
        be read, from someone whose decision it is not, is told whose it is, unless their
        seat may act now anyway (a trade: then what was wrong with it, unless the game read
        a step of the turn)."""
        try:
            return read(r)
        except ServiceError as e:
            g = self.shared.loader.rules_of(r.game)
            of_the_turn = isinstance(e.__cause__, NotYourTurn)
            if turns_of(g).acts_any_time(r.state, r.seat) and not of_the_turn:
                raise
            where = f"`{clip(' '.join(r.text.split()), 80)}`"
            refusal = self.shared.pipeline.not_on_turn(r.game, r.state, r.user, forced, where)
            if refusal is not None:
                raise ServiceError(refusal) from None
            raise

    def _repeat_guard(
        self, record: GameRecord, user: int, key: str, text: str
    ) -> Callable[[], None] | None:
        """A typed order that repeats the one the same user just had played, with nothing in
        between, is refused as a likely double submit, unless it starts with `again:`; only
        an order that would be played again (checked last: whose turn it is, and every
        refusal of the rules, come first)."""
        if self.recent is None or not self.recent.is_repeat(record.id, user, key, record.version):
            return None
        shown = clip(" ".join(text.split()), 80)

        def refuse() -> None:
            raise ServiceError(
                f"You just sent `{shown}` and it was played; nothing has happened since, "
                "so I took this for a double submit and played nothing. To play it again "
                f"on purpose, send `again: {shown}`."
            )

        return refuse

    def _read_order(self, r: Reading) -> Order:
        """A typed order read once: its steps (with `confirm` taken out) and their actions.
        An ambiguous step comes back with the whole orders it could have meant, in a menu."""
        g = self.shared.loader.rules_of(r.game)
        parts = [p.strip() for p in re.split(r"[;\n]", r.text)]
        confirmed = any(p.lower() == CONFIRM for p in parts)
        kept = "; ".join(p for p in parts if p and p.lower() != CONFIRM)
        if not kept:
            raise ServiceError("Empty order. " + self.shared.texts.allowed(r.game, r.state))
        view = g.view(r.state, r.seat)
        try:
            steps = orders_of(g).read_order(view, kept, r.seat or "")
        except AmbiguousName as e:
            menu = self._alternatives(r, kept, e, confirmed)
            pick = " Or pick one below." if menu is not None else ""
            raise ServiceError(f"{e.where} is ambiguous: {e}.{pick}", menu) from e
        except InvalidOrder as e:
            where = e.where if e.step_text else step_where(kept, 1, 1)
            told = self._choices_told(r, kept, e)
            raise ServiceError(f"{where} is not an order I can read: {e}. {told}") from e
        except IllegalAction as e:  # read, but the rules forbid it: the rule, not "unreadable"
            where = e.where if e.step_text else step_where(kept, 1, 1)
            told = self._choices_told(r, kept, e)
            head = f"{where} was refused{', so nothing was played' if e.steps > 1 else ''}"
            raise ServiceError(f"{head}: {e.reason.removesuffix('.')}. {told}") from e
        except ValueError as e:  # the game did not say it could not read it: its reason
            told = self._allowed(r, kept)
            said = str(e).removesuffix(".")
            raise ServiceError(f"{step_where(kept, 1, 1)} was refused: {said}. {told}") from e
        return Order(list(steps), confirmed)

    def _choices_told(self, r: Reading, kept: str, e: RulesError) -> str:
        """The steps allowed after an order's step was refused or not read (`e`), those like
        it when some are: at that step, when it is a later one whose position can be seen
        (the parser's, or reached by the steps before it, never past a reveal), then now."""
        texts = self.shared.texts
        typed = e.step_text or kept
        aside = self._aside_refused(r, e)
        if aside is not None:
            return texts.asides_allowed(r.game, r.state, aside, typed)
        if e.step is None or e.step <= 1:
            return self._allowed(r, typed)
        at, refused = (e.position, "") if e.position is not None else self._before(r, kept, e.step)
        if at is None:
            return refused + self._allowed(r)
        shown, like = texts.listing(r.game, at, typed=typed)
        then = (
            f"At that step the choices{' like it' if like else ''} were: {shown}. " if shown else ""
        )
        return then + self._allowed(r)

    def _aside_refused(self, r: Reading, e: RulesError) -> Seat | None:
        """The seat of a step aside the rules refused (a gift after the last turn of gifts),
        whose other steps aside are told rather than the decision's (a trial was listed
        `take 1 levy at Syria`... after its refused `give`); None for any other refusal."""
        action = e.action if isinstance(e, IllegalAction) else None
        g = self.shared.loader.rules_of(r.game)
        if action is None or not turns_of(g).out_of_turn(action):
            return None
        return turns_of(g).actor(r.state, action)

    def _allowed(self, r: Reading, typed: str | None = None) -> str:
        """The steps allowed now (those like `typed` when some are); to a seat whose decision
        it is not (a step aside sent out of turn, as a gift), whose decision it is instead:
        the steps allowed now are that seat's, not the sender's to play."""
        g = self.shared.loader.rules_of(r.game)
        now = g.to_move(r.state)
        texts = self.shared.texts
        mine = r.seat is not None and now == r.seat
        if typed and r.seat is not None and turns_of(g).acts_any_time(r.state, r.seat):
            # a step not read that is like a step aside and like none of the decision's
            _, like = texts.listing(r.game, r.state, typed=typed, aside_of=r.seat)
            if like and not (mine and texts.listing(r.game, r.state, typed=typed)[1]):
                return texts.asides_allowed(r.game, r.state, r.seat, typed)
        if r.seat is not None and now is not None and not mine:
            return f"{seat_title(g, now)} decides now (its steps are not yours to play)."
        return texts.allowed(r.game, r.state, typed=typed)

    def _before(self, r: Reading, kept: str, step: int) -> tuple[object | None, str]:
        """The position an order's steps before `step` reach (None past a reveal or when
        they do not read), and a step among them the rules refuse, as its refusal says it (a
        trial was told only of its step 5, and the steps allowed now, though its step 3 was
        out of place; "" where none is)."""
        g = self.shared.loader.rules_of(r.game)
        parts = [p.strip() for p in re.split(r"[;\n]", kept) if p.strip()]
        try:
            view = g.view(r.state, r.seat)
            before = orders_of(g).read_order(view, "; ".join(parts[: step - 1]), r.seat or "")
        except ValueError:  # (the parser names the first step it cannot read)
            return None, ""
        at, refused = walk(g, r.state, before)
        if refused is None:
            return at, ""
        i, reason = refused
        typed = before[i].typed or before[i].text
        number = before[i].number or (parts.index(typed) + 1 if typed in parts else 0)
        where = step_where(typed, number, len(parts)) if number else f"`{typed}`"
        return None, f"Before it, {where[0].lower()}{where[1:]} was refused: {reason}. "

    def _alternatives(
        self, r: Reading, kept: str, e: AmbiguousName, confirmed: bool
    ) -> Menu | None:
        """The whole orders the ambiguous step could have meant, as a select menu (kept for
        the user until picked): those allowed after the steps before it, when that position
        can be seen (not past a reveal), else all."""
        if e.step is None or not e.candidates:
            return None
        g = self.shared.loader.rules_of(r.game)
        view = g.view(r.state, r.seat)
        texts = [p.strip() for p in re.split(r"[;\n]", kept) if p.strip()]
        candidates = list(e.candidates)
        try:
            before = orders_of(g).read_order(view, "; ".join(texts[: e.step - 1]), r.seat or "")
        except ValueError:
            before = []
        at = ahead(g, r.state, before) if e.step > 1 else r.state
        if at is not None:
            legal = g.legal_actions(at)
            candidates = [a for a in candidates if a in legal]
        orders: list[str] = []
        options: list[tuple[str, str]] = []
        for a in candidates:
            step = notation_of(g).describe(public(g, r.state), a)
            whole = [step if i == e.step - 1 else t for i, t in enumerate(texts)]
            options.append((step, str(len(orders))))
            orders.append("; ".join(whole + ([CONFIRM] if confirmed else [])))
        if not orders:
            return None
        self.picks.keep(r.user, r.channel, Alternatives(tuple(orders), r.as_seat))
        return Menu(custom_id(r.game, PICK), f"{e.where}: which one?", tuple(options))

    def _default_seat(self, record: GameRecord, state: object, user: int) -> Seat | None:
        """The seat an order is read for: the user's only seat, else the seat whose decision
        it is when the user holds it."""
        mine = self.shared.texts.user_seats(record, user)
        if len(mine) == 1:
            return mine[0]
        now = self.shared.loader.rules_of(record).to_move(state)
        return now if now in mine else None

    # --- buttons ------------------------------------------------------------------------------

    @answers()
    async def press(
        self, channel: str, user: int, custom_id_: str, values: Sequence[str] = ()
    ) -> Reply:
        """A click on a button made by `buttons_for`: vj:<game>:<version>:a<i>|c<i>|undo
        (c<i>: the confirmed choice of a step that would do nothing); or a pick from the
        menu of an ambiguous step's alternatives (vj:<game>:<version>:pick, `values`)."""
        parts = custom_id_.split(":")
        if (
            len(custom_id_) > MAX_CUSTOM_ID_CHARS
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
        async with self.shared.locks(channel):
            found = await self.shared.games.active_game_at_turn(channel)
            record = found.game
            if record.id != game_id:
                raise ServiceError("That button belongs to another game, which is over.")
            if what == SNOOZE_ID:  # the reminder's own job says whether it is current
                text = await self.shared.reminders.snooze(record, version, user)
                return Reply(text=text, ephemeral=True)
            if version != record.version:
                raise ServiceError(self.shared.texts.stale_text(record.kind))
            g = self.shared.loader.rules_of(record)
            state = await self.shared.loader.state_of(record)
            # the undo button is the typed undo; a step's button names its step on the
            # position it was made for, not the one the reveal shows
            undo_typed = self.shared.texts.front.command(g.info.id, "undo")
            pressed = what != "undo"
            seen = await self._seen_first(
                found, state, what if pressed else undo_typed, pressed=pressed
            )
            if seen is not None:
                return seen
            outcome: Outcome | Reply
            if what == "undo":  # the typed undo: the last order whole
                outcome = await self._take_back(found, state, user, None)
            else:
                outcome = await self._pressed_step(found, state, user, what)
            if isinstance(outcome, Reply):
                return outcome
        return await self._announced(channel, outcome)

    async def _pressed_step(
        self, found: GameAtTurn, state: object, user: int, what: str
    ) -> Outcome | Reply:
        """A step's button (an order of one step): played, or asked to be confirmed."""
        record = found.game
        g = self.shared.loader.rules_of(record)
        action = (
            self._aside_action(record, g, state, user, what)
            if re.fullmatch(r"o[0-9]{1,3}", what)
            else _button_action(g, state, what)
        )
        view = public(g, state)
        label = "undo" if turns_of(g).undoes(action) else notation_of(g).describe(view, action)
        note = menus_of(g).note(view, action)
        if what[0] == "a" and note:
            return self._confirm_button(
                record, label, note, menus_of(g).note_cost(view, action), what[1:]
            )
        return await self.shared.pipeline.apply_and_store(
            record, state, user, [Step(label, action)], None, read=found
        )

    def _aside_action(
        self, record: GameRecord, g: AnyGame, state: object, user: int, what: str
    ) -> object:
        """The step aside an `o<i>` button of the presser's hand stands for (aside_buttons):
        the i-th of what their seat may take now though another decides."""
        seat = self.shared.texts.seat_aside(record, state, user)
        if seat is None:
            raise ServiceError("That button is for a seated player's steps; you hold no such seat.")
        steps = turns_of(g).steps_aside(state, seat)
        i = int(what[1:])
        if i >= len(steps):
            raise ServiceError("That button is out of date.")
        return steps[i]

    async def _pick(self, channel: str, user: int, version: int, values: Sequence[str]) -> Reply:
        """The order picked from an ambiguous step's alternatives (made for `version`)."""
        kept = self.picks.take(user, channel)
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
            channel, user, order, as_faction=kept.as_faction, expected_version=version, made="menu"
        )

    async def _play_hint(self, channel: str, user: int, game_id: int, version: int) -> Reply:
        """The hint's whole suggested turn, played as one typed order would be; refused
        once anything moved since the hint was thought."""
        kept = self.hints.take(user, channel)
        if kept is None or (kept.game_id, kept.version) != (game_id, version):
            record = await self.shared.store.get_game(game_id)
            hint = (
                self.shared.texts.command(record.kind, "hint") if record is not None else "`hint`"
            )
            return Reply.error(
                f"That hint is no longer the one I hold for you; ask for a new one with {hint}."
            )
        # the player saw the whole turn: a step in it that does nothing is confirmed
        return await self.play(
            channel,
            user,
            f"{kept.order}; {CONFIRM}",
            as_faction=kept.faction,
            expected_version=version,
            made="hint",
        )

    @staticmethod
    def _confirm_button(
        record: GameRecord, label: str, note: str, cost: str | None, index: str
    ) -> Reply:
        """The button form of `; confirm` (see TurnPipeline._idle_check)."""
        reply = Reply.error(
            idle_question(f"`{label}`", note, cost, "Press Confirm to play it anyway.")
        )
        reply.buttons = [
            Button(
                label=f"Confirm: {label}"[:80],
                custom_id=custom_id(record, f"c{index}"),
                style="danger",
            )
        ]
        return reply

    # --- undo and the game's own shortcuts ------------------------------------------------------

    @answers()
    async def undo(
        self, channel: str, user: int, kind: str | None = None, steps: int | None = None
    ) -> Reply:
        """Take back the sender's last order whole, or `steps` single steps (1 to
        MAX_UNDO_STEPS), never past what no undo goes past (the reply then says so)."""
        if steps is not None and not 1 <= steps <= MAX_UNDO_STEPS:
            return Reply.error(
                f"`undo {steps}`: steps is how many single steps to take back, from 1 to "
                f"{MAX_UNDO_STEPS}; without it, undo takes back your last order whole."
            )
        async with self.shared.locks(channel):
            found = await self.shared.games.active_game_at_turn(channel, kind)
            record = found.game
            g = self.shared.loader.rules_of(record)
            state = await self.shared.loader.state_of(record)
            undo_typed = self.shared.texts.front.command(g.info.id, "undo")
            if (seen := await self._seen_first(found, state, undo_typed)) is not None:
                return seen
            outcome = await self._take_back(found, state, user, steps)
        return await self._announced(channel, outcome)

    async def _take_back(
        self, found: GameAtTurn, state: object, user: int, steps: int | None
    ) -> Outcome:
        """Store the undo steps that take back the last order (or `steps` single steps) as
        one order, its announcement saying what they took back."""
        record = found.game
        g = self.shared.loader.rules_of(record)
        if turns_of(g).undo(state) is None:
            undo_command = self.shared.texts.command(g.info.id, "undo")
            raise ServiceError(
                f"{undo_command}: nothing to undo (steps cannot be taken back past "
                f"{undo_limit(g)})."
            )
        whole = steps is None
        rows = await steps_standing(
            self.shared.store, g, record.id, record.actions, whole, steps or 0
        )
        asked = (
            f"the order's {count_of(len(rows), 'step')}"
            if whole
            else f"the {count_of(steps or 0, 'step')} asked"
        )
        undoing = taking_back(g, state, rows, asked)
        assert undoing is not None  # (undo is allowed now: checked above)
        return await self.shared.pipeline.apply_and_store(
            record,
            state,
            user,
            undoing.steps,
            None,
            note=undoing.stopped,
            read=found,
            taken_back=taken_back_line(g, undoing),
        )

    @answers()
    async def shortcut(
        self,
        channel: str,
        user: int,
        name: str,
        args: Args | None = None,
        *,
        arg: str | None = None,
        kind: str | None = None,
    ) -> Reply:
        """A game's own command that stands for steps (`/vj pass`, `/vj event side:`,
        `/vj give`), fitted to the decision now pending by the game; `arg`: the text of its
        order parameter (a Command's name)."""
        given: dict[str, str | int | None] = dict(args or {})
        async with self.shared.locks(channel):
            record = await self.shared.games.active_game(channel, kind)
            g = self.shared.loader.rules_of(record)
            spec = next(
                (s for s in self.shared.registry.shortcuts(g.info.id).commands() if s.name == name),
                None,
            )
        if spec is None:
            return Reply.error(f"Unknown shortcut {excerpt(name)}.")
        if arg is not None and spec.order_param is not None:
            given.setdefault(spec.order_param, arg)
        args = given
        typed = args.get(spec.order_param) if spec.order_param else None
        if isinstance(typed, str) and len(typed) > MAX_ORDER_CHARS:
            return Reply.error(f"That is {len(typed)} characters long; at most {MAX_ORDER_CHARS}.")

        def read(r: Reading) -> Order:
            order = (
                self._read_order(Reading(r.game, r.state, r.user, r.channel, typed, r.seat, None))
                if isinstance(typed, str) and typed.strip()
                else Order([])
            )
            try:
                steps = self.shared.registry.shortcuts(g.info.id).read(
                    g.view(r.state, r.seat), r.seat, name, args, order.steps
                )
            except ValueError as e:
                raise ServiceError(f"{e} {self.shared.texts.allowed(r.game, r.state)}") from e
            return Order(steps, order.confirmed)  # `name:attack; confirm` confirms

        shown = "; ".join(
            ([] if spec.order_param and spec.params and spec.params[0].required else [name])
            + ([typed] if isinstance(typed, str) and typed else [])
        )
        # a step out of turn (a gift) names its own seat in its args, which the pipeline
        # checks the user holds: it is not played "as" that seat's turn
        return await self._order(channel, user, Entry(shown or name), read, None, None, kind)


def ahead(g: AnyGame, state: object, steps: Sequence[Step[object]]) -> object | None:
    """The position after the first steps of an order, seen before it is played: None when a
    step is refused or reaches a die roll or a card draw (the game holds no future: a reveal
    commits)."""
    reached, _ = walked(g, state, steps)
    return reached


def walked(g: AnyGame, state: object, steps: Sequence[Step[object]]) -> tuple[object | None, bool]:
    """`ahead`'s position, and whether every step up to where it stopped could be played:
    False when a step is refused, True when they all play or the walk stops at a reveal."""
    reached, refused = walk(g, state, steps)
    return reached, refused is None


def walk(
    g: AnyGame, state: object, steps: Sequence[Step[object]]
) -> tuple[object | None, tuple[int, str] | None]:
    """`ahead`'s position, and the step refused on the way (its index, the refusal), None
    when they all play or the walk stops at a reveal."""
    # a finishing step for what ended by itself, a step taken unasked: skipped, as in play
    ended = EndedByItself(g, state)
    for i, step in enumerate(steps):
        a = step.action
        later = [s.action for s in steps[i + 1 :]]
        if ended.skips(step) or ended.taken_already(step, state, later) is not None:
            continue
        try:
            nxt = g.apply(state, a)
        except ValueError as e:  # (the rule alone, without the steps the message lists)
            return None, (i, (e.reason if isinstance(e, IllegalAction) else str(e)).rstrip("."))
        if orders_of(g).revealed(state, nxt):
            return None, None
        ended.record(state, nxt, a)
        state = nxt
    return state, None


def _button_action(g: AnyGame, state: object, what: str) -> object:
    """The step a button of the position `state` stands for: the i-th legal step (a<i>,
    c<i>: its confirmed choice)."""
    if re.fullmatch(r"[ac][0-9]{1,3}", what):
        legal = g.legal_actions(state)
        i = int(what[1:])
        if i >= len(legal):
            raise ServiceError("That button is out of date.")
        return legal[i]
    raise ServiceError("That button is not one of mine.")
