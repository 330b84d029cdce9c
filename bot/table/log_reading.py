"""The log a player reads (`log`): the game's last steps told as the channel told them, each
step in its lines or in words, each message's lines merged by the one rule the announcements
use (textlog.told_messages), rebuilt by replaying the steps from a stored state before them."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from db import GameRecord, StoredAction
from rules.capabilities import StoredSteps, narration_of, turns_of, with_later
from rules.game import Seat

from .ai_users import is_ai
from .loading import AnyGame, GameLoader, public
from .textlog import ToldStep, handed_back, hands_off, opening_said, step_said, told_messages

# steps replayed beyond the lines asked for: a step tells a line or more, a merge joins some,
# and the first message of the replay may be cut (it is left out)
STEPS_BEYOND = 60
KEPT_STEPS = 400  # steps a kept replay holds at least (those of the longest log asked for)
REPLAYS_KEPT = 8  # games whose last replay is kept


async def told_log(
    loader: GameLoader, record: GameRecord, lines: int, replays: LogReplays | None = None
) -> list[str]:
    """The last `lines` lines of the game's log as the channel told them; BrokenGame, as
    for every command, when the game no longer loads. The replay starts far enough back that
    `lines` lines come after the first message it holds (which may have begun before it and
    is left out): further back while one message is longer than the steps replayed (an AI's
    turn told in one message), from the setup at worst. `replays`: the last replay of each
    game read, taken on from where it stopped when its log has only grown since."""
    await loader.loaded(record)  # cached: the game as it stands, or why it does not load
    kept = replays.take(record) if replays is not None else None
    if kept is not None and (told := await _gone_on(loader, record, kept)) is not None:
        if replays is not None:
            replays.keep(record, kept)
        if kept.from_setup or len(told) >= lines:
            return told[-lines:]
    beyond = STEPS_BEYOND
    while True:
        state, start = await loader.state_at_most(record, max(0, record.actions - lines - beyond))
        stored = await loader.store.actions(record.id, after=start)
        replay = Replay(loader.rules_of(record), state, start == 0, ai_seats(record))
        told = await loader.workers.run(replay.told_after, stored)
        if start == 0 or len(told) >= lines:
            if replays is not None:
                replays.keep(record, replay)
            return told[-lines:]
        beyond = 2 * (beyond + lines)


async def _gone_on(loader: GameLoader, record: GameRecord, kept: Replay) -> list[str] | None:
    """The lines `kept` tells once it takes the steps stored since; None when the last step
    it took is no longer stored as it was (a log written again)."""
    if kept.last is None:
        return await loader.workers.run(kept.told_after, await loader.store.actions(record.id))
    stored = await loader.store.actions(record.id, after=kept.last.seq - 1)
    if not stored or stored[0] != kept.last:
        return None
    return await loader.workers.run(kept.told_after, stored[1:])


def ai_seats(record: GameRecord) -> Callable[[Seat | None], bool]:
    """Whether a seat of the game is an AI's (whose decision asks nobody: `hands_off`)."""
    seats = dict(record.seats)
    return lambda seat: is_ai(seats.get(seat or ""))


def told_lines(g: AnyGame, steps: Sequence[ToldStep]) -> list[str]:
    """Steps told as the channel told them, message after message."""
    return [line for message in told_messages(g, steps) for line in message]


@dataclass(frozen=True)
class _Replayed:
    told: ToldStep
    at: int  # where the game's log stood when the step began (a log-keeping game's)
    logged: bool  # its lines are lines of the game's log, not the step in words


def replayed(
    g: AnyGame,
    state: object,
    stored: Sequence[StoredAction],
    from_setup: bool,
    ai: Callable[[Seat | None], bool] = lambda seat: False,
) -> tuple[object, list[ToldStep]]:
    """The state after the stored steps from `state` on (`from_setup`: the game's setup, whose
    lines are told first), and each step with what the channel was told of it (`Replay`)."""
    replay = Replay(g, state, from_setup, ai)
    replay.take(stored)
    return replay.state, replay.told_steps()


