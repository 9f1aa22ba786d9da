"""discord.py's own retries of a Discord server error, inside simcord.

simcord answers the bot's REST calls in place of discord.py's ``HTTPClient.request``, so a
500 it injects reaches the bot at once. Against the real Discord, discord.py first tries the
call five times, sleeping ``1 + 2 * tries`` seconds after each 500, 502, 504 or 524
(``discord/http.py``), and raises only then: 25 s after the first refusal. (simcord raises
a plain ``HTTPException`` for a 5xx, so the status is what is looked at.) ``with_retries``
puts that loop back around simcord's client; its pauses are declared to simcord as
waits, so they pass on simcord's virtual clock (``env.advance_time``), never in real time.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

#: The statuses discord.py retries by itself, and how many tries it makes.
RETRIED = frozenset({500, 502, 504, 524})
TRIES = 5


def with_retries(env: Any) -> None:
    """Make the bot's REST calls retry server errors as discord.py does against Discord."""
    http = env.bot.http
    request = http.request

    async def retrying(route: Any, **kwargs: Any) -> Any:
        for tries in range(TRIES):
            for f in kwargs.get("files") or ():
                f.reset(seek=tries)  # as discord.py does before each try
            try:
                return await request(route, **kwargs)
            except discord.HTTPException as exc:
                if exc.status not in RETRIED:
                    raise
                failure = exc
                pause = asyncio.sleep(1 + tries * 2)
                await env.external_wait(pause, reason="discord.py's pause before a retry")
        raise failure

    http.request = retrying
