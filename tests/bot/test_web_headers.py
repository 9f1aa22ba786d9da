"""The pages as they are deployed (issue 37, section 4): the headers every answer carries
(a Content-Security-Policy that allows only the site's own files, no referrer, no frame),
pages with no inline script or style, and the request limit behind a reverse proxy, which
reads ``X-Forwarded-For`` from a trusted proxy only."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.settings import Settings
from bot.web import links
from bot.web.app import Site, application
from bot.web.assets import PREFIX

from .played import open_service, play

#: A limit that never refills during a test: ``BURST`` requests, then 429.
BURST = 4


async def draw(fn: Any, *args: Any, map_key: str | None = None) -> Any:
    """The bot's ``Workers.run`` at size 0: the job in a thread."""
    return await asyncio.to_thread(fn, *args)


@pytest.fixture
async def served(tmp_path):
    """A server with a live game and a finished one, and a client factory for its site."""
    service = await open_service(tmp_path / "headers.sqlite3")
    await service.create(1, 100, 11, "ann", 2, listed=True)
    await service.join(100, 22, "bob")
    await service.start(100, 11)
    await play(service, 100, 20)
    secret = await links.secret_for(service.storage, 1, datetime.now(UTC))
    clients = []

    async def client(**site: Any) -> TestClient:
        started = TestClient(TestServer(application(Site(service, draw, **site))))
        await started.start_server()
        clients.append(started)
        return started

    yield client, secret, (await service.in_channel(100)).id
    for started in clients:
        await started.close()
    await service.storage.close()


async def test_every_answer_forbids_framing_referrers_and_foreign_code(served) -> None:
    client_for, secret, game_id = served
    client = await client_for()
    page = await client.get(f"/s/{secret}/game/{game_id}")
    html = await page.text()
    files = re.findall(rf'(?:href|src)="({PREFIX}[^"]+)"', html)
    # The page's style sheet and its live script are files of the site.
    assert {f.split("?")[0] for f in files} == {f"{PREFIX}site.css", f"{PREFIX}live.js"}
    answers = [page]
    for path in (
        *files,
        f"/s/{secret}/game/{game_id}/board.png",
        f"/s/{secret}/game/{game_id}/version",
        f"/s/{secret}/nothing-here",
        f"{PREFIX}nothing-here.js",
    ):
        answers.append(await client.get(path))
    assert [a.status for a in answers] == [200, 200, 200, 200, 200, 404, 404]
    for answer in answers:
        policy = answer.headers["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["default-src"] == "'none'"
        assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answers[1].content_type == "text/css" and answers[2].content_type == "text/javascript"


async def test_no_page_has_inline_script_or_style(served) -> None:
    client_for, secret, game_id = served
    client = await client_for()
    for path in ("", f"game/{game_id}", "league"):
        html = await (await client.get(f"/s/{secret}/{path}")).text()
        # Every script is a file of the site; no style block, no style or event attribute.
        for script in re.findall(r"<script[^>]*>", html):
            assert re.search(rf'src="{PREFIX}live\.js\?v=\w+"', script), script
        assert "<style" not in html and " style=" not in html
        assert not re.search(r"<[^>]+\son\w+=", html), path


async def statuses(client: TestClient, path: str, forwarded: list[str]) -> list[int]:
    """The answers to one request per ``X-Forwarded-For`` value, in turn."""
    got = []
    for address in forwarded:
        r = await client.get(path, headers={"X-Forwarded-For": address})
        got.append(r.status)
    return got


async def test_behind_a_trusted_proxy_each_reader_has_a_limit_of_their_own(served) -> None:
    client_for, secret, _game = served
    # The test client connects from 127.0.0.1: here, the reverse proxy.
    client = await client_for(rate=1e-9, burst=BURST, proxies=("127.0.0.1",))
    path = f"/s/{secret}/"
    reader = ["203.0.113.7"] * (BURST + 1)
    assert await statuses(client, path, reader) == [200] * BURST + [429]
    # Another reader behind the same proxy is not slowed down by the first one.
    assert await statuses(client, path, ["198.51.100.9"]) == [200]
    # Through a second trusted hop, the reader is the right-most address not a proxy's.
    assert await statuses(client, path, ["203.0.113.7, 127.0.0.1"]) == [429]


async def test_a_forged_forwarded_for_from_an_untrusted_client_is_ignored(served) -> None:
    client_for, secret, _game = served
    # Only 10.0.0.0/8 is a proxy: 127.0.0.1, the test client, is a reader like any other.
    client = await client_for(rate=1e-9, burst=BURST, proxies=("10.0.0.0/8",))
    forged = [f"203.0.113.{n}" for n in range(BURST + 1)]
    # Each request claims another reader: all count for the one connection's address.
    assert await statuses(client, f"/s/{secret}/", forged) == [200] * BURST + [429]


async def test_without_the_setting_the_header_is_never_read(served) -> None:
    client_for, secret, _game = served
    client = await client_for(rate=1e-9, burst=BURST)
    forged = [f"203.0.113.{n}" for n in range(BURST + 1)]
    assert await statuses(client, f"/s/{secret}/", forged) == [200] * BURST + [429]


def test_the_trusted_proxies_setting_is_read_and_checked(monkeypatch) -> None:
    monkeypatch.setenv("WEB_TRUSTED_PROXIES", " 127.0.0.1, 10.0.0.0/8 ,fd00::/8")
    assert Settings.from_env().web_trusted_proxies == ("127.0.0.1/32", "10.0.0.0/8", "fd00::/8")
    monkeypatch.setenv("WEB_TRUSTED_PROXIES", "")
    assert Settings.from_env().web_trusted_proxies == ()
    monkeypatch.setenv("WEB_TRUSTED_PROXIES", "proxy.example.org")
    with pytest.raises(ValueError, match="WEB_TRUSTED_PROXIES"):
        Settings.from_env()
