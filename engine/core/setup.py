"""Setting up a game [SW p.2, SWU p.2]: the map and the markers its world lays out (Lost
Tribes and Mountains; Monsters and Black Mountains), the hidden stack of Places and Relics,
the shuffled banners and badges of the world, six combos."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .content import MapDef, components, custom_map, load_map, map_for_players, powers, races
from .fitting import taken_out
from .hiding import hidden_pool, hiding_spots
from .maps import register_board
from .market import refill_market
from .rng import shuffled
from .rulesets import (
    RULESETS,
    GameSets,
    changes_nothing,
    counts_text,
    game_sets,
    player_counts,
    ruled_turns,
    rulesets_on,
)
from .setupphase import begin
from .state import GameState, PlayerState, RegionState, TurnState
from .worlds import DEFAULT_WORLD, WORLDS


def new_game(
    players: list[str],
    seed: int,
    map_id: str | None = None,
    options: dict[str, Any] | None = None,
    *,
    board: MapDef | str | Path | None = None,
    world: str = DEFAULT_WORLD,
) -> GameState:
    """A new game for ``players`` in seat order, shuffled from ``seed``.

    The map is ``board`` (a ``MapDef`` or the path of a map file, checked by
    ``engine.core.maps``), else ``map_id``: a built-in id, the key of a registered map, or a path
    ending in ``.json``; by default the map of ``world`` for the player count. A map that is not
    built in travels inside the state (``GameState.custom_map``), so a saved game loads
    without its file. The board's world (``engine.core.worlds``) decides the banners, badges and
    markers; the first seat takes the first turn. ``options`` may turn on a rule set
    (``engine.core.rulesets``: ``{"teams": True}``), which decides the player counts and turns.
    """
    options = dict(options or {})
    counts = player_counts(options)
    if len(players) not in counts:
        ruled = " and ".join(r.title or r.name for r in rulesets_on(options))
        with_ = f" with {ruled}" if ruled else ""
        raise ValueError(f"Small World is played by {counts_text(counts)} players{with_}.")
    if board is None and map_id is not None and map_id.endswith(".json"):
        board = map_id
    elif board is not None and map_id is not None:
        raise ValueError("Give a map id or a board, not both.")
    if board is not None:
        map_id = register_board(board)
    map_id = map_id or map_for_players(len(players), world)
    m = load_map(map_id)
    rules = WORLDS[m.world]
    regions = [RegionState(markers=markers.copy()) for markers in _laid_out(map_id)]
    sets = game_sets(rules.content_set, options)
    race_names, power_names = _market_names(rules.name, sets)
    s = GameState(
        map_id=map_id,
        seed=seed,
        round=1,
        turns=ruled_turns(options, m.turns),
        players=[PlayerState(name, coins=components()["starting_coins"]) for name in players],
        regions=regions,
        races={},
        market=[],
        race_stack=shuffled(race_names, seed, 1),
        power_stack=shuffled(power_names, seed, 2),
        power_discard=[],
        turn=TurnState(),
        rng_counter=2,
        options=options,
        custom_map=custom_map(map_id),
    )
    # [SWU p.2] "Shuffle the Popular Places and Righteous Relics together; draw as many as
    # there are Monster occupied regions ... Discard the others without looking at them."
    # A rule set's setup may fill regions with Monsters before the first turn: they hide
    # Places and Relics too (``hiding.hiding_spots``).
    hiding = hiding_spots(s)
    if hiding:
        s.treasures = shuffled(hidden_pool(m.world, options), seed, 3)[:hiding]
        if s.treasures:
            s.rng_counter = 3
    refill_market(s)
    # The decisions a rule set's setup owes before the first turn, then the first turn.
    begin(s)
    return s


def idle_options(
    players: int,
    map_id: str,
    options: Mapping[str, Any],
    base: Mapping[str, Any] | None = None,
) -> list[str]:
    """The options ``options`` turns on that change nothing in a game of ``players`` on
    ``map_id`` (``rulesets.changes_nothing``), beside those of ``base`` (which a front end
    turns on by itself, as the bot's lobby does team play for 6 players): what the bot's lobby
    and the command lines refuse alike, such as Places and Relics on the Underground (ruling
    96). A trial game with every option on is set up first; ``ValueError`` or ``KeyError``
    says why it cannot be.
    """
    base = dict(base or {})
    on = [name for name in RULESETS if options.get(name) and not base.get(name)]
    every = {**base, **dict.fromkeys(on, True)}
    trial = new_game([f"P{i + 1}" for i in range(players)], 0, map_id, every)
    world_set = WORLDS[load_map(trial.map_id).world].content_set
    return [name for name in on if changes_nothing(name, world_set, base, trial)]


@cache
def _laid_out(map_id: str) -> tuple[dict[str, int], ...]:
    """The markers the map's world lays out on each region before the first turn, by region
    id (``World.setup``: a symbol of the region's features, then of its terrain, gives a
    marker and how many), worked out once per map: a key always names the same board."""
    m = load_map(map_id)
    rules = WORLDS[m.world]
    laid: list[dict[str, int]] = []
    for r in m.regions:
        markers: dict[str, int] = {}
        for symbol in (*sorted(r.features), r.terrain):
            put = rules.setup.get(symbol)
            if put is not None:
                markers[put[0]] = put[1]
        laid.append(markers)
    return tuple(laid)


@cache
def _market_names(world: str, sets: GameSets) -> tuple[list[str], list[str]]:
    """The banners and badges of a game's sets on ``world``, each sorted, worked out once per
    world and sets (``shuffled`` copies them). [SWU "Compatibility with Small World"] what
    makes no sense is "taken out of the game before start" (none of a world's own banners
    and badges on that world)."""
    out = taken_out(WORLDS[world], sets)
    race_names = sorted(n for n, d in races().items() if d.set in sets.market and n not in out)
    power_names = sorted(n for n, d in powers().items() if d.set in sets.market and n not in out)
    return race_names, power_names
