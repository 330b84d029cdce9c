"""The log a player reads (`log`): the game's last steps told as the channel told them, each
step in its lines or in words, each message's lines merged by the one rule the announcements
use (textlog.told_messages), rebuilt by replaying the steps from a stored state before them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from db import GameRecord, StoredAction
from rules.capabilities import narration_of, turns_of

from .loading import AnyGame, GameLoader, public
from .textlog import ToldStep, opening_said, step_said, told_messages

# steps replayed beyond the lines asked for: a step tells a line or more, a merge joins some,
# and the first message of the replay may be cut (it is left out)
STEPS_BEYOND = 60


async def told_log(loader: GameLoader, record: GameRecord, lines: int) -> list[str]:
    """The last `lines` lines of the game's log as the channel told them; BrokenGame, as
    for every command, when the game no longer loads."""
    await loader.loaded(record)  # cached: the game as it stands, or why it does not load
    back = max(0, record.actions - lines - STEPS_BEYOND)
    state, start = await loader.state_at_most(record, back)
    stored = await loader.store.actions(record.id, after=start)
    g = loader.rules_of(record)
    _, steps = await loader.workers.run(replayed, g, state, stored, start == 0)
    if start > 0:  # the first message may have begun before the replay: left out
        first = told_messages(g, steps)[0]
        return told_lines(g, steps)[len(first) :][-lines:]
    return told_lines(g, steps)[-lines:]


def told_lines(g: AnyGame, steps: Sequence[ToldStep]) -> list[str]:
    """Steps told as the channel told them, message after message."""
    return [line for message in told_messages(g, steps) for line in message]


@dataclass(frozen=True)
class _Replayed:
    told: ToldStep
    at: int  # where the game's log stood when the step began (a log-keeping game's)
    logged: bool  # its lines are lines of the game's log, not the step in words


def replayed(
    g: AnyGame, state: object, stored: Sequence[StoredAction], from_setup: bool
) -> tuple[object, list[ToldStep]]:
    """The state after the stored steps from `state` on (`from_setup`: the game's setup, whose
    lines are told first), and each step with what the channel was told of it. In a game that
    keeps count of its own log, a step that takes back a seat's last step (an undo) takes
    back what that step told (and what the chance steps it dealt told), and every line the
    log loses with it, before it tells its own."""
    view = public(g, state)
    steps: list[_Replayed] = []
    if from_setup:
        steps.append(_Replayed(ToldStep(None, opening_said(g, view)), 0, True))
    for row in stored:
        action = g.action_from_json(json.dumps(row.action, separators=(",", ":")))
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
    return state, [st.told for st in steps]
