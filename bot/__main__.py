"""Entry point: ``python -m bot`` or the ``smallworld-bot`` console script."""

from __future__ import annotations

import sys

from bot.settings import Settings

NO_TOKEN_MESSAGE = "No Discord token: put DISCORD_TOKEN=<your bot token> in .env (see .env.example)"


def main() -> int:
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"Bad settings: {exc}", file=sys.stderr)
        return 2
    if settings.token is None:
        print(NO_TOKEN_MESSAGE, file=sys.stderr)
        return 2
    print("bot not implemented yet", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
