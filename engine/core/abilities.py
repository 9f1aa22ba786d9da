"""The registries of races, special powers, Relics and Places, and what is in force for a
race now.

Each race banner, power badge, Righteous Relic and Popular Place is one small subclass of
``Ability`` (the hook protocol, ``engine.core.protocol``, whose name this module passes on)
registered here under its name (a Relic or Place under its marker key).

Relics and Places extend the protocol in one way only: they are in force for the race that
occupies their region (``in_force``), the ``race`` argument of every hook being that race.
A Place or Relic works for a race in decline only if its ``in_decline`` says so (the Keep,
the Mine of the Lost Dwarf, the Diamond Fields, the Altar of Souls [SWU pp.14-15]). A Place
or Relic may also lend its occupant one more ability (``lends``: the Stonehedge's drawn
power), which works the same way for that race; the core asks the lenders (``LENDERS``) and
names none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .protocol import Ability
from .rulesets import barred_in_decline

if TYPE_CHECKING:
    from .state import GameState, RaceState

RACES: dict[str, Ability] = {}
POWERS: dict[str, Ability] = {}
#: Relics and Places by marker key.
TREASURES: dict[str, Ability] = {}
#: The marker keys of the registered Relics and Places whose class changes a hook or flag
#: (``changes``), by its name: a moment absent here is no Relic's or Place's own.
CHANGED_BY: dict[str, frozenset[str]] = {}
#: The Relics and Places that lend their occupant an ability (they override ``lends``), by
#: marker key, in registration order.
LENDERS: dict[str, Ability] = {}
_NOTHING = Ability()
#: Called with the state after every action ``rules.apply`` plays in a game with Relics or
#: Places, in registration order: a piece that must follow the board whatever changed it
#: (the Stonehedge's power goes with its region). Each returns at once when its piece is not
#: in play.
AFTER_ACTION: list[tuple[str, Callable[[GameState], None]]] = []
#: ``gamehooks.followers`` by a game's ``map_hooks``: emptied as a hook registers.
FOLLOWING: dict[frozenset[str], tuple[Callable[[GameState], None], ...]] = {}


def race_ability(cls: type[Ability]) -> type[Ability]:
    """Class decorator: register a race banner's behaviour under its name."""
    RACES[cls.name] = cls()
    return cls


def power_ability(cls: type[Ability]) -> type[Ability]:
    """Class decorator: register a special power's behaviour under its name."""
    POWERS[cls.name] = cls()
    return cls


def treasure_ability(cls: type[Ability]) -> type[Ability]:
    """Class decorator: register a Relic's or Place's behaviour under its marker key."""
    TREASURES[cls.name] = cls()
    _FORGO[cls.name] = forgo_key(cls.name)
    for n in changes(TREASURES[cls.name]):
        CHANGED_BY[n] = CHANGED_BY.get(n, frozenset()) | {cls.name}
    if cls.lends is not Ability.lends:
        if not cls.lends_after:
            raise TypeError(f"{cls.__name__} lends but names no lends_after field")
        LENDERS[cls.name] = TREASURES[cls.name]
        global _LENDER_ITEMS, _sharing
        _LENDER_ITEMS = tuple(LENDERS.items())
        _LEND_CHECKS.clear()
        shared = tuple(a.lends_after for a in LENDERS.values() if a.lends_to_others)
        _sharing = _any_of(tuple(dict.fromkeys(shared))) if shared else _no_lender
    return cls


def changes(a: Ability) -> frozenset[str]:
    """The names of the hooks and flags of ``Ability`` that ``a``'s class overrides or sets."""
    return frozenset(
        n for n, base in vars(Ability).items() if n[0] != "_" and getattr(type(a), n) is not base
    )


def may_lend(s: GameState, name: str | tuple[str, ...]) -> bool:
    """Whether a Relic or Place may now lend some race an ability that overrides the hook or
    sets the flag ``name``, or any of the names ``name`` (``lent``): a lender whose
    ``lendable`` abilities change it, or that may lend any ability, has something to lend
    (``lends_after``). False lets the
    hot paths skip ``lent`` (team play's Boneyard lends a ward that only sets
    ``power_proof``, and only once Bony sits on a banner)."""
    if s.hidden_total == 0:
        return False  # no Relic or Place in the game: nothing to lend (``in_force`` agrees)
    check = _LEND_CHECKS.get(name) or _lend_check(name)
    return bool(check(s))


