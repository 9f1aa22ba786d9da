"""A server's web pages beyond the live game (issue 26): a finished game's replay, the
league's seasons, standings and player cards, public pages, a live page's polling, and a
scan of every page of a live game for coins.

Games are played through ``GameService`` from a real start; a season's results are the
ones the service records when a rated game ends.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.league_tables import standings_table
from bot.web import links
from bot.web.app import Site, application
from engine import view
from engine.core.state import OVER

from .played import open_service, play

HOSTILE = "<img src=x onerror=alert(1)>"
GUILD = 1


async def draw(fn: Any, *args: Any, map_key: str | None = None) -> Any:
    """The bot's ``Workers.run`` at size 0: the job in a thread."""
    return await asyncio.to_thread(fn, *args)


class Links(HTMLParser):
    """The same-site links (``href``) and pictures (``src``) of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.srcs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href", "").startswith("/"):
            self.hrefs.append(found["href"] or "")
        if tag == "img" and (found.get("src") or "").startswith("/"):
            self.srcs.append(found["src"] or "")


def links_of(html: str) -> Links:
    parser = Links()
    parser.feed(html)
    return parser


async def finished_game(service: Any, channel: int, names: list[tuple[int, str]], seed: int):
    """A game of ``names`` in ``channel``, played to its end by random legal moves."""
    (host, host_name), *others = names
    await service.create(GUILD, channel, host, host_name, len(names), listed=True)
    for user, name in others:
        await service.join(channel, user, name)
    await service.start(channel, host)
    await play(service, channel, 100_000, seed=seed, undos=0)
    lg = await service.last_game(channel)
    assert lg.game.state.turn.phase == OVER
    return lg


async def fill(path: Path) -> tuple[list[int], int]:
    """An open season of six rated two-player games (ann and bob, ranked after five), and a
    live game with a member named like markup; the ids of the finished games and the live
    one."""
    service = await open_service(str(path))
    try:
        await service.league.open_season(GUILD, 50, 11, "Autumn")
        done = []
        for i in range(6):
            lg = await finished_game(service, 100 + i, [(11, "ann"), (22, "bob")], seed=i)
            done.append(lg.id)
        live = await service.create(GUILD, 200, 33, HOSTILE, 3, listed=True)
        await service.join(200, 44, "dee")
        await service.join(200, 11, "ann")
        await service.start(200, 33)
        await play(service, 200, 40, undos=0)
        return done, live.id
    finally:
        await service.storage.close()


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[int], int]:
    """The server's database, played once for the module (each test gets a copy)."""
    path = tmp_path_factory.mktemp("pages") / "pages.sqlite3"
    done, live = asyncio.run(fill(path))
    return path, done, live


@pytest.fixture
async def server(opened, tmp_path, filled):
    """The filled server's pages, over a copy of its database, through a test client."""
    source, done_ids, live = filled
    shutil.copyfile(source, tmp_path / "pages.sqlite3")
    service = await opened(str(tmp_path / "pages.sqlite3"))
    season = await service.league.current(GUILD)
    done = [await service.load(game_id) for game_id in done_ids]
    secret = await links.secret_for(service.storage, GUILD, datetime.now(UTC))
    # A crawl asks for many pages at once: no request limit here (``test_web`` tests it).
    client = TestClient(TestServer(application(Site(service, draw, rate=1e6, burst=1e6))))
    await client.start_server()
    yield client, service, secret, season, done, live
    await client.close()


