"""Moving and repairing games (``bot.transfer``): a game played partway through
``GameService`` is exported, imported into another database as a new game, loads there as
it was and plays on; a changed file is refused and writes nothing.

Each test that takes ``database`` runs on both backends; the move from SQLite to
PostgreSQL has its own test (and ``test_transfer_cli`` moves a whole saved database).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.storage import storage_for
from bot.transfer import TransferError, export_game, game_ids, import_game
from bot.transfer.document import COLUMNS, V2_SEASON_DEFAULTS, VERSION, checked
from engine import Game
from engine.core.content import clear_maps, register_map
from tests.docs_example import docs_example
from tests.pg import fresh_database

from .played import another, counts, features, play, start

#: The ``opened`` fixture: ``await opened(target)`` is a service on that database.
Opener = Callable[..., Awaitable[GameService]]


def _through_json(doc: dict[str, Any]) -> dict[str, Any]:
    """The file as ``import-game`` reads it back."""
    parsed: dict[str, Any] = json.loads(json.dumps(doc))
    return parsed


async def test_round_trip_keeps_the_game_and_play_goes_on(
    database: str, tmp_path: Path, opened: Opener
) -> None:
    source = await opened(database)
    gid = await start(source, 100)
    await play(source, 100, 30)
    await features(source, 100)
    await play(source, 100, 10, seed=4, undos=0)
    doc = await export_game(source.storage, gid)
    assert "revision" not in doc["game"] and doc["game"]["id"] == gid
    assert any(a["text"] == "undo" for a in doc["actions"])
    assert [a["seq"] for a in doc["actions"]] == list(range(1, len(doc["actions"]) + 1))
    assert {r["kind"] for r in doc["seat_log"]} >= {"replace", "away", "back"}
    assert doc["followers"] == [{"user_id": 99}]
    sha = hashlib.sha256(doc["game"]["state"].encode()).hexdigest()
    assert doc["state_sha256"] == sha
    before = await source.load(gid)

    target = await opened(await another(database, tmp_path))
    done = await import_game(target.storage, _through_json(doc))
    assert done.source_id == gid and done.replaced is None
    after = await target.load(done.game_id)
    assert after.game is not None and before.game is not None
    assert after.game.state == before.game.state
    assert after.game.log == before.game.log
    assert after.game.config == before.game.config
    assert after.seats == before.seats
    assert (after.status, after.channel_id, after.deadline_at) == (
        "active",
        100,
        before.deadline_at,
    )
    # Exported again from the target, it is the same file but for the game's id.
    again = await export_game(target.storage, done.game_id)
    for key in ("seats", "actions", "results", "seat_log", "followers", "state_sha256"):
        assert again[key] == doc[key], key
    assert {**again["game"], "id": gid} == doc["game"]
    # The game plays on in the target, from where it was.
    assert await play(target, 100, 6, seed=5, undos=1) == 6


async def test_a_finished_rated_game_moves_from_sqlite_to_postgresql(
    tmp_path: Path, opened: Opener
) -> None:
    source = await opened(tmp_path / "old.sqlite3")
    await source.league.open_season(1, 100, 11, "Spring")
    finished = await start(source, 100)
    await play(source, 100, 3000)
    assert (await source.load(finished)).status == "over"
    await start(source, 200, players=3, seed=10)
    await play(source, 200, 25)

    target = await opened(await fresh_database())
    new = {}
    for gid in await game_ids(source.storage):
        done = await import_game(
            target.storage, _through_json(await export_game(source.storage, gid))
        )
        new[gid] = done.game_id
        assert any("not applied again" in n for n in done.notes) == (gid == finished)
    for gid, tid in new.items():
        a, b = await source.load(gid), await target.load(tid)
        assert a.game is not None and b.game is not None
        assert (b.status, b.game.state, b.game.log) == (a.status, a.game.state, a.game.log)

    def rows(table: str, doc: dict[str, Any]) -> list[dict[str, Any]]:
        return [{k: v for k, v in r.items() if k != "season_id"} for r in doc[table]]

    old = await export_game(source.storage, finished)
    moved = await export_game(target.storage, new[finished])
    assert old["results"] and old["rating_events"]
    assert rows("results", moved) == rows("results", old)
    assert rows("rating_events", moved) == rows("rating_events", old)
    # The season came along; ratings were not applied a second time.
    assert [s["name"] for s in moved["seasons"]] == ["Spring"]
    assert (await counts(target.storage))["ratings"] == 0
    # Importing the same file again would count the game twice: refused.
    with pytest.raises(TransferError, match="already in this database"):
        await import_game(target.storage, _through_json(old))
    assert await play(target, 200, 5, seed=8) == 5


def _tampered(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """Changed copies of a game file, and what the refusal says."""
    out = []
    changed = copy.deepcopy(doc)
    last = max(i for i, a in enumerate(changed["actions"]) if a["text"] != "undo")
    changed["actions"][last]["text"] = "conquer 999"
    out.append(("an action changed", changed, "action .* refused by the rules"))
    moved = copy.deepcopy(doc)
    seats = moved["actions"][last]
    seats["seat"] = 1 - seats["seat"]
    out.append(("an action given to the other seat", moved, "refused by the rules"))
    dropped = copy.deepcopy(doc)
    dropped["actions"].pop()
    out.append(("the last action dropped", dropped, "does not lead to the stored state"))
    state = json.loads(doc["game"]["state"])
    state["players"][0]["coins"] += 7
    edited = copy.deepcopy(doc)
    edited["game"]["state"] = json.dumps(state, separators=(",", ":"), sort_keys=True)
    out.append(("the state edited", edited, "sha256"))
    forged = copy.deepcopy(edited)
    forged["state_sha256"] = hashlib.sha256(forged["game"]["state"].encode()).hexdigest()
    out.append(("the state and its digest edited", forged, "does not lead to the stored state"))
    extra = copy.deepcopy(doc)
    extra["seats"][0]["admin"] = 1
    out.append(("a column added", extra, r"seats\[0\] has the wrong columns"))
    typed = copy.deepcopy(doc)
    typed["game"]["channel_id"] = "100; DROP TABLE games"
    out.append(("a value of the wrong kind", typed, "channel_id must be int"))
    newer = copy.deepcopy(doc)
    newer["version"] = VERSION + 1
    out.append(("a newer format", newer, f"version {VERSION + 1}"))
    return out


async def test_a_changed_file_is_refused_and_writes_nothing(
    database: str, tmp_path: Path, opened: Opener
) -> None:
    source = await opened(database)
    gid = await start(source, 100)
    await play(source, 100, 40)
    doc = _through_json(await export_game(source.storage, gid))
    target = await opened(await another(database, tmp_path))
    empty = await counts(target.storage)
    assert set(empty.values()) == {0}
    for what, changed, refusal in _tampered(doc):
        with pytest.raises(TransferError, match=refusal):
            await import_game(target.storage, changed)
        assert await counts(target.storage) == empty, what
    # The file as it was imports.
    await import_game(target.storage, doc)
    assert (await counts(target.storage))["games"] == 1


async def test_one_live_game_per_channel_and_each_game_once(
    database: str, tmp_path: Path, opened: Opener
) -> None:
    source = await opened(database)
    gid = await start(source, 100)
    await play(source, 100, 12)
    doc = _through_json(await export_game(source.storage, gid))
    with pytest.raises(TransferError, match=f"already in this database as game {gid}"):
        await import_game(source.storage, doc)

    target = await opened(await another(database, tmp_path))
    await target.create(1, 100, 55, "eve", 3)  # a lobby holds channel 100 there
    with pytest.raises(TransferError, match="channel 100 already has a live game"):
        await import_game(target.storage, doc)
    done = await import_game(target.storage, doc, channel_id=555)
    moved = await target.in_channel(555)
    assert moved.id == done.game_id and moved.guild_id == 1
    assert (await target.in_channel(100)).status == "lobby"

    # ``replace``: the copy in the source gives its place (and its channel) to the file's.
    cached = await source.load(gid)
    done = await import_game(source.storage, doc, replace=True)
    assert done.replaced == gid
    assert (await source.load(gid)).status == "cancelled"
    again = await source.in_channel(100)
    assert again.id == done.game_id != gid
    assert again.game is not None and cached.game is not None
    assert again.game.state == cached.game.state
    assert await play(source, 100, 4, seed=6) == 4


async def test_rebuild_repairs_a_game_from_its_log(database: str, opened: Opener) -> None:
    source = await opened(database)
    gid = await start(source, 100)
    await play(source, 100, 40)
    doc = _through_json(await export_game(source.storage, gid))
    # The repair: take back the last actions, beyond what undo allows.
    doc["actions"] = doc["actions"][:-6]
    with pytest.raises(TransferError, match="does not lead to the stored state"):
        await import_game(source.storage, doc, replace=True)
    finished = copy.deepcopy(doc)
    finished["game"]["status"] = "over"
    with pytest.raises(TransferError, match="for games under way"):
        await import_game(source.storage, finished, rebuild=True, replace=True)
    done = await import_game(source.storage, doc, rebuild=True, replace=True)
    lg = await source.in_channel(100)
    assert lg.id == done.game_id and lg.game is not None
    log: list[tuple[int, str]] = []
    for a in doc["actions"]:
        if a["text"] == "undo":
            log.pop()
        else:
            log.append((a["seat"], a["text"]))
    assert lg.game.log == log
    replayed = Game(lg.game.config, log).state
    replayed.version = lg.game.state.version  # an undo moves the version on, a replay does not
    assert lg.game.state == replayed
    row = await source.storage.fetchone("SELECT version FROM games WHERE id = ?", (lg.id,))
    assert row is not None and row["version"] == lg.game.state.version
    assert await play(source, 100, 5, seed=7) == 5


async def test_a_game_on_a_servers_own_map_takes_its_map_along(
    tmp_path: Path, opened: Opener
) -> None:
    source = await opened(tmp_path / "a.sqlite3")
    key = register_map(docs_example())
    async with source.storage.transaction() as tx:
        await tx.execute(
            "INSERT INTO club_maps (guild_id, name, map_key, title, world, players, regions,"
            " content, geometry, added_by, added_at) VALUES (1, 'tiny-2p', ?, 'Tiny', 'surface',"
            " '2', 5, ?, '{}', 11, '2026-03-01T12:00:00+00:00')",
            (key, json.dumps(docs_example())),
        )
    gid = await start(source, 100, map_id=key)
    await play(source, 100, 15)
    doc = _through_json(await export_game(source.storage, gid))
    assert [m["map_key"] for m in doc["club_maps"]] == [key]
    clear_maps()  # a fresh process, which has never seen the map
    target = await opened(tmp_path / "b.sqlite3")
    done = await import_game(target.storage, doc)
    row = await target.storage.fetchone("SELECT name, removed_at FROM club_maps")
    assert row is not None and (row["name"], row["removed_at"]) == ("tiny-2p", None)
    lg = await target.load(done.game_id)
    assert lg.map_id == key and lg.game is not None
    assert await play(target, 100, 3, seed=2) == 3


async def test_the_file_holds_every_column_of_the_game_tables(tmp_path: Path) -> None:
    """A migration that adds a column to a game's tables must add it to the file too."""
    storage = storage_for(str(tmp_path / "db.sqlite3"))
    await storage.open()
    left_out = {
        "games": {"revision"},
        "rating_events": {"game_id", "seq"},
        "seat_log": {"game_id", "id"},
        "club_maps": {"id"},
        "seasons": set(),
    }
    try:
        for table, columns in COLUMNS.items():
            sql_table = "games" if table == "game" else table
            info = await storage.fetchall(f"PRAGMA table_info({sql_table})")
            have = {r["name"] for r in info} - left_out.get(sql_table, {"game_id"})
            assert have == set(columns), table
    finally:
        await storage.close()


