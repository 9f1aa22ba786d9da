"""Start-up failures: one line a server admin can act on, an exit code each, no traceback."""

from __future__ import annotations

import io
import logging
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from bot import startup
from bot.__main__ import main
from bot.client import SmallWorldBot
from bot.storage import DatabaseUnavailable, storage_for


def _response(status: int, reason: str = "") -> Any:
    """Enough of an aiohttp response for ``discord.HTTPException``."""
    return SimpleNamespace(status=status, reason=reason)


def _no_network() -> Exception:
    key = SimpleNamespace(host="discord.com", port=443, ssl=True)
    return aiohttp.ClientConnectorError(key, OSError(-2, "Name or service not known"))  # type: ignore[arg-type]


CASES = [
    (
        discord.LoginFailure("Improper token has been passed."),
        startup.EXIT_BAD_TOKEN,
        "Discord refused the token: check DISCORD_TOKEN in .env",
    ),
    (
        discord.PrivilegedIntentsRequired(None),
        startup.EXIT_INTENTS,
        "Privileged Gateway Intents",
    ),
    (_no_network(), startup.EXIT_NO_NETWORK, "Could not reach Discord"),
    (OSError(101, "Network is unreachable"), startup.EXIT_NO_NETWORK, "Could not reach Discord"),
    (TimeoutError(), startup.EXIT_NO_NETWORK, "Could not reach Discord (TimeoutError)"),
    (
        discord.HTTPException(_response(503, "Service Unavailable"), "upstream connect error"),
        startup.EXIT_DISCORD_ERROR,
        "Discord answered HTTP 503 while the bot logged in (upstream connect error)",
    ),
    (
        discord.HTTPException(_response(429, "Too Many Requests"), ""),
        startup.EXIT_DISCORD_ERROR,
        "rate-limiting",
    ),
    (discord.GatewayNotFound(), startup.EXIT_DISCORD_ERROR, "outage"),
    (
        sqlite3.OperationalError("unable to open database file"),
        startup.EXIT_DATABASE,
        "Could not open the database at ",
    ),
]


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A token in the environment, no ``.env`` file, the database in a temporary folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "db.sqlite3"))
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    return tmp_path


@pytest.mark.parametrize(("exc", "code", "words"), CASES, ids=lambda x: type(x).__name__)
def test_start_up_failure_is_one_line_and_an_exit_code(
    env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    exc: Exception,
    code: int,
    words: str,
) -> None:
    seen: dict[str, Any] = {}

    def refuse(self: SmallWorldBot, token: str, **kwargs: Any) -> None:
        seen["token"] = token
        raise exc

    monkeypatch.setattr(SmallWorldBot, "run", refuse)
    assert main([]) == code
    assert seen["token"] == "not-a-real-token"
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert words in lines[0], lines[0]
    assert "Traceback" not in err + out
    assert out == ""


def test_exit_codes_are_distinct_and_not_the_settings_code() -> None:
    codes = {
        startup.EXIT_BAD_TOKEN,
        startup.EXIT_INTENTS,
        startup.EXIT_NO_NETWORK,
        startup.EXIT_DISCORD_ERROR,
        startup.EXIT_DATABASE,
    }
    assert len(codes) == 5 and 0 not in codes and 1 not in codes and 2 not in codes


def test_a_bug_keeps_its_traceback(env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: SmallWorldBot, token: str, **kwargs: Any) -> None:
        raise KeyError("a programming error")

    monkeypatch.setattr(SmallWorldBot, "run", broken)
    with pytest.raises(KeyError):
        main([])


