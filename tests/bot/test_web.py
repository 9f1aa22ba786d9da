"""A server's web pages (issue 26), through aiohttp's test client against a real game
service: the secret link, the public view only, escaping, bad requests."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from datetime import UTC, datetime
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.web import links
from bot.web.app import Site, application
from bot.web.server import bound_port, serve
from bot.web.site import BURST

from .played import play

HOSTILE = "<img src=x onerror=alert(1)>"


async def draw(fn: Any, *args: Any, map_key: str | None = None) -> Any:
    """The bot's ``Workers.run`` at size 0: the job in a thread."""
    return await asyncio.to_thread(fn, *args)


@pytest.fixture
async def site(opened, tmp_path):
    service = await opened(str(tmp_path / "web.sqlite3"))
    lg = await service.create(1, 100, 11, HOSTILE, 3, listed=True)
    await service.join(100, 22, "bob")
    await service.join(100, 33, "cyd")
    await service.start(100, 11)
    await play(service, 100, 30)
    # Another server's game, which the first server's link must not open.
    other = await service.create(2, 200, 44, "dee", 2, listed=True)
    now = datetime.now(UTC)
    secret = await links.secret_for(service.storage, 1, now)
    client = TestClient(TestServer(application(Site(service, draw))))
    await client.start_server()
    yield client, service, secret, lg.id, other.id
    await client.close()


async def test_a_servers_page_lists_its_game_and_escapes_names(site) -> None:
    client, _service, secret, game_id, other_id = site
    r = await client.get(f"/s/{secret}/")
    assert r.status == 200
    html = await r.text()
    assert f'href="/s/{secret}/game/{game_id}"' in html and f"game/{other_id}" not in html
    # A member named like markup is shown, never run.
    assert "&lt;img src=x onerror=alert(1)&gt;" in html and HOSTILE not in html
    assert r.headers["Cache-Control"] == "no-store"


async def test_a_games_page_shows_the_public_view_and_no_coins(site) -> None:
    client, service, secret, game_id, _ = site
    r = await client.get(f"/s/{secret}/game/{game_id}")
    assert r.status == 200
    html = await r.text()
    lg = await service.load(game_id)
    assert "Round " in html and "bob" in html and HOSTILE not in html
    # No coin figure of any player while the game goes on: no coins column, no score line.
    assert " coins" not in html and "scored" not in html
    assert lg.game.state.turn.phase != "over"
    assert 'http-equiv="refresh"' in html  # a live game's page comes back by itself


async def test_the_board_is_a_png_cached_by_the_games_version(site) -> None:
    client, _service, secret, game_id, _ = site
    r = await client.get(f"/s/{secret}/game/{game_id}/board.png")
    assert r.status == 200 and r.content_type == "image/png"
    assert (await r.read())[:8] == b"\x89PNG\r\n\x1a\n"
    tag = r.headers["ETag"]
    again = await client.get(
        f"/s/{secret}/game/{game_id}/board.png", headers={"If-None-Match": tag}
    )
    assert again.status == 304


async def test_bad_requests_get_a_bare_404_and_only_get_is_served(site) -> None:
    client, _service, secret, game_id, other_id = site
    for path in (
        "/s/not-the-secret/",
        f"/s/{secret}/game/{other_id}",  # another server's game
        f"/s/{secret}/game/999999",
        f"/s/{secret}/game/abc",
        "/",
        "/etc/passwd",
    ):
        r = await client.get(path)
        assert (r.status, await r.text()) == (404, "Not found"), path
    posted = await client.post(f"/s/{secret}/game/{game_id}")
    assert posted.status == 405


async def test_rotating_the_secret_cuts_off_the_old_links(site) -> None:
    client, service, secret, _game_id, _ = site
    fresh = await links.rotate(service.storage, 1, datetime.now(UTC))
    assert fresh != secret and len(fresh) >= 22
    assert (await client.get(f"/s/{secret}/")).status == 404
    assert (await client.get(f"/s/{fresh}/")).status == 200


