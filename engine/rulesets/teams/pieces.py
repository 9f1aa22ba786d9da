"""Team play's Righteous Relic and Popular Places [TEAMS "Righteous Relics and Popular
Places"]: what they share, the Golden Soapbar and Glandulf's Tavern. Bony's Boneyard is in
``boneyard``, Mirror's Vale in ``mirror`` (the Sigil of Sacrifice is another module's).

[TEAMS] "There is 1 new Righteous Relic and 4 new Popular Places in this expansion ... applying
the same rules first introduced in Small World Underground"; "Shuffle the 4 Places & 1 Relic
(along with others you may already own if playing with Small World Underground)": the team
rule set adds the content set ``teams`` to the hidden stack (``RuleSet.treasure_sets``), so an
Underground team game shuffles them with the 15 Underground ones.

[TEAMS] "Relics & Places can never be used by Races that are In Decline, even Ghouls": no
piece here sets ``in_decline``, and each works only for the active race of the player whose
turn it is (``own_turn``).

This package imports no world: these pieces use the core's public names only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, treasure_ability, treasure_spot
from engine.core.actions import Action, register_action
from engine.core.board import add_marker, drop_marker, event, held_regions, mapdef
from engine.core.content import treasures
from engine.core.names import race as race_name
from engine.core.state import REDEPLOY, GameState, RaceState
from engine.core.words import where
from lang import ntr, tr

from .seats import OPTION, PLAYERS, partner

#: [TEAMS "The Golden Soapbar"] "collect 1 bonus Victory coin".
SOAPBAR_COINS = 1
#: [TEAMS "Glandulf's Tavern"] "collect 2 bonus Victory coins".
TAVERN_COINS = 2


# --- shared helpers -------------------------------------------------------------------------


def own_turn(s: GameState, race: RaceState) -> bool:
    """``race`` is the active race playing its owner's turn now (never a race In Decline)."""
    t = s.turn
    return t.race == race.name and t.seat == race.owner and not race.in_decline


def spot(s: GameState, key: str) -> int | None:
    """The region holding the Place or Relic ``key``, if it is on the map (the core's index of
    revealed ones, checked on each use, instead of a scan of the board)."""
    return treasure_spot(s, key)


def name_of(key: str) -> str:
    """The rulebook name of a team piece (``soapbar`` → Golden Soapbar)."""
    return treasures()[key].name


def seat_label(s: GameState, seat: int) -> str:
    """A player's name for a label (``Ben``), or the seat number when out of range."""
    return s.players[seat].name if 0 <= seat < len(s.players) else tr("seat {seat}", seat=seat)


# --- T-R1 the Golden Soapbar -----------------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class MoveSoapbar(Action):
    """The Golden Soapbar: collect its coin, then move it to ``region`` (its own region when
    it has nowhere to go)."""

    verb: ClassVar[str] = "soapbar"
    #: Passing the Soapbar on takes nothing from the region's holder (ruling 84).
    harmless: ClassVar[bool] = True
    region: int

    def describe(self, s: GameState) -> str | None:
        if not 0 <= self.region < len(s.regions):
            return None
        at = spot(s, SOAPBAR)
        region = where(s, self.region)
        if at == self.region:
            return ntr(
                "Golden Soapbar: +{n} coin, it stays on {region} (nowhere to go)",
                "Golden Soapbar: +{n} coins, it stays on {region} (nowhere to go)",
                SOAPBAR_COINS,
                region=region,
            )
        r = s.regions[self.region]
        if r.race is not None:
            return ntr(
                "Golden Soapbar: +{n} coin, then move it to {region} ({who}'s {race})",
                "Golden Soapbar: +{n} coins, then move it to {region} ({who}'s {race})",
                SOAPBAR_COINS,
                region=region,
                who=seat_label(s, r.owner),
                race=race_name(r.race),
            )
        return ntr(
            "Golden Soapbar: +{n} coin, then move it to {region}",
            "Golden Soapbar: +{n} coins, then move it to {region}",
            SOAPBAR_COINS,
            region=region,
        )


SOAPBAR = "soapbar"