def test_a_clean_stop_exits_zero(
    env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(SmallWorldBot, "run", lambda self, token, **kwargs: None)
    assert main([]) == 0
    assert capsys.readouterr().err == ""


def test_the_real_run_reports_a_login_failure(
    env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # discord.py's own run (event loop, login, cleanup) with the login call refused, as
    # Discord refuses a wrong token: still one line, and the database closes cleanly.
    async def static_login(self: Any, token: str) -> Any:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", static_login)
    assert main([]) == startup.EXIT_BAD_TOKEN
    err = capsys.readouterr().err
    told = [line for line in err.splitlines() if "Discord refused the token" in line]
    assert len(told) == 1 and "Traceback" not in err


# --- permissions in channels with games --------------------------------------------------------


class FakeChannel:
    def __init__(self, name: str, perms: discord.Permissions) -> None:
        self.name = name
        self.perms = perms

    def permissions_for(self, member: object) -> discord.Permissions:
        return self.perms


class FakeGuild:
    def __init__(self, guild_id: int, name: str, channels: dict[int, FakeChannel]) -> None:
        self.id = guild_id
        self.name = name
        self.channels = channels
        self.me = object()
        self.unavailable = False

    def get_channel_or_thread(self, channel_id: int) -> FakeChannel | None:
        return self.channels.get(channel_id)


class FakeStorage:
    def __init__(self, rows: list[dict[str, int]]) -> None:
        self.rows = rows

    async def fetchall(self, sql: str, params: tuple = ()) -> list[dict[str, int]]:
        assert sql == startup.OPEN_GAMES
        return self.rows


class FakeBot:
    def __init__(self, guilds: dict[int, FakeGuild], rows: list[dict[str, int]]) -> None:
        self.guilds = guilds
        self.storage = FakeStorage(rows)
        self.listeners: list[tuple[Any, str]] = []

    def get_guild(self, guild_id: int) -> FakeGuild | None:
        return self.guilds.get(guild_id)

    def add_listener(self, func: Any, name: str) -> None:
        self.listeners.append((func, name))


FULL = startup.INVITE  # the README's invite: everything the bot needs


def _bot() -> FakeBot:
    no_files = discord.Permissions(FULL.value)
    no_files.attach_files = False
    mute = discord.Permissions(FULL.value)
    mute.send_messages = False
    mute.read_message_history = False
    guilds = {
        1: FakeGuild(1, "Fine Server", {10: FakeChannel("games", FULL)}),
        2: FakeGuild(
            2,
            "Strict Server",
            {20: FakeChannel("general", no_files), 21: FakeChannel("quiet", mute)},
        ),
    }
    rows = [
        {"guild_id": 1, "channel_id": 10},
        {"guild_id": 2, "channel_id": 20},
        {"guild_id": 2, "channel_id": 21},
        {"guild_id": 2, "channel_id": 21},  # two games' rows for one channel: told once
        {"guild_id": 2, "channel_id": 29},  # not in the cache (an archived thread): skipped
        {"guild_id": 3, "channel_id": 30},  # a server the bot has left
    ]
    return FakeBot(guilds, rows)


async def test_missing_permissions_give_one_warning_per_server(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bot = _bot()
    startup.watch_permissions(bot)
    [(on_ready, name)] = bot.listeners
    assert name == "on_ready"
    with caplog.at_level(logging.WARNING, logger="bot.startup"):
        await on_ready()
    warnings = [r.getMessage() for r in caplog.records if r.name == "bot.startup"]
    assert len(warnings) == 2, warnings
    strict, gone = warnings
    assert strict.startswith("Server 'Strict Server' (2): #general lacks Attach Files; ")
    assert "#quiet lacks Send Messages, Read Message History." in strict
    assert "Fine Server" not in " ".join(warnings)
    assert gone.startswith("Server 3: the bot is no longer a member")
    assert all("\n" not in w for w in warnings)


async def test_a_failing_permission_check_is_not_fatal(caplog: pytest.LogCaptureFixture) -> None:
    bot = _bot()

    async def broken(sql: str, params: tuple = ()) -> list[dict[str, int]]:
        raise sqlite3.OperationalError("database is locked")

    bot.storage.fetchall = broken  # type: ignore[method-assign]
    on_ready = startup.watch_permissions(bot)
    await on_ready()  # logged, not raised
    assert any("checking channel permissions failed" in r.getMessage() for r in caplog.records)


def test_threads_need_send_messages_in_threads() -> None:
    perms = discord.Permissions(FULL.value)
    perms.send_messages = False
    assert startup.missing_permissions(perms, thread=True) == []
    assert startup.missing_permissions(perms, thread=False) == ["Send Messages"]
    perms.send_messages_in_threads = False
    assert startup.missing_permissions(perms, thread=True) == ["Send Messages in Threads"]


async def test_the_check_reads_the_real_cache_and_the_games_table(simcord_env) -> None:
    """Against simcord's Discord: a lobby's channel is found through discord.py's own cache and
    the bot's permissions there are complete, so nothing is logged."""
    from tests.bot.world import world

    w = await world(simcord_env)
    result = await w.members[0].slash(w.channel, "sw new", players=2)
    assert not result.ephemeral
    rows = await simcord_env.bot.storage.fetchall(startup.OPEN_GAMES)
    assert [(r["guild_id"], r["channel_id"]) for r in rows] == [(w.guild.id, w.channel.id)]
    assert await startup.check_permissions(simcord_env.bot) == []


async def test_a_channel_that_refuses_the_bot_is_warned_about(simcord_env) -> None:
    """Against simcord's Discord: a server admin denies the bot Attach Files in the game's
    channel; the check finds it in discord.py's cache and names the server and channel."""
    from tests.bot.world import world

    w = await world(simcord_env)
    await w.members[0].slash(w.channel, "sw new", players=2)
    bot = simcord_env.bot
    channel = bot.get_channel(w.channel.id)
    await channel.set_permissions(channel.guild.me, attach_files=False, send_messages=False)
    [line] = await startup.check_permissions(bot)
    assert line.startswith(f"Server {channel.guild.name!r} ({w.guild.id}): #smallworld lacks ")
    assert "lacks Send Messages, Attach Files." in line


async def test_an_unreachable_postgresql_server_is_a_database_problem() -> None:
    # Nothing listens on port 1: the pool cannot connect. That is exit 7 with a line naming
    # the database (without its password), not "Discord cannot be reached".
    storage = storage_for("postgresql://sw:secret@127.0.0.1:1/sw")
    with pytest.raises(DatabaseUnavailable) as caught:
        await storage.open()
    code, line = startup.explain(caught.value) or (0, "")
    assert code == startup.EXIT_DATABASE
    assert "DATABASE_URL" in line and "127.0.0.1:1/sw" in line
    assert "secret" not in line


async def test_each_connection_logs_the_invite_link(caplog: pytest.LogCaptureFixture) -> None:
    bot = _bot()
    bot.application_id = 4242  # type: ignore[attr-defined]
    on_ready = startup.watch_permissions(bot)
    with caplog.at_level(logging.INFO, logger="bot.startup"):
        await on_ready()
    said = [r.getMessage() for r in caplog.records if r.name == "bot.startup"]
    assert f"Invite the bot to a server: {startup.invite_link(4242)}" in said
    assert "client_id=4242" in startup.invite_link(4242)


def test_a_taken_web_port_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    """``WEB_PORT`` held by another program: the bot's start stops with exit 8 and a line
    about the web pages' port (not "Could not reach Discord"), and leaves no worker behind."""
    import dataclasses
    import socket

    import simcord

    from tests.bot.conftest import make_bot

    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        bot = make_bot(tmp_path / "bot.sqlite3", workers=0)
        bot.settings = dataclasses.replace(bot.settings, web_port=port, web_host="127.0.0.1")

        async def simulated_start(token: str, *, reconnect: bool = True) -> None:
            async with simcord.run(bot):
                pass

        bot.start = simulated_start  # type: ignore[method-assign]
        err = io.StringIO()
        code = startup.run(bot, "token", database_path=str(tmp_path / "bot.sqlite3"), stderr=err)
    assert code == startup.EXIT_PORT
    [line] = err.getvalue().splitlines()
    assert line.startswith(f"Could not serve the web pages on 127.0.0.1:{port} (")
    assert "WEB_PORT" in line
