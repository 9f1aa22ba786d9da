"""Start-up problems told in words a server admin can act on.

``run`` wraps ``bot.run``: when Discord cannot be reached, refuses the token or the intents,
or the database cannot be opened, it prints one line on stderr saying what happened and what
to do, and returns an exit code of its own (no traceback). Anything else is a bug and keeps
its traceback.

``watch_permissions`` checks, each time the bot is ready, that it may post in the channels
that hold games, and logs one warning line per server where it may not.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TextIO

import aiohttp
import discord

from .stopping import sigterm_as_ctrl_c
from .storage import SQLITE_ERRORS, DatabaseUnavailable
from .web.server import PortUnavailable

log = logging.getLogger(__name__)

#: Exit codes of ``python -m bot`` (2 is bad or missing settings, see ``bot.__main__``).
EXIT_BAD_TOKEN = 3
EXIT_INTENTS = 4
EXIT_NO_NETWORK = 5
EXIT_DISCORD_ERROR = 6
EXIT_DATABASE = 7
EXIT_PORT = 8

PORTAL = "https://discord.com/developers/applications"


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def explain(exc: BaseException, database_path: str = "") -> tuple[int, str] | None:
    """The exit code and the one line for an exception that stopped the start, or None.

    None means the exception is not a start-up problem an admin can fix (a bug): the caller
    lets it through with its traceback.
    """
    if isinstance(exc, discord.LoginFailure):
        return EXIT_BAD_TOKEN, (
            "Discord refused the token: check DISCORD_TOKEN in .env (Developer Portal → "
            f"your application → Bot → Reset Token, then paste the new token; {PORTAL})."
        )
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return EXIT_INTENTS, (
            "Discord refused the connection because the bot asks for a privileged intent that "
            "is not enabled: switch it on under Developer Portal → Bot → Privileged Gateway "
            f"Intents ({PORTAL}), or run the bot without it."
        )
    if isinstance(exc, discord.GatewayNotFound):
        return EXIT_DISCORD_ERROR, (
            "Discord did not give a gateway to connect to: Discord is probably having an "
            "outage (https://discordstatus.com); start the bot again later."
        )
    if isinstance(exc, discord.HTTPException):
        reason = _one_line(exc.text) or getattr(exc.response, "reason", "") or "no details"
        if exc.status == 429:
            advice = "Discord is rate-limiting this machine; wait a few minutes, then start again."
        elif exc.status >= 500:
            advice = "Discord is having trouble (https://discordstatus.com); start again later."
        else:
            advice = "check the token and the application in the Developer Portal, then retry."
        return EXIT_DISCORD_ERROR, (
            f"Discord answered HTTP {exc.status} while the bot logged in ({reason}): {advice}"
        )
    if isinstance(exc, PortUnavailable):
        return EXIT_PORT, (
            f"Could not serve the web pages on {exc.host}:{exc.port} ({exc.reason}): set WEB_PORT "
            "in .env to a free port (or leave it empty for no web pages), and WEB_HOST to an "
            "address of this machine."
        )
    if isinstance(exc, DatabaseUnavailable):
        return EXIT_DATABASE, (
            f"Could not open the database ({_one_line(exc)}): check DATABASE_URL in .env, that "
            "the PostgreSQL server is running and that its user may connect."
        )
    if isinstance(exc, SQLITE_ERRORS) or (
        isinstance(exc, (PermissionError, FileNotFoundError, IsADirectoryError, NotADirectoryError))
        and not isinstance(exc, aiohttp.ClientError)
    ):
        where = f" at {database_path}" if database_path else ""
        return EXIT_DATABASE, (
            f"Could not open the database{where} ({_one_line(exc)}): check DATABASE_PATH in .env "
            "and that its folder exists and is writable by this user."
        )
    if isinstance(exc, (aiohttp.ClientConnectionError, OSError)):
        # ClientConnectorError (DNS, refused, unreachable) is an OSError too, as are time-outs.
        detail = _one_line(exc) or type(exc).__name__
        return EXIT_NO_NETWORK, (
            f"Could not reach Discord ({detail}): check this machine's internet connection, "
            "DNS and firewall (the bot needs HTTPS to discord.com), then start the bot again."
        )
    return None


def run(bot: Any, token: str, *, database_path: str = "", stderr: TextIO | None = None) -> int:
    """``bot.run(token)`` until it stops (Ctrl-C or SIGTERM); 0, or the exit code of the
    problem told on stderr."""
    err = stderr if stderr is not None else sys.stderr
    try:
        # SIGTERM (systemd, docker, kill) stops the bot as cleanly as Ctrl-C.
        with sigterm_as_ctrl_c():
            bot.run(token, log_handler=None)
    except Exception as exc:
        found = explain(exc, database_path)
        if found is None:
            raise
        code, line = found
        err.write(line + "\n")
        err.flush()
        return code
    return 0


# --- permissions in the channels with games ----------------------------------------------------

#: What the bot needs where it posts (README: "Putting the bot on your server"). Threads need
#: Send Messages in Threads instead of Send Messages. The bot sends no embeds.
NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
IN_THREADS = ("send_messages_in_threads", "Send Messages in Threads")
#: The permissions of the README's invite link: what the bot needs where it posts, Create
#: Public Threads for ``/sw new thread:true`` and Create Private Threads for a member's
#: ``/tutorial``. It deletes only its own messages and manages no thread, so it asks for
#: nothing more.
INVITE = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    attach_files=True,
    read_message_history=True,
)


def invite_link(application_id: int) -> str:
    """The link that invites this bot to a server with the README's scopes and ``INVITE``:
    logged at start-up, so that nobody has to look the application's id up."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITE, scopes=("bot", "applications.commands")
    )


