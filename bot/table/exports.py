"""An exported game read back, for any game: its rules, its options with their files, and its
log replayed (a game dealt by its seed gets the seed's outcomes written in). Pure: the import
and `python -m bot.table.verify` call it in a worker thread or a script."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pydantic
from pydantic import BaseModel

from db import GameExport, Snapshot
from db.export import one_line
from db.models import FIRST_GAME, PLAYERS, SECRET_STARTS, ExportedAction
from rules.capabilities import (
    StoredSteps,
    files_of,
    notation_of,
    seeding_of,
    turns_of,
    with_later,
)
from rules.dealing import Verification, commitment, legacy_commitment, verify
from rules.errors import DataError, excerpt
from rules.game import player_options
from rules.text import inert, quoted, shown
from rules.validation import Problem, first_problem, member_for, value_problem

from .front_end import CommandNaming, as_written, by_words
from .games.entry import Registry
from .loading import AnyGame, public
from .textlog import LogTail, follow_opening, follow_step
from .words import dealt_count, one_of, reveals


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
    secret_note: str | None = None  # what its secret and commitment were found to be


def rules_of_export(data: GameExport, games: Registry) -> AnyGame:
    """The rules of the game an export is of, among `games` (those the table hosts)."""
    try:
        return games.game(data.game)
    except ValueError as e:
        raise ExportRefused(f"the export is of a game this bot does not know: {e}") from e


def elsewhere(exported: str, kind: str, named: CommandNaming, games: Registry) -> str:
    """Where an export of another game than `kind` is imported (its command as `named`)."""
    try:
        theirs = games.game(exported).info
        command = named(theirs.id, "import")
    except ValueError:
        return f"This export is of a game this bot does not know ({quoted(exported, 32)})."
    return (
        f"This file is an export of {theirs.title}, not of {games.game(kind).info.title} "
        f'(`"game": "{exported}"` in the file): import it with `{command}`.'
    )


def checked_by_rules(
    games: Registry, kind: str | None, named: CommandNaming = by_words
) -> Callable[[dict[str, Any]], None]:
    """A check of an export's document by the game it names, before the export format's
    own (db.export.parse_export), so that a refusal is in the rules' words: it is of the
    game `kind` (when a game's group took it), its options and each step are the game's.
    `named`: how the front end names a command."""

    def check(doc: dict[str, Any]) -> None:
        name = doc.get("game", FIRST_GAME)  # an export from before games had kinds
        if not isinstance(name, str):
            return  # the format's check says what a game is
        if kind is not None and name != kind:
            raise ExportRefused(elsewhere(name, kind, named, games))
        try:
            g = games.game(name)
        except ValueError:
            return
        options = doc.get("options")
        if isinstance(options, dict):
            plain_options(
                g, {k: v for k, v in options.items() if k not in files_of(g).file_names()}
            )
            started_with(g, options.get(PLAYERS), doc)
        actions = doc.get("actions")
        if isinstance(actions, list):
            steps = (a for a in actions if not (isinstance(a, dict) and SECRET_STARTS in a))
            for i, a in enumerate(steps, start=1):
                if isinstance(a, dict) and isinstance(a.get("action"), dict):
                    read_step(g, i, a["action"])

    return check


def export_options(g: AnyGame) -> tuple[str, ...]:
    """What an export's options may hold, the one list every path that reads them goes by:
    the options a player chooses, the component files by their names, and, for a game of
    fewer players than seats, the seats it started with."""
    started = (PLAYERS,) if g.info.min_players < len(g.info.seats) else ()
    return (*player_options(g.info.options), *files_of(g).file_names(), *started)


def _options_said(g: AnyGame) -> str:
    """`its options: timurs_shadow; its files: deck`: what an export's options may hold."""
    chosen, files = player_options(g.info.options), files_of(g).file_names()
    parts = [f"its options: {', '.join(chosen)}" if chosen else "no option of its own"]
    if files:
        parts.append(f"its files: {', '.join(files)}")
    if PLAYERS in export_options(g):
        parts.append(f"{PLAYERS}: the {g.info.seat_word}s it started with")
    return "; ".join(parts)


def plain_options(g: AnyGame, given: Mapping[str, object]) -> BaseModel:
    """The options but the files, as the game reads them; ExportRefused in its words."""
    plain = {k: v for k, v in given.items() if k != PLAYERS}
    model = g.info.options
    for name in given:
        if name in export_options(g):
            continue
        if name in model.model_fields:  # the game's own (a file's hash)
            raise ExportRefused(f"options.{name}: the game sets it itself ({_options_said(g)}).")
        raise ExportRefused(
            f"options.{inert(name)}: not an option of {g.info.title} ({_options_said(g)})."
        )
    try:
        return g.info.options.model_validate(plain, strict=True)
    except pydantic.ValidationError as e:
        problem = first_problem(e, plain, g.info.options.model_json_schema())
        raise ExportRefused(f"options.{one_line(str(problem), 300)}.") from None


def started_with(g: AnyGame, given: object, doc: Mapping[str, object]) -> tuple[str, ...] | None:
    """The seats `options.players` says the game started with (None: it says none), checked
    before the log is replayed: seats of the game, as many as it takes, and every seat the
    export seats a player in or says played a step among them."""
    if given is None or given == "":
        return None
    seats = g.info.seats
    allowed = (
        f"the {g.info.seat_word}s the game started with, {g.info.min_players} to "
        f"{g.info.max_players} of {', '.join(seats)}, separated by commas"
    )
    named = given.split(",") if isinstance(given, str) else []
    if (
        PLAYERS not in export_options(g)
        or not set(named) <= set(seats)
        or len(set(named)) != len(named)
        or not g.info.min_players <= len(named) <= g.info.max_players
    ):
        if PLAYERS not in export_options(g):
            allowed = f"none: {g.info.title} always starts with {', '.join(seats)}"
        raise ExportRefused(f"options.{PLAYERS}: {shown(given)} is not {allowed}.")
    players = tuple(s for s in seats if s in named)
    seated = doc.get("seats")
    for seat in seated if isinstance(seated, dict) else ():
        if seat in seats and seat not in players:
            raise ExportRefused(
                f"options.{PLAYERS}: the game started with {', '.join(players)}, but the "
                f"export seats a player as {seat}."
            )
    actions = doc.get("actions")
    for i, a in enumerate(actions if isinstance(actions, list) else (), start=1):
        seat = a.get("faction") if isinstance(a, dict) else None
        if seat in seats and seat not in players:
            raise ExportRefused(
                f"options.{PLAYERS}: the game started with {', '.join(players)}, but entry "
                f"{i} of its log is played by {seat}."
            )
    return players


def read_step(g: AnyGame, number: int, action: Mapping[str, Any]) -> object:
    """One step of an export's log as the game reads it; ExportRefused naming the step,
    the field and what the rules allow there. A value the game would only convert (`true`
    for a number, "2" for 2) is refused too: the log keeps what it was given."""
    schema = notation_of(g).action_schema()
    try:
        read = g.action_from_json(json.dumps(action))
    except ValueError as e:
        said = first_problem(e, action, schema) if isinstance(e, pydantic.ValidationError) else e
        raise _step_refused(number, action, schema, said) from None
    try:  # the export format's bounds, said in the same words
        ExportedAction.model_validate({"action": action})
    except pydantic.ValidationError as e:
        p = first_problem(e, {"action": action}, _format_schema())
        raise _step_refused(number, action, schema, Problem(p.where[1:], p.said)) from None
    as_read = json.loads(g.action_to_json(read))
    fields = member_for(schema, action).get("properties", {})
    for field, value in action.items():
        if field not in as_read and field not in fields:  # a field the game would drop
            listed = f" (its fields: {', '.join(sorted(fields))})" if fields else ""
            said = Problem((field,), f"not a field here{listed}")
            raise _step_refused(number, action, schema, said)
        if field in as_read and not _same(value, as_read[field]):
            raise _step_refused(number, action, schema, value_problem(schema, action, field))
    return read


def _same(given: object, read: object) -> bool:
    """Whether a value was read as it was written (a JSON list for a tuple, the same type)."""
    if isinstance(given, list) and isinstance(read, list):
        return len(given) == len(read) and all(map(_same, given, read))
    return type(given) is type(read) and given == read


@functools.cache
def _format_schema() -> Mapping[str, Any]:
    return ExportedAction.model_json_schema()


def _step_refused(
    number: int, action: Mapping[str, object], schema: Mapping[str, object], said: object
) -> ExportRefused:
    tagged = schema.get("discriminator")
    key = str(tagged.get("propertyName")) if isinstance(tagged, Mapping) else "kind"
    tag = next((action[k] for k in (key, "kind", "type") if k in action), None)
    named = f" ({inert(tag, 20)})" if isinstance(tag, str) and tag else ""
    return ExportRefused(f"Step {number}{named}: {one_line(str(said), 300)}.")


def options_of_export(g: AnyGame, data: GameExport) -> BaseModel:
    """The options an export plays with, its component files attached."""
    files = {
        k: str(v)
        for k, v in data.options.items()
        if k in files_of(g).file_names() and v is not None
    }
    options = plain_options(g, {k: v for k, v in data.options.items() if k not in files})
    if not files:
        return options
    try:
        return files_of(g).with_files(options, files)
    except (DataError, ValueError) as e:
        raise ExportRefused(f"the game's files cannot be used: {e}") from e


def players_of_export(g: AnyGame, data: GameExport) -> tuple[str, ...]:
    """The seats an exported game is played with: those it started with (its options say,
    for a game of fewer players than seats: `started_with`), else those it seats, else
    every seat."""
    if g.info.min_players == len(g.info.seats):
        return g.info.seats
    started = started_with(g, data.options.get(PLAYERS), {})
    seats = started or tuple(s for s in g.info.seats if s in data.seats)
    return seats or g.info.seats


def replay_export(
    data: GameExport, games: Registry, strong: Callable[[str], str] = as_written
) -> Replayed:
    """Replay an exported game; ExportRefused naming the first step that does not replay.
    Cost linear in the number of actions (bounded by the export model).

    Format 2 replays from its log alone (its chance entries). A format-1 export was dealt by
    its seed, which tells its whole future (and which the uploader may have chosen): its
    seed's outcomes so far are written into the log as chance entries and the seed is
    dropped, so a fresh secret deals what comes next, as for any imported game."""
    g = rules_of_export(data, games)
    options, whole = _read(g, data)
    written_in = len(whole) > len(data.actions)  # the seed's outcomes, not in the export's log
    players = players_of_export(g, data)
    try:
        state = g.new_game(options, players)
    except ValueError as e:
        raise ExportRefused(f"The game cannot be set up: {e}") from e
    setup = PLAYERS in data.options and g.info.min_players < len(g.info.seats)
    log: list[ExportedAction] = []
    given = iter(data.actions)
    moved: dict[int, int] = {}  # each given step's seq, where the log written out has it
    text = LogTail(0, [])
    view = public(g, state)
    follow_opening(g, text, view)
    initial = barrier = (0, state)
    steps = StoredSteps(g)
    for i, (action, later) in enumerate(with_later(whole), start=1):
        dealt = g.chance(state) is not None
        if dealt and written_in:
            entry = ExportedAction.model_validate({"action": json.loads(g.action_to_json(action))})
        else:
            entry = _moved(next(given), moved, len(log) + 1) if written_in else next(given)
        seat = None if dealt else deciding(g, state, action)
        setup = setup and dealt  # the deals before the first decision
        try:
            after = steps.take(state, action, later)
        except (ValueError, LookupError) as e:  # a lookup: a card or city the game lacks
            raise _not_replayed(g, view, i, action, e, players if setup else None) from e
        if after is not None:  # else stored before the rules took it unasked: told already
            entry = labelled(g, entry, seat, step_text(g, view, i, action))
            before, view = view, public(g, after)
            follow_step(g, text, before, action, view, entry.faction)
            state = after
        log.append(entry)
        if turns_of(g).settled(state):
            barrier = (len(log), state)
    pending = g.chance(state)
    if pending is not None and g.result(state) is None:
        raise ExportRefused(f"The log stops before {pending}: it was cut short.")
    if data.seed is not None:
        data = data.model_copy(update={"seed": None, "format_version": 2, "actions": log})
    else:  # each step with the seat that played it
        data = data.model_copy(update={"actions": log})
    seq, at = barrier
    note = secret_note(g, data, initial[1], whole, strong)
    return Replayed(
        g, data, options, state, text.lines, Snapshot(seq=seq, state=g.state_to_json(at)), note
    )


def _moved(entry: ExportedAction, moved: dict[int, int], seq: int) -> ExportedAction:
    """A given step written out at `seq`: the deals written in move its steps to other seqs
    (`moved`: each given step's seq, where the log written out has it)."""
    moved[len(moved) + 1] = seq
    return entry.model_copy(update={"move": moved.get(entry.move or 0)})


def _not_replayed(
    g: AnyGame,
    view: object,
    number: int,
    action: object,
    e: Exception,
    players: tuple[str, ...] | None,
) -> ExportRefused:
    """The log refused at step `number`; `players`: the seats `options.players` gave, when
    the step is a deal of the setup (made for that many players)."""
    why = str(e) if isinstance(e, ValueError) else "it names what the game does not have"
    said = f"{step_text(g, view, number, action)} is refused: {why[:300]}"
    if players is None:
        return ExportRefused(f"The log does not replay: {said}")
    return ExportRefused(
        f"options.{PLAYERS}: the game started with {', '.join(players)} ({len(players)} "
        f"players), and its log does not replay with them: {said}"
    )


def _read(g: AnyGame, data: GameExport) -> tuple[BaseModel, list[object]]:
    """An export's options and its log's steps as the game reads them, a format-1 export's
    with its seed's outcomes written in."""
    unknown = sorted(set(data.seats) - set(g.info.seats))
    if unknown:
        raise ExportRefused(
            f"seats.{excerpt(unknown[0])}: not a seat of {g.info.title} (its seats: "
            f"{', '.join(g.info.seats)})"
        )
    options = options_of_export(g, data)
    steps = [read_step(g, i, ex.action) for i, ex in enumerate(data.actions, start=1)]
    if data.seed is None:
        return options, steps
    try:
        return options, seeding_of(g).outcomes_written_out(data.seed, options, steps)
    except ValueError as e:
        raise ExportRefused(f"The log does not replay: {str(e)[:300]}") from e


def step_text(g: AnyGame, view: object, number: int, action: object) -> str:
    """A step as a refusal names it: its number and how the game writes it (its JSON where
    the game cannot write a step it refuses)."""
    try:
        said = notation_of(g).describe(view, action)
    except (ValueError, LookupError):
        said = one_line(g.action_to_json(action), 100)
    return f"step {number} (`{inert(said, 100)}`)"  # what an export gave, made inert


def deciding(g: AnyGame, state: object, action: object) -> str | None:
    """The seat that decides `action` in `state` (as the turn pipeline gives it): the seat
    whose step an undo takes back, the seat of a step taken out of turn, else the seat to
    move."""
    if turns_of(g).undoes(action):
        undo = turns_of(g).undo(state)
        return None if undo is None else undo[0]
    return turns_of(g).actor(state, action)


def labelled(g: AnyGame, entry: ExportedAction, seat: str | None, step: str) -> ExportedAction:
    """The entry with the seat that played it, as the replay says: an entry naming none
    gets it; one naming another seat (its step shown as another's) is refused."""
    if entry.faction == seat:
        return entry
    if entry.faction is None:
        return entry.model_copy(update={"faction": seat})
    if entry.faction not in g.info.seats:
        raise ExportRefused(
            f"The log does not replay: the export says {quoted(entry.faction)} played {step}, "
            f"which is not a {g.info.seat_word} of {g.info.title} (its {g.info.seat_word}s: "
            f"{', '.join(g.info.seats)})."
        )
    said = g.info.seat_titles.get(entry.faction, entry.faction)
    if seat is None:
        raise ExportRefused(
            f"The log does not replay: {step} is a deal, which no {g.info.seat_word} plays, "
            f"but the export says {said} played it."
        )
    raise ExportRefused(
        f"The log does not replay: the export says {said} played {step}, but that step is "
        f"played by {g.info.seat_titles.get(seat, seat)}."
    )


def secret_note(
    g: AnyGame,
    data: GameExport,
    initial: object,
    log: Sequence[object],
    strong: Callable[[str], str] = as_written,
) -> str | None:
    """What the import says of the export's secret and commitment (the game's own secret
    deals what comes next): checked as `verify` checks them, never dropped unsaid."""
    if not g.info.deals:
        return None  # nothing was dealt for a secret to have dealt
    if data.fairness is None:
        return (
            None
            if data.dealer is None
            else "Its deals so far are replayed as its log records them: an export of a game "
            "still running holds no secret to check them with."
        )
    # the log's own word on where its secret began (its commitment binds it), as it says it
    recorded = None if data.dealer is None else data.dealer.commitment
    status, said = check_secret(g, data, initial, log, recorded)
    said = one_line(said.replace("\n", "; "), 400)
    if status == 0:
        return f"Its secret was checked: {said}."
    if status == 1:
        return (
            f"{strong('Its secret does not verify')}: {said}. Its deals are replayed as its log records "
            "them, unverified."
        )
    return f"Its secret was not checked: {said}."


def check_secret(
    g: AnyGame, data: GameExport, initial: object, log: Sequence[object], posted: str | None
) -> tuple[int, str]:
    """Whether the export's deals follow from its revealed secret, as `python -m bot.table.verify`
    says it: (0, what was checked), (1, how it does not verify: the log or the secret was
    changed) or (2, why there is nothing to check). `posted`: the commitment posted when the
    game's secret began to deal, where the caller has it."""
    if data.fairness is None:
        return 2, (
            "this export has no secret: only a finished game's export reveals it "
            "(a game started before dealing from a secret never has one)"
        )
    game_id, secret = data.fairness.game_id, bytes.fromhex(data.fairness.secret)
    start = dealt_from(data)
    if start is None:
        return 2, (
            f"game {game_id}'s log does not say where its secret began to deal, so there is "
            "nothing it can be held to"
        )
    bound = commitment(secret, game_id, start)
    # a game dealt from its start that began before commitments named the game posted this
    unbound = legacy_commitment(secret) if start == 0 else None
    recorded = data.dealer.commitment if data.dealer is not None else None
    if recorded is not None and recorded not in (bound, unbound):
        return 1, (
            f"game {game_id}'s log records the commitment {recorded} where its secret began to "
            f"deal (step {start + 1}), but its secret gives {bound} there: the log was changed"
        )
    if posted is not None and posted not in (bound, unbound):
        return 1, (
            f"this export's secret, game number ({game_id}) and first dealt step "
            f"({start + 1}) give the commitment {bound}, not {posted[:64]}: it is not the "
            "game that was posted for"
        )
    if posted is None and start > 0:
        return 2, (
            f"game {game_id}'s log says steps 1-{start} came from elsewhere (an import, or a "
            "seed before the game had a secret); only the commitment posted when its secret "
            f"began to deal can confirm that: pass it with --commitment (this secret gives "
            f"{bound})"
        )
    result = verify(g, initial, log, secret, game_id, start)
    shown = posted or recorded or bound
    head = f"game {game_id}, commitment {shown}: "
    if not result.ok:
        return 1, head + "DOES NOT VERIFY\n" + "\n".join(result.problems)
    if result.checked == 0:
        return 2, (
            f"nothing to check: no {one_of(reveals(g))} of game {game_id}'s log comes after "
            f"step {start}, where its secret began to deal"
        )
    return 0, head + verified_text(g, result, start, legacy=shown == unbound)


def dealt_from(data: GameExport) -> int | None:
    """How many steps of the log came from elsewhere, as the log records it (format 3: its
    entry where the secret began to deal; format 2 kept it in `fairness.dealt_from`, which
    only a commitment binding it makes more than a claim); None when it does not say."""
    if data.dealer is not None:
        return data.dealer.at
    if data.format_version == 2 and data.fairness is not None:
        return data.fairness.dealt_from or 0
    return None


def verified_text(g: AnyGame, result: Verification, start: int, *, legacy: bool) -> str:
    came = f" (steps 1-{start} came from elsewhere)" if start else ""
    old = (
        " (a commitment from before commitments named their game: the game's number is "
        "checked by the outcomes it keys)"
        if legacy
        else ""
    )
    checked = dealt_count(g, result.checked)
    said = f"all {checked} follow" if result.checked != 1 else f"its {checked} follows"
    return f"{said} from the secret{came}{old}"
