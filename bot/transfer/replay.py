"""Replaying a game file's log through the engine: the proof an import asks of a file.

A game is its config, its seed and its action log; the state in the file is only a snapshot.
``replay`` starts the game afresh from the config (``engine.Game``, as ``/sw start`` does),
plays every row of the log in order as the service did (``Game.play``; an ``undo`` row is
``Game.undo``, which moves the version on as it did then) and compares what comes out with
the stored snapshot. A row the rules refuse, a snapshot the log does not lead to, or a
digest that does not match the snapshot refuses the file.

``rebuild`` is for repairs: the stored snapshot (and its digest) is set aside and the state
the log leads to is the one kept; the log must still be legal to the last row.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine import EngineError, Game
from engine.core.content import builtin_maps, custom_map, register_map
from engine.core.older import agrees_with_replay
from engine.core.state import OVER, GameState, from_json, to_json

from ..service.store import UNDO, config_from_json
from .document import TransferError, digest


@dataclass(frozen=True)
class Replayed:
    """What the log leads to: the state to store (None in a lobby), its version, and
    whether the game is over."""

    state: str | None
    version: int
    over: bool


def _config(game: dict[str, Any]) -> Any:
    try:
        config = config_from_json(game["config"])
    except (ValueError, KeyError, TypeError) as exc:
        raise TransferError(f"game: config is not a game config ({exc})") from None
    if config.seed != game["seed"]:
        raise TransferError("game: the config's seed is not the game's seed")
    return config


def _stored(state: str, replayed: GameState) -> str:
    """The stored snapshot as today's engine writes it (a snapshot written by an earlier
    engine may lack a field that has a default since; one written before a turn counted its
    steps, ``TurnState.steps``, has the count of the replay)."""
    try:
        snapshot = from_json(state)
        if "steps" not in json.loads(state)["turn"]:
            snapshot.turn.steps = replayed.turn.steps
        return to_json(snapshot)
    except (ValueError, KeyError, TypeError) as exc:
        raise TransferError(f"game: the stored state is not a game state ({exc})") from None


def _use_map(doc: dict[str, Any]) -> None:
    """Make the game's map known to the engine: a server's own map travels in the file."""
    map_id = doc["game"]["map_id"]
    if map_id in builtin_maps() or custom_map(map_id) is not None:
        return
    for row in doc["club_maps"]:
        if row["map_key"] == map_id:
            try:
                register_map(json.loads(row["content"]), key=map_id)
            except Exception as exc:  # the map's own checks refuse it: say so in one line
                raise TransferError(f"club map {row['name']!r} cannot be read ({exc})") from None
            return
    state = doc["game"]["state"]
    carried = json.loads(state).get("custom_map") if state else None
    if carried is None:
        raise TransferError(f"game: the map {map_id!r} is neither built in nor in the file")
    register_map(carried, key=map_id)


def _differences(replayed: str, stored: str) -> str:
    """The top-level parts of the state where the replay and the snapshot differ."""
    a, b = json.loads(replayed), json.loads(stored)
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    return ", ".join(keys[:6]) + (" …" if len(keys) > 6 else "")


def _play(game: Game, row: dict[str, Any]) -> None:
    """One row of the log, as the service played it."""
    try:
        if row["text"] == UNDO:
            game.undo(row["seat"])
        else:
            game.play(row["seat"], row["text"])
    except EngineError as exc:
        raise TransferError(
            f"action {row['seq']} ({row['text']!r}, seat {row['seat'] + 1}) is refused by"
            f" the rules: {exc}"
        ) from None
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise TransferError(
            f"action {row['seq']} ({row['text']!r}, seat {row['seat']}) cannot be played"
            f" ({type(exc).__name__}: {exc})"
        ) from None


def replay(doc: dict[str, Any], *, rebuild: bool = False) -> Replayed:
    """Replay a checked game file's log (``document.checked``); refuse it if the log is not
    legal or, unless ``rebuild``, does not lead to the stored state exactly."""
    game = doc["game"]
    status, stored = game["status"], game["state"]
    if not rebuild and doc["state_sha256"] != digest(stored):
        raise TransferError("the state does not match its sha256 digest: the file was changed")
    if status == "lobby" or game["config"] is None:
        # A lobby, or a game cancelled in its lobby: no config, no state and no log yet.
        if status not in ("lobby", "cancelled") or stored is not None or doc["actions"]:
            raise TransferError(f"game: a game with status {status} needs a config and a state")
        return Replayed(None, game["version"], False)
    if rebuild and status == "over":
        raise TransferError("--rebuild is for games under way: a finished game's result stands")
    if stored is None and not rebuild:
        raise TransferError(f"game: a game with status {status} must have a state")
    _use_map(doc)
    played = Game(_config(game))
    for row in doc["actions"]:
        _play(played, row)
    state = to_json(played.state)
    over = played.state.turn.phase == OVER
    if status == "over" and not over:
        raise TransferError("game: its status is over, but its log does not finish the game")
    if status == "active" and over:
        raise TransferError("game: its log finishes the game, but its status is active")
    if rebuild:
        return Replayed(state, played.state.version, over)
    assert stored is not None
    if not agrees_with_replay(json.loads(_stored(stored, played.state)), json.loads(state)):
        raise TransferError(
            "the replayed log does not lead to the stored state (they differ in "
            f"{_differences(state, _stored(stored, played.state))})"
        )
    if game["version"] != played.state.version:
        raise TransferError("game: its version is not its state's version")
    return Replayed(stored, played.state.version, over)
