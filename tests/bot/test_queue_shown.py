"""Everywhere the league shows its queue (issue 38, section 3), through the real bot under
simcord: the server's web front page and the season's export say who waits, for what,
since when and with whom, never a rating; in English and in French, as ``/league queue
list`` does in the channel."""

from __future__ import annotations

import asyncio
import csv
import html
import io
import re
from datetime import UTC, datetime
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.web import links
from bot.web.app import Site, application

from .test_queue import league, rows
from .world import World


async def draw(fn: Any, *args: Any, map_key: str | None = None) -> Any:
    """The bot's ``Workers.run`` at size 0: the job in a thread."""
    return await asyncio.to_thread(fn, *args)


async def front_page_queue(env: Any, w: World) -> list[str]:
    """The lines of the queue's part of the server's web front page, as a reader reads
    them (its heading first)."""
    service = env.bot.service
    secret = await links.secret_for(service.storage, w.guild.id, datetime.now(UTC))
    client = TestClient(TestServer(application(Site(service, draw, rate=1e6, burst=1e6))))
    await client.start_server()
    try:
        page = await (await client.get(f"/s/{secret}/")).text()
    finally:
        await client.close()
    part = page[page.index("<h3>") :]
    part = part[: part.index("</ul>") if "</ul>" in part else part.index("</p>")]
    lines = [html.unescape(re.sub(r"<[^>]+>", "", x)).strip() for x in re.split("<li>|\n", part)]
    return [x for x in lines if x]


async def since(env: Any, member: Any) -> str:
    """When a member joined the queue, as the page writes it."""
    row = (await rows(env))[member.id]
    return datetime.fromisoformat(row["joined_at"]).strftime("%Y-%m-%d %H:%M") + " UTC"


async def test_the_web_page_and_the_export_show_who_waits_for_what_since_when(
    simcord_env,
) -> None:
    w, organiser = await league(simcord_env)
    ann, bob, cyd, dan, eve = w.members
    await ann.slash(w.channel, "league queue join", players="3,4", world="underground",
                    deadline_hours=48)  # fmt: skip
    simcord_env.backend.clock.elapsed += 3600
    asked = await bob.slash(w.channel, "league queue join", partner=cyd)
    await cyd.click(asked.response, label="🤝 Team up")
    await dan.slash(w.channel, "league queue join", partner=eve)

    shown = await front_page_queue(simcord_env, w)
    when = {m.name: await since(simcord_env, m) for m in (ann, bob, cyd, dan)}
    assert shown == [
        "Waiting in the queue",
        f"ann · 3 or 4 players on Small World Underground, 48 h a decision · since {when['ann']}",
        f"bob · a team game of 6 · 🤝 cyd · since {when['bob']}",
        f"cyd · a team game of 6 · 🤝 bob · since {when['cyd']}",
        f"dan · a team game of 6 · waits for a partner's answer · since {when['dan']}",
    ]

    # The export: the season's games file, and the queue's.
    exported = await eve.slash(w.channel, "league export")
    assert exported.ephemeral
    assert exported.response.content == (
        "Season **Autumn**: games and ratings, and who waits in its queue."
    )
    games, queue = exported.response.attachments
    assert games.filename == "Autumn.csv" and queue.filename == "Autumn-queue.csv"
    table = list(csv.reader(io.StringIO((await queue.read()).decode())))
    stored = await rows(simcord_env)
    assert table == [
        ["player_id", "players", "world", "deadline_hours", "partner_id", "since"],
        [str(ann.id), "3,4", "underground", "48", "", stored[ann.id]["joined_at"]],
        [str(bob.id), "6", "", "", str(cyd.id), stored[bob.id]["joined_at"]],
        [str(cyd.id), "6", "", "", str(bob.id), stored[cyd.id]["joined_at"]],
        [str(dan.id), "6", "", "", str(eve.id), stored[dan.id]["joined_at"]],
    ]

    # In French: the page, and the list in the channel.
    await organiser.slash(w.channel, "sw settings language", language="fr")
    shown = await front_page_queue(simcord_env, w)
    assert shown[0] == "En attente dans la file"
    french = "3 ou 4 joueurs sur Small World Underground, 48 h par décision"
    assert shown[1] == f"ann · {french} · depuis {when['ann']}"
    assert shown[4].startswith("dan · une partie en équipes à 6 · attend la réponse")
    listed = await eve.slash(w.channel, "league queue list")
    assert "4 membres attendent" in listed.response.content, listed.response.content

    # Nobody waits: the page says so, and the export is the games file alone.
    for m in (ann, bob, cyd, dan):
        await m.slash(w.channel, "league queue leave")
    assert await front_page_queue(simcord_env, w) == [
        "En attente dans la file",
        "Personne n'attend dans la file.",
    ]
    alone = await eve.slash(w.channel, "league export")
    assert len(alone.response.attachments) == 1