class Replay:
    """Stored steps replayed from a state, each with what the channel was told of it, the
    last of each move (a seat's step and the chance steps it dealt) marked where its message
    closes (`hands_off`; `ai`: whether a seat is an AI's). In a game that keeps count of its
    own log, a step that takes back a seat's last step (an undo) takes back what that step
    told (and what the chance steps it dealt told), and every line the log loses with it,
    before it tells its own. It takes more steps as the game goes on."""

    def __init__(
        self,
        g: AnyGame,
        state: object,
        from_setup: bool,
        ai: Callable[[Seat | None], bool] = lambda seat: False,
    ) -> None:
        self.g, self.state, self.from_setup, self.ai = g, state, from_setup, ai
        self.view = public(g, state)
        self.steps: list[_Replayed] = []
        if from_setup:
            self.steps.append(_Replayed(ToldStep(None, opening_said(g, self.view)), 0, True))
        self.moved_from: object | None = None  # the position the move under way began in
        self.answered = False  # the move under way is an AI seat's answer at once (its why)
        self.last: StoredAction | None = None  # the last step taken
        self.steps_taken: StoredSteps[object, object] = StoredSteps(g)

    def take(self, stored: Sequence[StoredAction]) -> None:
        g = self.g
        actions = [g.action_from_json(json.dumps(r.action, separators=(",", ":"))) for r in stored]
        for row, (action, later) in zip(stored, with_later(actions), strict=True):
            self.last = row
            after = self.steps_taken.take(self.state, action, later)
            if after is None:  # taken unasked by the step before, which told it
                continue
            if row.faction is not None:  # a seat's step: the move before it ends here
                _close(g, self.steps, self.moved_from, self.state, self.ai, self.answered)
                self.moved_from = self.state
                self.answered = self.ai(row.faction) and turns_of(g).out_of_turn(action)
            self.state = after
            before_view, self.view = self.view, public(g, self.state)
            said = step_said(g, before_view, action, self.view, row.faction)
            tail = narration_of(g).log_tail(self.view)
            at = 0 if tail is None else tail[0]
            if tail is not None and turns_of(g).undoes(action):
                while self.steps and self.steps.pop().told.seat is None:
                    pass
                self.steps = [
                    st for st in self.steps if st.at < at or (st.at == at and not st.logged)
                ]
            logged = tail is None or bool(tail[1])
            self.steps.append(_Replayed(ToldStep(row.faction, said), at, logged))

    def told_steps(self) -> list[ToldStep]:
        """The steps taken, the move under way closed where it stands."""
        steps = list(self.steps)
        _close(self.g, steps, self.moved_from, self.state, self.ai, self.answered)
        return [st.told for st in steps]

    def told_after(self, stored: Sequence[StoredAction]) -> list[str]:
        """The lines told once `stored` is taken too, message after message, the first
        message left out unless the replay holds the setup (it may have begun before)."""
        self.take(stored)
        messages = told_messages(self.g, self.told_steps())
        self._forget_beyond(KEPT_STEPS)
        return [line for m in (messages if self.from_setup else messages[1:]) for line in m]

    def _forget_beyond(self, kept: int) -> None:
        """Past twice `kept` steps, those before the last `kept` go, up to a message's end."""
        if len(self.steps) <= 2 * kept:
            return
        cut = len(self.steps) - kept
        while cut > 0 and not self.steps[cut - 1].told.closes:
            cut -= 1
        if cut > 0:
            self.steps, self.from_setup = self.steps[cut:], False


class LogReplays:
    """The last replay of each of the games whose logs were read lately (REPLAYS_KEPT), each
    taken by one reader at a time (`take`, then `keep`), for as long as its game's seats and
    the steps it took are as stored."""

    def __init__(self) -> None:
        self._kept: OrderedDict[int, tuple[dict[str, int], Replay]] = OrderedDict()

    def take(self, record: GameRecord) -> Replay | None:
        found = self._kept.pop(record.id, None)
        if found is None or found[0] != record.seats:
            return None
        return found[1]

    def keep(self, record: GameRecord, replay: Replay) -> None:
        self._kept[record.id] = (dict(record.seats), replay)
        while len(self._kept) > REPLAYS_KEPT:
            self._kept.popitem(last=False)


def _close(
    g: AnyGame,
    steps: list[_Replayed],
    moved_from: object | None,
    now: object,
    ai: Callable[[Seat | None], bool],
    answered: bool,
) -> None:
    """Mark the last step told where the move from `moved_from` to `now` closes its
    message, or hands the decision back to an AI inside it, or is an AI seat's answer at
    once (`answered`: its why follows), as its announcement did."""
    if moved_from is None or not steps:
        return
    last = steps[-1]
    ai_next = ai(g.to_move(now))
    closes = hands_off(g, moved_from, now, ai_next)
    back = not closes and (answered or handed_back(g, moved_from, now, ai_next))
    steps[-1] = replace(last, told=replace(last.told, closes=closes, handed_back=back))
