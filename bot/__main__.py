"""Entry point: ``python -m bot`` (or the ``smallworld-bot`` console script).

``--sync`` registers the slash commands globally (do it once after changing commands);
with ``DEV_GUILD_ID`` set they are synced to that server on every start instead, which
takes effect at once.

Exit codes: 0 stopped normally, 2 bad or missing settings, 3 token refused, 4 privileged
intent not enabled, 5 Discord unreachable, 6 Discord answered an error, 7 database cannot be
opened (``bot.startup``). Each of these prints one line on stderr, never a traceback.
"""

from __future__ import annotations

import logging
import sys

from bot.settings import Settings
from engine.console import arguments

NO_TOKEN_MESSAGE = "No Discord token: put DISCORD_TOKEN=<your bot token> in .env (see .env.example)"


def main(argv: list[str] | None = None) -> int:
    """Read settings, then run the bot until it is stopped."""
    parser = arguments.Parser(prog="python -m bot", description="Small World for Discord")
    parser.add_argument("--sync", action="store_true", help="sync slash commands globally")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"Bad settings: {exc}", file=sys.stderr)
        return 2
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
