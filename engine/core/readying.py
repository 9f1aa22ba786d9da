"""Readying troops at the start of a turn and settling those left in hand at its end.

``ready`` takes every token but one off each region; ``unready`` puts unused ones back where
they stood, and ``spread`` places the rest on the race's weakest regions.
"""

from __future__ import annotations

from .board import event, regions_of
from .gamehooks import hooked
from .state import GameState, RaceState


def ready(s: GameState, race: RaceState) -> None:
    """[SW p.6] Leave one token in each region and take the others in hand.

    Readying is automatic, so what was taken is remembered (``turn.readied``): tokens the
    player does not use go back where they stood (``unready``). When it put tokens in hand,
    a public ``ready`` event says how many came off the map (``tokens``) and how many the
    race now holds (``hand``: with the Amazons' 4 back from last turn, say).
    """
    before = race.hand
    taken = []
    took = 0
    regions = s.regions
    # The race's regions in id order, from the index rather than a scan of the board.
    for rid in regions_of(s, race.name):
        r = regions[rid]
        if r.tokens > 1:
            n = r.tokens - 1
            taken.append([rid, n])
            took += n
            r.tokens = 1
    race.hand += took
    s.turn.readied = taken
    for a in hooked(s, race, "on_ready"):
        a.on_ready(s, race)
    if race.hand > before:
        event(s, "ready", seat=race.owner, race=race.name, tokens=took, hand=race.hand)


def unready(s: GameState, race: RaceState, *, tell: bool = True) -> None:
    """Settle the tokens still in hand when the acting race's redeployment ends (or it declines).

    They go back first to the regions they were readied from, no more than each region gave
    and only to regions the race still holds; only the rest is spread (ruling 5). So a turn in
    which the player neither conquers nor redeploys leaves every token where it stood.

    Tokens put back are recorded as a public ``return`` event (seat, race, tokens, regions)
    unless ``tell`` is false; the rest as ``spread``.
    """
    back = 0
    regions = []
    for rid, n in s.turn.readied:
        if race.hand <= 0:
            break
        region = s.regions[rid]
        if region.race == race.name:
            k = min(n, race.hand)
            region.tokens += k
            race.hand -= k
            back += k
            regions.append(rid)
    s.turn.readied = []
    if back and tell:
        event(s, "return", seat=race.owner, race=race.name, tokens=back, regions=regions)
    spread(s, race)


def spread(s: GameState, race: RaceState) -> None:
    """Default redeployment: each token in hand goes to the race's weakest region.

    Records a public ``spread`` event (seat, race, tokens, regions that got some) when it
    placed anything, so a front end can say what the engine did for the player.
    """
    if race.hand <= 0:
        return
    own = regions_of(s, race.name)
    if not own:
        return
    count = race.hand
    placed: set[int] = set()
    while race.hand > 0:
        rid = min(own, key=lambda i: (s.regions[i].tokens, i))
        s.regions[rid].tokens += 1
        race.hand -= 1
        placed.add(rid)
    event(s, "spread", seat=race.owner, race=race.name, tokens=count, regions=sorted(placed))
