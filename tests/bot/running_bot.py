"""The bot and ``python -m bot web`` in processes of their own, as an operator runs them:
what the tests and ``bench/orphans.py`` stop with a signal to see what they leave behind.

    python -m tests.bot.running_bot DATABASE_PATH WORKERS

runs the bot as ``python -m bot`` does, through ``bot.startup.run`` and discord.py's own
``Client.run`` (its event loop, ``async with bot``, its ending on Ctrl-C), with ``WORKERS``
worker processes; only the connection to Discord is simulated (simcord). Once a 2-player
game with an AI seat has started and its first turn has gone out (the AI's move thought and
the board drawn in the workers), it prints one line, ``ready``, and runs until stopped.

``launch`` starts that process, or ``python -m bot web``, and returns once it is ready.
"""

from __future__ import annotations

import asyncio
import os
import select
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
#: The longest a process may take to be ready (a loaded machine is slow, never this slow).
READY_CEILING = 180.0


def main(database_path: str, workers: int) -> int:
    """Run the bot until a signal stops it; ``startup.run``'s exit code."""
    import simcord

    from bot import startup
    from tests.bot.conftest import make_bot

    bot = make_bot(database_path, workers=workers)
    bot.ai_seats.iterations = 4

    async def simulated_start(token: str, *, reconnect: bool = True) -> None:
        # In place of Discord's gateway: simcord's, with a game being played on it.
        async with simcord.run(bot, settle_timeout=READY_CEILING) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("smallworld")
            ann = guild.add_member(env.create_user("ann"))
            await bot.tree.sync()
            await ann.slash(channel, "sw new", players=2)
            await ann.slash(channel, "sw addai", level="easy")
            await ann.slash(channel, "sw start")
            await bot.ai_seats.idle()
            print("ready", flush=True)
            await asyncio.Event().wait()

    started: Any = simulated_start
    bot.start = started  # type: ignore[method-assign]
    return startup.run(bot, "token", database_path=database_path)


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def launch(target: str, database: Path, workers: int) -> subprocess.Popen[bytes]:
    """``target`` (``bot``: the bot above; ``web``: ``python -m bot web``) on the SQLite file
    ``database`` with ``workers`` worker processes, in a process group of its own, once it
    is ready (the bot has said so; the web server answers on its port). Raises
    ``RuntimeError`` with its output when it ends or takes longer than ``READY_CEILING``."""
    env = {**os.environ, "DATABASE_PATH": str(database), "WORKERS": str(workers)}
    env.pop("DATABASE_URL", None)
    port = free_port()
    if target == "bot":
        command = [sys.executable, "-m", "tests.bot.running_bot", str(database), str(workers)]
    else:
        env["WEB_HOST"] = "127.0.0.1"
        command = [sys.executable, "-m", "bot", "web", "--port", str(port)]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    if not _ready(proc, target, port):
        proc.kill()
        out, err = proc.communicate()
        raise RuntimeError(f"{target} did not start:\n{out.decode()}\n{err.decode()}")
    return proc


def _ready(proc: subprocess.Popen[bytes], target: str, port: int) -> bool:
    """Wait until ``proc`` is ready; False when it ended first or never was."""
    assert proc.stdout is not None
    end = time.monotonic() + READY_CEILING
    while proc.poll() is None and time.monotonic() < end:
        if target == "bot":
            readable, _, _ = select.select([proc.stdout], [], [], 1.0)
            if readable:
                return proc.stdout.readline().strip() == b"ready"
        else:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    return True
            time.sleep(0.1)
    return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
