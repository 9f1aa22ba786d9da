"""The AI's team decisions [TEAMS]: the choices the team rule set and its pieces give a
player, each settled by a rule of thumb for the team (``ai.team``), never by the engine's
deadline default.

Every function reads a determinized copy (``ai.hidden``): the ally's purse is the copy's
estimate from the board, never the real one [TEAMS "Their individual stash of victory coins
remains secret"]; everything else used here (the board, the banners, Bony, the Sigil's mode
and the standing orders) is public.

- **Monsters (setup)** [TEAMS "Setup"]: a Monster makes its Lost Tribe region cost one more and
  hides a Place or Relic for whoever takes it first. The first movers of round 1 come in at
  the board's edge: a seat whose ally moves first (A2: A1 opens the game) puts it on an edge
  lair, a prize for the ally's first turn; every other seat has an enemy moving before its
  team and puts it as far from the edge as it can (``depth``), out of that enemy's first
  reach, and on ties where fewer enemies... (lowest id).
- **Golden Soapbar** [TEAMS "The Golden Soapbar"]: its next holder collects its coin at their
  turn's end. Of the regions next to any of the seat's active race's (ruling 76): to the
  ally's active race (least exposed to enemies first), else an empty region (the seat's
  race retakes it for 2), else a banner In Decline (its own or its
  ally's before an enemy's: no one collects there), else a Lost Tribe or Monster, and to an
  enemy's active race only when nothing else borders.
- **Glandulf's Tavern** [TEAMS "Glandulf's Tavern"]: the coins go to whoever of the seat and
  its ally is the team's lower scorer as far as the seat knows (``combine`` of its own and
  its ally's estimated worth is highest), 0, 1 or 2 of them; never to an enemy. The board
  estimate of a purse (``ai.hidden``) runs low by about a coin a turn played (races In
  Decline, bonuses: measured over 30 easy games a board, 0.9-1.1 a round): the ally's
  estimate gets ``ESTIMATE_LAG`` a turn back, so the seat does not give away coins to an ally
  it wrongly believes behind.
- **Bony's Boneyard** [TEAMS "Bony's Boneyard"]: the team's In Decline banner most at risk
  (most neighbours held by enemies' active races, then most regions); with no team banner,
  the enemy banner with the fewest regions.
- **Mirror's Vale** [TEAMS "Mirror's Vale"]: swap when the team's evaluation (``value``)
  after the seat's turn and the ally's next one, played by the quick player on two copies,
  is better with the swap by more than ``SWAP_GAIN`` (``swap_better``).
- **Sigil of Sacrifice** [TEAMS "Sigil of Sacrifice"]: the mode asks the seat's own race In
  Decline to take its losses (its tokens are worth least, and the seat answers for it), else
  the ally's race In Decline, else none; never an enemy's race. Asked to sacrifice, the seat
  sacrifices for its own side only, from a region it keeps (two tokens or more) or from a
  race In Decline, the region with the most tokens; it refuses an enemy. The standing order
  is "only my ally" (ruling 88's default): the AI never changes it, and sets it back if it
  is anything else.
"""

from __future__ import annotations

from collections import deque

from engine import GameState, apply, legal_actions, to_act
from engine.core.actions import Action
from engine.core.board import mapdef, regions_of, tokens_on_board
from engine.core.copying import clone
from engine.rulesets.monsters import PlaceMonsters
from engine.rulesets.teams import partner
from engine.rulesets.teams.boneyard import PlaceBony
from engine.rulesets.teams.mirror import SwapPowers
from engine.rulesets.teams.pieces import MoveSoapbar, ShareTavern
from engine.rulesets.teams.sacrifices import SigilRefuse, SigilSacrifice, saving
from engine.rulesets.teams.sigil import ORDERS, SigilMode, SigilOrder, standing_order

from . import quick
from .evaluate import member_worth, value
from .hidden import turns_played
from .team import ally, combine

#: The decisions this module settles (``choice``).
SETTLED = (PlaceMonsters, MoveSoapbar, PlaceBony, SigilMode, SigilSacrifice, SigilRefuse)
#: Optional team actions a caller must not take by accident while weighing its other
#: actions: the Tavern's gift and the standing order are ``choice``'s, the Mirror's swap
#: ``swap_better``'s.
OPTIONAL = (ShareTavern, SigilOrder, SwapPowers)
#: The standing order the AI keeps [TEAMS]: "only my ally".
MY_ORDER = "ally"
#: Mirror's Vale: the swap must raise the team's evaluation by more than this (coins).
SWAP_GAIN = 0.5
#: Coins a turn the board estimate of a purse runs low (see the module doc, the Tavern).
ESTIMATE_LAG = 1.0
#: Longest look-ahead of the swap, in actions.
LOOK_ACTIONS = 400


