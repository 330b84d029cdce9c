"""Check a finished game's export: every die and card follows from its revealed secret.

    python -m bot.verify vijayanagara-game-7.json

Exit status 0 when every chance entry the secret dealt is the one it gives (and the commitment
matches the one passed with --commitment), 1 otherwise, 2 for a file that cannot be checked:
not an export, a game not over (its export has no secret), or a log in which the secret dealt
nothing. The commitment binds the secret to the game's number and to where in the log it
began to deal (vijayanagara.fairness), so an export that claims another game's number, or that more of
its log came from elsewhere, has another commitment than the one posted.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pydantic

from db.export import ExportError, parse_export
from rules.dealing import commitment, verify

from .exports import ExportRefused, options_of_export, rules_of_export
from .loading import PLAYERS

MAX_EXPORT_BYTES = 8 * 1024 * 1024  # far above any real game


def check(raw: bytes, expected_commitment: str | None = None) -> tuple[int, str]:
    """(exit status, message) for the export in `raw`."""
    if len(raw) > MAX_EXPORT_BYTES:
        return 2, f"the file is larger than {MAX_EXPORT_BYTES:,} bytes: not a game export"
    try:
        data = parse_export(raw)
        g = rules_of_export(data)
        options = options_of_export(g, data)
        log = [g.action_from_json(json.dumps(a.action)) for a in data.actions]
        started = str(data.options.get(PLAYERS) or "")
        seats = tuple(
            s for s in g.info.seats if (s in started.split(",") if started else s in data.seats)
        )
        if g.info.min_players == len(g.info.seats) or not seats:
            seats = g.info.seats
        initial = g.new_game(options, seats)
    except ExportError as e:
        return 2, f"not an exported game: {e}"
    except ExportRefused as e:
        return 2, str(e)
    except (pydantic.ValidationError, ValueError) as e:
        return 2, f"not an exported game: {str(e)[:300]}"
    if data.fairness is None:
        return 2, (
            "this export has no secret: only a finished game's export reveals it "
            "(a game started before dealing from a secret never has one)"
        )
    try:
        secret = bytes.fromhex(data.fairness.secret)
    except ValueError:
        return 2, "the secret in the export is not hexadecimal"
    game_id, dealt_from = data.fairness.game_id, data.fairness.dealt_from
    digest = commitment(secret, game_id, dealt_from)
    if expected_commitment is not None and expected_commitment.strip().lower() != digest:
        return 1, (
            f"this export's secret, game number ({game_id}) and first dealt step "
            f"({dealt_from + 1}) give the commitment {digest}, not "
            f"{expected_commitment.strip()[:64]}: it is not the game that was posted for"
        )
    result = verify(g, initial, log, secret, game_id, dealt_from)
    head = f"game {game_id}, commitment {digest}: "
    if not result.ok:
        return 1, head + "DOES NOT VERIFY\n" + "\n".join(result.problems)
    if result.checked == 0:
        return 2, (
            f"nothing to check: no die roll or card draw of game {game_id}'s log comes after "
            f"step {dealt_from}, where its secret began to deal"
        )
    came = f" (steps 1-{dealt_from} came from elsewhere)" if dealt_from else ""
    return 0, head + (
        f"all {result.checked} dice rolls and card draws follow from the secret{came}"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bot.verify", description=__doc__.splitlines()[0])
    p.add_argument("export", type=Path, help="a JSON file made by /vj export after the game")
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
