"""Benchmark: which project modules one press passes through, on a ▶ Play panel and on
the buttons of a public game message.

    python bench/press_path.py [--seed 5]

Runs the real bot against simcord's in-memory Discord on a fresh SQLite file, starts a
3-player game, lets the member to act open their panel with ▶ Play, and measures three
presses of that member:

1. ``panel``: a panel press that plays a move (the panel's first control that carries an
   action);
2. ``message Undo``: after a second move from the panel (a pick cannot be undone), Undo on
   a public game message, which takes that second move back;
3. ``message End turn``: End turn on a public game message;
4. ``/sw end``: the next member, once they picked a combo from their panel, ends their turn
   with the slash command.

Messages posted since the panel carry only ▶ Play, the combos and the coins; End turn,
Done placing, Undo and Decline still answer on messages posted before it, so the script
has the bot post such a message (``bot.controls.turn_view``) before each public press.

Only the measured presses run under ``sys.setprofile`` (and ``threading.setprofile``, for
the worker threads that draw), and the script prints for each:

- the project modules (``bot``, ``cogs``, ``renderer``, ``ai``, ``engine``) whose Python
  functions ran, in the order of their first call, with how many calls each;
- the calls made from the Discord side (``bot.desk*`` and the cogs) into the game service
  (``bot.service`` and the modules under it), one line each, and their number.

A coroutine counts once when it is called, not again each time it resumes after an await.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord

from bot.client import SmallWorldBot
from bot.controls import turn_view
from bot.messages import decision_key
from bot.settings import Settings
from engine import to_act

#: The packages of the project, as the first part of a module's name.
PROJECT = ("bot", "cogs", "renderer", "ai", "engine")
#: The modules that turn an interaction into calls to the service.
DISCORD_SIDE = ("bot.desk", "cogs.")
#: Code flags of functions whose frames resume (coroutines, generators).
RESUMABLE = 0x20 | 0x80 | 0x100 | 0x200


def project(module: str) -> bool:
    """Whether a module belongs to the project."""
    return module.split(".", 1)[0] in PROJECT


def service_module(module: str) -> bool:
    """Whether a module is the game service or part of it."""
    return module == "bot.service" or module.startswith("bot.service.")


class Path_:
    """What the profiler saw: calls per module in first-call order, and the calls from the
    desk and the cogs into the service."""

    def __init__(self) -> None:
        self.active = False
        self.modules: Counter[str] = Counter()
        self.order: list[str] = []
        self.desk_calls: list[str] = []
        # Frames already seen: a resumed coroutine is not a new call. Kept alive on purpose,
        # so that no new frame reuses the id of one seen before.
        self.seen: set[FrameType] = set()
        self.lock = threading.Lock()

    def hook(self, frame: FrameType, event: str, _arg: Any) -> None:
        """The profile function: count Python calls into project modules."""
        if not self.active or event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        if not project(module):
            return
        with self.lock:
            if frame.f_code.co_flags & RESUMABLE:
                if frame in self.seen:
                    return
                self.seen.add(frame)
            if module not in self.modules:
                self.order.append(module)
            self.modules[module] += 1
            caller = frame.f_back
            if caller is None or not service_module(module):
                return
            if caller.f_globals.get("__name__", "").startswith(DISCORD_SIDE):
                self.desk_calls.append(f"{module}.{frame.f_code.co_qualname}")


def choices(panel: Any) -> list[tuple[str, str, str]]:
    """Every tap a panel offers: (kind, custom_id, payload)."""
    out = []
    for row in panel.components:
        for c in row.get("components", []):
            if c["type"] == 2:
                out.append(("button", c["custom_id"], c["custom_id"].split(":", 4)[4]))
            elif c["type"] == 3:
                out.extend(("menu", c["custom_id"], o["value"]) for o in c["options"])
    return out


async def measured(path: Path_, press: Callable[[], Awaitable[Any]]) -> Any:
    """Make one press with the profiler counting into ``path``."""
    sys.setprofile(path.hook)
    path.active = True
    try:
        return await press()
    finally:
        path.active = False
        sys.setprofile(None)


async def panel_move(member: Any, channel: Any, path: Path_ | None = None) -> str:
    """Open the member's panel from the newest message carrying ▶ Play and press its first
    control that carries an action (measured into ``path`` if given); returns its payload."""
    live = next(
        m
        for m in reversed(channel.history())
        if any(getattr(i, "label", "") == "▶ Play" for r in m.components for i in r.children)
    )
    panel = (await member.click(live, label="▶ Play")).response
    kind, custom_id, payload = next(c for c in choices(panel) if c[2].startswith("a="))

    async def press() -> Any:
        if kind == "button":
            return await member.click(panel, custom_id=custom_id)
        return await member.select(panel, [payload], custom_id=custom_id)

    await (measured(path, press) if path is not None else press())
    return payload


async def message_press(bot: Any, member: Any, channel: Any, label: str, path: Path_) -> str:
    """Have the bot post a game message with the buttons of the time before the panel, then
    press ``label`` on it (measured); returns the first line of the private answer."""
    lg = await bot.service.last_game(channel.id)
    s = lg.game.state
    view = turn_view(lg.id, decision_key(s), s.version, ["end", "finish", "undo", "decline"])
    await bot.get_channel(channel.id).send("A message from before the panel.", view=view)
    message = channel.history()[-1]
    result = await measured(path, lambda: member.click(message, label=label))
    replies = ([result.response] if result.response else []) + result.followups
    private = [r.content.splitlines()[0] for r in replies if r.ephemeral and r.content]
    return private[0] if private else "(no private answer)"


async def run(seed: int, paths: dict[str, Path_]) -> dict[str, str]:
    """Start a game and make the measured presses; returns what each did."""
    done: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings("bench", str(Path(tmp) / "bench.sqlite3"), None, "WARNING")
        bot = SmallWorldBot(settings)
        bot.service.seed_source = lambda: seed
        async with simcord.run(bot, shard_count=1) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("smallworld")
            members = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cyd")]
            await bot.tree.sync()
            await members[0].slash(channel, "sw new", players=3)
            await members[1].slash(channel, "sw join")
            await members[2].slash(channel, "sw join")
            await members[0].slash(channel, "sw start")
            lg = await bot.service.last_game(channel.id)
            seat = to_act(lg.game.state)
            member = next(m for m in members if m.id == lg.user_at(seat))
            done["panel"] = await panel_move(member, channel, paths["panel"])
            # A pick cannot be undone (the combo was revealed): the next move can.
            await panel_move(member, channel)
            undo = paths["message Undo"]
            done["message Undo"] = await message_press(bot, member, channel, "Undo", undo)
            end = paths["message End turn"]
            done["message End turn"] = await message_press(bot, member, channel, "End turn", end)
            lg = await bot.service.last_game(channel.id)
            member = next(m for m in members if m.id == lg.user_at(to_act(lg.game.state)))
            await panel_move(member, channel)
            result = await measured(paths["/sw end"], lambda: member.slash(channel, "sw end"))
            done["/sw end"] = result.response.content.splitlines()[0]
            await bot.storage.close()
    return done


class Recorder:
    """The profile function of every thread: it counts into the press being measured."""

    def __init__(self, paths: dict[str, Path_]) -> None:
        self.paths = paths

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        for path in self.paths.values():
            path.hook(frame, event, arg)


def report(name: str, what: str, path: Path_) -> None:
    """Print the figures of one press."""
    print(f"press: {name} ({what!r})")
    print(f"  project modules, in first-call order: {len(path.order)}")
    for module in path.order:
        print(f"    {module:36} {path.modules[module]:6} calls")
    print(f"  calls from bot.desk* and cogs into the service: {len(path.desk_calls)}")
    for call in path.desk_calls:
        print(f"    {call}")


def main() -> None:
    """Measure the presses and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    paths = {name: Path_() for name in ("panel", "message Undo", "message End turn", "/sw end")}
    # Worker threads (drawing) get the hook when they start; it counts only while active.
    threading.setprofile(Recorder(paths))
    done = asyncio.run(run(args.seed, paths))
    threading.setprofile(None)  # type: ignore[arg-type]
    for name, path in paths.items():
        report(name, done[name], path)


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/press_path.py"))
