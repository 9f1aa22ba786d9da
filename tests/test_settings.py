"""Tests for bot.settings and the ``python -m bot`` entry point."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import NO_TOKEN_MESSAGE
from bot.settings import DEFAULT_DATABASE_PATH, Settings

REPO_ROOT = Path(__file__).resolve().parent.parent
SETTING_VARS = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "DATABASE_URL",
    "DATABASE_POOL_SIZE",
    "GAME_CACHE_SIZE",
    "SHARD_IDS",
    "SHARD_COUNT",
    "WEB_PORT",
    "WEB_HOST",
    "PGHOST",
)


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """No setting variables in the environment, and a cwd without a .env file."""
    for name in SETTING_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return monkeypatch


def test_missing_token_is_none_and_defaults_apply(clean_env: pytest.MonkeyPatch) -> None:
    settings = Settings.from_env()
    assert settings == Settings(
        token=None, database_path=DEFAULT_DATABASE_PATH, dev_guild_id=None, log_level="INFO"
    )


def test_empty_token_counts_as_missing(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("DISCORD_TOKEN", "   ")
    assert Settings.from_env().token is None


def test_values_from_environment(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("DISCORD_TOKEN", "abc.def")
    clean_env.setenv("DATABASE_PATH", "/tmp/sw.sqlite3")
    clean_env.setenv("DEV_GUILD_ID", " 123456789012345678 ")
    clean_env.setenv("LOG_LEVEL", "debug")
    settings = Settings.from_env()
    assert settings.token == "abc.def"
    assert settings.database_path == "/tmp/sw.sqlite3"
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"


def test_blank_guild_id_is_none(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("DEV_GUILD_ID", "")
    assert Settings.from_env().dev_guild_id is None


@pytest.mark.parametrize("bad", ["abc", "12x", "-5", "0", "1.5"])
def test_bad_guild_id_raises(clean_env: pytest.MonkeyPatch, bad: str) -> None:
    clean_env.setenv("DEV_GUILD_ID", bad)
    with pytest.raises(ValueError, match="DEV_GUILD_ID"):
        Settings.from_env()


def test_reads_dotenv_in_cwd(clean_env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=42\n")
    settings = Settings.from_env()
    assert settings.token == "from-file"
    assert settings.dev_guild_id == 42


def test_settings_are_frozen(clean_env: pytest.MonkeyPatch) -> None:
    settings = Settings.from_env()
    with pytest.raises(AttributeError):
        settings.token = "x"  # type: ignore[misc]


def test_python_m_bot_without_token_exits_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in SETTING_VARS}
    # The temp cwd has no .env; PYTHONPATH lets the child import bot even if the
    # project is not installed.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [NO_TOKEN_MESSAGE]


@pytest.mark.parametrize("bad", ["LOUD", "verbose", "10"])
def test_unknown_log_level_is_refused_naming_the_choices(
    clean_env: pytest.MonkeyPatch, bad: str
) -> None:
    clean_env.setenv("LOG_LEVEL", bad)
    with pytest.raises(ValueError, match="LOG_LEVEL must be one of DEBUG, INFO, WARNING"):
        Settings.from_env()


def _python_m_bot(tmp_path: Path, *args: str, **env_vars: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` from a folder without ``.env``, with only ``env_vars`` set."""
    env = {k: v for k, v in os.environ.items() if k not in SETTING_VARS}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    env.update(env_vars)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_python_m_bot_with_a_bad_log_level_says_so_in_one_line(tmp_path: Path) -> None:
    """README, Troubleshooting: exit code 2 and one line, never a traceback, before any
    connection is tried (the token here is never sent anywhere)."""
    result = _python_m_bot(tmp_path, LOG_LEVEL="LOUD", DISCORD_TOKEN="not-a-real-token")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "Bad settings: LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, got 'LOUD'"
    ]


@pytest.mark.parametrize(
    ("args", "env_vars", "says"),
    [
        (("--bogus",), {}, "python -m bot: unrecognized arguments: --bogus"),
        ((), {"DEV_GUILD_ID": "12x"}, "Bad settings: DEV_GUILD_ID must be"),
        # Told before logging in to Discord, where they showed as "Could not reach Discord"
        # (exit 5) or went on to fail later.
        ((), {"DATABASE_PATH": "no/such/folder/games.sqlite3"}, "Bad settings: DATABASE_PATH"),
        ((), {"DATABASE_URL": "postgresql://"}, "Bad settings: DATABASE_URL names no server"),
    ],
)
def test_python_m_bot_refuses_bad_input_in_one_line(
    tmp_path: Path, args: tuple[str, ...], env_vars: dict[str, str], says: str
) -> None:
    result = _python_m_bot(tmp_path, *args, DISCORD_TOKEN="not-a-real-token", **env_vars)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(says), result.stderr


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("postgresql://", "names no server"),
        ("postgresql:///smallworld", "names no server"),
        ("postgres://sw:secret@/smallworld", "names no server"),
        ("postgresql://sw@:5432/smallworld", "names no server"),
        ("postgresql://sw@db:port/smallworld", "has a port that is not a number"),
        ("postgresql://sw@db:0/smallworld", "has a port that is not a number"),
    ],
)
def test_a_database_url_must_name_its_server(
    clean_env: pytest.MonkeyPatch, url: str, says: str
) -> None:
    clean_env.setenv("DATABASE_URL", url)
    with pytest.raises(ValueError, match=f"DATABASE_URL {says}"):
        Settings.from_env()


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://sw:secret@db.example:5432/sw",
        "postgresql://sw@db1:5432,db2:5433/sw",
        "postgresql://sw@/sw?host=/var/run/postgresql",
    ],
)
def test_a_server_by_host_hosts_or_socket_folder(clean_env: pytest.MonkeyPatch, url: str) -> None:
    clean_env.setenv("DATABASE_URL", url)
    assert Settings.from_env().database_url == url