def has_team_decision(actions: list[Action]) -> bool:
    """Whether ``actions`` hold a team decision or option."""
    return any(isinstance(a, SETTLED + OPTIONAL) for a in actions)


def plain(actions: list[Action]) -> list[Action]:
    """``actions`` without the optional team actions (see ``OPTIONAL``); all of them when
    nothing else is left."""
    rest = [a for a in actions if not isinstance(a, OPTIONAL)]
    return rest or actions


def choice(s: GameState, seat: int, actions: list[Action]) -> Action | None:
    """The team decision ``seat`` settles now among ``actions``, or None when there is none
    (or when the rule is to do nothing of the kind: keep the Tavern's coins, keep the order,
    and the caller then chooses among ``plain(actions)``). ``s`` is a private copy."""
    kinds = {type(a) for a in actions}
    if PlaceMonsters in kinds:
        return monster_choice(s, seat, [a for a in actions if isinstance(a, PlaceMonsters)])
    if SigilSacrifice in kinds or SigilRefuse in kinds:
        return sigil_answer(s, seat, actions)
    if SigilMode in kinds:
        return sigil_mode(s, seat, [a for a in actions if isinstance(a, SigilMode)])
    if PlaceBony in kinds:
        return bony_choice(s, seat, [a for a in actions if isinstance(a, PlaceBony)])
    if MoveSoapbar in kinds:
        return soapbar_choice(s, seat, [a for a in actions if isinstance(a, MoveSoapbar)])
    if SigilOrder in kinds:
        fix = order_choice(s, seat, actions)
        if fix is not None:
            return fix
    if ShareTavern in kinds:
        return tavern_choice(s, seat, [a for a in actions if isinstance(a, ShareTavern)])
    return None


# --- setup: the Monsters --------------------------------------------------------------------


def depth(s: GameState) -> list[int]:
    """Each region's distance in steps from the board's edge (edge and entry regions: 0),
    over passable regions; unreachable ones get the number of regions."""
    defs = mapdef(s).regions
    far = len(defs)
    dist = [far] * len(defs)
    queue: deque[int] = deque()
    for rid, d in enumerate(defs):
        if (d.edge or d.entry) and not d.impassable:
            dist[rid] = 0
            queue.append(rid)
    while queue:
        rid = queue.popleft()
        for n in defs[rid].adjacent:
            if dist[n] == far and not defs[n].impassable:
                dist[n] = dist[rid] + 1
                queue.append(n)
    return dist


def ally_opens(s: GameState, seat: int) -> bool:
    """Whether the first seat to move in round 1 (seat 0) is ``seat``'s ally."""
    return ally(s, seat) == 0


def monster_choice(s: GameState, seat: int, lairs: list[PlaceMonsters]) -> Action:
    """The lair for ``seat``'s Monster (see module doc): at the edge when its ally opens the
    game, else the deepest; lowest id on ties."""
    dist = depth(s)
    if ally_opens(s, seat):
        return min(lairs, key=lambda a: (dist[a.region], a.region))
    return min(lairs, key=lambda a: (-dist[a.region], a.region))


# --- the Golden Soapbar ---------------------------------------------------------------------


def enemy_threat(s: GameState, rid: int, seat: int) -> int:
    """How many neighbours of ``rid`` an enemy's active race holds (enemies of ``seat``'s
    team)."""
    friends = {seat, ally(s, seat)}
    n = 0
    for nb in mapdef(s).regions[rid].adjacent:
        r = s.regions[nb]
        if r.race is not None and r.owner not in friends and not s.races[r.race].in_decline:
            n += 1
    return n


def soapbar_rank(s: GameState, seat: int, rid: int) -> int:
    """Lower is better (see module doc)."""
    r = s.regions[rid]
    friends = (seat, ally(s, seat))
    if r.race is None:
        return 1 if not r.markers else 3
    declined = s.races[r.race].in_decline
    if r.owner in friends:
        return 0 if not declined else 2
    return 3 if declined else 4


def soapbar_choice(s: GameState, seat: int, moves: list[MoveSoapbar]) -> Action:
    """Where the Soapbar goes (see module doc): by ``soapbar_rank``, then fewest enemy
    neighbours, then lowest id."""
    return min(
        moves,
        key=lambda a: (soapbar_rank(s, seat, a.region), enemy_threat(s, a.region, seat), a.region),
    )


# --- Glandulf's Tavern ----------------------------------------------------------------------