def _lend_check(key: str | tuple[str, ...]) -> Callable[[GameState], object]:
    """``may_lend``'s test for the name ``key`` (or for any of the names ``key``): whether
    any ``lends_after`` field of the lenders that may lend something changing it is set
    (kept in ``_LEND_CHECKS``)."""
    names = (key,) if isinstance(key, str) else key
    fields = tuple(
        dict.fromkeys(
            a.lends_after
            for a in LENDERS.values()
            if a.lendable is None or any(n in changes(p) for p in a.lendable for n in names)
        )
    )
    found = _LEND_CHECKS[key] = _any_of(fields) if fields else _no_lender
    return found


def _no_lender(s: GameState) -> bool:
    """``may_lend``'s test for a name no lender may change: nothing is lent."""
    return False


def _any_of(fields: tuple[str, ...]) -> Callable[[GameState], object]:
    """Whether any of these ``lends_after`` fields is set: one C-level attribute read for one
    field (the usual case), one read of them all for several."""
    if len(fields) == 1:
        return attrgetter(fields[0])
    if len(fields) == 2:
        first, second = attrgetter(fields[0]), attrgetter(fields[1])
        return lambda s: first(s) or second(s)
    get = attrgetter(*fields)
    return lambda s: any(get(s))


#: ``may_lend``'s test by hook or flag name, worked out as they are asked; emptied whenever
#: one more lender registers.
_LEND_CHECKS: dict[str | tuple[str, ...], Callable[[GameState], object]] = {}
#: ``LENDERS.items()`` as a tuple, for the loop of ``lent``.
_LENDER_ITEMS: tuple[tuple[str, Ability], ...] = ()
#: Whether a lender that lends to races other than its occupant (``lends_to_others``) has
#: something to lend now: ``lent`` to a race that holds no piece asks nothing else.
_sharing: Callable[[GameState], object] = _no_lender


def after_action(
    key: str,
) -> Callable[[Callable[[GameState], None]], Callable[[GameState], None]]:
    """Decorator: run ``hook(state)`` after every action of a game that may hold the Relic
    or Place ``key`` (``AFTER_ACTION``, ``gamehooks.followers``): the hook follows that
    piece on the board, and a game without it skips the hook."""

    def register(hook: Callable[[GameState], None]) -> Callable[[GameState], None]:
        AFTER_ACTION.append((key, hook))
        FOLLOWING.clear()
        return hook

    return register


def works(a: Ability, in_decline: bool) -> bool:
    """``a`` works for a race in this state (``in_decline``): active, or in decline."""
    return a.in_decline if in_decline else a.active


_CACHE: dict[tuple[str, str, bool], tuple[Ability, ...]] = {}


def abilities(race: RaceState) -> tuple[Ability, ...]:
    """The abilities in force for a race now: banner and badge, filtered in decline."""
    key = (race.name, race.power, race.in_decline)
    found = _CACHE.get(key)
    if found is None:
        pair = (RACES.get(race.name, _NOTHING), POWERS.get(race.power, _NOTHING))
        found = _CACHE[key] = tuple(a for a in pair if works(a, race.in_decline))
    return found


def in_force(s: GameState, race: RaceState) -> tuple[Ability, ...]:
    """Everything working for a race now: its banner and badge, then the Relics and Places
    in its regions (in region order), each followed by what it lends the race (``lends``);
    in a game without Relics or Places, ``abilities(race)`` at once."""
    own = _CACHE.get((race.name, race.power, race.in_decline)) or abilities(race)
    if s.hidden_total == 0:
        return own  # a game without Relics or Places
    held = s.holdings
    if held is None or s.held is None:
        if not hidden_total(s):
            return own
        held = holdings(s)
    mine = held.get(race.name)
    # A rule set's "never ... by Races that are In Decline, even Ghouls": nothing to look for.
    if mine and not (race.in_decline and s.options and barred_in_decline(s)):
        if len(mine) == 1 and mine[0][1] not in LENDERS:
            # The usual case: one piece that lends nothing (``_with_treasures``, shortened).
            key = mine[0][1]
            t = TREASURES[key]
            if not (t.in_decline if race.in_decline else t.active):  # ``works``
                return own
            if s.turn.seat == race.owner and _FORGO[key] in s.turn.used:
                return own  # the owner does without it for the rest of this turn
            kit = (own, t)
            found = _KITS.get(kit)
            if found is None:
                found = _KITS[kit] = (*own, t)
            return found
        return _with_treasures(s, race, mine, own)
    return own