async def test_a_season_keeps_its_format_and_an_older_file_holds_open_seasons(
    database: str, opened: Opener
) -> None:
    """Version 3 carries a season's rounds settings (migration 017); a version 2 file, made
    before them, is read with its seasons open, as they were then."""
    source = await opened(database)
    gid = await start(source, 100)
    doc = _through_json(await export_game(source.storage, gid))
    old = {"id": 7, "guild_id": 1, "channel_id": 100, "name": "Autumn", "opened_by": 55,
           "opened_at": "2026-11-01T00:00:00+00:00", "ends_at": None, "closed_at": None,
           "standings": None}  # fmt: skip
    v2 = {**doc, "version": 2, "seasons": [old]}
    [season] = checked(v2)["seasons"]
    assert season == {**old, **V2_SEASON_DEFAULTS} and season["format"] == "open"
    settings = {"format": "rounds", "rounds": 4, "round_days": 7.0, "pod": 4, "champion_role": 99}
    rounds = {**old, **V2_SEASON_DEFAULTS, **settings, "next_round_at": "2026-11-08T00:00Z"}
    [kept] = checked({**doc, "seasons": [rounds]})["seasons"]
    assert kept == rounds
    with pytest.raises(TransferError, match="wrong columns"):
        checked({**doc, "seasons": [old]})  # version 3 names every column