def test_pghost_names_the_server_the_url_leaves_out(clean_env: pytest.MonkeyPatch) -> None:
    # asyncpg reads PGHOST when the URL has no host.
    clean_env.setenv("DATABASE_URL", "postgresql:///smallworld")
    clean_env.setenv("PGHOST", "/var/run/postgresql")
    assert Settings.from_env().database_url == "postgresql:///smallworld"


def test_a_database_path_that_cannot_work_is_a_bad_setting(
    clean_env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "notes.txt").write_text("not a database")
    for path, says in (
        ("missing/games.sqlite3", "names a file in a folder that does not exist: missing"),
        ("folder", "is a folder, not a database file: folder"),
        ("notes.txt", "is not an SQLite database: notes.txt"),
    ):
        clean_env.setenv("DATABASE_PATH", path)
        with pytest.raises(ValueError, match=f"^DATABASE_PATH {says}"):
            Settings.from_env()
    # A new file in a folder that exists, an empty one, and SQLite's in-memory database are
    # fine; with a DATABASE_URL the path is not used, so not checked.
    (tmp_path / "empty.sqlite3").touch()
    for good in ("folder/games.sqlite3", "empty.sqlite3", ":memory:"):
        clean_env.setenv("DATABASE_PATH", good)
        assert Settings.from_env().database_path == good
    clean_env.setenv("DATABASE_PATH", "missing/games.sqlite3")
    clean_env.setenv("DATABASE_URL", "postgresql://sw@db/sw")
    assert Settings.from_env().database_target == "postgresql://sw@db/sw"


def test_postgresql_url_cache_and_shards(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("DATABASE_URL", " postgresql://sw:secret@db.example/sw ")
    clean_env.setenv("DATABASE_POOL_SIZE", "20")
    clean_env.setenv("GAME_CACHE_SIZE", "500")
    clean_env.setenv("SHARD_IDS", "3, 1")
    clean_env.setenv("SHARD_COUNT", "4")
    settings = Settings.from_env()
    assert settings.database_url == "postgresql://sw:secret@db.example/sw"
    # The URL wins over the SQLite file.
    assert settings.database_target == settings.database_url
    assert settings.database_pool_size == 20
    assert settings.game_cache_size == 500
    assert settings.shard_ids == (1, 3)
    assert settings.shard_count == 4


def test_without_a_url_the_games_stay_in_sqlite(clean_env: pytest.MonkeyPatch) -> None:
    settings = Settings.from_env()
    assert settings.database_url is None
    assert settings.database_target == DEFAULT_DATABASE_PATH
    assert settings.shard_ids is None and settings.shard_count is None


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DATABASE_URL", "mysql://x/y", "DATABASE_URL"),
        ("DATABASE_POOL_SIZE", "0", "DATABASE_POOL_SIZE"),
        ("GAME_CACHE_SIZE", "lots", "GAME_CACHE_SIZE"),
        ("SHARD_IDS", "0", "go together"),
    ],
)
def test_bad_scaling_settings_are_refused(
    clean_env: pytest.MonkeyPatch, name: str, value: str, message: str
) -> None:
    clean_env.setenv(name, value)
    with pytest.raises(ValueError, match=message):
        Settings.from_env()


@pytest.mark.parametrize(("ids", "count"), [("4", "4"), ("a,b", "2"), (",", "2")])
def test_bad_shards_are_refused(clean_env: pytest.MonkeyPatch, ids: str, count: str) -> None:
    clean_env.setenv("SHARD_IDS", ids)
    clean_env.setenv("SHARD_COUNT", count)
    with pytest.raises(ValueError, match="SHARD"):
        Settings.from_env()


def test_the_web_server_is_off_unless_web_port_is_set(clean_env: pytest.MonkeyPatch) -> None:
    assert Settings.from_env().web_port is None
    clean_env.setenv("WEB_PORT", "8080")
    assert (Settings.from_env().web_port, Settings.from_env().web_host) == (8080, "0.0.0.0")
    for bad in ("0", "70000", "http"):
        clean_env.setenv("WEB_PORT", bad)
        with pytest.raises(ValueError, match="WEB_PORT"):
            Settings.from_env()
