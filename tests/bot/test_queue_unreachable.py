"""Members the bot cannot reach never stop the queue (issue 38, "Reliability"), through the
real bot under simcord: a member who left the server is taken out when their game is
checked; one Discord fails to look up (a server error, a lost connection) counts as there;
members whose DMs are closed play as any other, their turn DMs refused and not tried
again, the game going on in its thread."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
from simcord.backend import errors
from simcord.http.routes import messages

from .test_queue_forming import games, join, member, season, seated, waiting

NAMES = ("ann", "bob", "cyd", "dan", "eve")


def close_dms(monkeypatch: Any, backend: Any) -> None:
    """Every member's DMs are closed: Discord refuses the bot's DMs (50007), as it does for
    a member who takes no DMs from the server's members."""
    check = messages._send_permissions

    def refusing(ctx: Any, channel_id: int) -> None:
        if backend.get_channel(channel_id).type == discord.ChannelType.private.value:
            raise errors.cannot_dm_bot()
        check(ctx, channel_id)

    monkeypatch.setattr(messages, "_send_permissions", refusing)


def lose_connection_looking_up(bot: Any, user_id: int) -> None:
    """The connection drops whenever the bot looks ``user_id`` up on the server."""
    request = bot.http.request

    async def dropping(route: Any, **kwargs: Any) -> Any:
        if route.method == "GET" and route.url.endswith(f"/members/{user_id}"):
            raise aiohttp.ClientConnectionError("connection lost (by the test)")
        return await request(route, **kwargs)

    bot.http.request = dropping


async def test_members_the_bot_cannot_reach_hold_no_game_up(simcord_env, monkeypatch) -> None:
    w, organiser = await season(simcord_env, NAMES)
    bot = simcord_env.bot
    # Their skills are 400 to 620: the organiser lets any four of them play together.
    await organiser.slash(w.channel, "league queue settings", tolerance=300)
    for m in w.members:
        assert (await m.slash(w.channel, "sw settings notify", on=True)).ephemeral
    close_dms(monkeypatch, simcord_env.backend)
    # bob cannot be looked up (a server error, every time); cyd's lookup loses the
    # connection; dan left the server while he waited (the bot is not told).
    simcord_env.inject_error(
        "GET", f"/guilds/{w.guild.id}/members/{member(w, 'bob').id}", status=500, times=None
    )
    lose_connection_looking_up(bot, member(w, "cyd").id)
    await join(w, "dan", "4")
    w.guild.remove_member(member(w, "dan"))
    # cyd makes four: dan is taken out when the game is checked, and the three wait.
    for name in ("ann", "bob", "cyd"):
        await join(w, name, "4")
    assert await games(simcord_env) == []
    assert sorted(await waiting(simcord_env)) == sorted(
        member(w, n).id for n in ("ann", "bob", "cyd")
    )

    # eve makes four again: they play, bob and cyd counted as there.
    await join(w, "eve", "4")
    [lg] = await games(simcord_env)
    assert seated(w, lg) == ["ann", "bob", "cyd", "eve"] and lg.status == "active"
    assert await waiting(simcord_env) == []
    # The game goes on in its thread: its messages posted, the turn DM refused for good
    # (every member asked for one: the first to act was sent one).
    [thread] = w.channel.threads
    assert any("your game is here" in m.content for m in thread.history())
    rows = await bot.storage.fetchall(
        "SELECT kind, status, attempts FROM outbox WHERE game_id = ?", (lg.id,)
    )
    dms = [r for r in rows if r["kind"] == "dm"]
    assert dms and all(r["status"] == "failed" and r["attempts"] == 1 for r in dms), rows
    assert all(r["status"] == "sent" for r in rows if r["kind"] == "channel"), rows
