"""A French server's player card counts victory coins in ``jetons``, as every other French
text does (issue 37, F3: it said ``Pièces en moyenne``)."""

from __future__ import annotations

from datetime import UTC, datetime

from aiohttp.test_utils import TestClient, TestServer

from bot.web import links
from bot.web.app import Site, application

from .test_web_pages import GUILD, draw, finished_game


async def test_a_french_player_card_says_jetons(opened, tmp_path) -> None:
    service = await opened(str(tmp_path / "card.sqlite3"))
    season = await service.league.open_season(GUILD, 50, 11, "Automne")
    await finished_game(service, 100, [(11, "ann"), (22, "bob")], seed=1)
    await service.languages.choose(GUILD, "fr", None)
    secret = await links.secret_for(service.storage, GUILD, datetime.now(UTC))
    client = TestClient(TestServer(application(Site(service, draw))))
    await client.start_server()
    try:
        card = await client.get(f"/s/{secret}/league/{season.id}/player/11")
        html = await card.text()
    finally:
        await client.close()
    assert card.status == 200 and '<html lang="fr">' in html
    assert "<td>Jetons en moyenne</td>" in html and "Pièces" not in html
