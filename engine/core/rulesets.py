"""Rule sets: whole variants of the rules turned on by a game option (team play).

A rule set is data and hooks, as a world is (``engine.core.worlds``), but it spans worlds: a
game on any world may turn it on with its option (``GameConfig.options`` / ``new_game``'s
``options``, e.g. ``{"teams": True}``). Each rule set package (``engine.rulesets.<name>``)
fills the ``RULESETS`` table with ``register_ruleset`` when imported; the core names none.

The core asks the rule sets that are on:

- ``players``: the player counts the game may have (the base game's 2 to 5 otherwise), which
  setup and the map checker read;
- ``turns``: the number of turns, when the rule set fixes it (else the map's);
- ``result``: the game's result at its end, given the base ranking (``scoring.game_over``);
- ``view``: what everyone may see of the rule set (``view.view`` puts it under
  ``"rulesets"``), given the viewer;
- ``market_sets`` and ``treasure_sets``: the content sets (``set`` in ``data/*.json``) whose
  races and powers join the market's stacks, and whose Relics and Places join the hidden
  stack, besides the world's own (``game_sets``);
- ``treasures_in_decline``: whether Relics and Places may work for a race In Decline (team
  play: never);
- ``setup`` and ``hiding``: decisions players owe before the first turn (placing Monsters on
  the surface), one ``SetupStep`` at a time, and how many Places and Relics they hide. One
  rule set lays the board out: the first on (in registration order) that has a ``setup``
  (``layout``); the others' setups give way to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lang import tr

#: A ``GameState``, which this module does not import: the map table (``content``) reads the
#: player counts here, and the state imports the map table.
GameState = Any
#: An ``actions.Action``, which this module does not import either (the actions name the
#: state).
Action = Any

#: The player counts of the base game and of Small World Underground.
BASE_PLAYERS: tuple[int, ...] = (2, 3, 4, 5)

Result = Callable[[GameState, dict[str, Any]], dict[str, Any]]
Seen = Callable[[GameState, "int | None"], dict[str, Any]]
#: The content sets a rule set adds, given the world's own content set.
Sets = Callable[[str], tuple[str, ...]]


@dataclass(frozen=True)
class SetupStep:
    """A decision one seat owes before the first turn: the choices ``legal_actions`` offers
    (the first is the deadline's default), and what taking one does to the state."""

    seat: int
    choices: tuple[Action, ...]
    perform: Callable[[GameState, Action], None]


#: The next setup decision of a game, or None once the rule set's setup is done.
Setup = Callable[[GameState], "SetupStep | None"]
#: How many Places and Relics a rule set's setup hides in a game (besides the map's).
Hiding = Callable[[GameState], int]


@dataclass(frozen=True)
class RuleSet:
    """A variant of the rules: the option that turns it on and the hooks it fills."""

    #: The game option (a key of ``GameState.options``) whose true value turns it on.
    name: str
    #: The player counts it is played by (replacing ``BASE_PLAYERS``; empty: it changes none,
    #: and plays with whatever counts the game has without it, as mixed markets do).
    players: tuple[int, ...]
    #: The turns a game lasts under it (0: the map's ``turns``).
    turns: int = 0
    #: The result at the end of the game, from the base one (``ranking``, ``winners``, ...).
    result: Result | None = None
    #: What ``viewer`` may see of it, under ``view(...)["rulesets"][name]``.
    view: Seen | None = None
    #: How players name it ("Team play").
    title: str = ""
    #: Content sets whose races and powers join the game's stacks, by the world's set.
    market_sets: Sets | None = None
    #: Content sets whose Relics and Places join the hidden stack, by the world's set.
    treasure_sets: Sets | None = None
    #: The decisions owed before the first turn, one step at a time (``SetupStep``).
    setup: Setup | None = None
    #: How many Places and Relics its setup hides (regions it fills with Monsters).
    hiding: Hiding | None = None
    #: Relics and Places work for a race In Decline where each says so (the Underground's
    #: rule); False: never, for any race In Decline (team play: "even Ghouls").
    treasures_in_decline: bool = True


@dataclass(frozen=True)
class GameSets:
    """The content sets a game draws from: races and powers, and Relics and Places."""

    market: frozenset[str]
    treasures: frozenset[str]


#: Known rule sets by option name, in registration order.
RULESETS: dict[str, RuleSet] = {}


def register_ruleset(entry: RuleSet) -> RuleSet:
    """Add a rule set to the table (its package does it when imported); the name must be new."""
    if entry.name in RULESETS:
        if RULESETS[entry.name] is not entry:
            raise ValueError(f"rule set {entry.name!r} is already registered")
        return entry
    RULESETS[entry.name] = entry
    _BARRED.clear()
    _LAYOUTS.clear()
    return entry


def rulesets_on(options: Mapping[str, Any]) -> list[RuleSet]:
    """The rule sets a game's options turn on, in registration order."""
    return [r for name, r in RULESETS.items() if options.get(name)]


def options_on(s: GameState) -> frozenset[str]:
    """The names of the options a game turns on, worked out once per game (hot paths key
    their caches by it)."""
    found: frozenset[str] | None = s.options_on
    if found is None:
        found = s.options_on = frozenset(k for k, v in s.options.items() if v)
    return found


def player_counts(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The player counts a game with these options may have (rule sets that name none,
    such as mixed markets, leave them as they are)."""
    on = [r for r in rulesets_on(options) if r.players]
    if not on:
        return BASE_PLAYERS
    return tuple(n for n in on[0].players if all(n in r.players for r in on[1:]))


def all_player_counts() -> tuple[int, ...]:
    """Every player count some game may have (with or without a rule set): what a map may
    be drawn for."""
    return tuple(sorted({*BASE_PLAYERS, *(n for r in RULESETS.values() for n in r.players)}))


def options_for(players: int) -> dict[str, bool]:
    """The options a game of ``players`` needs: none where the base game plays that count,
    else the first rule set that plays it turned on (6 players: ``{"teams": True}``)."""
    if players in BASE_PLAYERS:
        return {}
    for r in RULESETS.values():
        if players in r.players:
            return {r.name: True}
    raise ValueError(f"Small World is played by {counts_text(all_player_counts())} players")


def game_sets(world_set: str, options: Mapping[str, Any]) -> GameSets:
    """The content sets of a game on a world whose own set is ``world_set``, with the rule
    sets its options turn on."""
    market, hidden = {world_set}, {world_set}
    for r in rulesets_on(options):
        if r.market_sets is not None:
            market.update(r.market_sets(world_set))
        if r.treasure_sets is not None:
            hidden.update(r.treasure_sets(world_set))
    return GameSets(frozenset(market), frozenset(hidden))


def ruled_turns(options: Mapping[str, Any], map_turns: int) -> int:
    """The turns a game lasts: the last rule set on that fixes them, else the map's."""
    turns = map_turns
    for r in rulesets_on(options):
        turns = r.turns or turns
    return turns


def ruled_result(s: GameState, result: dict[str, Any]) -> dict[str, Any]:
    """The game's result once every rule set on has had its say."""
    for r in rulesets_on(s.options):
        if r.result is not None:
            result = r.result(s, result)
    return result


def ruled_view(s: GameState, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` may see of the rule sets on, by name."""
    return {r.name: r.view(s, viewer) for r in rulesets_on(s.options) if r.view is not None}


def changes_nothing(name: str, world_set: str, base: Mapping[str, Any], s: GameState) -> bool:
    """Whether the option ``name`` adds nothing to ``s``'s game (set up with every option on,
    on a board of ``world_set``) beyond the options ``base``: no content set to its market or
    stack, and no Place or Relic hidden by a setup it lays out. Places and Relics on the
    Underground change nothing there (ruling 96)."""
    r = RULESETS[name]
    adds = game_sets(world_set, {**base, name: True}) != game_sets(world_set, base)
    hides = r.hiding is not None and layout(s.options) is r and r.hiding(s) > 0
    return not adds and not hides


def counts_text(counts: tuple[int, ...]) -> str:
    """``2 to 5`` or ``6``: player counts for a message."""
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return tr("{low} to {high}", low=counts[0], high=counts[-1])
    return ", ".join(str(n) for n in counts)


def layout(options: Mapping[str, Any]) -> RuleSet | None:
    """The rule set that lays the board out before the first turn: the first on with a
    ``setup`` (team play's Monsters replace those of Places and Relics on the surface)."""
    return next((r for r in rulesets_on(options) if r.setup is not None), None)


def setup_step(s: GameState) -> SetupStep | None:
    """The setup decision owed now, or None once the board is laid out."""
    if not s.options:
        return None
    key = options_on(s)
    if key in _LAYOUTS:
        r = _LAYOUTS[key]
    else:
        r = _LAYOUTS[key] = layout(s.options)
    return r.setup(s) if r is not None and r.setup is not None else None


def ruled_hiding(s: GameState) -> int:
    """How many Places and Relics the rule set laying the board out hides (0 without one)."""
    r = layout(s.options) if s.options else None
    return r.hiding(s) if r is not None and r.hiding is not None else 0


def treasures_in_decline(options: Mapping[str, Any]) -> bool:
    """Whether Relics and Places may work for a race In Decline (where each says so): not
    when a rule set on forbids it (``RuleSet.treasures_in_decline``)."""
    return all(r.treasures_in_decline for r in rulesets_on(options))


def barred_in_decline(s: GameState) -> bool:
    """Whether a rule set on forbids every Relic and Place to work for a race In Decline
    (``treasures_in_decline`` false), worked out once per set of options turned on."""
    key = options_on(s)
    found = _BARRED.get(key)
    if found is None:
        found = _BARRED[key] = not treasures_in_decline(s.options)
    return found


#: ``barred_in_decline`` by the options turned on (emptied when a rule set registers).
_BARRED: dict[frozenset[str], bool] = {}
#: ``layout`` by the options turned on, for ``setup_step`` (emptied when a rule set registers).
_LAYOUTS: dict[frozenset[str], RuleSet | None] = {}
