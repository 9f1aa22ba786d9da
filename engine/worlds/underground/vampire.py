"""The Vampire, a special power of Small World Underground [SWU "Vampire"], and its action:
a conquest by substitution, once a turn per opponent, of a lone active enemy token.

It is apart from the other powers (``powers``) because it is a conquest of its own, with the
checks of one (a token in hand, adjacency, the regions the race may attack) and the
protections that still hold against it (a Gnome, an Encampment).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, power_ability
from engine.core.actions import Action, register_action
from engine.core.board import held_regions, regions_of, tray
from engine.core.conquest import neighbourhood, target_problem, targets
from engine.core.defences import lone_active_token, power_proof
from engine.core.names import race as race_name
from engine.core.state import CONQUER, GameState, RaceState
from engine.core.taking import take_region
from engine.core.words import where
from lang import ntr, tr


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Vampirize(Action):
    """Vampire: conquer a region by replacing its lone active enemy token with a Vampire."""

    verb: ClassVar[str] = "vampire"
    region: int

    def describe(self, s: GameState) -> str | None:
        r = s.regions[self.region]
        who = s.players[r.owner].name if r.owner >= 0 else tr("nobody")
        return tr(
            "Vampirize {region} · {who}'s {race}",
            region=where(s, self.region),
            who=who,
            race=race_name(r.race or ""),
        )


@power_ability
class Vampire(Ability):
    """[SWU "Vampire"] "Once per turn per opponent, your Vampire tokens can conquer a Region by
    substituting one of your opponent's Active tokens with one of your own Vampire tokens,
    taken from the storage tray (or your hand, if none are left in the tray). The token your
    Vampire replaces must be the only race token in its Region. A single opponent token in a
    Black Mountain Region, in a Region with the Keep on the Motherland, and a single opponent
    token protected by Mushroom Armor all still count as Regions with a single token ... A
    Region containing a single Gnome token is protected however. Place the substituted
    opponent's Race token back into the storage tray. If an Immortal token is vampirized, its
    token is lost and placed back into the tray."

    A substitution is a conquest: it needs a token in hand ("Important Note" [SWU p.5]) and
    obeys adjacency (checklist U-P18): a region next to the Vampires' own, counting adjacency
    a power gives (not a long reach such as the Flying Doormat's), or where the race may
    enter on a first conquest; immune regions and the Diplomat's peace stand. Markers do not
    protect the lone token; a Gnome (``power_proof``) and an Encampment (as against
    Sorcerers, ruling 15) do. Uses are kept in ``turn.used`` as ``vampire:<seat>``.
    """

    name = "Vampire"
    handles = (Vampirize,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if self._closed(s, race) is not None:
            return []
        # Only a region of another player's active race may hold a token to substitute
        # (``lone_active_token``): those with one token, in id order, then the checks.
        regions = s.regions
        lone = [
            rid
            for seat, p in enumerate(s.players)
            if seat != race.owner and p.active
            for rid in held_regions(s, p.active)
            if regions[rid].tokens == 1
        ]
        if not lone:
            return []
        lone.sort()
        # ``_problem``'s last two checks, worked out once for all the candidates: the
        # regions the race may attack (``target_problem``), and its borders.
        open_ = set(targets(s, race))
        own = regions_of(s, race.name)
        near = neighbourhood(s, race, own) if own else None
        # The set tests first: most lone tokens are out of reach.
        return [
            Vampirize(rid)
            for rid in lone
            if rid in open_
            and (near is None or rid in near)
            and lone_active_token(s, race, rid)
            and self._token_problem(s, race, rid) is None
        ]

    def _closed(self, s: GameState, race: RaceState) -> str | None:
        t = s.turn
        if t.phase != CONQUER or t.race != race.name or race.in_decline:
            return tr("Vampires substitute tokens during their conquests.")
        if race.hand < 1:
            return tr("You need at least one Vampire token in hand to conquer.")
        return None

    def _problem(self, s: GameState, race: RaceState, rid: int) -> str | None:
        why = self._token_problem(s, race, rid)
        if why:
            return why
        why = target_problem(s, race, rid)
        if why:
            return why
        # A first conquest enters where the race may enter (``target_problem`` checked it);
        # later ones need a border, or adjacency a power gives, never a power's long reach.
        own = regions_of(s, race.name)
        if own and rid not in neighbourhood(s, race, own):
            return tr("Region {region} is not next to your Vampires.", region=rid)
        return None

    def _token_problem(self, s: GameState, race: RaceState, rid: int) -> str | None:
        """Why the token in ``rid`` may not be substituted, where the race may reach aside."""
        r = s.regions[rid]
        if r.owner in (-1, race.owner) or r.race is None:
            return tr("Region {region} holds no opponent token.", region=rid)
        who = s.players[r.owner]
        if who.active != r.race:
            return tr(
                "Only active tokens may be vampirized; {who}'s {race} are In Decline.",
                who=who.name,
                race=race_name(r.race),
            )
        if r.tokens != 1:
            return ntr(
                "Region {region} holds {n} token: the Vampires replace a lone token.",
                "Region {region} holds {n} tokens: the Vampires replace a lone token.",
                r.tokens,
                region=rid,
            )
        if f"vampire:{r.owner}" in s.turn.used:
            return tr("You already vampirized a token of {who} this turn.", who=who.name)
        if power_proof(s, rid, race):
            return tr(
                "A single {race} token is protected from the Vampires.", race=race_name(r.race)
            )
        if r.markers.get("camp"):
            return tr("An Encampment protects the lone token on region {region}.", region=rid)
        return None

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, Vampirize)
        s.turn.used.append(f"vampire:{s.regions[action.region].owner}")
        if tray(s, race.name) > 0:
            # The new Vampire comes from the tray; ``take_region`` places it from the hand.
            race.hand += 1
        # The victim's token is lost whatever its powers: "If an Immortal token is
        # vampirized, its token is lost".
        take_region(s, race, action.region, 1, how="vampire", losses=1)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, Vampirize)
        if not 0 <= action.region < len(s.regions):
            return tr("There is no region {region}.", region=action.region)
        return self._closed(s, race) or self._problem(s, race, action.region)
