"""Run-time settings, read from the environment and an optional ``.env`` file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_PATH = "smallworld.sqlite3"
DEFAULT_LOG_LEVEL = "INFO"


@dataclass(frozen=True)
class Settings:
    """Everything the bot needs to know before it connects."""

    token: str | None
    database_path: str
    dev_guild_id: int | None
    log_level: str

    @classmethod
    def from_env(cls) -> Settings:
        """Build settings from ``./.env`` (if present) and the process environment.

        Variables already set in the environment win over the ``.env`` file.
        Only the ``.env`` in the current directory is read, never one found by
        searching parent directories.
        """
        load_dotenv(Path.cwd() / ".env", override=False)

        token = _clean(os.environ.get("DISCORD_TOKEN"))
        database_path = _clean(os.environ.get("DATABASE_PATH")) or DEFAULT_DATABASE_PATH
        log_level = (_clean(os.environ.get("LOG_LEVEL")) or DEFAULT_LOG_LEVEL).upper()
        return cls(
            token=token,
            database_path=database_path,
            dev_guild_id=_parse_guild_id(os.environ.get("DEV_GUILD_ID")),
            log_level=log_level,
        )


def _clean(value: str | None) -> str | None:
    """Strip whitespace; treat an empty value as unset."""
    if value is None:
        return None
    value = value.strip()
    return value or None


def _parse_guild_id(raw: str | None) -> int | None:
    value = _clean(raw)
    if value is None:
        return None
    if not value.isdigit() or int(value) <= 0:
        raise ValueError(
            f"DEV_GUILD_ID must be a Discord server id (a positive whole number), got {value!r}"
        )
    return int(value)
