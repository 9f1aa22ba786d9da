"""The game state: plain dataclasses that round-trip through JSON exactly.

A region holds at most one race's tokens plus markers; a race in play is keyed by its
banner name (each banner exists once), so regions refer to races by name. The fast copy
that search makes of a state is ``engine.core.copying.clone``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .content import register_map
from .older import stonehedge_occupant

# Phases of the turn (see docs/engine.md for the state machine).
#: Before the first turn: a rule set's setup decisions (``engine.core.setupphase``).
SETUP = "setup"
PICK = "pick"
CONQUER = "conquer"
REDEPLOY = "redeploy"
CLOSING = "closing"
OVER = "over"


@dataclass(slots=True)
class RegionState:
    """What lies in a region now: one race's tokens and the markers."""

    race: str | None = None
    owner: int = -1
    tokens: int = 0
    markers: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class RaceState:
    """A race banner in a player's hands, active or in decline, with its power badge."""

    name: str
    power: str
    owner: int
    in_decline: bool = False
    hand: int = 0
    reserve: int = 0
    turns: int = 0
    holes_placed: int = 0
    camps_free: int = 0
    #: Pieces the race holds off the map, by marker key (Silver Hammers, Mushroom Armor).
    pieces: dict[str, int] = field(default_factory=dict)
    #: Tokens in hand or on the map that are not the race's own (the Iron Dwarves' Silver
    #: Hammers in play): ``board.tray`` does not count them as taken from the tray.
    borrowed: int = 0


@dataclass(slots=True)
class Combo:
    """A race banner and power badge for sale, with the coins dropped on it."""

    race: str
    power: str
    coins: int = 0


@dataclass(slots=True)
class PlayerState:
    """A seat: its name, coins (private), races and the Diplomat's ally."""

    name: str
    coins: int = 5
    active: str | None = None
    declined: list[str] = field(default_factory=list)
    peace_with: int | None = None
    score_history: list[int] = field(default_factory=list)
    #: Vengeful: the seats holding one of this player's Vengeance markers.
    marks: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Pending:
    """A decision owed by a player other than the one whose turn it is."""

    seat: int
    race: str
    kind: str = "redeploy"


@dataclass(slots=True)
class TurnState:
    """Bookkeeping of the turn being played."""

    seat: int = 0
    phase: str = PICK
    race: str | None = None
    picked: bool = False
    acted: bool = False
    ghouls_done: bool = False
    conquered: list[int] = field(default_factory=list)
    nonempty_conquests: int = 0
    attacked: list[int] = field(default_factory=list)
    enchanted: list[int] = field(default_factory=list)
    dragon_used: bool = False
    fortified: bool = False
    heroes_placed: int = 0
    berserk_die: int | None = None
    pending: list[Pending] = field(default_factory=list)
    readied: list[list[int]] = field(default_factory=list)
    #: Once-a-turn things already used this turn, by key ("sword", "vampire:2", ...).
    used: list[str] = field(default_factory=list)
    #: Steps taken in this turn by anyone: every action, and every undo (``Game.undo``), as
    #: the log keeps both. How the turn went, not where it stands: no rule reads it (the
    #: bot bounds it, ``bot.service.bounds``), and two states never differ by it alone.
    steps: int = field(default=0, compare=False)


