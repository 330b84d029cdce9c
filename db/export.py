"""Reading an uploaded export: bounded, and gentle on the event loop.

The export is parsed by the standard library's pure-Python JSON scanner (so a worker thread
doing it lets the event loop run between bytecodes, where the C scanner or pydantic's parser
would hold the interpreter for the whole file), then validated against the strict model piece
by piece: the header first, then the number of actions, then each action.
"""

from __future__ import annotations

import json
import json.scanner
from collections.abc import Callable
from typing import Any

import pydantic

import rules
from rules.cards import with_deck

from .errors import StorageError
from .models import MAX_EXPORT_ACTIONS, ExportedAction, ExportOptions, GameExport
from .store import ENDED_STATUSES, Store


class ExportError(ValueError):
    """An upload that is not a valid export; the message says where and what."""


_Scanner = Callable[[str, int], tuple[Any, int]]
_py_make_scanner: Callable[[json.JSONDecoder], _Scanner] = json.scanner.py_make_scanner  # type: ignore[attr-defined]


class _PyDecoder(json.JSONDecoder):
    """json.JSONDecoder with the pure-Python scanner (recursion is bounded by Python's limit)."""

    scan_once: _Scanner

    def __init__(self) -> None:
        super().__init__()
        self.scan_once = _py_make_scanner(self)


def _first_error(e: pydantic.ValidationError, prefix: tuple[Any, ...] = ()) -> ExportError:
    first = e.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(x) for x in (*prefix, *first["loc"]))[:100] or "the file"
    return ExportError(f"{where}: {first['msg'][:200]}")


def parse_export(raw: bytes | str) -> GameExport:
    """The export in `raw`; ExportError when it is not JSON or does not fit the model."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        doc = _PyDecoder().decode(text)
    except UnicodeDecodeError as e:
        raise ExportError(f"the file is not UTF-8 text (a bad byte at {e.start})") from e
    except json.JSONDecodeError as e:
        raise ExportError(f"not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from e
    except RecursionError as e:
        raise ExportError("the file is nested too deeply") from e
    if not isinstance(doc, dict):
        raise ExportError("the file: expected a JSON object")
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise ExportError("actions: expected a list")
    if len(actions) > MAX_EXPORT_ACTIONS:
        raise ExportError(f"actions: {len(actions)} steps; at most {MAX_EXPORT_ACTIONS}")
    try:
        head = GameExport.model_validate({**doc, "actions": []})
    except pydantic.ValidationError as e:
        raise _first_error(e) from e
    checked: list[ExportedAction] = []
    for i, a in enumerate(actions):
        try:
            checked.append(ExportedAction.model_validate(a))
        except pydantic.ValidationError as e:
            raise _first_error(e, ("actions", i)) from e
    return head.model_copy(update={"actions": checked})


def game_options(data: GameExport) -> rules.GameOptions:
    """The rules options an export plays with (its deck file attached); DataError when the
    deck file cannot be used."""
    options = rules.GameOptions(timurs_shadow=data.options.timurs_shadow)
    if data.options.deck is None:
        return options
    return with_deck(options, data.options.deck)


async def export_game(store: Store, game_id: int) -> GameExport:
    """A stored game as its export (both backends): options with the deck file's text, seats,
    the log with its chance entries; the seed only for a game dealt by one, the secret only
    once the game has ended. Validated like an upload: an export always imports again."""
    game = await store.get_game(game_id)
    acts = await store.actions(game_id)
    deck = game.options.get("deck")  # the text itself, in games stored before 004
    if game.options.get("deck_hash") is not None:
        deck = await store.deck_text(str(game.options["deck_hash"]))
        if deck is None:  # exporting without it would replay with another deck
            raise StorageError(f"game {game_id}: its deck file is missing")
    secret = await store.secret(game_id)
    fairness = (
        {"game_id": game_id, "secret": secret.secret, "dealt_from": secret.dealt_from}
        if secret.secret and game.status in ENDED_STATUSES
        else None
    )
    return GameExport.model_validate(
        {
            "format_version": 2 if secret.secret else 1,
            "seed": None if secret.secret else game.seed,  # only games before chance entries
            "fairness": fairness,
            "options": ExportOptions(
                timurs_shadow=bool(game.options.get("timurs_shadow", False)), deck=deck
            ),
            "seats": game.seats,
            "status": game.status,
            "creator": game.creator,
            "actions": [
                ExportedAction.model_validate(
                    {"action": a.action, "faction": a.faction, "user_id": a.user_id}
                )
                for a in acts
            ],
        }
    )
