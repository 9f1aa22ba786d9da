"""What a conquest on offer costs, term by term, as ``rules.apply`` charges it: the data a
panel, an autocomplete or the terminal words (``engine.text.sums``), and a tutorial shows.

A conquest (``Conquer``) costs ``conquest_cost``, less the Berserk die already rolled, never
under 1 token [Berserk, SW p.9: "As usual, a minimum of 1 token is still required"]. A final
conquest (``Reinforce``) names a region up to 3 tokens short and rolls the reinforcement die
[SW p.5]: "If the sum of the die rolled, combined with the Race token(s) left in his
possession, is high enough to conquer the Region, the player deploys his remaining Race
token(s) there", so the die must show the tokens missing (``Breakdown.short``) or more.
"""

from __future__ import annotations

from dataclasses import dataclass

from .abilities import cost_abilities
from .actions import Action, Conquer, Reinforce
from .content import components
from .costs import cost_terms
from .state import GameState
from .terms import Term, total
from .turn import acting_race


@dataclass(frozen=True)
class Breakdown:
    """The cost of one conquest on offer, term by term (``conquest_breakdown``)."""

    region: int
    #: The terms, in the order the rules add them; their amounts add up to ``total``.
    terms: tuple[Term, ...]
    #: The tokens the race holds in hand.
    hand: int
    #: A final conquest with the reinforcement die (``Reinforce``).
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


def conquest_breakdown(s: GameState, action: Action) -> Breakdown | None:
    """The cost of ``action``, a ``Conquer`` or ``Reinforce`` of the race acting now, term by
    term (``conquest.cost_breakdown``, and for a ``Conquer`` the Berserk die rolled taken
    off, as ``apply`` takes it off); None for any other action, or with no race acting."""
    if not isinstance(action, (Conquer, Reinforce)):
        return None
    race = acting_race(s)
    rid = action.region
    if race is None or not 0 <= rid < len(s.regions):
        return None
    final = isinstance(action, Reinforce)
    die = 0 if final else s.turn.berserk_die or 0
    terms = cost_terms(s, race, rid, cost_abilities(race, s), die)
    return Breakdown(rid, tuple(terms), race.hand, final)
