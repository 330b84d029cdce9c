"""`chaupal-copy-db` (`python -m bot.table.copy_db`): moving up from SQLite to PostgreSQL
(db.copy), each game replayed by its own rules from the bot's registry of games."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

import asyncpg

from db.copy import CopyError, copy_database
from db.errors import StorageError

from ..product import by_old_name
from .registry import game


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="chaupal-copy-db",
        description="Copy every game from a SQLite file into an empty PostgreSQL database and "
        "check that each replays to the same state. Stop the bot first.",
    )
    parser.add_argument("sqlite_file", help="the bot's SQLite file (CHAUPAL_DB)")
    parser.add_argument("postgres_url", help="postgresql://user:password@host/dbname")
    args = parser.parse_args(argv)
    if not args.postgres_url.startswith(("postgresql://", "postgres://")):
        parser.error("the target must be a postgresql:// URL")
    try:
        report = asyncio.run(copy_database(args.sqlite_file, args.postgres_url, game))
    except CopyError as e:
        print(f"error: {e}", file=sys.stderr)
        if "after the copy" in str(e):
            print(
                "The PostgreSQL database holds a bad copy: drop it and create it again before "
                "the next try. The SQLite file is unchanged; keep running the bot on it.",
                file=sys.stderr,
            )
        raise SystemExit(1) from None
    except (StorageError, OSError, asyncpg.PostgresError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(1) from None
    print(
        f"copied {report.games} game(s), {report.actions} action(s); each replays to the "
        "same state in PostgreSQL"
    )


main_by_old_name = by_old_name("vijayanagara-copy-db", main)

if __name__ == "__main__":
    main()
