"""The Righteous Relics and Popular Places of Small World Underground [SWU pp.13-15]: what
they share. The six Relics are in ``relics``, the Magic power's Bag-o'-Many-Things (which
copies a Relic) in ``magic``, the Popular Places in ``places`` (the Stonehedge in
``stonehedge``) and the Wickedest Pentacle's Balrog in ``balrog``; the package's
``__init__`` imports them, which registers them.

General rules of the Relics [SWU p.14] "Righteous Relics":

- "Using a Relic's power is always optional": each use is an action the player takes, never a
  default of the engine;
- "Relics cannot be used by Races that are In Decline" (``in_decline`` stays false), and only
  on the owner's own turn;
- "At turn's end, a Righteous Relic remains in the Region in which it was last used": each use
  moves the marker to the region it was used in (the conquered region, or the region where
  the Ring or the Scepter is placed);
- "Any Relic's power referring to bonus Race tokens refers to tokens taken from the tray, or,
  if none are left in the tray, taken from those left in the player's hand" (the Shiny Orb).

Each Relic is used once per turn; ``TurnState.used`` remembers it under the Relic's key, and
the Bag's single use of the turn under ``bag`` (its choice of Relic under ``bag=<key>``).

The conquest Relics (Doormat, Socks, Sword) conquer outright when the player holds enough
tokens, and otherwise, 1 to 3 tokens short, as the final conquest of the turn with the
reinforcement die: that is how a "failed" Doormat conquest can happen. On a failed roll the
Relic stays where it was, the use is spent, and conquests end, as for any final conquest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import TREASURES, Ability, note_spot, treasure_spot
from engine.core.actions import Action
from engine.core.board import add_marker, drop_marker, event, held_regions, roll_die
from engine.core.conquest import MAX_SHORT, conquest_cost, target_problem, targets
from engine.core.content import treasures
from engine.core.costs import cost_terms
from engine.core.defences import power_proof
from engine.core.names import race as race_name
from engine.core.names import the_treasure
from engine.core.overrides import cost_abilities
from engine.core.prices import Breakdown
from engine.core.state import CONQUER, GameState, RaceState
from engine.core.taking import take_region
from engine.core.terms import ABILITY, ability_term
from engine.core.turns import end_conquests
from engine.core.words import where
from lang import ntr, tr

#: The Bag-o'-Many-Things' marker key; ``race.pieces["bag"]`` while it is in hand.
BAG = "bag"


# --- shared helpers -------------------------------------------------------------------------


def title(key: str) -> str:
    """The rulebook name of a Relic or Place (``sword`` → Sword of the Killer Rabbit)."""
    return treasures()[key].name


def the(key: str) -> str:
    """``the Sword of the Killer Rabbit``, ``Froggy's Ring``: the name in a sentence, in the
    language spoken."""
    return the_treasure(key)


def capital(text: str) -> str:
    """``text`` with its first letter a capital, to open a sentence."""
    return text[:1].upper() + text[1:]


def holder_region(s: GameState, race: RaceState, key: str) -> int | None:
    """The region of ``race`` holding the marker ``key``, if any."""
    regions = s.regions
    for rid in held_regions(s, race.name):  # the race's regions, in id order
        if regions[rid].markers.get(key):
            return rid
    return None


def marker_region(s: GameState, key: str) -> int | None:
    """The region holding the marker ``key`` anywhere on the map, if any."""
    if key in TREASURES:
        # A revealed Relic or Place lies where the index of them says (once on the map).
        return treasure_spot(s, key)
    for rid, r in enumerate(s.regions):
        if r.markers.get(key):
            return rid
    return None


def own_turn(s: GameState, race: RaceState) -> bool:
    """``race`` is the active race playing its owner's turn now."""
    t = s.turn
    return t.race == race.name and t.seat == race.owner and not race.in_decline


def acting(s: GameState) -> RaceState | None:
    """The race playing the turn (for labels)."""
    return s.races.get(s.turn.race) if s.turn.race else None


def spent_key(key: str, bag: bool) -> str:
    """What a use spends and moves: the Relic ``key``, or the Bag when it copies the Relic."""
    return BAG if bag else key