async def test_a_finished_game_replays_turn_by_turn(server) -> None:
    client, _service, secret, _season, done, _live = server
    lg = done[0]
    root = f"/s/{secret}/game/{lg.id}"
    page = await (await client.get(root)).text()
    assert f'href="{root}/replay/0"' in page
    state = lg.game.state
    # One step per turn played, and the set-up: 2 players over the map's rounds.
    last = state.turns * len(state.players)
    step, seen = 0, []
    while True:
        r = await client.get(f"{root}/replay/{step}")
        assert r.status == 200
        html = await r.text()
        found = links_of(html)
        assert f"{root}/replay/{step}.png" in found.srcs
        seen.append(html)
        nexts = re.findall(r'rel="next" href="([^"]+)"', html)
        prevs = re.findall(r'rel="prev" href="([^"]+)"', html)
        assert prevs == ([] if step == 0 else [f"{root}/replay/{step - 1}"] * 2)
        if not nexts:
            break
        assert nexts == [f"{root}/replay/{step + 1}"] * 2  # above and below the board
        step += 1
    assert step == last
    assert "The set-up" in seen[0] and "the last of the game" in seen[-1]
    # The turns' stories are told: every step after the set-up names whose turn it was.
    names = [p.name for p in state.players]
    assert all(any(f"after {n}&#39;s turn" in html for n in names) for html in seen[1:])
    assert sum("<li>" in html for html in seen[1:]) >= last // 2
    # The last step's board is the finished game's board.
    final = await client.get(f"{root}/replay/{last}.png")
    board = await client.get(f"{root}/board.png")
    assert (await final.read()) == (await board.read())
    assert final.headers["Cache-Control"] == "private, max-age=3600"
    assert (await client.get(f"{root}/replay/{last + 1}")).status == 404


async def test_a_live_game_has_no_replay_yet(server) -> None:
    client, _service, secret, _season, _done, live = server
    assert (await client.get(f"/s/{secret}/game/{live}/replay/0")).status == 404
    assert (await client.get(f"/s/{secret}/game/{live}/replay/0.png")).status == 404
    html = await (await client.get(f"/s/{secret}/game/{live}")).text()
    assert "/replay/" not in html


async def test_a_live_page_polls_its_version_and_sees_a_move(server) -> None:
    client, service, secret, _season, _done, live = server
    html = await (await client.get(f"/s/{secret}/game/{live}")).text()
    # The page asks for the game's version every few seconds (and reloads on a change),
    # by the site's own script (``bot.web.assets``), told where to ask on its tag.
    assert f'data-where="/s/{secret}/game/{live}/version"' in html
    script = re.search(r'<script src="(/static/live\.js\?v=\w+)"', html)
    assert script and "location.reload()" in await (await client.get(script[1])).text()
    before = await (await client.get(f"/s/{secret}/game/{live}/version")).text()
    assert int(before) == (await service.load(live)).game.state.version
    await play(service, 200, 1, undos=0)
    after = await (await client.get(f"/s/{secret}/game/{live}/version")).text()
    assert int(after) > int(before)
    assert (await client.get(f"/s/{secret}/game/999/version")).status == 404


async def test_standings_show_the_numbers_of_the_picture(server) -> None:
    client, service, secret, season, _done, _live = server

    async def names(ids: list[int]) -> dict[int, str]:
        return {11: "ann", 22: "bob", 33: HOSTILE, 44: "dee"}

    # What the picture in Discord draws (``LeagueDesk.standings_message`` builds it so).
    table = await standings_table(service.league, season, names)
    rows = table.data["rows"] + table.data["provisional"]
    assert {r["user_id"] for r in rows} == {11, 22} and table.data["rows"]
    html = await (await client.get(f"/s/{secret}/league/{season.id}")).text()
    for r in rows:
        link = f"/s/{secret}/league/{season.id}/player/{r['user_id']}"
        cells = re.search(
            rf'href="{re.escape(link)}">{r["name"]}</a></td>\s*<td class="n">(\d+)'
            rf'(?:<br><span class="muted">[^<]*</span>)?</td>\s*<td class="n">(\d+) \((\d+)\)</td>',
            html,
        )
        assert cells, r["name"]
        assert [int(x) for x in cells.groups()] == [r["rating"], r["games"], r["wins"]]
    # The front page shows the open season's leaders, linked to their cards.
    front = await (await client.get(f"/s/{secret}/")).text()
    assert f'href="/s/{secret}/league/{season.id}">Autumn</a>' in front
    assert f"/league/{season.id}/player/{rows[0]['user_id']}" in front


