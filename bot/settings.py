"""Run-time settings, read from the environment and an optional ``.env`` file."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from dotenv import load_dotenv

DEFAULT_DATABASE_PATH = "smallworld.sqlite3"
DEFAULT_LOG_LEVEL = "INFO"
DEFAULT_POOL_SIZE = 10
DEFAULT_GAME_CACHE_SIZE = 2000
#: The most worker processes (``WORKERS``) the default gives, however many cores there are:
#: the bot's CPU work comes in short jobs, and each process holds its own picture caches.
MAX_DEFAULT_WORKERS = 4
#: The levels ``LOG_LEVEL`` may name, from the most to the least said.
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def default_workers() -> int:
    """``WORKERS`` when it is not set: one worker process a core, ``MAX_DEFAULT_WORKERS`` at
    most."""
    return min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS)


@dataclass(frozen=True)
class Settings:
    """Everything the bot needs to know before it connects."""

    token: str | None
    database_path: str
    dev_guild_id: int | None
    log_level: str
    #: ``postgresql://…``: keep the games in PostgreSQL (several processes may share it);
    #: unset, they live in the SQLite file ``database_path``.
    database_url: str | None = None
    #: Connections the PostgreSQL pool may open.
    database_pool_size: int = DEFAULT_POOL_SIZE
    #: Games kept in memory at most (the least recently used leave first).
    game_cache_size: int = DEFAULT_GAME_CACHE_SIZE
    #: The shards this process runs (``SHARD_IDS``, e.g. ``0,1``) out of ``shard_count``
    #: (``SHARD_COUNT``); both unset: one process, as many shards as Discord advises.
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    #: Worker processes for AI decisions and pictures (``bot.workers``); 0 runs them in
    #: threads of the bot process instead.
    workers: int = field(default_factory=default_workers)
    #: The port of the servers' web pages (``WEB_PORT``, ``bot.web``); None: no web server.
    web_port: int | None = None
    #: The address they listen on (``WEB_HOST``).
    web_host: str = "0.0.0.0"
    #: Where members reach them (``WEB_URL``, e.g. ``https://sw.example.org``): the links
    #: the bot gives start with it; unset, it gives none.
    web_url: str | None = None
    #: The reverse proxies in front of the pages (``WEB_TRUSTED_PROXIES``: addresses or
    #: networks, comma-separated): from them, the reader's address is taken from
    #: ``X-Forwarded-For`` (``bot.web.proxies``). Empty: that header is never read.
    web_trusted_proxies: tuple[str, ...] = ()

    @property
    def database_target(self) -> str:
        """What ``bot.storage.storage_for`` opens: the URL if set, else the SQLite file."""
        return self.database_url or self.database_path

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
        log_level = _parse_log_level(os.environ.get("LOG_LEVEL"))
        database_url = _parse_database_url(os.environ.get("DATABASE_URL"))
        if database_url is None:
            # The file is opened only after logging in to Discord: a path that cannot work
            # is told now, as a setting, not later as whatever failed first.
            _check_sqlite_path(database_path)
        return cls(
            token=token,
            database_path=database_path,
            dev_guild_id=_parse_guild_id(os.environ.get("DEV_GUILD_ID")),
            log_level=log_level,
            database_url=database_url,
            database_pool_size=_parse_count(
                "DATABASE_POOL_SIZE", os.environ.get("DATABASE_POOL_SIZE"), DEFAULT_POOL_SIZE
            ),
            game_cache_size=_parse_count(
                "GAME_CACHE_SIZE", os.environ.get("GAME_CACHE_SIZE"), DEFAULT_GAME_CACHE_SIZE
            ),
            **_parse_shards(os.environ.get("SHARD_IDS"), os.environ.get("SHARD_COUNT")),
            workers=_parse_count(
                "WORKERS", os.environ.get("WORKERS"), default_workers(), zero=True
            ),
            web_port=_parse_port(os.environ.get("WEB_PORT")),
            web_host=_clean(os.environ.get("WEB_HOST")) or "0.0.0.0",
            web_url=_clean(os.environ.get("WEB_URL")),
            web_trusted_proxies=_parse_networks(os.environ.get("WEB_TRUSTED_PROXIES")),
        )


def _clean(value: str | None) -> str | None:
    """Strip whitespace; treat an empty value as unset."""
    if value is None:
        return None
    value = value.strip()
    return value or None


def _parse_log_level(raw: str | None) -> str:
    """A level name ``logging`` knows, upper-cased; ``ValueError`` names the choices."""
    value = (_clean(raw) or DEFAULT_LOG_LEVEL).upper()
    if value not in LOG_LEVELS:
        raise ValueError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {raw!r}")
    return value


def _parse_guild_id(raw: str | None) -> int | None:
    value = _clean(raw)
    if value is None:
        return None
    if not value.isdigit() or int(value) <= 0:
        raise ValueError(
            f"DEV_GUILD_ID must be a Discord server id (a positive whole number), got {value!r}"
        )
    return int(value)


def _parse_database_url(raw: str | None) -> str | None:
    """``DATABASE_URL``: a PostgreSQL URL that names its server (a host, several, or a
    socket folder as ``?host=``; or ``PGHOST``, which the driver reads too) and a port that
    is a number."""
    value = _clean(raw)
    if value is None:
        return None
    if not value.startswith(("postgresql://", "postgres://")):
        raise ValueError(
            "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/db);"
            " leave it unset to keep the games in the SQLite file DATABASE_PATH"
        )
    parts = urlsplit(value)
    hosts = parts.netloc.rpartition("@")[2]
    if "," not in hosts:
        try:
            port = parts.port
        except ValueError:
            port = 0
        if port == 0:
            raise ValueError(
                "DATABASE_URL has a port that is not a number from 1 to 65535"
                " (postgresql://user:password@host:5432/db)"
            )
        hosts = parts.hostname or ""
    if not hosts and "host" not in parse_qs(parts.query) and not _clean(os.environ.get("PGHOST")):
        raise ValueError(
            "DATABASE_URL names no server: postgresql://user:password@host/db (a local socket:"
            " postgresql://user:password@/db?host=/var/run/postgresql)"
        )
    return value


#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def _check_sqlite_path(path: str) -> None:
    """``DATABASE_PATH``: a file the bot can open, or create, as an SQLite database, in a
    folder where it can write (SQLite keeps its ``-wal`` and ``-shm`` files beside it)."""
    name = path.removeprefix("sqlite:///")
    if name == ":memory:":
        return
    file = Path(name)
    folder = file.parent
    if file.is_dir():
        raise ValueError(f"DATABASE_PATH is a folder, not a database file: {path}")
    if not folder.is_dir():
        raise ValueError(
            f"DATABASE_PATH names a file in a folder that does not exist: {folder}"
            " (create the folder, or name a file in an existing one)"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"DATABASE_PATH: this user cannot write in the folder {folder}")
    if file.exists():
        if not os.access(file, os.R_OK | os.W_OK):
            raise ValueError(f"DATABASE_PATH: this user cannot read and write {path}")
        with file.open("rb") as fp:
            head = fp.read(len(SQLITE_HEADER))
        if head and head != SQLITE_HEADER:
            raise ValueError(f"DATABASE_PATH is not an SQLite database: {path}")


def _parse_count(name: str, raw: str | None, default: int, *, zero: bool = False) -> int:
    """A whole number of things, positive (or, with ``zero``, possibly 0)."""
    value = _clean(raw)
    if value is None:
        return default
    least = 0 if zero else 1
    if not value.isdigit() or int(value) < least:
        what = "a whole number, 0 or more" if zero else "a positive whole number"
        raise ValueError(f"{name} must be {what}, got {value!r}")
    return int(value)


def _parse_shards(ids: str | None, count: str | None) -> dict[str, Any]:
    """``SHARD_IDS`` and ``SHARD_COUNT``: both or neither; every id below the count."""
    ids_text, count_text = _clean(ids), _clean(count)
    if ids_text is None and count_text is None:
        return {"shard_ids": None, "shard_count": None}
    if ids_text is None or count_text is None:
        raise ValueError("SHARD_IDS and SHARD_COUNT go together: set both or neither")
    total = _parse_count("SHARD_COUNT", count_text, 1)
    parts = [p.strip() for p in ids_text.split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts):
        raise ValueError(f"SHARD_IDS must list shard numbers, e.g. 0,1 (got {ids_text!r})")
    chosen = tuple(sorted({int(p) for p in parts}))
    if chosen[-1] >= total:
        raise ValueError(f"SHARD_IDS must be below SHARD_COUNT={total} (got {ids_text!r})")
    return {"shard_ids": chosen, "shard_count": total}


def _parse_port(raw: str | None) -> int | None:
    """``WEB_PORT``: a TCP port, or unset (no web server)."""
    value = _clean(raw)
    if value is None:
        return None
    if not value.isdigit() or not 1 <= int(value) <= 65535:
        raise ValueError(f"WEB_PORT must be a port number from 1 to 65535, not {value!r}")
    return int(value)


def _parse_networks(raw: str | None) -> tuple[str, ...]:
    """``WEB_TRUSTED_PROXIES``: IP addresses or networks, comma-separated; unset: none."""
    found = []
    for part in (_clean(raw) or "").split(","):
        if not part.strip():
            continue
        try:
            found.append(str(ipaddress.ip_network(part.strip(), strict=False)))
        except ValueError:
            raise ValueError(
                "WEB_TRUSTED_PROXIES must list IP addresses or networks (10.0.0.0/8),"
                f" comma-separated, not {part.strip()!r}"
            ) from None
    return tuple(found)
