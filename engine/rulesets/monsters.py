"""Monsters placed before the first turn, for the rule sets that bring Places and Relics to
the surface (team play, ``engine.rulesets.teams.monsters``; Places and Relics on the
surface, ``engine.rulesets.surface_relics``).

The surface's boards print no Monster: these rule sets have players put Monsters on Lost
Tribe regions (the regions setup gave a ``lost_tribe`` marker), never on a region holding
one or next to one, one region per decision (``PlaceMonsters``), through the core's setup
phase (``engine.core.setupphase``). A world whose boards print Monster regions (its
``treasure_symbol``: the Underground) needs none: the steps below offer nothing there.
The surface's ``monster`` marker defends and occupies as the Underground's does, and
conquering a region holding one draws a Place or Relic into it (``taking.take_region``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from engine.core.actions import Action, register_action
from engine.core.board import event, mapdef
from engine.core.rulesets import SetupStep, layout
from engine.core.state import GameState
from engine.core.words import plural, where
from engine.core.worlds import WORLDS
from lang import tr

#: The marker key of a Monster and of the Lost Tribe setup puts on the surface.
MONSTER = "monster"
LOST_TRIBE = "lost_tribe"


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceMonsters(Action):
    """Setup: put Monsters on a Lost Tribe region (how many is the rule set's)."""

    verb: ClassVar[str] = "monsters"
    region: int

    def describe(self, s: GameState) -> str:
        return tr("Put Monsters on {region} · Lost Tribe", region=where(s, self.region))


#: How many Monsters a seat puts at each setup decision, by the option of the rule set that
#: lays the board out (each fills it with ``lays_monsters``).
EACH: dict[str, int] = {}


def lays_monsters(option: str, each: int) -> None:
    """Record that the rule set turned on by ``option`` has a seat put ``each`` Monsters."""
    EACH[option] = each


def monsters_each(s: GameState) -> int:
    """How many Monsters a seat puts at a setup decision of this game (0: none placed)."""
    laid = layout(s.options)
    return EACH.get(laid.name, 0) if laid is not None else 0


def prints_monsters(s: GameState) -> bool:
    """True when the board's world prints its Monster regions (its ``treasure_symbol``), so
    no player places any."""
    world = WORLDS.get(mapdef(s).world)
    return bool(world is not None and world.treasure_symbol)


def monster_regions(s: GameState) -> list[int]:
    """The regions holding Monsters, in id order."""
    return [rid for rid, r in enumerate(s.regions) if r.markers.get(MONSTER)]


def free_lairs(s: GameState) -> tuple[PlaceMonsters, ...]:
    """Where Monsters may go now: each Lost Tribe region that holds no Monster and borders
    no region holding one, in id order."""
    return lairs(s)[1]


def lairs(s: GameState) -> tuple[list[int], tuple[PlaceMonsters, ...]]:
    """``monster_regions`` and ``free_lairs`` from one pass over the board (a setup step
    asks both)."""
    taken: list[int] = []
    tribes: list[int] = []
    for rid, r in enumerate(s.regions):
        m = r.markers
        if m:  # most regions hold no marker at all
            if m.get(MONSTER):
                taken.append(rid)
            if m.get(LOST_TRIBE):
                tribes.append(rid)
    defs = mapdef(s).regions
    actions = _placings(len(defs))
    if not taken:
        return taken, tuple(actions[rid] for rid in tribes)
    near = set(taken)
    return taken, tuple(
        actions[rid] for rid in tribes if rid not in near and near.isdisjoint(defs[rid].adjacent)
    )


def _placings(size: int) -> list[PlaceMonsters]:
    """``PlaceMonsters(rid)`` for every region id of a board of ``size`` regions, made once
    per size (actions are values, never changed once made: the setup steps share them)."""
    found = _PLACINGS.get(size)
    if found is None:
        found = _PLACINGS[size] = [PlaceMonsters(rid) for rid in range(size)]
    return found


_PLACINGS: dict[int, list[PlaceMonsters]] = {}


def monster_step(
    s: GameState,
    seat: int,
    perform: Callable[[GameState, Action], None],
    choices: tuple[PlaceMonsters, ...] | None = None,
) -> SetupStep | None:
    """``seat``'s decision: where to put Monsters (None when no region is left). The
    deadline takes the lowest-numbered region on offer. ``choices``: ``free_lairs`` when
    the caller has them already."""
    if choices is None:
        choices = free_lairs(s)
    return SetupStep(seat, choices, perform) if choices else None


def put_monsters(s: GameState, seat: int, action: Action, count: int, keep_tribe: bool) -> None:
    """Put ``count`` Monsters where ``action`` (a ``PlaceMonsters``) says, for ``seat``; the
    Lost Tribe stays if ``keep_tribe``."""
    assert isinstance(action, PlaceMonsters)
    rid = action.region
    markers = s.regions[rid].markers
    if not keep_tribe:
        markers.pop(LOST_TRIBE, None)
    markers[MONSTER] = count
    event(s, "monsters", seat=seat, region=rid, monsters=count)


def monsters_text(count: int) -> str:
    """``1 Monster``, ``2 Monsters``."""
    return plural(count, "Monster")
