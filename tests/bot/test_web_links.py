"""The links to a server's web pages, given in Discord (issue 26): ``/league web link``,
``/league web rotate`` (Manage Server), and the game's link in ``/sw status``; each opens
its page."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import AsyncIterator
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.web.app import Site, application

from .test_league import finish, league_world
from .test_web import draw
from .world import started_game, world

BASE = "https://sw.example.org"


@contextlib.asynccontextmanager
async def pages_of(bot: Any) -> AsyncIterator[TestClient]:
    """The bot's web pages, through a test client."""
    client = TestClient(TestServer(application(Site(bot.service, draw))))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()


LINK = re.compile(re.escape(BASE) + r"(/s/[A-Za-z0-9_-]{22}/(?:game/\d+)?)")


async def test_links_are_given_rotated_and_open_their_pages(simcord_env) -> None:
    bot = simcord_env.bot
    w, organiser = await league_world(simcord_env)
    ann = w.members[0]
    # Without WEB_URL the bot gives no link.
    refused = await ann.slash(w.channel, "league web link")
    assert refused.ephemeral and "WEB_URL" in refused.response.content
    bot.settings = dataclasses.replace(bot.settings, web_url=BASE)
    given = await ann.slash(w.channel, "league web link")
    assert given.ephemeral
    [server_path] = LINK.findall(given.response.content)
    lg = await started_game(w)
    assert lg.listed  # #smallworld is a channel every member sees: its game is on the web
    status = await ann.slash(w.channel, "sw status")
    [game_path] = LINK.findall(status.response.content)
    assert game_path == f"{server_path}game/{lg.id}"
    async with pages_of(bot) as client:
        assert (await client.get(server_path)).status == 200
        assert (await client.get(game_path)).status == 200
        # Only a manager rotates; then the old links are dead and the new one works.
        not_allowed = await ann.slash(w.channel, "league web rotate")
        assert not_allowed.ephemeral and (await client.get(server_path)).status == 200
        rotated = await organiser.slash(w.channel, "league web rotate")
        [fresh] = LINK.findall(rotated.response.content)
        assert fresh != server_path
        assert (await client.get(server_path)).status == 404
        assert (await client.get(game_path)).status == 404
        assert (await client.get(fresh)).status == 200


async def test_a_manager_makes_the_pages_public_and_private_again(simcord_env) -> None:
    bot = simcord_env.bot
    bot.settings = dataclasses.replace(bot.settings, web_url=BASE)
    w, organiser = await league_world(simcord_env)
    ann = w.members[0]
    public = f"/p/{w.guild.id}/"
    async with pages_of(bot) as client:
        refused = await ann.slash(w.channel, "league web public", on=True)
        assert refused.ephemeral and "Manage Server" in refused.response.content
        assert (await client.get(public)).status == 404
        opened = await organiser.slash(w.channel, "league web public", on=True)
        assert opened.ephemeral and f"{BASE}{public}" in opened.response.content
        assert (await client.get(public)).status == 200
        # Every member is now given the public address, said to be open to anyone.
        given = await ann.slash(w.channel, "league web link")
        assert f"{BASE}{public}" in given.response.content and "anyone" in given.response.content
        # A rotation changes the secret link only, and says the pages stay public.
        rotated = await organiser.slash(w.channel, "league web rotate")
        [secret_path] = LINK.findall(rotated.response.content)
        assert f"{BASE}{public}" in rotated.response.content
        assert (await client.get(secret_path)).status == 200
        closed = await organiser.slash(w.channel, "league web public", on=False)
        assert closed.ephemeral and f"{BASE}{secret_path}" in closed.response.content
        assert (await client.get(public)).status == 404
        assert (await client.get(secret_path)).status == 200


async def test_a_replay_in_discord_links_to_its_steps_on_the_web(simcord_env) -> None:
    bot = simcord_env.bot
    bot.settings = dataclasses.replace(bot.settings, web_url=BASE)
    w = await world(simcord_env)
    lg = await started_game(w)
    await finish(w, 5)
    replay = await w.members[0].slash(w.channel, "league replay", game=lg.id)
    [shown] = replay.followups or [replay.response]
    [page] = re.findall(
        re.escape(BASE) + r"(/s/[A-Za-z0-9_-]{22}/game/\d+/replay/0)", shown.content
    )
    async with pages_of(bot) as client:
        assert (await client.get(page)).status == 200
