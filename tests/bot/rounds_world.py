"""Helpers for the tests of rounds seasons: a server with an organiser and members, a
season opened and signed up for through the real commands, and reading its rounds back."""

from __future__ import annotations

import string
from typing import Any

import discord

from .world import World, world


async def league_world(env: Any, members: int) -> tuple[World, Any]:
    """A server with ``members`` plain members and an organiser (Manage Server)."""
    names = tuple(f"{a}{b}" for a in string.ascii_lowercase for b in "ey")[:members]
    w = await world(env, names=names)
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    return w, w.guild.add_member(env.create_user("org"), roles=[role])


async def open_season(w: World, organiser: Any, **options: Any) -> Any:
    """``/league open format:rounds`` with ``options``; the public answer."""
    r = await organiser.slash(w.channel, "league open", format="rounds", **options)
    assert not r.ephemeral, r.response.content
    return r


async def sign_up(w: World, members: list[Any]) -> None:
    """Each of ``members`` signs up."""
    for m in members:
        r = await m.slash(w.channel, "league signup")
        assert r.ephemeral and "signed up" in r.response.content, r.response.content


async def rounds_of(bot: Any) -> list[dict[str, Any]]:
    """The rounds formed, oldest first."""
    rows = await bot.storage.fetchall("SELECT * FROM season_rounds ORDER BY id")
    return [dict(zip(r.keys(), tuple(r), strict=True)) for r in rows]


async def games_of_round(bot: Any, round_id: int) -> list[Any]:
    """The games of a round, loaded."""
    rows = await bot.storage.fetchall(
        "SELECT game_id FROM game_tables WHERE source = 'round' AND source_id = ?"
        " AND game_id IS NOT NULL ORDER BY id",
        (round_id,),
    )
    return [await bot.service.load(r["game_id"]) for r in rows]


def posted(w: World, text: str) -> list[Any]:
    """The bot's public messages in the channel holding ``text``."""
    return [m for m in w.channel.history() if not m.flags.ephemeral and text in m.content]