async def test_a_players_card_and_the_season_archive(server) -> None:
    client, service, secret, season, done, _live = server
    archive = await (await client.get(f"/s/{secret}/league")).text()
    assert f'href="/s/{secret}/league/{season.id}">Autumn</a>' in archive
    card = await client.get(f"/s/{secret}/league/{season.id}/player/11")
    html = await card.text()
    assert card.status == 200 and "<h1>ann</h1>" in html
    results = await service.league.result_rows(GUILD, user_id=11)
    wins = sum(1 for r in results if r["rank"] == 1)
    assert f'<td>Games</td><td class="n">{len(results)}</td>' in html
    assert f'<td>Wins</td><td class="n">{wins}</td>' in html
    history = await service.league.history(season.id, 11)
    assert len(history) == len(done) and f'<td class="n">{history[-1][1]}</td>' in html
    # Someone with no result on this server, another season: no card.
    for path in (f"league/{season.id}/player/33", f"league/{season.id + 7}/player/11"):
        assert (await client.get(f"/s/{secret}/{path}")).status == 404


async def test_public_pages_open_and_close(server) -> None:
    client, service, secret, _season, _done, live = server
    now = datetime.now(UTC)
    assert (await client.get(f"/p/{GUILD}/")).status == 404
    await links.make_public(service.storage, GUILD, True, now)
    front = await client.get(f"/p/{GUILD}/")
    html = await front.text()
    assert front.status == 200 and f'href="/p/{GUILD}/game/{live}"' in html
    assert secret not in html  # the public pages never give the secret away
    assert (await client.get(f"/s/{secret}/")).status == 200  # the secret link still works
    assert await links.server_link(service.storage, "https://x.org", GUILD, now) == (
        f"https://x.org/p/{GUILD}/"
    )
    assert (await client.get("/p/2/")).status == 404  # another server did not open theirs
    await links.make_public(service.storage, GUILD, False, now)
    assert (await client.get(f"/p/{GUILD}/game/{live}")).status == 404


async def crawl(client: TestClient, start: str, within: tuple[str, ...]) -> dict[str, bytes]:
    """Every page and picture reachable from ``start`` by same-site links to paths starting
    with one of ``within``, by path."""
    seen: dict[str, bytes] = {}
    todo = [start]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        r = await client.get(path)
        assert r.status == 200, path
        seen[path] = await r.read()
        if r.content_type == "text/html":
            found = links_of(seen[path].decode())
            todo += [p for p in found.hrefs + found.srcs if p.startswith(within)]
    return seen


async def test_no_page_of_a_live_game_shows_a_coin(server) -> None:
    """Every page and picture reachable while a game is live is the same whatever the
    players' coins: their coins are tampered with in the stored game, and nothing changes."""
    client, service, secret, _season, _done, live = server
    game_root = f"/s/{secret}/game/{live}"
    # The game's own pages and pictures, and the server's front page that lists it.
    within = (game_root, f"/s/{secret}/league/")
    before = await crawl(client, f"/s/{secret}/", within)
    assert {game_root, f"/s/{secret}/"} <= before.keys()
    assert any(p.startswith(f"{game_root}/board.png?v=") for p in before)
    lg = await service.load(live)
    coins = [p.coins for p in lg.game.state.players]
    assert all(c > 0 for c in coins)
    # Words about coins are nowhere on the live game's page.
    assert b"coin" not in before[game_root].lower() and b"\xf0\x9f\xaa\x99" not in before[game_root]
    row = await service.storage.fetchone("SELECT state FROM games WHERE id = ?", (live,))
    state = json.loads(row["state"])
    for p in state["players"]:
        p["coins"] += 1000
        p["score_history"] = [c + 1000 for c in p["score_history"]]
    await service.storage.execute(
        "UPDATE games SET state = ?, revision = revision + 1 WHERE id = ?",
        (json.dumps(state), live),
    )
    assert [p.coins for p in (await service.load(live)).game.state.players] == [
        c + 1000 for c in coins
    ]
    # A site of its own, which has drawn nothing yet (a site keeps the boards it drew).
    fresh = TestClient(TestServer(application(Site(service, draw, rate=1e6, burst=1e6))))
    await fresh.start_server()
    try:
        after = await crawl(fresh, f"/s/{secret}/", within)
    finally:
        await fresh.close()
    assert after.keys() == before.keys()
    for path, body in before.items():
        assert after[path] == body, f"{path} shows the players' coins"
    # And the public view really hides them (the page and the board are drawn from it).
    assert all("coins" not in p for p in view(lg.game.state)["players"])