def soapbar_targets(s: GameState, race: RaceState) -> list[int]:
    """[TEAMS] "move the Soapbar to a region adjacent to, but not occupied by, your active
    race": both take "your active race" as their object, so any region bordering one of
    ``race``'s regions that ``race`` does not hold, never an Abysmal Chasm (ruling 77), in
    id order (ruling 76). None while the Soapbar is off the map."""
    if spot(s, SOAPBAR) is None:
        return []
    defs = mapdef(s).regions
    name = race.name
    near: set[int] = set()
    for rid in held_regions(s, name):
        near |= defs[rid].adjacent
    return sorted(n for n in near if not defs[n].impassable and s.regions[n].race != name)


def soapbar_default(s: GameState, race: RaceState) -> int | None:
    """Where a deadline moves the Soapbar among ``soapbar_targets``: to the ally's race if
    one is there (it scores there next turn), else to the owner's own race In Decline, else
    an empty region, else the lowest id; its own region when it has nowhere to go (ruling
    76)."""
    spots = soapbar_targets(s, race)
    if not spots:
        return spot(s, SOAPBAR)
    ally = partner_of(s, race.owner)

    def rank(rid: int) -> tuple[int, int]:
        r = s.regions[rid]
        if r.race is not None and r.owner == ally:
            return (0, rid)
        if r.race is not None and r.owner == race.owner:
            return (1, rid)
        if r.race is None and not r.markers:
            return (2, rid)
        return (3, rid)

    return min(spots, key=rank)


def partner_of(s: GameState, seat: int) -> int:
    """The seat of ``seat``'s ally in a team game (``seats.partner``), -1 otherwise."""
    return partner(seat) if s.options.get(OPTION) and len(s.players) == PLAYERS else -1


@treasure_ability
class GoldenSoapbar(Ability):
    """[TEAMS "The Golden Soapbar"] "At turn's end, collect 1 bonus Victory coin; you must then
    immediately move the Soapbar to a region adjacent to, but not occupied by, your active
    race. This region might be empty, occupied by your own In Decline troops, occupied by some
    of your ally's troops, or even by some of your enemies' troops, Monsters or Lost Tribes!"

    Any region next to one of the active race's regions and not held by it may take it
    (``soapbar_targets``, ruling 76). The turn's end is the holder's redeployment: the move
    is owed there (``owed``), so ending the turn is refused until it is made, and a deadline
    makes it (``soapbar_default``).
    Making it collects the coin and moves the Relic at once (a private coin, a public move).
    """

    name = SOAPBAR
    handles = (MoveSoapbar,)

    def _due(self, s: GameState, race: RaceState) -> bool:
        return (
            s.turn.phase == REDEPLOY
            and own_turn(s, race)
            and SOAPBAR not in s.turn.used
            and spot(s, SOAPBAR) is not None
        )

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._due(s, race):
            return []
        spots = soapbar_targets(s, race)
        if not spots:
            at = spot(s, SOAPBAR)
            return [] if at is None else [MoveSoapbar(at)]
        return [MoveSoapbar(rid) for rid in spots]

    def owed(self, s: GameState, race: RaceState) -> Action | None:
        if not self._due(s, race):
            return None
        target = soapbar_default(s, race)
        return None if target is None else MoveSoapbar(target)

    def owed_reason(self, s: GameState, race: RaceState) -> str:
        return tr(
            "Collect the Golden Soapbar's coin and move it to a region next to your active "
            "race first."
        )

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, MoveSoapbar)
        at = spot(s, SOAPBAR)
        s.turn.used.append(SOAPBAR)
        s.players[race.owner].coins += SOAPBAR_COINS
        event(s, "bonus", seat=race.owner, coins=SOAPBAR_COINS, piece=SOAPBAR, private=True)
        if at is not None and at != action.region:
            drop_marker(s, at, SOAPBAR)
            add_marker(s, action.region, SOAPBAR)
        event(
            s,
            "soapbar",
            seat=race.owner,
            race=race.name,
            source=at,
            region=action.region,
            stays=at == action.region,
        )

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, MoveSoapbar)
        if not own_turn(s, race) or s.turn.phase != REDEPLOY:
            return tr("The Golden Soapbar is moved at the end of your own turn, while redeploying.")
        if SOAPBAR in s.turn.used:
            return tr("You have already moved the Golden Soapbar this turn.")
        spots = soapbar_targets(s, race)
        if spots and action.region not in spots:
            return tr(
                "The Golden Soapbar must go to a region next to your active race that it does "
                "not hold: {regions}.",
                regions=", ".join(str(r) for r in spots),
            )
        if not spots and action.region != spot(s, SOAPBAR):
            return tr("The Golden Soapbar has nowhere to go: it stays where it is.")
        return None


