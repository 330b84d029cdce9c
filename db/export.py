"""Reading an uploaded export: bounded, and gentle on the event loop.

The export is read by the bounded JSON reader (db.safe_json: depth and every number's length
measured, the pure-Python scanner, so a worker thread doing it lets the event loop run), then
validated against the strict model piece by piece: the header first, then the number of
actions, then each action.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import pydantic

from rules.text import inert
from rules.validation import first_problem

from .errors import StorageError
from .models import (
    FIRST_GAME,
    MAX_EXPORT_ACTIONS,
    SECRET_STARTS,
    ExportedAction,
    GameExport,
    SecretStart,
    check_format,
    secret_entry,
)
from .safe_json import JsonError, load_json
from .store import ENDED_STATUSES, Store


class ExportError(ValueError):
    """An upload that is not a valid export; the message says where and what."""


def one_line(text: str, limit: int) -> str:
    """A message made of the rules' words and what an upload gave, already made inert
    (rules.text), on one line: every control character escaped, at most `limit` characters."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit])[:limit]


def first_error(
    e: pydantic.ValidationError,
    prefix: tuple[Any, ...] = (),
    data: object = None,
    model: type[pydantic.BaseModel] | None = None,
) -> str:
    """Where and what the first problem of a validation of `data` (by `model`) is, in
    words (rules.validation), on one line."""
    problem = first_problem(e, data, None if model is None else _schema(model))
    where = ".".join(inert(str(x)) for x in (*prefix, *problem.where))[:100] or "the file"
    return f"{where}: {one_line(problem.said, 200)}"


@functools.cache
def _schema(model: type[pydantic.BaseModel]) -> Mapping[str, Any]:
    return model.model_json_schema()


def _first_error(
    e: pydantic.ValidationError,
    data: object,
    model: type[pydantic.BaseModel],
    prefix: tuple[Any, ...] = (),
) -> ExportError:
    return ExportError(first_error(e, prefix, data, model))


def parse_export(
    raw: bytes | str, *, first: Callable[[dict[str, Any]], None] | None = None
) -> GameExport:
    """The export in `raw`; ExportError when it is not JSON or does not fit the model.
    `first` checks the document before the export format does (the game it names checks
    its options and steps, in the rules' words), raising what it refuses with."""
    try:
        doc = load_json(raw)
    except JsonError as e:
        raise ExportError(str(e)) from e
    if not isinstance(doc, dict):
        raise ExportError("the file: expected a JSON object")
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise ExportError("actions: expected a list")
    if len(actions) > MAX_EXPORT_ACTIONS:
        raise ExportError(f"actions: {len(actions)} steps; at most {MAX_EXPORT_ACTIONS}")
    if first is not None:
        first(doc)
    start = None
    try:
        steps, start = secret_entry(actions)
        dealer = None if start is None else SecretStart.model_validate(start)
    except ValueError as e:  # a pydantic.ValidationError is one
        what = (
            first_error(e, (), start, SecretStart)
            if isinstance(e, pydantic.ValidationError)
            else one_line(str(e), 200)
        )
        raise ExportError(f"actions: {what}") from e
    try:
        head = GameExport.model_validate({**doc, "actions": []})
    except pydantic.ValidationError as e:
        raise _first_error(e, doc, GameExport) from e
    checked: list[ExportedAction] = []
    for i, a in enumerate(steps):
        try:
            checked.append(ExportedAction.model_validate(a))
        except pydantic.ValidationError as e:
            raise _first_error(e, a, ExportedAction, ("actions", i)) from e
    data = head.model_copy(update={"actions": checked, "dealer": dealer})
    try:
        check_format(data)
    except ValueError as e:
        raise ExportError(one_line(str(e), 300)) from e
    return data


# a record's own, not options (a tiebreak: the game whose tie a game breaks)
KEPT_APART = ("files", "deck_hash", "dealt_by_seed", "ai", "tiebreak")


def _format(kind: str) -> str:
    """The `format` an export of this kind carries: the first game's exports keep the one
    they had before other games were exported."""
    return "vijayanagara-game" if kind == FIRST_GAME else "board-game"


async def export_game(store: Store, game_id: int) -> GameExport:
    """A stored game as its export (both backends): its options with each component file's
    text under the file's name, seats, the log with its chance entries, the secret only once
    the game has ended. A game dealt by its seed has the seed here and no chance entries: the
    service writes the seed's outcomes into the log and drops it before the export leaves
    (bot.table.transfer). Validated like an upload: an export always imports again."""
    game = await store.get_game(game_id)
    acts = await store.actions(game_id)
    options = {k: v for k, v in game.options.items() if k not in KEPT_APART}
    keys = dict(game.options.get("files") or {})
    if game.options.get("deck_hash") is not None:  # one deck file, before games had files
        keys.setdefault("deck", game.options["deck_hash"])
    for name, key in keys.items():
        text = await store.deck_text(str(key))
        if text is None:  # exporting without it would replay with another file
            raise StorageError(f"game {game_id}: its {name} file is missing")
        options[str(name)] = text
    secret = await store.secret(game_id)
    fairness = (
        {"game_id": game_id, "secret": secret.secret}
        if secret.secret and game.status in ENDED_STATUSES
        else None
    )
    steps = [
        ExportedAction.model_validate(
            {"action": a.action, "faction": a.faction, "user_id": a.user_id, "move": a.move}
        )
        for a in acts
    ]
    log: list[ExportedAction | dict[str, str]] = list(steps)
    if secret.secret:  # the log records where the secret began to deal, and what was posted
        log.insert(secret.dealt_from, {SECRET_STARTS: secret.commitment(game_id)})
    return GameExport.model_validate(
        {
            "format": _format(game.kind),
            "format_version": 3 if secret.secret else 1,
            "game": game.kind,
            "seed": None if secret.secret else game.seed,  # only games before chance entries
            "fairness": fairness,
            "options": options,
            "seats": game.seats,
            "status": game.status,
            "creator": game.creator,
            "actions": log,
        }
    )