def holds_pieces(s: GameState, race: RaceState) -> bool:
    """Whether ``race`` holds a revealed Relic or Place (``holdings``)."""
    held = s.holdings  # ``holdings`` without the call when it is kept (a hot path)
    if held is None or s.held is None:
        held = holdings(s)
    return race.name in held


def holdings(s: GameState) -> dict[str, list[tuple[int, str]]]:
    """Which revealed Places and Relics each race holds: race name -> (region id, marker
    key) pairs, in the order of ``treasure_spots``.

    Kept on the state (``GameState.holdings``, not saved) until a move of the board that may
    change it drops it (``board.occupy``, ``clear_region``, ``add_marker``, ``drop_marker``,
    ``index_regions``): ``in_force`` and ``gamehooks.hooked`` ask it several times per action.
    A position staged by hand sets ``s.held = None`` after it (``board.index_regions``), and
    this is worked out afresh until the index of held regions is rebuilt.
    """
    found = s.holdings
    if found is not None and s.held is not None:
        return found
    regions = s.regions
    out: dict[str, list[tuple[int, str]]] = {}
    for k, rid in treasure_spots(s).items():
        name = regions[rid].race
        if name is not None:
            mine = out.get(name)
            if mine is None:
                out[name] = [(rid, k)]
            else:
                mine.append((rid, k))
    if s.held is not None:
        s.holdings = out
    return out


#: ``in_force`` of a race holding one piece that lends nothing, by its banner and badge and
#: that piece: one tuple each, so ``overriders`` finds it again at once.
_KITS: dict[tuple[tuple[Ability, ...], Ability], tuple[Ability, ...]] = {}


def _with_treasures(
    s: GameState, race: RaceState, mine: list[tuple[int, str]], own: tuple[Ability, ...]
) -> tuple[Ability, ...]:
    """``in_force`` for a race holding the Relics and Places ``mine`` (``holdings``), whose
    banner and badge in force are ``own``."""
    used = s.turn.used if s.turn.seat == race.owner else ()
    gone = tuple([k for _, k in mine if _FORGO[k] in used]) if used else ()
    # The same pieces give the same tuple, but for a lender (its loan may change) and for
    # two pieces in one region (their order is the region's).
    key = (own, race.in_decline, tuple(mine), gone)
    found = _PIECES.get(key)
    if found is not None:
        return found
    held = sorted({rid for rid, _ in mine})
    regions = s.regions
    out: list[Ability] = []
    declined = race.in_decline
    lends = False
    for rid in held:
        for k in regions[rid].markers:
            t = TREASURES.get(k)
            if t is not None and (t.in_decline if declined else t.active):  # ``works``
                if k in gone:
                    continue  # the owner does without it for the rest of this turn
                out.append(t)
                if k in LENDERS:
                    lends = True
                    p = t.lends(s, race)
                    if p is not None:
                        out.append(p)
    found = own + tuple(out) if out else own
    if not lends and len(held) == len(mine):
        if len(_PIECES) >= CACHE_LIMIT:
            forget_oldest(_PIECES)
        _PIECES[key] = found
    return found


#: ``_with_treasures`` by banner and badge, decline, pieces held and forgone this turn.
_PIECES: dict[tuple[Any, ...], tuple[Ability, ...]] = {}


def forgo_key(key: str) -> str:
    """What ``TurnState.used`` holds once the owner forgoes the Place ``key`` this turn."""
    return f"forgo:{key}"


#: ``forgo_key`` of every Relic and Place, made as they register (``_with_treasures``).
_FORGO: dict[str, str] = {}


