"""Check a finished game's export: every die and card follows from its revealed secret.

    python -m bot.verify vijayanagara-game-7.json

Exit status 0 when every chance entry of the log is the one the secret gives (and the secret
matches the commitment if one is passed with --commitment), 1 otherwise, 2 for a file that
cannot be checked (not an export, or a game not over, whose export has no secret).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pydantic

import rules
from db.export import ExportError, game_options, parse_export
from rules.fairness import commitment, verify

MAX_EXPORT_BYTES = 8 * 1024 * 1024  # far above any real game


def check(raw: bytes, expected_commitment: str | None = None) -> tuple[int, str]:
    """(exit status, message) for the export in `raw`."""
    if len(raw) > MAX_EXPORT_BYTES:
        return 2, f"the file is larger than {MAX_EXPORT_BYTES} bytes: not a game export"
    try:
        data = parse_export(raw)
        options = game_options(data)
        log = [rules.action_from_json(a.action) for a in data.actions]
    except ExportError as e:
        return 2, f"not an exported Vijayanagara game: {e}"
    except rules.DataError as e:
        return 2, f"the game's deck file cannot be used: {e}"
    except pydantic.ValidationError as e:
        return 2, f"not an exported Vijayanagara game: {e.errors()[0]['msg']}"
    if data.fairness is None:
        return 2, (
            "this export has no secret: only a finished game's export reveals it "
            "(a game started before dealing from a secret never has one)"
        )
    try:
        secret = bytes.fromhex(data.fairness.secret)
    except ValueError:
        return 2, "the secret in the export is not hexadecimal"
    digest = commitment(secret)
    if expected_commitment is not None and expected_commitment.strip().lower() != digest:
        return 1, f"the secret's SHA-256 is {digest}, not the commitment {expected_commitment}"
    result = verify(secret, data.fairness.game_id, options, log, data.fairness.dealt_from)
    head = f"game {data.fairness.game_id}, commitment {digest}: "
    if result.ok:
        return 0, head + f"all {result.checked} dice rolls and card draws follow from the secret"
    return 1, head + "DOES NOT VERIFY\n" + "\n".join(result.problems)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bot.verify", description=__doc__.splitlines()[0])
    p.add_argument("export", type=Path, help="a JSON file made by /vj export after the game")
    p.add_argument("--commitment", help="the SHA-256 the bot posted when the game started")
    args = p.parse_args(argv)
    if args.export.stat().st_size > MAX_EXPORT_BYTES:
        print(f"{args.export} is larger than {MAX_EXPORT_BYTES} bytes: not a game export")
        return 2
    status, message = check(args.export.read_bytes(), args.commitment)
    print(message)
    return status


if __name__ == "__main__":
    sys.exit(main())
