"""The operations of ``python -m bot``: ``migrate``, ``export-game``, ``import-game`` and
``copy-database``.

Each opens the database the settings name (``DATABASE_URL``, else ``DATABASE_PATH``), as the
bot would, and closes it when done. What a person or a script reads: results on stdout (the
new game's id, the files written), everything else on stderr in one line.

Exit codes: 0 done; 1 refused (a game file that does not replay, a game that does not exist,
a channel that has a live game), nothing written; 2 bad arguments or settings; 7 the
database cannot be opened (as ``python -m bot``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.console import exits

from ..settings import Settings
from ..storage import DATABASE_ERRORS, Storage, storage_for
from ..storage.migrations import migrations
from .copy import copy_database
from .document import TransferError
from .export import export_game, game_ids
from .importer import import_game

#: Exit codes (2, bad arguments or settings, is argparse's and ``bot.__main__``'s).
EXIT_REFUSED = 1
EXIT_DATABASE = 7
#: Errors of the database itself, from either backend.


def add_commands(parser: argparse.ArgumentParser) -> None:
    """The sub-commands, on ``python -m bot``'s parser (none given: run the bot)."""
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    web = commands.add_parser(
        "web",
        help="serve the servers' web pages on their own (no Discord)",
        description="Serve the read-only web pages from the bot's database until interrupted.",
    )
    web.add_argument("--port", type=int, metavar="PORT", help="default: WEB_PORT")
    commands.add_parser(
        "demo",
        help="fill an empty database with games the computer plays, to see the web pages",
        description="Fill the database the settings name (it must hold no game) with demo"
        " games played by the AI: two servers, a season, finished games and games under way.",
    )
    commands.add_parser(
        "migrate",
        help="apply the database's pending migrations",
        description="Apply the pending migrations of the database the settings name.",
    )
    export = commands.add_parser(
        "export-game",
        help="write a game (or every game) as a JSON file",
        description="Write one game as a JSON game file, or every game into a folder.",
    )
    export.add_argument("game_id", nargs="?", type=int, metavar="ID", help="the game's id")
    export.add_argument("--out", type=Path, metavar="FILE", help="write here, not to stdout")
    export.add_argument(
        "--all", type=Path, metavar="DIR", help="every game, one file each: DIR/game-<id>.json"
    )
    imp = commands.add_parser(
        "import-game",
        help="replay game files and add them as new games",
        description=(
            "Check each game file, replay its action log and add it as a new game (its new"
            " id on stdout). Files are imported in the order given, each on its own."
        ),
    )
    imp.add_argument("files", nargs="+", type=Path, metavar="FILE")
    imp.add_argument(
        "--channel", type=int, metavar="ID", help="put the game in this channel instead"
    )
    imp.add_argument(
        "--rebuild",
        action="store_true",
        help="keep the state the log leads to, not the stored one (a repair)",
    )
    imp.add_argument(
        "--replace",
        action="store_true",
        help="cancel this game's live copy in the database and take its place",
    )
    copy = commands.add_parser(
        "copy-database",
        help="copy a whole SQLite file into the (empty) database the settings name",
        description=(
            "Copy every game, season, standing, setting and map of a SQLite file, with their"
            " ids, into the database the settings name (PostgreSQL), which must be empty."
        ),
    )
    copy.add_argument(
        "--from", dest="source", type=Path, required=True, metavar="FILE", help="the SQLite file"
    )


def _line(err: TextIO, text: str) -> None:
    err.write(" ".join(text.split()) + "\n")
    err.flush()


async def _migrate(storage: Storage, out: TextIO, err: TextIO) -> int:
    before = await storage.schema_version()
    known = migrations(storage.dialect)
    # The last migration's number (numbers may skip a reserved range).
    newest = max((m.number for m in known), default=0)
    if before > newest:
        _line(err, f"the database is at schema {before}, newer than this bot ({newest})")
        return EXIT_REFUSED
    applied = await storage.migrate()
    names = {m.number: m.name for m in known}
    for number in applied:
        out.write(f"applied {names[number]}\n")
    if not applied:
        out.write("nothing to apply\n")
    out.write(f"schema version {await storage.schema_version()} ({storage.describe()})\n")
    return 0


