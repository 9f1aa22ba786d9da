"""The Stonehedge [SWU p.15]: a Popular Place that lends its occupant a Special Power.

The power is the badge's own class (``abilities.POWERS``), lent to the occupant through the
Place's ``lends`` hook: the core puts it in force right after the Place (``abilities.in_force``)
and reads it wherever the occupant's badge is read (``abilities.lent``): its hooks, its flags
(``overrides.flag``), its cost changes (``overrides.cost_abilities``) and its defence
(``abilities.defence_traits``). It goes with the region: when a race comes to occupy the
Stonehedge, the power's pick-time setup (``on_pick``: the Magic power's Bag) runs for it;
when a race stops occupying it, what the power gave is taken back through the power's own
``on_decline`` (the Vengeance markers, the Bag, Mushroom Armor in hand), as when a badge
stops working because its race goes into decline. ``follow_stonehedge`` does both after every
action, whatever emptied or took the region.
"""

from __future__ import annotations

from engine.core.abilities import (
    POWERS,
    Ability,
    after_action,
    treasure_ability,
    treasure_spot,
    works,
)
from engine.core.board import event
from engine.core.names import power as power_name
from engine.core.rng import mix, shuffled
from engine.core.state import GameState, RaceState
from engine.worlds.underground.places import SelfActingPlace
from lang import tr


@treasure_ability
class Stonehedge(SelfActingPlace):
    """[SWU p.15] "The Player who discovers the Stonehedge immediately draws a Special Power at
    random from the stack of Special Powers. This becomes the power associated with the
    Stonehedge for the rest of the game. Ignore any Race tokens value indicated on that
    Special Power's badge". FR: the occupant has it "en plus de son Pouvoir normal". "Like all
    other Popular Places, using the Special Power associated with the Stonehedge is optional".

    The draw leaves out the badge on top of the stack, which players can see (§6.2 #23); when
    nothing else is left the discarded badges are shuffled under it first, and when even
    those are gone the top badge is drawn. The power comes into force for the occupant through
    ``abilities.in_force`` (a decline-only power only once the occupant is In Decline). Its
    choices are offered as the power offers them; what it does by itself the owner may forgo
    for the rest of his turn (``forgo``). The draw happens whoever discovers the Stonehedge,
    In Decline or not: it belongs to the Place, not to its use.
    """

    name = "stonehedge"
    # Nothing to lend until the power is drawn: the core's hot paths read this field first.
    lends_after = "stonehedge"
    # In force for an occupant In Decline too, so that a decline power drawn here (Wise,
    # Reborn) can work (``abilities.in_force`` adds the drawn power after the Place itself).
    in_decline = True

    def on_discover(self, s: GameState, race: RaceState, rid: int) -> None:
        power = draw_power(s)
        s.stonehedge = power
        event(s, "stonehedge", seat=race.owner, region=rid, power=power)

    def lends(self, s: GameState, race: RaceState) -> Ability | None:
        # The hot paths ask this of every race: no power drawn yet is the first answer.
        if not s.stonehedge:
            return None
        power = POWERS.get(s.stonehedge)
        return power if power is not None and works(power, race.in_decline) else None

    def gives(self, s: GameState, race: RaceState) -> bool:
        power = POWERS.get(s.stonehedge or "")
        return power is not None and works(power, race.in_decline)

    def forgone(self, s: GameState, race: RaceState) -> str:
        return tr("no {power} until your next turn", power=power_name(s.stonehedge or ""))


def draw_power(s: GameState) -> str | None:
    """Take a power badge at random from the stack, the visible top badge left out."""
    if len(s.power_stack) < 2 and s.power_discard:
        s.rng_counter += 1
        s.power_stack = s.power_stack + shuffled(s.power_discard, s.seed, s.rng_counter)
        s.power_discard = []
    first = 1 if len(s.power_stack) >= 2 else 0
    pool = s.power_stack[first:]
    if not pool:
        return None
    s.rng_counter += 1
    pick = first + mix(s.seed, s.rng_counter) % len(pool)
    power = s.power_stack.pop(pick)
    return power


@after_action("stonehedge")
def follow_stonehedge(s: GameState) -> None:
    """Give the Stonehedge's power to the race now occupying it, taking it back from the race
    that had it: the old holder's power ends as a badge ends in decline (``on_decline``, if
    the power was working for it), the new holder's begins as a picked badge's does
    (``on_pick``, if the power works for it). Called after every action
    (``abilities.after_action``); a no-op until the Stonehedge has drawn a power, and while its
    occupant stays the same."""
    power = POWERS.get(s.stonehedge or "")
    if power is None:
        return
    rid = treasure_spot(s, "stonehedge")  # a revealed Place: where the index says
    now = s.regions[rid].race if rid is not None else None
    before = s.stonehedge_holder
    if now == before:
        return
    old = s.races.get(before) if before is not None else None
    if old is not None and works(power, old.in_decline):
        power.on_decline(s, old)
    s.stonehedge_holder = now
    new = s.races.get(now) if now is not None else None
    if new is not None and works(power, new.in_decline):
        power.on_pick(s, new)