@dataclass(slots=True)
class GameState:
    """Everything about one game; ``version`` rises with every applied action."""

    map_id: str
    seed: int
    round: int
    turns: int
    players: list[PlayerState]
    regions: list[RegionState]
    races: dict[str, RaceState]
    market: list[Combo]
    race_stack: list[str]
    power_stack: list[str]
    power_discard: list[str]
    turn: TurnState
    rng_counter: int = 0
    version: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    last_events: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    #: The JSON form of the map when it is not a built-in one (``map_id`` is then its key).
    custom_map: dict[str, Any] | None = None
    #: The face-down stack of Places and Relics still hidden under Monsters (top first).
    treasures: list[str] = field(default_factory=list)
    #: The power the Stonehedge drew when it was discovered, once it has been.
    stonehedge: str | None = None
    #: The race the Stonehedge's power was last lent to (its ``on_pick`` ran for it), until
    #: it is taken back (``places.follow_stonehedge``).
    stonehedge_holder: str | None = None
    #: What the rule sets on keep in the game, by their key (the team play's Sigil of
    #: Sacrifice: its mode and the players' standing orders); JSON values only.
    extras: dict[str, Any] = field(default_factory=dict)
    #: The In Decline banner Bony the Lich protects (team play's Bony's Boneyard), if any.
    bony: str | None = None
    #: Where revealed Places and Relics lie (``abilities.treasure_spots``): a cache that is
    #: checked on every use, never saved and never compared.
    spots: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: The names of the options turned on (``rulesets.options_on``): a cache, since the
    #: options never change during a game; never saved and never compared.
    options_on: frozenset[str] | None = field(default=None, compare=False, repr=False)
    #: How many Places and Relics setup hid (``abilities.hidden_total``): a cache, fixed for
    #: the game; never saved and never compared.
    hidden_total: int | None = field(default=None, compare=False, repr=False)
    #: The rarely used hooks the game may need (``gamehooks.map_hooks``): a cache, fixed for
    #: the game; never saved and never compared.
    map_hooks: frozenset[str] | None = field(default=None, compare=False, repr=False)
    #: The regions each race holds, in id order (``board.regions_of``): an index kept by the
    #: two moves that change a region's race (``board.clear_region``, ``board.occupy``), built
    #: from the regions when None (a new or loaded state); never saved and never compared.
    held: dict[str, list[int]] | None = field(default=None, compare=False, repr=False)
    #: While ``legal_actions`` asks a race's abilities for their actions: the race and the
    #: targets it has just found for it (``conquest.priced_targets``), which ``targets``
    #: hands them instead of finding them again (the Dragon, the Sorcerers); None at any
    #: other time. Never saved and never compared.
    listing: tuple[RaceState, list[tuple[int, int]]] | None = field(
        default=None, compare=False, repr=False
    )
    #: Which revealed Places and Relics each race holds (``abilities.holdings``): a cache the
    #: board's moves drop (``board``); never saved and never compared.
    holdings: dict[str, list[tuple[int, str]]] | None = field(
        default=None, compare=False, repr=False
    )

    @property
    def over(self) -> bool:
        """True once the last turn has been played."""
        return self.turn.phase == OVER


# --- JSON ----------------------------------------------------------------------------------


def to_dict(s: GameState) -> dict[str, Any]:
    """The state as JSON-ready dicts and lists."""
    d = _to_dict(s)
    # Fields only the Underground uses are written only when set, so surface games keep
    # the JSON form they always had.
    if s.treasures:
        d["treasures"] = list(s.treasures)
    if s.stonehedge is not None:
        d["stonehedge"] = s.stonehedge
    if s.stonehedge_holder is not None:
        d["stonehedge_holder"] = s.stonehedge_holder
    if s.extras:
        d["extras"] = json.loads(json.dumps(s.extras))
    if s.bony is not None:
        d["bony"] = s.bony
    if s.custom_map is not None:
        # Only games on maps that are not built in carry one: built-in games keep their form.
        d["custom_map"] = json.loads(json.dumps(s.custom_map))
    return d


def _to_dict(s: GameState) -> dict[str, Any]:
    return {
        "map_id": s.map_id,
        "seed": s.seed,
        "round": s.round,
        "turns": s.turns,
        "players": [
            {
                "name": p.name,
                "coins": p.coins,
                "active": p.active,
                "declined": list(p.declined),
                "peace_with": p.peace_with,
                "score_history": list(p.score_history),
                **({"marks": list(p.marks)} if p.marks else {}),
            }
            for p in s.players
        ],
        "regions": [
            {"race": r.race, "owner": r.owner, "tokens": r.tokens, "markers": dict(r.markers)}
            for r in s.regions
        ],
        "races": {
            n: {
                "power": r.power,
                "owner": r.owner,
                "in_decline": r.in_decline,
                "hand": r.hand,
                "reserve": r.reserve,
                "turns": r.turns,
                "holes_placed": r.holes_placed,
                "camps_free": r.camps_free,
                **({"pieces": dict(r.pieces)} if r.pieces else {}),
                **({"borrowed": r.borrowed} if r.borrowed else {}),
            }
            for n, r in s.races.items()
        },
        "market": [[c.race, c.power, c.coins] for c in s.market],
        "race_stack": list(s.race_stack),
        "power_stack": list(s.power_stack),
        "power_discard": list(s.power_discard),
        "turn": _turn_to_dict(s.turn),
        "rng_counter": s.rng_counter,
        "version": s.version,
        "events": [dict(e) for e in s.events],
        "last_events": [dict(e) for e in s.last_events],
        "result": s.result,
        "options": dict(s.options),
    }