def _dump(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


async def _export(storage: Storage, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if (args.game_id is None) == (args.all is None):
        _line(err, "export-game: give a game ID, or --all DIR for every game")
        return 2
    if args.all is not None:
        if args.out is not None:
            _line(err, "export-game: --out is for one game; --all writes into its folder")
            return 2
        args.all.mkdir(parents=True, exist_ok=True)
        ids = await game_ids(storage)
        for game_id in ids:
            # Zero-padded, so that the shell lists the files in the games' order.
            path = args.all / f"game-{game_id:06d}.json"
            path.write_text(_dump(await export_game(storage, game_id)), encoding="utf-8")
            out.write(f"{path}\n")
        _line(err, f"exported {len(ids)} games to {args.all}")
        return 0
    text = _dump(await export_game(storage, args.game_id))
    if args.out is None:
        out.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TransferError(f"cannot read the file ({exc.strerror or exc})") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise TransferError(f"not a JSON file ({exc})") from None


async def _import(storage: Storage, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.channel is not None and len(args.files) > 1:
        _line(err, "import-game: --channel is for one file (one live game per channel)")
        return 2
    code = 0
    for path in args.files:
        try:
            done = await import_game(
                storage,
                _read(path),
                channel_id=args.channel,
                rebuild=args.rebuild,
                replace=args.replace,
            )
        except TransferError as exc:
            _line(err, f"import-game: {path}: refused, nothing written: {exc}")
            code = EXIT_REFUSED
            continue
        except DATABASE_ERRORS as exc:
            _line(err, f"import-game: {path}: the database refused it, nothing written: {exc}")
            code = EXIT_REFUSED
            continue
        out.write(f"{done.game_id}\n")
        out.flush()
        told = f"import-game: {path}: game {done.source_id} imported as game {done.game_id}"
        if done.replaced is not None:
            told += f", replacing game {done.replaced} (cancelled)"
        _line(err, "; ".join([told, *done.notes]))
    return code


async def _copy(
    target: Storage, args: argparse.Namespace, settings: Settings, out: TextIO, err: TextIO
) -> int:
    path: Path = args.source
    if not path.is_file():
        _line(err, f"copy-database: no SQLite file at {path}")
        return 2
    if target.dialect == "sqlite" and Path(settings.database_path).resolve() == path.resolve():
        _line(err, "copy-database: the file is the database the settings name already")
        return 2
    source = storage_for(str(path))
    try:
        # Brought up to date first, as the bot would do at its next start.
        await source.open()
    except DATABASE_ERRORS as exc:
        await source.close()
        _line(err, f"copy-database: could not open {path}: {exc}")
        return EXIT_DATABASE
    try:
        copied = await copy_database(source, target)
    finally:
        await source.close()
    for table, count in copied.rows.items():
        out.write(f"{table} {count}\n")
    _line(err, f"copied {sum(copied.rows.values())} rows from {path} to {target.describe()}")
    return 0


async def run(args: argparse.Namespace, settings: Settings, out: TextIO, err: TextIO) -> int:
    """Run one sub-command on the database of ``settings``; its exit code."""
    storage = storage_for(settings.database_target, pool_size=2)
    try:
        # ``migrate`` opens the database as it is, to say what it applies; the others bring
        # it up to date first, as the bot does when it starts.
        await storage.open(migrate=args.command != "migrate")
    except DATABASE_ERRORS as exc:
        await storage.close()
        _line(err, f"Could not open the database ({storage.describe()}): {exc}")
        return EXIT_DATABASE
    try:
        if args.command == "migrate":
            return await _migrate(storage, out, err)
        if args.command == "export-game":
            return await _export(storage, args, out, err)
        if args.command == "copy-database":
            return await _copy(storage, args, settings, out, err)
        return await _import(storage, args, out, err)
    except TransferError as exc:
        _line(err, f"{args.command}: {exc}")
        return EXIT_REFUSED
    except BrokenPipeError:
        # The reader of stdout went away (``| head``): not the database's fault (``main``).
        raise
    except DATABASE_ERRORS as exc:
        _line(err, f"{args.command}: the database failed: {exc}")
        return EXIT_REFUSED
    finally:
        await storage.close()


def main(args: argparse.Namespace, settings: Settings) -> int:
    """``run`` in its own event loop, on the process's stdout and stderr; Ctrl-C and a closed
    pipe (``export-game ID | head``) end it in one line or none (``engine.console.exits``)."""
    return exits.run(
        lambda: asyncio.run(run(args, settings, sys.stdout, sys.stderr)),
        f"python -m bot {args.command}",
    )
