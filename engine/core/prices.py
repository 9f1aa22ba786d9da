"""What a conquest on offer costs, term by term, as ``rules.apply`` charges it: the data a
panel, an autocomplete or the terminal words (``engine.text.sums``), and a tutorial shows.

A conquest (``Conquer``) costs ``conquest_cost``, less the Berserk die already rolled, never
under 1 token [Berserk, SW p.9: "As usual, a minimum of 1 token is still required"]. A final
conquest (``Reinforce``) names a region up to 3 tokens short and rolls the reinforcement die
[SW p.5]: "If the sum of the die rolled, combined with the Race token(s) left in his
possession, is high enough to conquer the Region, the player deploys his remaining Race
token(s) there", so the die must show the tokens missing (``Breakdown.short``) or more.
A world's own action that conquers (a Relic's conquest, the Will-o'-Wisps' roll) is priced
by the function the world registers for it (``register_pricer``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .actions import Action, Conquer, Reinforce
from .content import components
from .costs import cost_terms
from .overrides import cost_abilities
from .state import GameState, RaceState
from .terms import DIE, Term, total
from .turn import acting_race


@dataclass(frozen=True)
class Breakdown:
    """The cost of one conquest on offer, term by term (``conquest_breakdown``)."""

    region: int
    #: The terms, in the order the rules add them; their amounts add up to ``total``.
    terms: tuple[Term, ...]
    #: The tokens the race holds in hand.
    hand: int
    #: The die makes up what the hand lacks: a final conquest (``Reinforce``), a Relic's
    #: conquest short of tokens, the Will-o'-Wisps' roll.
    final: bool = False

    @property
    def total(self) -> int:
        """The tokens the conquest costs."""
        return total(self.terms)

    @property
    def short(self) -> int:
        """The tokens missing from the hand: what the die must make up on a final conquest
        (it must show this or more)."""
        return max(0, self.total - self.hand)

    @property
    def odds(self) -> tuple[int, int]:
        """The faces of the die that show ``short`` or more, and the faces it has."""
        faces = components()["die_faces"]
        return sum(1 for f in faces if f >= self.short), len(faces)


#: Gives the acting race's ``Breakdown`` of an action of a world's own that conquers (a
#: Relic's conquest, the Will-o'-Wisps' roll), as the ability performing it charges it.
Pricer = Callable[[GameState, RaceState, Action], "Breakdown | None"]
#: The pricers of the worlds' conquering actions, by action class (``register_pricer``).
PRICERS: dict[type[Action], Pricer] = {}


def register_pricer(*kinds: type[Action]) -> Callable[[Pricer], Pricer]:
    """Register the decorated function as the pricer of the action classes ``kinds``."""

    def register(pricer: Pricer) -> Pricer:
        for kind in kinds:
            PRICERS[kind] = pricer
        return pricer

    return register


def conquest_breakdown(s: GameState, action: Action) -> Breakdown | None:
    """The cost of ``action`` for the race acting now, term by term, as ``apply`` charges
    it: a ``Conquer`` (``conquest.cost_breakdown``, less the Berserk die rolled) or a
    ``Reinforce``; a conquest by a world's own action (a Relic's, the Will-o'-Wisps') as its
    ``PRICERS`` entry prices it. None for any other action, or with no race acting."""
    race = acting_race(s)
    if race is None:
        return None
    if not isinstance(action, (Conquer, Reinforce)):
        pricer = PRICERS.get(type(action))
        return None if pricer is None else pricer(s, race, action)
    rid = action.region
    if not 0 <= rid < len(s.regions):
        return None
    final = isinstance(action, Reinforce)
    die = 0 if final else s.turn.berserk_die or 0
    more = (Term(DIE, -die),) if die else ()
    terms = cost_terms(s, race, rid, cost_abilities(race, s), more)
    return Breakdown(rid, tuple(terms), race.hand, final)