def _turn_to_dict(t: TurnState) -> dict[str, Any]:
    return {
        "seat": t.seat,
        "phase": t.phase,
        "race": t.race,
        "picked": t.picked,
        "acted": t.acted,
        "ghouls_done": t.ghouls_done,
        "conquered": list(t.conquered),
        "nonempty_conquests": t.nonempty_conquests,
        "attacked": list(t.attacked),
        "enchanted": list(t.enchanted),
        "dragon_used": t.dragon_used,
        "fortified": t.fortified,
        "heroes_placed": t.heroes_placed,
        "berserk_die": t.berserk_die,
        "pending": [[p.seat, p.race, p.kind] for p in t.pending],
        "readied": [list(x) for x in t.readied],
        **({"used": list(t.used)} if t.used else {}),
        **({"steps": t.steps} if t.steps else {}),
    }


def from_dict(d: dict[str, Any]) -> GameState:
    """Rebuild a state from ``to_dict`` output, registering the map it carries if any."""
    custom = d.get("custom_map")
    if custom is not None:
        register_map(custom, key=d["map_id"])
    t = d["turn"]
    turn = TurnState(
        seat=t["seat"],
        phase=t["phase"],
        race=t["race"],
        picked=t["picked"],
        acted=t["acted"],
        ghouls_done=t["ghouls_done"],
        conquered=list(t["conquered"]),
        nonempty_conquests=t["nonempty_conquests"],
        attacked=list(t["attacked"]),
        enchanted=list(t["enchanted"]),
        dragon_used=t["dragon_used"],
        fortified=t["fortified"],
        heroes_placed=t["heroes_placed"],
        berserk_die=t["berserk_die"],
        pending=[Pending(*p) for p in t["pending"]],
        readied=[list(x) for x in t["readied"]],
        used=list(t.get("used", [])),
        steps=t.get("steps", 0),
    )
    return GameState(
        map_id=d["map_id"],
        seed=d["seed"],
        round=d["round"],
        turns=d["turns"],
        players=[
            PlayerState(
                p["name"],
                p["coins"],
                p["active"],
                list(p["declined"]),
                p["peace_with"],
                list(p["score_history"]),
                list(p.get("marks", [])),
            )
            for p in d["players"]
        ],
        regions=[
            RegionState(r["race"], r["owner"], r["tokens"], dict(r["markers"]))
            for r in d["regions"]
        ],
        races={
            n: RaceState(
                n,
                r["power"],
                r["owner"],
                r["in_decline"],
                r["hand"],
                r["reserve"],
                r["turns"],
                r["holes_placed"],
                r["camps_free"],
                dict(r.get("pieces", {})),
                r.get("borrowed", 0),
            )
            for n, r in d["races"].items()
        },
        market=[Combo(*c) for c in d["market"]],
        race_stack=list(d["race_stack"]),
        power_stack=list(d["power_stack"]),
        power_discard=list(d["power_discard"]),
        turn=turn,
        rng_counter=d["rng_counter"],
        version=d["version"],
        events=[dict(e) for e in d["events"]],
        last_events=[dict(e) for e in d["last_events"]],
        result=d["result"],
        options=dict(d["options"]),
        custom_map=None if custom is None else json.loads(json.dumps(custom)),
        treasures=list(d.get("treasures", [])),
        stonehedge=d.get("stonehedge"),
        stonehedge_holder=d.get("stonehedge_holder", stonehedge_occupant(d)),
        extras=json.loads(json.dumps(d.get("extras", {}))),
        bony=d.get("bony"),
    )


def to_json(s: GameState) -> str:
    """Serialize a state to a JSON string."""
    return json.dumps(to_dict(s), separators=(",", ":"), sort_keys=True)


def from_json(text: str) -> GameState:
    """Parse a state serialized by ``to_json``."""
    return from_dict(json.loads(text))