def move_piece(s: GameState, race: RaceState, piece: str, rid: int) -> None:
    """Put a Relic (or the Bag) in ``rid``, taking it from wherever it lay."""
    # A revealed Relic lies where the index of them says; the Bag is looked for.
    at = treasure_spot(s, piece) if piece in TREASURES else None
    if at is not None:
        drop_marker(s, at, piece)
    else:
        for r, region in enumerate(s.regions):
            if piece in region.markers:
                drop_marker(s, r, piece)
    if piece == BAG:
        # There is one Bag: wherever it was (a hand, the map), it is now here.
        for other in s.races.values():
            other.pieces.pop(BAG, None)
    add_marker(s, rid, piece)
    note_spot(s, piece, rid)
    event(s, "relic", seat=race.owner, race=race.name, piece=piece, region=rid)


def attempt(s: GameState, race: RaceState, rid: int, cost: int, how: str, loss: int | None) -> bool:
    """Conquer ``rid`` for ``cost`` tokens, or, short of them, as the final conquest with the
    die [SW p.5]: success places every token left in hand there; conquests end either way."""
    if cost <= race.hand:
        take_region(s, race, rid, cost, how, losses=loss)
        return True
    die = roll_die(s)
    won = race.hand + die >= cost
    event(s, "roll", seat=race.owner, region=rid, die=die, success=won, relic=how)
    if won:
        take_region(s, race, rid, race.hand, how, losses=loss)
    end_conquests(s)
    return won


def count(n: int, word: str) -> str:
    """``1 token``, ``3 tokens``: English only (words for people use ``lang.ntr``)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- the Relics -----------------------------------------------------------------------------


@dataclass(slots=True, unsafe_hash=True)
class RelicAction(Action):
    """A use of a Relic in ``region``; ``bag``: the Bag-o'-Many-Things copies the Relic."""

    region: int
    bag: bool = False


class Relic(Ability):
    """Behaviour shared by the six Relics: the holder's active race uses it on its own turn,
    once, in the phase the Relic names; the Bag-o'-Many-Things can use it too (``bag``)."""

    #: The phase in which the Relic is used (conquest, or the end of the turn).
    phase: ClassVar[str] = CONQUER
    #: The Relic's action class, whose verb is the Relic's key.
    action: ClassVar[type[RelicAction]]

    def offers(self, s: GameState, race: RaceState, bag: bool) -> list[Action]:
        """The uses open now, by the Relic itself or (``bag``) by the Bag."""
        return []

    def use(self, s: GameState, race: RaceState, rid: int, bag: bool) -> None:
        """Carry out one use in ``rid``."""
        raise NotImplementedError

    def why_not(self, s: GameState, race: RaceState, rid: int) -> str | None:
        """Why the Relic cannot be used on ``rid`` now (the phase and the turn's use aside)."""
        return None

    def label(self, s: GameState, rid: int, message: str, relic: str) -> str:
        """A readable label for a use on ``rid``: ``message`` (marked with ``N_``, its
        fields ``{region}`` and ``{relic}``), ``Conquer 7 · Mudpool with the Sword``."""
        if not 0 <= rid < len(s.regions):
            return tr(message, region=rid, relic=relic)
        return tr(message, region=where(s, rid), relic=relic)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not own_turn(s, race) or self.name in s.turn.used or s.turn.phase != self.phase:
            return []
        return self.offers(s, race, False)

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, RelicAction)
        s.turn.used.append(spent_key(self.name, action.bag))
        self.use(s, race, action.region, action.bag)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, RelicAction)
        name = the(self.name)
        bag = action.bag
        if not own_turn(s, race):
            return tr("{relic} works only for your active race, on your turn.", relic=capital(name))
        if s.turn.phase != self.phase:
            if self.phase == CONQUER:
                return tr("{relic} is used while conquering.", relic=capital(name))
            return tr("{relic} is used at the end of your turn.", relic=capital(name))
        if spent_key(self.name, bag) in s.turn.used:
            if bag:
                return tr("You have already used the Bag-o'-Many-Things this turn.")
            return tr("You have already used {relic} this turn.", relic=name)
        rid = action.region
        if not 0 <= rid < len(s.regions):
            return tr("There is no region {region}.", region=rid)
        return self.why_not(s, race, rid)


