"""Setting up a game [SW p.2]: map, Lost Tribes, Mountains, shuffled stacks, six combos."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .content import MapDef, components, custom_map, load_map, map_for_players, powers, races
from .maps import register_board
from .market import refill_market
from .rng import shuffled
from .rules import start_turn
from .state import GameState, PlayerState, RegionState, TurnState


def new_game(
    players: list[str],
    seed: int,
    map_id: str | None = None,
    options: dict[str, Any] | None = None,
    *,
    board: MapDef | str | Path | None = None,
) -> GameState:
    """A new game for ``players`` in seat order, shuffled from ``seed``.

    The map is ``board`` (a ``MapDef`` or the path of a map file, checked by
    ``engine.maps``), else ``map_id``: a built-in id, the key of a registered map, or a path
    ending in ``.json``; by default the printed map for the player count. A map that is not
    built in travels inside the state (``GameState.custom_map``), so a saved game loads
    without its file. Only boards of the surface world are played: any other raises
    ``ValueError``. The race and power stacks are drawn from the base-game set; the first
    seat takes the first turn.
    """
    if not 2 <= len(players) <= 5:
        raise ValueError("Small World is played by 2 to 5 players.")
    if board is None and map_id is not None and map_id.endswith(".json"):
        board = map_id
    elif board is not None and map_id is not None:
        raise ValueError("Give a map id or a board, not both.")
    if board is not None:
        map_id = register_board(board)
    map_id = map_id or map_for_players(len(players))
    m = load_map(map_id)
    if m.world != "surface":
        raise ValueError(
            f"Map {m.id} is a board of the {m.world} world: the Underground rules are not in "
            "the engine yet (River, Abysmal Chasms, Monsters, Places and Relics), so it cannot "
            "be played. Choose a surface map."
        )
    regions = []
    for r in m.regions:
        markers: dict[str, int] = {}
        if "Lost Tribe" in r.features:
            markers["lost_tribe"] = 1
        if r.terrain == "Mountain":
            markers["mountain"] = 1
        regions.append(RegionState(markers=markers))
    race_names = sorted(n for n, d in races().items() if d.set == "base")
    power_names = sorted(n for n, d in powers().items() if d.set == "base")
    s = GameState(
        map_id=map_id,
        seed=seed,
        round=1,
        turns=m.turns,
        players=[PlayerState(name, coins=components()["starting_coins"]) for name in players],
        regions=regions,
        races={},
        market=[],
        race_stack=shuffled(race_names, seed, 1),
        power_stack=shuffled(power_names, seed, 2),
        power_discard=[],
        turn=TurnState(),
        rng_counter=2,
        options=dict(options or {}),
        custom_map=custom_map(map_id),
    )
    refill_market(s)
    start_turn(s, 0)
    return s
