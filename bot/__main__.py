"""Entry point: ``python -m bot`` (or the ``smallworld-bot`` console script).

``--sync`` registers the slash commands globally (do it once after changing commands);
with ``DEV_GUILD_ID`` set they are synced to that server on every start instead, which
takes effect at once.

Operations, which need no Discord token (``bot.transfer.cli``, docs/operations.md):
``python -m bot migrate`` applies pending migrations; ``python -m bot export-game ID``
writes a game as a JSON file (``--all DIR``: every game); ``python -m bot import-game FILE``
replays a game file and adds it as a new game; ``python -m bot copy-database --from FILE``
copies a whole SQLite file into an empty database. Their exit codes: 0 done, 1 refused, 2 bad
arguments or settings, 7 database cannot be opened. ``python -m bot web`` serves the web pages
on their own (``bot.web.standalone``; 8: the port cannot be listened on) and ``python -m bot
demo`` fills an empty database with demo games to look at (``bot.demo``).

Exit codes: 0 stopped normally, 2 bad or missing settings, 3 token refused, 4 privileged
intent not enabled, 5 Discord unreachable, 6 Discord answered an error, 7 database cannot be
opened (``bot.startup``). Each of these prints one line on stderr, never a traceback.
"""

from __future__ import annotations

import logging
import sys

from bot.settings import Settings
from bot.transfer import cli
from engine.console import arguments

NO_TOKEN_MESSAGE = (
    "No Discord token: put DISCORD_TOKEN=<your bot token> in .env (README: 'Putting the bot on"
    " your server'); to play without Discord now: .venv/bin/python -m engine play --players 3"
)


def parser() -> arguments.Parser:
    """The command line: ``--sync``, or one of the operations (``bot.transfer.cli``)."""
    found = arguments.Parser(prog="python -m bot", description="Small World for Discord")
    found.add_argument("--sync", action="store_true", help="sync slash commands globally")
    cli.add_commands(found)
    return found


def main(argv: list[str] | None = None) -> int:
    """Read settings, then run the bot until it is stopped (or run one operation)."""
    args = parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"Bad settings: {exc}", file=sys.stderr)
        return 2
    if args.command == "web":
        from bot.web import standalone

        return standalone.main(settings, args.port)
    if args.command == "demo":
        from bot import demo

        return demo.main(settings)
    if args.command is not None:
        return cli.main(args, settings)
    if settings.token is None:
        print(NO_TOKEN_MESSAGE, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from bot import startup
    from bot.client import SmallWorldBot

    bot = SmallWorldBot(settings, sync_on_start=args.sync, freeze_heap=True)
    return startup.run(bot, settings.token, database_path=settings.database_path)


if __name__ == "__main__":
    sys.exit(main())
