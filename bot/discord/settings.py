"""Settings from the environment (pydantic-settings). The token is a SecretStr: it is never
printed, logged or put in an error message; so is a database URL's password."""

from __future__ import annotations

import re

from pydantic import SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from ..product import default_file, renamed_file, renamed_variable

# discord.py shards: one process may run several; a bot on a few thousand servers needs more
# than one (Discord asks for one shard per 2,500 servers).
MAX_SHARDS = 1024
MAX_ABANDON_DAYS = 3650
DEFAULT_DB = "./chaupal.sqlite3"
OLD_DEFAULT_DB = "./vijayanagara.sqlite3"  # the default before the name Chaupal


class MissingToken(RuntimeError):
    pass


class Settings(BaseSettings):
    model_config = SettingsConfigDict(extra="ignore", case_sensitive=False)

    discord_token: SecretStr | None = None  # DISCORD_TOKEN
    # DATABASE_URL: postgresql://user:password@host/db, or a SQLite file (a path or
    # sqlite:///path); unset, CHAUPAL_DB names the SQLite file (`sqlite_file`).
    database_url: SecretStr | None = None
    chaupal_db: str | None = None  # CHAUPAL_DB
    vijayanagara_db: str | None = None  # VIJAYANAGARA_DB: CHAUPAL_DB's old name
    log_level: str = "INFO"  # LOG_LEVEL
    shard_count: int | None = None  # SHARD_COUNT: how many shards the whole bot runs
    shard_ids: str | None = None  # SHARD_IDS: this process's shards, e.g. "0,1"
    # ABANDON_DAYS: a game with no move for this many days is archived (0: never)
    abandon_days: int = 30
    # AI_WORKERS: processes that think for the AI seats (unset: from the cores, at least 2)
    ai_workers: int | None = None

    @field_validator("abandon_days")
    @classmethod
    def _abandon_days_in_range(cls, v: int) -> int:
        if not 0 <= v <= MAX_ABANDON_DAYS:
            raise ValueError(f"ABANDON_DAYS must be between 0 and {MAX_ABANDON_DAYS}, not {v}")
        return v

    @field_validator("ai_workers")
    @classmethod
    def _ai_workers_in_range(cls, v: int | None) -> int | None:
        if v is None:
            return v
        # the table, and every game with it, only when AI_WORKERS is set: the settings are
        # read before anything else is imported (bot/discord/main.py)
        from ..table.ai_seats import MAX_WORKERS, MIN_WORKERS

        if not MIN_WORKERS <= v <= MAX_WORKERS:
            raise ValueError(f"AI_WORKERS must be between {MIN_WORKERS} and {MAX_WORKERS}, not {v}")
        return v

    @field_validator("shard_count")
    @classmethod
    def _shard_count_in_range(cls, v: int | None) -> int | None:
        if v is not None and not 1 <= v <= MAX_SHARDS:
            raise ValueError(f"SHARD_COUNT must be between 1 and {MAX_SHARDS}, not {v}")
        return v

    def token(self) -> str:
        if self.discord_token is None or not self.discord_token.get_secret_value().strip():
            raise MissingToken(
                "DISCORD_TOKEN is not set. Create a bot in the Discord Developer Portal "
                "(see README, 'Discord set-up') and run: DISCORD_TOKEN=... chaupal-bot"
            )
        return self.discord_token.get_secret_value().strip()

    def database(self) -> str:
        """The database to open: DATABASE_URL when set, else the SQLite file."""
        if self.database_url is not None and self.database_url.get_secret_value().strip():
            return self.database_url.get_secret_value().strip()
        return self.sqlite_file()

    def sqlite_file(self) -> str:
        """CHAUPAL_DB, else its old name VIJAYANAGARA_DB, else the default file: the old
        default's while it is there alone (a database made before the name opens as it is)."""
        return self.chaupal_db or self.vijayanagara_db or default_file(DEFAULT_DB, OLD_DEFAULT_DB)

    def notices(self) -> list[str]:
        """A line for each setting read under its name before Chaupal."""
        lines = []
        if self.vijayanagara_db is not None:
            lines.append(renamed_variable("CHAUPAL_DB", read=not self.chaupal_db))
        elif not self.chaupal_db and self.database() == OLD_DEFAULT_DB:
            lines.append(renamed_file(OLD_DEFAULT_DB, DEFAULT_DB))
        return lines

    def database_for_log(self) -> str:
        """The database with any password in it masked."""
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", self.database())

    def shards(self) -> tuple[int | None, list[int] | None]:
        """(SHARD_COUNT, SHARD_IDS) checked together: ids need a count, each id below it.
        (None, None): one process runs every shard Discord recommends."""
        ids: list[int] | None = None
        if self.shard_ids is not None and self.shard_ids.strip():
            parts = [p.strip() for p in self.shard_ids.split(",")]
            if len(parts) > MAX_SHARDS or not all(p.isdigit() and len(p) <= 4 for p in parts):
                raise ValueError(
                    f"SHARD_IDS must be shard numbers separated by commas, e.g. 0,1 (got "
                    f"{self.shard_ids[:40]!r})"
                )
            ids = sorted({int(p) for p in parts})
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards in all)")
            if ids[-1] >= self.shard_count:
                raise ValueError(
                    f"SHARD_IDS: shard {ids[-1]} does not exist with SHARD_COUNT="
                    f"{self.shard_count} (shards are numbered 0 to {self.shard_count - 1})"
                )
        return self.shard_count, ids
