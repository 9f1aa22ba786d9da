"""What protects a region from an attacker, beyond its markers: the defending races' traits
(guards, power-proof), worked out once for a whole list of regions (``Defences``); the
Gnomes' shield against powers, Places and Relics (``power_proof``), which the core holds up
against every ability's action aimed at a region (``spare_proof``, ``proof_problem``); and
the lone tokens a substitution may replace (``lone_active_token``)."""

from __future__ import annotations

from lang import tr

from .abilities import Ability, lent
from .actions import AIMING, Action, aimed_at, aims
from .gamehooks import may_be_proof
from .markers import SHIELDING
from .names import race as race_name
from .overrides import flag, lends_defence, overriding, own_flag
from .state import GameState, RaceState

_TRAITS: dict[tuple[str, str, bool], tuple[tuple[Ability, ...], bool]] = {}
#: The defence traits of a race with no guard and no Gnome-proofing.
PLAIN_DEFENCE: tuple[tuple[Ability, ...], bool] = ((), False)


def defence_traits(
    race: RaceState, s: GameState, lending: bool | None = None
) -> tuple[tuple[Ability, ...], bool]:
    """What a race's banner and badge, and what the Relics and Places lend it (``lent``), do
    when it is attacked: its ``guards`` and whether it is ``power_proof`` (the banner and
    badge's part is one cached lookup on the hot path of ``targets``). ``lending``: what
    ``lends_defence`` says now, when the caller asked it once for many races."""
    key = (race.name, race.power, race.in_decline)
    found = _TRAITS.get(key)
    if found is None:
        found = (overriding(race, "guard"), own_flag(race, "power_proof"))
        # The common case is one shared object. Callers compare with ``==``, not ``is``: the
        # compiled engine copies such a tuple (``engine.compiled``), and equality of the
        # same object is one identity check per item in pure Python.
        found = _TRAITS[key] = PLAIN_DEFENCE if found == PLAIN_DEFENCE else found
    if not (lends_defence(s) if lending is None else lending):
        return found  # nothing lent now may guard the race or make it power-proof
    for p in lent(s, race):
        guarding = type(p).guard is not Ability.guard
        if guarding or p.power_proof:
            found = ((*found[0], p) if guarding else found[0], found[1] or p.power_proof)
    return found


def guards(race: RaceState, s: GameState) -> tuple[Ability, ...]:
    """The banner, badge and lent abilities in force that may refuse an attack on the race
    (``guard``)."""
    return defence_traits(race, s)[0]


#: What ``defence_traits`` says of a race: its guards, and whether it is power-proof.
Traits = tuple[tuple[Ability, ...], bool]


class Defences:
    """What ``targets`` works out once for all the regions it asks ``region_problem`` about:
    the defending races' ``defence_traits`` (filled as they are needed) and the attacker's
    ``plain_reach`` (worked out the first time a power-proof region asks for it)."""

    __slots__ = ("lending", "plain", "traits")

    def __init__(self, s: GameState) -> None:
        self.traits: dict[str, Traits] = {}
        self.plain: set[int] | None = None
        #: ``lends_defence``, asked once for all the races.
        self.lending = lends_defence(s)

    def fill(self, s: GameState, holder: str) -> Traits:
        """The ``defence_traits`` of the race ``holder``, worked out and kept in ``traits``."""
        found = self.traits[holder] = defence_traits(s.races[holder], s, self.lending)
        return found


def power_proof(s: GameState, rid: int, attacker: RaceState) -> bool:
    """Gnomes: during other players' turns, no power, Place or Relic works against this
    region [SWU p.10]; only the plain rules do."""
    name = s.regions[rid].race
    if name is None or name == attacker.name:
        return False
    defender = s.races[name]
    return defender.owner != s.turn.seat and flag(defender, "power_proof", s)


def spare_proof(s: GameState, race: RaceState, offered: list[Action]) -> list[Action]:
    """``offered``, the actions of the abilities in force for ``race`` (or the choice one
    forces), without those aimed at a power-proof region (``aimed_at``, ``power_proof``).

    [SWU p.10, Gnomes] "other players cannot use their racial & special powers or any effect
    of the Places or Relics they control, to conquer Regions occupied by your Gnomes";
    [TEAMS "Bony's Boneyard"] Bony's banner is "immune to any opponents' racial & special
    powers, as well as to any Relic or Popular place under their control" (rulings 42, 84).
    ``turn.ability_actions`` and ``turn.must`` pass every ability's actions through here,
    so a power, Relic or Place offers none against such a region, and as ``apply`` accepts
    only what is offered, none is accepted either: no ability has to ask it itself."""
    if not may_be_proof(s):
        return offered  # no race of the game may be power-proof now (a surface game)
    # Most lists aim at nothing, or at empty or own regions: those cost a lookup each (the
    # kind's ``aims``, then the region's holder), and the shield is asked once per race
    # defending an aimed-at region.
    regions = s.regions
    name = race.name
    shut: dict[str, bool] = {}
    out: list[Action] | None = None
    for i, a in enumerate(offered):
        aimed = AIMING.get(type(a))
        if aimed is None:
            aimed = aims(type(a))
        if aimed:
            rid: int = a.region  # type: ignore[attr-defined]
            holder = regions[rid].race if 0 <= rid < len(regions) else None
            if holder is not None and holder != name:
                proof = shut.get(holder)
                if proof is None:
                    proof = shut[holder] = power_proof(s, rid, race)
                if proof:
                    if out is None:
                        out = offered[:i]
                    continue
        if out is not None:
            out.append(a)
    return offered if out is None else out


def proof_problem(s: GameState, race: RaceState, action: Action) -> str | None:
    """Why ``action``, an ability's action for ``race``, is refused against a power-proof
    region (``spare_proof`` left it out), or None when it aims at none."""
    rid = aimed_at(action)
    if rid is None or not 0 <= rid < len(s.regions) or not power_proof(s, rid, race):
        return None
    return tr(
        "Region {region} is held by {race}: on your turn no power, Relic or Place works "
        "against them.",
        region=rid,
        race=race_name(s.regions[rid].race or ""),
    )


def lone_active_token(s: GameState, race: RaceState, rid: int) -> bool:
    """``rid`` holds a single token of an opponent's active race that a substitution may
    replace (Sorcerers [SW p.9], Vampire [SWU p.13], the Shiny Orb, "defined the same way as
    for the Vampire"): markers do not protect it, except those that shield it
    (``markers.SHIELDING``: an Encampment, ruling 15), and so do Gnomes during other players'
    turns (``power_proof``)."""
    r = s.regions[rid]
    m = r.markers
    return (
        r.tokens == 1
        and r.race is not None
        and r.owner not in (-1, race.owner)
        and s.players[r.owner].active == r.race
        and not (m and any(m.get(k) for k in SHIELDING))
        and not power_proof(s, rid, race)
    )