class ConquestRelic(Relic):
    """A Relic that conquers one region a turn (Doormat, Socks, Sword)."""

    #: Tokens the defender loses whatever its powers (None: the usual losses).
    loss: ClassVar[int | None] = None

    def candidates(self, s: GameState, race: RaceState) -> list[int]:
        """Regions the Relic may be used on, whatever the cost (the core leaves out those a
        shield protects, ``defences.spare_proof``)."""
        return targets(s, race)

    def saving(self, s: GameState, race: RaceState, rid: int) -> int:
        """Tokens the Relic takes off the conquest's cost (none: the Doormat only reaches)."""
        return 0

    def cost(self, s: GameState, race: RaceState, rid: int) -> int:
        """Tokens the conquest costs with the Relic: ``conquest_cost`` less its ``saving``,
        never under 1 [SW p.9: "a minimum of 1 token is still required"]."""
        cost = conquest_cost(s, race, rid)
        saving = self.saving(s, race, rid)
        return max(1, cost - saving) if saving else cost

    def breakdown(self, s: GameState, race: RaceState, action: RelicAction) -> Breakdown | None:
        """The use's ``cost`` term by term: the conquest's terms, then the ``saving``."""
        rid = action.region
        if not 0 <= rid < len(s.regions):
            return None
        saving = self.saving(s, race, rid)
        more = (ability_term(ABILITY, -saving, self),) if saving else ()
        terms = cost_terms(s, race, rid, cost_abilities(race, s), more)
        # Short of tokens, the Relic's conquest is the final one, with the die (``attempt``).
        return Breakdown(rid, tuple(terms), race.hand, final=True)

    def priced(self, s: GameState, race: RaceState) -> list[tuple[int, int]]:
        """The ``candidates``, each with its ``cost``."""
        return [(rid, self.cost(s, race, rid)) for rid in self.candidates(s, race)]

    def offers(self, s: GameState, race: RaceState, bag: bool) -> list[Action]:
        if s.turn.phase != CONQUER or race.hand < 1:
            return []
        out: list[Action] = []
        for rid, cost in self.priced(s, race):
            if cost - race.hand <= MAX_SHORT:
                out.append(self.action(rid, bag))
        return out

    def use(self, s: GameState, race: RaceState, rid: int, bag: bool) -> None:
        if attempt(s, race, rid, self.cost(s, race, rid), self.name, self.loss):
            move_piece(s, race, spent_key(self.name, bag), rid)

    def why_not(self, s: GameState, race: RaceState, rid: int) -> str | None:
        if race.hand < 1:
            return tr("You need at least one token in hand to conquer.")
        if power_proof(s, rid, race):
            return tr(
                "Region {region} is held by {race}: no Relic works against them during your turn.",
                region=rid,
                race=race_name(s.regions[rid].race or ""),
            )
        why = self.target_why(s, race, rid)
        if why:
            return why
        cost = self.cost(s, race, rid)
        if cost - race.hand > MAX_SHORT:
            return ntr(
                "With {relic}, region {region} needs {n} token and you hold {hand}: "
                "more than {most} short.",
                "With {relic}, region {region} needs {n} tokens and you hold {hand}: "
                "more than {most} short.",
                cost,
                relic=the(self.name),
                region=rid,
                hand=race.hand,
                most=MAX_SHORT,
            )
        return None

    def target_why(self, s: GameState, race: RaceState, rid: int) -> str | None:
        """Why ``rid`` may not be attacked at all."""
        return target_problem(s, race, rid)

    def label(self, s: GameState, rid: int, message: str, relic: str) -> str:
        race = acting(s)
        done = super().label(s, rid, message, relic)
        if race is None or not 0 <= rid < len(s.regions):
            return done
        cost = self.cost(s, race, rid)
        if cost <= race.hand:
            return ntr("{label} · {n} token", "{label} · {n} tokens", cost, label=done)
        return tr("{label} · {short} short · roll the die", label=done, short=cost - race.hand)
