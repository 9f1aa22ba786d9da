"""The combo market and the banners that go back under the stack.

These live apart from the turn rules because a conquest (``taking.take_region``) may wipe a
race In Decline off the map, and that race's banner returns at once [SW p.6].
"""

from __future__ import annotations

from .abilities import POWERS, Ability
from .board import clear_region, event
from .rng import shuffled
from .state import Combo, GameState

MARKET_SIZE = 6
_NONE = Ability()


def refill_market(s: GameState) -> None:
    """Slide combos up and reveal new ones from the stacks, reshuffling used badges if needed."""
    while len(s.market) < MARKET_SIZE and s.race_stack:
        if not s.power_stack and s.power_discard:
            s.rng_counter += 1
            s.power_stack = shuffled(s.power_discard, s.seed, s.rng_counter)
            s.power_discard = []
        if not s.power_stack:
            return
        s.market.append(Combo(s.race_stack.pop(0), s.power_stack.pop(0)))


def remove_race(s: GameState, name: str) -> None:
    """Take a race in decline off the map; its banner returns under the stack [SW p.6].

    Its tokens in hand, if any, go back to the box with it.
    """
    race = s.races.pop(name)
    emptied = [rid for rid, r in enumerate(s.regions) if r.race == name]
    for rid in emptied:
        clear_region(s, rid)
    p = s.players[race.owner]
    if name in p.declined:
        p.declined.remove(name)
    # The badge went to the discard on decline unless it kept working there (Spirit, Muddy).
    if not race.in_decline or POWERS.get(race.power, _NONE).in_decline:
        s.power_discard.append(race.power)
    s.race_stack.append(name)
    event(s, "vanish", seat=race.owner, race=name, regions=emptied)
    refill_market(s)