def lent(s: GameState, race: RaceState) -> tuple[Ability, ...]:
    """What the Relics and Places lend ``race`` now (``lends``), in registration order: each
    only while the race occupies its region, it works in the race's state and the owner has
    not forgone it this turn. Callers skip this while ``may_lend`` says nothing is lent.

    ``lends`` is a question (it changes nothing), so a lender that lends to others is asked
    first and its region looked up only when it lends something (most races get nothing).
    """
    # Whether the race holds any piece (``holdings``): most races asked hold none, and then
    # only a lender that lends to others may lend them anything.
    held = s.holdings  # ``holdings`` without the call when it is kept (a hot path)
    if held is None or s.held is None:
        held = holdings(s)
    mine = held.get(race.name) or ()
    if not mine and not _sharing(s):
        return ()
    found: tuple[Ability, ...] = ()
    barred: bool | None = None
    for key, t in _LENDER_ITEMS:
        # A lender whose ``lends_after`` field is empty has nothing to lend yet.
        if not getattr(s, t.lends_after):
            continue
        if t.lends_to_others:
            p = t.lends(s, race)
            if p is not None and treasure_spot(s, key) is not None:
                found += (p,)
            continue
        for _, k in mine:  # whether the race holds it
            if k == key:
                break
        else:
            continue
        if barred is None:
            # A rule set's "never by Races In Decline" bars its own pieces, not Bony's ward.
            barred = race.in_decline and bool(s.options) and barred_in_decline(s)
        if barred:
            continue
        if s.turn.seat == race.owner and forgo_key(key) in s.turn.used:
            continue
        p = t.lends(s, race)
        if p is not None and works(t, race.in_decline):
            found += (p,)
    return found


def treasure_spots(s: GameState) -> dict[str, int]:
    """Where each revealed Place or Relic lies: marker key -> region id.

    Kept on the state (``GameState.spots``, not saved) and checked on each use against what
    must be true: every marker drawn from the stack is on the map once, where the index says.
    A Relic that moved, or a position staged by hand, fails the check and the index is
    rebuilt from the regions, so it is never stale.
    """
    spots = s.spots
    drawn = hidden_total(s) - len(s.treasures)
    regions = s.regions
    if len(spots) == drawn:
        # A plain loop: this check runs several times per action in Underground games.
        for k, rid in spots.items():
            if k not in regions[rid].markers:
                break
        else:
            return spots
    spots.clear()
    for rid, r in enumerate(regions):
        if r.markers:
            for key in r.markers:
                if key in TREASURES:
                    spots[key] = rid
    return spots


def note_spot(s: GameState, key: str, rid: int) -> None:
    """Tell the index of revealed pieces (``treasure_spots``) that the marker ``key``, just
    put in ``rid``, lies there now: a piece revealed or moved needs no rebuild of the index
    (it is still checked on each use)."""
    if key in TREASURES:
        s.spots[key] = rid


def treasure_spot(s: GameState, key: str) -> int | None:
    """Where the revealed Place or Relic ``key`` lies (``treasure_spots(s).get(key)``): the
    index's answer when that region holds it, else the index checked and rebuilt."""
    rid = s.spots.get(key)
    if rid is not None and key in s.regions[rid].markers:
        return rid
    return treasure_spots(s).get(key)


def hidden_total(s: GameState) -> int:
    """How many Places and Relics the game put face down at setup (none in a surface game
    without an option that hides some; ``hiding.stack_size``), worked out once per game."""
    found = s.hidden_total
    if found is None:
        from .hiding import stack_size

        found = s.hidden_total = stack_size(s)
    return found


#: How many entries a cache keyed by ``in_force`` tuples keeps (``forget_oldest``): 100
#: five-player Underground games make some 1,200 tuples and 11,500 entries of
#: ``overriders``, 2,000 games 45,000 (the whole process then traces 16.5 MB).
CACHE_LIMIT = 60_000


def forget_oldest(cache: dict[Any, Any]) -> None:
    """Drop the older half of ``cache`` (a dict keeps its insertion order)."""
    for key in list(islice(cache, len(cache) // 2)):
        del cache[key]
