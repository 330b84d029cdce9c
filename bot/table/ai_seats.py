"""AI seats in the bot, for every game: `ai`, `hint`, and the AI's moves.

An AI holds a seat like a person (ai_users.py). Its turn is a reminder job like a person's
(bot.table.reminders), due one AI pace after the last move: the client's loop claims it, this module
thinks in a pool of worker processes (never on the event loop, and outside the channel's lock,
so people are never held up; at least two workers, so one game's search never waits for
another's; one search per game at a time) and stores the step through the same path as a
person's order, announcement and all. After a restart the job is still in the database, so an
AI whose turn it is simply moves. The service (bot/table/service.py) builds and wires it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from db import GameRecord, Pace, Reminder, StaleAction
from rules.capabilities import notation_of
from rules.game import Seat, Step

from .ai_answers import AiAnswers
from .ai_users import AI_USERS, ai_level, ai_name, ai_user, is_ai, seat_level
from .ai_worker import advise, ignore_interrupts, ready, think, think_and_explain
from .announcing import Explained
from .hints import HINT, HintOrder, HintOrders
from .loading import AnyGame, BrokenGame, public
from .lobby import Lobby
from .moves import seat_named
from .parts import SharedParts
from .permissions import may_tend
from .pipeline import AfterFinish, announced
from .refusal import ServiceError, answers
from .reminders import STALLED
from .reply import Button, Reply
from .table_texts import custom_id

log = logging.getLogger(__name__)

DEFAULT_PACE = 4.0  # seconds between two AI steps, so people can follow
MIN_PACE, MAX_PACE = 1.0, 600.0
ALL_AI_MIN_PACE = 20.0  # a game with no person in it is for watching: slower, one at a time
THINK_SECONDS = 1.5  # the hard level's CPU budget per step (p95 under 2 s with the pool)
HINT_SECONDS = 3.0  # a hint's wall time: the whole turn, judged against the others
RETRY = 30.0  # a step that failed to be thought or stored is tried again after this long
# Worker processes that think: two games' AI turns at the same moment run side by side
MIN_WORKERS, MAX_WORKERS = 2, 64

Deliver = Callable[[Reply, str], Awaitable[None]]
_T = TypeVar("_T")

__all__ = ["AI_USERS", "AiSeats", "ThoughtStopped", "default_workers", "worker_pool"]


@dataclass(frozen=True)
class AiTurn:
    """What a game waits for from an AI seat: its rules and loaded position, and the seat, its
    person and level (`seat` None: a reveal the stored position waits for)."""

    g: AnyGame
    state: object
    seat: Seat | None
    user: int | None
    level: str


class ThoughtStopped(Exception):
    """A thought in a worker was given up (`AiSeats.stop_thinking`): nothing came of it."""


WORKER_MODULE = "bot.table.ai_worker"  # what a worker runs (ai_worker.py)
# what it thinks for: the bot's games (their rules and AI levels), whatever the program's
# main module names (one that names none, a program embedding the table, would leave every
# new worker importing them all at its first thought: seconds of CPU each)
GAMES_MODULE = "bot.table.registry"


def worker_processes() -> multiprocessing.context.BaseContext:
    """How worker processes start: forked from a server process that imported what a worker
    runs (bot.table.ai_worker), the games it thinks for (GAMES_MODULE) and what the program
    is made of (`program_modules`) once, so a new worker costs a fork, not a fresh
    interpreter importing them all again (seconds of CPU each). Forked from that server, never from the bot: the bot's process has threads
    (database, renderer), and a fork copies their locks in whatever state they are; the
    server has none. Where there is no fork (Windows), each worker is a fresh interpreter."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    server = multiprocessing.get_context("forkserver")
    main = program_modules(sys.modules["__main__"])
    server.set_forkserver_preload([*main, WORKER_MODULE, GAMES_MODULE])
    return server


