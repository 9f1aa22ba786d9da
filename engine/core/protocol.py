"""The hook protocol for races, special powers, Relics and Places: the class ``Ability``,
whose subclasses ``engine.core.abilities`` registers and looks up.

Each race banner, power badge, Righteous Relic and Popular Place is one small subclass of
``Ability`` registered under its name (a Relic or Place under its marker key). The turn rules
call the hooks below at fixed moments; an ability overrides only the moments it changes.

A race in decline keeps only the abilities whose ``in_decline`` is true (Dwarves' mines,
Ghouls, Spirit): "the benefits ... no longer apply once the race is put In Decline" unless
stated otherwise [SW p.8]; ``active`` false marks those that work only in decline (Liches,
Reborn, Wise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from lang import tr

if TYPE_CHECKING:
    from collections.abc import Callable

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
    #: read these fields before asking any lender (``abilities.may_lend``).
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

    def for_costs(self, s: GameState, race: RaceState) -> Ability:
        """What to ask ``cost_delta`` of for many regions of this state (the conquest lists
        price every target): the ability itself, or, for one whose delta looks around the
        board (the Flames' Volcano, the Cultists' Ancient), a ``CostView`` of what it worked
        out once."""
        return self

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
        return tr("You still have a choice to make before ending.")

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


class CostView(Ability):
    """``Ability.for_costs`` of an ability whose delta looks around the board: its
    ``cost_delta`` for one state, as a function of the region alone."""

    def __init__(self, delta: Callable[[int], int]) -> None:
        self.delta = delta

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        return self.delta(rid)