#: Games whose channel the bot still posts to.
OPEN_GAMES = "SELECT guild_id, channel_id FROM games WHERE status IN ('lobby', 'active')"


def missing_permissions(perms: discord.Permissions, thread: bool) -> list[str]:
    """The names of the permissions the bot needs and lacks, given its permissions there."""
    needed = [
        IN_THREADS if thread and attr == "send_messages" else (attr, name) for attr, name in NEEDED
    ]
    return [name for attr, name in needed if not getattr(perms, attr)]


def permission_warnings(bot: Any, games: Iterable[tuple[int, int]]) -> list[str]:
    """One line per server where the bot may not post in a channel with a game.

    ``games`` are (guild id, channel id) pairs. Only Discord's cache is read (no request):
    a channel the cache does not hold (an archived thread, a deleted channel) is skipped.
    """
    by_guild: dict[int, list[int]] = {}
    for guild_id, channel_id in games:
        channels = by_guild.setdefault(guild_id, [])
        if channel_id not in channels:
            channels.append(channel_id)
    lines = []
    for guild_id, channel_ids in by_guild.items():
        guild = bot.get_guild(guild_id)
        if guild is None:
            lines.append(
                f"Server {guild_id}: the bot is no longer a member, so its "
                f"{len(channel_ids)} game channel(s) there get no messages; invite it again "
                "to carry on."
            )
            continue
        if getattr(guild, "unavailable", False) or guild.me is None:
            continue
        problems = []
        for channel_id in channel_ids:
            channel = guild.get_channel_or_thread(channel_id)
            if channel is None:
                continue
            try:
                perms = channel.permissions_for(guild.me)
            except discord.ClientException:  # a thread whose parent is not cached
                continue
            lacking = missing_permissions(perms, isinstance(channel, discord.Thread))
            if lacking:
                problems.append(f"#{channel.name} lacks {', '.join(lacking)}")
        if problems:
            lines.append(
                f"Server {guild.name!r} ({guild_id}): {'; '.join(problems)}. Games there cannot "
                "be posted until the bot's role gets these permissions (Server Settings → Roles, "
                "or the channel's Permissions)."
            )
    return lines


async def check_permissions(bot: Any) -> list[str]:
    """Log (and return) the warnings of ``permission_warnings`` for the games in storage."""
    rows = await bot.storage.fetchall(OPEN_GAMES)
    # Only this process's servers: another process's shards are not in its cache.
    owns = getattr(bot, "owns", lambda _guild_id: True)
    lines = permission_warnings(
        bot, [(row["guild_id"], row["channel_id"]) for row in rows if owns(row["guild_id"])]
    )
    for line in lines:
        log.warning("%s", line)
    return lines


def watch_permissions(bot: Any) -> Callable[[], Awaitable[None]]:
    """Each time ``bot`` is ready (``on_ready``): log its invite link, and check the
    permissions (never fatal)."""

    async def on_ready() -> None:
        if getattr(bot, "application_id", None):
            log.info("Invite the bot to a server: %s", invite_link(bot.application_id))
        try:
            await check_permissions(bot)
        except Exception:  # a check that fails must not stop the bot
            log.exception("checking channel permissions failed")

    bot.add_listener(on_ready, "on_ready")
    return on_ready


__all__ = [
    "EXIT_BAD_TOKEN",
    "EXIT_DATABASE",
    "EXIT_DISCORD_ERROR",
    "EXIT_INTENTS",
    "EXIT_NO_NETWORK",
    "EXIT_PORT",
    "INVITE",
    "NEEDED",
    "check_permissions",
    "explain",
    "invite_link",
    "missing_permissions",
    "permission_warnings",
    "run",
    "watch_permissions",
]