async def test_the_front_page_names_each_finished_games_winner(server) -> None:
    client, _service, secret, _season, done, _live = server
    html = await (await client.get(f"/s/{secret}/")).text()
    for lg in done:
        best = max(p.coins for p in lg.game.state.players)
        winners = [p.name for p in lg.game.state.players if p.coins == best]
        line = re.search(
            rf'href="/s/{secret}/game/{lg.id}">#{lg.id}</a>[^<]*won by <b>([^<]+)</b>', html
        )
        assert line and set(line.group(1).split(", ")) <= set(winners), lg.id


async def test_a_french_servers_pages_speak_french(server) -> None:
    client, service, secret, season, done, live = server
    await service.languages.choose(GUILD, "fr", None)
    replay = await (await client.get(f"/s/{secret}/game/{done[0].id}/replay/0")).text()
    assert '<html lang="fr">' in replay and "La mise en place" in replay
    told = await (await client.get(f"/s/{secret}/game/{done[0].id}/replay/1")).text()
    assert "après le tour d" in told and "suivante →" in told
    game = await (await client.get(f"/s/{secret}/game/{live}")).text()
    assert "Joueurs" in game and "Tour " in game
    standings = await (await client.get(f"/s/{secret}/league/{season.id}")).text()
    assert "Cote" in standings and "Parties (gagnées)" in standings


async def test_a_picture_is_drawn_once_for_many_readers(opened, tmp_path) -> None:
    service = await opened(str(tmp_path / "once.sqlite3"))
    await service.create(GUILD, 300, 11, "ann", 2, listed=True)
    await service.join(300, 22, "bob")
    lg = await service.start(300, 11)
    calls = []

    async def counted(fn: Any, *args: Any, map_key: str | None = None) -> Any:
        calls.append(fn.__name__)
        return await draw(fn, *args, map_key=map_key)

    secret = await links.secret_for(service.storage, GUILD, datetime.now(UTC))
    client = TestClient(TestServer(application(Site(service, counted))))
    await client.start_server()
    try:
        game = (await service.last_game(300)).id
        path = f"/s/{secret}/game/{game}/board.png"
        bodies = await asyncio.gather(*(client.get(path) for _ in range(8)))
        assert {r.status for r in bodies} == {200} and calls == ["board_png"]
        await play(service, 300, 1, undos=0)
        assert (await client.get(path)).status == 200 and calls == ["board_png"] * 2
    finally:
        await client.close()
    assert lg is not None


async def test_pages_speak_the_language_of_the_servers_last_game_when_it_chose_none(
    server,
) -> None:
    client, service, secret, _season, _done, _live = server
    assert '<html lang="en">' in await (await client.get(f"/s/{secret}/")).text()
    # A game opened in French (Discord's locale for the server, no choice made).
    await service.create(GUILD, 400, 11, "ann", 2, listed=True, language="fr")
    front = await (await client.get(f"/s/{secret}/")).text()
    assert '<html lang="fr">' in front and "Parties en cours" in front
