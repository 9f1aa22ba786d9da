"""The operations' command line: ``python -m bot migrate``, ``export-game`` and
``import-game``, their output and exit codes, and a whole saved SQLite database moved to
PostgreSQL with them (docs/operations.md tells the same steps).
"""

from __future__ import annotations

import asyncio
import io
import json
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.__main__ import main, parser
from bot.service import GameService
from bot.settings import Settings
from bot.storage import MIGRATIONS
from bot.transfer import cli
from tests.pg import fresh_database

from .played import open_service, play, start

SAVED = Path(__file__).resolve().parent / "data" / "saved_games.sqlite3"
Opener = Callable[..., Awaitable[GameService]]


def _settings(target: str | Path) -> Settings:
    url = str(target) if str(target).startswith("postgresql://") else None
    return Settings(
        token=None, database_path=str(target), dev_guild_id=None, log_level="INFO", database_url=url
    )


async def _run(target: str | Path, *argv: str) -> tuple[int, str, str]:
    """``python -m bot ARGV`` on a database, in this event loop: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = await cli.run(parser().parse_args(list(argv)), _settings(target), out, err)
    return code, out.getvalue(), err.getvalue()


async def test_migrate_applies_every_migration_once(database: str) -> None:
    files = sorted(p.name for p in MIGRATIONS.glob("*.sql"))
    code, out, err = await _run(database, "migrate")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:-1] == [f"applied {name}" for name in files]
    assert lines[-1].startswith(f"schema version {int(files[-1].split('_', 1)[0])} (")
    code, out, _ = await _run(database, "migrate")
    assert code == 0 and out.splitlines()[0] == "nothing to apply"


async def test_migrate_refuses_a_database_newer_than_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    assert (await _run(path, "migrate"))[0] == 0
    service = await open_service(path)
    await service.storage.execute("PRAGMA user_version = 99")
    await service.storage.close()
    code, _, err = await _run(path, "migrate")
    assert code == 1 and "newer than this bot" in err and err.count("\n") == 1


def _a_game(path: Path) -> int:
    """A game played partway in a SQLite file; its id."""

    async def make() -> int:
        service = await open_service(path)
        try:
            gid = await start(service, 100)
            await play(service, 100, 20)
            return gid
        finally:
            await service.storage.close()

    return asyncio.run(make())


def test_the_commands_exit_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # ``python -m bot`` itself, in this process: settings from the environment, no token.
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    source, target = tmp_path / "source.sqlite3", tmp_path / "target.sqlite3"
    gid = _a_game(source)
    monkeypatch.setenv("DATABASE_PATH", str(source))
    file = tmp_path / "game.json"

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        seen = capsys.readouterr()
        return code, seen.out, seen.err

    assert run("export-game", str(gid), "--out", str(file)) == (0, "", "")
    code, out, err = run("export-game", str(gid))
    # The same game file, but for the moment each export was made (they may straddle a second).
    printed, written = json.loads(out), json.loads(file.read_text())
    assert printed.pop("exported_at") >= written.pop("exported_at")
    assert code == 0 and printed == written
    code, out, err = run("export-game", "999")
    assert (code, out) == (1, "") and err == "export-game: there is no game 999 in this database\n"
    assert run("export-game")[0] == 2
    with pytest.raises(SystemExit) as exited:
        main(["export-game", "twelve"])
    assert exited.value.code == 2
    capsys.readouterr()

    monkeypatch.setenv("DATABASE_PATH", str(target))
    doc = json.loads(file.read_text())
    doc["actions"][3]["text"] = "conquer 999"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(doc))
    code, out, err = run("import-game", str(tampered))
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert err.startswith(f"import-game: {tampered}: refused, nothing written: action 4 (")
    (tmp_path / "broken.json").write_text("{")
    code, _, err = run("import-game", str(tmp_path / "broken.json"))
    assert code == 1 and "not a JSON file" in err
    code, out, err = run("import-game", str(file))
    assert (code, out) == (0, "1\n")
    assert err == f"import-game: {file}: game {gid} imported as game 1\n"
    code, out, err = run("import-game", str(file))
    assert code == 1 and "already in this database as game 1" in err
    code, out, err = run("import-game", str(file), "--channel", "555", "--replace")
    assert (code, out) == (0, "2\n") and "replacing game 1 (cancelled)" in err
    assert run("import-game", str(file), str(file), "--channel", "5")[0] == 2

    # A folder that does not exist is a bad setting, told before anything is opened; a file
    # that looks like SQLite but is not one cannot be opened.
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "no" / "such" / "folder.sqlite3"))
    code, _, err = run("migrate")
    assert code == 2 and err.startswith("Bad settings: DATABASE_PATH names a file in a folder ")
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    monkeypatch.setenv("DATABASE_PATH", str(broken))
    code, _, err = run("migrate")
    assert code == 7 and err.startswith("Could not open the database (SQLite file ")


async def test_a_saved_sqlite_database_moves_to_postgresql(tmp_path: Path, opened: Opener) -> None:
    old = tmp_path / "old.sqlite3"
    shutil.copyfile(SAVED, old)
    folder = tmp_path / "games"
    code, out, err = await _run(old, "export-game", "--all", str(folder))
    files = out.split()
    assert code == 0 and len(files) == 3 and err == f"exported 3 games to {folder}\n"
    assert files == sorted(files) == [str(folder / f"game-{n:06d}.json") for n in (1, 2, 3)]
    url = await fresh_database()
    code, out, err = await _run(url, "import-game", *files)
    assert code == 0, err
    new_ids = [int(n) for n in out.split()]
    assert len(new_ids) == 3
    source, target = await opened(old), await opened(url)
    for old_id, new_id in zip((1, 2, 3), new_ids, strict=True):
        a, b = await source.load(old_id), await target.load(new_id)
        assert a.game is not None and b.game is not None
        assert (b.status, b.channel_id, b.game.state) == (a.status, a.channel_id, a.game.state)
    results = await target.storage.fetchall("SELECT game_id, coins FROM results ORDER BY seat")
    assert {r["game_id"] for r in results} == {new_ids[2]}
    # The games under way play on from PostgreSQL.
    assert await play(target, 301, 8, seed=4) == 8
    # Moving twice would make two copies of each game: the second run is refused.
    code, out, err = await _run(url, "import-game", *files)
    assert (code, out) == (1, "") and err.count("already in this database") == 3
