"""What the pages say (issue 37, W1–W3, W5): told lines with their bold as HTML, never
Discord's asterisks; counts with the noun their number wants, in each language; a French
server's map titles in French; and a replay that tells the Monsters placed before the first
turn, each placement a step of its own. Games are played through ``GameService`` from a
real start."""

from __future__ import annotations

import asyncio
import random
import re
from datetime import UTC, datetime
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.web import links
from bot.web.app import Site, application
from engine import legal_actions, to_act, view
from engine.core.content import load_map
from engine.simulate import choose
from engine.text import names
from lang import speaking

from .played import play

GUILD = 1
HOSTILE = "<i>ann</i>"


async def draw(fn: Any, *args: Any, map_key: str | None = None) -> Any:
    """The bot's ``Workers.run`` at size 0: the job in a thread."""
    return await asyncio.to_thread(fn, *args)


async def pages_of(service: Any) -> tuple[TestClient, str]:
    """A client of the server's pages (no request limit), and its root."""
    secret = await links.secret_for(service.storage, GUILD, datetime.now(UTC))
    client = TestClient(TestServer(application(Site(service, draw, rate=1e6, burst=1e6))))
    await client.start_server()
    return client, f"/s/{secret}/"


async def finished(service: Any, channel: int, **options: Any) -> Any:
    """A two-player game hosted by a member named like markup, played to its end."""
    await service.create(GUILD, channel, 11, HOSTILE, 2, listed=True, **options)
    await service.join(channel, 22, "bob")
    await service.start(channel, 11)
    await play(service, channel, 100_000, seed=channel, undos=0)
    lg = await service.last_game(channel)
    assert lg.game.state.turn.phase == "over"
    return lg


async def replay_pages(client: TestClient, root: str, game_id: int) -> list[str]:
    """Every step of a finished game's replay, as HTML."""
    found = []
    while (r := await client.get(f"{root}game/{game_id}/replay/{len(found)}")).status == 200:
        found.append(await r.text())
    return found


def items(html: str) -> list[str]:
    """The told lines of a page (its list items)."""
    return re.findall(r"<li>(.*?)</li>", html)


async def test_told_lines_show_bold_as_html_and_names_escaped(opened, tmp_path) -> None:
    service = await opened(tmp_path / "bold.sqlite3")
    lg = await finished(service, 100)
    client, root = await pages_of(service)
    try:
        steps = await replay_pages(client, root, lg.id)
        lines = [line for html in steps for line in items(html)]
        picked = [line for line in lines if " picked " in line and " picked up " not in line]
        assert picked and all(re.search(r" picked <strong>[^<*]+</strong>", p) for p in picked)
        # The member's name is text: only the told bold is markup.
        assert any(p.startswith("&lt;i&gt;ann&lt;/i&gt; picked <strong>") for p in picked)
        assert not any("**" in line for line in lines)
        # A game's page under way, its first combo just picked.
        await service.create(GUILD, 200, 33, "cyd", 2, listed=True)
        await service.join(200, 44, "dee")
        await service.start(200, 33)
        await play(service, 200, 1, undos=0)
        live = await service.in_channel(200)
        game = await (await client.get(f"{root}game/{live.id}")).text()
        assert "**" not in game and re.search(r"<li>\w+ picked <strong>[^<*]+</strong>", game)
    finally:
        await client.close()


def regions_shown(html: str) -> dict[int, str]:
    """The region counts of a game page's seats: their number and the words after it."""
    return {int(n): word for n, word in re.findall(r'<td class="n">(\d+) (\w+)</td>', html)}


async def test_counts_take_the_noun_their_number_wants_in_each_language(opened, tmp_path) -> None:
    service = await opened(tmp_path / "counts.sqlite3")
    await service.create(GUILD, 100, 11, "ann", 3, listed=True)
    await service.join(100, 22, "bob")
    await service.join(100, 33, "cyd")
    await service.start(100, 11)
    lg = await service.in_channel(100)
    client, root = await pages_of(service)
    try:
        page = f"{root}game/{lg.id}"
        # Before the first conquest: nobody holds a region.
        assert regions_shown(await (await client.get(page)).text()) == {0: "regions"}
        await service.languages.choose(GUILD, "fr", None)
        assert regions_shown(await (await client.get(page)).text()) == {0: "région"}
        # Then, move by move, until someone holds one region.
        rng = random.Random(5)
        while not any(c == 1 for c in region_counts(lg.game.state).values()):
            state = lg.game.state
            seat = to_act(state)
            await service.act(100, lg.user_at(seat), choose(rng, state, legal_actions(state, seat)))
            lg = await service.in_channel(100)
        assert regions_shown(await (await client.get(page)).text())[1] == "région"
        await service.languages.choose(GUILD, "en", None)
        assert regions_shown(await (await client.get(page)).text())[1] == "region"
        # At the end, coins are shown the same way.
        over = await finished(service, 200)
        html = await (await client.get(f"{root}game/{over.id}")).text()
        coins = dict(re.findall(r'<td class="n">(\d+) (coins?)</td>', html))
        assert len(coins) >= 1 and all((n == "1") == (word == "coin") for n, word in coins.items())
    finally:
        await client.close()


def region_counts(state: Any) -> dict[int, int]:
    """How many regions each seat holds, in the public view."""
    counts: dict[int, int] = {}
    for region in view(state)["regions"]:
        if region["owner"] >= 0:
            counts[region["owner"]] = counts.get(region["owner"], 0) + 1
    return counts


async def test_a_french_servers_front_page_titles_its_maps_in_french(opened, tmp_path) -> None:
    service = await opened(tmp_path / "maps.sqlite3")
    lg = await service.create(GUILD, 100, 11, "ann", 6, listed=True, language="fr")
    for n in range(2, 7):
        await service.join(100, 11 * n, f"p{n}")
    await service.start(100, 11)
    await service.languages.choose(GUILD, "fr", None)
    title = load_map(lg.map_id).name
    with speaking("fr"):
        french = names.map_name(title)
    assert french != title
    client, root = await pages_of(service)
    try:
        front = await (await client.get(root)).text()
        assert french in front and title not in front
    finally:
        await client.close()


async def test_a_replay_tells_each_monster_placed_before_the_first_turn(opened, tmp_path) -> None:
    service = await opened(tmp_path / "monsters.sqlite3")
    lg = await finished(service, 100, options={"surface_relics": True})
    placed = [text for _seat, text in lg.game.log if text.startswith("monsters ")]
    assert placed, "the rule set has each seat place Monsters before the first turn"
    client, root = await pages_of(service)
    try:
        for language, told, quiet, before in (
            ("en", r" put \d+ Monsters? in {}\b", "No conquest", "Before the first turn"),
            ("fr", r" a placé \d+ Monstres? dans .*\b{}\b", "Aucune conquête", "Avant le premier"),
        ):
            await service.languages.choose(GUILD, language, None)
            steps = await replay_pages(client, root, lg.id)
            setting_up = steps[1 : 1 + len(placed)]
            # One step per placement, each saying where the Monsters went, none "quiet".
            for html, action in zip(setting_up, placed, strict=True):
                region = action.split()[1]
                assert before in html and quiet not in html, language
                assert [line for line in items(html) if re.search(told.format(region), line)]
            # The first turn's step tells that turn only.
            assert not re.search(told.format(r"\d+"), steps[1 + len(placed)])
    finally:
        await client.close()