# --- T-P1 Glandulf's Tavern --------------------------------------------------------------------


TAVERN = "tavern"


@register_action
@dataclass(slots=True, unsafe_hash=True)
class ShareTavern(Action):
    """Glandulf's Tavern: give ``coins`` (1 or 2) of its coins to the player at ``seat``."""

    verb: ClassVar[str] = "tavern"
    seat: int
    coins: int

    def describe(self, s: GameState) -> str | None:
        if not 0 <= self.seat < len(s.players):
            return None
        if self.seat == partner_of(s, s.turn.seat):
            return ntr(
                "Glandulf's Tavern: give {n} coin of its {all} to {who} (your ally)",
                "Glandulf's Tavern: give {n} coins of its {all} to {who} (your ally)",
                self.coins,
                all=TAVERN_COINS,
                who=seat_label(s, self.seat),
            )
        return ntr(
            "Glandulf's Tavern: give {n} coin of its {all} to {who}",
            "Glandulf's Tavern: give {n} coins of its {all} to {who}",
            self.coins,
            all=TAVERN_COINS,
            who=seat_label(s, self.seat),
        )


def tavern_given(s: GameState, race: RaceState) -> int:
    """The Tavern's coins ``race``'s owner gave away this turn (``TurnState.used``)."""
    if s.turn.seat != race.owner:
        return 0
    return sum(int(u.split(":")[1]) for u in s.turn.used if u.startswith("tavern>"))


@treasure_ability
class GlandulfsTavern(Ability):
    """[TEAMS "Glandulf's Tavern"] "At turn's end, collect 2 bonus Victory coins. You can
    share these bonus coins (and these coins only) with the player of your choice, including
    but not limited to your Ally."

    The 2 coins are scored with the turn (``score``). While redeploying, the holder may give
    1 or 2 of them to one other player (``tavern SEAT COINS``, once a turn, ruling 78); the
    coins change hands at once and the Tavern scores what is left. Doing nothing keeps them,
    which is what a deadline does. Coins stay secret: the giver and the receiver each get a
    private event, and nothing public tells of the gift.
    """

    name = TAVERN
    handles = (ShareTavern,)

    def _open(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        return (
            t.phase == REDEPLOY
            and own_turn(s, race)
            and not any(u.startswith("tavern>") for u in t.used)
        )

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._open(s, race):
            return []
        ally = partner_of(s, race.owner)
        seats = sorted(
            (x for x in range(len(s.players)) if x != race.owner), key=lambda x: (x != ally, x)
        )
        return [ShareTavern(x, n) for x in seats for n in range(1, TAVERN_COINS + 1)]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, ShareTavern)
        s.turn.used.append(f"tavern>{action.seat}:{action.coins}")
        s.players[action.seat].coins += action.coins
        event(s, "tavern_give", seat=race.owner, to=action.seat, coins=action.coins, private=True)
        event(
            s, "tavern_gift", seat=action.seat, giver=race.owner, coins=action.coins, private=True
        )

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, ShareTavern)
        if not own_turn(s, race) or s.turn.phase != REDEPLOY:
            return tr("Glandulf's Tavern's coins are shared at the end of your own turn.")
        if not self._open(s, race):
            return tr("You have already shared Glandulf's Tavern's coins this turn.")
        if not 0 <= action.seat < len(s.players) or action.seat == race.owner:
            return tr("Give the Tavern's coins to another player.")
        if not 1 <= action.coins <= TAVERN_COINS:
            return tr("The Tavern gives {all} coins: share 1 or 2 of them.", all=TAVERN_COINS)
        return None

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        if race.in_decline:
            return 0
        return max(0, TAVERN_COINS - tavern_given(s, race))