def program_modules(main: object) -> list[str]:
    """The modules the program's main module `main` is made of. multiprocessing runs the
    main module again in each worker it starts (as __mp_main__, its main() not run), so the
    server imports first the modules its functions come from (a console script's `from
    bot.terminal.local import main`); never the main module itself, which a worker runs
    again by its name when it was started with -m. The server's own "__main__" preload does
    not do it: it is never given the path."""
    spec = getattr(main, "__spec__", None)
    itself = {"__main__", "builtins", getattr(spec, "name", "__main__")}
    made_of = {getattr(v, "__module__", None) for v in vars(main).values() if callable(v)}
    return sorted(m for m in made_of if isinstance(m, str) and m not in itself)


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes that think (see worker_processes), deaf to the
    terminal's Ctrl-C, which reaches the program's whole process group: the server that
    forks them starts ignoring SIGINT (`_started_deaf`), and each worker ignores it
    (ai_worker.ignore_interrupts)."""
    context = worker_processes()
    if context.get_start_method() == "forkserver":
        _started_deaf(multiprocessing.forkserver.ensure_running)
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=ignore_interrupts
    )


def _started_deaf(start: Callable[[], None]) -> None:
    """`start` a process that ignores SIGINT from its first instruction (an ignored signal
    stays ignored across exec; Python then leaves it so): a Ctrl-C while it imports would
    kill it. The program ignores Ctrl-C meanwhile, the few milliseconds a start takes; off
    the main thread, where signals are not ours to set, it starts as it is."""
    try:
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:
        start()
        return
    try:
        start()
    finally:
        signal.signal(signal.SIGINT, before)


def default_workers(cores: int | None = None) -> int:
    """One worker per core but the one the bot's own process needs, at least MIN_WORKERS."""
    cores = os.cpu_count() if cores is None else cores
    return max(MIN_WORKERS, min(MAX_WORKERS, (cores or 1) - 1))


def check_pace(pace: float | None) -> None:
    """An AI's pace, when given, is MIN_PACE to MAX_PACE seconds a step."""
    if pace is not None and not MIN_PACE <= pace <= MAX_PACE:
        raise ServiceError(
            f"The AI's pace is {MIN_PACE:.0f} to {MAX_PACE:.0f} seconds a step, not {pace:g}."
        )


class AiPace:
    """When an AI seat's step is due: the game's stored AI pace, else DEFAULT_PACE; a game
    with no person in it is for watching, never faster than ALL_AI_MIN_PACE."""

    def __init__(self, rules_of: Callable[[GameRecord], AnyGame]) -> None:
        self.rules_of = rules_of

    def all_ai(self, game: GameRecord) -> bool:
        info = self.rules_of(game).info
        return (
            all(is_ai(game.seats.get(s)) for s in info.seats if s in game.seats)
            and len(game.seats) >= info.min_players
        )

    def pace_of(self, game: GameRecord, stored: float | None) -> float:
        """Seconds between two AI steps."""
        pace = DEFAULT_PACE if stored is None else stored
        return max(pace, ALL_AI_MIN_PACE) if self.all_ai(game) else pace


