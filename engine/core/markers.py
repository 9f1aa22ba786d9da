"""Region markers as data: what each marker a world brings does on the board, and its name.

The core names no marker. Each world lists its markers on its ``World`` entry
(``worlds.World.markers``) and ``worlds.register_world`` registers them here, in the world's
order, worlds in registration order. The tables below are filled in place as markers
register, so a module that imported one sees every world's markers; the board rules read
them (``board.defence``, ``board.is_immune``, ``board.clear_region``,
``costs.price``) and the text reads ``MARKER_NAMES``, whose order is the order the
terminal lists a region's markers in.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Marker:
    """One kind of region marker (its key in ``RegionState.markers``) and its traits."""

    key: str
    #: The name the box and the rulebook give it, as ``data/components.json`` → ``markers``
    #: counts it; empty for a marker named elsewhere (a Place, in ``data/treasures.json``).
    name: str = ""
    #: Each one adds a token to the cost of conquering its region.
    defends: bool = False
    #: Its defence is a Place's power, which its occupant's own player never uses against
    #: his other race.
    owner_spared: bool = False
    #: Its region is immune to enemy conquests and powers.
    immunity: bool = False
    #: Its region is immune to every player, its own occupant included.
    seals: bool = False
    #: It belongs to the race holding the region and leaves with it when the region is
    #: conquered or abandoned (``board.clear_region``).
    race_marker: bool = False
    #: It occupies its region as a race would: a region holding one is not "empty" for the
    #: rules (``board.is_empty``).
    occupies: bool = False
    #: It keeps a lone token in its region from being replaced by a substitution
    #: (``defences.lone_active_token``), which other markers do not prevent.
    shields: bool = False


#: Every registered marker by key, in registration order.
MARKERS: dict[str, Marker] = {}
#: Markers that add one to the cost of conquering their region, each.
DEFENCE_MARKERS: set[str] = set()
#: Defence markers that a region's occupant's own player never faces.
OWNER_SPARED: set[str] = set()
#: Markers that make a region immune to enemy conquests and powers, in registration order.
IMMUNITY_MARKERS: list[str] = []
#: Markers that make a region immune to every player, in registration order.
SEALING_MARKERS: list[str] = []
#: Every marker that makes a region immune (to enemies, or to everyone).
IMMUNE: set[str] = set()
#: Markers that seal their region (``SEALING_MARKERS`` as a set, for the hot paths).
SEALED: set[str] = set()
#: Markers that leave with the race holding their region.
RACE_MARKERS: list[str] = []
#: Markers that occupy their region as a race would.
OCCUPYING: list[str] = []
#: Markers that keep a lone token from being replaced by a substitution.
SHIELDING: list[str] = []
#: Readable names of region markers, as the box and the rulebook call them, in registration
#: order.
MARKER_NAMES: dict[str, str] = {}


def register_markers(markers: tuple[Marker, ...]) -> None:
    """Add a world's markers to the tables, in order. Two worlds may bring the same marker
    (the Monster: printed underground, placed at setup on the surface by some rule sets): the
    first registration stands, and a second one must be equal to it."""
    for m in markers:
        if m.key in MARKERS:
            if MARKERS[m.key] == m:
                continue
            raise ValueError(f"marker {m.key!r} is already registered")
        MARKERS[m.key] = m
        if m.name:
            MARKER_NAMES[m.key] = m.name
        if m.defends:
            DEFENCE_MARKERS.add(m.key)
        if m.owner_spared:
            OWNER_SPARED.add(m.key)
        if m.immunity:
            IMMUNITY_MARKERS.append(m.key)
            IMMUNE.add(m.key)
        if m.seals:
            SEALING_MARKERS.append(m.key)
            SEALED.add(m.key)
            IMMUNE.add(m.key)
        if m.race_marker:
            RACE_MARKERS.append(m.key)
        if m.occupies:
            OCCUPYING.append(m.key)
        if m.shields:
            SHIELDING.append(m.key)
