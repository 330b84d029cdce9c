"""An exported game read back, for any game: its rules, its options with their files, and its
log replayed (a game dealt by its seed gets the seed's outcomes written in). Pure: the import
and `python -m bot.verify` call it in a worker thread or a script."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pydantic
from pydantic import BaseModel

import rules.games  # noqa: F401  (registers every game)
from db import GameExport, Snapshot
from db.models import ExportedAction
from rules.errors import DataError, excerpt
from rules.game import game

from .loading import PLAYERS, AnyGame, public
from .textlog import LogTail, follow_step


class ExportRefused(ValueError):
    """An export that cannot be used: what is wrong, in words a player can act on."""


@dataclass
class Replayed:
    """An uploaded game, replayed: its data, its final state and text log, and the snapshot
    to store (its last state at an undo barrier, which a loaded state must start from)."""

    game: AnyGame
    data: GameExport
    options: BaseModel
    state: object
    log: list[str]
    snapshot: Snapshot


def rules_of_export(data: GameExport) -> AnyGame:
    try:
        return game(data.game)
    except ValueError as e:
        raise ExportRefused(f"the export is of a game this bot does not know: {e}") from e


def options_of_export(g: AnyGame, data: GameExport) -> BaseModel:
    """The options an export plays with, its component files attached."""
    files = {k: str(v) for k, v in data.options.items() if k in g.file_names() and v is not None}
    plain = {k: v for k, v in data.options.items() if k not in files and k != PLAYERS}
    try:
        options = g.info.options.model_validate(plain, strict=True)
    except pydantic.ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise ExportRefused(f"options.{where}: {first['msg']}") from None
    if not files:
        return options
    try:
        return g.with_files(options, files)
    except (DataError, ValueError) as e:
        raise ExportRefused(f"the game's files cannot be used: {e}") from e


def players_of_export(g: AnyGame, data: GameExport) -> tuple[str, ...]:
    """The seats an exported game is played with: those it started with (its options say,
    for a game of fewer players than seats), else every seat."""
    started = str(data.options.get(PLAYERS) or "")
    seats = tuple(
        s for s in g.info.seats if (s in started.split(",") if started else s in data.seats)
    )
    if g.info.min_players == len(g.info.seats) or not seats:
        return g.info.seats
    return seats


def replay_export(data: GameExport) -> Replayed:
    """Replay an exported game; ExportRefused naming the first step that does not replay.
    Cost linear in the number of actions (bounded by the export model).

    Format 2 replays from its log alone (its chance entries). A format-1 export was dealt by
    its seed, which tells its whole future (and which the uploader may have chosen): its
    seed's outcomes so far are written into the log as chance entries and the seed is
    dropped, so a fresh secret deals what comes next, as for any imported game."""
    g = rules_of_export(data)
    unknown = sorted(set(data.seats) - set(g.info.seats))
    if unknown:
        raise ExportRefused(
            f"seats.{excerpt(unknown[0])}: not a seat of {g.info.title} (its seats: "
            f"{', '.join(g.info.seats)})"
        )
    options = options_of_export(g, data)
    steps: list[object] = []
    for i, ex in enumerate(data.actions, start=1):
        try:
            steps.append(g.action_from_json(json.dumps(ex.action)))
        except (pydantic.ValidationError, ValueError) as e:
            kind = excerpt(ex.action.get("type", ex.action.get("kind")))
            raise ExportRefused(f"Step {i} (type {kind}) is not an action I know.") from e
    seats = players_of_export(g, data)
    if data.seed is not None:
        try:
            whole = g.outcomes_written_out(data.seed, options, steps)
        except ValueError as e:
            raise ExportRefused(f"The log does not replay: {str(e)[:300]}") from e
    else:
        whole = steps
    written_in = len(whole) > len(steps)  # the seed's outcomes, not in the export's log
    try:
        state = g.new_game(options, seats)
    except ValueError as e:
        raise ExportRefused(f"The game cannot be set up: {e}") from e
    log: list[ExportedAction] = []
    given = iter(data.actions)
    text = LogTail(0, [])
    view = public(g, state)
    follow_step(g, text, view, None, view, None)
    barrier = (0, state)
    for i, action in enumerate(whole, start=1):
        dealt = g.chance(state) is not None
        if dealt and written_in:
            entry = ExportedAction.model_validate({"action": json.loads(g.action_to_json(action))})
        else:
            entry = next(given)
        try:
            after = g.apply(state, action)
        except ValueError as e:
            raise ExportRefused(
                f"The log does not replay: step {i} (`{g.describe(view, action)}`) is refused: "
                f"{str(e)[:300]}"
            ) from e
        before, view = view, public(g, after)
        follow_step(g, text, before, action, view, None if dealt else entry.faction)
        state = after
        log.append(entry)
        if g.settled(state):
            barrier = (len(log), state)
    pending = g.chance(state)
    if pending is not None and g.result(state) is None:
        raise ExportRefused(f"The log stops before {pending}: it was cut short.")
    if data.seed is not None:
        data = data.model_copy(update={"seed": None, "format_version": 2, "actions": log})
    seq, at = barrier
    return Replayed(
        g, data, options, state, text.lines, Snapshot(seq=seq, state=g.state_to_json(at))
    )