async def test_a_client_sending_too_fast_is_slowed_down(site) -> None:
    client, _service, secret, _game_id, _ = site
    statuses = [(await client.get(f"/s/{secret}/x")).status for _ in range(int(BURST) + 10)]
    assert 429 in statuses and statuses[0] == 404


async def test_the_site_serves_on_a_real_port(opened, tmp_path) -> None:
    service = await opened(str(tmp_path / "port.sqlite3"))
    secret = await links.secret_for(service.storage, 7, datetime.now(UTC))
    runner = await serve(Site(service, draw), "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{bound_port(runner)}/s/{secret}/"
            async with session.get(url) as r:
                assert r.status == 200 and "No game under way." in await r.text()
    finally:
        await runner.cleanup()


async def test_a_finished_game_shows_its_score_sheet_and_coins(opened, tmp_path) -> None:
    service = await opened(str(tmp_path / "over.sqlite3"))
    await service.create(1, 100, 11, "ann", 2, listed=True)
    await service.join(100, 22, "bob")
    await service.start(100, 11)
    await play(service, 100, 5000, undos=0)
    lg = await service.last_game(100)
    assert lg.game.state.turn.phase == "over"
    secret = await links.secret_for(service.storage, 1, datetime.now(UTC))
    client = TestClient(TestServer(application(Site(service, draw))))
    await client.start_server()
    try:
        html = await (await client.get(f"/s/{secret}/game/{lg.id}")).text()
        for p in lg.game.state.players:
            assert f"{p.coins} coins" in html
        assert f'src="/s/{secret}/game/{lg.id}/final.png"' in html and "http-equiv" not in html
        sheet = await client.get(f"/s/{secret}/game/{lg.id}/final.png")
        assert sheet.status == 200 and (await sheet.read())[:4] == b"\x89PNG"
    finally:
        await client.close()


async def test_a_live_game_has_no_score_sheet(site) -> None:
    client, _service, secret, game_id, _ = site
    assert (await client.get(f"/s/{secret}/game/{game_id}/final.png")).status == 404


async def test_python_m_bot_web_serves_the_pages_on_its_own(opened, tmp_path) -> None:
    """``python -m bot web --port N``, as an operator runs it, against the bot's database."""
    path = tmp_path / "alone.sqlite3"
    service = await opened(str(path))
    secret = await links.secret_for(service.storage, 3, datetime.now(UTC))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "DATABASE_PATH": str(path), "WEB_HOST": "127.0.0.1", "WORKERS": "0"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", "--port", str(port), env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        line = await asyncio.wait_for(proc.stdout.readline(), 60)
        assert f":{port}" in line.decode()
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/s/{secret}/") as r:
                assert r.status == 200
            async with session.get(f"http://127.0.0.1:{port}/s/wrong/") as r:
                assert r.status == 404
    finally:
        proc.terminate()
        await proc.wait()


async def test_a_private_channels_game_is_neither_listed_nor_shown(site) -> None:
    client, service, secret, _game_id, _ = site
    hidden = await service.create(1, 300, 55, "eve", 2, listed=False)
    html = await (await client.get(f"/s/{secret}/")).text()
    assert f"game/{hidden.id}" not in html
    for path in (f"/s/{secret}/game/{hidden.id}", f"/s/{secret}/game/{hidden.id}/board.png"):
        assert (await client.get(path)).status == 404


async def test_the_request_limit_forgets_clients_long_gone(opened, tmp_path, monkeypatch) -> None:
    from bot.web import site as site_module

    service = await opened(str(tmp_path / "forget.sqlite3"))
    site = Site(service, draw, rate=1000.0, burst=1.0)
    monkeypatch.setattr(site_module, "CLIENTS", 3)

    class Request:
        remote = ""

    async def handler(_request: Any) -> Any:
        return "served"

    for n in range(5):
        Request.remote = f"10.0.0.{n}"
        assert await site.limit(Request, handler) == "served"
        # Each address is gone for longer than its bucket takes to fill (1 ms here).
        await asyncio.sleep(0.01)
    assert site.remembered <= 3