def tavern_choice(s: GameState, seat: int, gifts: list[ShareTavern]) -> Action | None:
    """The gift to the ally that raises the team's worth most, or None to keep the coins
    (see module doc)."""
    friend = ally(s, seat)
    if friend is None:
        return None
    mine = member_worth(s, seat)
    theirs = member_worth(s, friend) + ESTIMATE_LAG * turns_played(s, friend)
    best: Action | None = None
    best_v = combine(mine, theirs)
    for a in gifts:
        if a.seat != friend:
            continue
        v = combine(mine - a.coins, theirs + a.coins)
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best


# --- Bony's Boneyard ------------------------------------------------------------------------


def bony_choice(s: GameState, seat: int, options: list[PlaceBony]) -> Action:
    """The banner Bony protects (see module doc)."""
    friends = (seat, ally(s, seat))

    def banner(a: PlaceBony) -> str:
        name = s.regions[a.region].race
        assert name is not None
        return name

    ours = [a for a in options if s.races[banner(a)].owner in friends]
    if not ours:
        return min(options, key=lambda a: (len(regions_of(s, banner(a))), a.region))

    def risk(a: PlaceBony) -> tuple[int, int, int]:
        held = regions_of(s, banner(a))
        return (sum(enemy_threat(s, rid, seat) for rid in held), len(held), -a.region)

    return max(ours, key=risk)


# --- the Sigil of Sacrifice -----------------------------------------------------------------


def sigil_mode(s: GameState, seat: int, modes: list[SigilMode]) -> Action:
    """The Sigil's mode (see module doc)."""
    for who in (seat, ally(s, seat)):
        gives = [a for a in modes if a.mode == 2 and a.seat == who and a.which >= 1]
        if gives:
            return max(gives, key=lambda a: (tokens_of(s, a.seat, a.which), -a.which))
    none = SigilMode(0, 0, 0)
    return none if none in modes else modes[0]


def tokens_of(s: GameState, seat: int, which: int) -> int:
    """Tokens on the board of ``seat``'s race ``which`` (0 active, 1.. In Decline)."""
    p = s.players[seat]
    name = p.active if which == 0 else p.declined[which - 1]
    return tokens_on_board(s, name) if name else 0


def sigil_answer(s: GameState, seat: int, actions: list[Action]) -> Action:
    """Sacrifice for one's own side from a region with the most tokens when it is kept or the
    race is In Decline; refuse otherwise (see module doc)."""
    refuse = SigilRefuse()
    saved = saving(s)
    offers = [a for a in actions if isinstance(a, SigilSacrifice)]
    if saved is None or saved.owner not in (seat, ally(s, seat)) or not offers:
        return refuse if refuse in actions else actions[0]
    best = max(offers, key=lambda a: (s.regions[a.region].tokens, -a.region))
    race = s.regions[best.region].race
    declined = race is not None and s.races[race].in_decline
    if s.regions[best.region].tokens >= 2 or declined:
        return best
    return refuse if refuse in actions else actions[0]


def order_choice(s: GameState, seat: int, actions: list[Action]) -> Action | None:
    """``SigilOrder`` back to "only my ally" when the seat's order is anything else."""
    if standing_order(s, seat) == MY_ORDER:
        return None
    want = SigilOrder(ORDERS.index(MY_ORDER))
    return want if want in actions else None


# --- Mirror's Vale --------------------------------------------------------------------------


def swap_offered(actions: list[Action]) -> bool:
    """Whether Mirror's Vale's swap is on offer."""
    return SwapPowers() in actions


def through_ally_turn(s: GameState, seat: int) -> GameState:
    """Play ``s`` (a private copy, changed in place) with the quick player in every seat until
    ``seat``'s ally has played its next turn (or the game ends)."""
    friend = partner(seat)
    seen = False
    for _ in range(LOOK_ACTIONS):
        if s.over:
            break
        if s.turn.seat == friend:
            seen = True
        elif seen:
            break
        actor = to_act(s)
        if actor is None:
            break
        apply(s, actor, quick.choose(s, actor, legal_actions(s, actor)), validate=False)
    return s


def swap_better(s: GameState, seat: int) -> bool:
    """Whether swapping powers with the ally leaves the team better off after the seat's turn
    and the ally's next (see module doc). ``s`` is a private copy; it is not changed."""
    if ally(s, seat) is None:
        return False
    kept = through_ally_turn(clone(s), seat)
    swapped = clone(s)
    try:
        apply(swapped, seat, SwapPowers(), validate=False)
    except Exception:  # refused in this guessed world: no swap
        return False
    through_ally_turn(swapped, seat)
    return value(swapped, seat) > value(kept, seat) + SWAP_GAIN
