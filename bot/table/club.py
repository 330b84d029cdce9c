"""A club over days: pace, reminders and deadlines, rematches, substitutes, records."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence

from db import (
    ENDED_STATUSES,
    Announcement,
    GameAtTurn,
    GameNotFound,
    GameRecord,
    Pace,
    PaceProposal,
    Reminder,
    StaleAction,
    UserPrefs,
)
from db.models import MAX_ID
from rules.capabilities import deadlines_of, notation_of
from rules.errors import excerpt
from rules.game import Step

from .ai_users import is_ai
from .announcing import reveal_text
from .loading import (
    SEED_DEALS,
    TIEBREAK,
    BrokenGame,
    public,
)
from .lobby import Lobby, check_range
from .log_reading import ai_seats, replayed, told_lines
from .moves import MAX_CUSTOM_ID_CHARS, seat_named
from .parts import SharedParts
from .permissions import may_tend
from .pipeline import announced
from .records import history_text, stats_text
from .refusal import ServiceError, answers
from .reminders import (
    ARCHIVE,
    MAX_PACE_HOURS,
    MIN_PACE_HOURS,
    REMINDER,
    DueReminder,
    check_time_zone,
    parse_quiet,
    prefs_text,
)
from .reply import Button, Reply
from .table_texts import CUSTOM_ID_PREFIX
from .words import count_of

log = logging.getLogger(__name__)

REMATCH_SEATINGS = ("rotate", "same", "choose")
HISTORY_LINES = 15  # games listed by /vj history
MAX_RECORDS = 10_000  # the most recent finished games /vj stats rates (oldest first)
PLACED_AT_ONCE = 50  # channels asked of the chat for one read of a server's records
DEADLINES = ("nothing", "pass")  # what happens when a game's first wait runs out
PACE_AGREE = "pace-"  # the Agree button under a proposed pace: pace-<deadline>


class Club:
    def __init__(
        self,
        shared: SharedParts,
        lobby: Lobby,
        start_ai: Callable[[Reminder], None],
        channel_server: Callable[[str], Awaitable[str | None]] | None = None,
    ) -> None:
        """`start_ai`: an AI seat's due turn: it moves (in the background). `channel_server`:
        the server a channel is on, asked of the chat, for games stored before their server
        was noted; None where there are no servers."""
        self.shared = shared
        self.lobby = lobby
        self.start_ai = start_ai
        self.channel_server = channel_server
        self._unplaceable: set[str] = set()  # channels not placed, this run

    def mention(self, user: int) -> str:
        return self.shared.texts.mention(user)

    async def _place_channels(self) -> None:
        """Before a server's records are read: the channels of finished games stored before
        their server was noted (migration 012 knew none) are placed by asking the chat
        (`channel_server`), at most PLACED_AT_ONCE per call; one the chat cannot place (gone,
        or out of the bot's sight) is asked once per run, and its games count on no server."""
        if self.channel_server is None:
            return
        unplaced = await self.shared.store.unplaced_channels(
            PLACED_AT_ONCE + len(self._unplaceable)
        )
        for channel in [c for c in unplaced if c not in self._unplaceable][:PLACED_AT_ONCE]:
            guild = await self.channel_server(channel)
            if guild is None:
                self._unplaceable.add(channel)
            else:
                await self.shared.store.put_channel_server(channel, guild)

    @answers()
    async def pace(
        self,
        channel: str,
        user: int,
        hours: int | None = None,
        deadline: str | None = None,
        *,
        is_manager: bool = False,
    ) -> Reply:
        """Show or set how long the game waits before each reminder, and what happens when
        the first wait runs out (seated players, the game's creator and server managers may
        set them). Loosening takes effect at once; in a running game a stricter pace (a
        shorter wait, or `deadline:pass`) is a proposal until every seated person agrees
        (the button, or the same command) or a server manager sets it."""
        async with self.shared.locks(channel):
            game = await self.shared.games.open_game(channel)
            current = await self.shared.reminders.pace(game.id)
            if hours is None and deadline is None:
                text = self._pace_text(game, current) + self._proposal_text(game, current)
                return Reply(text=text, ephemeral=True)
            if hours is not None:
                check_range("The pace in hours", hours, MIN_PACE_HOURS, MAX_PACE_HOURS)
            if deadline is not None and deadline not in DEADLINES:
                raise ServiceError(
                    f"Unknown deadline {excerpt(deadline)}: use one of {', '.join(DEADLINES)}."
                )
            info = self.shared.loader.rules_of(game).info
            if (
                deadline == "pass"
                and not deadlines_of(self.shared.loader.rules_of(game)).passes_at_deadline
            ):
                raise ServiceError(
                    f"In {info.title} every decision is the player's own: no step is played "
                    "for a seat whose time runs out, so its deadline is `nothing` (a reminder)."
                )
            may_tend(game, user, is_manager, "set the pace")
            wanted = PaceProposal.model_validate(
                {
                    "seconds": current.seconds if hours is None else hours * 3600,
                    "deadline": deadline or current.deadline,
                }
            )
            if is_manager or not self._stricter(game, current, wanted):
                return await self._set_pace(
                    game, current, wanted, f"{self.mention(user)} set the pace"
                )
            return await self._agree_pace(game, current, wanted, user)

    @staticmethod
    def _stricter(game: GameRecord, current: Pace, wanted: PaceProposal) -> bool:
        """A running game's wait made shorter, or its deadline made to pass."""
        return game.status == "active" and (
            wanted.seconds < current.seconds
            or (wanted.deadline == "pass" and current.deadline != "pass")
        )

    @staticmethod
    def _people(game: GameRecord) -> set[int]:
        """The seated persons (AI seats agree to anything)."""
        return {u for u in game.seats.values() if not is_ai(u)}

    async def _set_pace(
        self, game: GameRecord, current: Pace, wanted: PaceProposal, who: str
    ) -> Reply:
        """The pace takes effect (and any pending proposal is dropped), said publicly."""
        pace = Pace(seconds=wanted.seconds, deadline=wanted.deadline, ai_seconds=current.ai_seconds)
        job = await self.shared.store.reminder(game.id)
        # a person's wait under way is measured anew from now, at the new pace (an AI's
        # step keeps its own pace)
        due = (
            self.shared.reminders.clock() + pace.seconds if job and not is_ai(job.user_id) else None
        )
        await self.shared.store.set_pace(game.id, pace, due)
        dropped = (
            " (the pending proposal is withdrawn)"
            if current.proposal is not None
            and (current.proposal.seconds, current.proposal.deadline)
            != (wanted.seconds, wanted.deadline)
            else ""
        )
        text = f"{who}{dropped}. " + self._pace_text(game, pace)
        return Reply(text=text, version=game.version)

    async def _agree_pace(
        self, game: GameRecord, current: Pace, wanted: PaceProposal, user: int
    ) -> Reply:
        """`user` proposes or agrees to a stricter pace; it takes effect once every seated
        person has agreed. Stored with the pace, so a restart keeps it."""
        people = self._people(game)
        pending = current.proposal
        same = pending is not None and (pending.seconds, pending.deadline) == (
            wanted.seconds,
            wanted.deadline,
        )
        agreed = set(pending.agreed) if pending is not None and same else set()
        new = not same
        if user in people:
            agreed.add(user)
        agreed &= people  # who left no longer counts
        missing = sorted(people - agreed)
        terms = self._terms(wanted)
        if not missing:
            who = (
                "Every seated player agreed to the pace"
                if len(people) > 1
                else f"{self.mention(user)} set the pace"
            )
            return await self._set_pace(game, current, wanted, who)
        proposal = wanted.model_copy(update={"agreed": tuple(sorted(agreed))})
        await self.shared.store.set_pace(game.id, current.model_copy(update={"proposal": proposal}))
        waiting = " ".join(self.mention(u) for u in missing)
        how = (
            f"press Agree (or run the same {self.shared.texts.command(game.kind, 'club pace')}); "
            "a member with Manage Server may also set it."
        )
        if new:
            replaced = " It replaces the pending proposal." if pending is not None else ""
            text = (
                f"{self.mention(user)} proposes a stricter pace for game {game.id}: {terms}. "
                f"It takes effect once every seated player agrees.{replaced} Waiting for "
                f"{waiting}: {how}"
            )
        else:
            text = (
                f"{self.mention(user)} agrees to the pace {terms} for game {game.id}. "
                f"Waiting for {waiting}: {how}"
            )
        return Reply(
            text=text,
            mentions=missing,
            buttons=[self._agree_button(game.id, wanted)],
            version=game.version,
        )

    def _agree_button(self, game_id: int, p: PaceProposal) -> Button:
        return Button(
            label=f"Agree: {self._terms(p)}",
            custom_id=f"{CUSTOM_ID_PREFIX}:{game_id}:{p.seconds}:{PACE_AGREE}{p.deadline}",
            style="success",
        )

    async def proposal_buttons(self, game_id: int) -> list[Button]:
        """The Agree button of the game's pending pace proposal, if any: the game's newest
        public message carries it until the proposal is settled."""
        p = (await self.shared.reminders.pace(game_id)).proposal
        return [] if p is None else [self._agree_button(game_id, p)]

    @staticmethod
    def _terms(p: PaceProposal) -> str:
        then = "the seat passes" if p.deadline == "pass" else "reminders only"
        return f"{count_of(p.seconds // 3600, 'hour')}, then {then}"

    def _proposal_text(self, game: GameRecord, pace: Pace) -> str:
        p = pace.proposal
        if p is None:
            return ""
        missing = sorted(self._people(game) - set(p.agreed))
        return (
            f"\nProposed: {self._terms(p)}; waiting for "
            + (" ".join(self.mention(u) for u in missing) or "nobody")
            + " to agree."
        )

    @staticmethod
    def is_agree(custom_id: str) -> bool:
        """A press of Agree under a proposed pace."""
        parts = custom_id.split(":")
        return len(parts) == 4 and parts[3].startswith(PACE_AGREE)

    @answers()
    async def press(self, channel: str, user: int, custom_id: str) -> Reply:
        """A click on Agree under a proposed pace (vj:<game>:<seconds>:pace-<deadline>)."""
        parts = custom_id.split(":")
        deadline = parts[3].removeprefix(PACE_AGREE)
        if (
            len(custom_id) > MAX_CUSTOM_ID_CHARS
            or parts[0] != CUSTOM_ID_PREFIX
            or not re.fullmatch(r"[0-9]{1,12}", parts[1])
            or not re.fullmatch(r"[0-9]{1,12}", parts[2])
            or deadline not in DEADLINES
        ):
            return Reply.error("That button is not one of mine.")
        async with self.shared.locks(channel):
            game = await self.shared.games.active_game(channel)
            if game.id != int(parts[1]):
                raise ServiceError("That button belongs to another game, which is over.")
            current = await self.shared.reminders.pace(game.id)
            p = current.proposal
            if p is None or (p.seconds, p.deadline) != (int(parts[2]), deadline):
                now = (
                    f"pending now: {self._terms(p)}"
                    if p is not None
                    else "none is pending; the pace is now "
                    + self._terms(PaceProposal(seconds=current.seconds, deadline=current.deadline))
                )
                raise ServiceError(f"That proposal is no longer open ({now}).")
            people = self._people(game)
            if user not in people:
                raise ServiceError(
                    f"Only the seated players of game {game.id} ("
                    + (" ".join(self.mention(u) for u in sorted(people)) or "none")
                    + ") agree to a stricter pace; you have no seat. A member with Manage "
                    f"Server may set it with {self.shared.texts.command(game.kind, 'club pace')}."
                )
            if user in p.agreed and people - set(p.agreed):
                waiting = " ".join(self.mention(u) for u in sorted(people - set(p.agreed)))
                return Reply(
                    text=f"You have already agreed; waiting for {waiting}.", ephemeral=True
                )
            return await self._agree_pace(game, current, p, user)

    def _pace_text(self, game: GameRecord, pace: Pace) -> str:
        hours = pace.seconds // 3600
        then = (
            "the seat passes where the rules allow a Pass (else a reminder)"
            if pace.deadline == "pass"
            else "a reminder"
        )
        return (
            f"Game {game.id}: after {count_of(hours, 'hour')} without a decision, {then}; after "
            f"another {hours}, a notice to the whole table; after another {hours}, one stall "
            "notice, then silence until someone moves."
        )

    async def due_reminders(self, limit: int = 20) -> list[DueReminder]:
        """The reminders due now (claimed: each goes out from one process), after the
        deadlines due now have been played: a seat whose game passes at its deadline passes
        (stored and announced like any move) instead of being reminded."""
        out: list[DueReminder] = []
        for due in await self.shared.reminders.due(limit):
            if is_ai(due.job.user_id):  # an AI seat's turn: it moves (in the background)
                self.start_ai(due.job)
                continue
            try:
                if await self._played_instead(due.job):
                    continue
                if due.job.stage >= ARCHIVE:
                    await self._archive(due.job)
                    continue
            except BrokenGame as e:  # that game alone: reminded as it stands, never played
                log.warning("game %s: its deadline is not played: %s", due.job.game_id, e)
            out.append(due)
        return out

    async def _job_stands(self, job: Reminder) -> bool:
        return _stands(job, await self.shared.store.reminder(job.game_id))

    async def _archive(self, job: Reminder) -> None:
        """A game with no move for the configured time ends without a result (like an abort:
        its secret is revealed), announced through the outbox."""
        async with self.shared.locks(job.channel_id):
            game = await self.shared.store.get_game(job.game_id)
            if game.status != "active" or not await self._job_stands(job):
                await self.shared.reminders.sent(job)  # moved meanwhile: the move's job stands
                return
            days = round((self.shared.reminders.clock() - job.since) / 86400)
            text = f"Game {game.id} archived: no move for {days} days. It ends without a result."
            secret = await self.shared.loader.secret_of(game)
            g = self.shared.loader.known_rules(
                game
            )  # a game of a kind no longer known is archived too
            if secret is not None and g is not None and g.info.deals:
                text += "\n" + reveal_text(
                    self.shared.texts, game, secret, self.shared.loader.commitment(game, secret)
                )
            try:
                await self.shared.store.update_game(
                    game.id, game.version, status="aborted", announcement=Announcement(text=text)
                )
            except StaleAction:
                return  # someone moved at this very moment: the game lives on
            self.shared.loader.forget(game.id)

    async def _played_instead(self, job: Reminder) -> bool:
        """What a due job's game plays instead of reminding (stored and announced through
        the outbox; the change replaces the job): a reveal its stored position waits for
        (stored by rules that dealt it later: nobody could end that wait), else a deadline's
        pass."""
        async with self.shared.locks(job.channel_id):
            found = await self.shared.store.game_at_turn(job.game_id)  # the change's one read
            if found.game.status != "active" or not _stands(job, found.reminder):
                return False
            state = await self.shared.loader.state_of(found.game)
            try:
                if self.shared.loader.rules_of(found.game).chance(state) is not None:
                    seen = await self.shared.pipeline.reveal_pending(found.game, state, found, [])
                    return seen is not None
                return job.stage == REMINDER and await self._deadline_pass(job, found, state)
            except BrokenGame:
                raise
            except ServiceError as e:  # someone moved meanwhile: their move stands
                log.info("game %s: nothing played at its job: %s", job.game_id, e)
                return False

    async def _deadline_pass(self, job: Reminder, found: GameAtTurn, state: object) -> bool:
        """Pass for the waiting seat, if the game chose that and the rules allow a Pass now;
        the move replaces the job (so nobody is reminded of a decision already made)."""
        game = found.game
        if found.pace is None or found.pace.deadline != "pass":
            return False
        g = self.shared.loader.rules_of(game)
        seat = g.to_move(state)
        if self.shared.texts.waiting_for(game, state) != job.user_id or seat is None:
            return False
        passing = deadlines_of(g).timeout_action(state)
        if passing is None or passing not in g.legal_actions(state):
            return False
        hours = int((self.shared.reminders.clock() - job.since) // 3600)
        said = notation_of(g).describe(public(g, state), passing)
        title = g.info.seat_titles.get(seat, seat)
        did = "passed" if said == "pass" else f"played `{said}`"
        note = (
            f"deadline: {title} {did} automatically after "
            f"{count_of(hours, 'hour')} without a decision ({self.shared.texts.command(g.info.id, 'club pace')})"
        )
        await self.shared.pipeline.apply_and_store(
            game, state, job.user_id, [Step(said, passing)], None, note=note, read=found
        )
        return True

    @answers(exists="{Here} already has a game: play that one first.")
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
        async with self.shared.locks(channel):
            last = await self._rematched(channel, user, seating, is_manager)
            config = self.shared.texts.command(
                self.shared.loader.rules_of(last).info.id, "club config"
            )
            await self.shared.permissions.may_organise(
                guild, roles, is_manager, "create", config=config
            )
            await self.shared.permissions.note_server(channel, guild)
            g = self.shared.loader.rules_of(last)
            seats = {
                "rotate": rotated(g.info.seats, last.seats),
                "same": dict(last.seats),
                "choose": {},
            }[seating]
            announcement = self._rematch_announcement(last, seats)
            # the seats and the announcement are stored with the game: a crash leaves none
            # a rematch of a tiebreak's game is a game of its own
            options = {k: v for k, v in last.options.items() if k not in (SEED_DEALS, TIEBREAK)}
            game = await self.shared.store.create_game(
                channel,
                0,
                options,
                user,
                secret=self.shared.loader.new_secret().hex(),
                seats=seats,
                announcement=announcement,
                kind=last.kind,
            )
        return announced(game, announcement(game).text, mentions=sorted(set(seats.values())))

    async def _rematched(
        self, channel: str, user: int, seating: str, is_manager: bool
    ) -> GameRecord:
        """The channel's last game, which a rematch follows: refused for an unknown seating,
        a game not over, or a caller who did not play it (unless a server manager)."""
        if seating not in REMATCH_SEATINGS:
            raise ServiceError(
                f"Unknown seating {excerpt(seating)}: use one of {', '.join(REMATCH_SEATINGS)}."
            )
        last = await self.shared.store.latest_game(channel)
        if last is None or last.status not in ENDED_STATUSES:
            raise ServiceError(
                "A rematch follows a game that is over; "
                + (
                    self.shared.texts.front.placed("{here} has none.")
                    if last is None
                    else "this one is not."
                )
            )
        if user not in last.seats.values() and not is_manager:
            raise ServiceError(
                f"Only a player of game {last.id} (or a server manager) may call a rematch."
            )
        return last

    def _rematch_announcement(
        self, last: GameRecord, seats: dict[str, int]
    ) -> Callable[[GameRecord], Announcement]:
        """What the channel is told of the rematch, once it has its number: who sits where,
        or how to take a seat."""
        g = self.shared.loader.rules_of(last)
        start, join = (self.shared.texts.command(g.info.id, w) for w in ("start", "join"))

        def announcement(game: GameRecord) -> Announcement:
            who = ", ".join(self.shared.texts.who(game, s) for s in g.info.seats if s in seats)
            return Announcement(
                text=f"Rematch of game {last.id}: game {game.id}, the same options. "
                + (f"Seats: {who}. {start} when ready." if seats else "")
                + ("" if seats else f"Take your seats with {join}, then {start}.")
            )

        return announcement

    @answers()
    async def seat(
        self, channel: str, user: int, faction: str, to_user: int, *, is_manager: bool = False
    ) -> Reply:
        """A server manager gives a seat to someone else (a substitute), at any time of the
        game; a seat on turn is then waited for from its new holder."""
        async with self.shared.locks(channel):
            if not is_manager:
                raise ServiceError("Only a member with Manage Server may move a seat.")
            check_range("The user id", to_user, 0, MAX_ID)
            game = await self.shared.games.open_game(channel)
            f = seat_named(self.shared.loader.rules_of(game), faction)
            old = game.seats.get(f)
            if old == to_user:
                raise ServiceError(f"{self.mention(to_user)} already holds that seat.")
            seats = {**game.seats, f: to_user}
            name = self.shared.loader.rules_of(game).info.seat_titles.get(f, f)
            was = f"from {self.mention(old)} " if old is not None else ""
            text = f"{name} passes {was}to {self.mention(to_user)} (moved by {self.mention(user)})."
            plan = await self.lobby.seat_change_plan(game, seats)
            deciding = [to_user] if plan is not None and plan.user_id == to_user else []
            if deciding:
                text += " It is their decision now."
            game = await self.shared.store.update_game(
                game.id,
                game.version,
                seats=seats,
                announcement=Announcement(text=text, mentions=[to_user], deciding=deciding),
                reminder=plan,
            )
        return announced(game, text, mentions=[to_user], deciding=deciding)

    async def history(
        self, channel: str, user: int | None = None, *, guild: str | None = None
    ) -> Reply:
        """The channel's finished games, or `user`'s on this server (`guild`; everywhere
        where there are no servers, as in the terminal), newest first."""
        await self.shared.permissions.note_server(channel, guild)
        if user is None:
            results = await self.shared.store.results(channel_id=channel, limit=HISTORY_LINES)
            text = history_text(
                self.shared.registry,
                results,
                self.mention,
                "here",
                self.shared.texts.strong,
                self.shared.texts.front.channel,
            )
            return Reply(text=text, ephemeral=True)
        check_range("The user id", user, 0, MAX_ID)
        if guild is not None:
            await self._place_channels()
        results = await self.shared.store.results(user_id=user, guild_id=guild, limit=HISTORY_LINES)
        where = "" if guild is None else " on this server"
        whose = f"of {self.mention(user)}{where}"
        text = history_text(
            self.shared.registry,
            results,
            self.mention,
            whose,
            self.shared.texts.strong,
            self.shared.texts.front.channel,
        )
        return Reply(text=text, ephemeral=True)

    async def stats(self, user: int, *, guild: str | None = None, kind: str) -> Reply:
        """Wins per seat of a game, and `user`'s wins and rating per seat: of the games of
        the server it is asked on (`guild`; everywhere where there are no servers, as in the
        terminal)."""
        check_range("The user id", user, 0, MAX_ID)
        if guild is not None:
            await self._place_channels()
        recent = await self.shared.store.results(limit=MAX_RECORDS, guild_id=guild, kind=kind)
        text = stats_text(
            self.shared.registry, kind, recent[::-1], user, self.mention, self.shared.texts.strong
        )
        return Reply(text=text, ephemeral=True)

    @answers()
    async def replay(self, channel: str, game_id: int, step: int | None = None) -> Reply:
        """The board of a finished (or aborted) game of this channel after `step` log entries
        (the last when left out): nothing is hidden any more once a game is over."""
        check_range("The game number", game_id, 1, MAX_ID)
        try:
            game = await self.shared.store.get_game(game_id)
        except GameNotFound:
            raise ServiceError(f"There is no game {game_id}.") from None
        if game.channel_id != channel:
            raise ServiceError(
                self.shared.texts.front.placed(f"Game {game_id} was not played in {{here}}; ")
                + "replay it where it was."
            )
        if game.status not in ENDED_STATUSES:
            raise ServiceError(
                f"Game {game_id} is {game.status}: only a game that is over can be replayed "
                f"({self.shared.texts.command(game.kind, 'board')} shows a running one)."
            )
        last = game.actions
        step = last if step is None else check_range("The step", step, 0, last)
        g = self.shared.loader.rules_of(game)
        state = await self.shared.loader.fresh_state(game)
        stored = await self.shared.store.actions(game.id)
        state, steps = await self.shared.workers.run(
            replayed, g, state, stored[:step], True, ai_seats(game)
        )
        lines = [f"Game {game.id}, step {step} of {last}."]
        lines += told_lines(g, steps)[-3:]  # as the channel told them
        if step == last and g.result(state) is not None:
            lines.append(self.shared.texts.final_text(game, state))
        return Reply(
            text="\n".join(lines),
            image=await self.shared.pipeline.render(game, state),
            ephemeral=True,
            picture_of=(game.id, step),
        )

    @answers()
    async def me(
        self,
        user: int,
        *,
        time_zone: str | None = None,
        quiet: str | None = None,
        direct_messages: bool | None = None,
    ) -> Reply:
        """Show or change the caller's time zone, quiet hours and direct messages."""
        prefs = await self.shared.store.user_prefs(user)
        if time_zone is None and quiet is None and direct_messages is None:
            return Reply(text=prefs_text(prefs), ephemeral=True)
        changes: dict[str, object] = {}
        if time_zone is not None:
            changes["time_zone"] = check_time_zone(time_zone)
        if quiet is not None:
            changes["quiet_from"], changes["quiet_to"] = parse_quiet(quiet)
        if direct_messages is not None:
            changes["direct_messages"] = direct_messages
        prefs = UserPrefs.model_validate({**prefs.model_dump(), **changes})
        await self.shared.store.put_user_prefs(prefs)
        return Reply(text="Saved. " + prefs_text(prefs), ephemeral=True)


def rotated(order: Sequence[str], seats: dict[str, int]) -> dict[str, int]:
    """A rematch's seats: whoever played a seat plays the next one in the game's order (the
    last the first), among the seats that were played."""
    played = [s for s in order if s in seats]
    return {played[(i + 1) % len(played)]: seats[s] for i, s in enumerate(played)}


def _stands(job: Reminder, now: Reminder | None) -> bool:
    """No move replaced the claimed job meanwhile (`now`: the game's job as it stands; a seat
    change that leaves the wait as it was bumps the game's version but not the job's)."""
    return now is not None and (now.version, now.stage) == (job.version, job.stage)
