"""The log a player reads (`log`): the game's last steps told as the channel told them, each
step in its lines or in words, each message's lines merged by the one rule the announcements
use (textlog.told_messages), rebuilt by replaying the steps from a stored state before them."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from db import GameRecord, StoredAction
from rules.capabilities import narration_of, turns_of
from rules.game import Seat

from .ai_users import is_ai
from .loading import AnyGame, GameLoader, public
from .textlog import ToldStep, hands_off, opening_said, step_said, told_messages

# steps replayed beyond the lines asked for: a step tells a line or more, a merge joins some,
# and the first message of the replay may be cut (it is left out)
STEPS_BEYOND = 60


async def told_log(loader: GameLoader, record: GameRecord, lines: int) -> list[str]:
    """The last `lines` lines of the game's log as the channel told them; BrokenGame, as
    for every command, when the game no longer loads. The replay starts far enough back that
    `lines` lines come after the first message it holds (which may have begun before it and
    is left out): further back while one message is longer than the steps replayed (an AI's
    turn told in one message), from the setup at worst."""
    await loader.loaded(record)  # cached: the game as it stands, or why it does not load
    g = loader.rules_of(record)
    beyond = STEPS_BEYOND
    while True:
        state, start = await loader.state_at_most(record, max(0, record.actions - lines - beyond))
        stored = await loader.store.actions(record.id, after=start)
        _, steps = await loader.workers.run(
            replayed, g, state, stored, start == 0, ai_seats(record)
        )
        messages = told_messages(g, steps)
        told = [line for message in (messages if start == 0 else messages[1:]) for line in message]
        if start == 0 or len(told) >= lines:
            return told[-lines:]
        beyond = 2 * (beyond + lines)


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
    lines are told first), and each step with what the channel was told of it, the last of
    each move (a seat's step and the chance steps it dealt) marked where its message closes
    (`hands_off`; `ai`: whether a seat is an AI's). In a game that keeps count of its own
    log, a step that takes back a seat's last step (an undo) takes back what that step told
    (and what the chance steps it dealt told), and every line the log loses with it, before
    it tells its own."""
    view = public(g, state)
    steps: list[_Replayed] = []
    if from_setup:
        steps.append(_Replayed(ToldStep(None, opening_said(g, view)), 0, True))
    moved_from: object | None = None  # the position the move under way began in
    for row in stored:
        action = g.action_from_json(json.dumps(row.action, separators=(",", ":")))
        if row.faction is not None:  # a seat's step: the move before it ends here
            _close(g, steps, moved_from, state, ai)
            moved_from = state
        state = g.apply(state, action)
        before_view, view = view, public(g, state)
        said = step_said(g, before_view, action, view, row.faction)
        tail = narration_of(g).log_tail(view)
        at = 0 if tail is None else tail[0]
        if tail is not None and turns_of(g).undoes(action):
            while steps and steps.pop().told.seat is None:
                pass
            steps = [st for st in steps if st.at < at or (st.at == at and not st.logged)]
        logged = tail is None or bool(tail[1])
        steps.append(_Replayed(ToldStep(row.faction, said), at, logged))
    _close(g, steps, moved_from, state, ai)
    return state, [st.told for st in steps]


def _close(
    g: AnyGame,
    steps: list[_Replayed],
    moved_from: object | None,
    now: object,
    ai: Callable[[Seat | None], bool],
) -> None:
    """Mark the last step told where the move from `moved_from` to `now` closes its
    message, as its announcement did."""
    if moved_from is None or not steps:
        return
    last = steps[-1]
    closes = hands_off(g, moved_from, now, ai(g.to_move(now)))
    steps[-1] = replace(last, told=replace(last.told, closes=closes))
