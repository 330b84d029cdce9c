"""Check a finished game's export: every die and card follows from its revealed secret.

    python -m bot.table.verify vijayanagara-game-7.json --commitment HEX

Which chance entries the secret dealt is read from the log itself: its entry where the secret
began to deal (a game dealt from its start has it first; an imported game, or one from before
per-game secrets, after the steps that came from elsewhere), never from a number the export
asserts. The commitment names the game and that entry (rules.dealing), so an export that
claims another game's number, or that more of its log came from elsewhere, has another
commitment than the one posted; without --commitment, a log that says some of it came from
elsewhere is not taken at its word.

Exit status 0 when every chance entry the secret dealt is the one it gives (and the
commitment matches the one passed), 1 when one is not or the commitment differs, 2 for a file
that cannot be checked: not an export, a game not over (its export has no secret), a log in
which the secret dealt nothing, or steps said to come from elsewhere without the commitment.
Nothing in the file raises: every refusal is one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pydantic

from db.export import ExportError, first_error, one_line, parse_export

from .exports import (
    ExportRefused,
    check_secret,
    checked_by_rules,
    options_of_export,
    players_of_export,
    rules_of_export,
)
from .registry import registry

MAX_EXPORT_BYTES = 8 * 1024 * 1024  # far above any real game
MAX_REFUSAL_CHARS = 600


def check(raw: bytes, expected_commitment: str | None = None) -> tuple[int, str]:
    """(exit status, message) for the export in `raw`: never an exception."""
    if len(raw) > MAX_EXPORT_BYTES:
        return 2, f"the file is larger than {MAX_EXPORT_BYTES:,} bytes: not a game export"
    posted = None if expected_commitment is None else expected_commitment.strip().lower()[:200]
    try:
        status, message = _check(raw, posted)
    except Exception as e:  # a defect of the checker, never the file's fault: said in a line
        return 2, f"the file could not be checked ({type(e).__name__}): please report it"
    # a refusal is one line; a game that does not verify lists its problems, one a line
    return status, one_line(message, MAX_REFUSAL_CHARS) if status == 2 else message


def _check(raw: bytes, posted: str | None) -> tuple[int, str]:
    try:
        data = parse_export(raw, first=checked_by_rules(registry(), None))
        g = rules_of_export(data, registry())
        options = options_of_export(g, data)
        log = [g.action_from_json(json.dumps(a.action)) for a in data.actions]
        initial = g.new_game(options, players_of_export(g, data))
    except ExportError as e:
        return 2, f"not an exported game: {e}"
    except ExportRefused as e:
        return 2, str(e)
    except pydantic.ValidationError as e:
        return 2, f"not an exported game: {first_error(e)}"
    except ValueError as e:
        return 2, f"not an exported game: {e}"
    return check_secret(g, data, initial, log, posted)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bot.table.verify", description=__doc__.splitlines()[0]
    )
    p.add_argument(
        "export", type=Path, help="a game's export (a JSON file), made once the game is over"
    )
    p.add_argument("--commitment", help="the SHA-256 the bot posted when the game started")
    args = p.parse_args(argv)
    try:
        with args.export.open("rb") as f:
            raw = f.read(MAX_EXPORT_BYTES + 1)
    except OSError as e:
        print(f"cannot read {args.export}: {e.strerror or e}")
        return 2
    status, message = check(raw, args.commitment)
    print(message)
    return status


if __name__ == "__main__":
    sys.exit(main())