class AiSeats:
    def __init__(
        self,
        shared: SharedParts,
        lobby: Lobby,
        hints: HintOrders,
        answers: AiAnswers,
        *,
        workers: int | None = None,
        think_seconds: float = THINK_SECONDS,
        hint_seconds: float = HINT_SECONDS,
        executor: Executor | None = None,
        after_finish: AfterFinish | None = None,
        deliver: Deliver | None = None,
        pace: AiPace | None = None,
    ) -> None:
        """`answers`: the AI seats' answers to a step, stored and announced after it.
        `workers`: the pool's processes (AI_WORKERS; default_workers() when None).
        `executor`: a pool to think in instead, which `close` leaves to its owner.
        `after_finish`: what follows a game's end (a tiebreak's next game). `deliver`: the
        client posts an AI's step at once (None: the outbox's round posts it). `pace`: when
        an AI's step is due (the reminders' too)."""
        self.after_finish = after_finish
        if workers is not None and not MIN_WORKERS <= workers <= MAX_WORKERS:
            raise ValueError(
                f"the AI needs {MIN_WORKERS} to {MAX_WORKERS} worker processes, not {workers}"
            )
        self.shared = shared
        self.pace = AiPace(shared.loader.rules_of) if pace is None else pace
        self.lobby = lobby
        self.hints = hints
        self.answers = answers
        self.workers = default_workers() if workers is None else workers
        self.think_seconds = think_seconds
        self.hint_seconds = hint_seconds
        self._executor = executor
        self._owns_executor = executor is None  # one given is its giver's to shut down
        self.deliver = deliver
        self.moving: dict[int, asyncio.Task[None]] = {}  # one step in thought per game
        self._thoughts: dict[str, set[asyncio.Future[Any]]] = {}  # in workers, per channel
        self.hinting: set[int] = set()  # users with a hint in thought
        self._all_ai = asyncio.Semaphore(1)
        # per channel: its search lock and how many hold or wait for it
        self._searches: dict[str, tuple[asyncio.Lock, int]] = {}

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = worker_pool(self.workers)
        return self._executor

    async def warm(self) -> None:
        """Start every worker of the pool this makes, at the bot's start: a pool starts at its
        first call (seconds on a busy machine), which would come out of the first hint's
        3 s. A pool that fails to start is logged; the first call tries again."""
        if not self._owns_executor:
            return
        try:
            await asyncio.gather(*(self._run(ready) for _ in range(self.workers)))
        except Exception as e:
            if self._executor is not None:  # else closed meanwhile: the bot is stopping
                log.warning("the AI's worker processes did not start: %r", e)
        else:
            log.info("the AI's %d worker processes are ready", self.workers)

    def close(self) -> None:
        for task in self.moving.values():
            task.cancel()
        if self._executor is not None and self._owns_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def _run(self, fn: Callable[..., _T], *args: object, channel: str = "") -> _T:
        """`fn(*args)` in a worker process, for the game of `channel` (`stop_thinking` gives
        it up). A pool that a worker left broken (killed, out of memory) is replaced by a new
        one, which is asked again, once; a new pool follows a second break too."""
        again = True
        while True:
            pool = self.executor
            try:
                return await self._in_worker(pool, channel, fn, args)
            except BrokenProcessPool:  # (twice: the call kills its worker; refused)
                if not self._replaced(pool) or not again:
                    raise
            again = False

    async def _in_worker(
        self, pool: Executor, channel: str, fn: Callable[..., _T], args: tuple[object, ...]
    ) -> _T:
        """`fn(*args)` in `pool`, kept among the channel's thoughts while it is awaited:
        ThoughtStopped when `stop_thinking` gave it up."""
        thought = asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        thoughts = self._thoughts.setdefault(channel, set())
        thoughts.add(thought)
        try:
            return await thought
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if thought.cancelled() and (task is None or not task.cancelling()):
                raise ThoughtStopped from None  # given up, not the task cancelled
            raise
        finally:
            thoughts.discard(thought)
            if not thoughts:
                self._thoughts.pop(channel, None)

    def stop_thinking(self, channel: str) -> bool:
        """Give up the thoughts under way for the game of `channel` (an AI's step, a hint):
        their callers get ThoughtStopped and store nothing; each worker is free again once
        its budget is spent. Whether there was one."""
        thoughts = self._thoughts.get(channel, set())
        for thought in thoughts:
            thought.cancel()
        return bool(thoughts)

    def _replaced(self, broken: Executor) -> bool:
        """The pool `broken` lost a worker without an answer: shut it, so the next call
        starts a new pool (at once for the call that found it). False for a pool this was
        given: its owner's to replace."""
        if not self._owns_executor:
            return False
        if self._executor is broken:  # (a call that found it first replaced it already)
            log.warning("an AI worker process ended without answering; a new pool starts")
            broken.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        return True

    @asynccontextmanager
    async def _one_search(self, channel: str) -> AsyncIterator[None]:
        """One search per game at a time: a hint and the AI's step (or two calls of `move`)
        take turns, so a game never holds two workers while another game waits."""
        lock, users = self._searches.get(channel, (asyncio.Lock(), 0))
        self._searches[channel] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._searches[channel]
            if users == 1:
                del self._searches[channel]
            else:
                self._searches[channel] = (lock, users - 1)

    # --- pace ------------------------------------------------------------------------------

    # --- seats -----------------------------------------------------------------------------

    async def seat(
        self,
        channel: str,
        user: int,
        faction: str,
        level: str,
        *,
        pace: float | None = None,
        is_manager: bool = False,
        kind: str | None = None,
    ) -> Reply:
        """`ai`: an AI takes a seat (free, an AI's, or a person's who let it go: see
        `_held_for`); for the game's creator, a seated player or a server manager."""
        restore: tuple[int, Pace] | None = None  # the pace before, should storing fail
        async with self.shared.locks(channel):
            try:
                game = await self.shared.games.open_game(channel, kind)
                try:
                    lvl = seat_level(game.kind, level, self.shared.registry)
                except ValueError as e:
                    raise ServiceError(f"{e}.") from e
                f = seat_named(self.shared.loader.rules_of(game), faction)
                check_pace(pace)
                may_tend(game, user, is_manager, "seat an AI")
                old = game.seats.get(f)
                if old == ai_user(lvl) and pace is None:
                    raise ServiceError(f"{ai_name(lvl).capitalize()} already plays that seat.")
                held_for = await self._held_for(game, f, user, is_manager=is_manager)
                seats = {**game.seats, f: ai_user(lvl)}
                before = await self.shared.reminders.pace(game.id)
                if pace is not None:  # stored with the game: a restart keeps it
                    await self.shared.store.set_pace(
                        game.id, before.model_copy(update={"ai_seconds": pace})
                    )
                    restore = (game.id, before)
                step = self.pace.pace_of(
                    game.model_copy(update={"seats": seats}),
                    before.ai_seconds if pace is None else pace,
                )
                text = self._seated_text(game, f, lvl, old, seats[f], held_for, step)
                # before the seats: a hold counts only while an AI has the seat
                await self.shared.store.put_seat_hold(game.id, f, held_for)
                game = await self.lobby.store_seats(game, seats, text)
            except ServiceError as e:
                return Reply.error(e.told(self.shared.texts.front.command))
            except StaleAction:
                if restore is not None:  # a refused order changes nothing
                    await self.shared.store.set_pace(*restore)
                again = self.shared.texts.command(game.kind, "ai")
                return Reply.error(f"The game changed meanwhile; try {again} again.")
        return announced(game, text)

    def _seated_text(
        self,
        game: GameRecord,
        f: str,
        lvl: str,
        old: int | None,
        new: int,
        held_for: int | None,
        step: float,
    ) -> str:
        """What the channel is told: which AI plays the seat (and who did), its pace, and
        who may take the seat back."""
        join = self.shared.texts.command(game.kind, "join")
        mention = self.shared.texts.mention
        was = f" (was {mention(old)})" if old not in (None, new) else ""
        back = (
            f"Anyone may take the seat with {join}."
            if held_for is None
            else f"{mention(held_for)} takes the seat back with {join}."
        )
        title = self.shared.loader.rules_of(game).info.seat_titles.get(f, f)
        return f"{title} is played by {ai_name(lvl)}{was}, a step every {step:g} s. {back}"

    async def _held_for(
        self, game: GameRecord, f: str, user: int, *, is_manager: bool
    ) -> int | None:
        """Whom the AI that takes `f`'s seat holds it for (they alone take it back), or
        None (anyone may); ServiceError when the seat is a person's who has not let it go.
        A person's seat goes to an AI at their own request, by a server manager (then anyone
        may take it), or once the game's reminders gave up on them (held for them)."""
        old = game.seats.get(f)
        if old is None:
            return None
        if is_ai(old):  # another level: the seat stays held for whom it was
            return (await self.shared.store.seat_holds(game.id)).get(f)
        if user == old:
            return old
        if is_manager:
            return None
        if await self._given_up_on(game, old):
            return old
        g = self.shared.loader.rules_of(game)
        mention = self.shared.texts.mention
        raise ServiceError(
            f"{g.info.seat_titles.get(f, f)} is {mention(old)}'s seat. An AI takes over a "
            f"person's seat only at their own request ({self.shared.texts.command(g.info.id, 'ai')}"
            f" by {mention(old)}), by a member with Manage Server, or once the game has stalled "
            "waiting for them (after its stall notice)."
        )

    async def _given_up_on(self, game: GameRecord, person: int) -> bool:
        """The game's reminders have given up on `person`: their wait is past the stall
        notice (or, where games are never archived, the wait's job ended after it)."""
        if game.status != "active":
            return False
        job = await self.shared.store.reminder(game.id)
        if job is not None:
            return job.user_id == person and job.stage > STALLED
        return (
            self.shared.texts.waiting_for(game, await self.shared.loader.state_of(game)) == person
        )

    # --- moves -----------------------------------------------------------------------------

    async def tick(self, limit: int = 20) -> int:
        """Claim the AI seats' turns due now and start them; return how many."""
        now = self.shared.reminders.clock()
        jobs = await self.shared.store.due_reminders(now, limit, ai_only=True)
        for job in jobs:
            self.start(job)
        return len(jobs)

    def start(self, job: Reminder) -> None:
        """A due job of an AI seat: think and move in the background (one step per game at
        a time; a second claim while it thinks is a no-op, the move replaces the job)."""
        self.moving = {g: t for g, t in self.moving.items() if not t.done()}
        if job.game_id in self.moving:
            return
        self.moving[job.game_id] = asyncio.create_task(
            self._move_job(job), name=f"vj-ai-{job.game_id}"
        )

    async def _move_job(self, job: Reminder) -> None:
        try:
            reply = await self.move(job.channel_id)
        except Exception:
            log.exception("game %s: the AI's step failed", job.game_id)
            reply = None
        if reply is None:
            # nothing stored (it failed, the game moved on, or the seat changed hands): a
            # change left its own job; this one, if it still stands, comes back later
            later = self.shared.reminders.clock() + RETRY
            await self.shared.store.reminder_later(job.game_id, job.version, later)
            return
        if self.deliver is not None and reply.announcement is not None:
            await self.deliver(reply, job.channel_id)

    async def move(self, channel: str) -> Reply | None:
        """The AI on turn takes one step: thought in a worker process, stored and announced
        like a person's order (the AI seats' answers to it after it). None when no AI is on
        turn, the game changed meanwhile, or the thought was given up (`stop_thinking`)."""
        async with self._one_search(channel):
            try:
                return await self._move(channel)
            except BrokenGame:  # no AI moves a game that does not load: its commands say why
                return None
            except ThoughtStopped:
                return None

    async def due(self, game: GameRecord | None, *, reveal: bool = True) -> bool:
        """Whether `game` waits for what `move` does: an AI seat's decision, or (with
        `reveal`) a reveal its stored position waits for. From the game's record and its
        loaded state, without thinking; False for a game that does not load (its commands
        say why)."""
        if game is None or game.status != "active":
            return False
        try:
            turn = await self._turn(game)
        except ServiceError:  # a game that does not load (BrokenGame), or its files
            return False
        return turn is not None and (reveal or turn.seat is not None)

    async def _turn(self, game: GameRecord) -> AiTurn | None:
        """The AI seat whose decision `game` waits for (`seat` None: a reveal its stored
        position waits for, dealt before any step); None when it waits for nothing an AI
        does."""
        g = self.shared.loader.rules_of(game)
        state = await self.shared.loader.state_of(game)
        if g.chance(state) is not None:
            return AiTurn(g, state, None, None, "")
        user = self.shared.texts.waiting_for(game, state)
        level = ai_level(user, self.shared.registry.levels(g.info.id))
        seat = g.to_move(state)
        if level is None or user is None or seat is None:
            return None
        return AiTurn(g, state, seat, user, level)

    async def _move(self, channel: str) -> Reply | None:
        game = await self.shared.store.open_game(channel)
        if game is None or game.status != "active":
            return None
        turn = await self._turn(game)
        if turn is None:
            return None
        if turn.seat is None or turn.user is None:  # stored waiting for a reveal
            return await self._reveal(channel, game)
        g, state, user = turn.g, turn.state, turn.user
        if self.pace.all_ai(game):
            async with self._all_ai:
                action, why = await self._thought(channel, game, turn)
        else:
            action, why = await self._thought(channel, game, turn)
        async with self.shared.locks(channel):
            now = await self.shared.store.open_game_at_turn(channel)
            if now is None or now.game.version != game.version:
                return None  # someone moved (or a seat changed) while it thought
            step = notation_of(g).describe(public(g, state), action)
            outcome = await self.shared.pipeline.apply_and_store(
                now.game, state, user, [Step(step, action)], None, read=now, explained=why
            )
        reply = await self.shared.pipeline.moved_reply(outcome, self.after_finish)
        return await self.answers.answered(channel, game.kind, reply)

    async def _thought(
        self, channel: str, game: GameRecord, turn: AiTurn
    ) -> tuple[object, Explained | None]:
        """The AI seat's step, thought in a worker from what its seat sees (nothing more);
        with the why of its turn where its game's worker says it (a turn of one step)."""
        g, seat = turn.g, turn.seat
        assert seat is not None
        view = g.view(turn.state, seat)
        player = self.shared.registry.player(g.info.id, turn.level)
        args = (view, seat, f"{game.id}:{game.actions}", self.think_seconds)
        explain = self.shared.registry.step_explainer(g.info.id)
        if explain is None:
            return await self._run(think, player, *args, channel=channel), None
        action, why = await self._run(
            think_and_explain, player, explain, *args, turn.level, channel=channel
        )
        return action, Explained(turn.state, why)

    async def _reveal(self, channel: str, game: GameRecord) -> Reply | None:
        """The reveal a stored position waits for, dealt and announced (then the AI's job,
        if an AI decides next, comes again with the next wait)."""
        async with self.shared.locks(channel):
            now = await self.shared.store.open_game_at_turn(channel)
            if now is None or now.game.version != game.version:
                return None  # someone moved (and so dealt it) meanwhile
            state = await self.shared.loader.state_of(now.game)
            seen = await self.shared.pipeline.reveal_pending(now.game, state, now, [])
        return (
            None
            if seen is None
            else await self.shared.pipeline.moved_reply(seen, self.after_finish)
        )

    # --- hints -----------------------------------------------------------------------------

    @answers()
    async def hint(self, channel: str, user: int, *, kind: str | None = None) -> Reply:
        """`hint`: the computer's suggestion for the decision now, privately, for the person
        it is waiting for, thought from that seat's own view (nothing hidden goes into it: it
        samples the unknown)."""
        game = await self.shared.store.open_game(channel)
        if game is not None and kind is not None:
            self.shared.games.check_kind(game, kind)  # another game's group is told which to use
        if game is None or game.status != "active":
            return Reply.error("There is no game in progress here, so there is nothing to hint.")
        g = self.shared.loader.rules_of(game)
        state = await self.shared.loader.state_of(game)
        seat = g.to_move(state)
        if seat is None or game.seats.get(seat) != user:
            who = self.shared.texts.who(game, seat) if seat is not None else "nobody"
            return Reply.error(f"A hint is for the player whose decision it is now: {who}.")
        if user in self.hinting:
            return Reply.error("Your last hint is still being thought out; wait for it.")
        self.hinting.add(user)
        try:
            async with self._one_search(channel):
                found = await self._run(
                    advise,
                    self.shared.registry.adviser(g.info.id),
                    g.view(state, seat),
                    seat,
                    f"hint:{game.id}:{game.actions}",
                    time.monotonic() + self.hint_seconds,  # a worker's start counts too
                    channel=channel,
                )
        except ThoughtStopped:
            return Reply.error(
                "The hint was stopped before it was ready; "
                f"{self.shared.texts.command(g.info.id, 'hint')} asks again."
            )
        finally:
            self.hinting.discard(user)
        self.hints.keep(user, channel, HintOrder(game.id, game.version, found.order, seat))
        return Reply(
            text=f"{found.summary}\nPress {self.shared.texts.strong('Play this turn')} to play it "
            "whole, in one order "
            "(refused once anything else has moved).",
            ephemeral=True,
            buttons=[
                Button("Play this turn", custom_id(game, HINT), style="success"),
            ],
            version=game.version,
        )
