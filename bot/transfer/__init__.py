"""Moving and repairing games: a game as one JSON file, out of a database and into another.

``python -m bot export-game ID`` writes a game file (``document``: the game row, its seats,
its whole action log, its results, rating changes, log of seats and followers, and the
digest of its state); ``python -m bot import-game FILE`` checks it, replays its log through
the engine (``replay``) and writes it as a new game in one transaction (``importer``);
``python -m bot migrate`` brings a database's schema up to date. ``cli`` is the command
line of the three; docs/operations.md tells how to move a server's games from SQLite to
PostgreSQL with them, and how to repair a game.
"""

from __future__ import annotations

from .document import FORMAT, VERSION, TransferError, checked, digest
from .export import export_game, game_ids
from .importer import Imported, import_game
from .replay import Replayed, replay

__all__ = [
    "FORMAT",
    "VERSION",
    "Imported",
    "Replayed",
    "TransferError",
    "checked",
    "digest",
    "export_game",
    "game_ids",
    "import_game",
    "replay",
]
