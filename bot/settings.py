"""Settings from the environment (pydantic-settings). The token is a SecretStr: it is never
printed, logged or put in an error message."""

from __future__ import annotations

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class MissingToken(RuntimeError):
    pass


class Settings(BaseSettings):
    model_config = SettingsConfigDict(extra="ignore", case_sensitive=False)

    discord_token: SecretStr | None = None  # DISCORD_TOKEN
    vijayanagara_db: str = "./vijayanagara.sqlite3"  # VIJAYANAGARA_DB
    log_level: str = "INFO"  # LOG_LEVEL

    def token(self) -> str:
        if self.discord_token is None or not self.discord_token.get_secret_value().strip():
            raise MissingToken(
                "DISCORD_TOKEN is not set. Create a bot in the Discord Developer Portal "
                "(see README, 'Discord set-up') and run: DISCORD_TOKEN=... vijayanagara-bot"
            )
        return self.discord_token.get_secret_value().strip()
