"""``python -m bot web`` and ``python -m bot demo`` as an operator runs them (issue 37,
section 4): a port it cannot have is one line and an exit code, at start it lists each
server's pages, and a demo database shows pages without Discord."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path

import aiohttp

from bot.web import links, standalone

from .played import open_service, play

#: Seconds a command may take before the test gives up on it: far beyond what it needs (a
#: hang is what these tests catch, never slowness).
PATIENCE = 300


def environment(database: Path) -> dict[str, str]:
    """The command's environment: the database, this machine only, jobs in threads."""
    return {**os.environ, "DATABASE_PATH": str(database), "WEB_HOST": "127.0.0.1", "WORKERS": "0"}


async def finished(database: Path, *args: str) -> tuple[int, str, str]:
    """Run ``python -m bot ARGS`` to its end: its exit code, stdout and stderr."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, env=environment(database),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        out, err = await asyncio.wait_for(proc.communicate(), PATIENCE)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


class Serving:
    """``python -m bot web --port 0`` running: its address and the lines it printed."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []

    async def __aenter__(self) -> Serving:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "web", "--port", "0", env=environment(self.database),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert self.proc.stdout is not None
        # A line per server (or one saying there is none), then where it listens: served.
        while not (self.lines and self.lines[-1].startswith("web pages on ")):
            line = await asyncio.wait_for(self.proc.stdout.readline(), PATIENCE)
            assert line, "python -m bot web ended at its start"
            self.lines.append(line.decode().strip())
        assert self.lines[-1].startswith("web pages on http://127.0.0.1:"), self.lines
        return self

    @property
    def servers(self) -> dict[int, str]:
        """The address printed for each server."""
        found = (re.fullmatch(r"server (\d+) \(\d+ games?\): (\S+)", line) for line in self.lines)
        return {int(m[1]): m[2] for m in found if m}

    async def __aexit__(self, *exc: object) -> None:
        assert self.proc is not None
        self.proc.terminate()
        await self.proc.wait()


async def test_a_port_out_of_range_is_one_line_and_an_exit_code(tmp_path) -> None:
    code, out, err = await finished(tmp_path / "a.sqlite3", "web", "--port", "99999")
    assert code == standalone.EXIT_ARGUMENTS
    assert err.count("\n") == 1 and "99999" in err and "Traceback" not in err + out


async def test_a_port_in_use_is_one_line_and_an_exit_code(tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = await finished(tmp_path / "b.sqlite3", "web", "--port", str(port))
    assert code == standalone.EXIT_PORT, err
    assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in err
    assert "Traceback" not in err + out


async def test_at_start_it_prints_the_address_of_each_servers_pages(tmp_path) -> None:
    database = tmp_path / "c.sqlite3"
    service = await open_service(database)
    # Server 3 has a game in a channel everyone sees and no link yet; server 4 made its
    # pages public; server 5 only played in a private channel: it has no pages to show.
    await service.create(3, 300, 11, "ann", 2, listed=True)
    await service.join(300, 22, "bob")
    await service.start(300, 11)
    await play(service, 300, 10)
    await links.make_public(service.storage, 4, True, datetime.now(UTC))
    await service.create(5, 500, 11, "ann", 2, listed=False)
    await service.storage.close()
    async with Serving(database) as web:
        assert set(web.servers) == {3, 4}, web.lines
        assert web.servers[4].endswith("/p/4/")
        async with aiohttp.ClientSession() as session:
            for address in web.servers.values():
                async with session.get(address) as r:
                    assert r.status == 200, address
            async with session.get(web.servers[3]) as r:
                assert "ann" in await r.text()


async def test_the_listing_reads_either_backend(opened, database) -> None:
    service = await opened(database)
    await service.create(3, 300, 11, "ann", 2, listed=True)
    await service.create(6, 600, 11, "ann", 2, listed=True)
    await service.create(6, 601, 22, "bob", 2, listed=True)
    await links.make_public(service.storage, 4, True, datetime.now(UTC))
    await service.create(5, 500, 11, "ann", 2, listed=False)
    lines = await standalone.listing(service.storage, "https://sw.example.org/", datetime.now(UTC))
    secret = await links.secret_for(service.storage, 3, datetime.now(UTC))
    assert lines[:2] == [
        f"server 3 (1 game): https://sw.example.org/s/{secret}/",
        "server 4 (0 games): https://sw.example.org/p/4/",
    ]
    assert re.fullmatch(r"server 6 \(2 games\): https://sw\.example\.org/s/[\w-]{22}/", lines[2])
    assert len(lines) == 3


async def test_with_no_server_yet_it_says_how_to_get_there(tmp_path) -> None:
    async with Serving(tmp_path / "d.sqlite3") as web:
        assert web.servers == {}
        assert standalone.NO_SERVER in web.lines


async def test_a_demo_database_shows_every_kind_of_page_without_discord(tmp_path) -> None:
    database = tmp_path / "demo.sqlite3"
    code, _out, err = await finished(database, "demo")
    assert code == 0, err
    assert "Traceback" not in err
    # A second fill of the same database is refused: it never mixes into a real one.
    again = await finished(database, "demo")
    assert again[0] == 1 and "already holds games" in again[2]
    async with Serving(database) as web:
        english, french = web.servers[1], web.servers[2]
        async with aiohttp.ClientSession() as session:

            async def page(address: str) -> str:
                async with session.get(address) as r:
                    assert r.status == 200, address
                    return await r.text()

            front = await page(english)
            # Games under way and finished ones, and the season's leaders.
            assert "to play:" in front and "won by" in front and "Demo season" in front
            standings = await page(english + "league/1")
            assert "Provisional" in standings and "Team games" in standings
            ranked = re.findall(r'<td class="n">(\d+)</td>\s*<td><a href="[^"]*player/', standings)
            assert ranked, "some players are ranked"
            assert "Parties en cours" in await page(french)


async def test_a_database_it_cannot_open_is_one_line_and_an_exit_code(tmp_path) -> None:
    # A file that says it is SQLite and is not: the settings check lets it by (it names a
    # file in a writable folder), opening it fails.
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    for command in (("web", "--port", "0"), ("demo",)):
        code, out, err = await finished(broken, *command)
        assert code == standalone.EXIT_DATABASE, (command, err)
        assert err.count("\n") == 1 and "cannot be opened" in err
        assert "Traceback" not in err + out
    # A folder that does not exist is a bad setting, told before anything is opened.
    nowhere = tmp_path / "no such folder" / "x.sqlite3"
    for command in (("web", "--port", "0"), ("demo",)):
        code, out, err = await finished(nowhere, *command)
        assert code == 2 and err.startswith("Bad settings: DATABASE_PATH"), (command, err)
        assert err.count("\n") == 1 and "Traceback" not in err + out
