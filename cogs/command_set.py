"""The bot's slash commands as Discord gets them, for the catalogs and their tests: ``/sw``
with its ``settings`` group, ``/league`` with its ``queue`` and ``round`` groups, ``/maps``
and ``/tutorial``."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from cogs.game import GameCog
from cogs.league import LeagueCog
from cogs.maps import MapsCog
from cogs.queue import Queue
from cogs.rounds import RoundGroup
from cogs.settings import Settings
from cogs.tutorial import TutorialCog


def command_groups() -> list[app_commands.Group]:
    """Every top-level group, built as the extensions' ``setup`` build them (without a bot:
    the commands' texts do not need one)."""
    nobody: Any = None
    sw = GameCog(nobody).app_command
    assert sw is not None
    sw.add_command(Settings(nobody))
    league, maps = LeagueCog(nobody).app_command, MapsCog(nobody).app_command
    tutorial = TutorialCog(nobody).app_command
    assert league is not None and maps is not None and tutorial is not None
    league.add_command(Queue(nobody))
    league.add_command(RoundGroup(nobody))
    return [sw, league, maps, tutorial]
