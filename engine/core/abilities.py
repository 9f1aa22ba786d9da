"""The hook protocol for races, special powers, Relics and Places, and their registries.

Each race banner, power badge, Righteous Relic and Popular Place is one small subclass of
``Ability`` registered under its name (a Relic or Place under its marker key). The turn rules
call the hooks below at fixed moments; an ability overrides only the moments it changes.

A race in decline keeps only the abilities whose ``in_decline`` is true (Dwarves' mines,
Ghouls, Spirit): "the benefits ... no longer apply once the race is put In Decline" unless
stated otherwise [SW p.8]; ``active`` false marks those that work only in decline (Liches,
Reborn, Wise).

Relics and Places extend the protocol in one way only: they are in force for the race that
occupies their region (``in_force``), the ``race`` argument of every hook being that race.
A Place or Relic works for a race in decline only if its ``in_decline`` says so (the Keep,
the Mine of the Lost Dwarf, the Diamond Fields, the Altar of Souls [SWU pp.14-15]). A Place
or Relic may also lend its occupant one more ability (``lends``: the Stonehedge's drawn
power), which works the same way for that race; the core asks the lenders (``LENDERS``) and
names none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, ClassVar

from .rulesets import treasures_in_decline

if TYPE_CHECKING:
    from .actions import Action
    from .state import GameState, RaceState

_NO_REGIONS: frozenset[int] = frozenset()


class Ability:
    """Default behaviour: a race or power that changes nothing."""

    name: ClassVar[str] = ""
    #: Hooks keep working while the race is in decline.
    in_decline: ClassVar[bool] = False
    #: Hooks work while the race is active (false: only in decline, as Liches or Wise).
    active: ClassVar[bool] = True
    #: Kraken: River regions held by this race are not emptied and they score.
    stays_in_river: ClassVar[bool] = False
    #: Gnomes: other players' powers, Relics and Places do not work against its regions
    #: during their turns.
    power_proof: ClassVar[bool] = False
    #: Ghouls: the race conquers at the start of its owner's turns while in decline.
    conquers_in_decline: ClassVar[bool] = False
    #: Ghouls: every token stays on the map when the race goes into decline.
    decline_keeps_all: ClassVar[bool] = False
    #: Spirit: this race in decline does not count toward the one-race-in-decline limit.
    decline_limit_exempt: ClassVar[bool] = False
    #: Stout: may go into decline right after scoring a turn of conquests.
    declines_after_scoring: ClassVar[bool] = False
    #: Seafaring: may conquer and hold Seas and the Lake.
    enters_water: ClassVar[bool] = False
    #: The terrains or symbols the ability is linked to, one of which the game's world must
    #: show (``World.shows``), and the kinds of treasure ("place", "relic") one of which
    #: must be in play: else it makes no sense there and is taken out of the stacks before
    #: the start (``engine.core.fitting``) [SWU "Compatibility with Small World"].
    needs: ClassVar[tuple[str, ...]] = ()
    needs_treasures: ClassVar[tuple[str, ...]] = ()
    #: Tokens lost when an enemy takes one of this race's regions (Elves: none).
    losses: ClassVar[int] = 1
    #: The special action classes this ability performs.
    handles: ClassVar[tuple[type, ...]] = ()
    #: A Place or Relic that ``lends``: the ``GameState`` field that stays empty until it has
    #: anything to lend (the Stonehedge: ``stonehedge``, the power it drew). The hot paths
    #: read these fields before asking any lender (``_lending``).
    lends_after: ClassVar[str] = ""
    #: A lender that lends to races other than its occupant (Bony's Boneyard: the banner
    #: under Bony): ``lent`` asks its ``lends`` for every race, and ``lends`` alone decides
    #: who gets what, the occupant's state included.
    lends_to_others: ClassVar[bool] = False
    #: A lender: every ability ``lends`` may return, when known in advance (Bony's ward), so
    #: ``gamehooks.hooked`` knows which hooks a lent ability may override; None: any.
    lendable: ClassVar[tuple[Ability, ...] | None] = None

    # --- conquest ---------------------------------------------------------------------

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        """Tokens added to (or, negative, saved from) the cost of conquering ``rid``."""
        return 0

    def reaches_anywhere(self, s: GameState, race: RaceState, first: bool) -> bool:
        """The race may conquer regions without adjacency (``first``: its first conquest)."""
        return False

    def extra_neighbours(self, s: GameState, race: RaceState) -> frozenset[int]:
        """Regions the race may reach beyond plain adjacency (Underworld's Caverns)."""
        return _NO_REGIONS

    def neighbours_of(self, s: GameState, race: RaceState, rid: int) -> frozenset[int]:
        """Regions the race treats as adjacent to its region ``rid`` beyond shared borders
        (Spiderines: every region bordering a Chasm; Lizardmen: lands across the River)."""
        return _NO_REGIONS

    def extra_entries(self, s: GameState, race: RaceState) -> frozenset[int]:
        """Regions besides the board's edge where a first conquest may enter (Spiderines)."""
        return _NO_REGIONS

    def on_conquer(self, s: GameState, race: RaceState, rid: int) -> None:
        """Called after the race took ``rid`` (Troll Lair, Hole-in-the-Ground)."""

    def guard(self, s: GameState, race: RaceState, attacker: RaceState, rid: int) -> str | None:
        """Defender side: why ``attacker`` may not conquer ``rid`` held by ``race`` (Liches
        against a player with no coins), or None."""
        return None

    def on_lost(self, s: GameState, race: RaceState, attacker: RaceState, rid: int) -> None:
        """Defender side: ``attacker`` just took ``rid`` from ``race`` (Martyr)."""

    def on_seat_lost(self, s: GameState, race: RaceState, attacker: RaceState, rid: int) -> None:
        """Called on every race of a seat, active and In Decline, after an opponent's
        ``attacker`` took ``rid`` from any race of that seat (Vengeful: "any of your races")."""

    def on_discover(self, s: GameState, race: RaceState, rid: int) -> None:
        """A Place or Relic: ``race`` just revealed it in ``rid`` by taking a Monster region."""

    def lends(self, s: GameState, race: RaceState) -> Ability | None:
        """A Place or Relic: the ability it lends ``race``, which occupies its region (the
        power the Stonehedge drew), or None; its ``lends_after`` field says when to ask."""
        return None

    # --- moments of the turn ------------------------------------------------------------

    def on_pick(self, s: GameState, race: RaceState) -> None:
        """Called when the combo is picked (Bivouacking takes its Encampments)."""

    def on_turn_start(self, s: GameState, race: RaceState) -> None:
        """Called when the owner's turn starts (Diplomat's peace ends)."""

    def on_ready(self, s: GameState, race: RaceState) -> None:
        """Called when troops are readied for conquest (Amazons take their 4 back)."""

    def on_conquests_end(self, s: GameState, race: RaceState) -> None:
        """Called when conquests end, before redeployment (Skeletons' new tokens)."""

    def must(self, s: GameState, race: RaceState) -> list[Action]:
        """A choice the acting race must make before anything else, or [].

        While any ability in force returns actions here, they are the only legal actions
        and a deadline takes the first (the Flames' Volcano right after the pick, the
        Balrog's first move when the Pentacle is found). An optional choice lists a
        "do nothing" action too, first, so the deadline's default never uses a power.
        """
        return []

    def owed(self, s: GameState, race: RaceState) -> Action | None:
        """A choice the owner must still make before its redeployment may end, or None.

        The return value is the default a deadline applies (Amazons: the next token to
        withdraw). While a choice is owed, ending is refused; each default must bring the
        owner closer to owing nothing.
        """
        return None

    def owed_reason(self, s: GameState, race: RaceState) -> str:
        """The sentence telling the owner what ``owed`` asks of them (only asked when owed)."""
        return "You still have a choice to make before ending."

    def on_redeploy_end(self, s: GameState, race: RaceState) -> None:
        """Called when the owner's own redeployment ends, before the tokens still in hand are
        put back and before scoring (Amazons: those tokens count toward the 4)."""

    def place_defaults(self, s: GameState, race: RaceState) -> None:
        """Place pieces the owner left unplaced when a redeployment ends (Encampments, Heroes)."""

    def on_decline(self, s: GameState, race: RaceState) -> None:
        """Called when the race goes into decline (markers that vanish)."""

    # --- scoring ------------------------------------------------------------------------

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        """Bonus coins at the end of the owner's turn; ``regions`` are the race's regions."""
        return 0

    # --- special actions ----------------------------------------------------------------

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        """The special actions this ability offers now."""
        return []

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        """Carry out one of the actions offered by ``actions``."""
        raise NotImplementedError(type(action).__name__)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        """Why one of this ability's actions (``handles``) is refused now, for the player.

        None leaves the general sentence of the rules.
        """
        return None


RACES: dict[str, Ability] = {}
POWERS: dict[str, Ability] = {}
#: Relics and Places by marker key.
TREASURES: dict[str, Ability] = {}
#: The Relics and Places that lend their occupant an ability (they override ``lends``), by
#: marker key, in registration order.
LENDERS: dict[str, Ability] = {}
_NOTHING = Ability()
#: Called with the state after every action ``rules.apply`` plays, in registration order: a
#: world's piece that must follow the board whatever changed it (the Stonehedge's power goes
#: with its region). Each returns at once when its piece is not in play.
AFTER_ACTION: list[Callable[[GameState], None]] = []


def race_ability(cls: type[Ability]) -> type[Ability]:
    """Class decorator: register a race banner's behaviour under its name."""
    RACES[cls.name] = cls()
    return cls


def power_ability(cls: type[Ability]) -> type[Ability]:
    """Class decorator: register a special power's behaviour under its name."""
    POWERS[cls.name] = cls()
    return cls


def treasure_ability(cls: type[Ability]) -> type[Ability]:
    """Class decorator: register a Relic's or Place's behaviour under its marker key."""
    TREASURES[cls.name] = cls()
    if cls.lends is not Ability.lends:
        if not cls.lends_after:
            raise TypeError(f"{cls.__name__} lends but names no lends_after field")
        LENDERS[cls.name] = TREASURES[cls.name]
        global _lending, _LENDER_ITEMS
        _LENDER_ITEMS = tuple(LENDERS.items())
        fields = tuple(dict.fromkeys(a.lends_after for a in LENDERS.values()))
        # One lender (the usual case): one C-level attribute read on the hot paths.
        _lending = attrgetter(fields[0]) if len(fields) == 1 else _any_of(fields)
    return cls


def _no_lender(s: GameState) -> bool:
    """``_lending`` while no Relic or Place lends: nothing is ever lent."""
    return False


def _any_of(fields: tuple[str, ...]) -> Callable[[GameState], bool]:
    """``_lending`` for several lenders: any of their ``lends_after`` fields is set (one
    C-level read of them all on the hot paths)."""
    get = attrgetter(*fields)
    return lambda s: any(get(s))


#: Whether any lender may lend anything in this game now (``lends_after``): false lets the
#: hot paths skip ``lent`` at once. Rebuilt as lenders register.
_lending: Callable[[GameState], object] = _no_lender
#: ``LENDERS.items()`` as a tuple, for the loop of ``lent``.
_LENDER_ITEMS: tuple[tuple[str, Ability], ...] = ()


def after_action(hook: Callable[[GameState], None]) -> Callable[[GameState], None]:
    """Decorator: run ``hook(state)`` after every action (``AFTER_ACTION``)."""
    AFTER_ACTION.append(hook)
    return hook


def works(a: Ability, in_decline: bool) -> bool:
    """``a`` works for a race in this state (``in_decline``): active, or in decline."""
    return a.in_decline if in_decline else a.active


_CACHE: dict[tuple[str, str, bool], tuple[Ability, ...]] = {}


def abilities(race: RaceState) -> tuple[Ability, ...]:
    """The abilities in force for a race now: banner and badge, filtered in decline."""
    key = (race.name, race.power, race.in_decline)
    found = _CACHE.get(key)
    if found is None:
        pair = (RACES.get(race.name, _NOTHING), POWERS.get(race.power, _NOTHING))
        found = _CACHE[key] = tuple(a for a in pair if works(a, race.in_decline))
    return found


def in_force(s: GameState, race: RaceState) -> tuple[Ability, ...]:
    """Everything working for a race now: its banner and badge, then the Relics and Places
    in its regions (in region order), each followed by what it lends the race (``lends``);
    in a game without Relics or Places, ``abilities(race)`` at once."""
    own = _CACHE.get((race.name, race.power, race.in_decline)) or abilities(race)
    total = hidden_total(s)
    if not total:
        return own
    name, regions, spots = race.name, s.regions, s.spots
    held: list[int] = []
    # ``treasure_spots``'s check of its index and the race's regions among it in one loop.
    stale = len(spots) != total - len(s.treasures)
    if not stale:
        for k, rid in spots.items():
            r = regions[rid]
            if k not in r.markers:
                stale = True
                break
            if r.race == name:
                held.append(rid)
    if stale:
        held = [rid for rid in treasure_spots(s).values() if regions[rid].race == name]
    if not held:
        return own
    if race.in_decline and s.options and not treasures_in_decline(s.options):
        return own  # a rule set's: "never ... by Races that are In Decline, even Ghouls"
    if len(held) > 1:
        # Two markers may share a region: each region once, in id order.
        held = sorted(set(held))
    found: list[Ability] = []
    used = s.turn.used if s.turn.seat == race.owner else ()
    for rid in held:
        for key in regions[rid].markers:
            t = TREASURES.get(key)
            if t is not None and works(t, race.in_decline):
                if used and forgo_key(key) in used:
                    continue  # the owner does without it for the rest of this turn
                found.append(t)
                if key in LENDERS:
                    p = t.lends(s, race)
                    if p is not None:
                        found.append(p)
    return own + tuple(found) if found else own


def forgo_key(key: str) -> str:
    """What ``TurnState.used`` holds once the owner forgoes the Place ``key`` this turn."""
    return f"forgo:{key}"


def lent(s: GameState, race: RaceState) -> tuple[Ability, ...]:
    """What the Relics and Places lend ``race`` now (``lends``), in registration order: each
    only while the race occupies its region, it works in the race's state and the owner has
    not forgone it this turn. Callers skip this while ``_lending`` says nothing is lent."""
    found: tuple[Ability, ...] = ()
    # A rule set's "never by Races In Decline" bars their own pieces, not Bony's protection.
    barred = race.in_decline and s.options and not treasures_in_decline(s.options)
    name = race.name
    spots = treasure_spots(s)
    for key, t in _LENDER_ITEMS:
        # A lender whose ``lends_after`` field is empty has nothing to lend yet; then where
        # it lies: most races asked do not hold it.
        if not getattr(s, t.lends_after):
            continue
        rid = spots.get(key)
        if rid is None:
            continue
        if t.lends_to_others:
            p = t.lends(s, race)
            if p is not None:
                found += (p,)
            continue
        if barred or s.regions[rid].race != name:
            continue
        if s.turn.seat == race.owner and forgo_key(key) in s.turn.used:
            continue
        p = t.lends(s, race)
        if p is not None and works(t, race.in_decline):
            found += (p,)
    return found


def treasure_spots(s: GameState) -> dict[str, int]:
    """Where each revealed Place or Relic lies: marker key -> region id.

    Kept on the state (``GameState.spots``, not saved) and checked on each use against what
    must be true: every marker drawn from the stack is on the map once, where the index says.
    A Relic that moved, or a position staged by hand, fails the check and the index is
    rebuilt from the regions, so it is never stale.
    """
    spots = s.spots
    drawn = hidden_total(s) - len(s.treasures)
    regions = s.regions
    if len(spots) == drawn:
        # A plain loop: this check runs several times per action in Underground games.
        for k, rid in spots.items():
            if k not in regions[rid].markers:
                break
        else:
            return spots
    spots.clear()
    for rid, r in enumerate(regions):
        if r.markers:
            for key in r.markers:
                if key in TREASURES:
                    spots[key] = rid
    return spots


def hidden_total(s: GameState) -> int:
    """How many Places and Relics the game put face down at setup (none in a surface game
    without an option that hides some; ``hiding.stack_size``), worked out once per game."""
    found = s.hidden_total
    if found is None:
        from .hiding import stack_size

        found = s.hidden_total = stack_size(s)
    return found


def overriding(race: RaceState, hook: str) -> tuple[Ability, ...]:
    """The banner and badge in force that override ``hook`` (a method of ``Ability``), so
    hot paths call only those; cached per race, power, decline and hook."""
    key = (race.name, race.power, race.in_decline, hook)
    found = _OVERRIDING.get(key)
    if found is None:
        base = getattr(Ability, hook)
        found = _OVERRIDING[key] = tuple(
            a for a in abilities(race) if getattr(type(a), hook) is not base
        )
    return found


_OVERRIDING: dict[tuple[str, str, bool, str], tuple[Ability, ...]] = {}


def overriders(working: tuple[Ability, ...], hook: str) -> tuple[Ability, ...]:
    """The abilities of ``working`` (an ``in_force`` tuple) that override ``hook``, in order.

    The base hooks do nothing and return nothing, so calling only these gives the same result
    as calling every ability; cached per tuple and hook, as the same few tuples come back on
    every call of the hot paths (``legal_actions``, ``targets``).
    """
    key = (working, hook)
    found = _OVERRIDERS.get(key)
    if found is None:
        base = getattr(Ability, hook)
        found = _OVERRIDERS[key] = tuple(a for a in working if getattr(type(a), hook) is not base)
    return found


_OVERRIDERS: dict[tuple[tuple[Ability, ...], str], tuple[Ability, ...]] = {}


def cost_abilities(race: RaceState, s: GameState) -> tuple[Ability, ...]:
    """The abilities in force that change conquest costs (the hot path skips the others):
    the banner and badge, and what the Relics and Places lend the race (``lent``)."""
    own = overriding(race, "cost_delta")
    if not _lending(s):
        return own  # no lender has anything to lend yet
    for p in lent(s, race):
        if type(p).cost_delta is not Ability.cost_delta:
            own = (*own, p)
    return own


_FLAG_CACHE: dict[tuple[str, str, bool, str], bool] = {}


def _own_flag(race: RaceState, attr: str) -> bool:
    """True if the race's banner or badge sets a boolean class flag, decline taken into
    account (cached: it depends on the race alone)."""
    key = (race.name, race.power, race.in_decline, attr)
    found = _FLAG_CACHE.get(key)
    if found is None:
        found = _FLAG_CACHE[key] = any(getattr(a, attr) for a in abilities(race))
    return found


def flag(race: RaceState, attr: str, s: GameState) -> bool:
    """True if the race's banner or badge sets a boolean class flag, decline taken into
    account, or an ability a Relic or Place lends the race (``lent``) sets it."""
    if _own_flag(race, attr):
        return True
    if not _lending(s):
        return False  # no lender has anything to lend yet
    found = lent(s, race)
    return bool(found) and any(getattr(p, attr) for p in found)


_TRAITS: dict[tuple[str, str, bool], tuple[tuple[Ability, ...], bool]] = {}
#: The defence traits of a race with no guard and no Gnome-proofing.
PLAIN_DEFENCE: tuple[tuple[Ability, ...], bool] = ((), False)


def defence_traits(race: RaceState, s: GameState) -> tuple[tuple[Ability, ...], bool]:
    """What a race's banner and badge, and what the Relics and Places lend it (``lent``), do
    when it is attacked: its ``guards`` and whether it is ``power_proof`` (the banner and
    badge's part is one cached lookup on the hot path of ``targets``)."""
    key = (race.name, race.power, race.in_decline)
    found = _TRAITS.get(key)
    if found is None:
        found = (overriding(race, "guard"), _own_flag(race, "power_proof"))
        # The common case is one shared object, so callers may test it with ``is``.
        found = _TRAITS[key] = PLAIN_DEFENCE if found == PLAIN_DEFENCE else found
    if not _lending(s):
        return found  # no lender has anything to lend yet
    for p in lent(s, race):
        guarding = type(p).guard is not Ability.guard
        if guarding or p.power_proof:
            found = ((*found[0], p) if guarding else found[0], found[1] or p.power_proof)
    return found


def guards(race: RaceState, s: GameState) -> tuple[Ability, ...]:
    """The banner, badge and lent abilities in force that may refuse an attack on the race
    (``guard``)."""
    return defence_traits(race, s)[0]
